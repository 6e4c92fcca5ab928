"""The engine's table: what may be done now, and the reducer that does it.

For each phase: the actions it offers, the reducer of each verb, and the refusal of any
other. For each kind of pending decision, its own declaration (decisions.DECISION_RULES,
declared beside its rules: assignment.py, harassment.py, ...), which this module's
imports bring in. Beside both, the actions open at any moment: exposing an Abwehr unit
(12.75) and, in the coup, laying Loyalty chits and unmasking (18.61, 18.64).
``legal_actions`` and ``apply`` (api.py) read these tables, so a new decision or verb is
one entry (the shape of Rally the Troops' ``states[state][action]``). Every reducer
carries its case numbers where it is written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from ..parties import Player
from . import (
    assignment,
    coup,
    coup_turns,
    harassment,
    interrogation,
    investigation,
    movement,
    recruitment,
    returns,
    sequence,
    setup,
    status,
)
from .actions import Action, Verb, act, need
from .errors import IllegalAction
from .state import GameState, Phase

Reducer = Callable[[GameState, Action], GameState]  # a verb's reducer in a phase

# The modules that declare the kinds of decision (decisions.declare), as they are imported.
DECLARING = (
    assignment,
    coup,
    harassment,
    interrogation,
    investigation,
    recruitment,
    returns,
    sequence,
    status,
)


def out_of_phase(state: GameState, verb: Verb) -> IllegalAction:
    phase = state.phase.value.replace("_", " ")  # "coup movement"
    return IllegalAction("5.2", f"'{verb.value}' is not possible in the {phase} phase")


@attrs.frozen
class PhaseRules:
    actions: Callable[[GameState], list[Action]]
    reducers: Mapping[Verb, Reducer]
    refuse: Callable[[GameState, Verb], IllegalAction] = out_of_phase


# -- at any moment ----------------------------------------------------------------------


def any_time_actions(state: GameState) -> list[Action]:
    """What may be done beside whatever is asked: in the coup, the chits laid on units
    and unmasked (18.61, 18.64); else the SS's exposures (12.75), when it is his move."""
    if state.coup is not None:
        return list(coup.coup_chit_actions(state, state.actor))
    if state.to_act is Player.SS and state.phase is not Phase.SETUP:
        return [act(Verb.EXPOSE, u) for u in recruitment.exposable(state)]
    return []


def _pin(state: GameState, a: Action) -> GameState:
    if state.coup is None:
        raise IllegalAction("18.61", "Loyalty chits are laid on units only during the coup")
    return coup.pin(state, need(a.unit, "a unit"))


def _expose(state: GameState, a: Action) -> GameState:
    if state.coup is not None:
        if state.to_act is not Player.SS:
            raise IllegalAction("18.64", "only the SS reveals semi-recruited units' chits")
        return coup.expose_semi(state, need(a.unit, "a unit"))
    if state.to_act is not Player.SS or state.phase is Phase.SETUP:
        raise IllegalAction("12.75", "only the SS reveals Abwehr Loyalty chits, when it is his move")
    return recruitment.expose(state, need(a.unit, "a unit"))


ANY_TIME: dict[Verb, Reducer] = {Verb.PIN: _pin, Verb.EXPOSE: _expose}
ANY_TIME_VERBS = frozenset(ANY_TIME)  # played beside whatever is asked (12.75, 18.61, 18.64)


# -- phases -----------------------------------------------------------------------------


def _check_moving(state: GameState) -> None:
    """9.14: a step, a harassment or the end of a move needs a unit that is moving."""
    if state.active is None:
        raise IllegalAction("9.14", "activate a unit first")


def _needs_active(reducer: Reducer) -> Reducer:
    # (wraps the table's reducers as the table is built, at import: the rule itself is
    # _check_moving, which runs with each step and so can be mutation-tested)
    # pragma: no mutate block
    def step(state: GameState, a: Action) -> GameState:
        _check_moving(state)
        return reducer(state, a)

    return step


