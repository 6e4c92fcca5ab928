"""A hub's link to the PostgreSQL store: two threads and a recorder.

The writer thread commits each table's record lines in order; the listener thread
hears NOTIFY from every other process and fetches what they wrote. Neither touches a
table: each hands its result to ``post`` (``loop.call_soon_threadsafe`` in the server),
so the hub changes its tables on its own loop only, and the loop never waits on the
network (a store that is slow or restarting holds up no screen).
"""

from __future__ import annotations

import functools
import itertools
import json
import queue
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

import attrs

from plot_core import Action, Player
from plot_core.engine import Outcome
from plot_record import ChatLine, ThinkLine
from plot_record.clock import Grant
from plot_record.format import (
    FlagLine,
    UnsayLine,
    action_line,
    chat_line,
    clock_line,
    end_line,
    think_line,
    undo_line,
    unsay_line,
)

from .pgstore import BANS_CHANNEL, CHANNEL, BanRow, Conflict, Store, StoreError, connect

RETRY = (0.2, 0.5, 1.0, 2.0, 5.0)  # seconds between tries while the store is away
PRESENCE = "plot_presence"  # the channel on which processes say who sits where
HEARTBEAT = 10.0  # seconds between a process's presence notes
PRESENCE_TTL = 3 * HEARTBEAT  # a process silent this long is gone, its seats empty
MAX_SEATS_TOLD = 200  # a note's payload stays under NOTIFY's 8000 bytes
HeldSeat = tuple[str, str, int]  # a seat held: (table, side, when its player sat down, ms)

Post = Callable[[Callable[[], None]], None]


class Closing(Protocol):
    """A store, or a bare connection to it."""

    def close(self) -> None: ...


@attrs.define(eq=False)
class Hooks:
    """What the hub wants told, each called on its loop."""

    lines: Callable[[str, list[tuple[int, str]]], None]  # another process wrote
    # a table new here, or its seats changed: (id, meta, version, its record's lines)
    table: Callable[[str, dict, int, list[tuple[int, str]]], None]
    trouble: Callable[[str | None], None]  # the store away (None: back)
    # who sits where in another process: (its token, its seats as (table, side, since))
    presence: Callable[[str, frozenset[HeldSeat]], None] = lambda p, s: None
    presence_tick: Callable[[], None] = lambda: None  # time to forget the silent
    # the host's bars and mutes changed (through another process): all of them now
    bans: Callable[[list[BanRow]], None] = lambda rows: None
    # tables not loaded here, as the lists say them, changed (made, moved, seats
    # taken): (id, meta, version, its listing or None) each
    listings: Callable[[list[tuple[str, dict, int, Any]]], None] = lambda rows: None
    # after the link was lost a while: each listed table's (id, version, listing size)
    marks: Callable[[list[tuple[str, int, int]]], None] = lambda marks: None


@attrs.frozen
class ListingWrite:
    """A table's listing, for the writer to keep after the lines queued before it
    (not kept if one of them was refused: it would describe a move the store lost)."""

    table_id: str
    listing: dict
    recorder: StoreRecorder | None


