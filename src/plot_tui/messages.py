"""The typed messages the client's widgets send the screen they sit on.

Each widget owns one part of the screen and says what happened in it through one of
these; the screen (game, replay, lesson) decides what that means for the rest.
"""

from __future__ import annotations

from textual.message import Message

from plot_core.hexgrid import Hex
from plot_record import ChatLine


class CursorMoved(Message):
    """The map's cursor is on another hex: the panels about that hex follow it."""

    def __init__(self, hex_: Hex) -> None:
        self.hex = hex_
        super().__init__()


class MapShown(Message):
    """The map's overlay or set-up marks were switched: the screen says what the map
    shows now, and how to read it (a switch would otherwise pass unseen)."""

    def __init__(self, words: str) -> None:
        self.words = words
        super().__init__()


class TalkHeard(Message):
    """A line of talk came while the Chat tab was hidden: the screen says so where the
    player looks. None: the line said there was taken back by the host since."""

    def __init__(self, line: ChatLine | None) -> None:
        self.line = line
        super().__init__()


class ChoicePicked(Message):
    """A choice under the prompt was clicked: the screen does what its key does."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__()


class RematchAsked(Message):
    """The player at a finished game asked for a rematch (R): the app that serves the
    table decides what that means (an offer, an answer, or a new game at once)."""
