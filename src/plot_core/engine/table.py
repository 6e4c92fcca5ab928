"""The engine's table: what may be done now, and the reducer that does it.

For each kind of pending decision: how its answers are listed, and the reducer of each
answer (decisions.KINDS says how it is asked and which case a wrong answer cites). For
each phase: the actions it offers, the reducer of each verb, and the refusal of any
other. ``legal_actions`` and ``apply`` (api.py) both read this table, so a new decision
or verb is one entry here (the shape of Rally the Troops' ``states[state][action]``).
Every reducer carries its case numbers where it is written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import attrs

from ..hexgrid import label
from . import (
    assignment,
    coup,
    coup_turns,
    harassment,
    interrogation,
    investigation,
    movement,
    recruitment,
    sequence,
    setup,
    status,
)
from .actions import Action, Verb, act, need
from .board import empty_hexes
from .decisions import pop
from .errors import IllegalAction
from .pending import (
    Advance,
    Alibi,
    Assign,
    AssignmentChits,
    CoupOffer,
    Decision,
    DecisionKind,
    Displace,
    ExposeInvestigators,
    HitlerHex,
    InterrogationAlibi,
    Investigate,
    Panic,
    PlaceAllied,
    Recruit,
    Retreat,
    Return,
)
from .returns import choose_return, return_hexes
from .state import GameState, Phase

D = TypeVar("D", bound=Decision)
Reducer = Callable[[GameState, Action], GameState]  # a verb's reducer in a phase


def out_of_phase(state: GameState, verb: Verb) -> IllegalAction:
    phase = state.phase.value.replace("_", " ")  # "coup movement"
    return IllegalAction("5.2", f"'{verb.value}' is not possible in the {phase} phase")


@attrs.frozen
class DecisionRules(Generic[D]):
    """How one kind of decision (the class D) is answered."""

    answers: Callable[[GameState, D], list[Action]]  # for legal_actions
    reducers: Mapping[Verb, Callable[[GameState, D, Action], GameState]]  # for apply


@attrs.frozen
class PhaseRules:
    actions: Callable[[GameState], list[Action]]
    reducers: Mapping[Verb, Reducer]
    refuse: Callable[[GameState, Verb], IllegalAction] = out_of_phase


# -- decisions --------------------------------------------------------------------------


def _advance_answers(state: GameState, d: Advance) -> list[Action]:
    if d.units:  # 13.35: one investigator may advance
        return [act(Verb.ADVANCE, u, d.hex) for u in d.units] + [act(Verb.STAY)]
    return [act(Verb.ADVANCE, None, d.hex), act(Verb.STAY)]


def _advance(state: GameState, d: Advance, a: Action) -> GameState:
    if d.units:  # 13.35: an investigator, or none
        return investigation.advance_investigator(
            state, need(a.unit, "a unit") if a.verb is Verb.ADVANCE else None
        )
    if a.verb is Verb.ADVANCE and a.hex not in (None, d.hex):  # 10.67: that hex only
        raise IllegalAction(
            "10.67", f"the advance may go only into {label(d.hex)}, the hex the harassed unit left"
        )
    return harassment.choose_advance(state, a.verb is Verb.ADVANCE)


def _hitler(state: GameState, d: HitlerHex, a: Action) -> GameState:
    h = need(a.hex, "a hex")
    if h not in d.options:
        raise IllegalAction("9.62", f"Hitler may go to {', '.join(label(x) for x in d.options)}")
    return sequence.move_hitler(pop(state), h)


def _displace(state: GameState, d: Displace, a: Action) -> GameState:
    uid = need(a.unit, "a unit")
    if state.unit(uid).hex not in d.options:
        raise IllegalAction("9.63", "choose a unit standing in Führer HQ")
    return sequence.displace(pop(state), uid)


def _displaceable(state: GameState, d: Displace) -> list[Action]:
    occ = state.occupancy()
    return [act(Verb.DISPLACE, u) for h in d.options for u in occ.get(h, ())]


def _investigation_answers(state: GameState, d: Decision) -> list[Action]:
    return investigation.investigation_actions(state)


_REVEAL_ASSIGNMENT: dict[Verb, Callable[[GameState, AssignmentChits, Action], GameState]] = {
    Verb.REVEAL: lambda s, d, a: assignment.reveal_assignment_chit(s, need(a.chit, "a chit")),
    Verb.NO_REVEAL: lambda s, d, a: assignment.reveal_assignment_chit(s, None),
}

# Keyed by kind; each entry is written for its class, which api.py hands it.
DECISIONS: dict[DecisionKind, DecisionRules[Any]] = {
    DecisionKind.PLACE_ALLIED: DecisionRules[PlaceAllied](
        lambda s, d: [act(Verb.PLACE_ALLIED, None, h) for h in empty_hexes(s, d.area)],
        {Verb.PLACE_ALLIED: lambda s, d, a: assignment.place_allied(s, need(a.hex, "a hex"))},
    ),
    DecisionKind.ASSIGNMENT_CHITS: DecisionRules[AssignmentChits](
        lambda s, d: assignment.chit_actions(s), _REVEAL_ASSIGNMENT
    ),
    DecisionKind.ASSIGN: DecisionRules[Assign](
        lambda s, d: assignment.assign_actions(s),
        {Verb.ASSIGN: lambda s, d, a: assignment.assign(s, need(a.unit, "a unit"), need(a.hex, "a hex"))},
    ),
    DecisionKind.RETREAT: DecisionRules[Retreat](
        lambda s, d: [act(Verb.RETREAT, None, h) for h in harassment.retreat_hexes(s, d.unit)],
        {Verb.RETREAT: lambda s, d, a: harassment.choose_retreat(s, need(a.hex, "a hex"))},
    ),
    DecisionKind.ADVANCE: DecisionRules[Advance](
        _advance_answers, {Verb.ADVANCE: _advance, Verb.STAY: _advance}
    ),
    DecisionKind.HITLER: DecisionRules[HitlerHex](
        lambda s, d: [act(Verb.HITLER, None, h) for h in d.options], {Verb.HITLER: _hitler}
    ),
    DecisionKind.DISPLACE: DecisionRules[Displace](_displaceable, {Verb.DISPLACE: _displace}),
    DecisionKind.RECRUIT: DecisionRules[Recruit](
        lambda s, d: recruitment.recruitment_actions(s),
        {
            Verb.JOIN: lambda s, d, a: recruitment.join(s, need(a.unit, "a unit")),
            Verb.ROLL: lambda s, d, a: recruitment.resolve(s),
            Verb.CANCEL: lambda s, d, a: recruitment.cancel(s),
        },
    ),
    DecisionKind.INVESTIGATE: DecisionRules[Investigate](
        _investigation_answers,
        {
            Verb.JOIN: lambda s, d, a: investigation.join(s, need(a.unit, "a unit")),
            Verb.ROLL: lambda s, d, a: investigation.announce(s),
            Verb.CANCEL: lambda s, d, a: pop(s),
        },
    ),
    DecisionKind.EXPOSE_INVESTIGATORS: DecisionRules[ExposeInvestigators](
        _investigation_answers,
        {
            Verb.REVEAL: lambda s, d, a: investigation.expose_investigator(s, need(a.chit, "a chit")),
            Verb.NO_REVEAL: lambda s, d, a: investigation.done_exposing(s),
        },
    ),
    DecisionKind.ALIBI: DecisionRules[Alibi](
        _investigation_answers,
        {
            Verb.ALIBI: lambda s, d, a: investigation.cover(
                s, need(a.unit, "a unit"), need(a.chit, "a chit")
            ),
            Verb.NO_REVEAL: lambda s, d, a: investigation.done_covering(s),
        },
    ),
    DecisionKind.INTERROGATION_ALIBI: DecisionRules[InterrogationAlibi](
        lambda s, d: interrogation.alibi_actions(s),
        {
            Verb.REVEAL: lambda s, d, a: interrogation.add_alibi(s, need(a.chit, "a chit")),
            Verb.NO_REVEAL: lambda s, d, a: interrogation.interrogate(s),
        },
    ),
    DecisionKind.RETURN: DecisionRules[Return](
        lambda s, d: [act(Verb.RETURN, None, h) for h in return_hexes(s, d.unit)],
        {Verb.RETURN: lambda s, d, a: choose_return(s, need(a.hex, "a hex"))},
    ),
    DecisionKind.PANIC: DecisionRules[Panic](
        lambda s, d: [act(Verb.PANIC, u) for u in status.panickers(s)],
        {Verb.PANIC: lambda s, d, a: status.panic(s, need(a.unit, "a unit"))},
    ),
    DecisionKind.COUP: DecisionRules[CoupOffer](
        lambda s, d: coup.offer_actions(s),
        {
            Verb.REVEAL: lambda s, d, a: coup.commit_chit(s, need(a.chit, "a chit")),
            Verb.COUP: lambda s, d, a: coup.attempt(s),
            Verb.NO_REVEAL: lambda s, d, a: coup.decline(s),
        },
    ),
}


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


__all__ = ["DECISIONS", "PHASES", "DecisionRules", "PhaseRules", "out_of_phase"]
