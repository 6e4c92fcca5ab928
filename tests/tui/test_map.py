"""The map widget: hexes, cursor keys, set-up marks, help, quitting."""

from __future__ import annotations

import re

import pytest
from rich.style import Style

from plot_core import Player
from plot_core.hexgrid import hex_at
from plot_tui.app import HelpScreen
from plot_tui.mapstyle import CELL, hex_under, hex_x
from plot_tui.mapview import Board, MapView
from plot_tui.panels import HexInfo

from .helpers import app_for, game, pos, until

EMPTY = """
phase = "movement"
phasing = "ss"
"""


def test_hex_under_inverts_hex_x(rules):
    m = rules.map
    for h in m.area_of:
        x = hex_x(h)
        for dx in range(CELL):
            assert hex_under(m, x + dx, h % 100 - 1) == h


@pytest.mark.asyncio
async def test_map_shows_and_cursor_moves(rules):
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        view = game(app).query_one(MapView)
        assert view.cursor == rules.map.named_setup["100"]  # starts on Hitler's hex
        info = game(app).query_one(HexInfo)
        assert "Führer HQ" in str(info.render())
        start = view.cursor
        await pilot.press("l")
        assert view.cursor == start + 100  # one column east
        await pilot.press("h", "y")
        assert view.cursor == hex_at(start // 100 - 1, start % 100 - 1)  # even row: NW = c-1
        c, r = start // 100 - 1, start % 100 - 1  # an odd row
        await pilot.press("i")  # NE from an odd row
        assert view.cursor == hex_at(c + 1, r - 1)
        await pilot.press("n")  # SE from an even row
        assert view.cursor == hex_at(c + 1, r)
        await pilot.press("b")  # SW from an odd row
        assert view.cursor == hex_at(c + 1, r + 1)
        await pilot.press("m")
        assert view.show_marks
        line = "".join(seg.text for seg in view.render_row(rules.map.named_setup["100"] % 100))
        assert "FH@" in line  # Hitler's named hex


@pytest.mark.asyncio
async def test_the_map_is_drawn_as_hexes(rules):
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = game(app).query_one(MapView)
        row = "".join(seg.text for seg in view.render_row(14))
        assert "FHQ" in row and "ABW" in row
        assert row.startswith("  ·  ")  # even rows: a hex is five cells
        odd = "".join(seg.text for seg in view.render_row(13))
        assert odd.startswith("  ")  # odd rows sit half a hex right


@pytest.mark.asyncio
async def test_help_opens_and_q_asks_then_quits(rules):
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        from textual.containers import VerticalScroll

        box = app.screen.query_one(VerticalScroll)
        assert box.max_scroll_y > 0  # 80x24 is too small for all of it
        await pilot.press("pagedown", "down")
        assert isinstance(app.screen, HelpScreen) and box.scroll_y > 0
        await pilot.press("end")  # paging keys scroll, to the ends too
        assert isinstance(app.screen, HelpScreen) and box.scroll_y == box.max_scroll_y
        await pilot.press("home")
        assert isinstance(app.screen, HelpScreen) and box.scroll_y == 0
        await pilot.press("space")
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("q")  # a game in progress: asked first
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
        await pilot.press("down")  # to the next row
        await pilot.pause()
        assert not _cursor_at(view, row)  # old row rebuilt
        assert _cursor_at(view, view.cursor % 100)
        view.show_board(Board())
        assert "ZZZ" not in _line_text(view, row)


@pytest.mark.asyncio
async def test_keys_faster_than_a_closing_screen_close_only_it(rules):
    """Two keys queued on the help screen (or a question) before it has gone: the
    first closes it, the rest do nothing: no second dismissal of the same screen
    (found by the SSH fuzz test: InvalidStateError), and the game underneath stays."""
    from textual import events

    from plot_tui.screens import ConfirmScreen

    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        helper = app.screen
        assert isinstance(helper, HelpScreen)
        for k in ("x", "down", "n", "y", "space"):
            helper.post_message(events.Key(k, None))
        await pilot.pause()
        assert helper.closing and app.screen is game(app)
        await pilot.press("q")  # quit? asked; "n" and "y" both land
        asked = app.screen
        assert isinstance(asked, ConfirmScreen)
        asked.action_answer(False)
        asked.action_answer(True)  # too late: the first answer stands
        assert asked.dismiss() is not None  # a third time: still a no-op
        await pilot.pause()
        assert app.screen is game(app) and app.is_running


@pytest.mark.asyncio
async def test_the_quit_question_is_a_box_as_tall_as_its_words_and_buttons(rules):
    """At 80x24 the question, then its buttons under it, in a box no taller than they
    need: the game stays in sight above and below (the buttons' row once took the rest
    of the screen)."""
    from plot_tui.screens import ConfirmScreen

    from .narrow import drawn

    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.pause()
        lines = [ln for ln in drawn(app).splitlines() if ln.strip(" │╭╮╰╯─")]
        question = next(i for i, ln in enumerate(lines) if "Quit this game?" in ln)
        buttons = next(i for i, ln in enumerate(lines) if "Yes (y)" in ln and "No (n)" in ln)
        assert question < buttons
        assert len(drawn(app).splitlines()) <= 12  # border, padding, 3 lines of words, buttons


@pytest.mark.asyncio
async def test_a_key_for_a_covered_screen_does_not_close_the_one_on_top(rules):
    """A key meant for the help screen lands after the command palette opened over it:
    Textual's dismiss would pop the palette and spend the help screen's result; ours
    leaves both, and each closes normally afterwards."""
    from textual import events

    from plot_tui.command_finder import CommandFinder

    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        helper = app.screen
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandFinder)
        helper.post_message(events.Key("x", None))
        await pilot.pause()
        assert isinstance(app.screen, CommandFinder) and not helper.closing
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is helper
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is game(app)


