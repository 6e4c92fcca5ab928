"""The hex map widget: Textual's Line API, so only visible lines are built."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Offset, Region, Size, Spacing
from textual.reactive import reactive, var
from textual.scroll_view import ScrollView
from textual.strip import Strip

from plot_core.data import HexMap
from plot_core.hexgrid import Hex, adjacent_ids, column_of, distance, hex_at, row_of

from .mapstyle import (
    CELL,
    HQ_LABELS,
    LABEL,
    MARK_LETTERS,
    area_label_hexes,
    area_style,
    hex_under,
    hex_x,
    line_width,
    row_offset,
)
from .messages import CursorMoved, MapShown
from .palettes import STANDARD, Palette

if TYPE_CHECKING:
    from .shown import Shown  # (which holds a Board of this module's)

BLANK = Style(bgcolor="grey7", color="grey35")
CURSOR = Style(reverse=True, bold=True)
TARGET = Style(underline=True, bold=True)  # a hex some legal action names
REACH = Style(color="bright_green", bold=True)  # the active unit can step here
ZONE = Style(color="bright_magenta", bold=True)
WAY = Style(color="bright_yellow", bold=True, reverse=True)  # a walk said before it is taken
FEW_TARGETS = 6  # a first decision among at most this many hexes is shown, wherever they are


@attrs.frozen
class Board:
    """What the map shows on top of the terrain, built from a player's view."""

    units: dict[Hex, tuple[str, Style]] = attrs.field(factory=dict)  # 4-cell label, style
    targets: frozenset[Hex] = frozenset()
    unit_targets: frozenset[Hex] = frozenset()  # targets where a unit named stands
    reachable: frozenset[Hex] = frozenset()
    zones_ss: frozenset[Hex] = frozenset()
    zones_abwehr: frozenset[Hex] = frozenset()
    influence: frozenset[Hex] = frozenset()


# Six hex directions as (column delta on even rows, on odd rows, row delta).
_STEPS = {
    "w": (-1, -1, 0),
    "e": (1, 1, 0),
    "nw": (-1, 0, -1),
    "ne": (0, 1, -1),
    "sw": (-1, 0, 1),
    "se": (0, 1, 1),
}