class Shared:
    def __init__(self, url: str, post: Post, hooks: Hooks, keep_finished: int = 0) -> None:
        self.url, self.post, self.hooks = url, post, hooks
        self.keep_finished = keep_finished  # finished tables listed (the catch-up's marks)
        self.store = Store(url)  # the loop's own calls: lobby actions, loading
        self.known: dict[str, int] = {}  # lines each table has here (the listener's floor)
        self._queue: queue.Queue = queue.Queue()
        self._pids: set[int] = {self.store.conn.info.backend_pid}
        self._stop = threading.Event()
        self._away: str | None = None
        # Presence: each process tells the others which sides its connections sit at, at
        # once when that changes and every HEARTBEAT seconds, so that a player seated
        # through another worker is not shown as away (and one whose worker died is, once
        # its word is PRESENCE_TTL old). Its token tells its own notes from the others'.
        self.process = secrets.token_hex(6)
        self._seated: frozenset[HeldSeat] = frozenset()
        self._announce = threading.Event()
        self._threads = [
            threading.Thread(target=self._write_all, name="plot-store-writer", daemon=True),
            threading.Thread(target=self._listen, name="plot-store-listener", daemon=True),
        ]

    def start(self) -> None:
        for t in self._threads:
            t.start()

    def stop(self) -> None:
        self._stop.set()
        self._queue.put(None)
        for t in self._threads:
            t.join(timeout=5)
        self.store.close()

    def announce(self, seated: frozenset[HeldSeat]) -> None:
        """This process's seats now, (table, side, since) each: told to the others by
        the listener thread (the caller, on the event loop, waits for nothing)."""
        self._seated = seated
        self._announce.set()

    def keep_listing(self, table_id: str, listing: dict, recorder: StoreRecorder | None) -> None:
        """``listing`` kept in the store, after every line of the table queued so far
        (through ``recorder``, if it writes its lines)."""
        self._queue.put(ListingWrite(table_id, listing, recorder))

    def recorder(self, table_id: str, next_line: int) -> StoreRecorder:
        self.known[table_id] = next_line - 1
        return StoreRecorder(self, table_id, next_line)

    # -- the writer thread ---------------------------------------------------------------
    def _write_all(self) -> None:
        store: Store | None = None
        while True:
            item = self._queue.get()
            if item is None:
                break
            if isinstance(item, ListingWrite):
                if item.recorder is not None and item.recorder.dead:
                    continue  # a line before it was refused: the table is read again
                rec, line, text = None, 0, ""
            else:
                rec, line, text = item
                if rec.dead:
                    continue
            for wait in itertools.chain(RETRY, itertools.repeat(RETRY[-1])):
                try:
                    if store is None:
                        store = Store(self.url)
                        self._pids.add(store.conn.info.backend_pid)
                    if rec is None:
                        store.set_listing(item.table_id, item.listing)
                        saved = True
                    else:
                        saved = self._append(store, rec, line, text)
                    break
                except StoreError as exc:
                    store = self._drop(store)
                    self._set_away(str(exc))
                    if self._stop.wait(wait):
                        return
            self._set_away(None)
            if rec is None:
                continue
            if saved:
                self.post(rec.saved)
            else:
                rec.dead = True  # its later lines follow a line not written
                self.post(rec.refused)

    def _append(self, store: Store, rec: StoreRecorder, line: int, text: str) -> bool:
        try:
            # (a game ends with its end line, or with a clock that ran out)
            ended = text.startswith(('{"end"', '{"flag"'))
            store.append(rec.table_id, line, text, finished=ended)
            return True
        except Conflict:
            # the same line already there: our own commit whose answer the network lost
            return store.lines(rec.table_id, line - 1)[:1] == [(line, text)]

    @staticmethod
    def _drop(store: Closing | None) -> None:
        if store is not None:
            try:
                store.close()
            except Exception:
                pass

    def _set_away(self, why: str | None) -> None:
        if why != self._away and (why is None) != (self._away is None):
            self.post(lambda: self.hooks.trouble(why))
        self._away = why

    # -- the listener thread ---------------------------------------------------------------
    def _listen(self) -> None:
        waits = iter(RETRY)
        while not self._stop.is_set():
            conn = store = None
            try:
                conn = connect(self.url, autocommit=True)
                store = Store(self.url)
                conn.execute(f"LISTEN {CHANNEL}")
                conn.execute(f"LISTEN {PRESENCE}")
                conn.execute(f"LISTEN {BANS_CHANNEL}")
                self._catch_up(store)  # what was missed while not listening
                waits = iter(RETRY)
                told = 0.0  # (a new connection says where we sit)
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=0.5):
                        if note.channel == PRESENCE:
                            self._heard_presence(note.payload)
                        elif note.channel == BANS_CHANNEL:
                            # (this process's own changes too: what it read before a
                            # change of its own is read again after it)
                            self._heard_bans(store)
                        elif note.pid not in self._pids:
                            self._heard(store, note.payload)
                    if self._announce.is_set() or time.monotonic() - told >= HEARTBEAT:
                        self._announce.clear()
                        told = time.monotonic()
                        self._tell_presence(conn)
            except Exception:  # the store went away: listen again
                self._stop.wait(next(waits, RETRY[-1]))
            finally:
                for c in (conn, store):
                    self._drop(c)

    def _tell_presence(self, conn: Any) -> None:
        held = sorted(self._seated)[:MAX_SEATS_TOLD]
        # "seats" stays (table, side) pairs, as processes of the version before read
        # them; when each was taken goes beside them
        note = {
            "process": self.process,
            "seats": [[t, s] for t, s, _ in held],
            "since": [n for *_, n in held],
        }
        conn.execute("SELECT pg_notify(%s, %s)", (PRESENCE, json.dumps(note, separators=(",", ":"))))
        self.post(self.hooks.presence_tick)

    def _heard_presence(self, payload: str) -> None:
        try:
            data = json.loads(payload)
            process = str(data["process"])
            pairs = [(str(t), str(s)) for t, s in data["seats"]]
            # (a process of the version before says no since: its seats, long taken)
            since = [int(n) for n in data.get("since", [])] or [0] * len(pairs)
            seats = frozenset((t, s, n) for (t, s), n in zip(pairs, since, strict=True))
        except (ValueError, KeyError, TypeError):
            return  # not ours to read: another program's
        if process != self.process:
            self.post(lambda: self.hooks.presence(process, seats))

    def _heard_bans(self, store: Store) -> None:
        rows = store.bans()
        self.post(lambda: self.hooks.bans(rows))

    def _catch_up(self, store: Store) -> None:
        self._heard_bans(store)  # (changed, perhaps, while not listening)
        for table_id in list(self.known):
            # its seats, code and rematch as they are now (a seat taken elsewhere before
            # this listener listened, at a start or after a lost link), then its lines
            self._heard(store, f"{table_id} meta")
            self._heard(store, f"{table_id} 0")
        # the tables listed: those whose marks changed are read, on the loop
        self.post(functools.partial(self.hooks.marks, store.marks(self.keep_finished)))

    def _heard(self, store: Store, payload: str) -> None:
        table_id, _, what = payload.partition(" ")
        if what in ("new", "meta", "listing"):
            if table_id in self.known and what == "listing":
                return  # loaded here: its listing is made from its game
            got = store.listed(table_id)
            if got is None:
                return
            meta, version, listing = got
            if table_id in self.known:
                self.post(lambda: self.hooks.table(table_id, meta, version, []))
            else:
                self.post(functools.partial(self.hooks.listings, [(table_id, meta, version, listing)]))
            return
        if table_id not in self.known:
            return
        rows = store.lines(table_id, self.known[table_id])
        if rows:
            self.post(lambda: self.hooks.lines(table_id, rows))


