"""A served connection's keys: the parser's escape delay and the input budget, on a
clock the test moves (the late Esc uses the event loop's own timer, waited on)."""

from __future__ import annotations

import asyncio

import pytest
from textual import events

from fakes import Ticks
from plot_server import served_input
from plot_server.served_input import Bucket, Flooded, KeyInput


def keys_of(got: list) -> list[str]:
    return [e.key for e in got if isinstance(e, events.Key)]


def test_a_lone_escape_is_delivered_without_another_key():
    async def go():
        got: list = []
        keyboard = KeyInput(got.append)
        await keyboard.feed("\x1b")
        assert keys_of(got) == []  # it may yet begin a sequence
        for _ in range(100):  # at most a second: the delay is 0.1 s
            if got:
                break
            await asyncio.sleep(0.01)
        assert keys_of(got) == ["escape"]
        await keyboard.feed("x")  # and the next key is a key of its own
        assert keys_of(got) == ["escape", "x"]
        keyboard.close()

    asyncio.run(go())


def test_an_escape_sequence_in_one_read_is_one_key_and_alt_x_stays_alt_x():
    async def go():
        got: list = []
        keyboard = KeyInput(got.append)
        await keyboard.feed("\x1b[A")
        await keyboard.feed("\x1bx")
        await asyncio.sleep(0.3)  # past the delay: nothing left to deliver
        assert keys_of(got) == ["up", "alt+x"]
        keyboard.close()

    asyncio.run(go())


def test_keys_past_the_burst_are_dropped_until_the_budget_refills():
    async def go():
        clock, got = Ticks(), []
        keyboard = KeyInput(got.append, clock=clock)
        await keyboard.feed("x" * 500)
        assert len(keys_of(got)) == served_input.KEYS_BURST
        assert keyboard.dropped == 500 - served_input.KEYS_BURST
        clock.now += 1.0  # a second later, a second's worth again
        await keyboard.feed("y" * 100)
        assert keys_of(got).count("y") == served_input.KEYS_PER_SECOND
        keyboard.close()

    asyncio.run(go())


def test_mouse_movements_have_their_own_budget_and_never_crowd_out_keys():
    async def go():
        clock, got = Ticks(), []
        keyboard = KeyInput(got.append, clock=clock)
        await keyboard.feed("\x1b[<35;10;5M" * 300)  # the mouse waved about
        moves = [e for e in got if isinstance(e, events.MouseMove)]
        assert len(moves) == served_input.MOVES_PER_SECOND
        await keyboard.feed("n")
        assert keys_of(got) == ["n"]
        keyboard.close()

    asyncio.run(go())


def test_the_byte_budget_pauses_a_fast_sender_and_closes_a_flood():
    clock = Ticks()
    keyboard = KeyInput(lambda e: None, clock=clock)
    assert keyboard.pause_for(served_input.BYTES_BURST) == 0  # a paste goes at once
    wait = keyboard.pause_for(served_input.BYTES_PER_SECOND)  # one second more: wait
    assert wait == pytest.approx(1.0)
    clock.now += wait
    # Typing at the budget's own pace is never paused, however long it goes on.
    for _ in range(60):
        clock.now += 1.0
        assert keyboard.pause_for(served_input.BYTES_PER_SECOND) == 0
    # A sender that always has more, read as soon as its pause is over, is paused all the
    # time: closed once the pauses fill half of FLOOD_SECONDS.
    waited = 0.0
    with pytest.raises(Flooded, match="faster than anyone types"):
        while True:
            wait = keyboard.pause_for(2 * served_input.BYTES_PER_SECOND)
            assert wait > 0
            clock.now += wait
            waited += wait
    assert served_input.FLOOD_SECONDS / 2 - 2 < waited <= served_input.FLOOD_SECONDS / 2


def test_a_bucket_saves_up_no_more_than_its_burst():
    clock = Ticks()
    bucket = Bucket(rate=2, burst=3, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 100
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.charge(5) == pytest.approx(2.5)  # 5 tokens of debt at 2/s
