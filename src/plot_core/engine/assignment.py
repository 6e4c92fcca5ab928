"""The Assignment Inter-Phase (7.0): Allied placement, German assignment and the
assignment chits that bend it."""

from __future__ import annotations

from ..data.chits import ChitKind
from ..data.tables import GermanAssignment
from ..hexgrid import Hex, label
from ..parties import Party, Player
from ..rules import Rules
from .actions import Action, Verb, act, need
from .board import empty_hexes, hex_in_area, impassable
from .decisions import DecisionRule, declare, pop, push, top
from .errors import IllegalAction
from .pending import Assign, AssignmentChits, PlaceAllied
from .registry import case
from .rolls import pick, roll
from .state import CUP, Box, Event, GameState, evolve

REROLL_LIMIT = 60  # 7.12/7.28 re-rolls; a map with no room anywhere must not loop forever
PARTY_OF = {Player.SS: Party.SS, Player.ABWEHR: Party.ABWEHR}


def _two_dice(state: GameState) -> tuple[int, int, GameState]:
    a, state = roll(state)
    b, state = roll(state)
    return a, b, state


def _area(rules: Rules, code: str) -> str:
    return f"{rules.map.areas[code].name} ({code})"


def _sent(rules: Rules, g: GermanAssignment | None) -> str:
    """A German assignment result in words: '2/Ab/BR' is two Abwehr units to Berne (7.22)."""
    if g is None:
        return "no German units are sent on assignment"
    side = "SS" if g.player is Player.SS else "Abwehr"
    units = "unit is" if g.count == 1 else "units are"
    return f"{g.count} {side} {units} sent on assignment to {_area(rules, g.area)}"


@case("7.0", "7.11", "7.12", "7.13", "7.14", "7.15", "17.11", "7.28", "7.29")
def roll_assignment(state: GameState) -> GameState:
    """Roll the Assignment Table; set up the Allied placement and the German result."""
    rules = state.rules
    table = rules.tables.assignment
    first, second, state = _two_dice(state)
    allied, german = table.result(first, second)
    state = state.log(
        Event(
            "7.0",
            f"Assignment Table: dice {first}, {second}: the Allied unit "
            f"goes to {_area(rules, allied)}; {_sent(rules, german)}",
            roll=(first, second),
            table="assignment",
            row=first,
            column=second,
            result=f"{allied} {german or '-'}",
        )
    )
    # German result (kept aside until the Allied unit is placed, 7.0 procedure)
    g = german
    for _ in range(REROLL_LIMIT):
        if g is None:
            break
        if impassable(state, g.area):
            state = state.log(Event("7.29", f"{_area(rules, g.area)} is overrun: no units are sent"))
            g = None
            break
        if empty_hexes(state, g.area):
            break
        a, b, state = _two_dice(state)  # 7.28
        g = table.result(a, b)[1]
        state = state.log(
            Event(
                "7.28",
                f"no room in the destination; German result re-rolled: dice {a}, {b}: {_sent(rules, g)}",
                roll=(a, b),
                table="assignment",
                row=a,
                column=b,
                result=str(g or "-"),
            )
        )
    state = evolve(state, german_assignment=g)
    # Allied placement
    holding = [u.id for u in state.units if u.box is Box.ALLIED_HOLDING]
    if not holding:
        return state.log(Event("7.13", "no Allied units left to place"))
    for _ in range(REROLL_LIMIT):
        if impassable(state, allied):
            return state.log(Event("7.14", f"{_area(rules, allied)} is overrun: no Allied unit is placed"))
        if empty_hexes(state, allied):
            k, state = pick(state, len(holding))  # 7.11: drawn at random
            return push(state, PlaceAllied(Player.ABWEHR, unit=holding[k], area=allied))
        a, b, state = _two_dice(state)  # 7.12
        allied = table.result(a, b)[0]
        state = state.log(
            Event(
                "7.12",
                f"no room for the Allied unit; re-rolled: dice {a}, {b}: to {_area(rules, allied)}",
                roll=(a, b),
                table="assignment",
                row=a,
                column=b,
                result=allied,
            )
        )
    return state.log(Event("7.12", "no area has room for an Allied unit"))


def place_allied(state: GameState, h: Hex) -> GameState:
    d = top(state, PlaceAllied)
    if h not in empty_hexes(state, d.area):
        raise IllegalAction("7.11", f"the Allied unit goes on an empty hex of {d.area}")
    state = pop(state).with_unit(d.unit, hex=h, box=None)
    where = hex_in_area(state.rules, h)
    return state.log(Event("7.11", f"Allied unit {state.info(d.unit).short} is placed on {where}"))


# -- German assignment -----------------------------------------------------------


def start_german(state: GameState) -> GameState:
    g = state.german_assignment
    if g is None:
        return state
    return push(state, AssignmentChits(g.player, party=g.player, count=g.count, area=g.area))


def assignment_chits(state: GameState, player: Player) -> dict[ChitKind, str]:
    """One chit of each assignment kind the player holds (which one is immaterial)."""
    by_id = state.rules.chits.by_id()
    out: dict[ChitKind, str] = {}
    for c in state.chits_of(player.value):
        kind = by_id[c].kind
        if kind in (ChitKind.FRIENDLY_ASSIGNMENT, ChitKind.ENEMY_ASSIGNMENT):
            out.setdefault(kind, c)
    return out


