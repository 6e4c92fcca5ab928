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


class ChannelDriver(Driver):
    """The app must carry the SSH process as ``app.ssh_process``."""

    def __init__(self, app, *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._process: asyncssh.SSHServerProcess = app.ssh_process
        self._reader: asyncio.Task | None = None

    @property
    def is_headless(self) -> bool:
        return False

    def _size_now(self) -> tuple[int, int]:
        width, height, *_ = self._process.get_terminal_size()
        return (width or 80, height or 24)

    def write(self, data: str) -> None:
        if not self._process.is_closing():
            self._process.stdout.write(data.encode("utf-8"))

    def flush(self) -> None:
        pass

    def start_application_mode(self) -> None:
        self.write(START)
        self._resize(*self._size_now())
        self._reader = asyncio.get_running_loop().create_task(self._read())

    def _resize(self, width: int, height: int) -> None:
        size = Size(width, height)
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
                self._resize(change.width or 80, change.height or 24)
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
