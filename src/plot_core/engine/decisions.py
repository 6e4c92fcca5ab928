"""The stack of pending decisions: who must choose what before play goes on."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import attrs

from .actions import Verb
from .pending import Decision, DecisionKind
from .state import GameState, Phase, Step, evolve

D = TypeVar("D", bound=Decision)


def _verbs(verbs: Iterable[Verb]) -> frozenset[Verb]:
    return frozenset(verbs)


@attrs.frozen
class Kind:
    """One kind of pending decision: what answers it, and how it is said."""

    answers: frozenset[Verb] = attrs.field(converter=_verbs)  # the verbs that answer it
    case: str  # cited when anything else is tried
    choose: str  # in "waiting for the SS to choose ..."
    task: str  # in the prompt "SS to ...", with its cases


_CHIP_IN = {Verb.JOIN, Verb.ROLL, Verb.CANCEL}
_REVEAL_OR_NOT = {Verb.REVEAL, Verb.NO_REVEAL}
KINDS = {
    DecisionKind.PLACE_ALLIED: Kind(
        {Verb.PLACE_ALLIED}, "7.11", "where the Allied unit goes", "place the Allied unit in its area (7.11)"
    ),
    DecisionKind.ASSIGNMENT_CHITS: Kind(
        _REVEAL_OR_NOT,
        "7.54",
        "whether to reveal an assignment chit",
        "reveal an assignment chit, or not (7.4, 7.5)",
    ),
    DecisionKind.ASSIGN: Kind(
        {Verb.ASSIGN}, "7.23", "which unit goes on assignment", "choose a unit to send on assignment (7.23)"
    ),
    DecisionKind.RETREAT: Kind(
        {Verb.RETREAT}, "10.65", "where the unit retreats", "choose where the harassed unit retreats (10.65)"
    ),
    DecisionKind.ADVANCE: Kind(
        {Verb.ADVANCE, Verb.STAY},
        "10.67",
        "whether to advance",
        "advance into the emptied hex, or stay (10.67)",
    ),
    DecisionKind.HITLER: Kind({Verb.HITLER}, "9.62", "Hitler's hex", "choose Hitler's hex (9.62)"),
    DecisionKind.DISPLACE: Kind(
        {Verb.DISPLACE}, "9.63", "who leaves Führer HQ", "choose who leaves Führer HQ for Hitler (9.63)"
    ),
    DecisionKind.RECRUIT: Kind(
        _CHIP_IN, "12.25", "the recruiters, then roll", "add recruiters, then roll (12.25)"
    ),
    DecisionKind.INVESTIGATE: Kind(
        _CHIP_IN, "13.25", "the investigators, then roll", "add investigators, then roll (13.25)"
    ),
    DecisionKind.EXPOSE_INVESTIGATORS: Kind(
        _REVEAL_OR_NOT,
        "13.17",
        "whether to reveal investigators' Loyalty chits",
        "reveal investigators' Loyalty chits, or not (13.17)",
    ),
    DecisionKind.ALIBI: Kind(
        {Verb.ALIBI, Verb.NO_REVEAL},
        "13.18",
        "whether to answer with Alibi/Arrest chits",
        "cover exposed investigators with Alibi/Arrest chits, or not (13.18)",
    ),
    DecisionKind.INTERROGATION_ALIBI: Kind(
        _REVEAL_OR_NOT,
        "14.21",
        "whether to reveal Alibi/Arrest chits",
        "reveal Alibi/Arrest chits for the prisoner, or not (14.21)",
    ),
    DecisionKind.RETURN: Kind(
        {Verb.RETURN},
        "15.12",
        "where the returning unit goes",
        "choose where the returning unit goes (14.33, 15.12)",
    ),
    DecisionKind.PANIC: Kind(
        {Verb.PANIC}, "12.83", "which OKW units panic", "choose which OKW unit panics (12.83)"
    ),
    DecisionKind.COUP: Kind(
        {Verb.REVEAL, Verb.COUP, Verb.NO_REVEAL},
        "18.11",
        "whether to attempt a coup",
        "attempt a coup now, or not (18.11)",
    ),
}


def push(state: GameState, decision: Decision) -> GameState:
    return evolve(state, pending=state.pending + (decision,))


def pop(state: GameState) -> GameState:
    return evolve(state, pending=state.pending[:-1])


def peek(state: GameState) -> Decision | None:
    """The decision waiting to be answered, if any."""
    return state.pending[-1] if state.pending else None


def top(state: GameState, cls: type[D]) -> D:
    """The decision a reducer answers, of the class it answers (the table only hands a
    reducer its own kind, so anything else is a defect in the engine, not a refusal)."""
    d = state.pending[-1] if state.pending else None
    if not isinstance(d, cls):
        raise AssertionError(f"the engine expected a pending {cls.__name__}, found {d!r}")
    return d


def finish_activation(state: GameState) -> GameState:
    """The moving unit is done (9.14); in a Coup-Turn the other player's move comes next."""
    step = Step.HANDOFF if state.phase is Phase.COUP_MOVEMENT else state.step
    return evolve(state, active=None, mp_spent=0, step=step)
