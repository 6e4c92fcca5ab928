"""The engine's public face: new_game, legal_actions, apply, outcome.

``apply`` never mutates: it returns the next state, or raises IllegalAction
naming the rules case that forbids the action. ``state.events`` holds what
the action caused (rolls, table cells, results), each with its case number.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..dice import seed_state
from ..hexgrid import label
from ..parties import Player
from ..rules import Rules, load_rules
from . import assignment, harassment, movement, sequence, setup
from .actions import Action, Verb
from .decisions import pop, top
from .errors import IllegalAction
from .registry import case
from .state import Box, GameState, Outcome, Phase, UnitState, chit_ids

SETUPS = ("standard", "choose")


@case("4.0", "4.2", "4.36", "4.37")
def new_game(seed: int, *, setup: str = "standard", rules: Rules | None = None) -> GameState:
    """A fresh game. ``setup="choose"`` leaves the set-up (4.3) to the players as
    decisions; ``"standard"`` plays the quick standard set-up through the same rules."""
    if setup not in SETUPS:
        raise ValueError(f"unknown set-up {setup!r}; choose one of {', '.join(SETUPS)}")
    rules = rules or load_rules()
    units = []
    for uid, info in rules.units.items():
        box = Box.ALLIED_HOLDING if not info.party.german else Box.UNPLACED   # 4.2
        units.append(UnitState(uid, box=box, controller=info.control))       # 4.36, 4.37
    state = GameState(rules=rules, seed=seed, turn=0, phase=Phase.SETUP, phasing=Player.SS,
                      step="named", units=tuple(units),
                      chits=("cup",) * len(chit_ids(rules)),                 # 4.1
                      rng=seed_state(seed))
    state = sequence.settle(state)
    if setup == "standard":
        while state.phase is Phase.SETUP:
            state = apply(state, setup_module_choice(state))
    return state


def setup_module_choice(state: GameState) -> Action:
    return setup.standard_choice(state)


def outcome(state: GameState) -> Outcome | None:
    return state.outcome


def legal_actions(state: GameState) -> Sequence[Action]:
    """Every legal action for ``state.to_act``, small enough to list in a menu."""
    if state.outcome is not None:
        return []
    d = top(state)
    if d is not None:
        return _decision_actions(state, d)
    if state.phase is Phase.SETUP:
        return setup.placements(state)
    if state.phase is Phase.MOVEMENT:
        return movement.movement_actions(state)
    if state.phase in (Phase.RECRUITMENT, Phase.INVESTIGATION, Phase.INTERROGATION, Phase.STATUS):
        return [Action(Verb.END_PHASE)]
    return []


def _decision_actions(state: GameState, d) -> list[Action]:
    if d.kind == "place_allied":
        from .board import empty_hexes
        return [Action(Verb.PLACE_ALLIED, hex=h) for h in empty_hexes(state, d.area)]
    if d.kind == "assignment_chits":
        return assignment.chit_actions(state)
    if d.kind == "assign":
        return assignment.assign_actions(state)
    if d.kind == "retreat":
        return [Action(Verb.RETREAT, hex=h) for h in d.options]
    if d.kind == "advance":
        return [Action(Verb.ADVANCE, hex=d.hex), Action(Verb.STAY)]
    if d.kind == "hitler":
        return [Action(Verb.HITLER, hex=h) for h in d.options]
    if d.kind == "displace":
        occ = state.occupancy()
        return [Action(Verb.DISPLACE, unit=u) for h in d.options for u in occ.get(h, ())]
    raise AssertionError(d.kind)


# What each verb needs: (a decision kind on top of the stack, or a phase), and the case
# to cite when it is tried at the wrong moment.
_DECISION_VERBS = {
    Verb.PLACE_ALLIED: "place_allied", Verb.REVEAL: "assignment_chits",
    Verb.NO_REVEAL: "assignment_chits", Verb.ASSIGN: "assign", Verb.RETREAT: "retreat",
    Verb.ADVANCE: "advance", Verb.STAY: "advance", Verb.HITLER: "hitler",
    Verb.DISPLACE: "displace",
}
_DECISION_CASE = {"place_allied": "7.11", "assignment_chits": "7.54", "assign": "7.23",
                  "retreat": "10.65", "advance": "10.67", "hitler": "9.62", "displace": "9.63"}


def apply(state: GameState, action: Action) -> GameState:
    if state.outcome is not None:
        raise IllegalAction("18.7", "the game is over")
    state = attrs.evolve(state, events=())
    d = top(state)
    verb = action.verb
    if d is not None:
        if _DECISION_VERBS.get(verb) != d.kind:
            raise IllegalAction(_DECISION_CASE[d.kind], _waiting_for(state, d))
        state = _decide(state, d, action)
    elif verb in _DECISION_VERBS:
        raise IllegalAction("5.2", f"nothing is waiting for '{verb.value}' now")
    elif state.phase is Phase.SETUP:
        if verb is not Verb.PLACE:
            raise IllegalAction("4.3", "set-up is under way: place units")
        state = setup.place(state, _need(action.unit, "a unit"), _need(action.hex, "a hex"))
    elif state.phase is Phase.MOVEMENT:
        state = _movement(state, action)
    elif verb is Verb.END_PHASE:
        state = sequence.end_phase(state)
    else:
        raise IllegalAction("5.2", f"'{verb.value}' is not possible in the "
                                   f"{state.phase.value} phase")
    return sequence.settle(state)


def _need(value, what: str):
    if value is None:
        raise IllegalAction("", f"this action needs {what}")
    return value


def _waiting_for(state: GameState, d) -> str:
    what = {"place_allied": "where the Allied unit goes", "assignment_chits":
            "whether to reveal an assignment chit", "assign": "which unit goes on assignment",
            "retreat": f"where {state.info(d.unit).short if d.unit else 'the unit'} retreats",
            "advance": "whether to advance", "hitler": "Hitler's hex",
            "displace": "who leaves Führer HQ"}[d.kind]
    return f"waiting for {d.player.title} to choose {what}"


def _decide(state: GameState, d, action: Action) -> GameState:
    verb = action.verb
    if verb is Verb.PLACE_ALLIED:
        return assignment.place_allied(state, _need(action.hex, "a hex"))
    if verb is Verb.REVEAL:
        return assignment.reveal_assignment_chit(state, _need(action.chit, "a chit"))
    if verb is Verb.NO_REVEAL:
        return assignment.reveal_assignment_chit(state, None)
    if verb is Verb.ASSIGN:
        return assignment.assign(state, _need(action.unit, "a unit"), _need(action.hex, "a hex"))
    if verb is Verb.RETREAT:
        return harassment.choose_retreat(state, _need(action.hex, "a hex"))
    if verb in (Verb.ADVANCE, Verb.STAY):
        return harassment.choose_advance(state, verb is Verb.ADVANCE)
    if verb is Verb.HITLER:
        h = _need(action.hex, "a hex")
        if h not in d.options:
            raise IllegalAction("9.62", f"Hitler may go to {', '.join(label(x) for x in d.options)}")
        return sequence.move_hitler(pop(state), h)
    if verb is Verb.DISPLACE:
        uid = _need(action.unit, "a unit")
        if state.unit(uid).hex not in d.options:
            raise IllegalAction("9.63", "choose a unit standing in Führer HQ")
        return sequence.displace(pop(state), uid)
    raise AssertionError(verb)


def _movement(state: GameState, action: Action) -> GameState:
    verb = action.verb
    if verb is Verb.ACTIVATE:
        return movement.activate(state, _need(action.unit, "a unit"))
    if verb is Verb.END_PHASE:
        if state.active is not None:
            raise IllegalAction("9.14", f"finish moving {state.info(state.active).short} first")
        return sequence.end_phase(state)
    if state.active is None:
        raise IllegalAction("9.14", "activate a unit first")
    if verb is Verb.MOVE:
        return movement.move(state, _need(action.hex, "a hex"))
    if verb is Verb.TRAVEL:
        return movement.travel(state, _need(action.hex, "a hex"), _need(action.chit, "a Travel chit"))
    if verb is Verb.HARASS:
        return harassment.harass(state, target=action.unit, hq_hex=action.hex)
    if verb is Verb.END:
        return movement.end_activation(state)
    raise IllegalAction("9.0", f"'{verb.value}' is not a movement step")
