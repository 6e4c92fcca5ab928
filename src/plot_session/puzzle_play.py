"""Solving puzzles (plot_core.puzzles): one attempt at a puzzle, judged as it is played,
the words said once it is judged, and a player's rating kept across puzzles.

An attempt is a session from the puzzle's position with the solver at their side and
the easy computer at the other (which never gets to move: the puzzle is judged when the
solver's plan is over, before any reply). Its answer is the solver's own actions, read
from the session's log, so undo takes an answer back like any move.

Ratings are Glicko-2, as lichess rates puzzles: a solved puzzle is a win against the
puzzle's rating, a missed one a loss, each on a first try only. The next puzzle is the
one not yet solved whose rating is nearest the player's. Where a record is kept is a
``PuzzleBook``: a local player's settings (the puzzles keep the ratings they shipped
with), or a server's (plot_server.puzzle_books), where each first try rates the puzzle
too, against the player, so a server's puzzles come to be rated by its players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import attrs

from plot_core import Action, Player, Rules, Verb, legal_actions, view
from plot_core.puzzles import Puzzle, Verdict
from plot_core.wording import news

from .describe import SIDE, plain_prompt, prompt
from .glicko import NEW, Rating, rated
from .session import Seat, Session
from .settings import Settings, SettingsFile

PUZZLE_RD = 80.0  # how sure a shipped puzzle's rating is
FEWER_CHITS = (  # a coup rolled with fewer Führer Access chits than held: never weighed, and why
    " Yours, a coup with fewer Führer Access chits than you hold, was not weighed: the puzzles"
    " weigh a coup made with every chit held, or none made. Each adds one to the Walkyrie roll"
    " (18.13), whose results only get better as the total rises (18.8); those held back are"
    " kept for a later try, but a coup made now is weaker for them."
)


def puzzle_session(puzzle: Puzzle, rules: Rules) -> Session:
    """The puzzle's position, the solver at its side, unrecorded."""
    seats = {p: Seat.HUMAN if p is puzzle.side else Seat.COMPUTER for p in Player}
    return Session(puzzle.start(rules), seats, seed=0, levels={puzzle.side.enemy: "easy"})


class Attempt:
    """One try at ``puzzle``: its session, and the verdict on what has been played."""

    def __init__(self, puzzle: Puzzle, rules: Rules) -> None:
        self.puzzle = puzzle
        self.session = puzzle_session(puzzle, rules)

    @property
    def played(self) -> list[Action]:
        return self.session.actions_of(self.puzzle.side)

    def verdict(self) -> Verdict:
        played = self.played
        state = self.session.state
        moving = bool(played) and played[-1].verb is Verb.MOVE and state.active is not None
        return self.puzzle.verdict(played, moving=moving, over=state.outcome is not None)

    def judged(self) -> bool:
        return self.verdict() is not Verdict.GOING

    def solved(self) -> bool:
        return self.verdict() is Verdict.RIGHT

    def rolls(self) -> list[str]:
        """The rolls the answer made, and what they did, as the log says them (a screen
        that goes straight to the verdict would not show them)."""
        return [
            f"{news(self.session.state.rules, ln.event)}."
            for ln in self.session.log_for(self.puzzle.side)
            if ln.index > 0 and ln.event.roll
        ]

    def intro(self, rating: Rating | None = None, problem: str = "", *, plain: bool = False) -> str:
        """The puzzle set: whose side, the ratings; ``problem``: why the player's settings
        file was not read whole (its default holds), said, not hidden. ``plain``: for a
        player who types (the screen's Enter not named)."""
        p = self.puzzle
        yours = f" Your puzzle rating: {rating_words(rating)}." if rating is not None else ""
        said = f" ({problem})" if problem else ""
        state = self.session.state
        decision = prompt(state.rules, view(state, p.side), list(legal_actions(state)))
        if plain:
            decision = f"{SIDE[p.side]}: {plain_prompt(decision, SIDE[p.side])}"
        log = " The log holds the phase so far, as you saw it." if p.log else ""
        return (
            f"Puzzle {p.key} (rated {p.rating:.0f}). You play the {SIDE[p.side]}: find the best "
            f"plan from here, with what the {SIDE[p.side]} can see. The decision: {decision}."
            f"{log}{yours}{said}"
        )

    def words(self) -> list[str]:
        """What is said once the attempt is judged: right or not, why, and the chances of
        each plan weighed (the solver's own among them, if it was one)."""
        p = self.puzzle
        right = self.verdict() is Verdict.RIGHT
        mine = p.matching(self.played)
        begun = p.begun(self.played) if mine is None else None
        yours = (
            f" Yours, {mine.text}, wins {mine.win:.0%}."
            if mine is not None
            else f" Yours was the start of another plan ({begun.text}), which wins {begun.win:.0%}."
            if begun is not None
            else FEWER_CHITS
            if any(a.verb is Verb.COUP for a in self.played)
            else " Yours was not one of the plans weighed (they are listed below)."
        )
        lines = [
            "Right: that is the best plan."
            if right
            else f"Not the best plan. The best: {p.best.text}.{yours}",
            p.explanation,
            "The plans weighed, with the chance of winning after each:",
        ]
        for c in p.choices:
            marks = [m for m, on in (("best", c is p.best), ("yours", c is mine and not right)) if on]
            lines.append(f"  {c.win:>4.0%}  {c.text}" + (f" ({', '.join(marks)})" if marks else ""))
        return lines