class MapView(ScrollView, can_focus=True):
    """A scrollable map with a cursor. Posts ``CursorMoved`` as the cursor moves."""

    BINDINGS = [
        Binding("left,h", "step('w')", "West", show=False),
        Binding("right,l", "step('e')", "East", show=False),
        Binding("y", "step('nw')", "North-west", show=False),
        Binding("i", "step('ne')", "North-east", show=False),  # `u` is undo
        Binding("b", "step('sw')", "South-west", show=False),
        Binding("n", "step('se')", "South-east", show=False),
        Binding("up,k", "vertical(-1)", "Up", show=False),
        Binding("down,j", "vertical(1)", "Down", show=False),
        # c and m are in the help (?), not the footer: with them, 80 columns cut its
        # last key, q Quit
        Binding("c", "centre", "Centre", show=False),
        Binding("m", "toggle_marks", "Set-up marks", show=False),
        Binding("o", "cycle_overlay", "Zones"),
    ]

    cursor: reactive[Hex] = reactive(0, init=False)
    show_marks: reactive[bool] = reactive(False)
    overlay: reactive[str] = reactive("off")  # off, zones, influence
    shown: var[Shown | None] = var(None, always_update=True)  # bound to the screen's

    def watch_shown(self, shown: Shown | None) -> None:
        if shown is None:
            return
        if shown.palette is not self.palette:
            self.use_palette(shown.palette)
        self.show_board(shown.board)

    def __init__(self, hexmap: HexMap, *, start: Hex | None = None, **kw) -> None:
        super().__init__(**kw)
        self.hexmap = hexmap
        self._labels = area_label_hexes(hexmap)
        self._marks = {h: MARK_LETTERS[k] for k, hs in hexmap.setup_marks.items() for h in hs}
        self._marks.update({h: "@" for h in hexmap.named_setup.values()})
        self.virtual_size = Size(line_width(hexmap), hexmap.rows)
        first: Hex = start if start is not None and start in hexmap else min(hexmap.area_of)
        self.set_reactive(MapView.cursor, first)
        self.board = Board()
        # Built rows, by row number: a cursor step rebuilds two rows, not the whole map
        # (over SSH one process draws every player's screen). Emptied when what they
        # show changes: the board, the marks, the overlay.
        self._rows: dict[int, Strip] = {}
        self.palette = STANDARD
        self.way: frozenset[Hex] = frozenset()  # the hexes of a walk said, not yet taken
        self._kept: Hex | None = None  # the hex last kept in view (the cursor, a unit followed)
        self._kept_at: Offset | None = None  # ... and where that left the map scrolled

    def use_palette(self, palette: Palette) -> None:
        self.palette = palette
        self._rows.clear()
        self.refresh()

    def show_board(self, board: Board) -> None:
        old, self.board = self.board, board
        # a move changes a few hexes: only their rows are built and drawn again
        changed = {h for h in old.units.keys() | board.units.keys() if old.units.get(h) != board.units.get(h)}
        for name in ("targets", "reachable", "zones_ss", "zones_abwehr", "influence"):
            changed |= getattr(old, name) ^ getattr(board, name)
        self._rebuild_rows({row_of(h) for h in changed})

    def show_way(self, hexes: Iterable[Hex]) -> None:
        """Mark the hexes of a walk the player is asked to confirm (none: no walk)."""
        old, self.way = self.way, frozenset(hexes)
        self._rebuild_rows({row_of(h) for h in old ^ self.way})

    def _rebuild_rows(self, rows: set[int]) -> None:
        for row in rows:
            self._rows.pop(row, None)
            self.refresh_lines(row - 1)  # a map line: ScrollView takes off the scroll

    # -- drawing ---------------------------------------------------------
    def cell_text(self, h: Hex) -> str:
        hq = self.hexmap.hq_of.get(h)
        if hq is not None:
            text = HQ_LABELS.get(hq, hq[:3].upper())
        elif h in self._labels:
            text = f" {self._labels[h]}"
        else:
            text = " · "
        if self.show_marks and h in self._marks:
            text = f" {self._marks[h]} " if text == " · " else text[:2] + self._marks[h]
        return f" {text:<3.3} "

    def render_row(self, row: int) -> list[Segment]:
        m = self.hexmap
        b = self.board
        segs: list[Segment] = []
        x = 0
        for col in range(1, m.columns + 1):
            h = hex_at(col, row)
            start = hex_x(h)
            if start > x:
                segs.append(Segment(" " * (start - x), BLANK))
            if h in m.area_of:
                style = area_style(self.palette.area or m.areas[m.area_of[h]].colour, hq=h in m.hq_of)
                if h in b.units:
                    text, style = b.units[h]
                else:
                    text = self.cell_text(h)
                    mark = self._overlay_mark(h)
                    if mark:
                        sign, extra = mark
                        text = (
                            f" {sign:<3.3} "  # a cell's width, as a label: the hexes after it stay in place
                        )
                        style = style + extra
                if h in b.targets:
                    style = style + TARGET
                if h == self.cursor:
                    segs.append(Segment(text[: LABEL.start], style))
                    segs.append(Segment(text[LABEL], style + CURSOR))
                else:
                    segs.append(Segment(text, style))
            else:
                segs.append(Segment("  ~  ", BLANK))
            x = start + CELL
        width = line_width(m)
        if x < width:
            segs.append(Segment(" " * (width - x), BLANK))
        return segs

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y + 1
        width = self.scrollable_content_region.width
        if not 1 <= row <= self.hexmap.rows:
            return Strip.blank(width, BLANK)
        strip = self._rows.get(row)
        if strip is None:
            strip = self._rows[row] = Strip(self.render_row(row), line_width(self.hexmap))
        # A hex cut by the pane's edge is drawn blank: a label is shown whole or not at
        # all, never as "03?" standing for 003, 103 or 303.
        start, end = scroll_x, scroll_x + width
        offset = row_offset(row)
        first = offset + -(-(start - offset) // CELL) * CELL if start > offset else start
        last = offset + (end - offset) // CELL * CELL if end > offset else end
        if last <= first:
            return Strip.blank(width, BLANK)
        inner = strip.crop_extend(first, last, BLANK)
        parts = [Strip.blank(first - start, BLANK), inner, Strip.blank(end - last, BLANK)]
        return Strip.join([p for p in parts if p.cell_length])

    # -- cursor ------------------------------------------------------------
    def watch_cursor(self, old: Hex, new: Hex) -> None:
        self._rebuild_rows({row_of(old), row_of(new)})
        self.keep_in_view(new)
        self.post_message(CursorMoved(new))

    def in_sight(self, h: Hex) -> bool:
        """Is ``h`` drawn whole in the pane as it is scrolled now?"""
        region = self.scrollable_content_region
        x, y = hex_x(h) - self.scroll_offset.x, row_of(h) - 1 - self.scroll_offset.y
        return 0 <= x and x + CELL <= region.width and 0 <= y < region.height

    def to_the_targets(self, around: Hex | None, *, first: bool = False) -> None:
        """A new decision whose hexes are all out of sight (the cursor left in Paris as
        the coup begins in Berlin): the cursor goes where Tab would take it first. The
        units come first where a unit is chosen before its hex (7.23). ``first``: the
        first decision the screen draws, which opens on Berlin unless it is a choice
        among a few hexes elsewhere (Hitler's hex at Rastenburg, 9.62)."""
        hexes = self.board.unit_targets or self.board.targets
        if first and len(hexes) > FEW_TARGETS:
            return
        if hexes and not any(self.in_sight(h) for h in hexes):
            self.next_target(1, around)

    def keep_in_view(self, h: Hex) -> None:
        """Scroll, if need be, so ``h`` shows with some map around it: a cursor (or a
        moving unit) is never left on the edge of a small terminal's map."""
        self._kept = h
        region = self.scrollable_content_region
        rows = min(2, max(0, (region.height - 1) // 4))
        cols = min(2 * CELL, max(0, (region.width - CELL) // 4))
        self.scroll_to_region(
            Region(hex_x(h), row_of(h) - 1, CELL, 1),
            animate=False,
            spacing=Spacing(rows, cols, rows, cols),
            force=True,
        )
        self._kept_at = self.scroll_offset

    def _overlay_mark(self, h: Hex) -> tuple[str, Style] | None:
        b = self.board
        if h in self.way:
            return " * ", WAY
        if h in b.reachable:
            return " + ", REACH
        if self.overlay == "zones":
            ss, ab = h in b.zones_ss, h in b.zones_abwehr
            if ss or ab:
                return (" x " if ss and ab else " s " if ss else " a "), ZONE
        elif self.overlay == "influence" and h in b.influence:
            return " i ", ZONE
        return None

    def watch_show_marks(self) -> None:
        self._rows.clear()
        self.refresh()

    def watch_overlay(self) -> None:
        self._rows.clear()
        self.refresh()

    def action_cycle_overlay(self) -> None:
        order = ["off", "zones", "influence"]
        self.overlay = order[(order.index(self.overlay) + 1) % len(order)]
        self.post_message(MapShown(self.overlay_words()))

    def overlay_words(self) -> str:
        """What the overlay now shows, in words, and what o does next."""
        if self.overlay == "zones":
            return "Overlay: zones of control (11.1), s the SS's, a the Abwehr's, x both. o: next."
        if self.overlay == "influence":
            if not self.board.influence:
                return "Overlay: Allied zones of influence (17.2): none now. o: off."
            return "Overlay: Allied zones of influence (17.2), i in the areas they cover. o: off."
        return "Overlay off. o: zones of control."

    def on_resize(self) -> None:
        # a pane under the map grew (the odds at the cursor, a longer prompt): the hex
        # kept in view stays there, rather than under the pane
        self.call_after_refresh(self._keep_kept)

    def _keep_kept(self) -> None:
        # (read now: the cursor may have moved since the resize); not where the player
        # has scrolled the map away since (the mouse wheel): that view is theirs
        if self._kept is not None and self.scroll_offset == self._kept_at:
            self.keep_in_view(self._kept)

    def on_mount(self) -> None:
        self.call_after_refresh(self.action_centre)
        self.post_message(CursorMoved(self.cursor))

    def move_to(self, h: Hex) -> None:
        if h in self.hexmap:
            self.cursor = h

    def next_target(self, step: int, around: Hex | None) -> bool:
        """Tab: the cursor to the next hex where the player can act (``step`` -1: the one
        before); with a unit moving (``around``), its own neighbours first, then
        outwards; else the units to choose before the hexes they may go to. False when
        there is no hex to act on."""
        if not self.board.targets:
            return False
        units = self.board.unit_targets

        def key(h: Hex) -> tuple[int, int, int, int]:
            near = distance(h, around) if around is not None else 0
            return (near, h not in units, h % 100, h // 100)

        targets = sorted(self.board.targets, key=key)
        if self.cursor in self.board.targets:  # the next (or the one before), round again
            nxt = targets[(targets.index(self.cursor) + step) % len(targets)]
        else:  # from elsewhere: the first (or the last) of all
            nxt = targets[0] if step > 0 else targets[-1]
        self.move_to(nxt)
        return True

    def action_step(self, direction: str) -> None:
        dc_even, dc_odd, dr = _STEPS[direction]
        c, r = column_of(self.cursor), row_of(self.cursor)
        target = hex_at(c + (dc_odd if r % 2 else dc_even), r + dr)
        if target in self.hexmap and target in {hex_at(a, b) for a, b in adjacent_ids(self.cursor)}:
            self.cursor = target

    def action_vertical(self, delta: int) -> None:
        """Straight up or down on screen: alternate the two diagonals."""
        r = row_of(self.cursor)
        if delta < 0:
            self.action_step("ne" if r % 2 == 0 else "nw")
        else:
            self.action_step("se" if r % 2 == 0 else "sw")

    def action_centre(self) -> None:
        h = self.cursor
        self.scroll_to_center_region(hex_x(h), row_of(h) - 1)

    def scroll_to_center_region(self, x: int, y: int) -> None:
        region = self.scrollable_content_region
        self.scroll_to(
            max(0, x - region.width // 2), max(0, y - region.height // 2), animate=False, force=True
        )

    def action_toggle_marks(self) -> None:
        self.show_marks = not self.show_marks
        self.post_message(
            MapShown(
                "Set-up marks (4.3): the SS's (s), Nazis' (n), Abwehr's (a), Civilians' (c), "
                "OKW's (o) hexes; x shared; @ a unit's own. m: off."
                if self.show_marks
                else "Set-up marks off. m: on."
            )
        )

    def on_click(self, event) -> None:
        h = hex_under(self.hexmap, event.x + self.scroll_offset.x, event.y + self.scroll_offset.y)
        if h is not None:
            self.cursor = h
