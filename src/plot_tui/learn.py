"""The tutorial: a list of lessons, each a short text, a practice position
against the computer and a goal the engine checks (plot_core.lessons). `plot learn`
opens it, and so does L on the new-game screen."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from plot_core import Action, Player, PlayerView
from plot_core.lessons import Lesson
from plot_session.coach import SIDE, coach_line
from plot_session.controller import Controller
from plot_session.settings import SettingsFile

from .closing import OnceModal, OnceScreen
from .game import GameScreen
from .mapview import MapView
from .screens import TextCard

GUIDED = {f"game-{p.value}": p for p in (Player.ABWEHR, Player.SS)}  # the list's last entries


class LessonList(OnceScreen[Lesson | Player | None]):
    """Every lesson, the ones finished ticked, then a whole game with a coach for either
    side; Enter opens one (a lesson, or the side to play), Escape leaves."""

    BINDINGS = [Binding("escape,q", "leave", "Leave")]

    def __init__(self, lessons: list[Lesson], done: tuple[str, ...]) -> None:
        super().__init__()
        self.lessons, self.done = lessons, done

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]Learn to play[/b] — a lesson a rule, against the computer")
            yield OptionList(
                *[
                    Option(
                        Text.assemble(
                            ("✓ " if ls.key in self.done else "  ", "green"),
                            f"{i:>{len(str(len(self.lessons)))}}. {ls.title}",  # numbers right-aligned
                        ),
                        id=ls.key,
                    )
                    for i, ls in enumerate(self.lessons, start=1)
                ],
                *[
                    Option(f"  A whole game as the {SIDE[p]}, with a coach", id=key)
                    for key, p in GUIDED.items()
                ],
            )
            yield Static(
                "[dim]enter: open · esc: leave · in a lesson, L: goal and a hint, C: the rules[/dim]"
            )
        yield Footer()

    def on_mount(self) -> None:
        for box in self.query(OptionList).results(OptionList):
            box.focus()
            box.highlighted = next((i for i, ls in enumerate(self.lessons) if ls.key not in self.done), 0)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        self.dismiss(GUIDED[key] if key in GUIDED else next(ls for ls in self.lessons if ls.key == key))

    def _finished(self, result: str | None) -> None:
        self.app.call_later(self.dismiss, result)  # not from inside the card's handler

    def action_leave(self) -> None:
        self.dismiss(None)


class LessonCard(TextCard):
    """A lesson's text, its goal and the hints asked for so far. Enter: on; Escape: back."""

    BINDINGS = [Binding("enter,space", "answer(True)", "Go on"), Binding("escape", "answer(False)", "Back")]

    def __init__(self, lesson: Lesson, hints: int = 0, *, starting: bool = True) -> None:
        super().__init__()
        self.lesson, self.hints, self.starting = lesson, hints, starting

    def body(self) -> Text:
        ls = self.lesson
        keys = (
            "enter: start the lesson · esc: back to the list"
            if self.starting
            else "enter: back to the board · L again: another hint"
        )
        t = Text()
        t.append(ls.title, style="bold")
        if self.starting:  # in sight at once, however long the card (80x24 hid it below)
            t.append(f"\n{keys}", style="dim")
        for para in ls.text.strip().split("\n\n"):
            t.append("\n\n" + " ".join(para.split()))
        if ls.set_dice:
            t.append(
                "\n\nIn this lesson the dice are set in advance, so that it can be "
                "finished; in a game they never are.",
                style="italic",
            )
        t.append("\n\nGoal: ", style="bold yellow")
        t.append(ls.goal, style="yellow")
        for i, hint in enumerate(ls.hints[: self.hints], start=1):
            t.append(f"\nHint {i}: ", style="bold cyan")
            t.append(hint)
        if ls.cases:
            t.append(f"\n\nCases: {', '.join(ls.cases)} (C in the lesson shows them)", style="dim")
        t.append(f"\n{keys}", style="dim")
        return t

    def on_mount(self) -> None:
        super().on_mount()
        if self.hints:  # asked again for a hint: the newest is at the end, in sight
            for box in self.query(VerticalScroll).results(VerticalScroll):
                self.call_after_refresh(box.scroll_end, animate=False)


