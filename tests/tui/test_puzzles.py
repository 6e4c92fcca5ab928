"""Puzzles on the full screen at 80x24: the card, the board at the puzzle's position,
the verdict with the plans weighed and the rating, and on to the next."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from plot_core import load_rules
from plot_core.data.reader import Source
from plot_core.puzzles import load_puzzle
from plot_tui.app import PlotApp
from plot_tui.puzzle_screens import PuzzleCard, PuzzleResult, PuzzleScreen
from plot_tui.screens import HelpScreen

from .helpers import quick, until

pytestmark = pytest.mark.asyncio

RULES = load_rules()
DATA = Path(__file__).parents[1] / "puzzles" / "data"


def coup_window():
    path = DATA / "coup-window.toml"
    return load_puzzle(Source(path.name, path.read_text(encoding="utf-8")), "coup-window", RULES)


def shown(app) -> str:
    from leakhunt import screen_text

    return screen_text(app)


async def test_a_puzzle_solved_by_its_keys_then_one_missed_then_leaving():
    settings = quick()
    first = coup_window()
    second = attrs.evolve(first, key="second", rating=1700.0)
    app = PlotApp(RULES, settings=settings, puzzles=[first, second])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the puzzle's card")
        await pilot.pause()  # (the card is set from the book, read off the loop)
        assert "Puzzle coup-window (rated 1300). You play the Abwehr" in shown(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the board")
        assert "attempt a coup now, or not (18.11)" in shown(app)
        await pilot.press("question_mark")  # the help says a puzzle is not saved
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        helped = " ".join(app.screen.shown_text().split())
        assert "A lesson or a puzzle is practice" in helped and "plot resume" not in helped
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the board again")
        await pilot.press("d")  # the prompt's key for declining: no coup now
        await until(pilot, lambda: isinstance(app.screen, PuzzleResult), "the verdict")
        await pilot.pause()
        text = shown(app)
        assert "Right: that is the best plan." in text and "no coup now (best)" in text
        assert "Your puzzle rating: " in text
        assert dict(settings.settings.puzzles_tried) == {"coup-window": True}
        await pilot.press("enter")  # the next puzzle
        await until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the next card")
        await pilot.pause()
        assert "Puzzle second (rated 1700)" in shown(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the second board")
        await pilot.press("1", "1")  # commit a Führer Access chit (asked, then done): the coup begun
        await until(pilot, lambda: isinstance(app.screen, PuzzleResult), "the second verdict")
        await pilot.pause()
        assert "Not the best plan. The best: no coup now." in shown(app)
        assert dict(settings.settings.puzzles_tried) == {"coup-window": True, "second": False}
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running, "the app to end")


class SlowBook:
    """A book that answers when the test lets it (a store over a slow network), or
    says it cannot be reached."""

    def __init__(self, reachable: bool = True) -> None:
        import threading

        from plot_session.puzzle_play import PuzzleRecord

        self.go, self.reachable, self.record_now = threading.Event(), reachable, PuzzleRecord()

    def record(self):
        from plot_session.puzzle_play import BookUnavailable

        self.go.wait(10)
        if not self.reachable:
            raise BookUnavailable("Your puzzle record cannot be reached just now.")
        return self.record_now

    def ratings(self):
        return {}

    def keep(self, puzzle, solved):
        raise AssertionError("not asked in these tests")


async def test_a_book_that_cannot_be_reached_is_said_and_leaves_the_puzzles():
    app = PlotApp(RULES, settings=quick(), puzzles=[coup_window()])
    app.puzzle_book = book = SlowBook(reachable=False)
    book.go.set()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PuzzleResult), "what the book said")
        await pilot.pause()
        assert "Your puzzle record cannot be reached just now." in shown(app)
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running, "the app to end")


async def test_a_late_answer_is_not_shown_over_the_screen_the_player_went_to():
    app = PlotApp(RULES, settings=quick(), puzzles=[coup_window()])
    app.puzzle_book = book = SlowBook()
    async with app.run_test(size=(80, 24)) as pilot:
        from textual.screen import Screen

        await pilot.pause()
        elsewhere = Screen()  # gone elsewhere while the book is slow (a server's: a table)
        await app.push_screen(elsewhere)
        book.go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is elsewhere  # no puzzle card over it


async def test_q_asks_before_throwing_away_a_plan_begun():
    from plot_tui.screens import ConfirmScreen

    puzzle = coup_window()
    declare, wait = puzzle.choices[1], puzzle.choices[0]
    puzzle = attrs.evolve(puzzle, choices=(declare, wait))  # best: declare, two chits (three steps)
    settings = quick()
    app = PlotApp(RULES, settings=settings, puzzles=[puzzle])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the puzzle's card")
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the board")
        board = app.screen
        await pilot.press("1", "1")  # one chit committed: on the way to the best plan
        await until(pilot, lambda: len(board.attempt.played) == 1, "the first chit")
        assert not board.attempt.judged()
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "The plan you have begun is not kept" in app.screen.question.plain
        await pilot.press("n")
        await until(pilot, lambda: app.screen is board, "the board again")
        assert len(board.attempt.played) == 1  # nothing lost
        await pilot.press("q", "y")
        await until(pilot, lambda: not app.is_running, "the app to end")
    assert dict(settings.settings.puzzles_tried) == {}  # left, not judged: not counted