@attrs.frozen
class PuzzleRecord:
    """A player's puzzles: their rating, and each puzzle tried (solved or not, last try)."""

    rating: Rating = NEW
    tried: tuple[tuple[str, bool], ...] = ()
    last: str = ""  # the puzzle tried last (the next is not the same question again)

    def solved(self, key: str) -> bool:
        return dict(self.tried).get(key, False)

    def after(
        self, puzzle: Puzzle, solved: bool, puzzle_rating: Rating | None = None
    ) -> tuple[PuzzleRecord, Rating | None]:
        """The record after an attempt, and the puzzle's rating after it. A first try
        rates both, each against the other (the puzzle's rating ``puzzle_rating``, or
        the one it shipped with); a puzzle seen before is no test of either (None for
        the puzzle's). The attempt is kept either way."""
        seen = dict(self.tried)
        rating, puzzle_after = self.rating, None
        if puzzle.key not in seen:
            against = puzzle_rating or shipped_rating(puzzle)
            rating = rated(rating, [(against, 1.0 if solved else 0.0)])
            puzzle_after = rated(against, [(self.rating, 0.0 if solved else 1.0)])  # it won if missed
        seen[puzzle.key] = seen.get(puzzle.key, False) or solved
        return PuzzleRecord(rating, tuple(sorted(seen.items())), puzzle.key), puzzle_after

    def merged(self, other: PuzzleRecord) -> PuzzleRecord:
        """This record with the puzzles ``other`` tried that it has not (solved in
        either, solved): its own rating and last puzzle."""
        seen = dict(other.tried)
        for key, ok in self.tried:
            seen[key] = seen.get(key, False) or ok
        return attrs.evolve(self, tried=tuple(sorted(seen.items())))


def shipped_rating(puzzle: Puzzle) -> Rating:
    return Rating(puzzle.rating, PUZZLE_RD)


@attrs.frozen
class Kept:
    """An attempt kept: the player's record before and after it, and why the record could
    not be written ("" if it was)."""

    before: PuzzleRecord
    after: PuzzleRecord
    problem: str = ""

    def words(self) -> str:
        was = f"{self.before.rating.rating:.0f}"
        return f"Your puzzle rating: {rating_words(self.after.rating)} (was {was})." + (
            f" ({self.problem})" if self.problem else ""
        )


class BookUnavailable(Exception):
    """The record cannot be read or kept just now; the message says so, for the player."""


class PuzzleBook(Protocol):
    """Where one player's puzzle record is kept, and the puzzles' ratings where they move.
    A book may be slow to answer (a server's store): a door asks it off its loop.
    BookUnavailable where it cannot answer."""

    def record(self) -> PuzzleRecord:
        """The player's record as it is kept now (they may solve puzzles elsewhere)."""
        ...

    def ratings(self) -> Mapping[str, Rating]:
        """The puzzles whose ratings have moved from those they shipped with, by key."""
        ...

    def keep(self, puzzle: Puzzle, solved: bool) -> Kept:
        """A judged attempt kept (and, where puzzles are rated, the puzzle rated)."""
        ...


