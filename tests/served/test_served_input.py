"""A served connection's keys: the parser's escape delay and the connection's limits,
on a clock the test moves (the late Esc uses the event loop's own timer, waited on)."""

from __future__ import annotations

import asyncio

from textual import events

from fakes import Ticks
from plot_server.connection_limits import ConnectionGuard, ConnectionLimits
from plot_server.served_input import KeyInput

LIMITS = ConnectionLimits()


def keys_of(got: list) -> list[str]:
    return [e.key for e in got if isinstance(e, events.Key)]


def test_a_lone_escape_is_delivered_without_another_key():
    async def go():
        got: list = []
        keyboard = KeyInput(got.append, ConnectionGuard())
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
        keyboard = KeyInput(got.append, ConnectionGuard())
        await keyboard.feed("\x1b[A")
        await keyboard.feed("\x1bx")
        await asyncio.sleep(0.3)  # past the delay: nothing left to deliver
        assert keys_of(got) == ["up", "alt+x"]
        keyboard.close()

    asyncio.run(go())


def test_keys_past_the_burst_are_dropped_until_the_budget_refills():
    async def go():
        clock, got = Ticks(), []
        keyboard = KeyInput(got.append, guard := ConnectionGuard(clock=clock))
        await keyboard.feed("x" * 500)
        assert len(keys_of(got)) == LIMITS.keys_burst
        assert guard.dropped == 500 - LIMITS.keys_burst
        clock.now += 1.0  # a second later, a second's worth again
        await keyboard.feed("y" * 100)
        assert keys_of(got).count("y") == LIMITS.keys_per_second
        keyboard.close()

    asyncio.run(go())


def test_mouse_movements_have_their_own_budget_and_never_crowd_out_keys():
    async def go():
        clock, got = Ticks(), []
        keyboard = KeyInput(got.append, ConnectionGuard(clock=clock))
        await keyboard.feed("\x1b[<35;10;5M" * 300)  # the mouse waved about
        moves = [e for e in got if isinstance(e, events.MouseMove)]
        assert len(moves) == LIMITS.moves_per_second
        await keyboard.feed("n")
        assert keys_of(got) == ["n"]
        keyboard.close()

    asyncio.run(go())