@pytest.mark.asyncio
async def test_keys_for_a_screen_not_built_yet_or_leaving_do_nothing(rules):
    """A key bound on the game screen that arrives before it is mounted or after it
    began to close finds no widgets to act on; it is dropped, not a crash."""
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game(app)
        screen.closing = True  # as if dismissed a moment ago
        for child in list(screen.children):
            await child.remove()  # ... and its widgets already gone
        assert await app.run_action("tables", screen) is True
        assert await app.run_action("tab('log')", screen) is True
        assert app.is_running


@pytest.mark.asyncio
async def test_the_palette_opened_again_while_it_leaves_is_not_opened_twice(rules):
    """ctrl+p, escape, ctrl+p faster than the first palette goes: one palette, no clash
    of ids (the SSH fuzz test found DuplicateIds)."""
    from plot_tui.command_finder import CommandFinder

    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        palette = app.screen
        assert isinstance(palette, CommandFinder)
        palette.dismiss()
        app.action_command_palette()  # the old one has not gone yet
        await pilot.pause()
        assert app.is_running
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandFinder)


@pytest.mark.asyncio
async def test_keys_typed_into_the_palette_as_it_closes_search_nothing_after_it_has_gone(rules):
    """ctrl+p, a few letters and Escape sent at once, as a fast typist or a paste over
    SSH does: the letters' searches are done before the palette goes, so none runs on
    against a list that has gone (Textual's own palette searched in a worker and failed
    so, within the first bursts of these)."""
    import random

    from textual import events

    from plot_tui.command_finder import CommandFinder

    chars = {"ctrl+p": "\x10", "escape": "\x1b", "enter": "\r"}
    bursts = [
        ["ctrl+p", "a", "b", "escape"],
        ["ctrl+p", "escape"],
        ["ctrl+p", "k", "escape", "ctrl+p"],
        ["escape", "m"],
        ["ctrl+p", "k", "e", "y", "s", "enter"],
    ]
    rnd = random.Random(1)
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for k in range(60):
            for key in rnd.choice(bursts):
                app.post_message(events.Key(key, chars.get(key, key)))
            if k % 3 == 0:
                await pilot.pause()
        await pilot.pause()
        for _ in range(4):  # whatever is left open: the keys panel, the palette
            await pilot.press("escape")
        assert app.is_running and app.return_code is None
        await pilot.press("ctrl+p", *"keys")
        assert isinstance(app.screen, CommandFinder)


