"""Correspondence clocks: days for each side, plus a bonus each time the move passes.

A game that lasts days keeps its clock in its record: the rule in the header, the
time of every action on its line ("at"), extra time given by the other player on a
"grant" line, and a loss on time on a "flag" line. How much time each side has left is
worked out from those alone, never from a timer in memory, so a restarted server or
another server process gets the same answer to the second.

How it runs: the clock starts with the first action (the time before it is free).
The time from one action to the next is the actor's of the second (they had the
move); when the move passes to the other side, the side that had it gains the bonus;
after the last action the side to act is running. A loss on time is not a rule of the
game: it is an adjudication, an ending laid on the position the game had reached.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import UTC, datetime

import attrs

from plot_core import Player
from plot_core.engine import GameState, Outcome, game_over

DAY, HOUR = 86400, 3600
ON_TIME = "clock"  # the "case" of an ending on time: no rule of the game, the clock
MAX_DAYS, MAX_BONUS_HOURS = 60, 24 * 14
# A new clock gives each side an hour at least: a clock of seconds was a trap (the
# joiner lost on time before moving, and the maker took the rating). Records keep
# whatever clock they were made with: the reader checks only the outer bounds.
MIN_NEW_HOURS = 1.0
MAX_GRANT_HOURS = 24 * 30  # extra time given at once


@attrs.frozen
class ClockRule:
    """``days`` for each side at the start, ``bonus_hours`` more each time the move
    passes to the other side."""

    days: float
    bonus_hours: float = 0.0

    def to_json(self) -> dict[str, float]:
        return {"days": self.days, "bonus_hours": self.bonus_hours}

    def words(self) -> str:
        """ "3 days each + 12 h a move", in the units time left is said in ("1 h each",
        not "0.0417 days")."""
        bonus = f" + {span(self.bonus_hours * HOUR)} a move" if self.bonus_hours else ""
        return f"{span(self.days * DAY)} each{bonus}"

    def short(self) -> str:
        """ "3d+12h", as a list of tables says it."""
        bonus = span(self.bonus_hours * HOUR, short=True) if self.bonus_hours else "0h"
        return f"{span(self.days * DAY, short=True)}+{bonus}"


# The clocks a new table offers (free entry too: parse_clock)
PRESETS = (ClockRule(1, 2), ClockRule(3, 12), ClockRule(7, 24))


def _num(x: float) -> str:
    return f"{x:g}"


# An amount of time as a clock is typed or said: a bare number in the side's own unit
# (days before the +, hours after it), or parts with units, as words() and short() say
# them ("1 day 12 h", "1d12h", "3 h 20 min"): what the lists show can be typed back (to
# what they show: "3d16h" of a clock of 3.7 days).
# ASCII digits only: a digit of another script would be read as a number unseen.
_PART = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*(days?|d|hours?|h|minutes?|min|m)?\s*")
_UNIT = {"d": DAY, "h": HOUR, "m": 60}


def _amount(text: str, bare: int) -> float | None:
    """Seconds in ``text`` ("12", "1 day 12 h", "3h20m"), a bare number counting ``bare``
    seconds; None if it is not an amount."""
    t, pos, total, units = text.strip(), 0, 0.0, []
    while pos < len(t):
        m = _PART.match(t, pos)
        if m is None:
            return None
        unit = _UNIT[m[2][0]] if m[2] else bare
        if m[2] is None and len(t) > m.end():  # a bare number ends the amount
            return None
        units.append(unit)
        total, pos = total + float(m[1]) * unit, m.end()
    if not units or units != sorted(units, reverse=True) or len(set(units)) < len(units):
        return None  # nothing, or "12 h 1 day", "1 h 2 h"
    return total


def parse_clock(text: str) -> ClockRule | None:
    """``3+12`` (or ``3d+12h``, ``3 days + 12 h``, ``1d12h+1h30m``): 3 days each, 12
    hours a move; ``7``: no bonus; ``none``: no clock. ValueError says what was wrong."""
    t = text.strip().lower()
    if t in ("", "none", "no", "off"):
        return None
    main, plus, bonus = t.partition("+")
    each = _amount(main.strip().removesuffix("each"), DAY)  # (as words() says it)
    more = _amount(bonus.strip().removesuffix("a move"), HOUR) if plus else 0.0
    if each is None or more is None:
        raise ValueError(
            f"a clock is days and hours a move, like 3+12 (3 days each, 12 h a move); not {text!r}"
        )
    rule = ClockRule(each / DAY, more / HOUR)
    problem = clock_problem(rule)
    if problem:
        raise ValueError(problem)
    if rule.days * 24 < MIN_NEW_HOURS:
        raise ValueError(
            f"a clock gives each side {MIN_NEW_HOURS:g} hour at least "
            f"({_num(rule.days * 24 * 60)} minutes is too short a game: type days, like 0.5 or 3+12)"
        )
    return rule


def clock_problem(rule: ClockRule) -> str:
    if not 0 < rule.days <= MAX_DAYS:
        return f"a clock's days must be more than 0 and at most {MAX_DAYS}"
    if not 0 <= rule.bonus_hours <= MAX_BONUS_HOURS:
        return f"a clock's bonus must be from 0 to {MAX_BONUS_HOURS} hours a move"
    return ""


def clock_from_json(data: object) -> ClockRule:
    """A header's clock; ValueError says what is wrong with it."""
    if not isinstance(data, dict) or set(data) != {"days", "bonus_hours"}:
        raise ValueError(f"a clock must give days and bonus_hours, got {str(data)[:60]!r}")
    days, bonus = data["days"], data["bonus_hours"]
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (days, bonus)):
        raise ValueError(f"a clock's days and bonus_hours must be numbers, got {str(data)[:60]!r}")
    rule = ClockRule(float(days), float(bonus))
    problem = clock_problem(rule)
    if problem:
        raise ValueError(problem)
    return rule


