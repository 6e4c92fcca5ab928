"""A served table and who is at it: the things the hub and its store share.

A table is one Session (one game, one record) shared by every connection at it;
each connection is a TableConnection holding a Controller that sees with one side's eyes, or none
for a spectator. A side, once taken, belongs to the identity that took it.
"""

from __future__ import annotations

import secrets
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import attrs

from plot_core import Player
from plot_core.engine import Phase
from plot_record import utc_stamp
from plot_record.clock import moment
from plot_session.controller import Controller
from plot_session.describe import SIDE
from plot_session.session import Seat, Session
from plot_session.table import Table
from plot_tui.plain import clean

from .guard import TableCodeLimit
from .listing import DECLINED, WINNERS, Account, Listing, Rematch, ago  # noqa: F401  (named here too)

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read over the phone
CODE_LENGTH = 6
TABLE_FILE_VERSION = 1
TABLE_WRONG_CODES = 10  # wrong join codes a table takes a minute from those who erred
TABLE_ALL_CODES = 60  # ... and from everyone, before it pauses for all


class Refused(Exception):
    """A request the server turns down; the message is for the player."""


class WrongCode(Refused):
    """A join code that is not the table's (counted against the guesser)."""


class TableClosed(Exception):
    """A table the host closed: not read back (its record is kept as it is)."""


def refuse_closed(meta: dict) -> None:
    """TableClosed if a table's file (or row) says the host closed it."""
    if meta.get("closed"):
        raise TableClosed(str(meta["closed"]))


@attrs.frozen
class Damaged:
    """A table whose files (or rows in the store) could not be read back. It is never
    dropped in silence: the host is told why when the server starts, and the lobby lists
    it as damaged to everyone, under its number, with its players where they could be
    read; nothing of it is deleted or written over."""

    id: str
    owners: dict[Player, Account | None]
    why: str

    def side_of(self, who: Account) -> Player | None:
        return next((p for p, o in self.owners.items() if o is not None and o.key == who.key), None)

    def owner_name(self, side: Player) -> str:
        owner = self.owners.get(side)
        return owner.name if owner is not None else "?"

    STATUS = "damaged: its record cannot be read (the host has been told)"

    def refusal(self) -> str:
        return (
            f"Table {self.id} is damaged: its record cannot be read back, so it cannot be "
            "played now. The host has been told why; nothing of it was deleted."
        )


def owners_or_none(meta: object) -> dict[Player, Account | None]:
    """A damaged table's owners, where its file or row can still say them."""
    try:
        return owners_from(meta)  # type: ignore[arg-type]  # (checked by trying)
    except (KeyError, TypeError, ValueError, AttributeError):
        return {}


@attrs.define(eq=False)
class TableConnection:
    """One connection at a table."""

    table_id: str
    chair: Controller  # this connection's place at the table's game (plot_session)
    who: Account
    on_change: Callable[[], None]
    on_kick: Callable[[str], None]  # its seat taken from another connection: closed
    on_closed: Callable[[str], None] = lambda why: None  # the host closed the table
    # when it sat down (the wall clock in milliseconds: other machines compare it)
    since: int = attrs.field(factory=lambda: int(time.time() * 1000))


def seat_taken(table_id: str) -> str:
    """What a connection is told when its player sits at its seat from another one."""
    return f"You sat down at table {table_id} from another connection; this one is closed."


