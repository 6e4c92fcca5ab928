"""Who sits where through the other server processes of a shared store.

Each process announces the seats its connections hold (at once when they change, and
every few seconds, shared.py); the others keep what they last heard, and forget a
process not heard from for PRESENCE_TTL. A table's ``elsewhere`` is the sides held
through another process: its screens say that player is there, not away.

A seat has one live connection, whichever process it came through: a process that
hears a seat it holds taken more recently through another (the player sat down again
on another machine) closes its own connection there, as a sitting down again through
the same process does.
"""

from __future__ import annotations

from collections.abc import Callable

from plot_core import Player

from .shared import PRESENCE_TTL, HeldSeat, Shared
from .tables import ServedTable


class Presence:
    def __init__(
        self,
        tables: dict[str, ServedTable],
        link: Callable[[], Shared | None],
        now: Callable[[], float],
    ) -> None:
        self.tables = tables  # the hub's own, as it changes
        self._link, self.now = link, now
        # what each other process last said: its seats, and when it was heard
        self.elsewhere: dict[str, tuple[frozenset[HeldSeat], float]] = {}
        self._by_table: dict[str, frozenset[Player]] | None = None  # (made from elsewhere)

    def tell(self) -> None:
        """This process's seats, for the others (nothing without a store)."""
        link = self._link()
        if link is not None:
            link.announce(
                frozenset(
                    (t.id, g.chair.side.value, g.since)
                    for t in self.tables.values()
                    for g in t.guests
                    if g.chair.side is not None
                )
            )

    def heard(self, process: str, seats: frozenset[HeldSeat]) -> None:
        """Another process says where its players sit; a process heard from for the
        first time is told ours at once."""
        before = self.elsewhere.get(process)
        self.elsewhere[process] = (seats, self.now())
        self._by_table = None
        moved = self._sat_again_elsewhere(process, seats, None if before is None else before[0])
        self.apply()
        if before is None or moved:
            self.tell()

    def _sat_again_elsewhere(
        self, process: str, seats: frozenset[HeldSeat], before: frozenset[HeldSeat] | None
    ) -> bool:
        """Our connections at seats their players took again through ``process`` are
        closed with the reason. Were any? A seat new in that process's notes was taken
        there after ours: the store hands every process the notes in one order, so no
        clock is asked. Only from a process heard for the first time (all its seats
        new) are the times of sitting compared, the same millisecond going to the
        greater process name."""
        link = self._link()
        here = link.process if link is not None else ""
        held_before = None if before is None else {(t, s) for t, s, _ in before}
        closed = False
        for table_id, side, since in seats:
            table = self.tables.get(table_id)
            if table is None or side not in ("ss", "abwehr"):
                continue  # (watchers hold no seat)
            ours = table.seated(Player(side))
            if ours is None:
                continue
            later = (
                (ours.since, here) < (since, process)
                if held_before is None
                else (table_id, side) not in held_before
            )
            if later:
                table.sat_again(ours)
                closed = True
        return closed

    def tick(self) -> None:
        """A process not heard from for PRESENCE_TTL is gone: its seats are empty."""
        now = self.now()
        for process, (_, heard) in list(self.elsewhere.items()):
            if now - heard > PRESENCE_TTL:
                del self.elsewhere[process]
                self._by_table = None
        self.apply()

    def by_table(self) -> dict[str, frozenset[Player]]:
        """The sides held through other processes, by table."""
        if self._by_table is None:
            by_table: dict[str, set[Player]] = {}
            for seats, _ in self.elsewhere.values():
                for table_id, side, _since in seats:
                    if side in ("ss", "abwehr"):
                        by_table.setdefault(table_id, set()).add(Player(side))
            self._by_table = {t: frozenset(sides) for t, sides in by_table.items()}
        return self._by_table

    def apply(self) -> None:
        """Each table's sides held elsewhere, brought up to date (a change is told)."""
        by_table = self.by_table()
        for table in self.tables.values():
            there = by_table.get(table.id, frozenset())
            if there != table.elsewhere:
                table.elsewhere = there
                table.runtime.changed()