class SettingsBook:
    """A local player's book: their settings file (the one object every screen saves
    through, so none writes back a record older than the file's); the puzzles keep the
    ratings they shipped with."""

    def __init__(self, settings: SettingsFile) -> None:
        self.settings = settings

    def record(self) -> PuzzleRecord:
        return record_of(self.settings.reload())

    def ratings(self) -> Mapping[str, Rating]:
        return {}

    def keep(self, puzzle: Puzzle, solved: bool) -> Kept:
        before = self.record()  # (read again: the player may have solved puzzles elsewhere)
        after, _ = before.after(puzzle, solved)  # (the shipped ratings do not move here)
        return Kept(before, after, self.settings.save(kept(self.settings.settings, after)))


def as_rated(puzzles: Sequence[Puzzle], ratings: Mapping[str, Rating]) -> list[Puzzle]:
    """The puzzles with the ratings they have now where those have moved."""
    return [attrs.evolve(p, rating=ratings[p.key].rating) if p.key in ratings else p for p in puzzles]


def next_from(book: PuzzleBook, puzzles: Sequence[Puzzle]) -> tuple[PuzzleRecord, Puzzle | None]:
    """The player's record and the puzzle to set them next (None once every one is
    solved), by the puzzles' ratings as they are now. As slow as the book."""
    record = book.record()
    return record, next_puzzle(as_rated(puzzles, book.ratings()), record)


def rating_words(r: Rating) -> str:
    """A puzzle rating as said to its player: unsure while few puzzles are behind it."""
    return f"{r.rating:.0f}" + (" (provisional: a few more puzzles make it sure)" if r.provisional else "")


def progress_words(record: PuzzleRecord) -> str:
    """A player's puzzles in one line, as they leave them."""
    solved = sum(ok for _, ok in record.tried)
    return f"Your puzzle rating: {rating_words(record.rating)}; {solved} solved of {len(record.tried)} tried."


def solved_all(record: PuzzleRecord) -> str:
    return f"Every puzzle is solved. Your puzzle rating: {rating_words(record.rating)}."


def record_of(settings: Settings) -> PuzzleRecord:
    return PuzzleRecord(Rating(*settings.puzzle_rating), settings.puzzles_tried, settings.puzzle_last)


def kept(settings: Settings, record: PuzzleRecord) -> Settings:
    r = record.rating
    return attrs.evolve(
        settings,
        puzzle_rating=(r.rating, r.rd, r.volatility),
        puzzles_tried=record.tried,
        puzzle_last=record.last,
    )


def _kind(p: Puzzle) -> tuple[str, str]:
    """What a puzzle asks, for variety: its theme and the verb its answer begins with (a
    marker off one unit or another is the same question)."""
    return p.theme, p.best.actions[0].verb.value


VARIETY = 400.0  # rating points a puzzle of another answer may be further off than the nearest


def next_puzzle(puzzles: Sequence[Puzzle], record: PuzzleRecord) -> Puzzle | None:
    """The puzzle not yet tried whose rating is nearest the player's (then one tried and
    not solved; None once every one is solved); but not the same answer as the last
    puzzle's twice running, while one with another answer is within VARIETY of it."""
    tried = dict(record.tried)
    last = next((p for p in puzzles if p.key == record.last), None)

    def off(p: Puzzle) -> float:
        return abs(p.rating - record.rating.rating)

    for pool in (
        [p for p in puzzles if p.key not in tried],
        [p for p in puzzles if not tried.get(p.key, False)],
    ):
        if pool:
            nearest = min(off(p) for p in pool)
            other = [p for p in pool if last is None or _kind(p) != _kind(last)]
            near = [p for p in other if off(p) <= nearest + VARIETY] or pool
            return min(near, key=lambda p: (off(p), p.key))
    return None
