"""Full garbage collections at quiet moments, not in the middle of a key press.

One server process holds every player's screen: with 20 sessions that is some
150 MB of Python objects (widgets, styles, drawn lines). CPython's automatic full
collection walks all of them and stalls every session at once, for 0.1-0.7 s on
the 2-core bench machine, whenever the allocation counters say so: that was the
whole tail of key-to-screen latency in `make bench`. So the server leaves the
young generations to the automatic collector (cheap, and most garbage dies
there) and does the full collection itself, when no one has pressed a key for a
moment, or, if the server is never quiet, after a longer wait anyway, so that
garbage never piles up without bound. Measured (docs/reports/engine-speed.md, the SSH benchmark): the
slowest key went from 0.5-0.8 s to about 0.1 s; a seated session's resident
memory from 6.4 to about 8 MiB, the garbage that waits for a quiet moment.

Even at a quiet moment a walk of every screen stalls the next key by a second or
more once tables of the computer playing itself are watched (they are seldom
quiet), so what survives a collection is frozen (gc.freeze) and the next one
walks only what is newer. Frozen objects that die in a cycle (a closed screen's
widgets) wait for the thaw: everything is walked again, at most every
``thaw_every`` seconds.

A server that is never quiet must not wait that long when garbage piles up: a
connection that opens and closes a screen five times a second (well within its key
budget) leaves megabytes of closed screens a second. Collected every few seconds, the
screen open at each collection is frozen and later dies frozen, out of reach until
the thaw; and without a collection its garbage waits for the longest wait. Either way
the server grew by hundreds of megabytes a minute. So memory is a reason too: once the
process has grown ``pressure`` bytes since the last collection it collects at once,
quiet or not; and once it has grown that much since the last thaw, it thaws first.
"""

from __future__ import annotations

import asyncio
import gc
import os
import time
from collections.abc import Callable

import attrs

NEVER = 10**9  # a generation-2 threshold no count of gen-1 collections reaches


def resident_bytes() -> int:
    """This process's resident memory (0 where the system does not say: no pressure)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


@attrs.define
class Collector:
    quiet: float = 1.0  # seconds without a key that count as a quiet moment
    every: float = 5.0  # collect at most this often when quiet
    at_most: float = 300.0  # collect after this long even if never quiet
    thaw_every: float = 900.0  # walk the frozen objects too at most this often
    pressure: int = 64 * 1024 * 1024  # grown this much since the last one: collect now
    clock: Callable[[], float] = time.monotonic
    memory: Callable[[], int] = resident_bytes
    collect: Callable[[], object] = gc.collect
    pending: Callable[[], int] = lambda: gc.get_count()[2]  # promotions since the last one
    freeze: Callable[[], object] = gc.freeze
    unfreeze: Callable[[], object] = gc.unfreeze
    last_key: float = attrs.field(init=False)
    last_collect: float = attrs.field(init=False)
    last_thaw: float = attrs.field(init=False)
    after: int = attrs.field(init=False)  # the memory after the last collection
    after_thaw: int = attrs.field(init=False)  # ... and after the last thaw

    def __attrs_post_init__(self) -> None:
        self.last_collect = self.last_key = self.last_thaw = self.clock()
        self.after = self.after_thaw = self.memory()

    def touch(self) -> None:
        """Someone pressed a key (or a game moved): not a quiet moment."""
        self.last_key = self.clock()

    def _grown(self, since: int) -> bool:
        """Has the process grown by ``pressure`` bytes since it had ``since``?"""
        return self.memory() - since >= self.pressure

    def due(self) -> bool:
        if not self.pending():  # nothing reached the old generation: nothing to do
            return False
        now = self.clock()
        since = now - self.last_collect
        return (
            since >= self.at_most
            or (since >= self.every and now - self.last_key >= self.quiet)
            or self._grown(self.after)
        )

    def step(self) -> bool:
        if not self.due():
            return False
        thaw = self.clock() - self.last_thaw >= self.thaw_every or self._grown(self.after_thaw)
        if thaw:
            self.unfreeze()
            self.last_thaw = self.clock()
        self.collect()
        self.freeze()
        self.last_collect = self.clock()
        # (the memory a collection frees is kept by the process for reuse: the next
        # collection or thaw for memory comes after as much growth again)
        self.after = self.memory()
        if thaw:
            self.after_thaw = self.after
        return True

    def take_over(self) -> None:
        """Stop automatic full collections; what is loaded so far is kept for good
        (rules, modules) and never walked again (gc.freeze)."""
        gc.collect()
        gc.freeze()
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, NEVER)

    async def run(self, tick: float = 0.5) -> None:
        while True:
            await asyncio.sleep(tick)
            self.step()
