"""What a redraw after a move costs (the server bench's finding): over SSH one process
draws every player's and watcher's screen, so a redraw touches only what changed."""

from __future__ import annotations

import attrs
import pytest
from rich.text import Text

from plot_core import Player, load_rules, new_game
from plot_core.hexgrid import row_of
from plot_session.session import Seat, Session
from plot_tui.app import PlotApp
from plot_tui.game import GameScreen
from plot_tui.mapview import MapView
from plot_tui.panels import LogView, Panel, StatusPanel

pytestmark = pytest.mark.asyncio


def watching(seed: int = 5) -> PlotApp:
    rules = load_rules()
    s = Session(new_game(seed, rules=rules), {p: Seat.COMPUTER for p in Player}, seed=seed)
    return PlotApp(rules, session=s)


async def still(pilot, app) -> GameScreen:
    """The game screen, its own computer stopped: the test makes the moves."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    screen.controller.table.moves_computer = lambda: False  # the test moves it
    await pilot.pause()
    return screen


async def test_a_panel_given_the_same_text_again_lays_nothing_out(monkeypatch):
    app = watching()
    async with app.run_test(size=(80, 24)) as pilot:
        await still(pilot, app)
        panel = app.screen.query_one(StatusPanel)
        asked: list[bool] = []
        monkeypatch.setattr(panel, "refresh", lambda *a, layout=False, **k: asked.append(layout))
        panel.update(Text("Game-Turn 3", style="bold"))
        panel.update(Text("Game-Turn 3", style="bold"))  # equal: nothing to do
        assert asked == [True]
        panel.update(Text("Game-Turn 3"))  # its style changed: drawn
        panel.update(Text("Game-Turn 3"))
        panel.update(Text.assemble(("Game-Turn", "red"), " 3"))  # a span changed
        panel.update("Game-Turn 3")  # a str is not a Text (and is read as markup)
        # each drawn; the Texts as many lines high as before, at the same width, laid
        # nothing out; the str's height is not guessed: laid out
        assert asked == [True, False, False, True]
        panel.update(Text("\n".join(["Game-Turn 3"] * 30)))  # higher than the panel: laid out
        assert asked[-1] is True
        assert isinstance(panel, Panel)


async def test_the_hex_tab_follows_the_map_s_cursor_without_laying_the_screen_out(monkeypatch):
    """The Hex tab is held as high as its tab: a hex whose text fits in it is drawn
    in place (an arrow key once laid the whole screen out, twice)."""
    from plot_tui.panels import HexInfo

    app = watching()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await still(pilot, app)
        info = screen.query_one(HexInfo)
        m = screen.query_one(MapView)
        asked: list[bool] = []
        monkeypatch.setattr(info, "refresh", lambda *a, layout=False, **k: asked.append(layout))
        texts = []
        for key in ("right", "right", "down", "left"):
            await pilot.press(key)
            await pilot.pause()
            texts.append(info.text().plain)
        assert len(set(texts)) > 1 and m.cursor is not None  # other hexes, other words
        assert asked and not any(asked)


async def test_the_map_rebuilds_only_the_rows_whose_hexes_changed():
    app = watching()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await still(pilot, app)
        m = screen.query_one(MapView)
        board = m.board
        for row in range(1, m.hexmap.rows + 1):  # every row built
            m.render_line(row - 1 - m.scroll_offset.y)
        built = set(m._rows)
        h = next(iter(board.units))
        moved = dict(board.units)
        moved.pop(h)
        m.show_board(attrs.evolve(board, units=moved))
        row = row_of(h)
        assert set(m._rows) == built - {row}
        m.show_board(m.board)  # the same board: nothing
        assert set(m._rows) == built - {row}


async def test_the_footer_is_told_only_when_its_keys_change():
    app = watching()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await still(pilot, app)
        told: list[object] = []
        screen.bindings_updated_signal.subscribe(screen, told.append, immediate=True)
        screen.redraw()
        screen.redraw()
        assert told == []  # nothing changed
        screen._keys_shown = ()  # as if the keys had changed
        screen.redraw()
        assert len(told) == 1


async def test_a_hidden_log_pane_is_filled_when_it_is_shown():
    app = watching()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await still(pilot, app)
        for _ in range(30):
            screen.controller.table.session.computer_step()  # (each drawn as it comes)
            await pilot.pause()
        pane = screen.query_one("#log-pane", LogView)
        assert pane._pending is not None  # the Hex tab is in front
        chunks = pane.query(".log-chunk")
        assert "".join(str(c.render()) for c in chunks).strip() == ""
        await pilot.press("g")  # the Log tab
        await pilot.pause()
        assert pane._pending is None
        shown = pane.shown_text()
        last = screen.log_lines.texts[-1].plain
        assert last and last in shown


async def test_a_changed_row_is_drawn_again_where_it_is_on_a_scrolled_map(monkeypatch):
    app = watching()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await still(pilot, app)
        m = screen.query_one(MapView)
        m.scroll_to(y=6, animate=False, force=True)
        await pilot.pause()
        assert m.scroll_offset.y == 6
        board = m.board
        h = next(h for h in board.units if 6 < row_of(h) < 6 + m.size.height)
        moved = dict(board.units)
        moved.pop(h)
        drawn: list = []
        monkeypatch.setattr(m, "refresh", lambda *regions, **k: drawn.extend(regions))
        m.show_board(attrs.evolve(board, units=moved))
        assert [r.y for r in drawn] == [row_of(h) - 1 - 6]  # the row's line on screen
