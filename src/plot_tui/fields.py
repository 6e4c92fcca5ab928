"""A one-line field that keeps its keys: over SSH, focus can be lost on the way (a
click elsewhere, a Focus event that lands late), and a key that then reaches the
screen instead of the field is still typing into it."""

from __future__ import annotations

from textual import events
from textual.screen import Screen
from textual.widgets import Input


def stray_key(screen: Screen, selector: str, event: events.Key) -> Input | None:
    """The field ``selector`` if ``event`` was meant for it and reached ``screen``
    instead; a printable key is typed into it here. None when the field has focus
    (it took the key itself), is not built yet, or the screen is already leaving."""
    field = next(screen.query(selector).results(Input), None)
    if field is None or field.has_focus or getattr(screen, "closing", False):
        return None
    if event.is_printable and event.character:
        event.stop()
        field.insert_text_at_cursor(event.character)
        field.focus()
    return field