class StoreRecorder:
    """A game's record in the store, for a Session (the Recorder's calls): each line is
    queued for the writer and is ``unsaved`` until committed. The game waits while any
    line is unsaved (Session.may_act), so nothing a player was shown as done is lost."""

    def __init__(self, shared: Shared, table_id: str, next_line: int) -> None:
        self.shared, self.table_id, self.next_line = shared, table_id, next_line
        self.path = f"the store's table {table_id}"
        self.unsaved: list[str] = []
        self.dead = False  # a line was refused: the hub reloads the table
        self.on_saved: Callable[[], None] = lambda: None
        self.on_refused: Callable[[], None] = lambda: None

    def action(
        self, i: int, side: Player, action: Action, *, sync: bool = False, at: str | None = None
    ) -> None:
        self._write(action_line(i, side, action, at))

    def undo(self, i: int) -> None:
        self._write(undo_line(i))

    def chat(self, line: ChatLine) -> None:
        self._write(chat_line(line))

    def unsay(self, line: UnsayLine) -> None:
        self._write(unsay_line(line))

    def think(self, line: ThinkLine) -> None:
        self._write(think_line(line))

    def end(self, i: int, outcome: Outcome) -> None:
        self._write(end_line(i, outcome))

    def clock(self, line: Grant | FlagLine) -> None:
        self._write(clock_line(line))

    def mirrored(self, line: int) -> None:
        """Line ``line``, written by another process, is now this game's too."""
        self.next_line = line + 1
        self.shared.known[self.table_id] = line

    def _write(self, text: str) -> None:
        text = text.rstrip("\n")
        self.unsaved.append(text)
        line, self.next_line = self.next_line, self.next_line + 1
        self.shared.known[self.table_id] = line
        self.shared._queue.put((self, line, text))

    # -- on the loop, from the writer ------------------------------------------------------
    def saved(self) -> None:
        if self.unsaved:
            self.unsaved.pop(0)
        if not self.unsaved:
            self.on_saved()

    def refused(self) -> None:
        self.on_refused()

    # the Recorder's other calls: the writer does the waiting and the retrying
    def sync(self) -> None:
        pass

    def close(self) -> None:
        pass

    def abandon(self) -> None:
        self.dead = True

    def flush_unsaved(self, *, sync: bool = True) -> None:
        pass
