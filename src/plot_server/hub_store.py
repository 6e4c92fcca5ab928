"""The hub's side of the shared store: its tables read from PostgreSQL,
kept up to date with what other server processes write, and read again when a line
of ours loses a race. Everything here runs on the hub's loop (plot_server.shared
brings the store's news to it)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

import attrs

from plot_core import Player, Rules
from plot_record import ChatLine, Header, Record, RecordError
from plot_record.files import Unreadable, loads
from plot_record.format import REMOVED, UnsayLine, header_line, parse_entry
from plot_record.store import parse_raw
from plot_record.timeline import check
from plot_session.describe import SIDE
from plot_session.session import Seat, Session

from .listing import Listing, listing_from
from .pgstore import Conflict, StoreError, record_name
from .rematch import rematch_from
from .result_book import ResultBook
from .shared import Shared, StoreRecorder
from .tables import (
    TABLE_FILE_VERSION,
    Damaged,
    Refused,
    ServedTable,
    TableClosed,
    new_code,
    owners_from,
    owners_or_none,
    refuse_closed,
    tell_all,
    to_operator,
)

RECONNECTING = (
    "reconnecting to the game store; the game goes on by itself when it answers, and nothing is lost"
)


def kept_listing(table_id: str, meta: dict, kept: object, where: str) -> Listing | None:
    """A table's listing as kept beside its record (in its table file, or its row),
    with the owners and rematch of that file or row, which are the table's own (the
    listing repeats them); None if none is kept, or it is another table's. ValueError
    (KeyError, TypeError) if it cannot be read."""
    if kept is None:
        return None
    listing = listing_from(kept)
    if listing.id != table_id:
        return None
    return attrs.evolve(listing, owners=owners_from(meta), rematch=rematch_from(meta, where))


def stored_record(table_id: str, rows: list[tuple[int, str]], rules: Rules) -> Record:
    """A stored table's record from its rows (line number, text), checked as a file's is."""
    data = "".join(f"{text}\n" for _, text in rows).encode("utf-8")
    return check(parse_raw(data, Path(record_name(table_id))), rules)


# what a stored table that cannot be read (or a store that cannot be reached) raises
UNREADABLE = (ValueError, KeyError, TypeError, RecordError, Unreadable, StoreError)


def _stored(found: tuple[dict[str, Any], int] | None) -> tuple[dict[str, Any], int]:
    """A table's row that must be in the store."""
    if found is None:
        raise ValueError("it is no longer in the store")
    return found


class HubForStore(Protocol):
    """What the store's tables need of the hub they serve."""

    tables: dict[str, ServedTable]
    listed: dict[str, Listing]
    damaged: dict[str, Damaged]
    keep_finished: int
    results: ResultBook
    store_trouble: str | None

    def open_table(self, table: ServedTable) -> None: ...
    def listings_changed(self, table_ids: list[str]) -> None: ...
    def load(self, table_id: str) -> ServedTable | None: ...
    def drop_closed(self, table: ServedTable) -> None: ...
    def prune(self) -> None: ...
    def watch_saving(self, table: ServedTable) -> None: ...


