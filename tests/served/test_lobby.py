"""The lobby screen without SSH: what it lists and what it says when a table is gone."""

from __future__ import annotations

import random

import pytest
from textual.app import App
from textual.geometry import Region
from textual.widgets import DataTable, Input

from fakes import Later
from leakhunt import terminal_text
from plot_core import Player
from plot_server.guard import CodeLimit
from plot_server.hub import Hub
from plot_server.lobby import LOBBY_STYLESHEET, JoinScreen, LobbyScreen
from plot_session.session import Seat
from plot_tui.app import STYLESHEET
from plot_tui.panels import LogView
from tui.helpers import until

from .test_hub import ALICE, BOB, CAROL, play

pytestmark = pytest.mark.asyncio


class LobbyApp(App[None]):
    """Stands in for the server's app: records what the lobby asks of it."""

    CSS_PATH = [STYLESHEET, LOBBY_STYLESHEET]

    def __init__(self, hub: Hub) -> None:
        super().__init__()
        self.hub, self.asked, self.codes = hub, [], []

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen(self.hub, CAROL))

    def take_seat(self, table_id: str, code: str) -> None:
        self.asked.append(("sit", table_id))
        self.codes.append(code)

    def watch_table(self, table_id: str) -> None:
        self.asked.append(("watch", table_id))


async def test_a_finished_game_that_left_the_list_is_said_and_not_opened(rules, tmp_path):
    hub = Hub(rules, tmp_path, keep_finished=0, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=5)
    guests = {
        Player.SS: hub.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    }
    play(guests, 20_000, random.Random(5))
    assert table.over
    app = LobbyApp(hub)
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert "over:" in " ".join(str(c) for c in lobby.query_one("DataTable").get_row(table.id))
        await pilot.press("w")
        assert app.asked == [("watch", table.id)]  # listed: it can be watched
        for guest in guests.values():  # they leave; it is pruned
            hub.leave(guest)
        assert table.id not in hub.tables
        await pilot.press("enter")
        await pilot.pause()
        assert app.asked == [("watch", table.id)]  # nothing opened
        message = str(lobby.query_one("#message").render())
        assert f"Table {table.id} has left the list" in message
        assert lobby.query_one("DataTable").row_count == 0  # the list redrawn


async def test_a_join_code_typed_while_the_field_has_no_focus_is_not_lost(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=5)
    app = LobbyApp(hub)
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        join = app.screen
        assert isinstance(join, JoinScreen)
        join.set_focus(None)  # as if focus went elsewhere before the keys
        await pilot.press(*table.code[:3])
        assert join.query_one("#code", Input).has_focus
        await pilot.press(*table.code[3:], "enter")
        await pilot.pause()
        assert app.asked == [("sit", table.id)]
        assert app.codes == [table.code]


async def test_j_on_a_table_with_no_free_side_says_so_before_asking_for_a_code(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=5)
    hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    app = LobbyApp(hub)
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        lobby = app.screen
        await pilot.press("j")
        await pilot.pause()
        assert app.screen is lobby and app.asked == []  # no code asked for in vain
        message = str(lobby.query_one("#message").render())
        assert f"Table {table.id} has no free side (SS: alice, Abwehr: bob)" in message
        assert "Press w to watch." in message


