"""Textual drivers whose terminal is a network connection instead of this process's tty.

Each SSH or browser session runs its own App in the server's event loop. ServedDriver
holds what both doors share: the size the app draws at (clamped), resizes coalesced,
and every byte in and out through the connection's limits (connection_limits.py, the
app's ``guard``): input through served_input's parser within its budget, output a
client does not read dropped and, past the stall time, the client closed.
ChannelDriver is the SSH door's; the web door's WebDriver is in webdriver.py.
"""

from __future__ import annotations

import asyncio
import time
from codecs import getincrementaldecoder
from typing import Any

import asyncssh
from textual import events
from textual.driver import Driver
from textual.geometry import Size

from plot_tui.textual_compat import driver_app, set_driver_size

from .connection_limits import ConnectionGuard, Flooded, Stalled
from .served_input import KeyInput

# Escape sequences a terminal application sends when it starts and stops.
START = (
    "\x1b[?1049h"  # the alternate screen
    "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"  # mouse reports
    "\x1b[?25l"  # hide the cursor
    "\x1b[?2004h"
)  # bracketed paste
STOP = "\x1b[?2004l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?25h\x1b[?1049l"


# A terminal larger than this is drawn at this size: Textual's memory grows with the
# area, and one 65535x65535 request could take the whole server down.
MAX_WIDTH, MAX_HEIGHT = 500, 200
STALL_CHECK = 5.0  # seconds between checks, whether or not the screen draws
# A key with no output within this many seconds drew nothing: the next output (a
# clock, the opponent's move) is not its answer, and is not counted as its redraw time.
UNANSWERED = 5.0
# A window being dragged sends many sizes: only the last in each such pause is drawn,
# so no client can make the server redraw whole screens as fast as it can send.
RESIZE_PAUSE = 0.2


def clamp(width: int, height: int) -> tuple[int, int]:
    """A terminal's size as the app will draw it (0 means the client did not say)."""
    return (max(1, min(width or 80, MAX_WIDTH)), max(1, min(height or 24, MAX_HEIGHT)))


