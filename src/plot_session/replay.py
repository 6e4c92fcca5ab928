"""Where a replay stands and through whose eyes: the viewer's model, without a screen.

The position moves over a checked timeline (plot_record), so any jump costs at most
a few dozen engine steps. Eyes are one side (what that player saw) or everyone,
and everyone only once the game is over: a replay of an unfinished game must not
show either side the other's chits.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from plot_core import Player, PlayerView, view
from plot_core.engine import Event, Overlays, overlays
from plot_record import ChatLine, Record, RecordError, Step, ThinkLine
from plot_record.notes import Note, load_notes, new_note, save_notes

from .describe import SIDE
from .session import LogLine, thoughts_since_other_side, timeline_log

if TYPE_CHECKING:  # the analysis imports the evaluation: not needed to replay
    from .analysis import Alternative, Analysis, TurningPoint

EVERYONE = None


class Replay:
    def __init__(self, record: Record, eyes: Player | None = EVERYONE, *, notes: bool = True) -> None:
        """``notes``: read and keep notes beside the record (not for a record that is
        not the viewer's own, as a served game's)."""
        self.record = record
        self.timeline = tl = record.timeline
        self.i = 0
        # a finished game's chances after every action and its turning points, once the
        # screen has worked them out (plot_session.analysis): empty until then
        self.chances: tuple[tuple[float, float], ...] = ()
        self.turning: tuple[int, ...] = ()
        self.turning_points: dict[int, TurningPoint] = {}  # by action number
        # the expert's choice at a turning point, once asked (None: nothing to choose)
        self.better: dict[int, Alternative | None] = {}
        self._lines = timeline_log(tl)
        # per eyes: the lines they may see, and each line's action number (for bisect)
        self._seen: dict[Player | None, tuple[list[LogLine], list[int]]] = {}
        self.eyes: Player | None = Player.SS
        self.look(eyes if eyes is not EVERYONE or self.finished else self.default_eyes())
        # notes on the game, beside its record; a bad file is said, not fatal
        self.notes_problem = ""
        self.notes_kept = notes
        self.notes: list[Note] = []
        try:
            if notes:
                self.notes = load_notes(record.path, record.header.game)
        except RecordError as exc:
            self.notes_problem = f"{exc} (left as it is; new notes are not saved)"

    def analysed(self, analysis: Analysis, better: Sequence[Alternative] = ()) -> None:
        """A finished game's chances and turning points, and what the expert said
        of any of them already."""
        self.chances = analysis.chances
        self.turning_points = {p.i: p for p in analysis.turning_points}
        self.turning = tuple(sorted(self.turning_points))
        self.better.update({a.i: a for a in better})

    def turning_point(self) -> TurningPoint | None:
        """The turning point the position is at (its action turned the game), if any."""
        return self.turning_points.get(self.i)

    # -- talk and notes --------------------------------------------------------
    def chat_so_far(self) -> list[ChatLine]:
        """What was said at the table up to this position (talk is public: every eyes)."""
        return [c for c in self.record.chat if c.after <= self.i]

    def thought_so_far(self) -> ThinkLine | None:
        """The computer's reasons for its last new plan up to this position."""
        return next((t for t in reversed(self.record.thoughts) if t.after <= self.i), None)

    def thoughts_of_its_turn(self) -> list[ThinkLine]:
        """Its plans up to this position since its opponent last acted (as W in play)."""
        actors = [step.side for step in self.record.timeline.steps]
        return thoughts_since_other_side(self.record.thoughts, actors, self.i)

    def said_here(self) -> list[ChatLine]:
        return [c for c in self.record.chat if c.after == self.i]

    def notes_here(self) -> list[Note]:
        return [n for n in self.notes if n.at == self.i]

    def add_note(self, text: str) -> Note:
        """A note on this position, saved beside the record at once; ValueError says
        why not (empty, too long), OSError if the disk refuses."""
        if not self.notes_kept:
            raise ValueError("notes are kept only on your own records (plot replay FILE)")
        if self.notes_problem:
            raise ValueError(
                "the notes file beside this record could not be read, so it is "
                "not written over; move it away to take new notes"
            )
        note = new_note(self.i, text)
        notes = sorted([*self.notes, note], key=lambda n: (n.at, n.time))
        save_notes(self.record.path, self.record.header.game, notes)
        self.notes = notes
        return note

    # -- eyes -------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.record.finished

    def default_eyes(self) -> Player | None:
        """Everyone for a finished game; else the lone human's side, or the SS."""
        return EVERYONE if self.finished else self.record.sides_shown()[0]

    def perspectives(self) -> list[Player | None]:
        return [*self.record.sides_shown()] + ([EVERYONE] if self.finished else [])

    def look(self, eyes: Player | None) -> None:
        problem = self.record.eyes_problem(eyes)
        if problem is not None:
            raise ValueError(problem)
        self.eyes = eyes

    def eyes_words(self) -> str:
        """Whose eyes the replay is seen through, and whose wait for the game's end."""
        if self.finished:
            return f"Now seen by {self.eyes_name()}."
        alone = len(self.perspectives()) == 1  # against the computer: the human's eyes only
        to_come = "the computer's side and everyone's views come" if alone else "everyone's view comes"
        return f"Now seen by {self.eyes_name()} ({to_come} only when the game is over)."

    def next_eyes(self) -> Player | None:
        options = self.perspectives()
        self.look(options[(options.index(self.eyes) + 1) % len(options)])
        return self.eyes

    def eyes_name(self) -> str:
        return "everyone" if self.eyes is EVERYONE else SIDE[self.eyes]

    # -- what is seen at this position ---------------------------------------------------------
    def view(self, side: Player | None = None) -> PlayerView:
        """The board as the eyes saw it (``side`` given: as that side saw it)."""
        return view(self.timeline.state_at(self.i), side if side is not None else self.eyes)

    def overlays(self) -> Overlays:
        return overlays(self.timeline.state_at(self.i))  # drawn from the board alone

    def log(self) -> list[LogLine]:
        if self.eyes not in self._seen:
            lines = [self._seen_as(ln) for ln in self._lines if self.may_see(ln.event)]
            self._seen[self.eyes] = (lines, [ln.index for ln in lines])
        lines, index = self._seen[self.eyes]
        return lines[: bisect.bisect_right(index, self.i)]

    def may_see(self, e: Event) -> bool:
        return self.eyes is EVERYONE or e.seen_by(self.eyes)

    def _seen_as(self, ln: LogLine) -> LogLine:
        p = ln.event.private
        if p is None or self.eyes is not EVERYONE:
            return ln
        return attrs.evolve(ln, event=attrs.evolve(ln.event, text=f"[{SIDE[p]} only] {ln.event.text}"))

    def step(self) -> Step | None:
        """The action that led to this position (None at the start)."""
        return self.timeline.steps[self.i - 1] if self.i else None

    # -- moving -------------------------------------------------------------------------------
    def go(self, i: int) -> None:
        self.i = max(0, min(i, len(self.timeline)))

    def jump(self, where: str) -> str | None:
        """Move as ``where`` says; returns why not when there is nowhere to go."""
        tl, i, n = self.timeline, self.i, len(self.timeline)
        match where:
            case "next":
                target = i + 1 if i < n else None
            case "back":
                target = i - 1 if i > 0 else None
            case "start":
                target = 0
            case "end":
                target = n
            case "next-phase":
                target = tl.next_change(i, tl.phase_key) if i < n else None
            case "prev-phase":
                target = tl.prev_change(i, tl.phase_key) if i > 0 else None
            case "next-turn":
                target = tl.next_change(i, tl.turn_key) if i < n else None
            case "prev-turn":
                target = tl.prev_change(i, tl.turn_key) if i > 0 else None
            case "next-roll":
                target = tl.next_where(i, lambda s: s.rolled)
            case "prev-roll":
                target = tl.prev_where(i, lambda s: s.rolled)
            case "next-coup":
                target = tl.next_where(i, lambda s: s.coup)
            case "prev-coup":
                target = tl.prev_where(i, lambda s: s.coup)
            case "next-turning":
                target = next((t for t in sorted(self.turning) if t > i), None)
            case "prev-turning":
                target = next((t for t in sorted(self.turning, reverse=True) if t < i), None)
            case _:
                raise ValueError(f"unknown jump {where!r}")
        if target is None:
            if where.endswith("-turning") and not self.turning and not self.finished:
                return "No turning points: they are worked out for finished games."
            return _NOWHERE[where]
        self.go(target)
        return None


_NOWHERE = {
    "next": "This is the end of the record.",
    "back": "This is the start of the game.",
    "next-phase": "This is the end of the record.",
    "prev-phase": "This is the start.",
    "next-turn": "This is the end of the record.",
    "prev-turn": "This is the start.",
    "next-roll": "No die is rolled after this point.",
    "prev-roll": "No die was rolled before this point.",
    "next-coup": "No coup is declared after this point.",
    "next-turning": "No turning point after this one.",
    "prev-turning": "No turning point before this one.",
    "prev-coup": "No coup was declared before this point.",
}
