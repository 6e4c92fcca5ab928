"""The server's tables: create, list, take a side, watch, leave, come back.

No Textual and no SSH here, so the rules of the room are tested directly. Each table
is one Session (one game, one record) shared by every connection at it; each
connection holds a Controller that sees with one side's eyes, or none for a spectator.
A side, once taken, belongs to the identity that took it (a key's fingerprint, or
the user name when the server admits by password), and only that identity can sit
there again. Everything needed to go on after a restart is on disk: the game in its
record (appended after every action), the table's owners and join code in a small
JSON file written whole and renamed into place; or, with a shared store,
in PostgreSQL (hub_store.py).
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import attrs

from plot_ai.pool import Answer, Job
from plot_core import Player, Rules, new_game
from plot_core.english import counted
from plot_core.puzzles import Puzzle, load_puzzles
from plot_record import ChatLine, Header, Recorder, RecordError, load_record, secret_seed, utc_stamp
from plot_record.clock import ClockRule
from plot_record.files import loads, read_regular, write_whole
from plot_record.format import REMOVED
from plot_session.controller import Controller
from plot_session.describe import SIDE
from plot_session.puzzle_play import PuzzleBook
from plot_session.session import Seat, Session
from plot_session.settings import SettingsFile, user_settings_path
from plot_session.table import AsyncioScheduler, CallbackScheduler, Table
from plot_tui.plain import clean

from .bans import BAR, MUTE, Ban, Bans, trimmed
from .chat import TABLE_TALK, WATCHERS_TALK, WATCHING, Lobby, Pace, TooFast, text_problem
from .clocks import Clocks, clock_words
from .figures import Figures
from .guard import CodeLimit, name_problem, new_name_problem, normal_name
from .hub_store import RECONNECTING, UNREADABLE, StoreTables, kept_listing
from .listing import Listing
from .lookalikes import lookalike
from .notices import Notices
from .passes import Passes, PassesInMemory, StoredPasses, by_password
from .pgstore import BanRow, Conflict, StoreError, prepare
from .presence import Presence
from .puzzle_books import FolderBook, StoredBook, StoredPuzzles
from .rematch import Rematches, rematch_from, rematch_words, waiting_for
from .replays import FinishedGames
from .result_book import ResultBook
from .shared import Hooks, Shared
from .table_index import TableIndex
from .tables import (  # noqa: F401  (the names the server and tests import from here)
    GAMES,
    TABLE_FILE_VERSION,
    Account,
    Damaged,
    Refused,
    ServedTable,
    TableClosed,
    TableConnection,
    WrongCode,
    new_code,
    number,
    owners_from,
    owners_or_none,
    record_path,
    refuse_closed,
    tell_all,
    to_operator,
)

MAX_TABLES = 20_000  # unfinished games a server keeps, loaded or not (a host's setting)
IDLE_AFTER = 600.0  # seconds a table nobody is at stays in memory
SWEEP_EVERY = 60.0  # seconds between looks for such tables
MAX_WATCHED = 5  # games of the computer against itself at once (they cost CPU)
WATCH_PACE = 0.6  # seconds between its steps there: a pace one can follow
SAVE_RETRY = 2.0  # seconds between tries to write a record the disk refused
# With a store, who sits where in another worker comes on its own channel, a moment
# after the move that a notice would tell: whether a player is away is judged this
# many seconds after the change, once it has come.
NOTICE_GRACE = 2.0
LISTING_PAUSE = 1.0  # seconds a table's listing waits for the store, gathering changes


def unlisted(more: int, rows: int) -> str:
    """What a list of every table says of the ``more`` tables it leaves out (it lists
    ``rows`` besides the player's own)."""
    tables = "table is" if more == 1 else "tables are"
    return (
        f"{more:,} more {tables} not listed: besides yours, the list holds {rows} chosen "
        "from those with a free side, then those being played, then the newest."
    )


@attrs.frozen
class Game:
    """One of a player's games, as their list of games says it."""

    table: Listing
    side: Player
    waits: str  # "move": theirs to move; "rematch": an offer waits for their answer; ""
    left: float | None  # seconds on their clock (None: no clock)
    their_left: float | None  # seconds on the opponent's clock
    last_move: str  # when the last move was made, in words ("2 h ago")


class Hub:
    """All tables of one server. ``later(delay, callback)`` and ``think(job, done)``: where
    the tables' timed work and the computer's searches run (the server's loop and its
    think pool; tests pass their own)."""

    def __init__(
        self,
        rules: Rules,
        home: Path,
        *,
        pace: float = 0.15,
        max_tables: int = MAX_TABLES,
        max_tables_per_player: int = 10,
        keep_finished: int = 20,
        idle_after: float = IDLE_AFTER,
        later: Callable[[float, Callable[[], None]], None] | None = None,
        think: Callable[[Job, Callable[[Answer | None], None]], None] | None = None,
        now: Callable[[], float] = time.monotonic,
        wall: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.rules, self.home, self.pace = rules, Path(home), pace
        self.max_tables = max_tables
        self.max_tables_per_player = max_tables_per_player  # unfinished, for one identity
        self.max_watched = MAX_WATCHED
        self.idle_after = idle_after  # seconds a table nobody is at stays loaded
        self.keep_finished = keep_finished  # finished games the lobby still lists
        # where the tables' timed work runs: the server's loop, and its think pool for the
        # computer's searches (tests pass their own, and run them by hand)
        loop = AsyncioScheduler()
        self.scheduler = CallbackScheduler(later or loop.later, think or loop.think)
        self.later = self.scheduler.later
        self.tables: dict[str, ServedTable] = {}  # the tables loaded in this process
        # every other table the lists show: its listing, kept beside its record; it is
        # loaded (load) when someone sits, watches, or its clock runs out
        self.listed: dict[str, Listing] = {}
        self.keeps_time = True  # looks at the clocks of tables not loaded (one worker does)
        self.index = TableIndex(number)  # who plays where; what every lobby lists
        self._elsewhere: dict[str, frozenset[Player]] = {}  # presence, as last indexed
        self.damaged: dict[str, Damaged] = {}  # tables that could not be read back
        self.lobby_listeners: list[Callable[[], None]] = []
        self.sessions: set = set()  # every connected player's session, every door (goodbye)
        self.lobby = Lobby()  # the lobby's talk
        # browsers' sign-ins and one-time links: in memory, or in the store (use_store)
        self.passes: Passes = PassesInMemory()
        self.replays = FinishedGames(rules, None)  # finished games' records, for R
        self._puzzles: list[Puzzle] | None = None  # read when first asked for
        self._stored_puzzles: StoredPuzzles | None = None  # the puzzle books' store, if shared
        self.web_url: str | None = None  # the web door's address, when it is open
        self.pace_of_talk = Pace()
        self._next = 1
        # shared: the tables live in PostgreSQL, shared with other processes;
        # None: in files under ``home``, this process's alone
        self.shared: Shared | None = None
        self.stored: StoreTables | None = None  # the tables' part in the store, if shared
        self.store_trouble: str | None = None
        self.now = now
        self.wall = wall  # the date and time, for "the last move: 3 h ago"
        self.notices: Notices | None = None  # players told away from the screen (notices.py)
        self._notice_due: set[str] = set()  # tables whose change the notices hear soon
        self._listing_due: set[str] = set()  # tables whose listing the store gets soon
        self.figures = Figures()  # what the host watches (figures.py)
        self.results = ResultBook(self.home)  # finished games' results: the ratings
        self.bans = Bans(self.home)  # names the host has barred (plot admin)
        self.clocks = Clocks(
            self.tables,
            self.wall,
            self.later,
            lambda: self.notices,
            listed=self.listed,
            listing=self.listing,
            load=self.load,
            keeps_time=lambda: self.keeps_time,
        )
        self.rematches = Rematches(self.tables, self.create, self._save)
        self.presence = Presence(self.tables, lambda: self.shared, now)  # seats elsewhere

    def use_store(self, url: str, post: Callable[[Callable[[], None]], None]) -> None:
        """Keep the tables in the PostgreSQL store at ``url``, shared with every process
        that uses it. ``post(callback)`` runs ``callback`` on this hub's loop,
        from any thread. Call before ``restore``; StoreError says why it cannot."""
        prepare(url)
        self.replays.store_url = url
        self.passes = StoredPasses(url)
        self.stored = stored = StoreTables(self.rules, self)
        stored.shared = self.shared = Shared(
            url,
            post,
            Hooks(
                stored.lines_from_store,
                stored.table_from_store,
                stored.store_away,
                self._presence_heard,
                self._presence_tick,
                self.bans_heard,
                stored.listings_heard,
                stored.marks_heard,
            ),
            self.keep_finished,
        )
        self.shared.start()
        self.results = ResultBook(self.home, store=lambda: stored.link.store)
        self.bans = Bans(self.home, store=lambda: stored.link.store)
        self._stored_puzzles = StoredPuzzles(url)

    @property
    def games_dir(self) -> Path:
        return self.home / GAMES

    @property
    def tables_dir(self) -> Path:
        return self.home / "tables"

    # -- making tables ----------------------------------------------------------------------
    def create(
        self,
        who: Account,
        side: Player,
        *,
        opponent: Seat,
        level: str = "easy",
        seed: int | None = None,
        setup: str = "standard",
        both: bool = False,
        clock: ClockRule | None = None,
    ) -> ServedTable:
        """``seed``: None (always, in play) for a secret one; tests choose theirs.
        ``both``: the computer plays both sides, for everyone to watch; ``clock``: a
        correspondence clock, for a game between two players."""
        if clock is not None and (opponent is not Seat.HUMAN or both):
            raise Refused("A clock is for a game between two players; the computer needs none.")
        self.prune()
        if self.unfinished() >= self.max_tables:
            raise Refused(
                f"The server already holds {self.max_tables} unfinished games, "
                "its limit; join or watch one of them."
            )
        self._check_own_limit(who)
        if both and sum(not t.over and not t.human_sides() for t in self.listings()) >= self.max_watched:
            raise Refused(
                f"The server already runs {self.max_watched} games of the computer "
                "against itself, its limit; watch one of them."
            )
        seats = {side: Seat.HUMAN, side.enemy: opponent}
        levels = {side.enemy: level} if opponent is Seat.COMPUTER else {}
        if both:
            seats = {p: Seat.COMPUTER for p in Player}
            levels = {p: level for p in Player}
        chosen = seed is not None
        seed = seed if seed is not None else secret_seed()
        state = new_game(seed, setup=setup, rules=self.rules)
        header = Header(
            rules_hash=self.rules.version,
            seed=seed,
            chosen_seed=chosen,
            start={"setup": setup},
            players={p.value: seats[p].value for p in Player},
            levels={p.value: lv for p, lv in levels.items()},
            clock=clock,
        )
        owners: dict[Player, Account | None] = {p: None for p in Player if seats[p] is Seat.HUMAN}
        if not both:
            owners[side] = who
        table = (
            self._stored().create(header, state, owners)
            if self.shared is not None
            else self._create_in_files(header, state, owners)
        )
        if self.notices is not None:
            self.notices.not_news(table.listing())  # (its maker is sitting down at it)
        self.open_table(table)
        against = (
            "both sides the computer's"
            if both
            else f"the {SIDE[side]} against "
            + ("a player" if opponent is Seat.HUMAN else f"the computer ({level})")
        )
        to_operator(f"table {table.id} made by {who.name}: {against}")
        return table

    def _create_in_files(self, header: Header, state, owners) -> ServedTable:
        """A new table's record and table file under ``home``; nothing half made."""
        table_id = self._free_id()
        path = self.games_dir / f"{table_id}-{header.game}.jsonl"  # no seed in names
        recorder = None
        try:
            recorder = Recorder(path, header)
            session = Session.begun(state, header, recorder=recorder)
            table = ServedTable(
                table_id,
                new_code(),
                session,
                owners,
                self.tables_dir / f"{table_id}.json",
                path,
                datetime.now(UTC).isoformat(timespec="seconds"),
            )
            self._save(table)
        except OSError:
            # nothing half made: no table in the lobby, no record or .tmp left behind
            if recorder is not None:
                recorder.abandon()
            for leftover in (path, self.tables_dir / f"{table_id}.tmp"):
                leftover.unlink(missing_ok=True)
            raise
        return table

    def _check_own_limit(self, who: Account) -> None:
        """One player may hold only so many unfinished games (a key, or a name signed
        in with the password): one name once took every table the server had."""
        mine = sum(1 for t, _ in self.mine(who) if not t.over)
        if mine >= self.max_tables_per_player:
            raise Refused(
                f"You already play {mine} unfinished games here, this server's limit for one "
                "player: finish one of them first."
            )

    def _free_id(self) -> str:
        """The next table number no file holds: a table file that could not be read
        keeps its number, and its files are never written over."""
        while self._taken(self._next):
            self._next += 1
        self._next += 1
        return f"T{self._next - 1}"

    def _taken(self, n: int) -> bool:
        return any(self.tables_dir.glob(f"T{n}.*")) or any(self.games_dir.glob(f"T{n}-*"))

    def open_table(self, table: ServedTable) -> None:
        """A table made or read back: its game runs (plot_session.table) on the
        server's loop; every change at it is told (_changed)."""
        pace = self.pace if table.human_sides() else max(self.pace, WATCH_PACE)
        table.runtime = Table(
            table.session,
            self.scheduler,
            pace=pace,
            moves_computer=lambda: self._moves_computer(table),
            # a bug: the host is told, the server goes on (the next change tries again)
            on_error=lambda exc: to_operator(f"the computer could not move at table {table.id}: {exc!r}"),
        )
        table.end_told = table.over  # a finished game read back was said when it ended
        table.touched = self.now()
        table.session.names_paths = False  # the host's paths are for the host's log
        table.runtime.subscribe(lambda _change: self._changed(table))
        self.tables[table.id] = table
        self.listed.pop(table.id, None)
        self.presence.apply()  # someone may sit at it through another process
        if self.stored is not None:
            self.stored.bind(table)
        table.runtime.changed()

    def _stored(self) -> StoreTables:
        """The tables' part in the shared store (only a hub that keeps one asks)."""
        if self.stored is None:
            raise AssertionError("this hub keeps its tables in files, not in the store")
        return self.stored

    # -- sitting down ---------------------------------------------------------------------
    def listings(self) -> list[Listing]:
        """Every table this server lists, loaded or not, as the lists say it."""
        loaded = [t.listing() for t in self.tables.values()]
        return loaded + [
            t for i in self.listed if i not in self.tables and (t := self.listing(i)) is not None
        ]

    def listing(self, table_id: str) -> Listing | None:
        """One table as the lists say it; None if there is none (or it is damaged)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table.listing()
        listing = self.listed.get(table_id)
        present = self.presence.by_table().get(table_id)
        return listing if listing is None or present is None else attrs.evolve(listing, present=present)

    def track(self, table_id: str) -> None:
        """``table_id`` changed (made, moved, seats taken, gone): the index follows."""
        listing = self.listing(table_id)
        if listing is None:
            self.index.forget(table_id)
        else:
            self.index.track(listing)

    def _presence_heard(self, process: str, seats: frozenset) -> None:
        self.presence.heard(process, seats)
        self.elsewhere_changed()

    def _presence_tick(self) -> None:
        self.presence.tick()
        self.elsewhere_changed()

    def elsewhere_changed(self) -> None:
        """Who sits where through other processes changed: the tables concerned are
        indexed again (who is at a table ranks it in the lobbies' list)."""
        now = self.presence.by_table()
        for table_id in set(now) | set(self._elsewhere):
            if now.get(table_id) != self._elsewhere.get(table_id):
                self.track(table_id)
        self._elsewhere = now

    def listed_for(self, who: Account) -> list[Listing]:
        """The tables as a lobby lists them to ``who``: their own and those the index
        lists to everyone, those where it is their move first, then in the order they
        were made."""
        ids = dict.fromkeys(self.index.owned(who.key) + self.index.public())
        shown = [t for i in ids if (t := self.listing(i)) is not None]
        return sorted(shown, key=lambda t: (not t.your_move(who), number(t.id)))

    def games_of(self, who: Account) -> list[Game]:
        """The games where ``who`` has a side: theirs to move (or to answer an offer of a
        rematch) first, then the most recently moved (a game not yet begun last)."""
        now = self.wall()
        games = [
            Game(
                table,
                side,
                "move" if table.your_move(who) else "rematch" if waiting_for(table, side) else "",
                None if (left := table.time_left(now)) is None else left[side],
                None if left is None else left[side.enemy],
                table.last_move(now),
            )
            for table, side in self.mine(who)
        ]
        games.sort(key=lambda g: g.table.last_move_at or "", reverse=True)
        games.sort(key=lambda g: (not g.waits, g.table.over))
        return games

    def unfinished(self) -> int:
        """The unfinished games this server keeps, loaded or not."""
        return sum(not t.over for t in self.tables.values()) + sum(
            not t.over for i, t in self.listed.items() if i not in self.tables
        )

    def moves_of(self, who: Account) -> set[str]:
        """The tables where it is ``who``'s move."""
        return {t.id for t, _ in self.mine(who) if t.your_move(who)}

    def table(self, table_id: str) -> ServedTable:
        """A table, loaded if it was not (Refused: there is none, or it is damaged)."""
        key = table_id.strip().upper()
        table = self.tables.get(key)
        if table is None and key in self.listed:
            table = self.load(key)
        if table is None:
            damaged = self.damaged.get(key)
            raise Refused(damaged.refusal() if damaged else f"There is no table {table_id!r} on this server.")
        return table

    def puzzles(self) -> list[Puzzle]:
        """The installed puzzles, read once for every session (the lobby's p). Reading
        them takes over half a second (each position is loaded to check it): the first
        time, not on the loop (``puzzles_read`` says whether it is done). DataError names
        a puzzle file that cannot be read."""
        if self._puzzles is None:
            self._puzzles = load_puzzles(self.rules)
        return self._puzzles

    @property
    def puzzles_read(self) -> bool:
        return self._puzzles is not None

    def puzzle_book(self, who_key: str, settings: SettingsFile) -> PuzzleBook:
        """Where a player's puzzle record is kept: the store, if this server has one,
        else their settings in the data folder (puzzle_books.py). ``settings``: the
        session's own object for the player's settings file, which its screens save."""
        if self._stored_puzzles is not None:
            return StoredBook(self._stored_puzzles, who_key, settings)
        return FolderBook(self.home, settings)

    def load(self, table_id: str) -> ServedTable | None:
        """A listed table read from its record and opened here; None if it cannot be
        read (it is then listed as damaged, and the host told why). Refused if the
        store does not answer just now (the table stays listed)."""
        try:
            table = self._read(table_id)
        except TableClosed:
            table = None
        except StoreError as exc:
            to_operator(f"could not load table {table_id} just now: {exc}")
            raise Refused(
                f"Table {table_id} cannot be read just now: the server cannot reach its store. "
                "Try again in a moment."
            ) from None
        except (OSError, *UNREADABLE) as exc:
            to_operator(f"could not load table {table_id} (listed as damaged, left as it is): {exc}")
            owners = self.listed[table_id].owners
            self.damaged[table_id] = Damaged(table_id, owners, str(exc))
            table = None
        self.listed.pop(table_id, None)
        if table is not None:
            self.open_table(table)  # (indexed at its first change)
        else:
            self.track(table_id)  # damaged, or closed: no longer listed
        return table

    def _read(self, table_id: str) -> ServedTable:
        """A table as its files or the store hold it (not opened)."""
        if self.stored is not None:
            return self.stored.read(table_id)
        return self._load(self.tables_dir / f"{table_id}.json")

    def name_problem(self, name: str) -> str | None:
        """Why ``name`` may not even try to sign in here, or None: not a name at all
        (guard.py), or one the host barred. Asked before any password or key, so it
        names no player but a barred one (the host's own word)."""
        problem = name_problem(name)
        if problem is not None:
            return problem
        ban = self.bans.barring(normal_name(name))
        return ban.words() if ban is not None else None

    def barred(self, who: Account) -> Ban | None:
        """The host's bar on ``who``: on its name (or one it looks just like), or on its key."""
        return self.bans.barring(who.name) or self.bans.barring_key(who.key)

    def signed_in_problem(self, who: Account) -> str | None:
        """Why ``who``, whose password or key was right, may not come in after all: its
        key is barred under another name, or its name is new here and may not be taken
        (guard.new_name_problem) or looks just like a player's. A name already known
        (known_names, or with settings kept here) keeps its place, though the rules for
        new names came after it."""
        ban = self.barred(who)
        if ban is not None:
            return ban.words()
        known = self.known_names()
        if who.name in known:
            return None
        if not self._kept_settings_of_name(who):
            problem = new_name_problem(who.name)
            if problem is not None:
                return problem
        return self.lookalike_problem(who.name, known)

    def _kept_settings_of_name(self, who: Account) -> bool:
        """Does this name have settings kept here (a colour chosen, a puzzle tried)? Only
        a password's identity is its name: a key's settings are the key's, whatever name
        it gives, so they vouch for no name."""
        return by_password(who) and user_settings_path(self.home, who.key).exists()

    def known_names(self) -> set[str]:
        """The names of the players known here: connected, at a table (watchers too) or
        in the ratings."""
        known = {name for t in self.listings() for name in t.names()}
        known |= {name for t in self.tables.values() for name in t.names()}
        known |= {s.who.name for s in self.sessions}
        known |= {s.name for s in self.results.standings().values()}
        return known

    def lookalike_problem(self, name: str, known: set[str] | None = None) -> str | None:
        """Why a player who has signed in may not be called ``name``: it looks just like
        the name of a player known here (lookalikes.py; ``known``, if given, holds them)
        and could pass for them. Asked only once the password or key is right: the answer
        names that player. A name already known keeps its place."""
        known = self.known_names() if known is None else known
        other = None if name in known else lookalike(name, known)
        if other is not None:
            return f"a user name that looks just like {other!r}, a player here, may not be taken"
        return None

    def close(self, table_id: str, why: str) -> ServedTable:
        """The host closes a table (plot admin): everyone at it is sent to the lobby and
        told why, it leaves every list, and it is not read back on a restart; its
        record stays as it is. Refused if there is no such table."""
        table = self.table(table_id)
        closed = trimmed(why) or "closed by the host"
        if self.shared is not None:
            # on the store's own row: a seat taken through another process a moment ago
            # must not make the host's word a conflict
            try:
                found = self.shared.store.table(table.id)
                if found is None:
                    raise Refused(f"There is no table {table.id!r} in the store.")
                meta, version = found
                table.version = self.shared.store.set_meta(table.id, {**meta, "closed": closed}, version)
            except (Conflict, StoreError) as exc:
                raise Refused(f"Table {table.id} could not be closed just now ({exc}); try again.") from None
            table.closed = closed
        else:
            table.closed = closed
            try:
                self._save(table)
            except OSError as exc:  # (nothing half done: the table plays on, unclosed)
                table.closed = ""
                to_operator(f"table {table.id} could not be closed: {exc}")
                raise Refused(
                    f"Table {table.id} could not be closed: its file could not be written."
                ) from None
        self.drop_closed(table)
        to_operator(f"table {table.id} closed by the host: {table.closed}")
        return table

    def drop_closed(self, table: ServedTable) -> None:
        """A table closed here or through another process: its game stops (the computer
        too), its record is closed as it stands, its screens are told, and it is gone."""
        self._unload(table)
        self.tables.pop(table.id, None)
        self.listed.pop(table.id, None)
        self.track(table.id)
        if self.stored is not None:
            self.stored.closed[table.id] = table.version
        for guest in list(table.guests):
            table.guests.remove(guest)
            guest.on_closed(f"The host closed table {table.id}: {table.closed}. Its record is kept.")
        self.presence.tell()
        tell_all(list(self.lobby_listeners), f"of table {table.id} closed")

    def ban(self, name: str, why: str) -> int:
        """The host bars ``name`` (and names that look just like it) from signing in;
        its sessions now are ended with the reason. How many were ended."""
        name = normal_name(name)
        # the keys seen under the name (not a password's: any name may take those)
        seen = [s.who for s in self.sessions] + [
            o for t in self.listings() for o in t.owners.values() if o is not None
        ]
        keys = tuple(sorted({w.key for w in seen if w.name == name and not by_password(w)}))
        ban = self.bans.add(name, why, BAR, keys)
        ended = self._end_barred()
        to_operator(f"{ban.words()} ({counted(ended, 'session')} ended)")
        return ended

    def bans_heard(self, rows: list[BanRow]) -> None:
        """The host's bars and mutes as the store has them, after a change through
        another process: the sessions they now bar here end too."""
        self.bans.heard(rows)
        self._end_barred()

    def _end_barred(self) -> int:
        """The sessions of barred names ended, each told why; how many."""
        ended = 0
        for session in list(self.sessions):
            ban = self.barred(session.who)
            if ban is not None:
                session.goodbye = f"plot: {ban.words()}."
                session.exit()
                ended += 1
        return ended

    def unsay(self, table_id: str, n: int) -> tuple[str, ChatLine]:
        """The host takes back line ``n`` of a table's talk (from 0, as `plot admin talk`
        numbers them): every screen shows it removed, and the record says so. The
        table's id, and the line as it now reads (who said it, and when)."""
        table = self.table(table_id)
        if table.over:
            raise Refused(f"The game at table {table.id} is over: its record takes no more lines.")
        chat = table.session.chat
        if 0 <= n < len(chat) and chat[n].text == REMOVED:
            raise Refused(f"Line {n} of the talk at table {table.id} is taken back already.")
        try:
            line = table.session.unsay(n)
        except IndexError:
            raise Refused(
                f"Table {table.id} has no line {n} of talk (it has {len(table.session.chat)})."
            ) from None
        to_operator(f"the host took back line {n} of the talk at table {table.id}")
        return table.id, line

    def mute(self, name: str, why: str) -> None:
        """The host mutes ``name`` (and its look-alikes): it plays on, and talks nowhere."""
        ban = self.bans.add(normal_name(name), why, MUTE)
        to_operator(ban.words())  # (the reason, when the host gave one)

    def lift(self, name: str, kind: str = BAR) -> bool:
        """The host lifts a bar (or a mute) on ``name``; False if there was none."""
        done = self.bans.remove(normal_name(name), kind)
        if done:
            to_operator(
                f"the host lifted the {'ban' if kind == BAR else 'mute'} on the name {normal_name(name)!r}"
            )
        return done

    def damaged_of(self, who: Account) -> list[Damaged]:
        """The damaged tables where ``who`` has a side (their list of games says so)."""
        return [d for d in self.damaged.values() if d.side_of(who) is not None]

    def may_join(self, table_id: str, who: Account) -> list[Player]:
        """The free sides of the table ``who`` may take with its join code; Refused,
        saying why, if none (every side taken, the game over, the player's own limit,
        too many wrong codes). Asked before the code is, so that none is asked in vain."""
        table = self.table(table_id)
        free = table.free_sides()
        if not free:
            owners = ((p, table.owners[p]) for p in table.human_sides())
            taken = ", ".join(f"{SIDE[p]}: {owner.name}" for p, owner in owners if owner is not None)
            raise Refused(
                f"Table {table.id} has no free side ({taken}); a side can be "
                "taken back only by the player who took it. Press w to watch."
            )
        if table.over:
            raise Refused(f"The game at table {table.id} is over; press w to look at it.")
        self._check_own_limit(who)
        wait = table.codes.blocked_for(who.key)
        if wait:  # a guesser's right code waits too: no guessing on
            raise Refused(
                f"Table {table.id} takes no join code from you for "
                f"{math.ceil(wait)} s: too many wrong ones were tried."
            )
        return free

    def sit(
        self,
        table_id: str,
        who: Account,
        *,
        codes: CodeLimit,
        code: str = "",
        on_change=lambda: None,
        on_kick=lambda why: None,
        on_closed=lambda why: None,
    ) -> TableConnection:
        """Take (or take back) a side. A side once taken is ``who``'s alone; the join
        code is needed only to take a free side. ``codes`` counts the wrong codes of the
        connection asking, at every table: each door must pass its own."""
        table = self.table(table_id)
        side = table.side_of(who)
        if side is None:
            free = self.may_join(table_id, who)
            wait = codes.blocked_for()
            if wait:  # a right code waits too: no guessing on at table after table
                raise Refused(
                    "Too many wrong join codes from this connection: "
                    f"wait {math.ceil(wait)} s before the next."
                )
            ask = f"ask the {SIDE[table.human_sides()[0]]} player for it."
            if not code.strip():  # no code is no guess: nothing counted
                raise WrongCode(f"Table {table.id}'s free side needs its join code: {ask}")
            if code.strip().upper() != table.code:
                table.codes.wrong(who.key)
                codes.wrong()
                to_operator(f"a wrong join code for table {table.id} from {clean(who.name)}")
                raise WrongCode(f"That is not the join code of table {table.id}: {ask}")
            side = free[0]
            table.owners[side] = who
            try:
                self._save(table)
            except Refused:
                table.owners[side] = None
                raise
            to_operator(f"table {table.id}: {who.name} joins as the {SIDE[side]}")
        old = table.seated(side)
        if old is not None:  # the same player again: the newer connection wins
            table.sat_again(old)
        guest = self._seat(table, side, who, on_change, on_kick)
        guest.on_closed = on_closed
        self.presence.tell()
        # (with a store, a computer waiting for someone at the table moves now)
        table.runtime.changed()
        return guest

    def _seat(
        self, table: ServedTable, side: Player | None, who: Account, on_change, on_kick
    ) -> TableConnection:
        """A connection's place at ``table``: its screens' controller (plot_session),
        acting for ``side`` (None: watching), and the table's talk in its name."""
        guest = TableConnection(table.id, None, who, on_change, on_kick)  # type: ignore[arg-type]  # (next line)
        guest.chair = Controller(
            table.runtime,
            [side] if side is not None else [],
            local=False,
            note=lambda: self.note_for(table, side),
            talk=lambda text: self.say(guest, text),
        )
        table.guests.append(guest)
        return guest

    def watch(
        self, table_id: str, who: Account, *, on_change=lambda: None, on_closed=lambda why: None
    ) -> TableConnection:
        table = self.table(table_id)
        guest = self._seat(table, None, who, on_change, lambda why: None)
        guest.on_closed = on_closed
        # (with a store, a computer playing itself moves where someone watches)
        table.runtime.changed()
        return guest

    def note_for(self, table: ServedTable, side: Player | None) -> str:
        """What a screen at ``table`` says of the others, the clock and a rematch."""
        words = (
            table.note_for(side),
            clock_words(table, side, self.wall()),
            self.results.change_words(table, side),
            rematch_words(table, side),
        )
        return " ".join(w for w in words if w)

    # -- talk -----------------------------------------------------------------
    def _words(self, who: Account, text: str) -> str:
        muted = self.bans.muting(who.name)
        if muted is not None:
            raise Refused(f"You may not talk here: {muted.words()}.")
        problem = text_problem(text)
        if problem:
            raise Refused(problem)
        try:
            self.pace_of_talk.check(who.key)
        except TooFast as exc:
            raise Refused(str(exc)) from None
        # whatever a terminal sent, the record is UTF-8: nothing it cannot write gets in
        return text.strip().encode("utf-8", "replace").decode("utf-8")

    def say(self, guest: TableConnection, text: str) -> ChatLine:
        """``guest`` says ``text`` at their table: everyone there sees it, and the game's
        record keeps it. Refused (with why) if empty, too long or too fast."""
        table = self.table(guest.table_id)
        if len(table.session.chat) >= TABLE_TALK:
            raise Refused(
                f"This table's talk is full ({TABLE_TALK:,} lines, all kept in the "
                f"game's record); the lobby's talk is still open."
            )
        side = guest.chair.side
        if side is None and sum(c.role == WATCHING for c in table.session.chat) >= WATCHERS_TALK:
            raise Refused(
                f"The watchers' share of this table's talk is used ({WATCHERS_TALK} lines): "
                "the players may still talk here, and the lobby's talk is open."
            )
        line = ChatLine(
            table.session.actions,
            utc_stamp(),
            guest.who.name,
            SIDE[side] if side is not None else WATCHING,
            self._words(guest.who, text),
        )
        table.session.say(line)  # tells the table's screens
        return line

    def say_in_lobby(self, who: Account, text: str) -> ChatLine:
        line = ChatLine(0, utc_stamp(), who.name, "lobby", self._words(who, text))
        self.lobby.add(line)
        tell_all(list(self.lobby_listeners), "of a line of lobby talk")
        return line

    def leave(self, guest: TableConnection) -> None:
        table = self.tables.get(guest.table_id)
        if table is not None and guest in table.guests:
            table.guests.remove(guest)
            table.touched = self.now()
            self.presence.tell()
            self.prune()
            table.runtime.changed()

    def prune(self) -> None:
        """Finished games leave the lobby (their records stay on disk) once nobody is at
        them and ``keep_finished`` newer finished games are listed: a server that runs
        for months must not list, or hold in memory, every game it ever saw."""
        over = [i for i, t in self.listed.items() if t.over and i not in self.tables]
        # (a game just ended is not let go before its listing, notices and result are out)
        over += [i for i, t in self.tables.items() if t.over and not t.guests and not self._busy(t)]
        for table_id in sorted(over, key=number, reverse=True)[self.keep_finished :]:
            self.listed.pop(table_id, None)
            table = self.tables.pop(table_id, None)
            if table is not None:
                self._unload(table)
            self.index.forget(table_id)

    # -- tables loaded on demand ------------------------------------------------------------
    def sweep(self) -> None:
        """Tables nobody has been at for ``idle_after`` seconds leave memory (their
        listings stay in the lists); looked for now and every SWEEP_EVERY seconds."""
        self.drop_idle()
        self.later(SWEEP_EVERY, self.sweep)

    def drop_idle(self) -> list[str]:
        """The idle tables dropped from memory now: nobody at them, nothing of theirs
        waiting to be written or told, and the computer not to move there."""
        now, dropped = self.now(), []
        for table in list(self.tables.values()):
            idle = now - table.touched >= self.idle_after
            if idle and not table.guests and not self._busy(table):
                listing = self._keep_listing(table)
                del self.tables[table.id]
                self._unload(table)
                self.listed[table.id] = listing
                dropped.append(table.id)
                self.track(table.id)  # (nobody watching it now)
        return dropped

    def _busy(self, table: ServedTable) -> bool:
        """Is something of ``table``'s still under way (a line not yet written, a
        notice not yet told, the computer's move)?"""
        s = table.session
        due = table.id in self._notice_due or table.id in self._listing_due
        # a seat's standing answer to the coup question (18.11) is the table's own,
        # in memory: it stays loaded for the Game-Turn the answer stands for
        standing = s.state.turn in table.runtime.no_coup_in.values()
        return bool(s.unsaved or table.held_rows or due or standing or table.runtime.busy)

    def _unload(self, table: ServedTable) -> None:
        """A table no longer in memory here: its game stops, its record file is closed."""
        table.runtime.close()
        self._close_record(table)

    def _close_record(self, table: ServedTable) -> None:
        recorder = table.session.recorder
        if recorder is not None:
            with contextlib.suppress(OSError):
                recorder.close()
        if self.shared is not None:
            self.shared.known.pop(table.id, None)

    def _keep_listing(self, table: ServedTable) -> Listing:
        """``table``'s listing now, written beside its record (its file, or its row)."""
        if self.stored is not None:
            return self.stored.keep_listing(table)
        listing = table.listing(self._record_size(table))
        with contextlib.suppress(OSError):  # (not kept: made again from the record)
            self._save(table, listing)
        return listing

    @staticmethod
    def _record_size(table: ServedTable) -> int:
        try:
            return Path(table.record).stat().st_size
        except OSError:
            return -1

    def mine(self, who: Account) -> list[tuple[Listing, Player]]:
        """The tables where ``who`` has a side, and the side."""
        out = []
        for table_id in self.index.owned(who.key):
            t = self.listing(table_id)
            if t is not None and (side := t.side_of(who)) is not None:
                out.append((t, side))
        return out

    # -- telling everyone ---------------------------------------------------------------------
    def _changed(self, table: ServedTable) -> None:
        """Every change at ``table`` (its game, its seats, its talk): its players' and the
        lobby's connections are told, the notices hear it, a finished game is rated."""
        table.touched = self.now()
        self.track(table.id)
        if table.over and not self.results.knows(table.id) and not table.session.unsaved:
            self.results.rate(table)  # before the lobby is told: its ratings count the game
        if table.over and not table.end_told:
            table.end_told = True
            outcome = table.session.state.outcome
            to_operator(f"table {table.id} is over: {outcome.reason if outcome is not None else ''}")
        tell_all([g.on_change for g in table.guests] + self.lobby_listeners, f"of a change at {table.id}")
        if self.shared is None:
            self._tell_notices(table.id)
        else:
            self._notices_soon(table.id)
            if table.id not in self._listing_due:  # (a move's listing, not every step's)
                self._listing_due.add(table.id)
                self.later(LISTING_PAUSE, lambda: self._keep_listing_now(table.id))
        self.watch_saving(table)

    def listings_changed(self, table_ids: list[str]) -> None:
        """Tables not loaded here changed through another process (their listings
        came): the lobby is told once, and the notices of each."""
        for table_id in table_ids:
            self.track(table_id)
            self._notices_soon(table_id)
        tell_all(list(self.lobby_listeners), f"of a change at {', '.join(table_ids[:3])}")

    def _notices_soon(self, table_id: str) -> None:
        if table_id not in self._notice_due:
            self._notice_due.add(table_id)
            self.later(NOTICE_GRACE, lambda: self._tell_notices(table_id))

    def _keep_listing_now(self, table_id: str) -> None:
        self._listing_due.discard(table_id)
        table = self.tables.get(table_id)
        if table is not None:
            self._keep_listing(table)

    def _tell_notices(self, table_id: str) -> None:
        self._notice_due.discard(table_id)
        listing = self.listing(table_id)
        if self.notices is not None and listing is not None:
            self.notices.table_changed(listing)

    def _moves_computer(self, table: ServedTable) -> bool:
        """Does this process move the computer at ``table``? Always, with files. With a
        shared store, where its human player sits (watchers may be on any process), or
        at a game of the computer against itself, where someone watches; if two
        processes move it at once, the store keeps one move (hub_store.py)."""
        if self.shared is None:
            return True
        if table.human_sides():
            return any(g.chair.side is not None for g in table.guests)
        return bool(table.guests)

    def watch_saving(self, table: ServedTable) -> None:
        """A record the disk refuses: the table waits (its session lets nobody act), the
        operator is told once, and the hub tries again until the disk takes it."""
        s = table.session
        if self.shared is not None:  # the store's writer retries by itself
            problem = RECONNECTING if self.store_trouble and s.unsaved else None
            if problem != s.record_problem:  # every screen says so: a new version
                s.record_problem = problem
                self.later(0, table.runtime.changed)
            return
        if s.unsaved and not table.saving_told:
            table.saving_told = True
            to_operator(
                f"table {table.id}: {s.record_problem} ({table.record}); retrying every {SAVE_RETRY:g} s"
            )
            self.later(SAVE_RETRY, lambda: self._retry_saving(table))
        elif not s.unsaved and table.saving_told:
            table.saving_told = False
            to_operator(f"table {table.id} is saved again; its game goes on")

    def _retry_saving(self, table: ServedTable) -> None:
        if table.session.unsaved and not table.session.retry_saving():
            self.later(SAVE_RETRY, lambda: self._retry_saving(table))

    # -- on disk -------------------------------------------------------------------------------
    def _save(self, table: ServedTable, listing: Listing | None = None) -> None:
        """Write ``table``'s owners and code (its file, or its row in the store); in a
        file, with its listing (``listing``, or made now) for the lists after a restart."""
        if self.shared is not None:
            try:
                table.version = self.shared.store.set_meta(table.id, table.meta(), table.version)
            except Conflict:
                raise Refused(
                    "Someone changed that table from another connection a moment "
                    "ago; look again and try once more."
                ) from None
            except StoreError as exc:  # (its words name the store: the host's)
                to_operator(f"table {table.id} could not be saved to the store: {exc}")
                raise Refused("The server cannot reach its store just now; try again in a moment.") from None
            return
        self.tables_dir.mkdir(parents=True, exist_ok=True)
        if table.meta_path is None:
            raise AssertionError(f"table {table.id} lives in the store, not in a file")
        # T1.tmp, not T1.json.tmp: every file of table n is T{n}.* (see _taken)
        if listing is None:
            listing = table.listing(self._record_size(table))
        write_whole(
            table.meta_path,
            json.dumps({**table.meta(), "listing": listing.to_json()}, indent=1) + "\n",
            tmp=table.meta_path.with_suffix(".tmp"),
        )

    def restore(self) -> list[str]:
        """Every table from its files: the unfinished ones, and as many of the newest
        finished ones as the lobby lists. Returns what could not be restored and why (the
        files are left as they are); one bad file never stops the others."""
        problems = [
            f"a kept result could not be read (its game is rated again from its table): {problem}"
            for problem in self.results.load()
        ] + self.bans.load()
        if self.shared is not None:
            problems += [
                f"could not restore a table (listed as damaged, left as it is): {problem}"
                for problem in self._stored().restore()
            ]
        else:
            problems += self._restore_files()
        for table_id in list(self.listed):
            self.track(table_id)
        return problems

    def _restore_files(self) -> list[str]:
        problems = []
        for p in [*self.tables_dir.glob("T*"), *self.games_dir.glob("T*-*")]:
            n = number(p.name.split(".")[0].split("-")[0])  # numbers held by any file
            self._next = max(self._next, n + 1)
        for meta_path in sorted(self.tables_dir.glob("T*.json"), key=lambda p: number(p.stem)):
            try:
                listing = self._listed_in(meta_path)
                if listing is not None:
                    self.listed[listing.id] = listing  # (read when someone comes)
                    continue
                table = self._load(meta_path)
            except TableClosed:
                continue  # the host closed it: its files stay, the server leaves it be
            except (OSError, ValueError, KeyError, TypeError, RecordError) as exc:
                # named and left as it is; the others still come back; listed as damaged
                problems.append(
                    f"could not restore a table (listed as damaged, left as it is): {meta_path}: {exc}"
                )
                self._damaged(meta_path, str(exc))
                continue
            self._restored(table)
        self.prune()
        return problems

    def _restored(self, table: ServedTable) -> None:
        """A table read back whose listing had to be made from its game: opened if the
        computer is to move there, else listed (its listing kept) and let go."""
        if not table.over and table.session.computer_to_act():
            self.open_table(table)
            return
        if table.over and not self.results.knows(table.id):
            self.results.rate(table)  # (its result was lost: rated again from its game)
        self.listed[table.id] = self._keep_listing(table)
        self._close_record(table)  # (never opened: no game runs)

    def _listed_in(self, meta_path: Path) -> Listing | None:
        """A table's listing as its file keeps it, if it is as new as its record and the
        game need not run (else None: the table is read); TableClosed, ValueError and
        the like as _load's."""
        meta = self._meta(meta_path)
        listing = kept_listing(meta["id"], meta, meta.get("listing"), str(meta_path))
        if listing is None:
            return None
        path = record_path(self.home, meta.get("record"), meta["id"])
        if listing.size != path.stat().st_size:
            return None  # older than its record: made again from the game
        if listing.computer_to_act() or (listing.over and not self.results.knows(listing.id)):
            return None  # the computer is to move (its game runs), or a result is to be kept
        return listing

    def _damaged(self, meta_path: Path, why: str) -> None:
        if number(meta_path.stem) == 0:
            return  # not a table's file at all: named to the host, nothing to list
        try:
            meta = loads(read_regular(meta_path, limit=64 * 1024), str(meta_path))
        except (OSError, ValueError):
            meta = None
        self.damaged[meta_path.stem] = Damaged(meta_path.stem, owners_or_none(meta), why)

    def _meta(self, meta_path: Path) -> dict:
        """A table's file, checked (TableClosed: the host closed it)."""
        meta = loads(
            read_regular(meta_path, limit=64 * 1024), str(meta_path)
        )  # (a bounded read: a file is not trusted)
        if not isinstance(meta, dict):
            raise ValueError("not a table file (expected a JSON object)")
        if meta.get("version") != TABLE_FILE_VERSION:
            raise ValueError(f"table file version {meta.get('version')!r}, expected {TABLE_FILE_VERSION}")
        refuse_closed(meta)
        if meta.get("id") != meta_path.stem or number(meta_path.stem) == 0:
            raise ValueError(
                f"a table file is named T and its number (T12.json), and says "
                f"the same id inside; this one says {str(meta.get('id'))[:20]!r}"
            )
        self._next = max(self._next, number(meta["id"]) + 1)
        return meta

    def _load(self, meta_path: Path) -> ServedTable:
        meta = self._meta(meta_path)
        path = record_path(self.home, meta.get("record"), meta["id"])
        record = load_record(path, self.rules)
        # a finished game takes no more actions: nothing to write, no file to hold open
        recorder = None if record.finished else Recorder(path, truncate_to=record.good_bytes)
        session = Session.resume(record, recorder)
        owners = owners_from(meta)
        if set(owners) != set(session.humans()):
            raise ValueError("its owners do not match the record's human sides")
        return ServedTable(
            meta["id"],
            meta["code"],
            session,
            owners,
            meta_path,
            path,
            meta["created"],
            rematch=rematch_from(meta, str(meta_path)),
        )
