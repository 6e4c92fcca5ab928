"""A served connection's keys, as its terminal sent them, turned into the app's events:
Textual's own xterm parser, the escape delay a local terminal gets, and a budget, so one
connection cannot starve the others on the server's one event loop.

The budget has two parts. Bytes: a connection may send ``BYTES_BURST`` at once and then
``BYTES_PER_SECOND``; past that its driver stops reading for as long as it is over, which
pushes back on the client (SSH's window, TCP under the WebSocket) instead of holding its
bytes here. A connection paused for more than half of the last ``FLOOD_SECONDS`` is
closed with a reason. Events: keys and clicks past ``KEYS_PER_SECOND`` (after a burst of
``KEYS_BURST``), and mouse movements past ``MOVES_PER_SECOND``, are dropped before they
reach the app: nobody types faster, and a dropped movement is redrawn by the next one.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Iterable

from textual import events
from textual.constants import ESCAPE_DELAY
from textual.message import Message

from plot_tui.textual_compat import XTermParser

BYTES_PER_SECOND = 4096
BYTES_BURST = 16 * 1024
KEYS_PER_SECOND = 30
KEYS_BURST = 60
MOVES_PER_SECOND = 60
FLOOD_SECONDS = 10.0
CHUNK = 4096  # parsed at a time, with a turn for the others between


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.when = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now

    def take(self) -> bool:
        """One token if there is one (the event goes ahead), else False (it is dropped)."""
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def charge(self, n: float) -> float:
        """Spend ``n`` tokens, going into debt if need be; the seconds until the debt is
        paid (0 if there is none), which is how long the sender should be paused."""
        self._refill()
        self.tokens -= n
        return max(0.0, -self.tokens / self.rate)


class Flooded(Exception):
    """The connection has sent more than the byte budget for too long."""


class KeyInput:
    """One connection's input. ``deliver`` takes each event that passes the budget (the
    driver's ``process_message``); ``clock`` is injected for the tests."""

    def __init__(
        self, deliver: Callable[[Message], None], *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.deliver, self.clock = deliver, clock
        self.parser = XTermParser()
        self.bytes = Bucket(BYTES_PER_SECOND, BYTES_BURST, clock)
        self.keys = Bucket(KEYS_PER_SECOND, KEYS_BURST, clock)
        self.moves = Bucket(MOVES_PER_SECOND, MOVES_PER_SECOND, clock)
        self.pauses: deque[tuple[float, float]] = deque()  # (when, how long), recent
        self.dropped = 0  # events dropped, for the operator's log
        self._tick: asyncio.TimerHandle | None = None

    def pause_for(self, n: int) -> float:
        """Charge ``n`` bytes just read; the seconds to wait before reading more. Raises
        Flooded once the connection has spent more than half of the last
        ``FLOOD_SECONDS`` paused for sending too much."""
        wait = self.bytes.charge(n)
        if wait:
            now = self.clock()
            self.pauses.append((now, wait))
            while self.pauses and self.pauses[0][0] < now - FLOOD_SECONDS:
                self.pauses.popleft()
            if sum(w for _, w in self.pauses) > FLOOD_SECONDS / 2:
                raise Flooded("your connection kept sending keys faster than anyone types")
        return wait

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
            if self._allowed(event):
                self.deliver(event)
            else:
                self.dropped += 1

    def _allowed(self, event: Message) -> bool:
        if isinstance(event, events.MouseMove):
            return self.moves.take()
        if isinstance(event, (events.Key, events.MouseEvent)):
            return self.keys.take()
        return True
