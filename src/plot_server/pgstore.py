"""The server's tables in PostgreSQL, shared by every server process.

One row per record line, keyed by (table, line number): two processes that both try
to write line n of a game (action i, whichever of them) cannot both succeed, so the
store is where a race between them is decided. A table's owners and join code are one
JSON row with a version number, changed only by compare-and-set. Every committed change
is announced with NOTIFY, so each process can bring its copy of the table up to date.

Nothing here runs on an event loop: the hub calls it from threads (plot_server.sync),
or, for the rare lobby actions, directly with a short statement timeout.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
from psycopg import errors

SCHEMA_VERSION = 6
CHANNEL = "plot_tables"
BANS_CHANNEL = "plot_bans"  # a bar or mute added or lifted: every process reads them again
T = TypeVar("T")
BanRow = tuple[str, str, str, str, list[str]]  # a bar or a mute: kind, name, why, when, keys
TIMEOUT_MS = 2000  # a statement the store cannot answer in 2 s has failed

SCHEMA = f"""
CREATE TABLE plot_schema (version integer NOT NULL);
INSERT INTO plot_schema VALUES ({SCHEMA_VERSION});
CREATE SEQUENCE plot_table_numbers;
CREATE TABLE plot_tables (
    id       text PRIMARY KEY,
    number   integer UNIQUE NOT NULL,
    meta     jsonb NOT NULL,                  -- join code, owners, when it was made
    version  integer NOT NULL DEFAULT 1,      -- bumped by every change: compare-and-set
    finished boolean NOT NULL DEFAULT false
);
CREATE TABLE plot_lines (
    table_id text NOT NULL REFERENCES plot_tables (id),
    line     integer NOT NULL,                -- the record's line number; 1 is its header
    text     text NOT NULL,
    PRIMARY KEY (table_id, line)
);
"""
# Each version's change to the one before it, run in order on an older store.
MIGRATIONS = {
    2: """
CREATE TABLE plot_results (
    table_id text PRIMARY KEY REFERENCES plot_tables (id),
    entry    jsonb NOT NULL                   -- who played, who won, when (result_book.py)
);
""",
    3: """
CREATE SEQUENCE plot_pass_order;
CREATE TABLE plot_passes (                    -- browsers' sign-ins and one-time links (passes.py)
    token_hash text PRIMARY KEY,              -- the token's SHA-256: a copy of the store signs no one in
    kind       text NOT NULL,                 -- 'sign-in' or 'link'
    who_key    text NOT NULL,
    who_name   text NOT NULL,
    address    text NOT NULL,                 -- where it was made from
    seen       double precision NOT NULL,     -- made, or last used: seconds since the epoch
    n          bigint NOT NULL DEFAULT nextval('plot_pass_order')  -- the order they were seen in
);
CREATE INDEX plot_passes_by_kind ON plot_passes (kind, n);
""",
    4: """
CREATE TABLE plot_notice_addresses (          -- where each player's notices go (notice_addresses.py)
    who_key  text PRIMARY KEY,
    name     text NOT NULL,
    email    text NOT NULL,
    webhook  text NOT NULL,
    token    text UNIQUE NOT NULL             -- the off link's, which every notice carries
);
CREATE TABLE plot_notices_sent (              -- each notice once, whichever process sends it
    key      text PRIMARY KEY,                -- the table, the move, what is told, to whom
    who_key  text NOT NULL,
    sent     double precision NOT NULL        -- seconds since the epoch: the hour's count
);
CREATE INDEX plot_notices_sent_by_player ON plot_notices_sent (who_key, sent);
CREATE TABLE plot_bans (                      -- names the host barred or muted (bans.py)
    kind     text NOT NULL,                   -- 'bans' or 'mutes'
    name     text NOT NULL,
    why      text NOT NULL,
    at       text NOT NULL,                   -- when, ISO 8601 UTC
    keys     jsonb NOT NULL,                  -- the keys barred with the name
    PRIMARY KEY (kind, name)
);
""",
    5: """
-- a table as the lists say it (listing.py), so that a table need not be read to be
-- listed; its "size" is the lines of its record it was made from
ALTER TABLE plot_tables ADD COLUMN IF NOT EXISTS listing jsonb;
""",
    6: """
