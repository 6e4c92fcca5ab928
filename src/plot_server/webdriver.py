"""A Textual driver whose terminal is a browser's xterm.js, over a WebSocket (issue 20).

The twin of driver.py's ChannelDriver: each browser session runs its own App in the
server's one event loop, beside the SSH sessions, so both doors share the Hub. The page
is textual-serve's (textual.js: xterm.js and its protocol): the browser sends JSON
lists, ``["stdin", text]`` (keys as a terminal would send them), ``["resize",
{"width": W, "height": H}]``, ``["ping", x]``, ``["focus"]``, ``["blur"]``; the server
sends the app's output as binary frames and ``["pong", x]`` as text.
"""

from __future__ import annotations

import asyncio
import json

from aiohttp import WSMsgType, web
from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

from .driver import MAX_STALL, MAX_UNSENT, RESIZE_PAUSE, START, STOP, clamp

# What a browser may send at once: a paste of a few pages, not a flood (issue 20).
MAX_MESSAGE = 64 * 1024


class BadMessage(ValueError):
    """A message from the browser that is not the page's protocol."""


def read_message(text: str) -> tuple[str, object]:
    """One message from the page as (kind, value), or BadMessage saying what is wrong."""
    try:
        envelope = json.loads(text)
    except ValueError:
        raise BadMessage("not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise BadMessage("not a list that starts with its kind")
    kind, value = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and not isinstance(value, str):
        raise BadMessage("stdin without text")
    if kind == "resize":
        if not (isinstance(value, dict) and all(
                isinstance(value.get(k), int) and not isinstance(value.get(k), bool)
                and 0 <= value[k] < 1 << 16 for k in ("width", "height"))):
            raise BadMessage("resize without a width and height")
        value = (value["width"], value["height"])
    if kind == "ping" and not (isinstance(value, str) and len(value) <= 32):
        raise BadMessage("ping without a short text")
    return kind, value


class WebDriver(Driver):
    """The app must carry the prepared WebSocketResponse as ``app.terminal`` and the
    size the page asked for as ``app.terminal_size``."""

    def __init__(self, app, *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._socket: web.WebSocketResponse = app.terminal
        self._size: tuple[int, int] = app.terminal_size
        self._reader: asyncio.Task | None = None
        self._sender: asyncio.Task | None = None
        self._outbox: asyncio.Queue[bytes | str | None] = asyncio.Queue()
        self._unsent = 0                                 # bytes queued, not yet sent
        self._dropping_since: float | None = None
        self._next_size: tuple[int, int] | None = None
        self.size_note = ""

    @property
    def is_headless(self) -> bool:
        return False

    def _closing(self) -> bool:
        return self._socket.closed

    def write(self, data: str) -> None:
        if self._closing():
            return
        now = asyncio.get_running_loop().time()
        if self._unsent > MAX_UNSENT:
            # The browser does not read: drop this frame rather than hold it in memory.
            if self._dropping_since is None:
                self._dropping_since = now
            elif now - self._dropping_since > MAX_STALL:
                self._app.goodbye = ("plot: closed: your connection did not take the "
                                     "screen's output for half a minute.")
                self._app.exit()
            return
        if self._dropping_since is not None:
            self._dropping_since = None               # frames were lost: draw all again
            size = Size(*clamp(*self._size))
            asyncio.get_running_loop().call_soon(
                lambda: self._app.post_message(events.Resize(size, size)))
        payload = data.encode("utf-8")
        self._unsent += len(payload)
        self._outbox.put_nowait(payload)

    def say(self, text: str) -> None:
        """A text frame to the page (the pong)."""
        self._outbox.put_nowait(text)

    async def _send(self) -> None:
        # One sender, so frames leave in the order they were written.
        while (item := await self._outbox.get()) is not None:
            try:
                if isinstance(item, bytes):
                    self._unsent -= len(item)
                    await self._socket.send_bytes(item)
                else:
                    await self._socket.send_str(item)
            except (ConnectionError, RuntimeError):
                return                                # the tab has gone: the reader sees it

    def flush(self) -> None:
        pass

    def start_application_mode(self) -> None:
        loop = asyncio.get_running_loop()
        self._sender = loop.create_task(self._send())
        self._app.web_sender = self._sender           # the page's last frames: see web.py
        self.write(START)
        self._resize(*self._size)
        self._reader = loop.create_task(self._read())

    def _resize_now(self) -> None:
        size, self._next_size = self._next_size, None
        if size is not None and not self._closing():
            self._resize(*size)

    def _resize(self, width: int, height: int) -> None:
        self._size = (width, height)
        w, h = clamp(width, height)
        self.size_note = "" if (w, h) == (width or 80, height or 24) else (
            f"Your window is {width}x{height} characters; plot draws at most "
            f"{w}x{h}, in its top left corner.")
        size = Size(w, h)
        if self.size_note:
            self._app.call_later(self._app.notify, self.size_note, severity="warning",
                                 markup=False, timeout=8)
        asyncio.get_running_loop().create_task(
            self._app._post_message(events.Resize(size, size)))

    async def _read(self) -> None:
        parser = XTermParser(self._debug)
        async for message in self._socket:
            if message.type is not WSMsgType.TEXT:
                continue                              # the page sends text only
            try:
                kind, value = read_message(message.data)
            except BadMessage:
                continue                              # not the page: ignored, not fatal
            touch = getattr(self._app, "touch", None)   # the server's idle clock
            if touch is not None:
                touch()
            if kind == "stdin":
                for event in parser.feed(value):
                    self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)
            elif kind == "resize":
                if self._next_size is None:
                    asyncio.get_running_loop().call_later(RESIZE_PAUSE, self._resize_now)
                self._next_size = value
            elif kind == "ping":
                self.say(json.dumps(["pong", value]))
        self._app.exit()                              # the tab has closed: the game waits

    def disable_input(self) -> None:
        if self._reader is not None:
            self._reader.cancel()

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(STOP)
        self._outbox.put_nowait(None)
