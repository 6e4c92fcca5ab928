"""A served connection's keys, as its terminal sent them, turned into the app's events:
Textual's own xterm parser, the escape delay a local terminal gets, and the connection's
limits (connection_limits.py), so one connection cannot starve the others on the
server's one event loop: keys and mouse movements past their budget are dropped before
they reach the app.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable

from textual import events
from textual.constants import ESCAPE_DELAY
from textual.message import Message

from plot_tui.textual_compat import XTermParser

from .connection_limits import KEY, MOVE, OTHER, ConnectionGuard

CHUNK = 4096  # parsed at a time, with a turn for the others between


class KeyInput:
    """One connection's input. ``deliver`` takes each event that passes the budget (the
    driver's ``process_message``); ``guard`` holds the connection's limits."""

    def __init__(self, deliver: Callable[[Message], None], guard: ConnectionGuard) -> None:
        self.deliver, self.guard = deliver, guard
        self.parser = XTermParser()
        self._tick: asyncio.TimerHandle | None = None

    async def feed(self, text: str) -> None:
        """Parse ``text`` a chunk at a time, letting the other connections run between."""
        for start in range(0, len(text), CHUNK):
            if start:
                await asyncio.sleep(0)
            self._pass(self.parser.feed(text[start : start + CHUNK]))
        self._pass(self.parser.tick())
        # A lone Esc stays in the parser until the escape delay has passed, in case it
        # begins a sequence; a local terminal's driver asks again every 0.1 s, so ask
        # once that delay is over, or the Esc would wait for the next key and be read
        # with it as Alt+key.
        if self._tick is not None:
            self._tick.cancel()
        self._tick = asyncio.get_running_loop().call_later(ESCAPE_DELAY + 0.01, self._late)

    def _late(self) -> None:
        self._tick = None
        self._pass(self.parser.tick())

    def close(self) -> None:
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def _pass(self, parsed: Iterable[Message]) -> None:
        for event in parsed:
            if self.guard.admit(kind_of(event)):
                self.deliver(event)


def kind_of(event: Message) -> str:
    """What the connection's limits count an event as."""
    if isinstance(event, events.MouseMove):
        return MOVE
    if isinstance(event, (events.Key, events.MouseEvent)):
        return KEY
    return OTHER
