"""The engine's table (engine/table.py) is whole: every kind of decision lists its
answers and has a reducer for each verb that answers it, every phase has its rules,
and nothing is in the table that the rest of the engine does not know."""

from __future__ import annotations

from plot_core.engine.decisions import KINDS
from plot_core.engine.state import Phase
from plot_core.engine.table import DECISIONS, PHASES


def test_every_kind_of_decision_has_a_reducer_for_each_of_its_answers():
    assert set(DECISIONS) == set(KINDS)
    for kind, rules in DECISIONS.items():
        assert set(rules.reducers) == set(KINDS[kind].answers), kind


def test_every_phase_has_its_rules():
    assert set(PHASES) == set(Phase)