@attrs.define(eq=False)
class ServedTable:
    id: str
    code: str
    session: Session
    owners: dict[Player, Account | None]  # human sides only; None: free
    meta_path: Path | None  # None: the table lives in the shared store
    record: Path | str
    created: str
    guests: list[TableConnection] = attrs.Factory(list)
    # wrong join codes: the guessers pause, the rightful opponent does not
    codes: TableCodeLimit = attrs.Factory(lambda: TableCodeLimit(TABLE_WRONG_CODES, TABLE_ALL_CODES))
    saving_told: bool = False  # the operator knows its record cannot be written
    end_told: bool = False  # the operator knows the game is over (restored over: known)
    version: int = 1  # the store's version of owners and code (compare-and-set)
    news: tuple[int, str] = (-1, "")  # (at action n, what the table's screens are told)
    held_rows: list = attrs.Factory(list)  # others' store lines waiting for ours
    elsewhere: frozenset[Player] = frozenset()  # sides seated through another process
    rematch: Rematch | None = None  # offered, declined or made, once the game is over
    closed: str = ""  # why the host closed it (plot admin close): its record is kept
    touched: float = 0.0  # when it last changed, or someone left it (the hub's clock)
    stored_lines: int = 0  # the lines of its record read from the store (a finished game's)
    runtime: Table = attrs.field(init=False)  # the game's owner, made as the hub opens it

    @property
    def over(self) -> bool:
        return self.session.state.outcome is not None

    def human_sides(self) -> list[Player]:
        return self.session.humans()

    def free_sides(self) -> list[Player]:
        return [p for p in self.human_sides() if self.owners.get(p) is None]

    def side_of(self, who: Account) -> Player | None:
        return next((p for p, o in self.owners.items() if o is not None and o.key == who.key), None)

    def your_move(self, who: Account) -> bool:
        """Is it ``who``'s move here (the lobby's mark, the bell)?"""
        return self.listing().your_move(who)

    def seated(self, side: Player) -> TableConnection | None:
        return next((g for g in self.guests if g.chair.side is side), None)

    def sat_again(self, old: TableConnection) -> None:
        """``old``'s player sat down at its seat from another connection (through this
        process or another): the newer connection wins, the old one is told and closed."""
        self.guests.remove(old)
        old.on_kick(seat_taken(self.id))

    def present(self, side: Player) -> bool:
        """Is ``side``'s player at the table, through this process or another?"""
        return self.seated(side) is not None or side in self.elsewhere

    def watchers(self) -> int:
        return sum(1 for g in self.guests if g.chair.side is None)

    def seat_label(
        self, side: Player, rating: str = "", viewer: Account | None = None, *, narrow: bool = False
    ) -> str:
        return self.listing().seat_label(side, rating, viewer, narrow=narrow)

    def listing(self, size: int | None = None) -> Listing:
        """This table as the lists say it, from its game now (listing.py). ``size``: the
        record's length, where the listing is to be kept beside it."""
        s = self.session
        st = s.state
        left = since = None
        if s.clock is not None:
            since = next((at for at in reversed(s.times) if at is not None), None)
            # the clocks as they stood at the last move: the side to act's runs from there
            left = s.time_left(moment(since) if since is not None else datetime.now(UTC))
        return Listing(
            id=self.id,
            created=self.created,
            owners=dict(self.owners),
            seats=dict(s.seats),
            levels=dict(s.levels),
            stage=WINNERS[st.outcome.winner]
            if st.outcome is not None
            else "set-up"
            if st.phase is Phase.SETUP
            else f"turn {st.turn}",
            turn=st.turn,
            to_act=st.to_act,
            over=st.outcome is not None,
            reason="" if st.outcome is None else st.outcome.reason,
            actions=s.actions,
            last_move_at=s.last_move_at,
            clock=s.clock,
            clock_left=left,
            clock_since=since,
            rematch=self.rematch,
            size=-1 if size is None else size,
            # kept (a size given): who is at the table now is not the listing's to keep
            present=frozenset(p for p in Player if self.present(p)) if size is None else frozenset(),
            watchers=self.watchers() if size is None else 0,
        )

    def note_for(self, side: Player | None) -> str:
        """What a screen at this table says about the others (the prompt's last line)."""
        parts = []
        if side is None:
            parts.append(
                f"Watching table {self.id}: SS {self.seat_label(Player.SS)}, "
                f"Abwehr {self.seat_label(Player.ABWEHR)}. You see neither side's chits."
            )
        else:
            other = side.enemy
            owner = self.owners.get(other)
            if self.session.seats[other] is Seat.HUMAN and not self.over:
                if owner is None:
                    parts.append(
                        f"Waiting for an opponent: table {self.id}, join code "
                        f"{self.code} (they press j in the lobby)."
                    )
                elif not self.present(other):
                    waits = " — the game waits for them" if self.session.state.to_act is other else ""
                    parts.append(f"The {SIDE[other]} player ({owner.name}) is away{waits}.")
        n = self.watchers()
        if n and side is not None:
            parts.append(f"{n} watching.")
        if self.news[0] == self.session.actions:
            parts.append(self.news[1])
        return " ".join(parts)

    def names(self) -> set[str]:
        """The names of everyone with a side here or watching."""
        return {o.name for o in self.owners.values() if o is not None} | {g.who.name for g in self.guests}

    def meta(self) -> dict:
        return {
            "version": TABLE_FILE_VERSION,
            "id": self.id,
            "code": self.code,
            "record": record_in_data(Path(self.record)) if self.meta_path is not None else str(self.record),
            "created": self.created,
            "owners": {
                p.value: (None if o is None else {"key": o.key, "name": o.name})
                for p, o in self.owners.items()
            },
            **({} if self.rematch is None else {"rematch": self.rematch.to_meta()}),
            **({"closed": self.closed} if self.closed else {}),
        }


def to_operator(text: str) -> None:
    """The server's own output, each line with its time (UTC, to the second). Not
    print(): a running Textual app captures sys.stdout."""
    out = sys.__stdout__
    if out is not None:  # (None: started with no standard output at all)
        out.write(f"plot serve {utc_stamp()}: {clean(text)}\n")
        out.flush()


def tell_all(tells: list[Callable[[], None]], what: str) -> None:
    """Tell every connection; one connection's trouble is not the others'."""
    for tell in tells:
        try:
            tell()
        except Exception as exc:
            to_operator(f"a connection could not be told {what}: {exc!r}")


GAMES = "games"  # the data folder's folder of records (a table file names its own)


def record_in_data(record: Path) -> str:
    """A record's path as its table file keeps it: inside the data folder, so a copy of
    the folder restored elsewhere reads (and writes) its own records."""
    return f"{GAMES}/{record.name}"


def record_path(home: Path, kept: object, table_id: str) -> Path:
    """The record table ``table_id``'s file names, in the data folder ``home``. An older
    table file kept the absolute path: its record is read from this folder's own games
    too (a copy must never append to the original's). ValueError if it names anything
    else, or another table's record (two tables would write into one)."""
    if not isinstance(kept, str) or not kept:
        raise ValueError("its record is not named")
    name = Path(kept).name
    if not name.startswith(f"{table_id}-"):
        raise ValueError(f"its record must be table {table_id}'s own, not {name[:60]!r}")
    if not Path(kept).is_absolute() and kept != f"{GAMES}/{name}":
        raise ValueError(f"its record must be in the data folder's {GAMES}/, not {kept[:60]!r}")
    if not name.endswith(".jsonl"):
        raise ValueError(f"its record is not a game record: {name[:60]!r}")
    return home / GAMES / name


def number(table_id: str) -> int:
    """T12 -> 12; anything else (T², T٣, Tx) sorts first: str.isdigit() takes "²",
    which int() refuses, so only ASCII digits count."""
    digits = table_id[1:]
    return int(digits) if digits.isascii() and digits.isdigit() else 0


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def owners_from(meta: dict) -> dict[Player, Account | None]:
    """A table file's (or row's) owners: side -> who took it, or None if free."""
    return {
        Player(side): (None if o is None else Account(o["key"], o["name"]))
        for side, o in meta["owners"].items()
    }
