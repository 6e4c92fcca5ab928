"""The server's tables: create, list, take a side, watch, leave, come back.

No Textual and no SSH here, so the rules of the room are tested directly. Each table
is one Session (one game, one record) shared by every connection at it; each
connection holds a Chair that sees with one side's eyes, or none for a spectator.
A side, once taken, belongs to the identity that took it (a key's fingerprint, or
the user name when the server admits by password), and only that identity can sit
there again. Everything needed to go on after a restart is on disk: the game in its
record (appended after every action), the table's owners and join code in a small
JSON file written whole and renamed into place.
"""

from __future__ import annotations

import json
import math
import secrets
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import attrs

from plot_core import Player, Rules, new_game
from plot_core.engine.state import Phase
from plot_record import ChatLine, Header, Recorder, RecordError, load_record, secret_seed
from plot_record.files import Unreadable, loads, read_regular, write_whole
from plot_record.format import header_line, parse_entry
from plot_record.store import parse_raw
from plot_record.timeline import check
from plot_tui.chair import Chair
from plot_tui.describe import SIDE
from plot_tui.plain import clean
from plot_tui.session import Seat, Session

from .chat import Lobby, Pace, TooFast, text_problem, utc_now
from .guard import CodeLimit
from .links import Links
from .pgstore import Conflict, StoreError, prepare
from .shared import Hooks, Shared

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"      # no 0/O, 1/I: read over the phone
CODE_LENGTH = 6
TABLE_FILE_VERSION = 1


TABLE_WRONG_CODES = 10      # wrong join codes a table takes a minute
MAX_WATCHED = 5             # games of the computer against itself at once (they cost CPU)
RECONNECTING = ("reconnecting to the game store; the game goes on by itself when it answers, "
                "and nothing is lost")
SAVE_RETRY = 2.0            # seconds between tries to write a record the disk refused


class Refused(Exception):
    """A request the server turns down; the message is for the player."""


class WrongCode(Refused):
    """A join code that is not the table's (counted against the guesser, issue 23)."""



@attrs.frozen
class Who:
    """An authenticated connection's identity: ``key`` binds seats, ``name`` is shown."""
    key: str
    name: str


@attrs.define(eq=False)
class Guest:
    """One connection at a table."""
    table_id: str
    chair: Chair
    who: Who
    on_change: Callable[[], None]
    on_kick: Callable[[str], None]


