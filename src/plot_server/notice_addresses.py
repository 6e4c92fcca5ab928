"""Where each player's notices go, and which notices have gone: in files under the
data folder (one server, or workers on one machine) or in the PostgreSQL store (every
worker on every machine sees the same addresses, and a notice is sent once, by
whichever process claims it first).

A book is asked on the server's loop for what a player sets and reads (awaited: a
slow store holds up only that player's screen), and on the notices' own thread for
whether a notice goes out now (``to_send``): the address, if the notice has not gone
already and the player has had fewer than the hour's allowance.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import threading
from collections import deque
from pathlib import Path
from typing import Any, Protocol

import attrs
import psycopg

from plot_record.files import loads, read_regular, write_whole

from .async_store import AsyncStore
from .pgstore import Store
from .tables import Account, to_operator

HOUR = 3600.0
CARRIED = ".carried-into-the-store"  # a data folder's notices/ once copied into a store
KEPT = 2 * 86400.0  # seconds a sent notice's key is kept in the store: long past its hour


def digest(who: Account) -> str:
    """How a player is named where their addresses are kept: a digest of their key (a
    file's name, a store's row), so the files and the store say nothing of the key."""
    return hashlib.sha256(who.key.encode()).hexdigest()[:32]


@attrs.frozen
class Address:
    """Where one player's notices go; ``token`` makes the link that turns them off."""

    name: str
    email: str = ""
    webhook: str = ""
    token: str = attrs.Factory(lambda: secrets.token_urlsafe(18))


def read_address(path: Path) -> Address:
    """The addresses kept in one file of a data folder's notices/ (OSError, ValueError,
    KeyError or TypeError if it cannot be read as such)."""
    data: Any = loads(read_regular(path, limit=8192), str(path))
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return Address(str(data["name"]), str(data["email"]), str(data["webhook"]), str(data["token"]))


class AddressBook(Protocol):
    async def get(self, who: Account) -> Address | None: ...

    async def set(self, who: Account, *, email: str, webhook: str) -> Address:
        """Keep ``who``'s addresses ("" for none), already checked."""
        ...

    async def whose(self, token: str) -> str | None:
        """The name of the player an off link belongs to (nothing changed)."""
        ...

    async def off(self, token: str) -> str | None:
        """The off link used: that player gets no more notices; their name, or None for
        a token no one has."""
        ...

    def to_send(self, who: Account, key: str, when: float, rate: int) -> Address | None:
        """On the notices' thread: ``who``'s address if the notice ``key`` goes out now
        (``when``: seconds since the epoch): not sent before, and fewer than ``rate``
        sent to them in the hour before. Saying yes counts it as sent."""
        ...

    async def close(self) -> None: ...


class NoticeBook:
    """Every player's notice addresses, a small JSON file each under ``home/notices``
    (a name made from the player's key, so the file names say nothing of it). The
    notices sent are counted in this process (one sender per data folder)."""

    def __init__(self, home: Path) -> None:
        self.dir = Path(home) / "notices"
        self._sent: dict[str, deque[float]] = {}  # by player: when each of the hour's went
        self._lock = threading.Lock()  # (the loop writes the files, the thread reads them)

    def _path(self, who: Account) -> Path:
        return self.dir / f"{digest(who)}.json"

    def _read(self, who: Account) -> Address | None:
        path = self._path(who)
        if not path.exists():
            return None
        try:
            return read_address(path)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            to_operator(f"{path}: notice addresses cannot be read ({exc}); no notices for its player")
            return None

    async def get(self, who: Account) -> Address | None:
        with self._lock:
            return self._read(who)

    async def set(self, who: Account, *, email: str, webhook: str) -> Address:
        with self._lock:
            old = self._read(who)
            address = Address(
                who.name, email, webhook, old.token if old is not None else secrets.token_urlsafe(18)
            )
            self.dir.mkdir(parents=True, exist_ok=True)
            write_whole(self._path(who), json.dumps(attrs.asdict(address)) + "\n")
            return address

    def _holder(self, token: str) -> tuple[Path, dict[str, Any]] | None:
        if not self.dir.is_dir() or not token:
            return None
        for path in self.dir.glob("*.json"):
            try:
                data = loads(read_regular(path, limit=8192), str(path))
            except (OSError, ValueError):
                continue
            if isinstance(data, dict) and secrets.compare_digest(str(data.get("token", "")), token):
                return path, data
        return None

    async def whose(self, token: str) -> str | None:
        found = self._holder(token)
        return None if found is None else str(found[1].get("name", ""))

    async def off(self, token: str) -> str | None:
        with self._lock:
            found = self._holder(token)
            if found is None:
                return None
            path, data = found
            data["email"] = data["webhook"] = ""
            write_whole(path, json.dumps(data) + "\n")
            return str(data.get("name", ""))

    def to_send(self, who: Account, key: str, when: float, rate: int) -> Address | None:
        with self._lock:
            address = self._read(who)
        if address is None or not (address.email or address.webhook):
            return None
        sent = self._sent.setdefault(who.key, deque())
        while sent and when - sent[0] > HOUR:
            sent.popleft()
        if len(sent) >= rate:
            return None  # enough for this hour: the lobby's list says the rest
        sent.append(when)
        return address

    async def close(self) -> None:
        pass


