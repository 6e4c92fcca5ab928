"""The replay viewer: a recorded game on the same map and panels, moved through by keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from plot_core import Action, Player, PlayerView, Rules
from plot_core.engine import Event, Overlays
from plot_core.english import counted
from plot_core.wording import describe
from plot_record import ChatLine
from plot_session.describe import SIDE
from plot_session.replay import EVERYONE, Replay
from plot_session.session import LogLine
from plot_session.settings import SettingsFile

from .board_screen import BoardScreen
from .mapview import MapView
from .plain import clean, plain
from .screens import ActionMenu, HelpScreen
from .talk import TalkInput, chat_text, clock_of
from .why import why_text

if TYPE_CHECKING:
    from plot_record import Record
    from plot_session.analysis import Alternative, Analysis, TurningPoint

PLAY_PACE = 0.35  # seconds per action when playing the record on

REPLAY_HELP = """[b]Replay keys[/b]

  [b]. ,[/b]              one action forward / back
  [b]] \\[[/b]              next phase / start of this (or the previous) phase
  [b]} {[/b], PgDn PgUp   next turn / start of this (or the previous) turn
  [b]Home End[/b]         start / end of the record
  [b]r R[/b]              next / previous die roll
  [b]v V[/b]              next / previous coup declaration
  [b]e E[/b]              next / previous turning point (a finished game:
                   where the chances, shown under the map, moved most;
                   the expert says there what it would have done)
  [b]space[/b]            play on by itself, or pause
  [b]p[/b]                whose eyes: SS, Abwehr, everyone once it is over
  [b]N[/b]                a note on this position (kept beside the record)
  [b]L[/b]                every note, to jump to one
  [b]W[/b]                why the computer (expert) made its last plan so far
  [b]x w B t g[/b]        hex, chits, boxes, tables (again: next), log
  [b]f[/b]                fold or unfold the log's steps
  [b]C[/b]                the rules, case by case: those cited here first
  arrows, h j k l  the map cursor (y i b n: the diagonals); c centre;
                   o zones; m marks
  [b]q[/b]                leave the viewer

The line under the map shows where you are; the box below it what the
last action did. Arrows, j/k, PgUp PgDn, Home End scroll this help;
any other key closes."""


SAID_EVENTS = 3  # what an action caused, said under it (the log has all)


def _said(events: list[Event], most: int) -> list[Event]:
    """Of what an action caused, the ``most`` said under it, in their order: its rolls
    first (the die that "next roll" stops at; the first ``most`` of them), then the last
    of the others."""
    rolls = [i for i, e in enumerate(events) if e.roll][:most]
    others = [i for i, e in enumerate(events) if not e.roll]
    room = most - len(rolls)
    keep = set(rolls) | set(others[-room:] if room > 0 else [])
    return [e for i, e in enumerate(events) if i in keep]


class ReplayScreen(BoardScreen):
    BINDINGS = [
        Binding("full_stop", "jump('next')", "Step"),
        Binding("comma", "jump('back')", "Back"),
        Binding("right_square_bracket", "jump('next-phase')", "Phase", show=False),
        Binding("left_square_bracket", "jump('prev-phase')", "Phase back", show=False),
        # priority: the map (a scrolling widget) would take these keys for itself
        Binding("right_curly_bracket", "jump('next-turn')", "Turn"),
        Binding("left_curly_bracket", "jump('prev-turn')", "Turn back", show=False),
        Binding("pagedown", "jump('next-turn')", "Turn", show=False, priority=True),
        Binding("pageup", "jump('prev-turn')", "Turn back", show=False, priority=True),
        Binding("home", "jump('start')", "Start", show=False, priority=True),
        Binding("end", "jump('end')", "End", show=False, priority=True),
        Binding("r", "jump('next-roll')", "Roll"),
        Binding("R", "jump('prev-roll')", "Roll back", show=False),
        Binding("v", "jump('next-coup')", "Coup", show=False),
        Binding("e", "jump('next-turning')", "Turning point", show=False),
        Binding("E", "jump('prev-turning')", "Turning point back", show=False),
        Binding("V", "jump('prev-coup')", "Coup back", show=False),
        Binding("space", "play", "Play"),
        Binding("p", "eyes", "Eyes"),
        Binding("N", "note", "Note"),
        Binding("L", "notes", "Notes", show=False),
        Binding("W", "why", "Why", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Quit"),
    ]

    def __init__(
        self,
        replay: Replay,
        rules: Rules,
        *,
        analysis: Callable[[Record], Analysis] | None = None,
        expert: Callable[[Record, TurningPoint], Alternative | None] | None = None,
        settings: SettingsFile | None = None,
    ) -> None:
        """``analysis``: how a finished game's chances are worked out, and ``expert``
        how the expert is asked at a turning point (both slow: run in worker threads);
        by default each is kept beside the record. ``settings``: the player's (the
        colours)."""
        super().__init__(rules, settings)
        self.replay = replay
        self.analysis = analysis
        self.expert = expert
        self._asking: int | None = None  # the turning point the expert is weighing
        self.message = Text("")
        self._player: Timer | None = None

    def on_mount(self) -> None:
        self.query_one(MapView).focus()
        warnings = [*self.replay.record.warnings] + (
            [self.replay.notes_problem] if self.replay.notes_problem else []
        )
        if warnings:  # e.g. a cut-off last line dropped
            self.message = plain("Warning: " + " ".join(warnings), style="bold yellow")
        self.redraw()
        if self.replay.finished:
            self._analyse()

    @work(thread=True, exclusive=True)
    def _analyse(self) -> None:
        """A finished game's chances and turning points, off the event loop."""
        from plot_session.analysis import VIEWER_POINTS, Kept, kept_analysis

        record = self.replay.record
        better: list[Alternative] = []
        if self.analysis is not None:
            analysis = self.analysis(record)
        else:  # kept beside the record, with what the expert said before
            kept = Kept(record)
            analysis = kept_analysis(record, top=VIEWER_POINTS, kept=kept)
            better = kept.known_alternatives(analysis.turning_points)
        self.app.call_from_thread(self._analysed, analysis, better)

    def _analysed(self, analysis: Analysis, better: list[Alternative]) -> None:
        self.replay.analysed(analysis, better)
        if self.is_mounted:
            self.redraw()

    def _ask_the_expert(self) -> None:
        """At a turning point, the expert is asked what it would have done (once)."""
        point = self.replay.turning_point()
        if point is None or point.i in self.replay.better or self._asking == point.i:
            return
        self._asking = point.i
        self._weigh(point)

    @work(thread=True, exclusive=True, group="expert")
    def _weigh(self, point: TurningPoint) -> None:
        from plot_session.analysis import kept_alternative

        record = self.replay.record
        alt = self.expert(record, point) if self.expert is not None else kept_alternative(record, point)
        self.app.call_from_thread(self._weighed, point, alt)

    def _weighed(self, point: TurningPoint, alt: Alternative | None) -> None:
        self.replay.better[point.i] = alt
        if self._asking == point.i:
            self._asking = None
        if self.is_mounted:
            self.redraw()

    # -- what is shown ------------------------------------------------------------------------
    def shown_view(self) -> PlayerView:
        return self.replay.view()

    def shown_overlays(self) -> Overlays:
        return self.replay.overlays()

    def shown_log(self) -> list[LogLine]:
        return self.replay.log()

    def who(self) -> str | None:
        return f"Seen by: {self.replay.eyes_name()}"

    def under_map(self) -> list[Widget]:
        return [Static(id="timeline")]

    def has_chat(self) -> bool:
        return bool(self.replay.record.chat)

    def talk_lines(self) -> list[ChatLine]:
        return list(self.replay.chat_so_far())

    def talk_empty(self) -> str:
        return "Nothing said yet at this point."

    def shown_everyone(self) -> tuple[PlayerView, PlayerView] | None:
        r = self.replay
        return (r.view(Player.SS), r.view(Player.ABWEHR)) if r.eyes is EVERYONE else None

    def redraw(self, *, again: bool = False) -> None:
        super().redraw(again=again)
        self._draw_timeline()
        self._ask_the_expert()

    def _draw_timeline(self) -> None:
        r, tl = self.replay, self.replay.timeline
        n, i = len(tl), r.i
        turn, coup_turn, *_ = tl.phase_key(i)
        # short enough for 80 columns; the phase and the eyes are in the status panel
        where = "Set-up" if turn == 0 else f"Turn {turn}"
        if coup_turn:
            where += f" · Coup-Turn {coup_turn}"
        t = Text()
        t.append("▶ " if self._player else "  ", style="bold green")
        t.append(f"{i}/{n}", style="bold")
        t.append(f" · {where}")
        width = max(10, self.query_one("#timeline").size.width - 4 or 60)
        filled = round(width * i / n) if n else width
        t.append("\n")
        t.append("━" * filled, style="green")
        t.append("─" * (width - filled), style="dim")
        if r.chances:  # a finished game: the chances, and where they turned
            from plot_session.analysis import chances_words, sparkline

            ss, ab = r.chances[i]
            t.append(
                f"\n{chances_words(ss, ab)} here (the expert's evaluation); e: next turning point\n",
                style="dim",
            )
            t.append(sparkline([c[1] for c in r.chances], width=width))
        self.query_one("#timeline", Static).update(t)

    def draw_prompt(self, v: PlayerView, legal: list[Action]) -> None:
        r = self.replay
        step = r.step()
        t = Text()
        if self.message.plain:  # the answer to the key just pressed: first, never cut off
            t.append_text(self.message)
            t.append("\n")
        if step is None:
            h = r.record.header
            over = r.timeline.final.outcome is not None
            t.append(
                f"Start of the {h.seed_words(over)}, "
                f"{h.start.get('setup') or 'from a position'} set-up. "
                f"Press . to step, ? for keys.",
                style="bold",
            )
        else:
            before = r.timeline.state_at(step.i - 1)  # words need where it was taken
            t.append(f"{step.i} {SIDE[step.side]}: {describe(self.rules, before, step.action)}", style="bold")
            seen = [e for e in step.events if r.may_see(e)]
            for e in _said(seen, SAID_EVENTS):
                t.append(f"\n  {e.text}", style="yellow" if e.roll else "")
                t.append(f" ({e.case})", style="cyan")
        for c in r.said_here():  # talk, at the moment it was said
            t.append("\n")
            t.append_text(chat_text(c, clock=clock_of(c)))
        for n in r.notes_here():
            t.append("\nNote: ", style="bold magenta")
            t.append_text(plain(n.text, style="magenta"))
        if r.i == len(r.timeline):
            o = r.timeline.final.outcome
            t.append(
                "\nEnd of the record: "
                + (f"{o.reason} ({o.case})" if o else "the game goes on (plot resume)."),
                style="italic",
            )
        if (point := r.turning_point()) is not None:  # what the expert makes of it
            from plot_session.analysis import alternative_words, turning_words

            t.append(f"\n{turning_words(point)} ", style="bold magenta")
            if point.i in r.better:
                t.append(alternative_words(point, r.better[point.i]), style="magenta")
            else:
                t.append(f"The expert is weighing the {SIDE[point.side]}'s choice here ...", style="dim")
        self.query_one("#prompt", Static).update(t)

    # -- keys ---------------------------------------------------------------------------------
    def action_jump(self, where: str) -> None:
        self._stop()
        why = self.replay.jump(where)
        self.message = plain(why or "", style="bold red")
        self.redraw()

    def action_play(self) -> None:
        if self._player is not None:
            self._stop()
        elif self.replay.i >= len(self.replay.timeline):
            self.message = Text("This is the end of the record; Home goes to the start.", style="bold red")
        else:
            self.message = Text("")
            self._player = self.set_interval(PLAY_PACE, self._tick)
        self.redraw()

    def _tick(self) -> None:
        if self.replay.jump("next") is not None:
            self._stop()
        self.redraw()

    def _stop(self) -> None:
        if self._player is not None:
            self._player.stop()
            self._player = None

    def action_eyes(self) -> None:
        r = self.replay
        r.next_eyes()
        self.message = Text(r.eyes_words(), style="green")
        self.redraw()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(REPLAY_HELP))

    def tell(self, text: str, *, error: bool = False) -> None:
        self.message = plain(text, style="bold red" if error else "green")
        self.redraw()

    def action_why(self) -> None:
        """Why the computer made its last new plan up to here, through the
        replay's eyes: a plan naming the other side's unseen chits stays hidden."""
        r = self.replay
        said = why_text(
            r.thought_so_far(), r.eyes, over=r.eyes is None, earlier=r.thoughts_of_its_turn()[:-1]
        )
        self.app.push_screen(HelpScreen(said))

    # -- notes -------------------------------------------------------------------
    def action_note(self) -> None:
        self._stop()
        self.app.push_screen(TalkInput(f"a note at position {self.replay.i}", note=True), self._noted)

    def _noted(self, text: str | None) -> None:
        if text is None:
            return
        try:
            self.replay.add_note(text)
        except ValueError as exc:
            self.message = plain(f"No note: {exc}.", style="bold red")
        except OSError as exc:
            self.message = plain(f"The note could not be saved: {exc.strerror or exc}.", style="bold red")
        else:
            self.message = Text("Noted, beside the record (L lists the notes).", style="green")
        self.redraw()

    def action_notes(self) -> None:
        notes = self.replay.notes
        if not notes:
            self.message = Text("No notes on this game yet: N takes one.", style="bold red")
            self.redraw()
            return
        items = [(n.at, f"{n.at:>5}  {clean(n.text)[:70]}") for n in notes]
        self.app.push_screen(
            ActionMenu(
                f"{counted(len(notes), 'note')}: enter jumps to one", items, narrow="a word of a note"
            ),
            self._to_note,
        )

    def _to_note(self, at: int | None) -> None:
        if at is not None:
            self._stop()
            self.replay.go(at)
            self.message = Text("")
            self.redraw()

    def action_leave(self) -> None:
        self._stop()
        self.dismiss("left")
