"""The finished games' results a server's ratings are worked out from (ratings.py).

With files, they are kept one JSON object a line in ``results.jsonl`` in the server's
home; with a shared store, in its plot_results table, one row a game. Either way a
game's result is written once, when the hub first sees the game over (every process
of a shared store sees every game end; the first row stands), and any finished table a
server loads at start whose result is missing (a crash between the game's last line
and its result, or games finished before ratings came) is added then. The ratings
themselves are never stored: they are the fold of these results, so no two processes
can disagree about them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import attrs

from plot_core import Player
from plot_record.files import Unreadable, loads, read_regular
from plot_session.session import Seat

from .listing import COMPUTER_SEAT, Listing
from .pgstore import Store, StoreError
from .ratings import (
    LEVEL_RATINGS,
    POOLS,
    Changes,
    Contestant,
    Rating,
    Result,
    Standing,
    count_game,
    order,
    standings,
)
from .tables import Account, ServedTable, to_operator

RESULTS_FILE = "results.jsonl"
RESULTS_LIMIT = 64 * 1024 * 1024  # a results file past this is not a results file


# A game lost on time rates only once each side has played this many actions: a side
# that never played was not beaten, only waited out (a trap table farms ratings so).
ACTIONS_BEFORE_TIME_RATES = 5


def result_of(table: ServedTable) -> Result | None:
    """A finished table's result (None while it is on, if a side had no player, or if
    it was lost on time before both sides had played a few actions)."""
    session = table.session
    outcome = session.state.outcome
    if outcome is None:
        return None
    if session.flagged_at is not None:
        if min(session.actions_by(p) for p in Player) < ACTIONS_BEFORE_TIME_RATES:
            return None
    sides: dict[Player, Contestant] = {}
    for side in Player:
        if session.seats[side] is Seat.COMPUTER:
            if session.levels[side] not in LEVEL_RATINGS:
                return None  # a level with no measured rating rates no one
            sides[side] = Contestant(level=session.levels[side])
        elif (owner := table.owners.get(side)) is not None:
            sides[side] = Contestant(key=owner.key, name=owner.name)
        else:
            return None
    return Result(
        table.id,
        session.ended_at or table.created,
        outcome.winner,
        outcome.case,
        sides[Player.SS],
        sides[Player.ABWEHR],
    )


class ResultBook:
    """Every finished game's result this server knows, by table, and the standings
    they make. ``store()``: the store's connection for the hub's loop, or None for a
    server on files (then ``home`` holds the file)."""

    def __init__(self, home: Path, store: Callable[[], Store] | None = None) -> None:
        self.path = home / RESULTS_FILE
        self.store = store
        self.results: dict[str, Result] = {}
        self._standings: dict[str, Standing] | None = None
        self._changes: Changes = {}
        self._latest: tuple[datetime, int] | None = None  # the last game counted in them

    def load(self) -> list[str]:
        """Read every kept result; returns what could not be read and why (the rest
        stand; a game whose result was unreadable is rated again from its table)."""
        problems: list[str] = []
        if self.store is not None:
            rows = self.store().results()
            entries = [(f"the store's result of table {table_id}", entry) for table_id, entry in rows]
        else:
            if not os.path.lexists(self.path):
                return []  # no game rated yet
            try:
                text = read_regular(self.path, limit=RESULTS_LIMIT).decode("utf-8", "replace")
            except Unreadable as exc:
                return [str(exc)]
            entries = []
            for n, line in enumerate(text.splitlines(), 1):
                if not line.strip():
                    continue
                where = f"{self.path} line {n}"
                try:
                    entries.append((where, loads(line, where)))
                except ValueError as exc:
                    problems.append(f"{where}: {exc}" if where not in str(exc) else str(exc))
        for where, entry in entries:
            try:
                result = Result.from_json(entry, where)
            except ValueError as exc:
                problems.append(str(exc))
                continue
            self.results.setdefault(result.table, result)
        self._standings = None
        return problems

    def knows(self, table_id: str) -> bool:
        return table_id in self.results

    def add(self, result: Result) -> None:
        """Keep ``result`` (at once in memory; OSError or StoreError if it could not be
        written, and the next start adds it again from its table)."""
        if result.table in self.results:
            return
        self.results[result.table] = result
        self._count(result)
        if self.store is not None:
            self.store().add_result(result.table, result.to_json())
            return
        line = json.dumps(result.to_json(), ensure_ascii=False) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)

    def _count(self, result: Result) -> None:
        """A new result in the standings: a game that ended after every one counted is
        counted on top of them (the usual case: on the hub's loop, at each game's end);
        one that ended before (another process's, heard late) has them worked out again
        from the start when next asked."""
        if not result.rated or self._standings is None:
            return
        at = order(result)
        if self._latest is not None and at < self._latest:
            self._standings = None
            return
        count_game(self._standings, result, self._changes)
        self._latest = at

    def standings(self) -> dict[str, Standing]:
        """Every rated player's standing."""
        if self._standings is None:
            self._changes = {}
            self._standings = standings(self.results.values(), self._changes)
            self._latest = max((order(r) for r in self.results.values() if r.rated), default=None)
        return self._standings

    def change(self, table_id: str, key: str) -> tuple[Rating, Rating] | None:
        """The player's overall rating before and after the game at ``table_id``."""
        self.standings()
        return self._changes.get(table_id, {}).get(key)

    # -- the ratings as the lobby, a table's note and the plain door say them -----------
    def rate(self, table: ServedTable) -> None:
        """A finished game's result, kept for the ratings (once its record is saved: a
        last line that lost a race to another process may not have ended it)."""
        result = result_of(table)
        if result is None:
            return
        try:
            self.add(result)
        except (OSError, StoreError) as exc:
            to_operator(
                f"table {table.id}'s result could not be kept for the ratings ({exc}); "
                "it counts now, and is added again when the server next starts"
            )

    def rating_words(self, key: str) -> str:
        """A player's ratings as the lobby says them."""
        standing = self.of(key)
        return "not yet rated" if standing is None else f"rated {standing.words()}"

    def change_words(self, table: ServedTable, side: Player | None) -> str:
        """What a finished game did to the rating of the player at ``side``."""
        owner = table.owners.get(side) if side is not None and table.over else None
        change = None if owner is None else self.change(table.id, owner.key)
        if change is None:
            return ""
        before, after = change
        return f"Your rating: {before} → {after} ({after.rating - before.rating:+.0f})."

    def seat_words(
        self, table: Listing, side: Player, viewer: Account | None = None, *, narrow: bool = False
    ) -> str:
        """Who plays ``side`` at ``table``, with their overall rating (the lobby's list,
        as ``viewer`` reads it; ``narrow``: the rating on a second line)."""
        if table.seats.get(side) is Seat.COMPUTER:
            fixed = LEVEL_RATINGS.get(table.levels.get(side, ""))
            rating = "" if fixed is None else f"{fixed.overall:.0f}"
        else:
            owner = table.owners.get(side)
            standing = None if owner is None else self.of(owner.key)
            rating = "" if standing is None else standing.shown("overall")
        return table.seat_label(side, rating, viewer, narrow=narrow)

    def of(self, key: str) -> Standing | None:
        return self.standings().get(key)

    def ranked(self, pool: str = "overall") -> list[Ranked]:
        """The leaderboard by ``pool``: rated players, and the computer's levels among
        them at their fixed ratings; provisional ratings after the settled ones."""
        if pool not in POOLS:
            raise ValueError(f"the ratings are {', '.join(POOLS)}, not {pool!r}")
        rows = [
            Ranked(s.name, s.overall, s.ss, s.abwehr, s.games, s.won, s.lost, s.key, frozenset(s.last))
            for s in self.standings().values()
        ]
        rows += [
            Ranked(
                f"{COMPUTER_SEAT} ({level})", fixed.pool("overall"), fixed.pool("ss"), fixed.pool("abwehr")
            )
            for level, fixed in LEVEL_RATINGS.items()
        ]
        return sorted(rows, key=lambda r: (r.pool(pool).provisional, -r.pool(pool).rating, r.name))


@attrs.frozen
class Ranked:
    """One line of the leaderboard: a player, or a computer level (``games`` None)."""

    name: str
    overall: Rating
    ss: Rating
    abwehr: Rating
    games: int | None = None
    won: int = 0
    lost: int = 0
    key: str = ""  # a player's identity, to mark one's own line
    played: frozenset[str] = frozenset(POOLS)  # the pools a player has games in

    def pool(self, pool: str) -> Rating:
        rating: Rating = getattr(self, pool)
        return rating

    def shown(self, pool: str) -> str:
        """As the leaderboard shows it: "1602", "1498?" (unsure), "—" (never played)."""
        return str(self.pool(pool)) if pool in self.played else "—"