async def test_a_refusal_of_lobby_talk_goes_once_a_line_is_said(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    app = LobbyApp(hub)
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        lobby = app.screen

        def message() -> str:
            return str(lobby.query_one("#message").render())

        await pilot.press("T", "enter")  # nothing typed
        await until(pilot, lambda: "Nothing to say: the line is empty." in message(), "the refusal")
        await pilot.press("T", *"hello", "enter")
        await until(pilot, lambda: [c.text for c in hub.lobby.lines] == ["hello"], "the line said")
        assert "Nothing to say" not in message()
        lobby.say("A link to keep")  # what else the line says stays when talk goes on
        await pilot.press("T", *"again", "enter")
        await until(pilot, lambda: len(hub.lobby.lines) == 2, "the second line said")
        assert "A link to keep" in message()


async def test_lobby_talk_and_the_tables_where_it_is_your_move_come_first(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    other = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=5)  # not carol's
    mine = hub.create(CAROL, Player.SS, opponent=Seat.HUMAN, seed=6)
    hub.sit(mine.id, BOB, code=mine.code, codes=CodeLimit(5))
    guests = {
        Player.SS: hub.sit(mine.id, CAROL, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(mine.id, BOB, codes=CodeLimit(5)),
    }
    rnd = random.Random(2)
    while mine.session.state.to_act is not Player.SS:  # on to carol's move
        play({p: guests[p] for p in Player}, 1, rnd)
    app = LobbyApp(hub)
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        rows = lobby.query_one("DataTable")
        first = [str(c) for c in rows.get_row_at(0)]
        assert first[0] == mine.id and first[1] == "▶ SS: your move"  # (second: never cut)
        shown = [strip.text for strip in rows.render_lines(Region(0, 0, rows.size.width, 2))]
        assert "▶ SS: your move" in shown[1], shown  # drawn whole, not "▶ S"
        assert "your move" not in " ".join(str(c) for c in rows.get_row(other.id))
        await pilot.resize_terminal(100, 24)  # narrower: each table on two lines
        await pilot.pause()
        first = [str(c) for c in rows.get_row_at(0)]
        assert first[:2] == [f"{mine.id}\n▶ yours", "carol (you)"], first
        shown = [strip.text for strip in rows.render_lines(Region(0, 0, rows.size.width, 3))]
        assert "▶ yours" in shown[2] and "Watching" in shown[0], shown
        await pilot.press("T")
        await pilot.pause()
        asked = " ".join(str(w.render()) for w in app.screen.query("Label"))
        assert "Say to everyone in the lobby, as carol:" in asked  # not "at the table"
        await pilot.press(*"anyone for [b]a game[/b]?", "enter")
        await pilot.pause()
        chat = " ".join(lobby.query_one("#lobby-chat", LogView).shown_text().split())
        assert "carol (lobby): anyone for [b]a game[/b]?" in chat  # as text, not markup
        assert [c.text for c in hub.lobby.lines] == ["anyone for [b]a game[/b]?"]
        # spaces typed to push words onto the pane's next line: they go on under the name,
        # not at the left edge where the server's own lines begin
        await pilot.press("T")
        await pilot.pause()
        await pilot.press(*("gg" + " " * 100 + "The server stops in 1 minute."), "enter")
        await pilot.pause()
        await pilot.resize_terminal(100, 50)
        await pilot.pause()
        text = terminal_text(app).splitlines()
        spoof = [line for line in text if "server stops" in line]
        assert spoof and all(line.startswith(" " * 6) for line in spoof), text


async def test_a_damaged_table_is_listed_in_red_and_entering_it_says_why(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(CAROL, Player.SS, opponent=Seat.HUMAN, seed=5)
    table.session.recorder.close()
    table.record.write_text("not a record\n")
    again = Hub(rules, tmp_path, later=Later())
    assert len(again.restore()) == 1
    app = LobbyApp(again)
    async with app.run_test(size=(120, 20)) as pilot:
        await pilot.pause()
        lobby = app.screen
        row = " ".join(str(c) for c in lobby.query_one("DataTable").get_row(table.id))
        assert "carol" in row and "damaged: its record cannot be read" in row and "SS" in row
        await pilot.press("enter")
        await pilot.pause()
        assert app.asked == []
        assert f"Table {table.id} is damaged" in str(lobby.query_one("#message").render())
        await pilot.press("m")  # her games: there too
        await pilot.pause()
        assert "damaged" in " ".join(str(c) for c in lobby.query_one("DataTable").get_row(table.id))


async def test_the_lobby_and_each_of_its_dialogs_cut_no_word_at_80x24(rules, tmp_path):
    """New table, join, replays, ratings: each opened from the lobby at 80x24
    (narrow.py says how a cut word is found)."""
    from leakhunt import terminal_text
    from plot_record.clock import parse_clock
    from plot_server.connection_limits import ConnectionLimits
    from plot_server.server import ServedApp
    from tui.narrow import cut_at_80x24

    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=5)
    guests = {
        Player.SS: hub.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    }
    play(guests, 20_000, random.Random(5))  # a finished game, to replay and to rate
    # the widest rows: a clock, the computer with its rating, one's own move
    open_side = hub.create(ALICE, Player.ABWEHR, opponent=Seat.HUMAN, seed=6, clock=parse_clock("3+12"))
    hub.create(BOB, Player.SS, opponent=Seat.COMPUTER, seed=7)
    app = ServedApp(None, hub, CAROL, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.lobby, "the lobby")
        cut = {"lobby": await cut_at_80x24(pilot, app)}
        for key in ("n", "j", "R", "r"):
            rows = app.lobby.query_one(DataTable)
            # j asks for a code only where a side is free; R replays the finished game
            rows.move_cursor(row=rows.get_row_index(open_side.id if key == "j" else table.id))
            await pilot.press(key)
            await until(pilot, lambda: app.screen is not app.lobby, f"the dialog of {key}")
            cut[f"{key} ({type(app.screen).__name__})"] = await cut_at_80x24(pilot, app)
            await pilot.press("q" if key == "R" else "escape")  # (the one game is replayed at once)
            await until(pilot, lambda: app.screen is app.lobby, f"back from {key}")
        # every column of every table's row is on the screen (on one line a table's
        # row was 100 columns wide: "Watching" and the games' states fell off)
        hub.create(CAROL, Player.ABWEHR, opponent=Seat.HUMAN, seed=8)  # her move at once
        await until(pilot, lambda: "▶ yours" in terminal_text(app), "her own table")
        shown = terminal_text(app)
        for seen in ("Watching", "clock 3d+12h", "carol (you)", "computer (easy)", "over: the Allies won"):
            assert seen in shown, (seen, shown)
        cut["her own table"] = await cut_at_80x24(pilot, app)
        assert {k: v for k, v in cut.items() if v} == {}


async def test_a_served_game_screen_with_its_chat_tab_cuts_no_word_at_80x24(rules, tmp_path):
    """A served table's screen has a seventh tab, Chat: every tab name still fits."""
    from plot_server.connection_limits import ConnectionLimits
    from plot_server.server import ServedApp
    from plot_tui.game import GameScreen
    from tui.narrow import cut_at_80x24

    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=5)
    hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.lobby, "the lobby")
        await pilot.press("enter")  # her table
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        assert await cut_at_80x24(pilot, app) == []


