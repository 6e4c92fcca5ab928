"""Initial set-up (4.0) as a sequence of each player's decisions.

Steps: the leaders go on their named hexes (4.31); the SS fills the SS and
Nazi marks (4.32), then puts the rest on X hexes (4.33); the Abwehr fills the
Civilian, Abwehr and OKW marks (4.34), then the X hexes the SS left (4.35).
Then each player draws ten chits (4.1, in the order of 2.3).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..hexgrid import Hex, label
from ..parties import Party, Player
from .actions import Action, Verb, act
from .errors import IllegalAction
from .registry import case
from .state import Box, Event, GameState, Step, evolve

# Each step of the set-up: who places, and on which kind of set-up hex which party
# (None: any of that player's parties).
STEPS: dict[Step, tuple[Player, dict[str, Party | None]]] = {
    Step.SS_MARKED: (Player.SS, {"ss": Party.SS, "nazi": Party.NAZI}),
    Step.SS_COMMON: (Player.SS, {"common": None}),
    Step.ABWEHR_MARKED: (
        Player.ABWEHR,
        {"civilian": Party.CIVILIAN, "abwehr": Party.ABWEHR, "okw": Party.OKW},
    ),
    Step.ABWEHR_COMMON: (Player.ABWEHR, {"common": None}),
}
ORDER = (Step.SS_MARKED, Step.SS_COMMON, Step.ABWEHR_MARKED, Step.ABWEHR_COMMON)
SIDE_PARTIES = {Player.SS: (Party.SS, Party.NAZI), Player.ABWEHR: (Party.ABWEHR, Party.CIVILIAN, Party.OKW)}


@case("4.31")
def place_leaders(state: GameState) -> GameState:
    for uid, h in state.rules.map.named_setup.items():
        state = state.with_unit(uid, hex=h, box=None)
    return state.log(Event("4.31", "Himmler, Hitler, Goerdeler and Canaris take their named hexes"))


def _unplaced(state: GameState, parties: Iterable[Party]) -> list[str]:
    return [u.id for u in state.units if u.box is Box.UNPLACED and state.info(u.id).party in parties]


def _open_marks(state: GameState, kind: str) -> list[Hex]:
    occ = state.occupancy()
    return [h for h in state.rules.map.setup_marks[kind] if h not in occ]


def placements(state: GameState) -> list[Action]:
    """Every legal PLACE for the current set-up step."""
    player, kinds = STEPS[state.step]
    out = []
    for kind, party in kinds.items():
        parties = (party,) if party else SIDE_PARTIES[player]
        units = _unplaced(state, parties)
        for h in _open_marks(state, kind):
            out += [act(Verb.PLACE, u, h) for u in units]
    return out


@case("4.3", "4.32", "4.33", "4.34", "4.35")
def place(state: GameState, uid: str, h: Hex) -> GameState:
    if Action(Verb.PLACE, unit=uid, hex=h) not in placements(state):
        player, kinds = STEPS[state.step]
        case_no = {
            Step.SS_MARKED: "4.32",
            Step.SS_COMMON: "4.33",
            Step.ABWEHR_MARKED: "4.34",
            Step.ABWEHR_COMMON: "4.35",
        }[state.step]
        marks = " and ".join(kinds)
        raise IllegalAction(
            case_no,
            f"now {player.title} places units on empty {marks} "
            f"set-up hexes; {uid} on {label(h)} is not one of those",
        )
    state = state.with_unit(uid, hex=h, box=None)
    return state.log(Event("4.3", f"{state.info(uid).short} sets up on {label(h)}"))


def step_done(state: GameState) -> bool:
    player, kinds = STEPS[state.step]
    if state.step.endswith("common"):
        return not _unplaced(state, SIDE_PARTIES[player]) or not _open_marks(state, "common")
    return not placements(state)


def next_step(state: GameState) -> GameState:
    i = ORDER.index(state.step)
    if i + 1 < len(ORDER):
        nxt = ORDER[i + 1]
        return evolve(state, step=nxt, phasing=STEPS[nxt][0])
    return evolve(state, step=Step.DONE)


def standard_choice(state: GameState) -> Action:
    """The quick standard set-up: fill marks in their listed order, lowest unit id first."""
    return placements(state)[0]
