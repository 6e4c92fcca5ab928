"""The engine's tables are whole: every kind of decision is declared once (its class,
case, words, answers, reducers and forced answer, beside its rules), every phase has its
rules, and a kind declared in that one place is offered, answered, refused, said and
saved by the whole engine."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest

from plot_core import Player
from plot_core.engine import (
    DECISION_RULES,
    Action,
    Decision,
    DecisionKind,
    DecisionRule,
    Event,
    IllegalAction,
    Verb,
    apply,
    declare,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
)
from plot_core.engine.decisions import pop, push
from plot_core.engine.state import Phase
from plot_core.engine.table import PHASES


def test_every_kind_of_decision_is_declared_and_each_class_names_its_kind():
    assert set(DECISION_RULES) == set(DecisionKind)
    for kind, rule in DECISION_RULES.items():
        assert rule.cls.kind is kind and rule.verbs, kind


def test_every_phase_has_its_rules():
    assert set(PHASES) == set(Phase)


def test_a_kind_declared_twice_is_refused():
    with pytest.raises(ValueError, match="declared twice"):
        declare(DECISION_RULES[DecisionKind.PANIC])


@attrs.frozen
class Toss(Decision):
    """A kind of decision the game does not have: call a coin, or let it pass."""

    kind: ClassVar = "toss"  # (not one of the game's kinds)


def test_a_kind_of_decision_declared_in_one_place_is_offered_answered_refused_and_saved(rules):
    heads = Event("99.1", "the coin comes up heads")
    declare(
        DecisionRule[Toss](
            Toss,
            "99.1",
            "heads or not",
            "call the coin, or let it pass (99.1)",
            lambda s, d: [Action(Verb.ROLL), Action(Verb.CANCEL)],
            {Verb.ROLL: lambda s, d, a: pop(s).log(heads), Verb.CANCEL: lambda s, d, a: pop(s)},
        )
    )
    try:
        before = new_game(5, rules=rules)  # (the Abwehr places the Allied unit, 7.11)
        state = push(before, Toss(Player.SS))
        assert state.to_act is Player.SS
        assert legal_actions(state)[:2] == [Action(Verb.ROLL), Action(Verb.CANCEL)]
        called = apply(state, Action(Verb.ROLL))
        assert heads in called.events and called.pending == before.pending
        assert apply(state, Action(Verb.CANCEL)).pending == before.pending
        with pytest.raises(IllegalAction) as refused:
            apply(state, Action(Verb.END_PHASE))
        assert refused.value.case == "99.1" and "waiting for SS to choose heads or not" in str(refused.value)
        assert state_from_json(state_to_json(state), rules).pending[-1] == Toss(Player.SS)
    finally:
        del DECISION_RULES["toss"]  # type: ignore[arg-type]
