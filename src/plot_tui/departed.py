"""Failures that change nothing: a widget whose screen has already left the app.

Keys faster than the screen (found by the SSH fuzz test) let Textual's own widgets go
on for a moment after their screen is taken down: the command palette's search finds
its list gone, a Header told of a new title finds its title widget gone, a tab bar
mounting finds its tabs gone. Whatever such a widget meant to draw, nobody sees it,
and nothing of the game is held there. What decides is where the widget is, read
from the failure itself (the widget whose method raised), not which file raised.
"""

from __future__ import annotations

from types import TracebackType

from textual.app import App
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.widget import Widget


def raised_by(error: BaseException) -> list[DOMNode]:
    """Every widget or screen whose method ``error`` passed through, outermost first."""
    found: list[DOMNode] = []
    tb: TracebackType | None = error.__traceback__
    while tb is not None:
        me = tb.tb_frame.f_locals.get("self")
        if isinstance(me, DOMNode) and not isinstance(me, App) and me not in found:
            found.append(me)
        tb = tb.tb_next
    return found


def departed(app: App, node: DOMNode) -> bool:
    """Has ``node`` left the app's screens (taken away, or its screen closed)? A widget
    not mounted yet has if it was being mounted into one that has (a tab bar composed
    as its screen went); one made and never placed anywhere has not: a query of it
    that finds nothing is a defect."""
    if isinstance(node, Widget) and not node.is_mounted:
        parent = node.parent
        return isinstance(parent, DOMNode) and not isinstance(parent, App) and departed(app, parent)
    if isinstance(node, Widget) and not node.is_attached:
        return True
    try:
        screen = node.screen
    except Exception:  # (no screen: it is not in the app any more)
        return True
    return screen not in app.screen_stack


def from_departed_widget(app: App, error: BaseException) -> bool:
    """A query that found nothing (NoMatches), or a Textual widget's own check of its
    parts (ValueError: a tab bar's tab gone), raised where every widget it passed
    through has left the app's screens (a screen still up that calls into a widget
    it took away has a defect, and is told so)."""
    nodes = raised_by(error)
    if not nodes or not all(departed(app, node) for node in nodes):
        return False
    if isinstance(error, NoMatches):
        return True
    return isinstance(error, ValueError) and type(nodes[-1]).__module__.startswith("textual.")