async def test_the_empty_lists_hint_goes_when_a_table_comes(rules, tmp_path):
    """ "No tables yet: press n to set one up." stayed under a list that had T1 in it."""
    from textual.widgets import Static

    hub = Hub(rules, tmp_path, later=Later())
    app = LobbyApp(hub)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        message = app.screen.query_one("#message", Static)
        assert "No tables yet" in str(message.render())
        hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=5)
        app.screen.refresh_rows()  # (as the server's app does when the lobby changes)
        await pilot.pause()
        assert "T1" in str(app.screen.query_one("DataTable").get_row_at(0)[0])
        assert "No tables yet" not in str(message.render())


async def test_puzzles_from_the_lobby_are_solved_kept_with_the_player_and_left_back_to_the_lobby(
    rules, tmp_path
):
    """p in the lobby: the puzzles of plot puzzles, the player's rating kept with their
    settings on the server, the puzzle's moved by the first try; leaving them comes back
    to the lobby, not off the server."""
    from leakhunt import terminal_text
    from plot_server.connection_limits import ConnectionLimits
    from plot_server.server import ServedApp
    from plot_session.settings import user_settings
    from plot_tui.puzzle_screens import PuzzleCard, PuzzleResult, PuzzleScreen
    from puzzles.test_solving import coup_window
    from tui.narrow import cut_at_80x24

    hub = Hub(rules, tmp_path, later=Later())
    hub._puzzles = [coup_window()]  # (the installed set may change; this one is known)
    app = ServedApp(None, hub, CAROL, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.lobby, "the lobby")
        assert "p puzzles" in terminal_text(app)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the puzzle's card")
        assert await cut_at_80x24(pilot, app) == []
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the board")
        await pilot.press("d")  # no coup now
        await until(pilot, lambda: isinstance(app.screen, PuzzleResult), "the verdict")
        assert "Right: that is the best plan." in terminal_text(app)
        assert await cut_at_80x24(pilot, app) == []
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.lobby, "the lobby again")
        assert app.is_running
    kept = user_settings(tmp_path, CAROL.key).settings
    assert dict(kept.puzzles_tried) == {"coup-window": True} and kept.puzzle_rating[0] > 1500
    moved = hub.puzzle_book(CAROL.key, user_settings(tmp_path, CAROL.key)).ratings()
    assert moved["coup-window"].rating < 1300  # the puzzle lost


async def test_the_first_p_of_a_process_reads_the_puzzles_in_a_thread_then_opens_them(rules, tmp_path):
    from plot_server.connection_limits import ConnectionLimits
    from plot_server.server import ServedApp
    from plot_tui.puzzle_screens import PuzzleCard

    hub = Hub(rules, tmp_path, later=Later())
    assert not hub.puzzles_read
    app = ServedApp(None, hub, CAROL, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.lobby, "the lobby")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the puzzle's card")
        assert hub.puzzles_read