CREATE TABLE plot_puzzle_records (            -- each player's puzzles (puzzle_books.py)
    who_key  text PRIMARY KEY,                -- a digest of the player's key
    record   jsonb NOT NULL                   -- their rating, the puzzles tried, the last
);
CREATE TABLE plot_puzzle_ratings (            -- each puzzle's rating, moved by first tries
    puzzle     text PRIMARY KEY,
    rating     double precision NOT NULL,
    rd         double precision NOT NULL,
    volatility double precision NOT NULL
);
""",
}


# the tables listed: the unfinished ones, and the newest %s finished
LISTED = (
    "SELECT id FROM plot_tables WHERE NOT finished UNION ALL "
    "(SELECT id FROM plot_tables WHERE finished ORDER BY number DESC LIMIT %s)"
)
STORED = "store:"  # where a file record has its path, a stored table's record has this


def record_name(table_id: str) -> str:
    """The name that stands for a stored table's record where a file's path would."""
    return f"{STORED}{table_id}"


class StoreError(Exception):
    """The store cannot be used; the message says why and what to do."""


class Conflict(Exception):
    """Another process wrote that line, or changed that table, first."""


def connect(url: str, *, autocommit: bool = False) -> psycopg.Connection:
    try:
        conn = psycopg.connect(
            url, autocommit=autocommit, connect_timeout=5, options=f"-c statement_timeout={TIMEOUT_MS}"
        )
    except psycopg.Error as exc:
        raise StoreError(
            f"cannot reach the store {safe_url(url)}: {str(exc).strip() or type(exc).__name__}"
        ) from None
    return conn


def safe_url(url: str) -> str:
    """The store's address without its password, for messages and logs."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "(an address that could not be read)"
    info.pop("password", None)
    return psycopg.conninfo.make_conninfo(**{k: str(v) for k, v in info.items()})


def _one(cursor: Any) -> Any:
    """The one value of a query that returns one row."""
    row = cursor.fetchone()
    if row is None:
        raise StoreError("the store answered a query with no row")
    return row[0]


def prepare(url: str) -> None:
    """Create the schema in an empty database; check its version in any other."""
    with connect(url) as conn:
        have = _one(conn.execute("SELECT to_regclass('plot_schema') IS NOT NULL"))
        if not have:
            others = _one(conn.execute("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'plot\\_%'"))
            if others:
                raise StoreError(
                    "the database has plot tables but no schema version; "
                    "point --store at an empty database or a plot store"
                )
            conn.execute(SCHEMA)
            for version in sorted(MIGRATIONS):
                conn.execute(MIGRATIONS[version])
            return
        _migrate(conn)
        rows = conn.execute("SELECT version FROM plot_schema").fetchall()
        if [r[0] for r in rows] != [SCHEMA_VERSION]:
            raise StoreError(
                f"the store's schema is version {[r[0] for r in rows]}, this "
                f"program uses version {SCHEMA_VERSION}; use the plot version "
                "that made it"
            )


def _migrate(conn: psycopg.Connection) -> None:
    """Bring an older store's schema up to this program's, one version at a time. The
    schema row is locked first, so two processes starting at once migrate it once."""
    with conn.transaction():
        rows = conn.execute("SELECT version FROM plot_schema FOR UPDATE").fetchall()
        if len(rows) != 1 or not isinstance(rows[0][0], int):
            return  # the caller names what is wrong
        for version in range(rows[0][0] + 1, SCHEMA_VERSION + 1):
            if version in MIGRATIONS:
                conn.execute(MIGRATIONS[version])
                conn.execute("UPDATE plot_schema SET version = %s", (version,))


