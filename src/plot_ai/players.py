"""Computer players: each decides from one side's view and the legal actions, nothing more.

A computer player is handed ``view(state, side)`` — the board, its own chits, counts of
the rest — and the list of legal actions, exactly what a human at the screen has. It
never receives the game state, so it cannot read the opponent's chits or the dice.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import attrs

from plot_core import Action, GameState, PlayerView, Rules, view

from . import easy, hard


class ComputerPlayer:
    """Base: ``decide`` picks one of ``legal``; ``think`` is the time budget per decision."""

    level = "?"

    def __init__(self, rules: Rules, *, seed: int = 0, think: float = 1.0) -> None:
        self.rules, self.seed, self.think = rules, seed, think

    def decide(self, v: PlayerView, legal: Sequence[Action], rnd: random.Random) -> Action:
        raise NotImplementedError


class RandomPlayer(ComputerPlayer):
    """Uniformly random among legal actions: a baseline for tests and measurements."""

    level = "random"

    def decide(self, v: PlayerView, legal: Sequence[Action], rnd: random.Random) -> Action:
        return rnd.choice(list(legal))


class EasyPlayer(ComputerPlayer):
    """Rules of thumb, one decision at a time (see easy.py)."""

    level = "easy"

    def decide(self, v: PlayerView, legal: Sequence[Action], rnd: random.Random) -> Action:
        return easy.choose(v, list(legal), self.rules, rnd)


class HardPlayer(ComputerPlayer):
    """Searches each unit's plans in the coup, where games are won (see hard.py)."""

    level = "hard"

    def decide(self, v: PlayerView, legal: Sequence[Action], rnd: random.Random) -> Action:
        return hard.choose(v, list(legal), self.rules, rnd, self.think)


LEVELS: dict[str, type[ComputerPlayer]] = {"random": RandomPlayer, "easy": EasyPlayer,
                                           "hard": HardPlayer}


def make(level: str, rules: Rules, *, seed: int = 0, think: float = 1.0) -> ComputerPlayer:
    try:
        return LEVELS[level](rules, seed=seed, think=think)
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose one of "
                         f"{', '.join(LEVELS)}") from None


@attrs.define
class Timed:
    """A player as a self-play policy: hands it only the view, and clocks each decision."""

    player: ComputerPlayer
    seconds: list[float] = attrs.field(factory=list)

    def __call__(self, state: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
        if len(legal) == 1:                    # no choice, no thought (and not counted)
            return legal[0]
        v = view(state, state.to_act)          # all it is given: the side's own view
        t0 = time.perf_counter()
        choice = self.player.decide(v, legal, rnd)
        self.seconds.append(time.perf_counter() - t0)
        return choice

