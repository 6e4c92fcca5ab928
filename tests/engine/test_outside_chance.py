"""Chance from outside (rolls.py): a game whose every roll and pick is chosen by the
caller plays exactly as the seeded game whose generator drew the same outcomes."""

from __future__ import annotations

import random

import attrs
import pytest

from plot_core import apply, legal_actions, new_game
from plot_core.dice import below, seed_state
from plot_core.engine.randomplay import busy_policy
from plot_core.engine.rolls import OUTSIDE, ChanceNeeded
from plot_core.engine.state import evolve


def _outside(step, draw):
    """``step(dice, picks)`` again with one more outcome each time it asks for one."""
    dice: tuple[int, ...] = ()
    picks: tuple[int, ...] = ()
    while True:
        try:
            return step(dice, picks)
        except ChanceNeeded as need:
            value = draw(need.outcomes)
            if need.kind == "die":
                dice += (value + 1,)
            else:
                picks += (value,)


@pytest.mark.parametrize("seed", [500100, 500101])
def test_a_game_with_chance_from_outside_is_the_seeded_game(seed):
    rng = seed_state(seed)

    def draw(n):  # what the seeded game's own generator draws next
        nonlocal rng
        value, rng = below(rng, n)
        return value

    seeded = new_game(seed)
    outside = _outside(lambda d, p: new_game(seed, outside_chance=True, dice=d, picks=p), draw)
    rnd, actions = random.Random(seed), 0
    while seeded.outcome is None:
        assert outside.rng == OUTSIDE and not outside.dice and not outside.picks
        assert evolve(outside, rng=seeded.rng) == seeded, f"apart after {actions} actions"
        assert legal_actions(outside) == legal_actions(seeded)
        action = busy_policy(seeded, legal_actions(seeded), rnd)
        seeded = apply(seeded, action)
        outside = _outside(
            lambda d, p, before=outside, action=action: apply(attrs.evolve(before, dice=d, picks=p), action),
            draw,
        )
        actions += 1
    assert evolve(outside, rng=seeded.rng) == seeded and outside.outcome == seeded.outcome
    assert actions > 300


def test_a_state_without_a_generator_says_what_it_needs():
    with pytest.raises(ChanceNeeded) as need:
        new_game(1, outside_chance=True)
    assert need.value.kind == "pick" and need.value.outcomes > 1  # 6.2: the first draw
    assert str(need.value) == f"chance needed: a pick with {need.value.outcomes} outcomes"


def test_a_scripted_pick_outside_the_cup_is_refused_naming_it():
    # 4.1: the first chit is picked from the whole cup, index 0 to one less than its size
    cup = len(new_game(1).chits)
    new_game(1, picks=(cup - 1,))  # the last chit may be picked
    with pytest.raises(ValueError) as refused:
        new_game(1, picks=(cup, 0))
    assert str(refused.value) == f"a scripted pick of {cup} among {cup}"