class StoredNoticeBook:
    """The addresses in the store's ``plot_notice_addresses``, and the notices sent in
    ``plot_notices_sent``: one player's are decided one at a time on every machine (a
    lock held for the transaction), so each notice goes once and the hour's allowance
    holds across them all."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.db = AsyncStore(url)
        self._store: Store | None = None  # the notices' thread's own connection

    async def get(self, who: Account) -> Address | None:
        async def work(c: psycopg.AsyncConnection) -> Address | None:
            row = await (
                await c.execute(
                    "SELECT name, email, webhook, token FROM plot_notice_addresses WHERE who_key = %s",
                    (digest(who),),
                )
            ).fetchone()
            return None if row is None else Address(*row)

        return await self.db.run(work)

    async def set(self, who: Account, *, email: str, webhook: str) -> Address:
        async def work(c: psycopg.AsyncConnection) -> Address:
            row = await (
                await c.execute(
                    "INSERT INTO plot_notice_addresses (who_key, name, email, webhook, token) "
                    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (who_key) DO UPDATE SET "
                    "name = excluded.name, email = excluded.email, webhook = excluded.webhook "
                    "RETURNING name, email, webhook, token",
                    (digest(who), who.name, email, webhook, secrets.token_urlsafe(18)),
                )
            ).fetchone()
            assert row is not None  # (RETURNING gives the row written)
            return Address(*row)

        return await self.db.run(work)

    async def whose(self, token: str) -> str | None:
        async def work(c: psycopg.AsyncConnection) -> str | None:
            row = await (
                await c.execute("SELECT name FROM plot_notice_addresses WHERE token = %s", (token,))
            ).fetchone()
            return None if row is None else str(row[0])

        return await self.db.run(work) if token else None

    async def off(self, token: str) -> str | None:
        async def work(c: psycopg.AsyncConnection) -> str | None:
            row = await (
                await c.execute(
                    "UPDATE plot_notice_addresses SET email = '', webhook = '' "
                    "WHERE token = %s RETURNING name",
                    (token,),
                )
            ).fetchone()
            return None if row is None else str(row[0])

        return await self.db.run(work) if token else None

    def to_send(self, who: Account, key: str, when: float, rate: int) -> Address | None:
        player = digest(who)

        def work(c: psycopg.Connection) -> Address | None:
            c.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"plot notices {player}",))
            row = c.execute(
                "SELECT name, email, webhook, token FROM plot_notice_addresses WHERE who_key = %s",
                (player,),
            ).fetchone()
            if row is None or not (row[1] or row[2]):
                return None
            if c.execute("SELECT 1 FROM plot_notices_sent WHERE key = %s", (key,)).fetchone():
                return None  # another process sent it
            had = c.execute(
                "SELECT count(*) FROM plot_notices_sent WHERE who_key = %s AND sent > %s",
                (player, when - HOUR),
            ).fetchone()
            if had is not None and had[0] >= rate:
                return None
            c.execute("DELETE FROM plot_notices_sent WHERE who_key = %s AND sent < %s", (player, when - KEPT))
            c.execute(
                "INSERT INTO plot_notices_sent (key, who_key, sent) VALUES (%s, %s, %s)", (key, player, when)
            )
            return Address(*row)

        if self._store is None:
            self._store = Store(self.url)
        return self._store.run(work)

    def carry_in(self, home: Path) -> int:
        """A data folder's addresses (kept there before its server had a store) copied
        into the store, once: the folder is renamed after, so a restart does not bring
        back what a player has changed since. How many; those already in the store
        are left as they are."""
        folder = Path(home) / "notices"
        if not folder.is_dir():
            return 0
        rows = []
        for path in sorted(folder.glob("*.json")):
            try:
                rows.append((path.stem, *attrs.astuple(read_address(path))))
            except (OSError, ValueError, KeyError, TypeError) as exc:
                to_operator(f"{path}: notice addresses cannot be read ({exc}); not carried into the store")

        def work(c: psycopg.Connection) -> int:
            n = 0
            for row in rows:
                n += c.execute(
                    "INSERT INTO plot_notice_addresses (who_key, name, email, webhook, token) "
                    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                    row,
                ).rowcount
            return n

        store = Store(self.url)
        try:
            n = store.run(work)
        finally:
            store.close()
        with contextlib.suppress(FileNotFoundError):  # (another worker carried it)
            folder.rename(folder.with_name(folder.name + CARRIED))
        return n

    async def close(self) -> None:
        await self.db.close()
