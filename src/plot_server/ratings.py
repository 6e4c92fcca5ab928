"""Players' ratings on a server: Glicko-2, worked out from the finished games' results.

Why Glicko-2 and not Elo: a correspondence player may finish a handful of games a
month, and a rating built on three games should say it is unsure. Glicko-2 carries that
doubt (the rating deviation, RD): it shrinks as games are played, grows back while a
player is away, and a game against a player whose rating is unsure moves one's own
rating less. It is what lichess rates with; Elo has no such measure.

How it is applied here (docs/hosts/serving.md says it for hosts):
- Each finished game is its own rating period, as on lichess: both players are rated
  on that one game against each other's rating as it was before it.
- Before a game, a player's RD grows for each week (a fraction counts) since their
  last rated game, up to a newcomer's 350; it never falls below 45, so a rating keeps
  moving.
- A win scores 1 and a loss 0. The Allies' win (18.73) is a loss for both players, so
  between the two of them it is a draw: half each.
- Three ratings each: overall (any side, against the opponent's overall rating), and
  one per side (one's SS games against the Abwehr ratings of those one played, and
  the other way round), since the sides are not equally easy.
- The computer's levels have fixed ratings measured from self-play
  (tools/level_ratings.py, docs/reports/ratings.md); games against them rate the
  player, never the level. Games of the computer against itself rate nobody, and a
  player rates nothing against themself.

The ratings are a fold over the results in the order the games ended, so every
process of a shared store, and a restarted server, works out the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

import attrs

from plot_core import Player
from plot_session.glicko import (
    NEW,
    NEW_VOLATILITY,
    Rating,
    away,
    rated,
)

from .tables import number

LEVEL_RD = 50.0  # how sure the computer's fixed ratings are (about their fit's error)


# -- the computer's levels -----------------------------------------------------------
@attrs.frozen
class LevelRating:
    overall: float
    ss: float
    abwehr: float

    def pool(self, pool: str) -> Rating:
        return Rating(getattr(self, pool), LEVEL_RD, NEW_VOLATILITY)


# Measured by `python -m tools.level_ratings` (its table and the seeds it played are in
# docs/reports/ratings.md); the easy level is the scale's anchor at 1500.
LEVEL_RATINGS: dict[str, LevelRating] = {
    "random": LevelRating(1235, 1297, 1152),
    "easy": LevelRating(1500, 1545, 1455),
    "hard": LevelRating(1615, 1657, 1573),
    "expert": LevelRating(1727, 1737, 1708),
}


# -- results -----------------------------------------------------------------------------
WINNERS = ("ss", "abwehr", "allies")


@attrs.frozen
class Contestant:
    """Who played a side: a player (``key`` binds, ``name`` is shown) or a level."""

    key: str = ""
    name: str = ""
    level: str = ""  # the computer's level; "" for a player

    @property
    def computer(self) -> bool:
        return bool(self.level)

    def to_json(self) -> dict[str, str]:
        return {"level": self.level} if self.level else {"key": self.key, "name": self.name}

    @classmethod
    def from_json(cls, data: object, where: str) -> Contestant:
        if isinstance(data, dict) and set(data) == {"level"} and data["level"] in LEVEL_RATINGS:
            return cls(level=data["level"])
        if (
            isinstance(data, dict)
            and set(data) == {"key", "name"}
            and all(isinstance(data[k], str) and data[k] for k in ("key", "name"))
        ):
            return cls(key=data["key"], name=data["name"])
        raise ValueError(f"{where}: a side is {{'key', 'name'}} or {{'level'}} (a known level)")


@attrs.frozen
class Result:
    """One finished game, as the ratings need it."""

    table: str
    ended: str  # when it ended, ISO 8601 UTC (the record's time)
    winner: str  # "ss", "abwehr" or "allies"
    how: str  # the case that ended it, or "on time"
    ss: Contestant
    abwehr: Contestant

    def side(self, side: Player) -> Contestant:
        return self.ss if side is Player.SS else self.abwehr

    def score(self, side: Player) -> float:
        """``side``'s score against the other: 1, 0, or half for the Allies' win."""
        return 0.5 if self.winner == "allies" else float(self.winner == side.value)

    @property
    def rated(self) -> bool:
        """Does it rate anyone? A player on at least one side, and not on both."""
        if self.ss.computer and self.abwehr.computer:
            return False
        return self.ss.computer or self.abwehr.computer or self.ss.key != self.abwehr.key

    def to_json(self) -> dict[str, object]:
        return {
            "table": self.table,
            "ended": self.ended,
            "winner": self.winner,
            "how": self.how,
            "ss": self.ss.to_json(),
            "abwehr": self.abwehr.to_json(),
        }

    @classmethod
    def from_json(cls, data: object, where: str) -> Result:
        if not isinstance(data, dict):
            raise ValueError(f"{where}: a result is a JSON object")
        for name in ("table", "ended", "winner", "how"):
            if not isinstance(data.get(name), str):
                raise ValueError(f"{where}: {name!r} is missing or not text")
        if data["winner"] not in WINNERS:
            raise ValueError(f"{where}: the winner is one of {', '.join(WINNERS)}, not {data['winner']!r}")
        try:
            when(data["ended"])
        except ValueError:
            raise ValueError(f"{where}: 'ended' is not a date and time: {data['ended'][:40]!r}") from None
        return cls(
            data["table"],
            data["ended"],
            data["winner"],
            data["how"],
            Contestant.from_json(data.get("ss"), f"{where}: ss"),
            Contestant.from_json(data.get("abwehr"), f"{where}: abwehr"),
        )


def when(text: str) -> datetime:
    """A result's time (the record's "…Z", or a table's "+00:00")."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


