"""Every private Textual name plot relies on, in one place.

Textual is pinned to the minor release the suite passes on (pyproject.toml). Where no
public API does what plot needs, the private name is named here, and
tests/tui/test_textual_compat.py fails, naming it, when an upgrade removes it. Code
elsewhere reaches these names only through this module (the method overrides keep
their Textual names, as Python requires, and are listed here).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual._styles_cache import StylesCache

# The escape-sequence parser Textual's own drivers use: a served session feeds it the
# bytes of an SSH channel or a WebSocket (plot_server.served_input).
from textual._xterm_parser import XTermParser
from textual.color import Color
from textual.dom import DOMNode
from textual.style import Style
from textual.widgets._footer import FooterKey

# Methods of textual.app.App that plot overrides: which key actions run at all (a key
# for a screen already gone does nothing; a stranger's session runs no app actions),
# what a failure does (a served session's failure ends only that session), and that
# nothing is printed on the server's own terminal.
APP_OVERRIDES = ("_dispatch_action", "_handle_exception", "_print_error_renderables")

# Attributes of an App a served session reads or sets when it ends on a failure.
APP_ATTRIBUTES = (
    "_return_code",
    "_exception",
    "_exception_event",
    "_exit_renderables",
    "_screen_stack",
    "_close_messages_no_wait",
)

# Attributes of textual.driver.Driver that a served driver reads or sets: its app, and
# the size Textual reads as the app's size.
DRIVER_ATTRIBUTES = ("_app", "_size")


# StylesCache.get_inner_outer is an lru_cache on a method: its key holds the cache
# object itself, and with it every line the widget drew, for its last 1,024 callers
# (Textual issue 6665, open in 8.2). A screen opened and closed again and again (a
# served session's lobby, five times a second) grew the server by hundreds of MiB.
# The answer depends on the two colours alone: cached on them, nothing else is kept.
@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    return (Style(background=base_background + background), Style(background=base_background))


def _get_inner_outer(self: StylesCache, base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


STYLES_CACHE_PATCHED = ("get_inner_outer",)
StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]


# A widget bound to another's reactive (data_bind, as the Footer binds each of its keys)
# is added to that reactive's watchers, and the list drops the widgets that have closed
# only when the reactive next changes: the Footer's "compact" never does, so every key
# it ever showed stayed, with its styles and drawn lines (some 20 widgets each time the
# keys change, at every screen opened). New watchers now sweep out the closed ones.
_watch_unswept = DOMNode.watch
WATCHERS = "__watchers"  # where textual.reactive keeps an object's watchers


def _watch_swept(self: DOMNode, obj: Any, attribute_name: str, callback: Any, init: bool = True) -> None:
    watchers = getattr(obj, WATCHERS, {}).get(attribute_name)
    if watchers:
        watchers[:] = [(node, call) for node, call in watchers if not node._closing]
    _watch_unswept(self, obj, attribute_name, callback, init=init)


DOMNode.watch = _watch_swept  # type: ignore[method-assign]


# Each key the Footer shows starts "compact" and is then bound to the Footer's own
# "compact" (never set here: False), so every key changed its classes twice as it was
# made, each change restyling it: some 40 restylings each time the keys change (at
# every screen opened), a tenth of the time to open a game. A key now starts as it will
# be drawn: the palette's key compact (it is bound to nothing), the others as their
# Footer is (not compact), so no change is left to restyle for.
_footer_key_init = FooterKey.__init__


def _footer_key_made_as_drawn(self: FooterKey, *args: Any, **kwargs: Any) -> None:
    _footer_key_init(self, *args, **kwargs)
    compact = self.has_class("-command-palette")
    self.set_reactive(FooterKey.compact, compact)
    self.set_class(compact, "-compact", update=False)


FooterKey.__init__ = _footer_key_made_as_drawn  # type: ignore[method-assign]


def has_screens(app: Any) -> bool:
    """Has the app a screen yet (``app.screen`` raises before the first is pushed)?"""
    return bool(app._screen_stack)


def end_on_failure(app: Any, error: Exception) -> None:
    """Close the app as Textual does on an unhandled error, with exit code 1, but
    without printing the traceback (the caller has logged it)."""
    app._return_code = 1
    if app._exception is None:
        app._exception = error
        app._exception_event.set()
    app._close_messages_no_wait()


def forget_error_output(app: Any) -> None:
    """What Textual would print on the terminal at exit after a failure: nothing."""
    app._exit_renderables.clear()


def driver_app(driver: Any) -> Any:
    return driver._app


def set_driver_size(driver: Any, size: tuple[int, int]) -> None:
    driver._size = size


__all__ = [
    "APP_ATTRIBUTES",
    "APP_OVERRIDES",
    "DRIVER_ATTRIBUTES",
    "STYLES_CACHE_PATCHED",
    "XTermParser",
    "driver_app",
    "end_on_failure",
    "forget_error_output",
    "has_screens",
    "set_driver_size",
]