@attrs.define(eq=False)
class Table:
    id: str
    code: str
    session: Session
    owners: dict[Player, Who | None]      # human sides only; None: free
    meta_path: Path | None                # None: the table lives in the shared store (21)
    record: Path | str
    created: str
    guests: list[Guest] = attrs.Factory(list)
    # at most 10 wrong join codes a minute, from everyone together (issue 23)
    codes: CodeLimit = attrs.Factory(lambda: CodeLimit(TABLE_WRONG_CODES))
    saving_told: bool = False             # the operator knows its record cannot be written
    version: int = 1                      # the store's version of owners and code (21)
    news: tuple[int, str] = (-1, "")      # (at action n, what the table's screens are told)

    @property
    def over(self) -> bool:
        return self.session.state.outcome is not None

    def human_sides(self) -> list[Player]:
        return self.session.humans()

    def free_sides(self) -> list[Player]:
        return [p for p in self.human_sides() if self.owners.get(p) is None]

    def side_of(self, who: Who) -> Player | None:
        return next((p for p, o in self.owners.items() if o is not None and o.key == who.key),
                    None)

    def your_move(self, who: Who) -> bool:
        """Is it ``who``'s move here (issue 19: the lobby's mark, the bell)?"""
        side = self.side_of(who)
        return side is not None and not self.over and self.session.state.to_act is side

    def seated(self, side: Player) -> Guest | None:
        return next((g for g in self.guests if g.chair.side is side), None)

    def watchers(self) -> int:
        return sum(1 for g in self.guests if g.chair.side is None)

    def seat_label(self, side: Player) -> str:
        """Who plays ``side``, as the lobby and the screens say it."""
        if self.session.seats[side] is Seat.COMPUTER:
            return f"computer ({self.session.levels[side]})"
        owner = self.owners.get(side)
        if owner is None:
            return "free"
        return owner.name if self.seated(side) else f"{owner.name} (away)"

    def status(self) -> str:
        st = self.session.state
        if st.outcome is not None:
            return {"ss": "over: SS won", "abwehr": "over: Abwehr won",
                    "allies": "over: the Allies won"}[st.outcome.winner]
        turn = "set-up" if st.phase is Phase.SETUP else f"turn {st.turn}"
        return f"{turn}, {SIDE[st.to_act]} to act" if st.to_act else turn

    def note_for(self, side: Player | None) -> str:
        """What a screen at this table says about the others (the prompt's last line)."""
        parts = []
        if side is None:
            parts.append(f"Watching table {self.id}: SS {self.seat_label(Player.SS)}, "
                         f"Abwehr {self.seat_label(Player.ABWEHR)}. You see neither side's chits.")
        else:
            other = side.enemy
            owner = self.owners.get(other)
            if self.session.seats[other] is Seat.HUMAN and not self.over:
                if owner is None:
                    parts.append(f"Waiting for an opponent: table {self.id}, join code "
                                 f"{self.code} (they press j in the lobby).")
                elif self.seated(other) is None:
                    waits = " — the game waits for them" if self.session.state.to_act is other \
                        else ""
                    parts.append(f"The {SIDE[other]} player ({owner.name}) is away{waits}.")
        n = self.watchers()
        if n and side is not None:
            parts.append(f"{n} watching.")
        if self.news[0] == self.session.actions:
            parts.append(self.news[1])
        return " ".join(parts)

    def meta(self) -> dict:
        return {"version": TABLE_FILE_VERSION, "id": self.id, "code": self.code,
                "record": str(self.record),
                "created": self.created,
                "owners": {p.value: (None if o is None else {"key": o.key, "name": o.name})
                           for p, o in self.owners.items()}}


def to_operator(text: str) -> None:
    """The server's own output. Not print(): a running Textual app captures sys.stdout."""
    sys.__stdout__.write(f"plot serve: {clean(text)}\n")
    sys.__stdout__.flush()


def tell_all(tells: list[Callable[[], None]], what: str) -> None:
    """Tell every connection; one connection's trouble is not the others'."""
    for tell in tells:
        try:
            tell()
        except Exception as exc:
            to_operator(f"a connection could not be told {what}: {exc!r}")


def later_by_asyncio(delay: float, callback: Callable[[], None]) -> None:
    import asyncio
    asyncio.get_running_loop().call_later(delay, callback)


def think_by_pool(job, done: Callable[[object], None]) -> None:
    """A search in the shared worker pool; ``done`` runs on this event loop."""
    import asyncio

    from plot_ai.pool import shared_pool
    fut = asyncio.wrap_future(shared_pool().submit(job))

    def back(f) -> None:
        done(None if f.cancelled() or f.exception() is not None else f.result())
    fut.add_done_callback(back)


