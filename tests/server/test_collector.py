"""The server's full garbage collections wait for a quiet moment (collector.py)."""

from __future__ import annotations

import gc

from fakes import Ticks
from plot_server.collector import NEVER, Collector


def collector(pending: int = 5) -> tuple[Collector, Ticks, list[float]]:
    clock, runs = Ticks(), []
    c = Collector(
        quiet=2,
        every=30,
        at_most=300,
        clock=clock,
        collect=lambda: runs.append(clock.now),
        pending=lambda: pending,
    )
    return c, clock, runs


def test_collects_only_when_quiet_and_not_too_often():
    c, clock, runs = collector()
    clock.now += 10
    assert not c.step()  # quiet, but collected 10 s ago (at start)
    clock.now += 25
    c.touch()
    clock.now += 1
    assert not c.step()  # a key 1 s ago: not now
    clock.now += 1.5
    assert c.step() and runs == [clock.now]  # 2.5 s without a key, 37.5 s since the last
    clock.now += 5
    assert not c.step()  # just collected


def test_a_busy_server_still_collects_after_the_longest_wait():
    c, clock, runs = collector()
    for _ in range(299):
        clock.now += 1
        c.touch()
        assert not c.step()
    clock.now += 1
    c.touch()
    assert c.step() and len(runs) == 1


def test_nothing_pending_means_no_collection():
    c, clock, runs = collector(pending=0)
    clock.now += 1000
    assert not c.step() and runs == []


def test_taking_over_stops_automatic_full_collections():
    before = gc.get_threshold()
    try:
        Collector().take_over()
        assert gc.get_threshold()[2] == NEVER
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_what_survives_is_frozen_and_thawed_only_now_and_then():
    # a collection walks only what is newer than the last one; every thaw_every
    # seconds everything is walked again, so frozen cycles are not kept for ever
    clock, said = Ticks(), []
    c = Collector(
        quiet=2,
        every=30,
        at_most=300,
        thaw_every=1000,
        clock=clock,
        collect=lambda: said.append("collect"),
        pending=lambda: 5,
        freeze=lambda: said.append("freeze"),
        unfreeze=lambda: said.append("unfreeze"),
    )
    for _ in range(3):
        clock.now += 300
        assert c.step()
    assert said == ["collect", "freeze"] * 3  # 900 s since the start: not yet
    said.clear()
    clock.now += 300  # 1,200 s: past the thaw (1,000 s)
    assert c.step()
    assert said == ["unfreeze", "collect", "freeze"]
    said.clear()
    clock.now += 300
    assert c.step() and said == ["collect", "freeze"]


def test_a_real_collection_freezes_what_survives():
    before = gc.get_threshold()
    try:
        gc.unfreeze()
        c = Collector(pending=lambda: 1, at_most=0)
        kept = [[] for _ in range(1000)]
        assert c.step()
        assert gc.get_freeze_count() >= len(kept)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_a_server_that_grows_collects_at_once_though_never_quiet():
    """Garbage that piles up while keys never stop (a screen opened and closed again
    and again) is collected once the process has grown ``pressure`` bytes, not after the
    longest wait; the next such collection needs as much growth again."""
    clock, runs, memory = Ticks(), [], [100]
    c = Collector(
        quiet=2,
        every=30,
        at_most=300,
        pressure=64,
        clock=clock,
        collect=lambda: runs.append(clock.now),
        pending=lambda: 5,
        freeze=lambda: None,
        unfreeze=lambda: None,
        memory=lambda: memory[0],
    )
    clock.now += 1
    c.touch()
    memory[0] = 163
    assert not c.step()  # a key a moment ago, and grown less than the pressure
    memory[0] = 164
    assert c.step() and len(runs) == 1  # grown 64: now, though a key came just before
    clock.now += 1
    c.touch()
    memory[0] = 200  # (what was freed is kept for reuse: the memory seldom shrinks)
    assert not c.step()
    memory[0] = 228
    assert c.step() and len(runs) == 2


def test_growth_since_the_last_thaw_thaws_first():
    """What survives a collection is frozen; a screen open at that moment dies later,
    frozen, out of reach: collections every few seconds would keep all of them. Once the
    process has grown ``pressure`` since the last thaw, the next collection thaws."""
    clock, said, memory = Ticks(), [], [100]
    c = Collector(
        quiet=2,
        every=5,
        at_most=300,
        thaw_every=1000,
        pressure=64,
        clock=clock,
        collect=lambda: said.append("collect"),
        pending=lambda: 5,
        freeze=lambda: said.append("freeze"),
        unfreeze=lambda: said.append("unfreeze"),
        memory=lambda: memory[0],
    )
    for grown in (20, 40, 60):  # quiet collections, each with a little more kept
        clock.now += 10
        memory[0] = 100 + grown
        assert c.step()
    assert "unfreeze" not in said
    said.clear()
    clock.now += 10
    memory[0] = 164  # 64 since the start (the last thaw)
    assert c.step() and said == ["unfreeze", "collect", "freeze"]
    said.clear()
    clock.now += 10
    memory[0] = 200
    assert c.step() and said == ["collect", "freeze"]  # counted from that thaw now


def test_the_resident_memory_is_read_where_the_system_says_it():
    from plot_server.collector import resident_bytes

    assert resident_bytes() > 1024 * 1024  # this test process: some MiB at least