# -- standings -----------------------------------------------------------------------------
POOLS = ("overall", "ss", "abwehr")


@attrs.define
class Standing:
    """A player's ratings and record of rated games."""

    key: str
    name: str
    overall: Rating = NEW
    ss: Rating = NEW
    abwehr: Rating = NEW
    games: int = 0
    won: int = 0
    lost: int = 0  # the Allies' wins are neither: games - won - lost
    last: dict[str, datetime] = attrs.Factory(dict)  # pool -> its last rated game's end

    def pool(self, pool: str) -> Rating:
        rating: Rating = getattr(self, pool)
        return rating

    def shown(self, pool: str) -> str:
        """A rating as the lobby shows it: "1602", "1498?" (unsure), "—" (never played)."""
        return str(self.pool(pool)) if pool in self.last else "—"

    def words(self) -> str:
        """How the lobby says it: "1563 (SS 1602, Abwehr —)"."""
        return f"{self.shown('overall')} (SS {self.shown('ss')}, Abwehr {self.shown('abwehr')})"


def _before(c: Contestant, standing: Standing | None, pool: str, at: datetime) -> Rating:
    """A side's rating in ``pool`` as a game ending at ``at`` finds it."""
    if standing is None:
        return LEVEL_RATINGS[c.level].pool(pool)
    last = standing.last.get(pool)
    r = standing.pool(pool)
    return r if last is None else away(r, (at - last).total_seconds() / 86400)


Changes = dict[str, dict[str, tuple[Rating, Rating]]]  # table -> player -> overall before, after


def order(result: Result) -> tuple[datetime, int]:
    """Where a game stands among the others: when it ended (its table's number breaks
    a tie)."""
    return when(result.ended), number(result.table)


def standings(results: Iterable[Result], changes: Changes | None = None) -> dict[str, Standing]:
    """Every rated player's standing (by key) after ``results``, taken in their order.
    ``changes``, if given, gets each game's overall rating before and after it, for
    each of its players."""
    table: dict[str, Standing] = {}
    for result in sorted((r for r in results if r.rated), key=order):
        count_game(table, result, changes)
    return table


def count_game(table: dict[str, Standing], result: Result, changes: Changes | None = None) -> None:
    """One more rated game in ``table``: the standings after every game before it."""
    at = when(result.ended)
    players: dict[Player, Standing] = {}
    for side in Player:
        c = result.side(side)
        if not c.computer:
            players[side] = table.setdefault(c.key, Standing(c.key, c.name))
            players[side].name = c.name  # the name they played under last
    overall = {side: _before(result.side(side), players.get(side), "overall", at) for side in Player}
    own = {side: _before(result.side(side), players.get(side), side.value, at) for side in Player}
    for side, standing in players.items():
        score = result.score(side)
        before_game = standing.overall
        standing.overall = rated(overall[side], [(overall[side.enemy], score)])
        if changes is not None:
            changes.setdefault(result.table, {})[standing.key] = (before_game, standing.overall)
        setattr(standing, side.value, rated(own[side], [(own[side.enemy], score)]))
        standing.last["overall"] = standing.last[side.value] = at
        standing.games += 1
        standing.won += score == 1
        standing.lost += score == 0
