"""At 80x24, the smallest terminal plot supports, no screen or dialog cuts a word: each
is drawn as a player at that size sees it and read against the same screen drawn with
room to spare (narrow.py says how)."""

from __future__ import annotations

import io
import random

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from plot_core import legal_actions, load_rules, new_game
from plot_session.replay import Replay
from plot_session.session import Session
from plot_tui.app import PlotApp
from plot_tui.game import GameScreen
from plot_tui.learn import LessonCard, LessonList, LessonScreen
from plot_tui.replay_screen import ReplayScreen
from plot_tui.screens import NewGameScreen
from record.helpers import recorded_game

from .helpers import HOTSEAT, app_for, quick, until
from .narrow import cut_at_80x24, drawn

pytestmark = pytest.mark.asyncio
RULES = load_rules()
LONG = "word " * 15 + "unbroken, on one line"  # 80 columns end in "unbro|ken"


class OneLine(App[None]):
    CSS = "Static { text-wrap: nowrap; text-overflow: clip; }"

    def __init__(self, wraps: bool) -> None:
        super().__init__()
        self.wraps = wraps

    def compose(self) -> ComposeResult:
        line = Static(LONG)
        if self.wraps:
            line.styles.text_wrap = "wrap"
        yield line


async def test_the_check_finds_a_word_the_edge_cuts_and_passes_words_that_wrap():
    app = OneLine(wraps=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await cut_at_80x24(pilot, app) == ["unbro"]
    app = OneLine(wraps=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await cut_at_80x24(pilot, app) == []


def mid_game(seed: int = 11, actions: int = 160) -> Session:
    """A hot-seat game some way in: a log, chits in hand, units moved."""
    session, rnd = Session(new_game(seed, rules=RULES), HOTSEAT), random.Random(seed)
    while session.actions < actions and session.state.outcome is None:
        session.act(rnd.choice(list(legal_actions(session.state))))
    return session


# the game screen's tabs, then its dialogs (each closed again with Esc)
TABS = ["t", "B", "w", "x", "g"]
DIALOGS = ["question_mark", "a", "C", "q", "ctrl+p"]


async def test_the_game_screen_its_tabs_and_its_dialogs_cut_no_word():
    app = PlotApp(session=mid_game(), settings=quick())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-off
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        cut = {"game": await cut_at_80x24(pilot, app)}
        for key in TABS:
            await pilot.press(key)
            cut[key] = await cut_at_80x24(pilot, app)
        for key in DIALOGS:
            await pilot.press(key)
            await until(pilot, lambda: not isinstance(app.screen, GameScreen), f"the dialog of {key}")
            cut[f"{key} ({type(app.screen).__name__})"] = await cut_at_80x24(pilot, app)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), f"back from {key}")
        assert {k: v for k, v in cut.items() if v} == {}


async def test_the_new_game_screen_the_lessons_their_cards_and_a_lessons_goal_cut_no_word():
    app = PlotApp(RULES, settings=quick())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        cut = {"new game": await cut_at_80x24(pilot, app)}
        # each key, the screen it opens, in the order a learner meets them
        for key, screen, what in (
            ("L", LessonList, "the list of lessons"),
            ("enter", LessonCard, "the lesson's card"),
            ("enter", LessonScreen, "the lesson's board"),
            ("L", LessonCard, "the goal and hint"),
        ):
            await pilot.press(key)
            await until(pilot, lambda screen=screen: isinstance(app.screen, screen), what)
            if what == "the lesson's card":  # the key that starts it, in sight at once
                assert "enter: start the lesson" in drawn(app)
            cut[what] = await cut_at_80x24(pilot, app)
        assert {k: v for k, v in cut.items() if v} == {}


