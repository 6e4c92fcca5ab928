"""The limits every served connection goes through, whatever its door: the full screen
over SSH or in a browser, the plain text door, and any door added later.

One ``ConnectionGuard`` a connection. Its door calls it at three places, and nowhere
else decides a limit:

- **input**: ``take_bytes(n)`` before bytes are handled, ``take_line()`` before a typed
  line is (the plain door), ``admit(kind)`` before a key or a click reaches the app
  (the full screen), ``wait_for_app`` before the full screen reads more. Past its
  byte budget the sender is paused (the door stops reading, which pushes back on the
  client: SSH's window, TCP under the WebSocket) rather than its input held here; a
  connection paused for its bytes more than half of the last ``flood`` seconds is
  closed with ``Flooded``. Lines past their budget wait their turn (a player may paste
  a Game-Turn's moves; a page of them is taken at once). Keys and mouse movements past
  theirs are dropped: nobody types faster, and a dropped movement is redrawn by the
  next one. A typed line longer than ``line_length`` is not read (the door's line
  editor keeps no more), so bytes sent with no newline cannot grow a buffer. And the
  full screen is not read while its app has more than ``app_backlog`` events still to
  handle: keys that open and close a large screen can come faster than the server
  draws it, and each waiting event holds its screen.
- **output**: ``sendable(unsent)`` before anything is sent: past ``unsent`` bytes not
  yet taken by the client, output is dropped (the full screen draws the next frame
  whole; the plain door says lines were lost), the door stops reading its input until
  the client catches up (``wait_for_reader``), and a client that stays behind for
  ``stall`` seconds is closed with ``Stalled``.
- **idle**: ``touch()`` on every input and every change at the connection's table;
  ``idle()`` says when ``idle`` seconds have passed without either.

The host's guide has the numbers in one table (docs/hosts/serving.md, "Each
connection's limits").
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

import attrs

from .guard import CodeLimit


@attrs.frozen
class ConnectionLimits:
    bytes_per_second: float = 4096  # input, after a burst of ...
    bytes_burst: float = 16 * 1024
    keys_per_second: float = 30  # keys and clicks reaching the full screen, after ...
    keys_burst: float = 60
    moves_per_second: float = 60  # mouse movements
    lines_per_second: float = 4  # typed lines the plain door handles, after ...
    lines_burst: float = 30  # (a pasted page of commands)
    line_length: int = 1000  # characters of one typed line; the rest is dropped
    app_backlog: int = 20  # events waiting for the app before input is read again
    unsent: int = 4 * 1024 * 1024  # output queued for a client that does not read
    stall: float = 30.0  # seconds a client may stay that far behind
    flood: float = 10.0  # paused for more than half of this many seconds: closed
    idle: float = 30 * 60  # seconds without input or a change at the table
    join_codes: int = 5  # wrong join codes tried a minute, at any table


class Flooded(Exception):
    """The connection has sent more than its budget for too long."""


class Stalled(Exception):
    """The client has not taken its output for too long."""


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


KEY, MOVE, OTHER = "key", "move", "other"  # what admit() is asked about
BACKLOG_CHECK = 0.2  # seconds between looks at a backlog the reader waits on
APP_CHECK = 0.02  # ... and at the app's own


class ConnectionGuard:
    """One connection's limits (``ConnectionLimits``) on its own ``clock`` (tests pass
    theirs)."""

    def __init__(self, limits: ConnectionLimits | None = None, clock: Callable[[], float] = time.monotonic):
        self.limits = limits = limits or ConnectionLimits()
        self.clock = clock
        self.bytes = Bucket(limits.bytes_per_second, limits.bytes_burst, clock)
        self.lines = Bucket(limits.lines_per_second, limits.lines_burst, clock)
        self.keys = Bucket(limits.keys_per_second, limits.keys_burst, clock)
        self.moves = Bucket(limits.moves_per_second, limits.moves_per_second, clock)
        self.pauses: deque[tuple[float, float]] = deque()  # (when, how long), recent
        self.dropped = 0  # events dropped, for the operator's log
        self.behind_since: float | None = None  # output dropped since then
        self.stalled = False  # closed for not taking its output: nothing more can be sent
        self.last_seen = clock()
        # wrong join codes from this connection, at any table (each table has its own
        # limit too): checked by the hub as a side is taken, whichever door asks
        self.codes = CodeLimit(limits.join_codes, clock=clock)

    # -- input ------------------------------------------------------------------------
    def take_bytes(self, n: int) -> float:
        """Charge ``n`` bytes just read; the seconds to wait before reading more.
        Raises Flooded past the flood limit."""
        return self._paused(self.bytes.charge(n), "kept sending faster than anyone types")

    def take_line(self) -> float:
        """Charge one typed line about to be handled; the seconds to wait first."""
        return self.lines.charge(1)

    def admit(self, kind: str) -> bool:
        """May a key or a click (KEY), or a mouse movement (MOVE), reach the app?"""
        bucket = self.keys if kind == KEY else self.moves if kind == MOVE else None
        if bucket is None or bucket.take():
            return True
        self.dropped += 1
        return False

    def _paused(self, wait: float, what: str) -> float:
        if wait:
            now = self.clock()
            self.pauses.append((now, wait))
            while self.pauses and self.pauses[0][0] < now - self.limits.flood:
                self.pauses.popleft()
            if sum(w for _, w in self.pauses) > self.limits.flood / 2:
                raise Flooded(f"your connection {what}")
        return wait

    async def wait_for_app(self, waiting: Callable[[], int]) -> None:
        """Before reading more input: wait while the app has more than its backlog of
        events still to handle (``waiting``)."""
        while waiting() > self.limits.app_backlog:
            await asyncio.sleep(APP_CHECK)

    # -- output -----------------------------------------------------------------------
    def sendable(self, unsent: int) -> bool:
        """May more output be queued for a client that has ``unsent`` bytes not yet
        taken? Raises Stalled once it has been too far behind for ``stall`` seconds."""
        if unsent <= self.limits.unsent:
            return True
        now = self.clock()
        if self.behind_since is None:
            self.behind_since = now
        elif now - self.behind_since > self.limits.stall:
            self.stalled = True
            raise Stalled(f"your connection did not take its output for {self.limits.stall:g} seconds")
        return False

    def caught_up(self) -> bool:
        """After output was dropped, has the client caught up? True once, the first time
        output is sendable again: the door then sends what makes its screen whole."""
        if self.behind_since is None:
            return False
        self.behind_since = None
        return True

    async def wait_for_reader(self, unsent: Callable[[], int]) -> None:
        """Before reading more input: wait while the client is too far behind to be
        sent the answer (Stalled if it stays behind)."""
        while not self.sendable(unsent()):
            await asyncio.sleep(BACKLOG_CHECK)

    # -- idle -------------------------------------------------------------------------
    def touch(self) -> None:
        self.last_seen = self.clock()

    def idle(self) -> bool:
        return self.clock() - self.last_seen > self.limits.idle
