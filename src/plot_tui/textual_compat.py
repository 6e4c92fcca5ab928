"""Every private Textual name plot relies on, in one place.

Textual is pinned to the minor release the suite passes on (pyproject.toml). Where no
public API does what plot needs, the private name is named here, and
tests/tui/test_textual_compat.py fails, naming it, when an upgrade removes it. Code
elsewhere reaches these names only through this module (the method overrides keep
their Textual names, as Python requires, and are listed here).
"""

from __future__ import annotations

from typing import Any

# The escape-sequence parser Textual's own drivers use: a served session feeds it the
# bytes of an SSH channel or a WebSocket (plot_server.served_input).
from textual._xterm_parser import XTermParser

# Methods of textual.app.App that plot overrides: which key actions run at all (a key
# for a screen already gone does nothing; a stranger's session runs no app actions),
# what a failure does (a race inside Textual is harmless; a served session's failure
# ends only that session), and that nothing is printed on the server's own terminal.
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

# Textual's source files whose tracebacks name a known race (PlotApp.harmless).
TABS_SOURCE = "textual/widgets/_tabs.py"
HEADER_SOURCE = "textual/widgets/_header.py"
TRACEBACK_FILES = (TABS_SOURCE, HEADER_SOURCE)


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
    "HEADER_SOURCE",
    "TABS_SOURCE",
    "TRACEBACK_FILES",
    "XTermParser",
    "driver_app",
    "end_on_failure",
    "forget_error_output",
    "has_screens",
    "set_driver_size",
]