class StoreTables:
    """A hub's tables in the shared store: made, read back, kept up to date with what
    the other processes write (the store's hooks), and read again on a lost race."""

    def __init__(self, rules: Rules, hub: HubForStore) -> None:
        self.rules, self.hub = rules, hub
        self.shared: Shared | None = None  # the link, once started (Hub.use_store)
        # tables closed by the host, and the version of the row that closed them: a
        # notice read before the closing (the listener runs beside the loop) must not
        # list one again
        self.closed: dict[str, int] = {}
        # each table listed here: its row's version and its listing's size, as read
        # (what the store's marks are compared with after the link was lost)
        self.marks: dict[str, tuple[int, int]] = {}

    @property
    def link(self) -> Shared:
        if self.shared is None:
            raise AssertionError("the store's tables are used before the store is linked")
        return self.shared

    def create(self, header: Header, state, owners) -> ServedTable:
        store = self.link.store
        table_id = None
        try:
            number = store.next_number()
            table_id = f"T{number}"
            session = Session.begun(state, header, recorder=self.link.recorder(table_id, next_line=2))
            table = ServedTable(
                table_id,
                new_code(),
                session,
                owners,
                None,
                record_name(table_id),
                datetime.now(UTC).isoformat(timespec="seconds"),
            )
            listing = table.listing(1).to_json()  # (its record: the header, line 1)
            store.create(table_id, number, table.meta(), header_line(header).rstrip("\n"), listing)
        except (StoreError, Conflict) as exc:
            if table_id is not None:
                self.link.known.pop(table_id, None)  # no table to follow after all
            to_operator(f"a table could not be made in the store: {exc}")  # the host's words
            raise Refused("The table could not be made just now: try again in a moment.") from None
        return table

    def restore(self) -> list[str]:
        """The tables' listings from the store; a table whose listing is missing or
        older than its record is read, and its listing made again and kept."""
        problems: list[str] = []
        stale = []

        def take(row: tuple[str, dict, int, Any, int]) -> None:
            table_id, meta, version, kept, lines = row
            listing = self._listing(table_id, meta, kept)
            unrated = listing is not None and listing.over and not self.hub.results.knows(table_id)
            if listing is None or listing.size != lines or unrated:
                stale.append(table_id)  # (read: its listing made again, its result kept)
            elif not meta.get("closed"):
                self.hub.listed[table_id] = listing
                self.marks[table_id] = (version, listing.size)

        self.link.store.each_listing(self.hub.keep_finished, take)
        for table in self._read_each(stale, problems, "", damaged=self.hub.damaged):
            if table.over and not self.hub.results.knows(table.id):
                self.hub.results.rate(table)
            # its listing made from the record as read (nothing of it is being written),
            # and the table let go: it is read again when someone comes
            listing = self.hub.listed[table.id] = table.listing(table.stored_lines)
            self.link.keep_listing(table.id, listing.to_json(), None)
            self.marks[table.id] = (table.version, listing.size)
            if isinstance(table.session.recorder, StoreRecorder):
                table.session.recorder.abandon()
            self.link.known.pop(table.id, None)
        self.hub.prune()
        # results for the finished tables not loaded that have none (games finished
        # before the store kept results): read once, the first time
        for table in self._read_each(self.link.store.unrated(), problems, ", for the ratings"):
            self.hub.results.rate(table)
        return problems

    @staticmethod
    def _listing(table_id: str, meta: dict, kept: object) -> Listing | None:
        """A stored listing with its row's owners and rematch (the table's own); None if
        there is none that can be read."""
        try:
            return kept_listing(table_id, meta, kept, f"table {table_id} in the store")
        except (ValueError, KeyError, TypeError, AttributeError):
            return None  # (made again from the game)

    def keep_listing(self, table: ServedTable) -> Listing:
        """``table``'s listing now, kept in the store after the lines written before it."""
        rec = table.session.recorder
        writer = rec if isinstance(rec, StoreRecorder) else None  # (none: a finished game)
        listing = table.listing(writer.next_line - 1 if writer is not None else table.stored_lines)
        self.link.keep_listing(table.id, listing.to_json(), writer)
        return listing

    def listings_heard(self, rows: list[tuple[str, dict, int, Any]]) -> None:
        """Tables not loaded here, as the store lists them now (changed through another
        process, or all of them after the link was lost a while): (id, meta, version,
        listing) each. Those that changed are told, at once."""
        changed = []
        for table_id, meta, version, kept in rows:
            if table_id in self.hub.damaged or version <= self.closed.get(table_id, -1):
                continue  # listed as damaged (left as it is), or news older than its closing
            if table_id in self.hub.tables:  # loaded meanwhile: as a table's change
                self.table_from_store(table_id, meta, version, [])
                continue
            if meta.get("closed"):
                if self.hub.listed.pop(table_id, None) is not None:
                    changed.append(table_id)
                continue
            listing = self._listing(table_id, meta, kept)
            if listing is None:
                continue
            self.marks[table_id] = (version, listing.size)
            if listing == self.hub.listed.get(table_id):
                continue
            self.hub.listed[table_id] = listing
            changed.append(table_id)
            if listing.over and not self.hub.results.knows(table_id):
                with contextlib.suppress(Refused):  # (the store away: rated when read)
                    self.hub.load(table_id)  # a game ended elsewhere is rated here too
        if changed:
            self.hub.listings_changed(changed)

    def marks_heard(self, marks: list[tuple[str, int, int]]) -> None:
        """The store's marks of every table listed, after the link was lost a while:
        the tables whose row or listing changed meanwhile are read and told."""
        changed = [
            i
            for i, version, size in marks
            if i not in self.hub.tables and i not in self.hub.damaged and self.marks.get(i) != (version, size)
        ]
        if changed:
            try:
                rows = self.link.store.listed_many(changed)
            except StoreError as exc:
                to_operator(f"the tables changed while the store was away could not be read: {exc}")
                return
            self.listings_heard(rows)

    def read(self, table_id: str) -> ServedTable:
        """A table as the store holds it, to be opened here; UNREADABLE says why not."""
        # followed from before its lines are read: a line another process commits
        # meanwhile is fetched by the listener, and taken once the table is open
        self.link.known.setdefault(table_id, 0)
        try:
            return self._read_stored(table_id)
        except BaseException:
            self.link.known.pop(table_id, None)
            raise

    def _read_stored(self, table_id: str) -> ServedTable:
        """A table as the store holds it; UNREADABLE says why it cannot be had."""
        store = self.link.store
        meta, version = _stored(store.table(table_id))
        return self._load_shared(table_id, meta, version, store.lines(table_id))

    def _read_each(
        self,
        table_ids: list[str],
        problems: list[str],
        why: str,
        *,
        damaged: dict[str, Damaged] | None = None,
    ) -> Iterator[ServedTable]:
        """The tables that can be read; the others named in ``problems`` (one bad table
        never stops the rest), and kept in ``damaged`` to be listed as such."""
        for table_id in table_ids:
            try:
                table = self._read_stored(table_id)
            except TableClosed:
                continue  # the host closed it: its rows stay, the server leaves it be
            except UNREADABLE as exc:
                problems.append(f"table {table_id} in the store{why}: {exc}")
                if damaged is not None:
                    damaged[table_id] = Damaged(table_id, self._stored_owners(table_id), str(exc))
                continue
            yield table

    def _stored_owners(self, table_id: str) -> dict:
        """A damaged table's owners, if its row can still be read."""
        try:
            found = self.link.store.table(table_id)
        except StoreError:
            return {}
        return owners_or_none(found[0]) if found is not None else {}

    def _load_shared(
        self, table_id: str, meta: dict, version: int, rows: list[tuple[int, str]]
    ) -> ServedTable:
        if meta.get("version") != TABLE_FILE_VERSION:
            raise ValueError(f"table version {meta.get('version')!r}, expected {TABLE_FILE_VERSION}")
        refuse_closed(meta)
        record = stored_record(table_id, rows, self.rules)
        recorder = None if record.finished else self.link.recorder(table_id, len(rows) + 1)
        session = Session.resume(record, recorder)
        owners = owners_from(meta)
        if set(owners) != set(session.humans()):
            raise ValueError("its owners do not match the record's human sides")
        return ServedTable(
            table_id,
            meta["code"],
            session,
            owners,
            None,
            record_name(table_id),
            meta["created"],
            version=version,
            rematch=rematch_from(meta, f"table {table_id} in the store"),
            stored_lines=len(rows),
        )

    def lines_from_store(self, table_id: str, rows: list[tuple[int, str]]) -> None:
        """Another process wrote ``rows`` of a table's record: made here too."""
        table = self.hub.tables.get(table_id)
        rec = table.session.recorder if table is not None else None
        if table is None or not isinstance(rec, StoreRecorder):
            return
        for line, text in rows:
            if line < rec.next_line:
                continue  # this process has it (wrote it or heard it)
            if line > rec.next_line:
                return
            if rec.unsaved:
                # our own line is not known to be committed yet: these wait for it (if
                # it lost a race instead, the writer's refusal reloads the table)
                table.held_rows = rows
                return
            where = f"table {table_id} line {line} in the store"
            try:
                table.session.mirror(parse_entry(loads(text, where), where), where)
            except (RecordError, Unreadable, ValueError) as exc:
                to_operator(f"{exc}; the table is read again from the store")
                self.reload(table, "")
                return
            rec.mirrored(line)

    def saved(self, table: ServedTable) -> None:
        """Every line this process wrote at ``table`` is committed: the game goes on,
        with any lines of others' that waited for it."""
        table.session.saved()
        held, table.held_rows = table.held_rows, []
        if held:
            self.lines_from_store(table.id, held)

    def table_from_store(self, table_id: str, meta: dict, version: int, rows: list[tuple[int, str]]) -> None:
        """A table another process made, or whose seats it changed."""
        table = self.hub.tables.get(table_id)
        if table is None:
            return  # (not loaded here: its listing is told)
        if version <= table.version:
            return
        if meta.get("closed"):  # closed by the host through another process
            table.version, table.closed = version, str(meta["closed"])
            self.hub.drop_closed(table)
            return
        table.version, table.code = version, meta["code"]
        table.owners = owners_from(meta)
        table.rematch = rematch_from(meta, f"table {table_id} in the store")
        table.runtime.changed()

    @staticmethod
    def lost(table: ServedTable) -> str:
        """What a table's screens are told when its next line lost a race: a player's
        move, said; the computer's (moved by two processes at once), nothing."""
        session = table.session
        lost = session.recorder.unsaved[:1] if isinstance(session.recorder, StoreRecorder) else []
        try:
            side = Player(json.loads(lost[0])["side"]) if lost else None
        except (ValueError, KeyError, TypeError):
            side = None
        if side is None or session.seats[side] is not Seat.HUMAN:
            return ""
        return (
            f"A move of the {SIDE[side]} player's made here was not kept: the game "
            "had moved on from another connection first."
        )

    def reload(self, table: ServedTable, news: str) -> None:
        """Read ``table`` again from the store (a line of ours lost a race, or one of
        theirs made no sense here); its screens stay, on the stored game."""
        try:
            fresh = self._read_stored(table.id)
        except UNREADABLE as exc:
            to_operator(f"table {table.id} could not be read again from the store: {exc}")
            return
        old = table.session
        table.session, table.owners = fresh.session, fresh.owners
        table.version, table.code, table.rematch = fresh.version, fresh.code, fresh.rematch
        table.news = (fresh.session.actions, news)
        table.held_rows = []  # the fresh game has them
        self.bind(table)
        # talk said here but not yet written is said again, and a line the host took
        # back here is taken back again (found by who said it and when: its number
        # may differ in the stored game): a lost race costs a move, never a line a
        # player was shown as said, nor brings back one the host removed
        for text in getattr(old.recorder, "unsaved", []):
            said = parse_entry(json.loads(text), f"table {table.id}")
            if isinstance(said, ChatLine):
                fresh.session.say(said)  # (nobody listens to it yet: told below)
            elif isinstance(said, UnsayLine) and said.line < len(old.chat):
                gone = old.chat[said.line]
                fresh_chat = fresh.session.chat
                same = (gone.after, gone.time, gone.name, gone.role)
                n = next(
                    (i for i, c in enumerate(fresh_chat) if (c.after, c.time, c.name, c.role) == same), None
                )
                if n is not None and fresh_chat[n].text != REMOVED:
                    fresh.session.unsay(n)
        fresh.session.names_paths = False  # (as the hub opened it)
        table.runtime.replace_session(fresh.session)  # every screen goes on, on the stored game

    def bind(self, table: ServedTable) -> None:
        """``table``'s writer tells back: a line committed, or refused (a lost race)."""
        recorder = table.session.recorder
        if isinstance(recorder, StoreRecorder):
            recorder.on_saved = lambda: self.saved(table)
            recorder.on_refused = lambda: self.reload(table, self.lost(table))

    def store_away(self, why: str | None) -> None:
        """The store stopped answering (``why``), or answers again (None)."""
        self.hub.store_trouble = why
        to_operator(f"the store is away ({why}); reconnecting" if why else "the store answers again")
        for table in list(self.hub.tables.values()):
            self.hub.watch_saving(table)
            tell_all([g.on_change for g in table.guests], "of the store")
