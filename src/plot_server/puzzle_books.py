"""Where a served player's puzzles are kept (plot_session.puzzle_play.PuzzleBook), and
the puzzles' ratings, which a server moves: each first try rates the puzzle against
the player as it rates the player against the puzzle (Glicko-2, as lichess does), so
a server's puzzles come to be rated by its players rather than by the finder's guess.

- ``FolderBook``: a data folder's server (one process). The player's record is in their
  settings file (users/), the puzzles' ratings in ``puzzle-ratings.json``.
- ``StoredBook``: a server with a PostgreSQL store. Both are in the store
  (``plot_puzzle_records``, ``plot_puzzle_ratings``), so every worker on every machine
  sees the same record, and two tries at once are kept one after the other. The
  puzzles a player tried in this machine's data folder before the server had a store
  are carried into their record (each machine's, as the player comes to it).

Each book is given the session's own settings object, the one its screens save through
(a colour, ask-before-rolling): a second object for the same file would write back
the record as it was before a try. Every call may wait on a disk or the store: the
doors make them off their loops. A store that does not answer is not asked again for
``RESTING`` seconds, so an outage costs each try a moment, not a connection's timeout.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import psycopg

from plot_core.puzzles import Puzzle
from plot_record.files import loads, read_regular, write_whole
from plot_session.glicko import Rating
from plot_session.puzzle_play import BookUnavailable, Kept, PuzzleRecord, kept, record_of, shipped_rating
from plot_session.settings import SettingsFile

from .pgstore import Store, StoreError
from .tables import to_operator

T = TypeVar("T")
RATINGS_FILE = "puzzle-ratings.json"
RATINGS_LIMIT = 1 << 20  # bytes: some 60 a puzzle
UNREACHABLE = "Your puzzle record cannot be reached just now, so this try is not counted; try again soon."
RESTING = 10.0  # seconds a store that did not answer is left alone
WAITING = 8.0  # seconds a call waits for the one before it


def _rating(value: Any) -> Rating:
    """A rating as kept, [rating, rd, volatility]; ValueError if it is not one."""
    if not (isinstance(value, list) and len(value) == 3 and all(isinstance(x, int | float) for x in value)):
        raise ValueError("a rating is [rating, deviation, volatility]")
    rating, rd, volatility = (float(x) for x in value)
    if not (0 <= rating <= 4000 and 0 < rd <= 500 and 0 < volatility < 1):
        raise ValueError(f"the rating {value} is out of bounds")
    return Rating(rating, rd, volatility)


def _readable(kept: Iterable[tuple[str, Any]], where: str) -> dict[str, Rating]:
    """The puzzles' ratings as kept in ``where``, by puzzle; one that cannot be read is
    left out (the host told), so it costs that puzzle its moved rating, nothing more."""
    found: dict[str, Rating] = {}
    for key, value in kept:
        try:
            found[key] = _rating(value)
        except ValueError as exc:
            to_operator(f"{where}: the rating of puzzle {key!r} is left out: {exc}")
    return found


def _kept_rating(r: Rating) -> list[float]:
    return [round(r.rating, 3), round(r.rd, 3), round(r.volatility, 6)]


def record_to_json(record: PuzzleRecord) -> dict:
    tried = [list(t) for t in record.tried]
    return {"rating": _kept_rating(record.rating), "tried": tried, "last": record.last}


def record_from_json(data: Any) -> PuzzleRecord:
    """ValueError if ``data`` is not a record as record_to_json writes it."""
    if not isinstance(data, dict):
        raise ValueError("a record is a JSON object")
    tried = data.get("tried")
    if not isinstance(tried, list) or not all(
        isinstance(t, list) and len(t) == 2 and isinstance(t[0], str) and isinstance(t[1], bool)
        for t in tried
    ):
        raise ValueError("tried is a list of [puzzle, solved]")
    last = data.get("last", "")
    if not isinstance(last, str):
        raise ValueError("last is a puzzle's name")
    return PuzzleRecord(_rating(data.get("rating")), tuple(sorted((k, ok) for k, ok in tried)), last)


class FolderBook:
    """A player's book on a server that keeps its data in a folder."""

    _lock = threading.Lock()  # one try kept at a time: the ratings file is read and written whole

    def __init__(self, home: Path, settings: SettingsFile) -> None:
        self.settings = settings
        self.path = Path(home) / RATINGS_FILE

    def record(self) -> PuzzleRecord:
        return record_of(self.settings.reload())

    def ratings(self) -> dict[str, Rating]:
        """The ratings file; a puzzle's line that cannot be read is left out (the host
        told), so a damaged file costs those puzzles their moved ratings, nothing more."""
        if not self.path.exists():  # (no puzzle tried on this server yet)
            return {}
        try:
            data = loads(read_regular(self.path, limit=RATINGS_LIMIT), str(self.path))
        except (OSError, ValueError) as exc:
            to_operator(f"the puzzles' ratings cannot be read from {self.path}: {exc}")
            return {}
        return _readable(data.items() if isinstance(data, dict) else (), str(self.path))

    def keep(self, puzzle: Puzzle, solved: bool) -> Kept:
        with self._lock:
            before = self.record()
            ratings = self.ratings()
            after, moved = before.after(puzzle, solved, ratings.get(puzzle.key))
            problem = self.settings.save(kept(self.settings.settings, after))
            if moved is not None and not problem:
                ratings[puzzle.key] = moved
                text = json.dumps({k: _kept_rating(r) for k, r in sorted(ratings.items())}, indent=0)
                try:
                    write_whole(self.path, text, tmp=self.path.with_suffix(".tmp"))
                except OSError as exc:
                    to_operator(f"the puzzles' ratings cannot be written to {self.path}: {exc}")
            return Kept(before, after, problem)