def _harass(state: GameState, a: Action) -> GameState:
    if a.unit is None:  # 10.69: or a vacant HQ hex
        need(a.hex, "a unit or an HQ hex")
    return harassment.harass(state, target=a.unit, hq_hex=a.hex)


def _end_movement_phase(state: GameState, a: Action) -> GameState:
    if state.active is not None:
        raise IllegalAction("9.14", f"finish moving {state.info(state.active).short} first")
    if state.phase is Phase.COUP_INTERPHASE:
        return coup_turns.begin_coup_turn(state, 1)  # 18.24
    if state.phase is Phase.COUP_MOVEMENT:
        return coup_turns.pass_moves(state)  # 18.33
    return sequence.end_phase(state)


def _end_phase(state: GameState, a: Action) -> GameState:
    return sequence.end_phase(state)  # (settle interrogates every prisoner first, 14.12)


_MOVEMENT = PhaseRules(
    movement.movement_actions,
    {
        Verb.ACTIVATE: lambda s, a: movement.activate(s, need(a.unit, "a unit")),
        Verb.END_PHASE: _end_movement_phase,
        Verb.MOVE: _needs_active(lambda s, a: movement.move(s, need(a.hex, "a hex"))),
        Verb.TRAVEL: _needs_active(
            lambda s, a: movement.travel(s, need(a.hex, "a hex"), need(a.chit, "a Travel chit"))
        ),
        Verb.HARASS: _needs_active(_harass),
        Verb.END: _needs_active(lambda s, a: movement.end_activation(s)),
    },
)

_ONLY_END = PhaseRules(lambda s: [act(Verb.END_PHASE)], {Verb.END_PHASE: _end_phase})

PHASES: dict[Phase, PhaseRules] = {
    Phase.SETUP: PhaseRules(
        setup.placements,
        {Verb.PLACE: lambda s, a: setup.place(s, need(a.unit, "a unit"), need(a.hex, "a hex"))},
        refuse=lambda s, verb: IllegalAction("4.3", "set-up is under way: place units"),
    ),
    Phase.MOVEMENT: _MOVEMENT,
    Phase.COUP_INTERPHASE: _MOVEMENT,
    Phase.COUP_MOVEMENT: _MOVEMENT,
    Phase.RECRUITMENT: PhaseRules(
        recruitment.recruitment_actions,
        {Verb.RECRUIT: lambda s, a: recruitment.start(s, need(a.unit, "a unit")), Verb.END_PHASE: _end_phase},
    ),
    Phase.INVESTIGATION: PhaseRules(
        investigation.investigation_actions,
        {
            Verb.INVESTIGATE: lambda s, a: investigation.start(s, need(a.unit, "a unit")),
            Verb.END_PHASE: _end_phase,
        },
    ),
    Phase.STATUS: PhaseRules(
        lambda s: status.clear_actions(s) + [act(Verb.END_PHASE)],
        {Verb.CLEAR: lambda s, a: status.clear(s, need(a.unit, "a unit")), Verb.END_PHASE: _end_phase},
    ),
    Phase.COUP_STATUS: PhaseRules(
        lambda s: status.clear_actions(s) + [act(Verb.END_PHASE)],
        {
            Verb.CLEAR: lambda s, a: status.clear(s, need(a.unit, "a unit")),
            Verb.END_PHASE: lambda s, a: coup_turns.end_coup_status(s),
        },
    ),
    Phase.ASSIGNMENT: _ONLY_END,
    Phase.INTERROGATION: _ONLY_END,
    Phase.GAME_OVER: _ONLY_END,
}


# The phases in which units move, one at a time (9.11, 18.22, 18.31): the only ones with
# a moving unit.
MOVING_PHASES = frozenset(phase for phase, rules in PHASES.items() if rules is _MOVEMENT)

__all__ = [
    "ANY_TIME",
    "ANY_TIME_VERBS",
    "MOVING_PHASES",
    "PHASES",
    "PhaseRules",
    "any_time_actions",
    "out_of_phase",
]
