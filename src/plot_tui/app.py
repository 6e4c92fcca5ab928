"""The Textual application: a new-game screen, then the game screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePath
from typing import ClassVar

import attrs
from rich.text import Text
from textual import events, on, work
from textual.app import App
from textual.content import Content
from textual.screen import Screen
from textual.widget import MountError
from textual.widgets import Header, Static
from textual.worker import get_current_worker

from plot_core import DataError, GameState, Player, Rules, load_rules
from plot_core.lessons import Lesson, load_lessons
from plot_core.puzzles import Puzzle
from plot_record import RecordError, latest_unfinished, load_record
from plot_session.controller import LOCAL_PACE, Controller
from plot_session.describe import kept_words, last_played, saving_words, shown_path
from plot_session.puzzle_play import (
    Attempt,
    BookUnavailable,
    PuzzleBook,
    PuzzleRecord,
    SettingsBook,
    next_from,
    solved_all,
)
from plot_session.replay import Replay
from plot_session.resuming import resumed
from plot_session.session import Seat, Session, header_seats, lesson_session, new_session, seats_for
from plot_session.settings import SettingsFile
from plot_session.table import AsyncioScheduler, Table

from .command_finder import CommandFinder, Run, nothing_found, with_keys
from .game import GameScreen
from .learn import CoachedGameScreen, GuidedGameCard, LessonCard, LessonList, LessonScreen
from .messages import RematchAsked
from .plain import plain
from .puzzle_screens import PuzzleCard, PuzzleResult, PuzzleScreen
from .replay_screen import ReplayScreen
from .screens import ConfirmScreen, GameSetup, HelpScreen, NewGameScreen

__all__ = ["GameSetup", "HelpScreen", "PlotApp"]


CHOSEN_SEED = (
    "This game's seed was chosen (--seed): whoever knows it can work out both "
    "hands and every roll. Fine for tests and bug reports, not for a real game."
)


def seats_words(seats: dict[Player, Seat], levels: dict[Player, str], *, coached: bool = False) -> str:
    """Who plays what, for the title: the same for a new game and a resumed one;
    ``coached``: a guided game (plot learn --game)."""
    humans = [p for p in Player if seats[p] is Seat.HUMAN]
    if coached and len(humans) == 1:
        return f"a guided game as the {humans[0].title}"
    if not humans:
        level = levels.get(Player.SS, "easy")
        return f"watching the computer ({level}) play both sides"
    if len(humans) == 2:
        return "hot-seat"
    computer = humans[0].enemy
    return f"you play the {humans[0].title} against the computer ({levels.get(computer, 'easy')})"


def session_title(session: Session) -> str:
    """The header's words for a game being played, new or resumed."""
    return game_title(session.game, seats_words(session.seats, session.levels, coached=session.coached))


def game_title(game: str | None, words: str) -> str:
    """The header's words for a game: which game first, so that a narrow terminal, which
    cuts the end, keeps it; then who plays."""
    return f"game {game} · {words}"


# The screens' styles (a widget's own defaults stay in its DEFAULT_CSS). Any app that
# shows the client's screens loads it, the test apps too.
STYLESHEET = Path(__file__).parent / "styles" / "plot.tcss"
HEADER_SIDES = 18  # the header's icon and clock space, beside its title