@case("7.31", "7.32", "7.41", "7.51", "7.53", "7.54", "7.23")
def reveal_assignment_chit(state: GameState, chit: str | None) -> GameState:
    """The player whose units are about to be sent may reveal a Friendly chit (he picks
    and places his own units, 7.41), an Enemy chit (the other party goes instead,
    7.51; the other player may answer, 7.53), or nothing (7.54). Revealed chits go
    back to the cup (7.32)."""
    d = top(state, AssignmentChits)
    state = pop(state)
    if chit is None:
        return _begin_assign(state, d, picker=d.party.enemy)  # 7.23
    kind = state.rules.chits.by_id()[chit].kind
    if chit not in state.chits_of(d.player.value) or kind not in (
        ChitKind.FRIENDLY_ASSIGNMENT,
        ChitKind.ENEMY_ASSIGNMENT,
    ):
        raise IllegalAction("7.31", f"{chit} is not an assignment chit you hold")
    state = state.with_chit(chit, CUP)
    if kind is ChitKind.FRIENDLY_ASSIGNMENT:
        state = state.log(
            Event("7.41", f"{d.player.title} reveals a Friendly Assignment chit and chooses his own units")
        )
        return _begin_assign(state, d, picker=d.party)
    switched = d.party.enemy
    state = state.log(
        Event("7.51", f"{d.player.title} reveals an Enemy Assignment chit: {switched.title} units go instead")
    )
    return push(state, evolve(d, player=switched, party=switched))


def _eligible(state: GameState, party: Player) -> list[str]:
    """7.24, 7.26, 7.27: units of that party, in Berlin, unmarked."""
    m = state.rules.map
    want = PARTY_OF[party]
    return [
        u.id
        for u in state.units
        if u.hex is not None
        and state.info(u.id).party is want
        and m.area_of[u.hex] == "BE"
        and u.marker is None
    ]


@case("7.21", "7.22", "7.24", "7.25", "7.26", "7.27")
def _begin_assign(state: GameState, d: AssignmentChits, picker: Player) -> GameState:
    return _next_assign(state, Assign(picker, party=d.party, count=d.count, area=d.area))


def _next_assign(state: GameState, d: Assign) -> GameState:
    if d.count <= 0:
        return state
    if not _eligible(state, d.party) or not empty_hexes(state, d.area):
        return state.log(Event("7.24", f"no more {d.party.title} units can be sent to {d.area}"))
    return push(state, d)


def assign_actions(state: GameState) -> list[Action]:
    d = top(state, Assign)
    hexes = empty_hexes(state, d.area)
    return [act(Verb.ASSIGN, u, h) for u in _eligible(state, d.party) for h in hexes]


def assign(state: GameState, uid: str, h: Hex) -> GameState:
    d = top(state, Assign)
    if uid not in _eligible(state, d.party):
        raise IllegalAction(
            "7.24",
            f"{uid} cannot be sent: only unmarked {d.party.title} units in "
            "Berlin go on assignment (7.24-7.27)",
        )
    if h not in empty_hexes(state, d.area):
        raise IllegalAction("7.25", f"{label(h)} is not an empty hex of {d.area}")
    state = pop(state).with_unit(uid, hex=h)
    where = hex_in_area(state.rules, h)
    state = state.log(Event("7.21", f"{state.info(uid).short} is sent on assignment to {where}"))
    return _next_assign(state, evolve(d, count=d.count - 1))


def chit_actions(state: GameState) -> list[Action]:
    d = top(state, AssignmentChits)
    held = assignment_chits(state, d.player)
    return [act(Verb.REVEAL, None, None, c) for c in held.values()] + [act(Verb.NO_REVEAL)]


# -- the decisions of the Assignment Phase ------------------------------------------------
declare(
    DecisionRule[PlaceAllied](
        PlaceAllied,
        "7.11",
        "where the Allied unit goes",
        "place the Allied unit in its area (7.11)",
        lambda s, d: [act(Verb.PLACE_ALLIED, None, h) for h in empty_hexes(s, d.area)],
        {Verb.PLACE_ALLIED: lambda s, d, a: place_allied(s, need(a.hex, "a hex"))},
    )
)
declare(
    DecisionRule[AssignmentChits](
        AssignmentChits,
        "7.54",
        "whether to reveal an assignment chit",
        "reveal an assignment chit, or not (7.4, 7.5)",
        lambda s, d: chit_actions(s),
        {
            Verb.REVEAL: lambda s, d, a: reveal_assignment_chit(s, need(a.chit, "a chit")),
            Verb.NO_REVEAL: lambda s, d, a: reveal_assignment_chit(s, None),
        },
    )
)
declare(
    DecisionRule[Assign](
        Assign,
        "7.23",
        "which unit goes on assignment",
        "choose a unit to send on assignment (7.23)",
        lambda s, d: assign_actions(s),
        {Verb.ASSIGN: lambda s, d, a: assign(s, need(a.unit, "a unit"), need(a.hex, "a hex"))},
    )
)
