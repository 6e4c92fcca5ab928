"""Thinking away from the screens: the expert's searches run in worker processes.

A search takes up to seconds of CPU. Run on Textual's event loop (or in a thread of
the same process, which holds the same interpreter lock) it would freeze the local
screen, and in ``plot serve`` every player's screen at once. So a decision that needs a
search is sent as a small job (the side's view, the legal actions, the player's own
plan and budget) to a pool of worker processes, which run at a lower priority than the
process that draws the screens; the answer comes back as a future.

The workers load the rules themselves from the same rules_data (its version is
checked), so no game state and no rules object crosses the process boundary.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
from concurrent.futures import Future, ProcessPoolExecutor
from functools import cache

import attrs

from plot_core import Action, PlayerView, Rules, load_rules

from .expert import Expert
from .search import Thought

NICENESS = 10  # the workers give way to the process that draws the screens


@attrs.frozen
class Job:
    """One decision for a worker: everything it may know, and nothing more."""

    rules_dir: str
    rules_version: str
    think: float
    trials: int | None
    plan: tuple[Action, ...]
    bank: tuple[tuple[str, float], ...]
    view: PlayerView
    legal: tuple[Action, ...]
    rnd: str  # the seed of the player's random generator for this move


@attrs.frozen
class Answer:
    action: Action
    plan: tuple[Action, ...]
    bank: tuple[tuple[str, float], ...]
    thought: Thought | None


@cache
def _rules(directory: str, version: str) -> Rules:
    rules = load_rules(directory)
    if rules.version != version:
        raise RuntimeError(f"the rules_data in {directory} changed while the server ran")
    return rules


def decide(job: Job) -> Answer:
    """The expert's decision on ``job`` (run in a worker; callable anywhere)."""
    expert = Expert(_rules(job.rules_dir, job.rules_version), think=job.think, trials=job.trials)
    expert.plan = list(job.plan)
    expert.bank = dict(job.bank)
    action = expert.decide(job.view, list(job.legal), random.Random(job.rnd))
    return Answer(action, tuple(expert.plan), tuple(expert.bank.items()), expert.fresh())


def job_for(expert: Expert, view: PlayerView, legal: list[Action], rnd: str) -> Job:
    r = expert.rules
    return Job(
        str(r.directory),
        r.version,
        expert.think,
        expert.trials,
        tuple(expert.plan),
        tuple(expert.bank.items()),
        view,
        tuple(legal),
        rnd,
    )


def take(expert: Expert, answer: Answer) -> Action:
    """The worker's answer, made the player's own (its plan and budget go on from it)."""
    expert.plan = list(answer.plan)
    expert.bank = dict(answer.bank)
    if answer.thought is not None:
        expert.last = answer.thought
    return answer.action


def _start_forkserver() -> None:
    """Start multiprocessing's fork server (and its resource tracker) now. They hand on
    the process's standard error, and a Textual app replaces sys.stderr with an object
    whose fileno() is not a real descriptor ("bad value(s) in fds_to_keep"): give them
    the real one while they start."""
    from multiprocessing import forkserver

    saved = sys.stderr
    try:
        if saved.fileno() < 0:
            _raise()
    except Exception:
        sys.stderr = sys.__stderr__ if sys.__stderr__ is not None else open(os.devnull, "w")  # noqa: SIM115
    try:
        forkserver.ensure_running()
    finally:
        sys.stderr = saved


def _raise() -> None:
    raise ValueError("not a descriptor")


def _lower_priority() -> None:
    try:
        os.nice(NICENESS)
    except OSError:  # not allowed here: same priority, still off the loop
        pass


class ThinkPool:
    """Worker processes for searches; one per core (they run at a lower priority)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, job: Job) -> Future[Answer]:
        if self._pool is None:
            # forkserver, not fork: the screens' process runs threads and an event loop
            _start_forkserver()
            self._pool = ProcessPoolExecutor(
                self.workers,
                initializer=_lower_priority,
                mp_context=multiprocessing.get_context("forkserver"),
            )
        return self._pool.submit(decide, job)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


_shared: ThinkPool | None = None


def shared_pool() -> ThinkPool:
    """The process's one pool (a server's tables and a local game share it)."""
    global _shared
    if _shared is None:
        _shared = ThinkPool()
    return _shared
