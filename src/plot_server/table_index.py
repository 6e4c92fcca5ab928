"""Who has a side at which table, and which tables every lobby lists: kept up to date
table by table as each changes, because every connection asks after every change
anywhere (is it my move somewhere?) and a server may keep thousands of tables.
"""

from __future__ import annotations

from collections.abc import Callable

from .listing import Listing

LOBBY_ROWS = 100  # tables a lobby lists beside the player's own

# how a table ranks for the list every lobby shows: one with a free side first, then
# one someone is at, then the newest
Rank = tuple[bool, bool, int]


class TableIndex:
    def __init__(self, number: Callable[[str], int], rows: int = LOBBY_ROWS) -> None:
        self.number, self.rows = number, rows
        self._owned: dict[str, set[str]] = {}  # an identity's key -> its tables
        self._owners: dict[str, frozenset[str]] = {}  # a table -> its owners' keys
        self._rank: dict[str, Rank] = {}  # every table listed -> its rank
        self._public: tuple[str, ...] | None = None  # made again when a rank changes

    @property
    def total(self) -> int:
        """The tables listed, loaded or not."""
        return len(self._rank)

    def track(self, listing: Listing) -> None:
        """``listing``'s table as it is now (new, or changed)."""
        table_id = listing.id
        keys = frozenset(o.key for o in listing.owners.values() if o is not None)
        before = self._owners.get(table_id, frozenset())
        if keys != before:
            for key in before - keys:
                self._drop_owned(key, table_id)
            for key in keys - before:
                self._owned.setdefault(key, set()).add(table_id)
            self._owners[table_id] = keys
        rank = (
            not (listing.free_sides() and not listing.over),
            not (listing.present or listing.watchers),
            -self.number(table_id),
        )
        if self._rank.get(table_id) != rank:
            self._rank[table_id] = rank
            self._public = None

    def forget(self, table_id: str) -> None:
        """A table no longer listed (pruned, closed, or found damaged)."""
        for key in self._owners.pop(table_id, frozenset()):
            self._drop_owned(key, table_id)
        if self._rank.pop(table_id, None) is not None:
            self._public = None

    def owned(self, key: str) -> tuple[str, ...]:
        """The tables where the identity ``key`` has a side."""
        return tuple(self._owned.get(key, ()))

    def public(self) -> tuple[str, ...]:
        """The tables every lobby lists, at most ``rows`` of them, the first ranked first."""
        if self._public is None:
            ranked = sorted(self._rank, key=self._rank.__getitem__)
            self._public = tuple(ranked[: self.rows])
        return self._public

    def _drop_owned(self, key: str, table_id: str) -> None:
        tables = self._owned.get(key)
        if tables is not None:
            tables.discard(table_id)
            if not tables:
                del self._owned[key]