class ServedDriver(Driver):
    """The door-independent part. A subclass says how big the client's window is now
    (``_window_now``), how much output it has not taken (``_unsent``), how to send
    (``_send``) and how to read (``_read``, which feeds ``self.input``)."""

    words = "window"  # what the player calls their terminal

    def __init__(
        self, app: Any, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._reader: asyncio.Task[None] | None = None
        self._stall_timer: asyncio.TimerHandle | None = None
        self._next_size: tuple[int, int] | None = None  # a resize waiting for its pause
        self.size_note = ""  # said when the terminal is clamped
        # the app's limits (a served app has them; any other app gets the defaults)
        self.guard: ConnectionGuard = getattr(app, "guard", None) or ConnectionGuard()
        self.input = KeyInput(self.process_message, self.guard)
        hub = getattr(app, "hub", None)  # a served app's: the process's figures
        self._latency = hub.figures.key_to_redraw if hub is not None else None
        self._key_at: float | None = None  # the first key not yet answered by output

    @property
    def is_headless(self) -> bool:
        return False

    # -- what a door provides -------------------------------------------------------------
    def _window_now(self) -> tuple[int, int]:
        raise NotImplementedError

    def _unsent(self) -> int:
        raise NotImplementedError

    def _closing(self) -> bool:
        raise NotImplementedError

    def _send(self, payload: bytes) -> None:
        raise NotImplementedError

    async def _read(self) -> None:
        raise NotImplementedError

    # -- output ---------------------------------------------------------------------------
    def _backed_up(self) -> bool:
        """Is the client too far behind to send it more? Closes it once it has been
        behind for the stall time."""
        try:
            return not self.guard.sendable(self._unsent())
        except Stalled as stall:
            self.leave(f"plot: closed: {stall}.")
            return True

    def write(self, data: str) -> None:
        if self._closing() or self._backed_up():
            return  # the client does not read: drop, rather than hold
        if self.guard.caught_up():
            # Frames were lost: ask for a whole new one instead of patching an unknown
            # screen, once this write is on its way.
            size = Size(*clamp(*self._window_now()))
            asyncio.get_running_loop().call_soon(
                lambda: driver_app(self).post_message(events.Resize(size, size))
            )
        self._send(data.encode("utf-8"))
        if self._key_at is not None and self._latency is not None:
            waited = time.monotonic() - self._key_at
            if waited <= UNANSWERED:  # (longer: the key drew nothing, this is other news)
                self._latency.observe(waited)
        self._key_at = None

    def _check_stall(self) -> None:
        # The screen may not be drawing (nothing changes), yet the client may be filling
        # a queue of its own (pongs): look at the backlog on a timer too.
        if not self._closing():
            self._backed_up()
            self._stall_timer = asyncio.get_running_loop().call_later(STALL_CHECK, self._check_stall)

    def leave(self, why: str) -> None:
        """End this session, saying ``why`` on the terminal after the app has gone."""
        driver_app(self).goodbye = why
        driver_app(self).exit()

    def flush(self) -> None:
        pass

    # -- size -----------------------------------------------------------------------------
    def _resize_later(self, width: int, height: int) -> None:
        if self._next_size is None:
            asyncio.get_running_loop().call_later(RESIZE_PAUSE, self._resize_now)
        self._next_size = (width, height)

    def _resize_now(self) -> None:
        size, self._next_size = self._next_size, None
        if size is not None and not self._closing():
            self._resize(*size)

    def _resize(self, width: int, height: int) -> None:
        w, h = clamp(width, height)
        set_driver_size(self, (w, h))  # what Textual reads as app.size
        self.size_note = (
            ""
            if (w, h) == (width or 80, height or 24)
            else (
                f"Your {self.words} is {width}x{height}; plot draws at most "
                f"{MAX_WIDTH}x{MAX_HEIGHT}, in its top left corner."
            )
        )
        size = Size(w, h)
        if self.size_note:
            driver_app(self).call_later(
                driver_app(self).notify, self.size_note, severity="warning", markup=False, timeout=8
            )
        driver_app(self).post_message(events.Resize(size, size))

    # -- input ----------------------------------------------------------------------------
    async def _take(self, text: str, n: int) -> bool:
        """Input of ``n`` bytes from the client: parsed within the budget, then a pause
        if the client is over it, if the app is behind on its events, or if the client is
        too far behind on its output to be sent the answer.
        False when the client has flooded or stalled and is closed."""
        if self._key_at is None and text:  # (a ping carries none)
            self._key_at = time.monotonic()
        touch = getattr(driver_app(self), "touch", None)  # the server's idle clock
        if touch is not None:
            touch()
        await self.input.feed(text)
        try:
            wait = self.guard.take_bytes(n)
            if wait:
                await asyncio.sleep(wait)
            await self.guard.wait_for_app(lambda: driver_app(self).message_queue_size)
            await self.guard.wait_for_reader(self._unsent)
        except (Flooded, Stalled) as why:
            self.leave(f"plot: closed: {why}.")
            return False
        return True

    def start_application_mode(self) -> None:
        loop = asyncio.get_running_loop()
        self.write(START)
        self._resize(*self._window_now())
        self._reader = loop.create_task(self._read())
        self._stall_timer = loop.call_later(STALL_CHECK, self._check_stall)

    def disable_input(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        self.input.close()

    def stop_application_mode(self) -> None:
        self.disable_input()
        if self._stall_timer is not None:
            self._stall_timer.cancel()
        self.write(STOP)


class ChannelDriver(ServedDriver):
    """The SSH door. The app must carry the SSH process as ``app.terminal``."""

    words = "terminal"

    def __init__(
        self, app: Any, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._process: asyncssh.SSHServerProcess[bytes] = app.terminal

    def _window_now(self) -> tuple[int, int]:
        width, height, *_ = self._process.get_terminal_size()
        return (width, height)

    def _unsent(self) -> int:
        return self._process.channel.get_write_buffer_size()

    def _closing(self) -> bool:
        return self._process.is_closing()

    def _send(self, payload: bytes) -> None:
        self._process.stdout.write(payload)

    async def _read(self) -> None:
        decode = getincrementaldecoder("utf-8")(errors="replace").decode
        stdin = self._process.stdin
        while True:
            try:
                data = await stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                self._resize_later(change.width, change.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, ConnectionError):
                data = b""
            if not data:  # the client has gone
                driver_app(self).exit()
                return
            if not await self._take(decode(data), len(data)):
                return
