"""`plot selfplay` with computer players: whole games, one process or several.

Each game is played by players made afresh for it (a searching player's budget is per
game), clocked by ``Timed``; with ``procs`` above one the games are shared out over
that many processes, each game still seeded by its number alone (a searching player
within a time budget thinks as far as its time allows, so its games are not exactly
repeatable; everything else is).
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import attrs

from plot_core import load_rules
from plot_core.selfplay import POLICIES, GameResult, Policy, play_game

from .players import Timed, make


@attrs.frozen
class Clocked:
    """One side's thinking in one game."""

    seconds: tuple[float, ...]  # every decision with a choice
    thoughts: tuple[float, ...]  # those that made a new plan (searching players)
    total: float


def _one(seed: int, ss: str, abwehr: str, think: float) -> tuple[GameResult, Clocked | None, Clocked | None]:
    rules = load_rules()

    def player(level: str) -> Policy:
        if level == "busy":  # a test policy of the engine's, not a player
            return POLICIES["busy"]
        return Timed(make(level, rules, think=think))

    a, b = player(ss), player(abwehr)
    result = play_game(seed, a, b)

    def clocked(p: Policy) -> Clocked | None:
        if not isinstance(p, Timed):
            return None
        return Clocked(tuple(p.seconds), tuple(p.thoughts), sum(p.seconds))

    return result, clocked(a), clocked(b)


def _star(args: tuple[int, str, str, float]) -> tuple[GameResult, Clocked | None, Clocked | None]:
    return _one(*args)


def play(
    games: int, seed: int, ss: str, abwehr: str, think: float = 1.0, procs: int = 1
) -> Iterator[tuple[GameResult, Clocked | None, Clocked | None]]:
    jobs = [(seed + i, ss, abwehr, think) for i in range(games)]
    if procs <= 1:
        yield from map(_star, jobs)
        return
    with ProcessPoolExecutor(procs) as pool:
        yield from pool.map(_star, jobs)
