"""Rolling dice and drawing at random, from the state's own generator."""

from __future__ import annotations

from ..dice import below
from .state import GameState, evolve


def roll(state: GameState) -> tuple[int, GameState]:
    """One die: the next scripted roll if any (tests, positions), else the generator."""
    if state.dice:
        return state.dice[0], evolve(state, dice=state.dice[1:])
    value, rng = below(state.rng, state.rules.game.die_sides)
    return value + 1, evolve(state, rng=rng)


def pick(state: GameState, n: int) -> tuple[int, GameState]:
    """A uniform index in [0, n): which chit from a cup, which Allied unit from a box."""
    value, rng = below(state.rng, n)
    return value, evolve(state, rng=rng)
