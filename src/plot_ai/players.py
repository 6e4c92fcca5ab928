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
from .expert import Expert
from .search import Thought


class ComputerPlayer:
    """Base: ``decide`` picks one of ``legal``; ``think`` is the time budget per decision."""

    level = "?"

    def __init__(self, rules: Rules, *, seed: int = 0, think: float = 1.0) -> None:
        self.rules, self.seed, self.think = rules, seed, think

    def decide(self, v: PlayerView, legal: Sequence[Action], rnd: random.Random) -> Action:
        raise NotImplementedError

    def new_game(self) -> None:
        """A new game begins (a player that keeps a budget or a plan starts afresh)."""

    def fresh_thought(self) -> Thought | None:
        """Why the last decision was made, for a player that can say."""
        return None

    def interrupted(self) -> None:
        """Its side acted without it (an explored action in a fitting game): a plan it
        had in hand was made for another position, and is dropped."""


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


class ExpertPlayer(ComputerPlayer):
    """Searches its plans over states drawn from its view, within a time budget (see
    expert.py and search.py); ``last`` says why it chose what it did."""

    level = "expert"

    def __init__(self, rules: Rules, *, seed: int = 0, think: float = 1.0, trials: int | None = None) -> None:
        super().__init__(rules, seed=seed, think=think)
        self.expert = Expert(rules, think=think, trials=trials)

    def new_game(self) -> None:
        self.expert.new_game()

    def fresh_thought(self) -> Thought | None:
        """The reasons for the decision just made, if it was a new plan (once)."""
        return self.expert.fresh()

    def interrupted(self) -> None:
        self.expert.plan = []

    def decide(self, v: PlayerView, legal: Sequence[Action], rnd: random.Random) -> Action:
        return self.expert.decide(v, legal, rnd)


LEVELS: dict[str, type[ComputerPlayer]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "hard": HardPlayer,
    "expert": ExpertPlayer,
}


def make(
    level: str, rules: Rules, *, seed: int = 0, think: float = 1.0, trials: int | None = None
) -> ComputerPlayer:
    """A player of ``level``; ``trials``: a searching player counts trials instead of
    seconds (its decisions then depend on nothing but what it is handed)."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}") from None
    if cls is ExpertPlayer:
        return cls(rules, seed=seed, think=think, trials=trials)
    return cls(rules, seed=seed, think=think)


@attrs.define
class Timed:
    """A player as a self-play policy: hands it only the view, and clocks each decision."""

    player: ComputerPlayer
    seconds: list[float] = attrs.field(factory=list)
    thoughts: list[float] = attrs.field(factory=list)  # the decisions that made a new plan

    def new_game(self) -> None:
        self.player.new_game()

    def __call__(self, state: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
        if len(legal) == 1:  # no choice, no thought (and not counted)
            return legal[0]
        v = view(state, state.to_act)  # all it is given: the side's own view
        t0 = time.perf_counter()
        choice = self.player.decide(v, legal, rnd)
        took = time.perf_counter() - t0
        self.seconds.append(took)
        if self.player.fresh_thought() is not None:
            self.thoughts.append(took)
        return choice