def grant_problem(hours: object) -> str:
    """Why ``hours`` cannot be extra time given at once, or "" if it can: one check
    for the server that takes a grant and for the reader of the record it writes, so
    that whatever a server accepted, a record reads back."""
    if not isinstance(hours, int | float) or isinstance(hours, bool):
        return f"extra time is a number of hours, not {str(hours)[:20]!r}"
    if not 0 < hours <= MAX_GRANT_HOURS:  # (NaN too: no comparison holds)
        return f"extra time is more than 0 and at most {MAX_GRANT_HOURS} hours at once, not {hours:g}"
    return ""


STAMP_FORMAT = "%Y-%m-%dT%H:%M:%SZ"  # how a record writes a moment: UTC, to the second


def stamp(when: datetime) -> str:
    """``when`` as a record writes it (2026-11-27T10:00:00Z)."""
    return when.strftime(STAMP_FORMAT)


@functools.lru_cache(maxsize=1 << 16)
def moment(text: str) -> datetime:
    """A record's time (2026-11-27T10:00:00Z) as a datetime (remembered: a game's clock
    is worked out again from all its times each time a screen shows it)."""
    return datetime.strptime(text, STAMP_FORMAT).replace(tzinfo=UTC)


@attrs.frozen
class Grant:
    """``hours`` more for ``side``, given by the other player at ``time``."""

    side: Player
    hours: float
    time: str


def time_left(
    rule: ClockRule,
    moves: Sequence[tuple[Player, str | None]],
    to_act: Player | None,
    now: datetime,
    grants: Sequence[Grant] = (),
) -> dict[Player, float]:
    """Seconds each side has left: ``moves`` are each action's actor and time, in
    order; ``to_act`` is running since the last (None: the game is over)."""
    left = {p: rule.days * DAY for p in Player}
    for g in grants:
        left[g.side] += g.hours * HOUR
    last: tuple[Player, datetime] | None = None
    for side, at in moves:
        when = moment(at) if at is not None else None
        if last is not None and when is not None:
            left[side] -= max(0.0, (when - last[1]).total_seconds())
            if side is not last[0]:  # the move passed: the side that had it gains
                left[last[0]] += rule.bonus_hours * HOUR
        if when is not None:
            last = (side, when)
    if last is not None and to_act is not None:
        if to_act is not last[0]:
            left[last[0]] += rule.bonus_hours * HOUR
        left[to_act] -= max(0.0, (now - last[1]).total_seconds())
    return left


def on_time(state: GameState, loser: Player) -> GameState:
    """The game ended on time: ``loser``'s clock ran out where the game stood."""
    winner = loser.enemy
    reason = f"the {loser.title} player's clock ran out: the {winner.title} wins on time"
    return game_over(state, Outcome(winner.value, ON_TIME, reason))


def span(seconds: float, *, short: bool = False) -> str:
    """Time left as a player reads it: 2 days 4 h, 3 h 20 min, 12 min; 0 when out.
    ``short``, for a list's narrow column: 2d4h, 3h20m, 12m."""
    s = max(0, int(seconds))
    days, rest = divmod(s, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // 60
    if short:
        parts = [f"{days}d"] * bool(days) + [f"{hours}h"] * bool(hours) + [f"{minutes}m"] * (not days)
        return "".join(p for p in parts if p != "0m") or ("<1m" if s else "0")
    if days:
        return f"{days} day{'s' if days > 1 else ''}" + (f" {hours} h" if hours else "")
    if hours:
        return f"{hours} h" + (f" {minutes} min" if minutes else "")
    return f"{minutes} min" if minutes else ("under a minute" if s else "none")
