"""The map widget: hexes, cursor keys, set-up marks, help, quitting."""

from __future__ import annotations

import pytest
from rich.style import Style

from plot_core.hexgrid import hex_at
from plot_tui.app import HelpScreen
from plot_tui.mapstyle import hex_under, hex_x
from plot_tui.mapview import Board, MapView
from plot_tui.panels import HexInfo

from .helpers import app_for, game, pos

EMPTY = """
phase = "movement"
phasing = "ss"
"""


def test_hex_under_inverts_hex_x(rules):
    m = rules.map
    for h in m.area_of:
        x = hex_x(h)
        for dx in range(4):
            assert hex_under(m, x + dx, h % 100 - 1) == h


@pytest.mark.asyncio
async def test_map_shows_and_cursor_moves(rules):
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        view = game(app).query_one(MapView)
        assert view.cursor == rules.map.named_setup["100"]          # starts on Hitler's hex
        info = game(app).query_one(HexInfo)
        assert "Führer HQ" in str(info.render())
        start = view.cursor
        await pilot.press("l")
        assert view.cursor == start + 100                           # one column east
        await pilot.press("h", "y")
        assert view.cursor == hex_at(start // 100 - 1, start % 100 - 1)   # even row: NW = c-1
        c, r = start // 100 - 1, start % 100 - 1                      # an odd row
        await pilot.press("i")                                       # NE from an odd row
        assert view.cursor == hex_at(c + 1, r - 1)
        await pilot.press("n")                                       # SE from an even row
        assert view.cursor == hex_at(c + 1, r)
        await pilot.press("b")                                       # SW from an odd row
        assert view.cursor == hex_at(c + 1, r + 1)
        await pilot.press("m")
        assert view.show_marks
        line = "".join(seg.text for seg in view.render_row(rules.map.named_setup["100"] % 100))
        assert "FH@" in line                                         # Hitler's named hex


@pytest.mark.asyncio
async def test_the_map_is_drawn_as_hexes(rules):
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = game(app).query_one(MapView)
        row = "".join(seg.text for seg in view.render_row(14))
        assert "FHQ" in row and "ABW" in row
        assert row.startswith(" · ")                      # even rows start flush left
        odd = "".join(seg.text for seg in view.render_row(13))
        assert odd.startswith("  ")                       # odd rows sit half a hex right


@pytest.mark.asyncio
async def test_help_opens_and_q_asks_then_quits(rules):
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        from textual.containers import VerticalScroll
        box = app.screen.query_one(VerticalScroll)
        assert box.max_scroll_y > 0                       # 80x24 is too small for all of it
        await pilot.press("pagedown", "down")
        assert isinstance(app.screen, HelpScreen) and box.scroll_y > 0
        await pilot.press("space")
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("q")                            # a game in progress: asked first
        await pilot.press("n")
        game(app)
        await pilot.press("q", "y")
    assert app.return_code == 0


def _line_text(view: MapView, row: int) -> str:
    return "".join(seg.text for seg in view.render_line(row - 1 - view.scroll_offset.y))


def _cursor_at(view: MapView, row: int) -> bool:
    strip = view.render_line(row - 1 - view.scroll_offset.y)
    return any(seg.style is not None and seg.style.reverse for seg in strip)


@pytest.mark.asyncio
async def test_kept_rows_follow_the_board_and_the_cursor(rules):
    """Rows are kept between draws; they must not outlive what they show."""
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        view = game(app).query_one(MapView)
        here = view.cursor
        row = here % 100
        assert _cursor_at(view, row)
        before = _line_text(view, row)
        view.show_board(Board(units={here: ("ZZZZ", Style(bold=True))}))
        assert "ZZZ" in _line_text(view, row) and "ZZZ" not in before
        await pilot.press("down")                                    # to the next row
        await pilot.pause()
        assert not _cursor_at(view, row)                             # old row rebuilt
        assert _cursor_at(view, view.cursor % 100)
        view.show_board(Board())
        assert "ZZZ" not in _line_text(view, row)
