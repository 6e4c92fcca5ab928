"""Rolling dice and drawing at random: from scripted outcomes first (tests, positions,
an outside source of chance such as OpenSpiel), else from the state's own generator.

A state whose generator is OUTSIDE draws nothing itself: when its scripted outcomes
run out, a roll or a pick raises ChanceNeeded, saying how many outcomes the draw has
(all equally likely). The caller chooses one, adds it to the script, and plays the same
step again from the state before it: the game then plays exactly as it would had its
generator drawn that outcome.
"""

from __future__ import annotations

from ..dice import below
from .state import GameState, evolve

OUTSIDE = -1  # the generator of a state whose chance comes from outside


class ChanceNeeded(Exception):
    """A draw the state cannot make itself: ``outcomes`` equally likely results, of a
    die (``kind`` "die": 1..outcomes) or a pick (``kind`` "pick": 0..outcomes-1)."""

    def __init__(self, kind: str, outcomes: int) -> None:
        super().__init__(f"chance needed: a {kind} with {outcomes} outcomes")
        self.kind, self.outcomes = kind, outcomes


def roll(state: GameState) -> tuple[int, GameState]:
    """One die: the next scripted roll if any (tests, positions), else the generator."""
    if state.dice:
        return state.dice[0], evolve(state, dice=state.dice[1:])
    if state.rng == OUTSIDE:
        raise ChanceNeeded("die", state.rules.game.die_sides)
    value, rng = below(state.rng, state.rules.game.die_sides)
    return value + 1, evolve(state, rng=rng)


def pick(state: GameState, n: int) -> tuple[int, GameState]:
    """A uniform index in [0, n): which chit from a cup, which Allied unit from a box."""
    if state.picks:
        if not 0 <= state.picks[0] < n:
            raise ValueError(f"a scripted pick of {state.picks[0]} among {n}")
        return state.picks[0], evolve(state, picks=state.picks[1:])
    if state.rng == OUTSIDE:
        raise ChanceNeeded("pick", n)
    value, rng = below(state.rng, n)
    return value, evolve(state, rng=rng)
