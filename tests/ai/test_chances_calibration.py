"""tools.chances_calibration, the evidence (docs/reports/expert-strength.md) of how far
the evaluation's chances are from how often games were won: it must read the weights in
use at the positions the fit keeps and at the coup's first position, and make the
chances a distribution as the expert does."""

import random

import numpy as np
import pytest
from tools.chances_calibration import KINDS, chance, reads, report
from tools.fit import positions

from plot_ai.features import features
from plot_ai.value import chances
from plot_core import apply, legal_actions, load_rules, new_game
from plot_core.engine import Phase
from plot_core.engine.randomplay import busy_policy


def played(seed: int) -> tuple[dict, list]:
    """A game of random play as tools.fit keeps one, and every state it passed."""
    rules = load_rules()
    state, rnd = new_game(seed, rules=rules), random.Random(seed)
    states, actions = [state], []
    while state.outcome is None:
        action = busy_policy(state, legal_actions(state), rnd)
        actions.append(str(action))
        state = apply(state, action)
        states.append(state)
    return {"seed": seed, "actions": actions, "winner": state.outcome.winner}, states


def test_the_coup_is_read_where_it_begins_with_the_chances_the_expert_gives():
    game, states = played(1)
    begun = next(s for s in states if s.coup is not None)
    # 18.21: the interphase, no unit moved (what the calibrated candidates key on)
    assert begun.phase is Phase.COUP_INTERPHASE and begun.coup.turn == 0 and not begun.activated
    seed, got = reads(game)
    assert seed == 1 and {w for _, _, _, w, _ in got} == {game["winner"]}
    at_coup = [(zs, za) for kind, zs, za, _, _ in got if kind == KINDS[1]]
    assert len(at_coup) == 1
    assert [x for kind, _, _, _, x in got if kind == KINDS[1]] == [features(begun)]
    p_ss, p_ab = chance(np.asarray([at_coup[0][0]]), np.asarray([at_coup[0][1]]))
    assert (float(p_ss[0]), float(p_ab[0])) == pytest.approx(chances(begun))
    before = [(zs, za) for kind, zs, za, _, _ in got if kind == KINDS[0]]
    kept = [s for s in positions(game, load_rules()) if s.coup is None]  # as the fit keeps them
    assert len(before) == len(kept) > 1
    for (zs, za), s in zip(before, kept, strict=True):
        p_ss, p_ab = chance(np.asarray([zs]), np.asarray([za]))
        assert (float(p_ss[0]), float(p_ab[0])) == pytest.approx(chances(s))


def test_the_two_chances_are_made_a_distribution_when_they_pass_one():
    p_ss, p_ab = chance(np.asarray([2.0, -2.0]), np.asarray([2.0, -2.0]))
    high, low = 1 / (1 + np.exp(-2.0)), 1 / (1 + np.exp(2.0))
    assert high + high > 1 > low + low  # the first pair passes one, the second does not
    assert p_ss.tolist() == pytest.approx([0.5, low]) and p_ab.tolist() == pytest.approx([0.5, low])


def test_the_map_printed_is_the_one_the_outcomes_were_drawn_from(capsys):
    """Outcomes drawn with the Abwehr's chance 1 / (1 + exp(-(a + b z))) from known a and
    b: the map fitted on all must find them, and the bands must hold every position."""
    rnd = np.random.default_rng(7)
    a, b = -0.5, 0.75
    z = rnd.normal(0.0, 1.5, 20_000)
    won = rnd.random(len(z)) < 1 / (1 + np.exp(-(a + b * z)))
    reads_ = [(KINDS[0], -5.0, float(zi), "abwehr" if w else "ss", []) for zi, w in zip(z, won, strict=True)]
    report([(seed, reads_[seed * 100 : seed * 100 + 100]) for seed in range(200)])
    out = capsys.readouterr().out
    line = next(s for s in out.splitlines() if s.strip().startswith("abwehr") and "fitted on all" in s)
    got_a = float(line.split("a = ")[1].split(",")[0])
    got_b = float(line.split("b = ")[1])
    assert abs(got_a - a) < 0.06 and abs(got_b - b) < 0.05
    bands = [s for s in out.splitlines() if s.startswith("  the Abwehr given ")]
    assert sum(int(s.split(":")[1].split()[0]) for s in bands) == len(z)
