"""A Textual driver whose terminal is an SSH channel instead of this process's tty.

Each SSH session runs its own App in the server's event loop: the driver writes the
app's output to the channel, feeds the channel's input through Textual's own xterm
parser, and turns the client's window-change requests into resize events.
"""

from __future__ import annotations

import asyncio
from codecs import getincrementaldecoder

import asyncssh
from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

# Escape sequences a terminal application sends when it starts and stops.
START = ("\x1b[?1049h"          # the alternate screen
         "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"   # mouse reports
         "\x1b[?25l"            # hide the cursor
         "\x1b[?2004h")         # bracketed paste
STOP = ("\x1b[?2004l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
        "\x1b[?25h\x1b[?1049l")


# A terminal larger than this is drawn at this size: Textual's memory grows with the
# area, and one 65535x65535 request could take the whole server down (issue 23).
MAX_WIDTH, MAX_HEIGHT = 500, 200
# Output the client has not read yet: past the first, frames are dropped (the next one
# after it drains is drawn whole); a client that stays past it this long is closed.
MAX_UNSENT = 4 * 1024 * 1024
MAX_STALL = 30.0
# A window being dragged sends many sizes: only the last in each such pause is drawn,
# so no client can make the server redraw whole screens as fast as it can send.
RESIZE_PAUSE = 0.2


def clamp(width: int, height: int) -> tuple[int, int]:
    """A terminal's size as the app will draw it (0 means the client did not say)."""
    return (max(1, min(width or 80, MAX_WIDTH)), max(1, min(height or 24, MAX_HEIGHT)))


class ChannelDriver(Driver):
    """The app must carry the SSH process as ``app.terminal``."""

    def __init__(self, app, *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._process: asyncssh.SSHServerProcess = app.terminal
        self._reader: asyncio.Task | None = None
        self._dropping_since: float | None = None      # frames dropped since then
        self._next_size: tuple[int, int] | None = None  # a resize waiting for its pause
        self.size_note = ""                            # said when the terminal is clamped

    @property
    def is_headless(self) -> bool:
        return False

    def _size_now(self) -> tuple[int, int]:
        width, height, *_ = self._process.get_terminal_size()
        return (width, height)

    def _unsent(self) -> int:
        return self._process.channel.get_write_buffer_size()

    def write(self, data: str) -> None:
        if self._process.is_closing():
            return
        now = asyncio.get_running_loop().time()
        if self._unsent() > MAX_UNSENT:
            # The client does not read: drop this frame rather than hold it in memory.
            if self._dropping_since is None:
                self._dropping_since = now
            elif now - self._dropping_since > MAX_STALL:
                self._app.goodbye = ("plot: closed: your connection did not take the "
                                     "screen's output for half a minute.")
                self._app.exit()
            return
        if self._dropping_since is not None:
            # Frames were lost: ask for a whole new one instead of patching an unknown
            # screen, once this write is on its way.
            self._dropping_since = None
            size = Size(*clamp(*self._size_now()))
            asyncio.get_running_loop().call_soon(
                lambda: self._app.post_message(events.Resize(size, size)))
        self._process.stdout.write(data.encode("utf-8"))

    def flush(self) -> None:
        pass

    def start_application_mode(self) -> None:
        self.write(START)
        self._resize(*self._size_now())
        self._reader = asyncio.get_running_loop().create_task(self._read())

    def _resize_now(self) -> None:
        size, self._next_size = self._next_size, None
        if size is not None and not self._process.is_closing():
            self._resize(*size)

    def _resize(self, width: int, height: int) -> None:
        w, h = clamp(width, height)
        self.size_note = "" if (w, h) == (width or 80, height or 24) else (
            f"Your terminal is {width}x{height}; plot draws at most "
            f"{MAX_WIDTH}x{MAX_HEIGHT}, in its top left corner.")
        size = Size(w, h)
        if self.size_note:
            self._app.call_later(self._app.notify, self.size_note, severity="warning",
                                 markup=False, timeout=8)
        asyncio.get_running_loop().create_task(
            self._app._post_message(events.Resize(size, size)))

    async def _read(self) -> None:
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")(errors="replace").decode
        stdin = self._process.stdin
        while True:
            try:
                data = await stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                if self._next_size is None:
                    asyncio.get_running_loop().call_later(RESIZE_PAUSE, self._resize_now)
                self._next_size = (change.width, change.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, ConnectionError):
                data = b""
            if not data:                                  # the client has gone
                self._app.exit()
                return
            touch = getattr(self._app, "touch", None)     # the server's idle clock
            if touch is not None:
                touch()
            for event in parser.feed(decode(data)):
                self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

    def disable_input(self) -> None:
        if self._reader is not None:
            self._reader.cancel()

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(STOP)