class StoredPuzzles:
    """This process's connection for the puzzle books, used from their threads one at a
    time (opened when first needed: most sessions never open the puzzles)."""

    def __init__(self, url: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.url, self.clock = url, clock
        self._store: Store | None = None
        self._lock = threading.Lock()
        self._away_since: float | None = None  # when the store last failed to answer

    def run(self, work: Callable[[psycopg.Connection], T]) -> T:
        if self._away_since is not None and self.clock() - self._away_since < RESTING:
            raise BookUnavailable(UNREACHABLE)
        if not self._lock.acquire(timeout=WAITING):
            raise BookUnavailable(UNREACHABLE)
        try:
            if self._store is None:
                self._store = Store(self.url)
            found = self._store.run(work)
        except (StoreError, psycopg.Error) as exc:
            self._away_since = self.clock()
            to_operator(f"a puzzle record could not be read or kept: {exc}")
            raise BookUnavailable(UNREACHABLE) from None
        finally:
            self._lock.release()
        self._away_since = None
        return found


class StoredBook:
    """A player's book on a server with a PostgreSQL store."""

    def __init__(self, store: StoredPuzzles, who_key: str, settings: SettingsFile) -> None:
        self.store = store
        # the store names a player by a digest of their key, as their settings file does
        self.who_key = hashlib.sha256(who_key.encode("utf-8")).hexdigest()[:32]
        self.settings = settings  # (its record: the puzzles tried before the store)

    def _row(self, c: psycopg.Connection, lock: bool) -> PuzzleRecord | None:
        """The player's record in the store; None if there is none, or it cannot be read
        (the host told: the player starts again from what this machine kept)."""
        row = c.execute(
            "SELECT record FROM plot_puzzle_records WHERE who_key = %s" + (" FOR UPDATE" if lock else ""),
            (self.who_key,),
        ).fetchone()
        if row is None:
            return None
        try:
            return record_from_json(row[0])
        except ValueError as exc:
            to_operator(f"a player's puzzle record in the store cannot be read, and starts again: {exc}")
            return None

    def _carried(self) -> PuzzleRecord:
        return record_of(self.settings.reload())

    def record(self) -> PuzzleRecord:
        carried = self._carried()
        found = self.store.run(lambda c: self._row(c, lock=False))
        return found.merged(carried) if found is not None else carried

    def ratings(self) -> Mapping[str, Rating]:
        rows = self.store.run(
            lambda c: c.execute("SELECT puzzle, rating, rd, volatility FROM plot_puzzle_ratings").fetchall()
        )
        return _readable(((key, rating) for key, *rating in rows), "the store")

    def keep(self, puzzle: Puzzle, solved: bool) -> Kept:
        carried = self._carried()  # (read before the transaction: a disk)

        def work(c: psycopg.Connection) -> Kept:
            # the rows locked, so a try kept at the same moment elsewhere waits for this one
            c.execute(
                "INSERT INTO plot_puzzle_records (who_key, record) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                (self.who_key, json.dumps(record_to_json(carried))),
            )
            found = self._row(c, lock=True)
            before = found.merged(carried) if found is not None else carried
            c.execute(
                "INSERT INTO plot_puzzle_ratings VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (puzzle.key, *_kept_rating(shipped_rating(puzzle))),
            )
            row = c.execute(
                "SELECT rating, rd, volatility FROM plot_puzzle_ratings WHERE puzzle = %s FOR UPDATE",
                (puzzle.key,),
            ).fetchone()
            assert row is not None  # (inserted above if it was not there)
            try:
                current = _rating(list(row))
            except ValueError:  # (one the host changed by hand: the shipped one again)
                current = shipped_rating(puzzle)
            after, moved = before.after(puzzle, solved, current)
            written = record_to_json(after)
            c.execute(
                "UPDATE plot_puzzle_records SET record = %s WHERE who_key = %s",
                (json.dumps(written), self.who_key),
            )
            if moved is not None:
                c.execute(
                    "UPDATE plot_puzzle_ratings SET rating = %s, rd = %s, volatility = %s WHERE puzzle = %s",
                    (*_kept_rating(moved), puzzle.key),
                )
            return Kept(before, record_from_json(written))  # (as kept: rounded)

        return self.store.run(work)
