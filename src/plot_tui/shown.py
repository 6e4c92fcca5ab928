"""What a board screen shows at one moment, handed to its widgets in one piece.

A board screen (a game, a replay) makes one ``Shown`` each time what it shows changes
(a game: once per version of its table) and sets it on itself; every panel is bound to
it (Textual's ``data_bind``) and draws itself from it, when it changes and when it is
first mounted. So a panel inside a tab that is mounted late draws at once, and no
screen has to find its widgets, or wait for them, to draw.
"""

from __future__ import annotations

import attrs
from rich.text import Text

from plot_core import PlayerView
from plot_core.engine import Event
from plot_record import ChatLine

from .mapview import Board
from .palettes import Palette


@attrs.frozen(eq=False)  # compared by identity: a new one is always news
class Shown:
    view: PlayerView  # the eyes' view
    board: Board  # the map's units, targets and overlays
    mp_line: str  # the moving unit's points left ("" when none moves)
    who: str | None  # whose eyes, when the view's side alone does not say it
    log: tuple[Text, ...]  # the log's lines, as drawn
    rolled: Event | None  # the last new line that rolled on a table (the Tables tab turns to it)
    everyone: tuple[PlayerView, PlayerView] | None  # both hands, once nothing is secret
    talk: tuple[ChatLine, ...]  # talk at the table, so far
    palette: Palette
