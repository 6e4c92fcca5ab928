"""The map at a small terminal: Enter on a `+` hex further than a step walks
there step by step; the cursor never sits on the map's edge; the map follows the
computer's moving unit. At 80x24 and 160x50."""

from __future__ import annotations

import pytest

from plot_core import Player, new_game
from plot_core.hexgrid import parse_hex as H
from plot_core.hexgrid import row_of
from plot_session.session import Seat, Session
from plot_tui.app import PlotApp
from plot_tui.mapstyle import CELL, hex_x
from plot_tui.mapview import MapView

from .helpers import act_on, app_for, cursor_to, game, pos, prompt, session_of

pytestmark = pytest.mark.asyncio
SIZES = [(80, 24), (160, 50)]

DUEL = """
    phasing = "ss"
    [units]
    "002" = { hex = "2110" }
    "305" = { hex = "2210", suspected = true }
    """


def on_screen(m: MapView, h: int, margin_rows: int = 0, margin_cols: int = 0) -> bool:
    """Is ``h`` in the map's visible part, with the margins (or the map's own edge)?"""
    region = m.scrollable_content_region
    x, y = hex_x(h), row_of(h) - 1
    sx, sy = m.scroll_offset
    left = x - sx >= margin_cols or sx == 0
    right = sx + region.width - (x + CELL) >= margin_cols or sx >= m.max_scroll_x
    top = y - sy >= margin_rows or sy == 0
    bottom = sy + region.height - (y + 1) >= margin_rows or sy >= m.max_scroll_y
    inside = sx <= x and x + CELL <= sx + region.width and sy <= y < sy + region.height
    return inside and left and right and top and bottom


@pytest.mark.parametrize("size", SIZES)
async def test_enter_on_a_reachable_hex_two_away_walks_there_and_undo_goes_step_by_step(size):
    app = app_for(pos(DUEL))
    async with app.run_test(size=size) as pilot:
        s = session_of(app)
        await act_on(pilot, app, H("2110"))  # Schellenberg moves
        assert H("1910") in game(app).query_one(MapView).board.reachable
        await act_on(pilot, app, H("1910"))  # two hexes away: the way is said first
        m = game(app).query_one(MapView)
        assert s.state.unit("002").hex == H("2110") and m.way == {H("2010"), H("1910")}
        said = " ".join(prompt(app).split())
        assert "Walk Schellenberg (002) to 1910 by 2010, 1910 (2 steps): Enter again to go." in said
        await pilot.press("enter")
        assert s.state.unit("002").hex == H("1910") and s.state.mp_spent == 2
        assert not m.way and "Schellenberg (002) walked to 1910 by 2010, 1910" in prompt(app)
        await pilot.press("u")
        assert s.state.unit("002").hex == H("2010")  # one step back
        await pilot.press("u")
        assert s.state.unit("002").hex == H("2110")


@pytest.mark.parametrize("size", SIZES)
async def test_the_cursor_keeps_some_map_around_it(size):
    app = app_for(pos(DUEL))
    async with app.run_test(size=size) as pilot:
        m = game(app).query_one(MapView)
        for h in ("0101", "4501", "0130", "2215", "3820", "1110"):
            if H(h) not in m.hexmap:
                continue
            await cursor_to(pilot, app, H(h))
            assert on_screen(m, H(h), margin_rows=1, margin_cols=CELL), h


@pytest.mark.parametrize("size", SIZES)
async def test_the_map_follows_the_computers_moving_unit(size):
    state = new_game(21)
    app = PlotApp(session=Session(state, {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.COMPUTER}, seed=21))
    async with app.run_test(size=size) as pilot:
        game(app).controller.table.pace = 0.0
        m = game(app).query_one(MapView)
        seen = 0
        for _ in range(600):
            await pilot.pause(0.01)
            drawn = game(app).shot.view  # what the screen shows now
            active = drawn.active
            if active is not None:
                h = next(u.hex for u in drawn.units if u.id == active)
                if h is not None:
                    seen += 1
                    assert on_screen(m, h), (active, h)
            if seen >= 6:
                break
        assert seen >= 6


async def test_the_map_comes_back_to_the_cursor_when_the_player_is_to_move_again():
    """The map follows the computer's units (above); when the decision is the player's
    again, it shows the hex the cursor is on, the one the hex panel names."""
    state = new_game(21)
    app = PlotApp(session=Session(state, {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}, seed=21))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        screen.controller.table.pace = 0.0
        m = screen.query_one(MapView)
        away = back = 0
        for _ in range(1500):
            await pilot.pause(0.01)
            shot = screen.shot
            if shot.over:
                break
            if not shot.my_move:
                away += not on_screen(m, m.cursor)
                continue
            if away:
                assert on_screen(m, m.cursor), m.cursor
                back += 1
                away = 0
            if back >= 2:
                break
            legal = screen.controller.legal()
            quick = [a for a in legal if a.verb.value in ("end-phase", "no-reveal", "end")]
            screen.act((quick or legal)[0])
        assert back >= 2, "the computer's moves should take the map away from the cursor twice"


async def test_the_cursor_stays_in_sight_when_the_odds_open_under_the_map():
    """At 80x24, the cursor moved onto an enemy next to the moving unit opens the odds
    under the map, which takes rows from it: the cursor had been left under the new
    panel, the mover and its target out of sight."""
    app = app_for(
        pos("""
        phasing = "ss"
        active = "004"
        [units]
        "004" = { hex = "2114" }
        "300" = { hex = "2115", suspected = true }
        """)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        m = game(app).query_one(MapView)
        await pilot.press(*"kkkkkkkkkk")  # the map scrolled up, to come down on the mover
        await cursor_to(pilot, app, H("2114"))  # (near the map's lower edge)
        before = m.scrollable_content_region.height
        await pilot.press("j")  # onto Canaris: the harassment's odds
        await pilot.pause()
        await pilot.pause()
        assert m.cursor == H("2115") and m.scrollable_content_region.height < before
        assert m.in_sight(H("2115")) and m.in_sight(H("2114"))


async def test_a_map_scrolled_by_the_player_stays_where_they_left_it_when_a_pane_grows():
    """The map keeps its cursor in sight when a pane under it grows, but not over the
    player's own scrolling (the mouse wheel): that view is theirs until the cursor moves."""
    app = app_for(pos(DUEL))
    async with app.run_test(size=(80, 24)) as pilot:
        m = game(app).query_one(MapView)
        await cursor_to(pilot, app, H("2110"))
        m.scroll_to(y=m.scroll_offset.y + 7, animate=False)  # as the wheel does
        await pilot.pause()
        scrolled = m.scroll_offset
        assert not m.in_sight(H("2110"))
        await pilot.resize_terminal(80, 22)  # the map's pane shrinks
        await pilot.pause()
        await pilot.pause()
        assert m.scroll_offset == scrolled
        await pilot.press("l")  # the cursor moves: the map follows it again
        await pilot.pause()
        assert m.in_sight(m.cursor)