class Store:
    """One connection's worth of store calls (not thread-safe: one per thread)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.conn = connect(url)

    def close(self) -> None:
        self.conn.close()

    def run(self, work: Callable[[psycopg.Connection], T]) -> T:
        """``work`` in one transaction. A connection the database dropped (a restart)
        is opened afresh and the work tried once more: it was not committed."""
        for attempt in (1, 2):
            try:
                if self.conn.closed or self.conn.broken:
                    self.conn = connect(self.url)
                with self.conn.transaction():
                    return work(self.conn)
            except errors.UniqueViolation:
                raise Conflict() from None
            except psycopg.OperationalError as exc:
                if attempt == 1 and self.conn.broken:
                    continue
                raise StoreError(
                    f"the store {safe_url(self.url)} did not answer: {str(exc).strip()}"
                ) from None
        raise AssertionError("unreachable")

    def next_number(self) -> int:
        return self.run(lambda c: _one(c.execute("SELECT nextval('plot_table_numbers')")))

    def create(self, table_id: str, number: int, meta: dict, header: str, listing: dict) -> None:
        def work(c: psycopg.Connection) -> None:
            c.execute(
                "INSERT INTO plot_tables (id, number, meta, listing) VALUES (%s, %s, %s, %s)",
                (table_id, number, json.dumps(meta), json.dumps(listing)),
            )
            c.execute("INSERT INTO plot_lines VALUES (%s, 1, %s)", (table_id, header))
            c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} new"))

        self.run(work)

    def import_table(self, meta: dict, lines: list[str], finished: bool) -> str | None:
        """A table from a files-based server, under a new number; None if a table with
        the same ``imported`` mark is here already (an import run twice adds nothing)."""

        def work(c: psycopg.Connection) -> str | None:
            if c.execute(
                "SELECT 1 FROM plot_tables WHERE meta->>'imported' = %s", (meta["imported"],)
            ).fetchone():
                return None
            number = _one(c.execute("SELECT nextval('plot_table_numbers')"))
            table_id = f"T{number}"
            row = dict(meta, id=table_id, record=record_name(table_id))
            c.execute(
                "INSERT INTO plot_tables (id, number, meta, finished) VALUES (%s, %s, %s, %s)",
                (table_id, number, json.dumps(row), finished),
            )
            with c.cursor() as cur:
                cur.executemany(
                    "INSERT INTO plot_lines VALUES (%s, %s, %s)",
                    [(table_id, n, text) for n, text in enumerate(lines, 1)],
                )
            c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} new"))
            return table_id

        return self.run(work)

    def set_meta(self, table_id: str, meta: dict, version: int) -> int:
        """Write ``meta`` if the table is still at ``version``; the new version, or
        Conflict if another process changed it first."""

        def work(c: psycopg.Connection) -> int | None:
            row = c.execute(
                "UPDATE plot_tables SET meta = %s, version = version + 1 "
                "WHERE id = %s AND version = %s RETURNING version",
                (json.dumps(meta), table_id, version),
            ).fetchone()
            if row is not None:
                c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} meta"))
            return None if row is None else row[0]

        new = self.run(work)
        if new is None:
            raise Conflict()
        return new

    def append(self, table_id: str, line: int, text: str, *, finished: bool) -> None:
        """Line ``line`` of the table's record; Conflict if it is there already."""

        def work(c: psycopg.Connection) -> None:
            c.execute("INSERT INTO plot_lines VALUES (%s, %s, %s)", (table_id, line, text))
            if finished:
                c.execute("UPDATE plot_tables SET finished = true WHERE id = %s", (table_id,))
            c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} {line}"))

        self.run(work)

    def set_listing(self, table_id: str, listing: dict) -> None:
        """A table's listing, unless one made from a longer record is there already."""

        def work(c: psycopg.Connection) -> None:
            row = c.execute(
                "UPDATE plot_tables SET listing = %s WHERE id = %s AND "
                "coalesce((listing->>'size')::integer, 0) <= %s RETURNING 1",
                (json.dumps(listing), table_id, listing["size"]),
            ).fetchone()
            if row is not None:
                c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} listing"))

        self.run(work)

    def each_listing(
        self, keep_finished: int, take: Callable[[tuple[str, dict, int, Any, int]], None]
    ) -> None:
        """``take`` each unfinished table and each of the newest ``keep_finished``
        finished ones, as (id, meta, version, listing or None, the lines of its
        record): read a few hundred at a time, so that thousands of tables never
        stand in memory as rows at once."""

        def work(c: psycopg.Connection) -> None:
            with c.cursor(name="plot_listings") as cursor:
                cursor.itersize = 500
                cursor.execute(
                    "SELECT t.id, t.meta, t.version, t.listing, "
                    "(SELECT max(line) FROM plot_lines l WHERE l.table_id = t.id) FROM plot_tables t "
                    f"WHERE t.id IN ({LISTED}) ORDER BY t.number",
                    (keep_finished,),
                )
                for row in cursor:
                    take(row)

        self.run(work)

    def marks(self, keep_finished: int) -> list[tuple[str, int, int]]:
        """What says whether a table listed has changed: (id, version, its listing's
        size, -1 for none), for the tables each_listing takes."""
        return self.run(
            lambda c: c.execute(
                "SELECT id, version, coalesce((listing->>'size')::integer, -1) FROM plot_tables "
                f"WHERE id IN ({LISTED})",
                (keep_finished,),
            ).fetchall()
        )

    def listed_many(self, table_ids: list[str]) -> list[tuple[str, dict, int, Any]]:
        """Tables' (id, meta, version, listing or None), for those there are."""
        return self.run(
            lambda c: c.execute(
                "SELECT id, meta, version, listing FROM plot_tables WHERE id = ANY(%s)", (table_ids,)
            ).fetchall()
        )

    def listed(self, table_id: str) -> tuple[dict, int, Any] | None:
        """A table's meta, version and listing (None: it has none yet)."""
        row = self.run(
            lambda c: c.execute(
                "SELECT meta, version, listing FROM plot_tables WHERE id = %s", (table_id,)
            ).fetchone()
        )
        return None if row is None else (row[0], row[1], row[2])

    def lines(self, table_id: str, after: int = 0) -> list[tuple[int, str]]:
        return self.run(
            lambda c: c.execute(
                "SELECT line, text FROM plot_lines WHERE table_id = %s AND line > %s ORDER BY line",
                (table_id, after),
            ).fetchall()
        )

    def table(self, table_id: str) -> tuple[dict, int] | None:
        row = self.run(
            lambda c: c.execute("SELECT meta, version FROM plot_tables WHERE id = %s", (table_id,)).fetchone()
        )
        return None if row is None else (row[0], row[1])

    def add_result(self, table_id: str, entry: dict) -> None:
        """A finished game's result; the first one written stands."""
        self.run(
            lambda c: c.execute(
                "INSERT INTO plot_results VALUES (%s, %s) ON CONFLICT (table_id) DO NOTHING",
                (table_id, json.dumps(entry)),
            )
        )

    def results(self) -> list[tuple[str, Any]]:
        """Every result kept: (table, its entry)."""
        return self.run(lambda c: c.execute("SELECT table_id, entry FROM plot_results").fetchall())

    def bans(self) -> list[BanRow]:
        """Every bar and mute: (kind, name, why, when, keys)."""
        rows = self.run(
            lambda c: c.execute("SELECT kind, name, why, at, keys FROM plot_bans ORDER BY at").fetchall()
        )
        return [(str(k), str(n), str(w), str(a), [str(x) for x in keys]) for k, n, w, a, keys in rows]

    def keep_ban(self, kind: str, name: str, why: str, at: str, keys: list[str]) -> None:
        """A bar or mute, told to every process."""

        def work(c: psycopg.Connection) -> None:
            c.execute(
                "INSERT INTO plot_bans (kind, name, why, at, keys) VALUES (%s, %s, %s, %s, %s) "
                "ON CONFLICT (kind, name) DO UPDATE SET "
                "why = excluded.why, at = excluded.at, keys = excluded.keys",
                (kind, name, why, at, json.dumps(keys)),
            )
            c.execute(f"NOTIFY {BANS_CHANNEL}")

        self.run(work)

    def lift_ban(self, kind: str, name: str) -> bool:
        """A bar or mute lifted (told to every process); False if there was none."""

        def work(c: psycopg.Connection) -> bool:
            gone = c.execute("DELETE FROM plot_bans WHERE kind = %s AND name = %s", (kind, name)).rowcount
            c.execute(f"NOTIFY {BANS_CHANNEL}")
            return bool(gone)

        return self.run(work)

    def unrated(self) -> list[str]:
        """The finished tables with no result kept (finished before ratings came)."""
        rows = self.run(
            lambda c: c.execute(
                "SELECT id FROM plot_tables t WHERE finished AND NOT EXISTS "
                "(SELECT 1 FROM plot_results r WHERE r.table_id = t.id) ORDER BY number"
            ).fetchall()
        )
        return [r[0] for r in rows]