async def test_the_replay_viewer_and_its_help_cut_no_word(tmp_path):
    path = tmp_path / "done.plot.jsonl"
    recorded_game(path, RULES, 7, limit=300)
    from plot_record import load_record

    app = PlotApp(replay=Replay(load_record(path, RULES)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the viewer")
        await pilot.press("right_curly_bracket", "r")  # a Game-Turn on, then a roll
        cut = {"viewer": await cut_at_80x24(pilot, app)}
        await pilot.press("question_mark")
        await until(pilot, lambda: not isinstance(app.screen, ReplayScreen), "the viewer's help")
        cut["help"] = await cut_at_80x24(pilot, app)
        assert {k: v for k, v in cut.items() if v} == {}


async def test_the_map_scrolled_with_a_unit_moving_cuts_no_label():
    """A unit moving marks the hexes it can reach; with the map scrolled to it, the hexes
    at the pane's edges are drawn whole or not at all."""
    from .helpers import DUEL, cursor_to, pos

    app = app_for(pos(DUEL))
    async with app.run_test(size=(80, 24)) as pilot:
        await cursor_to(pilot, app, 2110)
        await pilot.press("enter")  # 002 moves: its reachable hexes are marked
        for _ in range(6):  # to the east, the map scrolling with the cursor
            await pilot.press("l")
        assert await cut_at_80x24(pilot, app) == []


async def test_the_quit_dialog_of_a_saved_game_shows_its_path_whole(tmp_path, monkeypatch):
    """Where a game is saved is said from ~ on a line of its own (it had been broken in
    the middle of the file's name)."""
    from plot_session.session import new_session

    monkeypatch.setenv("HOME", str(tmp_path))
    games = tmp_path / ".local" / "share" / "plot" / "games"
    games.mkdir(parents=True)
    session = new_session(RULES, HOTSEAT, seed=11, records=games)
    app = PlotApp(session=session, settings=quick())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-off
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        await pilot.press("q")
        await until(pilot, lambda: not isinstance(app.screen, GameScreen), "the quit dialog")
        assert await cut_at_80x24(pilot, app) == []
        path = f"~/.local/share/plot/games/{session.recorder.path.name}"
        assert path in drawn(app)
        # once the screen is gone, the terminal it leaves says it again
        messages = []
        leave = app.exit
        app.exit = lambda *args, **kwargs: (messages.append(kwargs.get("message")), leave(*args, **kwargs))
        await pilot.press("y")
        await pilot.pause()
        assert [str(m) for m in messages] == [f"The game is saved in {path}: plot resume goes on with it."]


async def test_an_indented_line_of_a_help_box_wraps_under_its_own_indent():
    """W's "what it changes: ..." lines, indented under their plan, went on at the left
    edge when they wrapped."""
    from rich.console import Console
    from rich.text import Text

    from plot_tui.screens import hanging

    said = Text(
        "Plan 2 of 3\n           what it changes: Hansen (310) falls under suspicion; spends 1 Loyalty chit"
    )
    console = Console(width=50, record=True, file=io.StringIO())
    console.print(hanging(said))
    lines = console.export_text().splitlines()
    assert lines[0] == "Plan 2 of 3"
    assert len(lines) >= 3 and all(ln.startswith(" " * 11) and ln[11] != " " for ln in lines[1:]), lines


async def test_folded_choices_keep_a_letters_words_and_the_lists_hint_whole():
    """A roll asked about at 80x24, with news too long for the pane to grow to, leaves
    the choices room for their keys alone: the numbers fold (each is said when
    pressed), but a letter keeps its words, "d" alone telling a player nothing, and
    "(a: the list)" is never broken across lines."""
    from plot_core.hexgrid import parse_hex

    from .helpers import INVESTIGATION_13_19, cursor_to, fold_the_choices, pos, prompt, session_of
    from .test_play import hand_over

    app = app_for(pos(INVESTIGATION_13_19), asks=True)
    async with app.run_test(size=(80, 24)) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, parse_hex("2210"))
        await pilot.press("enter")  # investigate Bonhoeffer (13.1)
        for uid in ("000", "011", "108"):
            await cursor_to(pilot, app, s.state.unit(uid).hex)
            await pilot.press("enter")
        await pilot.press("r", "r")  # asked, then rolled for
        await hand_over(pilot, app)  # the Abwehr may reveal (13.17)
        await pilot.press("d")  # asked first: it rolls on the Investigation Table
        fold_the_choices(app)
        await pilot.pause()
        shown = prompt(app)
        assert "Press again to go ahead: Reveal nothing (more)" in " ".join(shown.split())
        lines = shown.splitlines()
        assert any(" d  Reveal nothing (more)" in ln for ln in lines)
        assert any("(a: the list)" in ln for ln in lines)
        assert "Reveal Loyalty chit" not in shown  # the numbers folded to their keys


async def test_a_narrow_title_keeps_which_game_it_is_and_a_wide_one_has_it_all():
    """80 columns cannot hold the game's name and which game this is: the header keeps
    the second (a game id told apart from another), and gets the first back when the
    terminal is widened."""
    from textual.widgets import Static

    app = PlotApp(session=mid_game(), settings=quick())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-off
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        app.sub_title = SUB = "game 0123abcd · you play the Abwehr against the computer (expert)"
        await pilot.pause()

        def title() -> str:
            return str(app.screen.query_one("HeaderTitle", Static).render())

        assert title() == SUB and "game 0123abcd · you play the Abwehr" in drawn(app).splitlines()[0]
        await pilot.resize_terminal(160, 40)
        await until(pilot, lambda: title().startswith("The Plot to Assassinate Hitler — "), "the whole title")
        assert title().endswith(SUB)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: title() == SUB, "the narrow title again")


async def test_where_a_new_game_is_saved_is_said_without_a_full_stop_left_alone(tmp_path, monkeypatch):
    """The notice "Saving to PATH." with a path as long as the pane left its full stop at
    the start of the next line (". This game's seed was chosen ..."): the path ends its
    own line, and what follows starts a line of its own. At 80x24 the notice's last
    line gives way to the first roll's news, which it had cut in mid-sentence."""
    from textual.geometry import Region

    from plot_session.session import new_session

    from .helpers import game, prompt

    monkeypatch.setenv("HOME", str(tmp_path))
    games = tmp_path / ".local" / "share" / "plot" / "games"
    games.mkdir(parents=True)
    session = new_session(RULES, HOTSEAT, seed=11, records=games)
    assert session.chosen_seed
    app = PlotApp(session=session, settings=quick())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-off
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        pane = game(app).query_one("#prompt")
        w, h = pane.outer_size
        drawn_lines = [strip.text.strip() for strip in pane.render_lines(Region(0, 0, w, h))]
        assert not any(ln.startswith(".") for ln in drawn_lines), drawn_lines
        lines = [ln.strip() for ln in prompt(app).splitlines()]
        path = f"~/.local/share/plot/games/{session.recorder.path.name}"
        assert f"Saving to {path}" in " ".join(lines) or path in lines, lines
        # the first roll is said whole under it: the seed's warning gives way at 80x24
        # (it had cut the news in mid-sentence), and is said where there is room
        said = " ".join(lines)
        assert said.endswith("2 Abwehr units are sent on assignment to Stockholm (SK) (7.0)"), said
        assert "This game's seed was chosen" not in said
        await pilot.press("tab", "enter")  # the Allied unit placed: a first action
        await pilot.pause()
        pane = game(app).prompt_pane
        assert pane.aside.plain.startswith("This game's seed was chosen")  # not said yet: kept
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        lines = [ln.strip() for ln in prompt(app).splitlines()]
        assert any(ln.startswith("This game's seed was chosen") for ln in lines), lines