@pytest.mark.asyncio
async def test_a_palette_closed_before_it_was_mounted_mounts_without_failing(rules):
    """Escape right behind ctrl+p over SSH: the palette is taken down before it mounts,
    and mounting finds its parts gone; it looks none of them up, so nothing fails."""
    from plot_tui.command_finder import CommandFinder, nothing_found

    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(5):
            palette = CommandFinder(nothing_found)
            app.push_screen(palette)
            palette.dismiss()
            await pilot.pause()
        assert app.is_running and app.screen is game(app)


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(1, 24), (2, 5), (1, 1)])
async def test_the_palette_on_a_terminal_a_column_or_two_wide_searches_without_failing(size):
    """A client may resize its terminal to 1x1 (the SSH fuzz test does): the palette's
    lines, an action and what is at stake under it, still wrap (at a width of 0,
    Textual's list fails)."""
    app = app_for(pos(EMPTY))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"move")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and app.screen is game(app)


@pytest.mark.asyncio
async def test_a_scroll_key_before_the_help_is_built_does_nothing(rules):
    from textual import events

    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        helper = app.screen
        for child in list(helper.children):
            await child.remove()  # as before its compose has run
        helper.post_message(events.Key("down", None))
        await pilot.pause()
        assert app.is_running and app.screen is helper
        await pilot.press("x")
        assert app.screen is game(app)


@pytest.mark.asyncio
async def test_tab_keys_on_a_board_without_its_tabs_do_nothing(rules):
    """Seen over SSH: a tab key reached a game screen whose tabs were not there."""
    from textual.widgets import TabbedContent

    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game(app)
        for tabs in list(screen.query(TabbedContent)):
            await tabs.remove()
        await app.run_action("tables", screen)
        await app.run_action("tab('log')", screen)
        await pilot.pause()
        assert app.is_running


