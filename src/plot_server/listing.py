"""A table as the lists say it, without its game: who sits where, how far it is, whose
move, the clocks. Every list of tables (the lobby's, a player's games, the host's, the
notices) reads these, so a table need not be in memory to be listed: a table loaded
makes its listing from its game (ServedTable.listing); one not loaded keeps the last
listing written beside its record (the table's file, or its row in the store), and is
read only when someone sits, watches, or its clock runs out.

A listing says how long its record was when it was made (``size``): one that is older
than its record (the server stopped before writing it) is made again from the game.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import attrs

from plot_core import Player
from plot_record.clock import ClockRule, moment
from plot_session.describe import SIDE
from plot_session.session import Seat

# what the lists say of a seat with no player: no player's name may read so
FREE_SEAT, COMPUTER_SEAT = "free", "computer"


@attrs.frozen
class Account:
    """An authenticated connection's identity: ``key`` binds seats, ``name`` is shown."""

    key: str
    name: str


DECLINED = "declined"


@attrs.frozen
class Rematch:
    """``by``: the side that offered; ``answer``: "" while it waits, DECLINED, or the id
    of the new table."""

    by: Player
    answer: str = ""

    @property
    def table(self) -> str | None:
        """The rematch's table, once accepted."""
        return self.answer if self.answer not in ("", DECLINED) else None

    def to_meta(self) -> dict[str, str]:
        return {"by": self.by.value, "answer": self.answer}


def ago(then: datetime, now: datetime) -> str:
    """How long ago ``then`` was, in the largest whole unit."""
    seconds = max(0, int((now - then).total_seconds()))
    if seconds < 60:
        return "just now"
    for unit, size in (("day", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}{'s' if unit == 'day' and n > 1 else ''} ago"
    return "just now"  # (not reached)


LISTING_VERSION = 1
WINNERS = {"ss": "SS won", "abwehr": "Abwehr won", "allies": "the Allies won"}


@attrs.frozen
class Listing:
    id: str
    created: str
    owners: dict[Player, Account | None]  # human sides only; None: free
    seats: dict[Player, Seat]
    levels: dict[Player, str]  # the computer's level at its sides
    stage: str  # "set-up", "turn 3", or who won ("SS won")
    turn: int
    to_act: Player | None
    over: bool
    reason: str  # how the game ended ("" while it goes on)
    actions: int
    last_move_at: str | None
    clock: ClockRule | None
    # the clocks at ``clock_since`` (the last move's time), ``to_act``'s running from it
    clock_left: dict[Player, float] | None
    clock_since: str | None
    rematch: Rematch | None
    size: int  # the record's length when this was made: bytes of its file, lines in the store
    # what only this process knows, never written: sides whose player is at the table
    # (through this process or another), and the watchers here
    present: frozenset[Player] = frozenset()
    watchers: int = 0

    # -- what the lists ask --------------------------------------------------------------
    def human_sides(self) -> list[Player]:
        return [p for p in Player if self.seats.get(p) is Seat.HUMAN]

    def free_sides(self) -> list[Player]:
        return [p for p in self.human_sides() if self.owners.get(p) is None]

    def computer_to_act(self) -> bool:
        """Is the game the computer's to move on (against itself, or at its turn)?"""
        if self.over:
            return False
        return not self.human_sides() or (
            self.to_act is not None and self.seats.get(self.to_act) is Seat.COMPUTER
        )

    def side_of(self, who: Account) -> Player | None:
        return next((p for p, o in self.owners.items() if o is not None and o.key == who.key), None)

    def your_move(self, who: Account) -> bool:
        """Is it ``who``'s move here (the lobby's mark, the bell)?"""
        side = self.side_of(who)
        return side is not None and not self.over and self.to_act is side

    def last_move(self, now: datetime) -> str:
        """When the last move was made, as a list of one's games says it ("3 h ago")."""
        if self.last_move_at is None:
            return "not yet" if self.actions == 0 else "—"
        return ago(moment(self.last_move_at), now)

    def names(self) -> set[str]:
        return {o.name for o in self.owners.values() if o is not None}

    def time_left(self, now: datetime) -> dict[Player, float] | None:
        """Seconds on each clock at ``now`` (None: no clock): the side to act's runs."""
        if self.clock_left is None:
            return None
        left = dict(self.clock_left)
        if self.clock_since is not None and self.to_act is not None and not self.over:
            left[self.to_act] -= max(0.0, (now - moment(self.clock_since)).total_seconds())
        return left

    @property
    def clock_started(self) -> bool:
        return self.clock_since is not None

    def out_of_time(self, now: datetime) -> Player | None:
        """The side to act, if its clock has run out at ``now``."""
        left = self.time_left(now)
        side = self.to_act
        if left is None or side is None or self.over or left[side] > 0:
            return None
        return side

    def seat_label(
        self, side: Player, rating: str = "", viewer: Account | None = None, *, narrow: bool = False
    ) -> str:
        """Who plays ``side``, as the lobby and the screens say it (``rating``: with it
        after the name, as the lobby's list says it; ``narrow``: on a line of its own,
        and the viewer's own name marked "(you)"). A player not at the table is
        "(away)", but not to themselves: they are reading the list."""
        mine = away = False
        if self.seats.get(side) is Seat.COMPUTER:
            name = f"{COMPUTER_SEAT} ({self.levels.get(side, '?')})"
        elif (owner := self.owners.get(side)) is None:
            return FREE_SEAT
        else:
            name = owner.name
            mine = viewer is not None and owner.key == viewer.key
            away = not (side in self.present or mine)
        if narrow:
            first = name + (" (you)" if mine else "") + (" (away)" if away else "")
            return f"{first}\n{rating}" if rating else first
        return name + (f" {rating}" if rating else "") + (" (away)" if away else "")

    def status(self, *, clock: bool = False) -> str:
        """The game's state in a few words; ``clock``: and its clock, if it has one
        (the list a player joins from says it: no clock is a surprise)."""
        if self.over:
            return f"over: {self.stage}"
        said = f"{self.stage}, {SIDE[self.to_act]} to act" if self.to_act else self.stage
        rule = self.clock
        return said if rule is None or not clock else f"{said}; clock {rule.short()}"

    # -- kept beside the record --------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "version": LISTING_VERSION,
            "id": self.id,
            "created": self.created,
            "owners": {
                p.value: (None if o is None else {"key": o.key, "name": o.name})
                for p, o in self.owners.items()
            },
            "seats": {p.value: s.value for p, s in self.seats.items()},
            "levels": {p.value: lv for p, lv in self.levels.items()},
            "stage": self.stage,
            "turn": self.turn,
            "to_act": None if self.to_act is None else self.to_act.value,
            "over": self.over,
            "reason": self.reason,
            "actions": self.actions,
            "last_move_at": self.last_move_at,
            "clock": None if self.clock is None else self.clock.to_json(),
            "clock_left": None
            if self.clock_left is None
            else {p.value: s for p, s in self.clock_left.items()},
            "clock_since": self.clock_since,
            "rematch": None if self.rematch is None else self.rematch.to_meta(),
            "size": self.size,
        }