class GuidedGameCard(TextCard):
    """What a guided game is, before one is begun: it is a real game, saved."""

    BINDINGS = [Binding("enter,space", "answer(True)", "Start"), Binding("escape", "answer(False)", "Back")]

    def __init__(self, side: Player) -> None:
        super().__init__()
        self.side = side

    def body(self) -> Text:
        keys = "enter: start the game · esc: back to the list"
        t = Text()
        t.append(f"A whole game as the {SIDE[self.side]}, with a coach", style="bold")
        t.append(f"\n{keys}", style="dim")
        t.append(
            "\n\nA real game against the easy computer, from the first set-up to the end: "
            "the coach's line under the prompt says what to weigh at each decision (K "
            "turns it off and on). It is saved like any game: q leaves it for this list, "
            "and `plot resume` goes on with it later."
        )
        t.append(f"\n\n{keys}", style="dim")
        return t


class LessonScreen(GameScreen):
    """A game screen that watches the lesson's goal after every change."""

    practice = True

    BINDINGS = [
        # short words: the footer's keys fit 80 columns (q, then L, were cut)
        Binding("q", "leave", "Leave"),
        Binding("escape", "leave_or_stay", "Leave the lesson", show=False),
        Binding("L", "lesson", "Goal, hint"),
    ]

    def __init__(
        self, lesson: Lesson, controller: Controller, rules, settings: SettingsFile | None = None
    ) -> None:
        super().__init__(controller, rules, settings)
        self.lesson = lesson
        self.hints_shown = 0
        self._done_shown = False
        goal = f"Lesson: {lesson.goal} (L: the goal and a hint; C: the rules; q: leave)"
        self.prompt_pane.notice = Text(goal, style="cyan")

    def tell(self, text: str, *, error: bool = False) -> None:
        # a wrong try: the engine's reason, then the hint for where the learner is
        if error and self.lesson.hints:
            ended = text if text.endswith((".", "!", "?")) else f"{text}."  # "... (9.24)." then the hint
            text = f"{ended} Hint: {self.lesson.hint_for(self.taken)}"
        super().tell(text, error=error)

    def after_change(self) -> None:
        state = self.controller.table.session.state
        if self.lesson.check.met(state):
            if not self._done_shown:
                self._done_shown = True
                self.app.push_screen(LessonDone(self.lesson), self._finished)
            return
        missed = self.lesson.missed(state, taken=self.taken)
        if missed is not None and self.prompt_pane.notice.plain != missed:
            # said at once, not left for the learner to find: the lesson would go on
            self.show_notice(Text(missed, style="bold yellow"))
        super().after_change()

    def _finished(self, result: str | None) -> None:
        self.app.call_later(self.dismiss, result)  # not from inside the card's handler

    def action_leave(self) -> None:
        self.dismiss(None)

    def action_leave_or_stay(self) -> None:
        """Esc: a walk said and not taken is called off first; else the lesson is left."""
        if self.controller.cancel_walk():
            self.query_one(MapView).show_way(())
            self.tell("The walk is called off.")
        else:
            self.dismiss(None)

    @property
    def taken(self) -> list[Action]:
        """The learner's actions so far: how far along the solution they are."""
        return self.controller.table.session.actions_of(self.lesson.side)

    def action_lesson(self) -> None:
        # the hint for where the learner is; asked again there, the next one
        self.hints_shown = self.lesson.hints_to_show(self.taken, self.hints_shown)
        self.app.push_screen(LessonCard(self.lesson, self.hints_shown, starting=False))

    def cited_sources(self) -> list[str]:
        # the lesson's own cases after what is on screen now
        return [*super().cited_sources(), " ".join(self.lesson.cases)]


class LessonDone(OnceModal[str]):
    BINDINGS = [Binding("enter,space,escape", "close", "Next")]

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                Text.assemble(
                    ("Lesson done: ", "bold green"), self.lesson.title, "\n\n", self.lesson.goal, " — done."
                )
            )
            yield Static("\n[dim]enter: back to the lessons[/dim]")

    def action_close(self) -> None:
        self.dismiss("lesson-done")


class CoachedGameScreen(GameScreen):
    """A whole game against the easy computer, a coach's line under the prompt (K turns
    it off and on; the game goes on either way)."""

    BINDINGS = [Binding("K", "coach", "Coach on/off")]

    def __init__(self, controller: Controller, rules, settings: SettingsFile | None = None) -> None:
        super().__init__(controller, rules, settings)
        self.coaching = True

    def coach_text(self, v: PlayerView) -> str:
        return f"Coach (K: off): {coach_line(v)}" if self.coaching else ""

    def action_coach(self) -> None:
        self.coaching = not self.coaching
        back = "The coach is back (K: off)."
        self.tell(back if self.coaching else "The coach is quiet; K brings him back.")
