"""Weighing a decision closely (plot_ai.weighing): a trial stops at a coup window, the
best plan's lead is measured on common trials, and a decision is clear only when two
weighings from other draws agree."""

from __future__ import annotations

import random
from pathlib import Path

import attrs

from plot_ai.search import horizon
from plot_ai.weighing import Weighing, clear, weigh
from plot_core import Player, legal_actions, load_rules, parse_action, view
from plot_core.data.reader import Source
from plot_core.engine import CoupOffer
from plot_core.puzzles import Choice, load_puzzle

RULES = load_rules()
WINDOW = Path(__file__).parents[1] / "puzzles" / "data" / "coup-window.toml"


def at_the_window():
    puzzle = load_puzzle(Source(WINDOW.name, WINDOW.read_text(encoding="utf-8")), "w", RULES)
    return puzzle.start(RULES)


def test_a_trial_stops_at_a_coup_window_unanswered_or_lets_the_rules_of_thumb_answer_it():
    s = at_the_window()
    assert isinstance(s.pending[-1], CoupOffer)
    assert horizon(s, Player.SS, random.Random(1), False, windows=True) is s
    answered = horizon(s, Player.SS, random.Random(1), False)
    assert not any(isinstance(d, CoupOffer) for d in answered.pending)


def test_waiting_at_this_window_is_clearly_best_from_two_draws():
    s = at_the_window()
    v, legal = view(s, Player.ABWEHR), legal_actions(s)
    first, second = (weigh(v, legal, RULES, seed) for seed in (11, 12))
    assert first is not None and second is not None
    assert [str(a) for a in first.choices[0].actions] == ["no-reveal"]
    assert first.plans == 2 and first.trials == 96
    assert first.gap >= 0.15 and first.gap > 2 * first.noise
    assert clear(first, second, 0.15)
    assert not clear(first, second, first.gap + 0.05)  # a margin it does not reach


def test_weighings_that_disagree_on_the_best_plan_are_not_clear():
    def weighing(best: str, gap: float) -> Weighing:
        plans = (Choice((parse_action(best),), best, 0.6), Choice((parse_action("end-phase"),), "end", 0.3))
        return Weighing(plans, gap, 0.01, 96, 2)

    assert clear(weighing("no-reveal", 0.3), weighing("no-reveal", 0.2), 0.15)
    assert not clear(weighing("no-reveal", 0.3), weighing("coup", 0.3), 0.15)
    assert not clear(weighing("no-reveal", 0.3), None, 0.15)
    noisy = attrs.evolve(weighing("no-reveal", 0.2), noise=0.11)  # within twice its noise
    assert not clear(noisy, noisy, 0.15)
