"""A Textual driver whose terminal is a browser's xterm.js, over a WebSocket.

The twin of driver.py's ChannelDriver (both are ServedDrivers): each browser session
runs its own App in the server's one event loop, beside the SSH sessions, so both doors
share the Hub. The page is textual-serve's (textual.js: xterm.js and its protocol): the
browser sends JSON lists, ``["stdin", text]`` (keys as a terminal would send them),
``["resize", {"width": W, "height": H}]``, ``["ping", x]``, ``["focus"]``, ``["blur"]``;
the server sends the app's output as binary frames and ``["pong", x]`` as text.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import WSMsgType, web

from plot_tui.textual_compat import driver_app

from .driver import ServedDriver

# What a browser may send at once: a paste of a few pages, not a flood.
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
        if not (
            isinstance(value, dict)
            and all(
                isinstance(value.get(k), int)
                and not isinstance(value.get(k), bool)
                and 0 <= value[k] < 1 << 16
                for k in ("width", "height")
            )
        ):
            raise BadMessage("resize without a width and height")
        value = (value["width"], value["height"])
    if kind == "ping" and not (isinstance(value, str) and len(value) <= 32):
        raise BadMessage("ping without a short text")
    return kind, value


class WebDriver(ServedDriver):
    """The app must carry the prepared WebSocketResponse as ``app.terminal`` and the
    size the page asked for as ``app.terminal_size``."""

    def __init__(
        self, app: Any, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._socket: web.WebSocketResponse = app.terminal
        self._window: tuple[int, int] = app.terminal_size  # as the page says, unclamped
        self._sender: asyncio.Task[None] | None = None
        self._outbox: asyncio.Queue[bytes | str | None] = asyncio.Queue()
        self._queued = 0  # bytes in the outbox: frames and pongs alike

    def _window_now(self) -> tuple[int, int]:
        return self._window

    def _unsent(self) -> int:
        return self._queued

    def _closing(self) -> bool:
        return self._socket.closed

    def _send(self, payload: bytes) -> None:
        self._queued += len(payload)
        self._outbox.put_nowait(payload)

    def _resize(self, width: int, height: int) -> None:
        self._window = (width, height)
        super()._resize(width, height)

    def say(self, text: str) -> None:
        """A text frame to the page (the pong). A page that does not read gets none:
        its pings would otherwise fill the outbox without bound."""
        if self._closing() or self._backed_up():
            return
        self._queued += len(text)
        self._outbox.put_nowait(text)

    async def _drain(self) -> None:
        # One sender, so frames leave in the order they were written.
        while (item := await self._outbox.get()) is not None:
            self._queued -= len(item)
            try:
                if isinstance(item, bytes):
                    await self._socket.send_bytes(item)
                else:
                    await self._socket.send_str(item)
            except (ConnectionError, RuntimeError):
                return  # the tab has gone: the reader sees it

    def start_application_mode(self) -> None:
        self._sender = asyncio.get_running_loop().create_task(self._drain())
        driver_app(self).web_sender = self._sender  # the page's last frames: see web.py
        super().start_application_mode()

    async def _read(self) -> None:
        async for message in self._socket:
            if message.type is not WSMsgType.TEXT:
                continue  # the page sends text only
            try:
                kind, value = read_message(message.data)
            except BadMessage:
                continue  # not the page: ignored, not fatal
            if kind == "stdin":
                assert isinstance(value, str)
                if not await self._take(value, len(value)):
                    return
            elif kind == "resize":
                assert isinstance(value, tuple)
                self._resize_later(*value)
            elif kind == "ping":
                self.say(json.dumps(["pong", value]))
                # pings count against the byte budget too: a page may ping, not flood
                if not await self._take("", len(message.data)):
                    return
        driver_app(self).exit()  # the tab has closed: the game waits

    def stop_application_mode(self) -> None:
        super().stop_application_mode()
        self._outbox.put_nowait(None)