class Hub:
    """All tables of one server. ``later(delay, callback)`` runs the computer's moves
    (asyncio's loop on the server; tests pass their own)."""

    def __init__(self, rules: Rules, home: Path, *, pace: float = 0.15, max_tables: int = 100,
                 keep_finished: int = 20,
                 later: Callable[[float, Callable[[], None]], None] = later_by_asyncio,
                 think: Callable[[object, Callable[[object], None]], None] | None = None,
                 shared: Shared | None = None) -> None:
        self.rules, self.home, self.pace = rules, Path(home), pace
        self.max_tables = max_tables
        self.max_watched = MAX_WATCHED
        self.keep_finished = keep_finished     # finished games the lobby still lists
        self.later = later
        # think(job, done): a search on a worker process (plot_ai.pool); done(answer) on
        # the loop when it is back (answer None if the worker failed)
        self.think = think or think_by_pool
        self.tables: dict[str, Table] = {}
        self.lobby_listeners: list[Callable[[], None]] = []
        self.lobby = Lobby()                  # the lobby's talk (issue 19)
        self.links = Links()                  # one-time browser sign-ins (issue 20)
        self.web_url: str | None = None       # the web door's address, when it is open
        self.pace_of_talk = Pace()
        self._next = 1
        self._stepping: set[str] = set()
        # shared: the tables live in PostgreSQL, shared with other processes (issue 21);
        # None: in files under ``home``, this process's alone
        self.shared = shared
        self.store_trouble: str | None = None

    def use_store(self, url: str, post: Callable[[Callable[[], None]], None]) -> None:
        """Keep the tables in the PostgreSQL store at ``url``, shared with every process
        that uses it (issue 21). ``post(callback)`` runs ``callback`` on this hub's loop,
        from any thread. Call before ``restore``; StoreError says why it cannot."""
        prepare(url)
        self.shared = Shared(url, post, Hooks(self.lines_from_store, self.table_from_store,
                                              self.store_away))
        self.shared.start()

    @property
    def games_dir(self) -> Path:
        return self.home / "games"

    @property
    def tables_dir(self) -> Path:
        return self.home / "tables"

    # -- making tables ----------------------------------------------------------------------
    def create(self, who: Who, side: Player, *, opponent: Seat, level: str = "easy",
               seed: int | None = None, setup: str = "standard", both: bool = False) -> Table:
        """``seed``: None (always, in play) for a secret one; tests choose theirs.
        ``both``: the computer plays both sides, for everyone to watch (issue 17)."""
        self._prune()
        if sum(not t.over for t in self.tables.values()) >= self.max_tables:
            raise Refused(f"The server already holds {self.max_tables} unfinished games, "
                          "its limit; join or watch one of them.")
        if both and sum(not t.over and not t.human_sides() for t in self.tables.values()) \
                >= self.max_watched:
            raise Refused(f"The server already runs {self.max_watched} games of the computer "
                          "against itself, its limit; watch one of them.")
        seats = {side: Seat.HUMAN, side.enemy: opponent}
        levels = {side.enemy: level} if opponent is Seat.COMPUTER else {}
        if both:
            seats = {p: Seat.COMPUTER for p in Player}
            levels = {p: level for p in Player}
        chosen = seed is not None
        seed = seed if chosen else secret_seed()
        state = new_game(seed, setup=setup, rules=self.rules)
        header = Header(rules_hash=self.rules.version, seed=seed, chosen_seed=chosen,
                        start={"setup": setup},
                        players={p.value: seats[p].value for p in Player},
                        levels={p.value: lv for p, lv in levels.items()})
        owners = {p: None for p in Player if seats[p] is Seat.HUMAN}
        if not both:
            owners[side] = who
        if self.shared is not None:
            table = self._create_shared(header, state, seats, levels, owners)
            self._open(table)
            return table
        table_id = self._free_id()
        path = self.games_dir / f"{table_id}-{header.game}.jsonl"      # no seed in names
        recorder = None
        try:
            recorder = Recorder(path, header)
            session = Session(state, seats, seed=seed, recorder=recorder, levels=levels,
                              game=header.game, chosen_seed=chosen)
            table = Table(table_id, new_code(), session, owners,
                          self.tables_dir / f"{table_id}.json", path,
                          datetime.now(UTC).isoformat(timespec="seconds"))
            self._save(table)
        except OSError:
            # nothing half made: no table in the lobby, no record or .tmp left behind (25)
            if recorder is not None:
                recorder.abandon()
            for leftover in (path, self.tables_dir / f"{table_id}.tmp"):
                leftover.unlink(missing_ok=True)
            raise
        self._open(table)
        return table

    def _create_shared(self, header: Header, state, seats, levels, owners) -> Table:
        store = self.shared.store
        try:
            number = store.next_number()
            table_id = f"T{number}"
            session = Session(state, seats, seed=header.seed,
                              recorder=self.shared.recorder(table_id, next_line=2),
                              levels=levels, game=header.game, chosen_seed=header.chosen_seed)
            table = Table(table_id, new_code(), session, owners, None, f"store:{table_id}",
                          datetime.now(UTC).isoformat(timespec="seconds"))
            store.create(table_id, number, table.meta(), header_line(header).rstrip("\n"))
        except (StoreError, Conflict) as exc:
            raise Refused(f"The table could not be made: {exc or 'try again'}.") from None
        return table

    def _free_id(self) -> str:
        """The next table number no file holds: a table file that could not be read
        keeps its number, and its files are never written over (25)."""
        while self._taken(self._next):
            self._next += 1
        self._next += 1
        return f"T{self._next - 1}"

    def _taken(self, n: int) -> bool:
        return (any(self.tables_dir.glob(f"T{n}.*"))
                or any(self.games_dir.glob(f"T{n}-*")))

    def _open(self, table: Table) -> None:
        self.tables[table.id] = table
        self._bind(table)
        self._changed(table)

    def _bind(self, table: Table) -> None:
        session = table.session
        session.listeners.append(lambda: self._changed(table))
        if self.shared is not None and session.recorder is not None:
            session.recorder.on_saved = session.saved
            session.recorder.on_refused = lambda: self._reload(table, self._lost(table))

    # -- sitting down ---------------------------------------------------------------------
    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id.strip().upper())
        if table is None:
            raise Refused(f"There is no table {table_id!r} on this server.")
        return table

    def sit(self, table_id: str, who: Who, *, code: str = "", on_change=lambda: None,
            on_kick=lambda why: None) -> Guest:
        """Take (or take back) a side. A side once taken is ``who``'s alone; the join
        code is needed only to take a free side."""
        table = self.table(table_id)
        side = table.side_of(who)
        if side is None:
            free = table.free_sides()
            if not free:
                taken = ", ".join(f"{SIDE[p]}: {table.owners[p].name}"
                                  for p in table.human_sides())
                raise Refused(f"Table {table.id} has no free side ({taken}); a side can be "
                              "taken back only by the player who took it. Press w to watch.")
            if table.over:
                raise Refused(f"The game at table {table.id} is over; press w to look at it.")
            wait = table.codes.blocked_for()
            if wait:                 # even the right code waits: guessing must not go on
                raise Refused(f"Table {table.id} takes no join code for {math.ceil(wait)} s: "
                              "too many wrong ones were tried.")
            if code.strip().upper() != table.code:
                table.codes.wrong()
                to_operator(f"a wrong join code for table {table.id} from {clean(who.name)}")
                raise WrongCode(f"That is not the join code of table {table.id}: ask the "
                              f"{SIDE[table.human_sides()[0]]} player for it.")
            side = free[0]
            table.owners[side] = who
            try:
                self._save(table)
            except Refused:
                table.owners[side] = None
                raise
        old = table.seated(side)
        if old is not None:                  # the same player again: the newer connection wins
            table.guests.remove(old)
            old.on_kick(f"You sat down at table {table.id} from another connection; "
                        "this one is closed.")
        chair = Chair(table.session, side, note=lambda: table.note_for(side))
        guest = Guest(table.id, chair, who, on_change, on_kick)
        chair.talk = lambda text: self.say(guest, text)
        table.guests.append(guest)
        self._changed(table, game=False)
        return guest

    def watch(self, table_id: str, who: Who, *, on_change=lambda: None) -> Guest:
        table = self.table(table_id)
        guest = Guest(table.id, Chair(table.session, None, note=lambda: table.note_for(None)),
                      who, on_change, lambda why: None)
        guest.chair.talk = lambda text: self.say(guest, text)
        table.guests.append(guest)
        self._changed(table, game=False)
        return guest

    # -- talk (issue 19) -----------------------------------------------------------------
    def _words(self, who: Who, text: str) -> str:
        problem = text_problem(text)
        if problem:
            raise Refused(problem)
        try:
            self.pace_of_talk.check(who.key)
        except TooFast as exc:
            raise Refused(str(exc)) from None
        # whatever a terminal sent, the record is UTF-8: nothing it cannot write gets in
        return text.strip().encode("utf-8", "replace").decode("utf-8")

    def say(self, guest: Guest, text: str) -> ChatLine:
        """``guest`` says ``text`` at their table: everyone there sees it, and the game's
        record keeps it. Refused (with why) if empty, too long or too fast."""
        table = self.table(guest.table_id)
        side = guest.chair.side
        line = ChatLine(table.session.actions, utc_now(), guest.who.name,
                        SIDE[side] if side is not None else "watching",
                        self._words(guest.who, text))
        table.session.say(line)            # tells the table's screens
        return line

    def say_in_lobby(self, who: Who, text: str) -> ChatLine:
        line = ChatLine(0, utc_now(), who.name, "lobby", self._words(who, text))
        self.lobby.add(line)
        tell_all(list(self.lobby_listeners), "of a line of lobby talk")
        return line

    def leave(self, guest: Guest) -> None:
        table = self.tables.get(guest.table_id)
        if table is not None and guest in table.guests:
            table.guests.remove(guest)
            self._prune()
            self._changed(table, game=False)

    def _prune(self) -> None:
        """Finished games leave the lobby (their records stay on disk) once nobody is at
        them and ``keep_finished`` newer finished games are listed: a server that runs
        for months must not list, or hold in memory, every game it ever saw."""
        done = sorted((t for t in self.tables.values() if t.over and not t.guests),
                      key=lambda t: number(t.id), reverse=True)
        for table in done[self.keep_finished:]:
            del self.tables[table.id]
            if self.shared is not None:
                self.shared.known.pop(table.id, None)

    def mine(self, who: Who) -> list[tuple[Table, Player]]:
        return [(t, t.side_of(who)) for t in self.tables.values() if t.side_of(who) is not None]

    # -- telling everyone ---------------------------------------------------------------------
    def _changed(self, table: Table, *, game: bool = True) -> None:
        tell_all([g.on_change for g in table.guests] + self.lobby_listeners,
                 f"of a change at {table.id}")
        # shared: the computer moves in a process where someone is at the table (the store
        # decides if two do at once); a table nobody is at waits for them
        here = self.shared is None or bool(table.guests)
        if game and here and table.session.computer_to_act() and not table.over \
                and table.id not in self._stepping:
            self._stepping.add(table.id)
            self.later(self.pace, lambda: self._computer_step(table))
        self._watch_saving(table)

    def _watch_saving(self, table: Table) -> None:
        """A record the disk refuses: the table waits (its session lets nobody act), the
        operator is told once, and the hub tries again until the disk takes it (25)."""
        s = table.session
        if self.shared is not None:          # the store's writer retries by itself (21)
            s.record_problem = RECONNECTING if self.store_trouble and s.unsaved else None
            return
        if s.unsaved and not table.saving_told:
            table.saving_told = True
            to_operator(f"table {table.id}: {s.record_problem}; retrying every "
                        f"{SAVE_RETRY:g} s")
            self.later(SAVE_RETRY, lambda: self._retry_saving(table))
        elif not s.unsaved and table.saving_told:
            table.saving_told = False
            to_operator(f"table {table.id} is saved again; its game goes on")

    def _retry_saving(self, table: Table) -> None:
        if table.session.unsaved and not table.session.retry_saving():
            self.later(SAVE_RETRY, lambda: self._retry_saving(table))

    def _computer_step(self, table: Table) -> None:
        self._stepping.discard(table.id)
        if table.session.computer_to_act() and not table.over:
            try:
                job = table.session.thought_job()
                if job is not None:               # a search: in a worker, never on the loop
                    self._stepping.add(table.id)
                    table.session.thinking = True
                    tell_all([g.on_change for g in table.guests], "the computer thinks")
                    self.think(job, lambda answer: self._thought_back(table, job, answer))
                    return
                table.session.computer_step()     # tells the table's listeners, which go on
            except Exception as exc:              # a bug: the table stops, the server not
                to_operator(f"the computer could not move at table {table.id}: {exc!r}")

    def _thought_back(self, table: Table, job, answer) -> None:
        """A worker's search for ``table`` is done (``answer`` None: the worker failed)."""
        self._stepping.discard(table.id)
        table.session.thinking = False
        if self.tables.get(table.id) is not table or table.over:
            return
        try:
            if answer is None:
                to_operator(f"the computer's search failed at table {table.id}; it thinks "
                            "in the server instead")
                table.session.computer_step()
            elif table.session.take_thought(job, answer) is None:
                self._changed(table)              # stale: the table moved on; think again
        except Exception as exc:
            to_operator(f"the computer could not move at table {table.id}: {exc!r}")

    # -- on disk -------------------------------------------------------------------------------
    def _save(self, table: Table) -> None:
        if self.shared is not None:
            try:
                table.version = self.shared.store.set_meta(table.id, table.meta(),
                                                           table.version)
            except Conflict:
                raise Refused("Someone changed that table from another connection a moment "
                              "ago; look again and try once more.") from None
            except StoreError as exc:
                raise Refused(f"The server cannot reach its store just now ({exc}); try "
                              "again in a moment.") from None
            return
        self.tables_dir.mkdir(parents=True, exist_ok=True)
        # T1.tmp, not T1.json.tmp: every file of table n is T{n}.* (see _taken)
        write_whole(table.meta_path, json.dumps(table.meta(), indent=1) + "\n",
                    tmp=table.meta_path.with_suffix(".tmp"))

    def restore(self) -> list[str]:
        """Every table from its files: the unfinished ones, and as many of the newest
        finished ones as the lobby lists. Returns what could not be restored and why (the
        files are left as they are); one bad file never stops the others."""
        if self.shared is not None:
            return self._restore_shared()
        problems = []
        for p in [*self.tables_dir.glob("T*"), *self.games_dir.glob("T*-*")]:
            n = number(p.name.split(".")[0].split("-")[0])      # numbers held by any file
            self._next = max(self._next, n + 1)
        for meta_path in sorted(self.tables_dir.glob("T*.json"), key=lambda p: number(p.stem)):
            try:
                table = self._load(meta_path)
            except (OSError, ValueError, KeyError, TypeError, RecordError) as exc:
                # named and left as it is; the others still come back
                problems.append(f"{meta_path}: {exc}")
                continue
            self._open(table)
        self._prune()
        return problems

    def _load(self, meta_path: Path) -> Table:
        meta = loads(read_regular(meta_path, limit=64 * 1024), str(meta_path))   # (25)
        if not isinstance(meta, dict):
            raise ValueError("not a table file (expected a JSON object)")
        if meta.get("version") != TABLE_FILE_VERSION:
            raise ValueError(f"table file version {meta.get('version')!r}, expected "
                             f"{TABLE_FILE_VERSION}")
        self._next = max(self._next, number(meta["id"]) + 1)
        path = Path(meta["record"])
        record = load_record(path, self.rules)
        # a finished game takes no more actions: nothing to write, no file to hold open
        recorder = None if record.finished else Recorder(path, truncate_to=record.good_bytes)
        session = Session.resume(record, recorder)
        owners = {Player(side): (None if o is None else Who(o["key"], o["name"]))
                  for side, o in meta["owners"].items()}
        if set(owners) != set(session.humans()):
            raise ValueError("its owners do not match the record's human sides")
        return Table(meta["id"], meta["code"], session, owners, meta_path, path,
                     meta["created"])


    # -- in the shared store (issue 21) ----------------------------------------------------
    def _restore_shared(self) -> list[str]:
        problems = []
        store = self.shared.store
        for table_id in store.tables(self.keep_finished):
            try:
                meta, version = store.table(table_id)
                table = self._load_shared(table_id, meta, version, store.lines(table_id))
            except (ValueError, KeyError, TypeError, RecordError, Unreadable,
                    StoreError) as exc:
                problems.append(f"table {table_id} in the store: {exc}")
                continue
            self._open(table)
        self._prune()
        return problems

    def _load_shared(self, table_id: str, meta: dict, version: int,
                     rows: list[tuple[int, str]]) -> Table:
        if meta.get("version") != TABLE_FILE_VERSION:
            raise ValueError(f"table version {meta.get('version')!r}, expected "
                             f"{TABLE_FILE_VERSION}")
        data = "".join(f"{text}\n" for _, text in rows).encode("utf-8")
        record = check(parse_raw(data, f"store:{table_id}"), self.rules)
        recorder = None if record.finished else self.shared.recorder(table_id, len(rows) + 1)
        session = Session.resume(record, recorder)
        owners = {Player(side): (None if o is None else Who(o["key"], o["name"]))
                  for side, o in meta["owners"].items()}
        if set(owners) != set(session.humans()):
            raise ValueError("its owners do not match the record's human sides")
        return Table(table_id, meta["code"], session, owners, None, f"store:{table_id}",
                     meta["created"], version=version)

    def lines_from_store(self, table_id: str, rows: list[tuple[int, str]]) -> None:
        """Another process wrote ``rows`` of a table's record: made here too."""
        table = self.tables.get(table_id)
        rec = table.session.recorder if table is not None else None
        if rec is None:
            return
        for line, text in rows:
            if line < rec.next_line:
                continue                      # this process has it (wrote it or heard it)
            if line > rec.next_line or rec.unsaved:
                return                        # a race: the writer's refusal reloads it
            where = f"table {table_id} line {line} in the store"
            try:
                table.session.mirror(parse_entry(loads(text, where), where), where)
            except (RecordError, Unreadable, ValueError) as exc:
                to_operator(f"{exc}; the table is read again from the store")
                self._reload(table, "")
                return
            rec.mirrored(line)

    def table_from_store(self, table_id: str, meta: dict, version: int,
                         rows: list[tuple[int, str]]) -> None:
        """A table another process made, or whose seats it changed."""
        table = self.tables.get(table_id)
        if table is None:
            if not rows:
                return
            try:
                self._open(self._load_shared(table_id, meta, version, rows))
            except (ValueError, KeyError, TypeError, RecordError, Unreadable) as exc:
                to_operator(f"could not take table {table_id} from the store: {exc}")
            return
        if version <= table.version:
            return
        table.version, table.code = version, meta["code"]
        table.owners = {Player(side): (None if o is None else Who(o["key"], o["name"]))
                        for side, o in meta["owners"].items()}
        self._changed(table, game=False)

    @staticmethod
    def _lost(table: Table) -> str:
        """What a table's screens are told when its next line lost a race: a player's
        move, said; the computer's (moved by two processes at once), nothing."""
        session = table.session
        lost = session.recorder.unsaved[:1]
        try:
            side = Player(json.loads(lost[0])["side"]) if lost else None
        except (ValueError, KeyError, TypeError):
            side = None
        if side is None or session.seats[side] is not Seat.HUMAN:
            return ""
        return (f"A move of the {SIDE[side]} player's made here was not kept: the game "
                "had moved on from another connection first.")

    def _reload(self, table: Table, news: str) -> None:
        """Read ``table`` again from the store (a line of ours lost a race, or one of
        theirs made no sense here); its screens stay, on the stored game."""
        try:
            store = self.shared.store
            meta, version = store.table(table.id)
            fresh = self._load_shared(table.id, meta, version, store.lines(table.id))
        except (StoreError, TypeError, ValueError, KeyError, RecordError, Unreadable) as exc:
            to_operator(f"table {table.id} could not be read again from the store: {exc}")
            return
        old = table.session
        old.listeners.clear()
        table.session, table.owners = fresh.session, fresh.owners
        table.version, table.code = fresh.version, fresh.code
        for guest in table.guests:
            guest.chair.session = fresh.session
        table.news = (fresh.session.actions, news)
        self._stepping.discard(table.id)
        self._bind(table)
        # talk said here but not yet written is said again: a lost race costs a move,
        # never a line a player was shown as said
        for text in getattr(old.recorder, "unsaved", []):
            entry = json.loads(text)
            if "chat" in entry:
                where = f"table {table.id}"
                fresh.session.say(parse_entry(entry, where))
        self._changed(table)

    def store_away(self, why: str | None) -> None:
        """The store stopped answering (``why``), or answers again (None)."""
        self.store_trouble = why
        to_operator(f"the store is away ({why}); reconnecting" if why else
                    "the store answers again")
        for table in list(self.tables.values()):
            self._watch_saving(table)
            tell_all([g.on_change for g in table.guests], "of the store")


def number(table_id: str) -> int:
    """T12 -> 12; anything else sorts first."""
    digits = table_id[1:]
    return int(digits) if digits.isdigit() else 0


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