def listing_from(data: object) -> Listing:
    """A listing as kept; ValueError (or KeyError, TypeError) if it is not one."""
    if not isinstance(data, dict) or data.get("version") != LISTING_VERSION:
        raise ValueError("not a table's listing of this version")
    owners = {
        Player(side): (None if o is None else Account(str(o["key"]), str(o["name"])))
        for side, o in data["owners"].items()
    }
    clock = data["clock"]
    left = data["clock_left"]
    rematch = data["rematch"]
    return Listing(
        id=str(data["id"]),
        created=str(data["created"]),
        owners=owners,
        seats={Player(p): Seat(s) for p, s in data["seats"].items()},
        levels={Player(p): str(lv) for p, lv in data["levels"].items()},
        stage=str(data["stage"]),
        turn=int(data["turn"]),
        to_act=None if data["to_act"] is None else Player(data["to_act"]),
        over=bool(data["over"]),
        reason=str(data["reason"]),
        actions=int(data["actions"]),
        last_move_at=None if data["last_move_at"] is None else str(data["last_move_at"]),
        clock=None if clock is None else ClockRule(float(clock["days"]), float(clock["bonus_hours"])),
        clock_left=None if left is None else {Player(p): float(s) for p, s in left.items()},
        clock_since=None if data["clock_since"] is None else str(data["clock_since"]),
        rematch=None if rematch is None else Rematch(Player(rematch["by"]), str(rematch["answer"])),
        size=int(data["size"]),
    )