@pytest.mark.asyncio
async def test_any_key_on_a_board_without_its_widgets_fails_nothing(rules):
    """Seen over SSH: pace, tab and prompt keys reached a game screen whose widgets were
    not there. Nothing a key does waits for, or looks for, a widget that may be gone."""
    app = app_for(pos(EMPTY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game(app)
        await screen.query_one("#prompt").remove()
        for action in ("pace(1)", "tables", "menu", "help"):
            assert await app.run_action(action, screen) is True
        await pilot.pause()
        assert app.is_running


@pytest.mark.asyncio
async def test_a_panel_shown_late_draws_the_game_as_it_is_now(rules):
    """Seen over SSH: a game screen drew while a panel in a tab was not there yet
    (NoMatches). Panels are bound to what the screen shows (data_bind): one mounted or
    shown later draws the game as it is then, with nothing to wait for."""
    from plot_tui.panels import BoxPanel

    app = app_for(pos(EMPTY + '[units]\n"002" = { hex = "2110" }\n"303" = { box = "interrogation_cell" }\n'))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game(app)
        shown = screen.shown
        assert shown is not None and shown.view is screen.shot.view  # drawn at once
        await pilot.press("B")  # the Boxes tab, never shown before
        await pilot.pause()
        assert "Interrogation Cell (1)" in str(screen.query_one(BoxPanel).render())


LABEL_TOKENS = re.compile(r"^(\d{3}[?~mn.+ sa]?|[A-Z]{2,3}|·|~|[+saxi]|[a-z@]|[A-Z]{2}[a-z@])$")
UNIT_TOKEN = re.compile(r"^(\d{3})(.?)$")


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_every_hex_under_the_cursor_shows_whole_labels_apart(rules, size):
    """The cursor put on every hex of the map in turn (the map scrolls to it), and every
    line of the pane read as a player reads it: each word a whole label (a unit's id
    and its mark, an HQ, an area code, a dot), never cut by the pane's edge ("03?") nor
    run into its neighbour ("301?011")."""
    from plot_core import new_game

    app = app_for(new_game(7))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        view = game(app).query_one(MapView)
        on_map = [u for u in game(app).shot.view.units if u.hex is not None]
        ids = {u.id for u in on_map}
        # who controls a unit is a letter after its id (when no state takes its place),
        # not its colour alone
        letter = {u.id: {Player.SS: "s", Player.ABWEHR: "a", None: ""}[u.controller] for u in on_map}
        assert ids and set(letter.values()) == {"s", "a", ""}
        shown_ids: set[str] = set()
        for h in sorted(rules.map.area_of):
            view.move_to(h)
            view.keep_in_view(h)
            lines = [
                "".join(seg.text for seg in view.render_line(y))
                for y in range(view.scrollable_content_region.height)
            ]
            for line in lines:
                for token in line.split():
                    assert LABEL_TOKENS.match(token), (h, token, line)
                    if unit := UNIT_TOKEN.match(token):
                        uid, who = unit.groups()
                        assert uid in ids and who == letter[uid], (h, token, line)
                        shown_ids.add(uid)
            sx, sy = view.scroll_offset  # and the cursor's hex
            region = view.scrollable_content_region  # is whole in the pane
            assert sy <= h % 100 - 1 < sy + region.height, h
            assert sx <= hex_x(h) and hex_x(h) + CELL <= sx + region.width, h
        assert shown_ids == ids  # every unit was seen whole


@pytest.mark.asyncio
async def test_a_small_terminal_is_told_what_size_plays_best(rules):
    from .helpers import prompt

    for size, told in (((80, 24), True), ((160, 50), False)):
        app = app_for(pos(EMPTY))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            shown = " ".join(prompt(app).split())
            assert ("This terminal is 80x24; plot plays best at 120x36" in shown) is told


def test_who_controls_a_unit_shows_without_colour_too(rules):
    from plot_core import Player, view
    from plot_core.engine.map_overlays import overlays
    from plot_core.engine.state import UnitState
    from plot_tui.boardview import build_board, unit_style

    ss, ab, none = (
        unit_style(rules, UnitState("401", hex=2110, controller=c)) for c in (Player.SS, Player.ABWEHR, None)
    )
    # the type says whose: bold the SS, bold italic the Abwehr, plain no one's;
    # underline stays free for "a hex you can act on"
    assert (ss.bold, ss.italic) == (True, False)
    assert (ab.bold, ab.italic) == (True, True)
    assert (none.bold, none.italic) == (False, False)
    assert not (ss.underline or ab.underline or none.underline)
    # and a letter after the id, where the unit has no state to show
    state = pos(
        EMPTY
        + """[units]
    "401" = { hex = "2110", controller = "ss" }
    "402" = { hex = "2210", controller = "abwehr" }
    "403" = { hex = "2310", controller = "none" }
    "404" = { hex = "2410", controller = "abwehr", marker = "neutralized" }
    """
    )
    board = build_board(rules, view(state, Player.SS), overlays(state), [])
    shown = {h: text for h, (text, _) in board.units.items()}
    # a state takes the letter's place (404 is neutralized: n, its controller by its type)
    assert shown == {2110: " 401s", 2210: " 402a", 2310: " 403 ", 2410: " 404n"}


@pytest.mark.asyncio
async def test_y_changes_the_maps_colours_and_the_choice_is_kept(tmp_path):
    from plot_core import Player
    from plot_session.settings import SettingsFile
    from plot_tui.palettes import COLOUR_BLIND, HIGH_CONTRAST, STANDARD

    path = tmp_path / "settings.json"
    app = app_for(pos(EMPTY + '[units]\n"002" = { hex = "2110" }\n'), human=Player.SS)
    app.settings = SettingsFile(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: game(app).shown is not None, "the game")
        screen = game(app)
        mapview = screen.query_one(MapView)
        assert mapview.palette is STANDARD
        assert app.theme == "textual-dark"
        await pilot.press("Y")
        assert mapview.palette is COLOUR_BLIND and screen.palette is COLOUR_BLIND
        assert app.theme == "plot-colour-blind"  # the rest of the screen too
        _, style = mapview.board.units[2110]
        assert style.bgcolor.name == COLOUR_BLIND.party[rules_party("002")].lower()
        assert "colour-blind" in str(screen.prompt_pane.message)
        await pilot.press("Y")
        assert mapview.palette is HIGH_CONTRAST and app.theme == "plot-high-contrast"
    assert SettingsFile(path).settings.palette == "high-contrast"  # kept for next time
    again = app_for(pos(EMPTY), human=Player.SS)
    again.settings = SettingsFile(path)
    async with again.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: game(again).shown is not None, "the game")
        assert game(again).query_one(MapView).palette is HIGH_CONTRAST
        assert again.theme == "plot-high-contrast"  # the whole screen, from the start


def rules_party(uid):
    from plot_core import load_rules

    return load_rules().units[uid].party


def test_every_palette_a_setting_may_name_exists_and_no_other():
    from plot_session.settings import PALETTE_NAMES
    from plot_tui.palettes import PALETTES

    assert tuple(PALETTES) == PALETTE_NAMES


@pytest.mark.asyncio
async def test_a_row_with_reachable_marks_keeps_every_hex_at_its_own_columns():
    """A reachable hex's mark (+) fills the hex's cell as a label does: the hexes after it
    in the row are drawn where they stand (each mark once drew them two columns early,
    off the grid, and a label at the pane's edge came out cut: "105  0")."""
    from plot_core.hexgrid import row_of

    from .helpers import DUEL, cursor_to

    app = app_for(pos(DUEL))
    async with app.run_test(size=(100, 30)) as pilot:
        await cursor_to(pilot, app, 2110)
        await pilot.press("enter")  # 002 moves: its reachable hexes are marked
        await pilot.pause()
        m = game(app).query_one(MapView)
        assert 2210 in m.board.units and row_of(2210) == row_of(2110)  # a unit after marks
        for row in {row_of(h) for h in m.board.reachable}:
            line = "".join(seg.text for seg in m.render_row(row))
            for h in (h for h in m.hexmap.area_of if row_of(h) == row):
                cell = line[hex_x(h) : hex_x(h) + CELL]
                if h in m.board.units:
                    assert cell == m.board.units[h][0], (h, cell)
                elif h in m.board.reachable:
                    assert cell == "  +  ", (h, cell)


@pytest.mark.asyncio
async def test_o_and_m_say_what_the_map_shows_now(rules):
    from .helpers import prompt

    app = app_for(pos(EMPTY))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        said = []
        for _ in range(3):
            await pilot.press("o")
            said.append(prompt(app))
        assert "Overlay: zones of control (11.1), s the SS's, a the Abwehr's, x both. o: next." in said[0]
        # no Allied unit is placed in this position: nothing to show, and it says so
        assert "Overlay: Allied zones of influence (17.2): none now. o: off." in said[1]
        assert "Overlay off. o: zones of control." in said[2]
        await pilot.press("m")
        assert "Set-up marks (4.3): the SS's (s)" in prompt(app)
        await pilot.press("m")
        assert "Set-up marks off. m: on." in prompt(app)


def test_tab_visits_the_units_the_decision_names_before_one_it_could_expose(rules):
    """The SS may reveal an Abwehr unit's Loyalty chit beside any decision (12.75); a
    newcomer asked to choose a unit found Tab's first stop on that unit instead. The
    units the decision itself names come first; the exposure's hex stays a target."""
    from plot_core import Player, legal_actions, view
    from plot_core.engine.map_overlays import overlays
    from plot_tui.boardview import build_board

    state = pos(
        'phasing = "ss"\n[units]\n"002" = { hex = "2110" }\n"305" = { hex = "2210" }\n'
        '[chits]\nss = ["L305"]\n'
    )
    legal = list(legal_actions(state))
    assert {str(a) for a in legal} >= {"activate 002", "expose 305"}
    board = build_board(rules, view(state, Player.SS), overlays(state), legal)
    assert board.unit_targets == {2110} and 2210 in board.targets


@pytest.mark.asyncio
async def test_tab_goes_first_to_the_unit_the_decision_names_not_to_one_it_could_expose():
    from .helpers import app_for, game

    state = pos(
        'phasing = "ss"\n[units]\n"002" = { hex = "2210" }\n"305" = { hex = "2110" }\n'
        '[chits]\nss = ["L305"]\n'
    )
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert game(app).query_one("MapView").cursor == 2210  # Schellenberg, to move (9.1)
        await pilot.press("tab")
        await pilot.pause()
        assert game(app).query_one("MapView").cursor == 2110  # Bonhoeffer, to expose (12.75)
