"""Puzzles on the full screen (`plot puzzles`): a card that sets the puzzle, the game
screen at its position, judged as the solver plays, and a card with the verdict, the
plans weighed and the rating it leaves (plot_session.puzzle_play)."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.binding import Binding

from plot_session.controller import Controller
from plot_session.puzzle_play import Attempt, BookUnavailable, PuzzleBook, SettingsBook
from plot_session.settings import SettingsFile

from .game import GameScreen
from .screens import ConfirmScreen, TextCard


class PuzzleCard(TextCard):
    """The puzzle's setting: whose side, and the rating. Enter: start; Escape: leave."""

    BINDINGS = [
        Binding("enter,space", "answer(True)", "Start"),
        Binding("escape,q", "answer(False)", "Leave"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def body(self) -> Text:
        t = Text(self.text)
        t.append("\n\nPlay your plan with the usual keys (? lists them); u takes a step back.", style="dim")
        t.append("\ng: the log of the phase so far (g again: on the whole screen)", style="dim")
        t.append("\nenter: start · esc: leave the puzzles", style="dim")
        return t


LEAVING = "Leave the puzzles? The plan you have begun is not kept: this puzzle stays unsolved."
NEXT_KEYS = "enter: the next puzzle · esc: leave"


class PuzzleResult(TextCard):
    """The verdict, why, the plans weighed, and the rating. Enter: the next; Escape: leave."""

    BINDINGS = [
        Binding("enter,space,n", "answer(True)", "Next"),
        Binding("escape,q", "answer(False)", "Leave"),
    ]

    def __init__(
        self, lines: list[str], right: bool, keys: str = "enter: the next puzzle · esc: leave"
    ) -> None:
        super().__init__()
        self.lines, self.right, self.keys = lines, right, keys

    def body(self) -> Text:
        t = Text()
        first, *rest = self.lines
        t.append(first, style="bold green" if self.right else "bold yellow")
        for line in rest:
            t.append("\n\n" if not line.startswith("  ") and not line.startswith("Your") else "\n")
            t.append(line)
        t.append(f"\n\n{self.keys}", style="dim")
        return t


class PuzzleScreen(GameScreen):
    """The game screen at the puzzle's position, judged after every change; once judged,
    the attempt is kept in the player's puzzle book and the verdict shown."""

    practice = True

    BINDINGS = [Binding("q", "leave", "Leave")]

    def __init__(
        self,
        attempt: Attempt,
        controller: Controller,
        rules,
        settings: SettingsFile | None = None,
        book: PuzzleBook | None = None,
    ) -> None:
        super().__init__(controller, rules, settings)
        self.attempt = attempt
        self.book = book or SettingsBook(self.settings)
        self._judged = False
        self.prompt_pane.notice = Text(
            "Puzzle: find the best plan for your side (q: leave the puzzles)", style="cyan"
        )

    def after_change(self) -> None:
        if self._judged:
            return
        if not self.attempt.judged():
            super().after_change()
            return
        # judged: the verdict, not the game's own dialogs (a step that ended the game
        # would open the game-over box, whose keys leave the puzzles or the server)
        self._judged = True
        self._keep()

    @work(thread=True, exclusive=True, group="puzzle-book")
    def _keep(self) -> None:
        """The attempt kept off the loop (a server's book is its store), then the verdict."""
        attempt = self.attempt
        try:
            kept = self.book.keep(attempt.puzzle, attempt.solved()).words()
        except BookUnavailable as exc:
            kept = str(exc)
        self.app.call_from_thread(self._show_verdict, [*attempt.rolls(), *attempt.words(), kept])

    def _show_verdict(self, lines: list[str]) -> None:
        if self.is_attached and self.app.screen is self:  # (not left meanwhile)
            self.app.push_screen(PuzzleResult(lines, self.attempt.solved()), self._finished)

    def _finished(self, go_on: bool | None) -> None:
        self.app.call_later(self.dismiss, "next" if go_on else None)  # not from the card's handler

    def action_leave(self) -> None:
        """q: leave the puzzles; asked first once an answer is begun (a stray key would
        throw away a plan half played), at once before."""
        if not self.attempt.played or self._judged:
            self.dismiss(None)
            return
        self.app.push_screen(
            ConfirmScreen(LEAVING),
            lambda yes: self.dismiss(None) if yes else None,
        )