class PlotApp(App[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = [STYLESHEET]
    TITLE = "The Plot to Assassinate Hitler"
    SUB_TITLE = "SPI 1976 · reconstructed map"

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        setup: GameSetup | None = None,
        session: Session | None = None,
        seed: int | None = None,
        records: Path | None = None,
        record_path: Path | None = None,
        notice: str = "",
        replay: Replay | None = None,
        settings: SettingsFile | None = None,
        learn: bool = False,
        lessons: list[Lesson] | None = None,
        coached: Player | None = None,
        puzzles: list[Puzzle] | None = None,
    ) -> None:
        """``records``: the folder new games are saved in (default: the user's data
        folder); ``record_path``: the file for the first game; ``notice``: said at start."""
        super().__init__()
        self.rules = rules or load_rules()
        self._setup, self._session, self._seed = setup, session, seed
        self._records, self._record_path, self._notice = records, record_path, notice
        self._replay = replay
        self.settings = settings or SettingsFile(None)  # None: kept for this run only
        self._learn = learn  # plot learn: the lessons first
        self._coached = coached  # plot learn --game: that side
        self._lessons = lessons  # read once, when first shown
        self._puzzles = puzzles  # plot puzzles: one after another
        self.puzzle_book: PuzzleBook = SettingsBook(self.settings)  # (a server's: its own)
        self._started: GameSetup | None = None  # the game being played, as it was set up

    def format_title(self, title: str, sub_title: str) -> Content:
        # A narrow terminal keeps the words that tell this game from another (whose,
        # which game) and drops the name every screen shares.
        full = super().format_title(title, sub_title)
        if sub_title and full.cell_length > self.size.width - HEADER_SIDES:
            return Content(sub_title)
        return full

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit_title)  # (once the app has its new size)

    def _fit_title(self) -> None:
        for header in self.screen.query(Header):
            # (Textual's title line, matched by its class's name: a rename fails soft)
            for title in header.query("HeaderTitle").results(Static):
                title.update(header.format_title())

    def on_mount(self, event: events.Mount) -> None:
        if self._replay is not None:
            h = self._replay.record.header
            over = self._replay.timeline.final.outcome is not None
            self.sub_title = f"replay of {h.seed_words(over)}"
            self.push_screen(
                ReplayScreen(self._replay, self.rules, settings=self.settings), lambda _: self.exit()
            )
        elif self._puzzles is not None:
            self.next_puzzle()
        elif self._coached is not None:
            self.start_coached(self._coached)
        elif self._learn:
            self.show_lessons()
        elif self._session is not None:
            self.play(self._session, self._setup)  # (a setup given with it: how it was made)
        elif self._setup is not None:
            self.start(self._setup)
        else:
            self.ask_new_game()

    def ask_new_game(self) -> None:
        screen = NewGameScreen(self._seed)
        self.push_screen(screen, self.start)
        self._find_unfinished(screen)

    @work(thread=True, exclusive=True, group="unfinished")
    def _find_unfinished(self, screen: NewGameScreen) -> None:
        """The unfinished game `plot resume` would take, offered on the new-game screen:
        found off the loop (it reads the games folder, then the game). A folder or a
        record that cannot be read offers nothing (`plot games` says what is wrong)."""
        try:
            path = latest_unfinished(self._records)
            if path is None:
                return
            record = load_record(path, self.rules)
            if record.finished:
                return
            h, final = record.header, record.timeline.final
            who = seats_words(*header_seats(h), coached=h.coached)
            words = (
                f"Unfinished: game {h.game}, {who}, Game-Turn {final.turn}, last played {last_played(path)}."
            )
        except (RecordError, OSError, ValueError):
            return
        self.call_from_thread(self._offer_unfinished, screen, path, words)

    def _offer_unfinished(self, screen: NewGameScreen, path: Path, words: str) -> None:
        if screen in self.screen_stack:  # (not gone on meanwhile; a palette over it is fine)
            screen.offer(path, words)

    @work(thread=True, exclusive=True, group="unfinished")
    def _resume_offered(self, path: Path) -> None:
        """The offered game read again when R is pressed (it may have been played on, or
        removed, since it was offered), off the loop; what stops it is said on a new-game
        screen, and nothing of the record is touched."""
        try:
            record = load_record(path, self.rules)
            if record.finished:
                raise RecordError(f"{path.name}: the game is over (plot replay shows it)")
            session, notice = resumed(record)
        except (RecordError, OSError) as exc:
            why = (exc.strerror or exc) if isinstance(exc, OSError) else exc
            problem = f"The game cannot be resumed: {why}"
            self.call_from_thread(self._resume_failed, problem)
            return
        self.call_from_thread(self._play_resumed, session, notice)

    def _play_resumed(self, session: Session, notice: str) -> None:
        self._notice = notice
        self.sub_title = self.SUB_TITLE  # (play names the resumed game in the header)
        self.play(session)

    def _resume_failed(self, problem: str) -> None:
        screen = NewGameScreen(self._seed)
        self.push_screen(screen, self.start)
        screen.call_after_refresh(screen.show_error, problem)

    def start(self, setup: GameSetup | None) -> None:
        if setup is None:
            self.exit()
            return
        if setup.learn:
            self.show_lessons()
            return
        if setup.resume is not None:
            self._resume_offered(setup.resume)
            return
        seats = seats_for(hotseat=setup.hotseat, watch=setup.watch, side=setup.side)
        session = new_session(
            self.rules,
            seats,
            level=setup.level,
            seed=setup.seed,
            setup=setup.setup,
            think=setup.think,
            path=self._record_path,
            records=self._records,
        )
        self._record_path = None  # a second game gets a file of its own
        # who first: 80 columns end the header at the game's id, not at the player
        self.sub_title = session_title(session)
        self.play(session, setup)

    def local(
        self, session: Session, *, until: Callable[[GameState], bool] = lambda state: False
    ) -> Controller:
        """A game at this keyboard: its table, run on this app's loop, and the screen's
        place at it (every human side: one, or both at a hot-seat)."""
        table = Table(session, AsyncioScheduler(), pace=LOCAL_PACE, until=until)
        return Controller(table, session.humans(), settings=self.settings)

    def screen_for(self, session: Session) -> GameScreen:
        """The screen a game is played on: with the coach's line if it is a guided game."""
        kind = CoachedGameScreen if session.coached else GameScreen
        return kind(self.local(session), self.rules, self.settings)

    def play(self, session: Session, setup: GameSetup | None = None) -> None:
        """``setup``: how the game was set up in this run, for a rematch (R)."""
        screen = self.screen_for(session)
        self._started = setup
        screen.may_rematch = setup is not None
        if session.game and self.sub_title == self.SUB_TITLE:  # resumed, or a position
            self.sub_title = session_title(session)
        # each on a line of its own: a path longer than the pane is cut into pieces, and a
        # full stop after it was left alone at a line's start
        said = [
            self._notice or (saving_words(session.recorder.path) if session.recorder is not None else ""),
            f"({self.settings.problem})" if self.settings.problem else "",
        ]
        notice = "\n".join(line for line in said if line)
        if notice:
            screen.prompt_pane.notice = plain(notice, style="dim")  # holds a file name
        if session.chosen_seed:  # (the player chose it: it gives way to the news first)
            screen.prompt_pane.aside = Text(CHOSEN_SEED, style="dim")
        self._notice = ""
        self.push_screen(screen, self._game_ended)

    # -- the tutorial -------------------------------------------------------
    def show_lessons(self) -> None:
        if self._lessons is None:
            try:
                self._lessons = load_lessons(self.rules)
            except DataError as exc:  # a lesson file someone edited badly
                self.push_screen(
                    ConfirmScreen(plain(f"The lessons cannot be read: {exc}. Start a game instead?")),
                    lambda yes: self.ask_new_game() if yes else self.exit(),
                )
                return
        self.sub_title = "learn to play"
        self.push_screen(LessonList(self._lessons, self.settings.settings.lessons_done), self._lesson_chosen)

    def start_coached(self, side: Player, *, from_the_list: bool = False) -> None:
        """A whole game against the easy computer, with the coach's line; recorded and
        resumable like any game. ``from_the_list``: chosen among the lessons, where
        quitting it goes back to (else, `plot learn --game`, it ends the program)."""
        session = new_session(
            self.rules,
            seats_for(side=side),
            level="easy",
            seed=self._seed,
            path=self._record_path,
            records=self._records,
            coached=True,
        )
        self._record_path = None
        self.sub_title = session_title(session)
        screen = self.screen_for(session)
        if session.recorder is not None:
            screen.prompt_pane.notice = plain(saving_words(session.recorder.path), style="dim")
        screen.quit_goes_back = from_the_list

        def ended(result: str | None) -> None:
            if result == "new":  # (the game-over screen's n)
                self.ask_new_game()
            elif from_the_list:
                self.show_lessons()
            else:
                self.exit()

        self.push_screen(screen, ended)

    def _lesson_chosen(self, lesson: Lesson | Player | None) -> None:
        if isinstance(lesson, Player):  # on its card first: Enter on the list's end is no game yet
            side = lesson
            self.push_screen(
                GuidedGameCard(side),
                lambda go: self.start_coached(side, from_the_list=True) if go else self.show_lessons(),
            )
            return
        if lesson is None:
            self.sub_title = self.SUB_TITLE
            if self._learn:
                self.exit()
            else:
                self.ask_new_game()
            return
        self.push_screen(
            LessonCard(lesson), lambda go: self._start_lesson(lesson) if go else self.show_lessons()
        )

    def _start_lesson(self, lesson: Lesson) -> None:
        self.sub_title = f"lesson: {lesson.title}"
        controller = self.local(lesson_session(lesson, self.rules), until=lesson.check.met)
        screen = LessonScreen(lesson, controller, self.rules, self.settings)
        self.push_screen(screen, lambda result: self._lesson_ended(lesson, result))

    def _lesson_ended(self, lesson: Lesson, result: str | None) -> None:
        done = self.settings.settings.lessons_done
        if result == "lesson-done" and lesson.key not in done:
            self.settings.save(attrs.evolve(self.settings.settings, lessons_done=(*done, lesson.key)))
        self.show_lessons()

    # -- puzzles ---------------------------------------------------------------
    def next_puzzle(self) -> None:
        self._ask_next_puzzle(self._puzzles or [], self.screen)

    @work(thread=True, exclusive=True, group="puzzle-book")
    def _ask_next_puzzle(self, puzzles: list[Puzzle], asked_from: Screen) -> None:
        """The book asked off the loop (a server's is its store); its answer is shown
        only where it was asked for, and only the last ask's."""
        try:
            answer: tuple[PuzzleRecord, Puzzle | None] | str = next_from(self.puzzle_book, puzzles)
        except BookUnavailable as exc:
            answer = str(exc)
        if not get_current_worker().is_cancelled:
            self.call_from_thread(self._book_answered, answer, asked_from)

    def _book_answered(self, answer: tuple[PuzzleRecord, Puzzle | None] | str, asked_from: Screen) -> None:
        if self.screen is not asked_from:
            return  # (gone elsewhere meanwhile: a table, a replay)
        if isinstance(answer, str):
            self.push_screen(
                PuzzleResult([answer], False, keys="enter or esc: leave the puzzles"),
                lambda _: self.puzzles_left(),
            )
        else:
            self._set_puzzle(*answer)

    def _set_puzzle(self, record: PuzzleRecord, puzzle: Puzzle | None) -> None:
        if puzzle is None:
            self.push_screen(
                PuzzleResult([solved_all(record)], True, keys="enter or esc: leave the puzzles"),
                lambda _: self.puzzles_left(),
            )
            return
        attempt = Attempt(puzzle, self.rules)
        self.sub_title = f"puzzle {puzzle.key}"
        self.push_screen(
            PuzzleCard(attempt.intro(record.rating, self.settings.problem)),
            lambda go: self._start_puzzle(attempt) if go else self.puzzles_left(),
        )

    def _start_puzzle(self, attempt: Attempt) -> None:
        controller = self.local(attempt.session, until=lambda state: attempt.judged())
        screen = PuzzleScreen(attempt, controller, self.rules, self.settings, self.puzzle_book)
        self.push_screen(
            screen, lambda result: self.next_puzzle() if result == "next" else self.puzzles_left()
        )

    def puzzles_left(self) -> None:
        """The player is done with puzzles: plot puzzles ends (a server's lobby stays)."""
        self.exit()

    def _game_ended(self, result: str | None) -> None:
        if result == "new":
            self.ask_new_game()

    @on(RematchAsked)
    def _rematch(self) -> None:
        """R at a game's end: the same game again with a new deal, the sides swapped
        against the computer (hot-seat and watching: the same seats)."""
        setup, screen = self._started, self.screen
        if setup is None or not isinstance(screen, GameScreen):
            return
        swapped = attrs.evolve(setup, side=setup.side.enemy, seed=None)
        screen.dismiss("rematch")
        self.start(swapped)

    async def _dispatch_action(self, namespace, action_name: str, params) -> bool:
        """A key bound on a screen that is not (or no longer) built, is leaving, is no
        longer on top, or whose app is shutting down (a client that typed and hung up)
        does nothing: its widgets may be gone (keys outrun screens over SSH)."""
        if isinstance(namespace, Screen) and (
            not self.is_running
            or namespace is not self.screen
            or not namespace.is_mounted
            or getattr(namespace, "closing", False)
            or not getattr(namespace, "built", True)
        ):
            return True
        return await super()._dispatch_action(namespace, action_name, params)

    def action_command_palette(self) -> None:
        """ctrl+p: the palette over the screen on top (one at a time)."""
        screen = self.screen
        if isinstance(screen, CommandFinder) or not screen.is_mounted:
            return
        search = screen.commands() if isinstance(screen, GameScreen) else nothing_found
        self.push_screen(CommandFinder(with_keys(search, self.action_show_help_panel)), self._palette_picked)

    def _palette_picked(self, run: Run | None) -> None:
        if run is not None:
            run()

    def action_show_help_panel(self) -> None:
        """The keys panel, on a screen that is there to hold it: the palette's "Keys"
        can fire while the palette itself is still mounting or already leaving."""
        if self.screen.is_mounted:
            try:
                super().action_show_help_panel()
            except MountError:
                pass  # the screen left between the check and the mount

    def action_quit_game(self) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen) and not screen.shot.over:
            session = screen.controller.table.session
            rec = session.recorder
            if rec is not None and session.unsaved:
                saved = (
                    f"The disk has not taken its last moves yet ({shown_path(rec.path)}): quitting "
                    'now loses them. Free some space and wait for "Saved again".'
                )
            elif rec is not None:
                # (the path on a line of its own: it is longer than a line breaks well)
                saved = f"It is saved in\n{shown_path(rec.path)}\n`plot resume` goes on from here."
            else:
                saved = "It is NOT saved: " + (session.record_problem or "no record was kept") + "."

            def leave(yes: bool | None) -> None:
                if not yes:
                    return
                if screen.quit_goes_back:  # (the confirmation said where it is kept)
                    screen.dismiss(None)
                    return
                # said again on the terminal the screen leaves, as the plain door says it;
                # as things stand when the player says yes (a save may have failed since)
                kept = rec is not None and not session.unsaved and screen.controller.local
                self.exit(message=Text(kept_words(rec.path)) if kept and rec is not None else None)

            self.push_screen(ConfirmScreen(f"Quit this game? {saved}"), leave)  # shown as text
        elif isinstance(screen, GameScreen) and screen.quit_goes_back:
            screen.dismiss(None)
        else:
            self.exit()
