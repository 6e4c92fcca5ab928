"""The stack of pending decisions, and how each kind of decision is declared.

Each kind is declared once, beside the rules that hand it to a player (``declare`` at
the foot of assignment.py, harassment.py, ...): its class, the case a wrong answer
cites, how it is said, how its answers are listed, the reducer of each answering verb
(the verbs that answer it are those reducers' keys), and when the rules answer it
themselves. ``legal_actions`` and ``apply`` (api.py), the sequence of play's forced
answers (sequence.settle), the saved games' reader and the screens all read
``DECISION_RULES``; adding a kind is one class and one ``declare``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import attrs

from .actions import Action, Verb
from .pending import Decision, DecisionKind
from .state import GameState, Phase, Step, evolve

D = TypeVar("D", bound=Decision)


@attrs.frozen
class DecisionRule(Generic[D]):
    """One kind of pending decision (the class D, which names its kind)."""

    cls: type[D]
    case: str  # cited when anything else is tried
    choose: str  # in "waiting for the SS to choose ..."
    task: str  # in the prompt "SS to ...", with its cases
    answers: Callable[[GameState, D], list[Action]]  # the legal answers now
    reducers: Mapping[Verb, Callable[[GameState, D, Action], GameState]]  # each answer's
    # the rules' own answer when the player has no choice (one way left, or none), else None
    forced: Callable[[GameState, D], GameState | None] | None = None

    @property
    def kind(self) -> DecisionKind:
        return self.cls.kind

    @property
    def verbs(self) -> frozenset[Verb]:
        """The verbs that answer it."""
        return frozenset(self.reducers)


DECISION_RULES: dict[DecisionKind, DecisionRule[Any]] = {}  # by kind, as each is declared


def declare(rule: DecisionRule[D]) -> DecisionRule[D]:
    """Adds a kind of decision to the engine (once: a kind declared twice is a defect)."""
    if rule.kind in DECISION_RULES:
        raise ValueError(f"the decision kind {rule.kind!r} is declared twice")
    attrs.resolve_types(rule.cls)  # (field types as classes, for the saved games' reader)
    DECISION_RULES[rule.kind] = rule
    return rule


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
