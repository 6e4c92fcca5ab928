"""Finding an action among hundreds: the list grouped by unit and narrowed by typing (a
unit's name, an area, a hex, a verb), the palette searched the same way, the odds beside
each roll, a roll confirmed in the list itself, and Tab going to the moving unit's
neighbours before anything further off."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, Static

from plot_core.hexgrid import distance, parse_hex
from plot_tui.action_list import PALETTE_LINES
from plot_tui.command_finder import CommandFinder
from plot_tui.mapview import MapView
from plot_tui.screens import ActionMenu

from .helpers import app_for, cursor_to, game, pos, prompt, session_of, until
from .narrow import drawn

pytestmark = pytest.mark.asyncio
H = parse_hex

# Schellenberg (002, 8-7-7) at Gestapo HQ with a Travel chit; Bonhoeffer next door.
TRAVELLER = """
phasing = "ss"
dice = [3]
active = "002"
[units]
"002" = { hex = "2711" }
"305" = { hex = "2611", suspected = true }
"013" = { hex = "2410" }
"308" = { hex = "1810", suspected = true }
[chits]
ss = ["TR1"]
"""


def listed(menu: ActionMenu) -> list[str]:
    options = menu.query_one(OptionList)
    return [str(options.get_option_at_index(k).prompt) for k in range(options.option_count)]


async def test_the_list_is_grouped_by_unit_and_narrowed_by_an_area_name_or_a_hex():
    app = app_for(pos(TRAVELLER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a")
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        lines = listed(menu)
        assert lines[0].startswith("Schellenberg (002) · Walter Schellenberg, 2711 Berlin (BE)")
        assert len(lines) > 200  # every Travel destination
        await pilot.pause()
        assert "type to narrow: a unit, an area, a hex, a verb" in drawn(app)  # the box, in sight
        await pilot.press(*"berne")  # the area lesson 3 names
        await pilot.pause()
        assert "berne" in drawn(app)  # what was typed, in sight
        lines = listed(menu)
        travels = [ln for ln in lines if "Travel to" in ln]
        assert travels and len(travels) == len(lines) - 1  # and the group's heading
        assert all("Travel chit TR1" in ln for ln in travels)
        await pilot.press(*["backspace"] * 5, *"harass")  # a verb
        lines = listed(menu)
        assert any("Harass Bonhoeffer (305)" in ln for ln in lines)
        # the odds beside the roll: +5 on the Harassment Table
        assert any("+5 → Harassment Table, column +5:" in ln for ln in lines)


async def test_letters_typed_one_at_a_time_into_the_list_all_count():
    """As a person types: each key on its own, the screen caught up in between. The
    first letter moves the keyboard to the narrowing field and stays in it."""
    app = app_for(pos(TRAVELLER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        for key in "berne":
            await pilot.press(key)
            await pilot.pause()
        assert menu.query_one("#narrow", Input).value == "berne"
        assert any("Travel to" in ln for ln in listed(menu))


async def test_an_enter_typed_before_the_list_has_the_keyboard_picks_the_first_line():
    """On a busy machine the Enter after `a` can come before the list takes the
    keyboard: it picks the first line all the same, never lost."""
    from textual.app import App

    picked = []

    class Lists(App):
        def on_mount(self) -> None:
            menu = ActionMenu("2 legal actions", [("h", "Harass Oster (303)"), ("o", "Move Oster")])
            self.push_screen(menu, picked.append)

    app = Lists()
    async with app.run_test(size=(100, 30)) as pilot:
        app.set_focus(None)  # as before the list's own mount gave it the keyboard
        await pilot.press("enter")
        await pilot.pause()
    assert picked == ["h"]


async def test_the_list_finds_a_name_whatever_its_accents_and_case():
    from textual.app import App

    class Lists(App):
        def on_mount(self) -> None:
            items = [("h", "Harass H. Müller (003)"), ("j", "Recruit J. Müller (306)"), ("o", "Move Oster")]
            self.push_screen(ActionMenu("3 legal actions", items))

    app = Lists()
    async with app.run_test(size=(100, 30)) as pilot:
        menu = app.screen
        for typed in ("muller", "MUELLER", "müller"):
            box = menu.query_one("#narrow", Input)
            box.value = typed
            await pilot.pause()
            assert listed(menu) == ["Harass H. Müller (003)", "Recruit J. Müller (306)"], typed


async def test_a_roll_picked_from_the_list_is_confirmed_in_the_list():
    app = app_for(pos(TRAVELLER), asks=True)  # ask before rolling: on
    async with app.run_test(size=(120, 40)) as pilot:
        s = session_of(app)
        await pilot.press("a", *"harass bonh", "enter")
        menu = app.screen
        assert isinstance(menu, ActionMenu)  # still open: it asks first
        asking = str(menu.query_one("#asking").render())
        assert "rolls on the Harassment Table column +5" in asking
        assert "Enter again to go ahead" in asking
        assert s.state.unit("305").marker is None
        await pilot.press("enter")  # the same line again
        await pilot.pause()
        assert not isinstance(app.screen, ActionMenu)
        assert s.state.unit("305").marker is not None  # die 3 at +5: N
        assert "Press again" not in prompt(app)


async def test_the_palette_finds_an_action_by_its_area_and_asks_first_as_the_list_does():
    """ctrl+p finds a journey by its area; the first Enter says what it spends, at the
    top of the palette (as the `a` list and the number keys ask); the second goes."""
    app = app_for(pos(TRAVELLER), asks=True)
    async with app.run_test(size=(120, 40)) as pilot:
        s = session_of(app)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandFinder)
        assert "Search for actions…" in drawn(app)  # the box, in sight
        await pilot.press(*"travel berne")
        await pilot.pause()
        assert "travel berne" in drawn(app)
        shown = app.screen.query_one(OptionList)
        first = str(shown.get_option_at_index(0).prompt)
        assert "Travel to" in first and "Berne (BR)" in first, first
        assert shown.option_count <= PALETTE_LINES  # the best of hundreds, not all drawn
        assert "spends TR1" in first  # said in the palette itself
        before = s.state
        await pilot.press("enter")
        await pilot.pause()
        asking = str(app.screen.query_one("#asking", Static).render())
        assert "spends TR1" in asking and "Enter again to go ahead" in asking, asking
        assert s.state == before and isinstance(app.screen, CommandFinder)
        await pilot.press("down", "up")  # another line, and back: asked again, not gone
        await pilot.pause()
        assert not app.screen.query_one("#asking", Static).display
        await pilot.press("enter")
        await pilot.pause()
        assert s.state == before and app.screen.query_one("#asking", Static).display
        await pilot.press("enter")
        await pilot.pause()
        assert s.state.rules.map.area_of[s.state.unit("002").hex] == "BR"


async def test_the_palette_goes_ahead_at_once_when_the_player_turned_the_asking_off():
    app = app_for(pos(TRAVELLER))  # (the tests' settings: no asking)
    async with app.run_test(size=(120, 40)) as pilot:
        s = session_of(app)
        await pilot.press("ctrl+p", *"travel berne", "enter")
        await pilot.pause()
        assert s.state.rules.map.area_of[s.state.unit("002").hex] == "BR"


async def test_tab_visits_the_moving_units_neighbours_first():
    app = app_for(pos(TRAVELLER))
    async with app.run_test(size=(120, 40)) as pilot:
        mapview = game(app).query_one(MapView)
        await cursor_to(pilot, app, H("2711"))
        seen = []
        for _ in range(8):
            await pilot.press("tab")
            seen.append(mapview.cursor)
        near = [distance(h, H("2711")) for h in seen]
        assert near == sorted(near) and near[0] == 1
        assert H("2611") in seen  # Bonhoeffer, to harass


async def test_the_list_says_whom_a_targets_odds_count():
    """A recruitment target's odds count every unit that may still join (12.2): the
    `a` list says whom, before the player adds them one by one."""
    from .test_line_mode import RECRUITING

    app = app_for(pos(RECRUITING))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        lines = [str(options.get_option_at_index(k).prompt) for k in range(options.option_count)]
        target = next(line for line in lines if "Try to recruit Popitz" in line)
        assert "with Himmler and Daluege: +10" in target or "with Daluege and Himmler: +10" in target, target


async def test_a_unit_s_id_typed_in_the_list_finds_that_unit_not_hexes_ending_in_it():
    """Sending on assignment lists every unit with every hex of the area: typing 302 for
    Gisevius also found "Send Dohnanyi (301) to Stockholm (4302)", first, where a newcomer
    pressed Enter on it. A number is found at the start of one; the title says how many
    lines the typing left."""
    from .helpers import ASSIGNING

    app = app_for(pos(ASSIGNING.format(first=6, second=3)))  # Allied EE, 2/Ab/SK
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("tab", "enter", "1")  # the Allied unit, then FR1: the Abwehr picks
        await until(pilot, lambda: "choose a unit to send on assignment" in prompt(app), "the sending")
        await pilot.press("a")
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        everything = len(menu.items)
        await pilot.press(*"302")
        await pilot.pause()
        lines = [ln for ln in listed(menu) if ln.startswith("  ")]
        assert lines and all("Gisevius (302)" in ln for ln in lines), lines
        title = str(menu.query_one("#menu-title", Static).render())
        assert title.endswith(f"· {len(lines)} shown") and len(lines) < everything, title
