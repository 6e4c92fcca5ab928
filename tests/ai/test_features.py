"""The expert's evaluation reads the facts it was fitted on: the quick
features() gives exactly what the plain reading of the state gives, before the coup
and in it, over whole games."""

from __future__ import annotations

import random

import pytest

from plot_ai.features import COUP, PRE_COUP, features
from plot_core import apply, legal_actions, load_rules, new_game
from plot_core.engine.randomplay import busy_policy

from .features_reference import plain_features


def _states(seed: int):
    state, rnd = new_game(seed), random.Random(seed)
    while state.outcome is None:
        yield state
        state = apply(state, busy_policy(state, legal_actions(state), rnd))
    yield state


@pytest.mark.parametrize("seed", [944000, 944001, 944002, 944003])
def test_features_agree_with_the_plain_reading_over_whole_games(seed):
    seen = {False: 0, True: 0}
    for state in _states(seed):
        got = features(state)
        assert got == plain_features(state), (seed, state.turn, state.phase)
        assert len(got) == len(COUP if state.coup is not None else PRE_COUP)
        seen[state.coup is not None] += 1
    assert seen[False] and seen[True], "the game should reach the coup"


def test_remembered_distances_are_the_grids_and_stay_few(monkeypatch):
    from plot_ai import easy
    from plot_core.hexgrid import distance

    monkeypatch.setattr(easy, "_APART", {})
    monkeypatch.setattr(easy, "_APART_MOST", 50)
    hexes = sorted(load_rules().map.neighbours)[:40]
    for a in hexes:
        for b in hexes[:5]:
            assert easy._apart(a, b) == distance(a, b)
            assert len(easy._APART) <= 50


@pytest.mark.parametrize("seed", [944010, 944011])
def test_goal_distances_kept_across_boards_are_each_boards_own(monkeypatch, seed):
    # the rules of thumb keep the nearest-goal distance per set of goals, for every
    # board with those goals: over a whole game each answer is still the plain minimum
    from plot_ai import easy
    from plot_core.hexgrid import distance

    monkeypatch.setattr(easy, "_NEAREST", {})
    monkeypatch.setattr(easy, "_NEAREST_MOST", 5)
    hexes = sorted(load_rules().map.neighbours)[::25]
    for state in _states(seed):
        if state.outcome is not None:
            break
        t = easy.Heuristic(state, easy.seen(state))
        for h in hexes:
            assert t.goal_distance(h) == min((distance(h, g) for g in t.goals), default=0)
        assert len(easy._NEAREST) <= 5


def test_the_last_three_coup_turns_are_told_apart():
    """18.73: after the sixth Coup-Turn the Allies win, so the streets weigh differently
    in the last Coup-Turns; each of the last three has its own flag and its own reading
    of the streets, and the others none (seed 944000 plays all six Coup-Turns)."""
    names = {n: i for i, n in enumerate(COUP)}
    seen = set()
    for state in _states(944000):
        if state.coup is None or state.outcome is not None:
            continue
        x = features(state)
        left = load_rules().game.coup_turns - state.coup.turn
        n_ss, n_ab = round(x[names["ss_streets"]] * 8), round(x[names["ab_streets"]] * 8)
        for k, when in enumerate(("last_coup_turn", "coup_turn_before_last", "third_coup_turn_from_last")):
            here = state.coup.turn > 0 and left == k
            assert x[names[when]] == (1.0 if here else 0.0), (state.coup.turn, when)
            assert x[names[f"{when}_ab_streets_inv"]] == (1 / (1 + n_ab) if here else 0.0)
            assert x[names[f"{when}_ss_streets_inv"]] == (1 / (1 + n_ss) if here else 0.0)
        seen.add(state.coup.turn)
    assert seen == {0, 1, 2, 3, 4, 5, 6}
