"""The game log: every action is in it, the computer's too, folded per unit
and unfolded by a key; what the rules did is not credited to a side; it scrolls from the
keyboard. At 80x24 and 160x50."""

from __future__ import annotations

import pytest

from plot_core import Player, new_game
from plot_core.hexgrid import parse_hex as H
from plot_session.session import Seat, Session
from plot_tui.app import PlotApp
from plot_tui.panels import LogView

from .helpers import act_on, app_for, game, pos, session_of

pytestmark = pytest.mark.asyncio
SIZES = [(80, 24), (160, 50)]


def log_text(app) -> str:
    pane = game(app).query_one("#log-pane", LogView)
    return pane.shown_text()


@pytest.mark.parametrize("size", SIZES)
async def test_a_units_steps_fold_into_one_line_and_f_unfolds_them(size):
    app = app_for(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        """)
    )
    async with app.run_test(size=size) as pilot:
        await act_on(pilot, app, H("2110"), H("2010"), H("1910"))
        await pilot.press("e")
        await pilot.pause()
        lines = [ln for ln in log_text(app).splitlines() if ln.strip()]
        assert lines[-1].split() == [
            "1",
            "SS",
            "Move",
            "Schellenberg",
            "(002)",
            "→",
            "2010",
            "→",
            "1910,",
            "and",
            "ends",
            "its",
            "move",
        ]
        await pilot.press("f")  # each step on its own line
        await pilot.pause()
        lines = [" ".join(ln.split()) for ln in log_text(app).splitlines() if ln.strip()]
        assert lines[-4:] == [
            "1 SS Move Schellenberg (002)",
            "2 SS Step to 2010",
            "3 SS Step to 1910",
            "4 SS End Schellenberg (002)'s move",
        ]


async def test_every_action_of_the_computer_is_in_the_log_and_the_rules_are_no_side():
    size = (80, 24)  # the same lines at any size (the log's layout has tests of its own)
    state = new_game(11)
    app = PlotApp(session=Session(state, {p: Seat.COMPUTER for p in Player}, seed=11))
    async with app.run_test(size=size) as pilot:
        s = session_of(app)
        game(app).controller.table.pace = 0.0
        while s.actions < 60 or not any("Hitler's movement" in ln.event.text for ln in s.log):
            await pilot.pause(0.02)
        game(app).controller.table.moves_computer = lambda: False  # stop, to read
        await pilot.pause()
        await pilot.press("f")  # unfolded: a line per action
        await pilot.pause()
        lines = log_text(app).splitlines()
        numbered = {int(ln.split()[0]) for ln in lines if ln[:4].strip().isdigit()}
        # no gaps ("19, then 33") in what it keeps on screen (the newest 600 lines)
        assert set(range(min(numbered), s.actions + 1)) <= numbered
        # what the rules do by themselves is no side's: under the action, unattributed
        hitler = [ln for ln in lines if "Hitler's movement" in ln]
        assert hitler and all(ln.startswith(" " * 12) for ln in hitler)


async def test_the_log_scrolls_from_the_keyboard_at_80x24():
    state = new_game(12)
    app = PlotApp(session=Session(state, {p: Seat.COMPUTER for p in Player}, seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        s = session_of(app)
        game(app).controller.table.pace = 0.0  # not s: skipping can finish the whole game in one go
        while s.actions < 60:
            await pilot.pause(0.02)
        game(app).controller.table.moves_computer = lambda: False  # stop, to read
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        pane = game(app).query_one("#log-pane", LogView)
        assert pane.max_scroll_y > 0 and pane.scroll_y == pane.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert pane.scroll_y < pane.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert pane.scroll_y == 0
        await pilot.press("end")
        await pilot.pause()
        assert pane.scroll_y == pane.max_scroll_y


async def test_the_log_follows_new_lines_that_come_faster_than_the_screen_is_drawn():
    """Lines that arrive before the last follow-up scroll ran (the computer playing fast)
    must not leave the log behind: it follows until the reader scrolls away."""
    from rich.text import Text
    from textual.app import App

    class OneLog(App):
        def compose(self):
            yield LogView(id="log")

    app = OneLog()
    async with app.run_test(size=(160, 50)) as pilot:
        pane = app.query_one(LogView)
        lines = [Text(f"line {i}") for i in range(80)]
        pane.show(lines)
        await pilot.pause()
        assert pane.max_scroll_y > 0 and pane.scroll_y == pane.max_scroll_y
        for more in range(5):  # several fills between two refreshes
            lines = lines + [Text(f"more {more}.{i}") for i in range(7)]
            pane.show(lines)
            pane.refresh(layout=True)
            await pilot.pause(0)
        await pilot.pause()
        await pilot.pause()
        assert pane.scroll_y == pane.max_scroll_y, "the log stopped following"
        pane.scroll_home(animate=False)  # the reader scrolls back to read ...
        await pilot.pause()
        pane.show(lines + [Text("newest")])
        await pilot.pause()
        assert pane.scroll_y == 0  # ... and stays where they are


SCHELLENBERG = """
phasing = "ss"
[units]
"002" = { hex = "2110" }
"""


async def a_long_move_in_the_log_tab(pilot, app) -> None:
    """Schellenberg walks three hexes and ends his move (one line, folded, longer than
    the side panel is wide), and the Log tab is put in front."""
    await act_on(pilot, app, H("2110"), H("2010"), H("1910"), H("1810"))
    await pilot.press("e")
    await pilot.press("g")  # the Log tab
    await pilot.pause()


async def test_a_long_line_goes_on_under_its_text_not_under_the_number():
    """At 80x24 the Log tab is narrow: a unit's move folded into one line wraps, and its
    next lines start where its text does, leaving the column of numbers and sides clear."""
    from leakhunt import terminal_text

    app = app_for(pos(SCHELLENBERG))
    async with app.run_test(size=(80, 24)) as pilot:
        await a_long_move_in_the_log_tab(pilot, app)
        r = game(app).query_one("#log-pane", LogView).region
        drawn = [ln[r.x : r.right] for ln in terminal_text(app).splitlines()[r.y : r.bottom]]
        first = next(i for i, ln in enumerate(drawn) if "Move Schellenberg" in ln)
        rest = [ln for ln in drawn[first + 1 :] if ln.strip()]
        assert "ends its move" in " ".join(" ".join(rest).split()), drawn  # it wrapped
        assert all(ln.startswith(" " * 12) and ln[12] != " " for ln in rest), drawn


async def test_g_again_puts_the_log_on_the_whole_screen_and_g_or_escape_gives_the_board_back():
    from leakhunt import terminal_text
    from plot_tui.mapview import MapView

    app = app_for(pos(SCHELLENBERG))
    async with app.run_test(size=(80, 24)) as pilot:
        await a_long_move_in_the_log_tab(pilot, app)
        assert game(app).maximized is None
        for back in ("escape", "g"):
            await pilot.press("g")  # ... again (the Log tab in front): the whole screen
            await pilot.pause()
            pane = game(app).query_one("#log-pane", LogView)
            assert game(app).maximized is pane and pane.region.width == 80
            drawn = terminal_text(app)
            assert "The log · g or Esc: back to the board" in drawn.splitlines()[0]
            # a move's line whole on one line of the screen: not wrapped as in the side panel
            assert any("Move Schellenberg" in ln and "ends its move" in ln for ln in drawn.splitlines())
            # the board is out of sight: its keys do nothing (a move or a roll unseen)
            acted = session_of(app).actions
            await pilot.press("enter", "e", "P", "1", "u")
            await pilot.pause()
            assert session_of(app).actions == acted and game(app).maximized is pane
            await pilot.press(back)
            await pilot.pause()
            assert game(app).maximized is None and isinstance(app.focused, MapView)  # the map's keys again
