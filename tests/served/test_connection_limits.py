"""The limits every served connection goes through (connection_limits.py), on a clock the
test moves: bytes and lines in, output queued for a client that does not read, idle
time; and the plain door's line editor, which never holds more than one line's limit."""

from __future__ import annotations

import asyncio

import pytest

from fakes import Ticks
from plot_server.connection_limits import (
    KEY,
    MOVE,
    OTHER,
    Bucket,
    ConnectionGuard,
    ConnectionLimits,
    Flooded,
    Stalled,
)
from plot_server.plain_door import ChannelText, LineEditor, Overlong

LIMITS = ConnectionLimits()


def test_the_byte_budget_pauses_a_fast_sender_and_closes_a_flood():
    clock = Ticks()
    guard = ConnectionGuard(clock=clock)
    assert guard.take_bytes(int(LIMITS.bytes_burst)) == 0  # a paste goes at once
    wait = guard.take_bytes(int(LIMITS.bytes_per_second))  # one second more: wait
    assert wait == pytest.approx(1.0)
    clock.now += wait
    # Typing at the budget's own pace is never paused, however long it goes on.
    for _ in range(60):
        clock.now += 1.0
        assert guard.take_bytes(int(LIMITS.bytes_per_second)) == 0
    # A sender that always has more, read as soon as its pause is over, is paused all the
    # time: closed once the pauses fill half of the flood window.
    waited = 0.0
    with pytest.raises(Flooded, match="faster than anyone types"):
        while True:
            wait = guard.take_bytes(int(2 * LIMITS.bytes_per_second))
            assert wait > 0
            clock.now += wait
            waited += wait
    assert LIMITS.flood / 2 - 2 < waited <= LIMITS.flood / 2


def test_typed_lines_past_their_budget_wait_their_turn():
    clock = Ticks()
    guard = ConnectionGuard(clock=clock)
    # a pasted page of commands is handled at once
    assert all(guard.take_line() == 0 for _ in range(int(LIMITS.lines_burst)))
    wait = guard.take_line()
    assert wait == pytest.approx(1 / LIMITS.lines_per_second)
    clock.now += 60  # a minute later, the budget is whole again
    # a player typing a line a second is never paused
    for _ in range(100):
        clock.now += 1
        assert guard.take_line() == 0
    # a script sending lines as fast as it may: each waits its turn (the door reads no
    # more meanwhile), however long it goes on: lines are paced, not a flood
    for _ in range(1000):
        wait = guard.take_line()
        assert 0 <= wait <= 1 / LIMITS.lines_per_second + 1e-9
        clock.now += wait


def test_keys_and_mouse_movements_past_their_budget_are_dropped_and_counted():
    clock = Ticks()
    guard = ConnectionGuard(clock=clock)
    assert sum(guard.admit(KEY) for _ in range(500)) == LIMITS.keys_burst
    assert sum(guard.admit(MOVE) for _ in range(500)) == LIMITS.moves_per_second
    assert all(guard.admit(OTHER) for _ in range(500))  # a resize, a focus: never dropped
    assert guard.dropped == 1000 - LIMITS.keys_burst - LIMITS.moves_per_second


def test_output_past_the_bound_is_held_back_and_a_client_that_stays_behind_is_closed():
    clock = Ticks()
    guard = ConnectionGuard(clock=clock)
    assert guard.sendable(LIMITS.unsent) and not guard.caught_up()
    assert not guard.sendable(LIMITS.unsent + 1)  # behind: nothing more is queued
    clock.now += LIMITS.stall - 1
    assert not guard.sendable(LIMITS.unsent + 1)
    assert guard.sendable(0)  # it read: sent again, and the door makes its screen whole
    assert guard.caught_up() and not guard.caught_up()
    assert not guard.sendable(LIMITS.unsent + 1)
    clock.now += LIMITS.stall + 1
    with pytest.raises(Stalled, match="did not take its output"):
        guard.sendable(LIMITS.unsent + 1)


def test_a_reader_that_is_behind_is_not_read_from_until_it_catches_up():
    async def go():
        guard = ConnectionGuard()
        backlog = [LIMITS.unsent * 2]

        async def drains():
            await asyncio.sleep(0.3)
            backlog[0] = 0

        task = asyncio.ensure_future(drains())
        await asyncio.wait_for(guard.wait_for_reader(lambda: backlog[0]), 5)
        assert backlog[0] == 0  # waited for it
        await task

    asyncio.run(go())


def test_idle_time_runs_from_the_last_touch():
    clock = Ticks()
    guard = ConnectionGuard(ConnectionLimits(idle=600), clock)
    clock.now += 599
    assert not guard.idle()
    guard.touch()
    clock.now += 599
    assert not guard.idle()
    clock.now += 2
    assert guard.idle()


def test_a_bucket_saves_up_no_more_than_its_burst():
    clock = Ticks()
    bucket = Bucket(rate=2, burst=3, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 100
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.charge(5) == pytest.approx(2.5)  # 5 tokens of debt at 2/s


def test_the_line_editor_never_holds_more_than_one_line_s_limit():
    echoed: list[bytes] = []
    editor = LineEditor(echoed.append, most=10)
    # bytes with no newline: kept up to the limit, the rest only counted, never echoed
    for _ in range(1000):
        assert editor.feed(b"x" * 1000) == []
    assert len(editor.buffer) == 10 and b"".join(echoed) == b"x" * 10
    assert editor.feed(b"\r") == [Overlong(10 + 999_990)]  # dropped whole, said so
    assert editor.feed(b"help\r") == ["help"]  # the next line is read as usual
    # a backspace past the limit takes back what was not kept first
    assert editor.feed(b"0123456789AB\x7f\x7f\r") == ["0123456789"]


def test_plain_output_a_client_does_not_read_is_dropped_and_said_once_it_reads():
    sent: list[bytes] = []
    reading = [False]
    out = ChannelText(sent.append, lambda: reading[0])
    for _ in range(3):
        print("a line", file=out)
    assert sent == []
    reading[0] = True
    print("the next line", file=out)
    assert b"".join(sent) == b"(3 lines not sent: your connection did not read them.)\r\nthe next line\r\n"
