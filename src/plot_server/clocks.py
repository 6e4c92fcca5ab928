"""The hub's correspondence clocks (plot_record.clock): a table's clock is set when it is
made, runs from the record's times, and is looked at every CLOCK_CHECK seconds; a side
whose time has run out loses on time, and the other player may give extra time.

Every server process looks; with the shared store the first to write the loss keeps it
and the others read it from the store, as they read a move."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from plot_core import Player
from plot_core.english import sentence
from plot_record.clock import grant_problem, span, stamp

from .listing import Listing
from .notices import CLOCK_WARNING
from .tables import Refused, ServedTable, tell_all

if TYPE_CHECKING:
    from .notices import Notices
    from .tables import TableConnection

CLOCK_CHECK = 60.0  # seconds between looks at every running clock
MIN_GRANT_MINUTES = 5  # extra time given at once, at least
GRANTS_A_MOVE = 3  # times a player may give time while the move stands


def clock_words(table: ServedTable, side: Player | None, now: datetime) -> str:
    """Each side's time, as a screen at ``table`` says it to ``side``."""
    session = table.session
    left = session.time_left(now)
    if left is None or session.clock is None:
        return ""
    running = session.state.to_act if session.clock_started and session.state.outcome is None else None

    def who(p: Player) -> str:
        owner = table.owners.get(p)
        name = "you" if p is side else (owner.name if owner is not None else p.title)
        return f"{name} {span(left[p])}" + (" (running)" if p is running else "")

    return f"Clock ({session.clock.words()}): " + ", ".join(who(p) for p in Player) + "."


class Clocks:
    """The clocks of a hub's tables: looked at in turn, run out, and given time."""

    def __init__(
        self,
        tables: dict[str, ServedTable],
        wall: Callable[[], datetime],
        later: Callable[[float, Callable[[], None]], None],
        notices: Callable[[], Notices | None],
        *,
        listed: dict[str, Listing] | None = None,
        listing: Callable[[str], Listing | None] = lambda table_id: None,
        load: Callable[[str], ServedTable | None] = lambda table_id: None,
        keeps_time: Callable[[], bool] = lambda: True,
    ) -> None:
        self.tables = tables  # the hub's own, as it changes
        self.wall, self.later, self._notices = wall, later, notices
        # the tables not loaded (their listings; ``listing``: one as the lists say it,
        # with who is at it), and how one is loaded: a clock that runs out there loads
        # it, in the process that ``keeps_time``
        self.listed = listed if listed is not None else {}
        self.listing, self.load, self.keeps_time = listing, load, keeps_time

    def watch(self) -> None:
        """Look at every clock now, and again every CLOCK_CHECK seconds."""
        self.check()
        self.later(CLOCK_CHECK, self.watch)

    def check(self) -> list[str]:
        """Every unfinished game whose side to act is out of time ends on time; returns
        the tables it ended at."""
        now, ended = self.wall(), []
        notices = self._notices()
        if self.keeps_time():
            for table_id, kept in list(self.listed.items()):
                if table_id in self.tables or kept.clock is None or kept.over:
                    continue
                listing = self.listing(table_id) or kept
                left, to_act = listing.time_left(now), listing.to_act
                if listing.out_of_time(now) is not None:
                    try:
                        self.load(table_id)  # (its clock is looked at below, with the others')
                    except Refused:
                        pass  # the store away: looked at again in a minute
                elif notices is not None and left is not None and to_act is not None:
                    if left[to_act] < CLOCK_WARNING and listing.clock_started:
                        notices.clock_low(listing, to_act, left[to_act])
        for table in list(self.tables.values()):
            session = table.session
            if session.clock is None or table.over or session.unsaved:
                continue
            side = session.out_of_time(now)
            if side is not None:
                session.lose_on_time(side, stamp(now))  # tells the table (its listeners)
                ended.append(table.id)
                continue
            left, to_act = session.time_left(now), session.state.to_act
            if notices is not None and left is not None and to_act is not None:
                if left[to_act] < CLOCK_WARNING and session.clock_started:
                    notices.clock_low(table.listing(), to_act, left[to_act])
        return ended

    def give_time(self, guest: TableConnection, hours: float) -> None:
        """``guest``'s side gives the other ``hours`` more on the clock."""
        table = self.tables[guest.table_id]
        side = guest.chair.side
        session = table.session
        if side is None:
            raise Refused("Only a player gives their opponent time.")
        if session.clock is None:
            raise Refused("This table has no clock.")
        if table.over:
            raise Refused("The game is over.")
        problem = grant_problem(hours)
        if problem:
            raise Refused(sentence(problem))
        if hours * 60 < MIN_GRANT_MINUTES:
            raise Refused(f"Give at least {MIN_GRANT_MINUTES} minutes at once.")
        # (each grant is a line of the record: a few while the move stands, not thousands)
        since = session.last_move_at or ""
        given = sum(1 for g in session.grants if g.side is side.enemy and g.time >= since)
        if given >= GRANTS_A_MOVE:
            raise Refused(
                f"You have given time {GRANTS_A_MOVE} times since the last move; give more at once, "
                "or after the next move."
            )
        session.give_time(side.enemy, hours, stamp(self.wall()))
        tell_all([g.on_change for g in table.guests], "of time given")
