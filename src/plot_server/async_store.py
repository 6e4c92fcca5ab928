"""One connection to the PostgreSQL store, awaited on the server's loop: a slow or
silent store holds up only the page or the command that asked, never the loop."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TypeVar

import psycopg

from .pgstore import TIMEOUT_MS, StoreError, safe_url

T = TypeVar("T")
WITHIN = 8.0  # seconds a call to the store may take, however the store fails


async def _close_quietly(conn: psycopg.AsyncConnection) -> None:
    with contextlib.suppress(psycopg.Error, OSError):
        await conn.close()


class AsyncStore:
    """``run(work)``: ``work(connection)`` in one transaction, one call at a time."""

    def __init__(self, url: str, *, within: float = WITHIN) -> None:
        self.url, self.within = url, within
        self._conn: psycopg.AsyncConnection | None = None
        self._lock = asyncio.Lock()  # one operation's statements at a time on the connection
        self._generation = 0  # counts attempts given up on: theirs are not this holder's

    async def run(self, work: Callable[[psycopg.AsyncConnection], Awaitable[T]]) -> T:
        """``work`` answered within ``within`` seconds however the store fails: a server
        gone silent answers no statement timeout, nor the rollback of a cancelled one, so
        the caller does not wait on the attempt. It is left to end as it may, on its own
        connection, and the next call opens another."""
        attempt = asyncio.ensure_future(self._attempt(work, self._generation))
        done, _ = await asyncio.wait({attempt}, timeout=self.within)
        if done:
            return attempt.result()
        self._generation += 1  # its connection and its turn are no longer this holder's
        self._conn, self._lock = None, asyncio.Lock()
        attempt.add_done_callback(lambda a: a.cancelled() or a.exception())  # (its end is not news)
        attempt.cancel()
        raise StoreError(f"the store {safe_url(self.url)} did not answer in {self.within:g} s")

    async def _attempt(self, work: Callable[[psycopg.AsyncConnection], Awaitable[T]], generation: int) -> T:
        """``work`` on this holder's connection; a connection the database dropped is
        opened again and the work tried once more (it was not committed)."""
        async with self._lock:
            for attempt in (1, 2):
                conn = self._conn
                try:
                    if conn is None or conn.closed or conn.broken:
                        conn = await psycopg.AsyncConnection.connect(
                            self.url,
                            autocommit=True,
                            connect_timeout=5,
                            options=f"-c statement_timeout={TIMEOUT_MS}",
                        )
                        if generation != self._generation:  # given up on meanwhile
                            await _close_quietly(conn)
                            raise StoreError("an attempt given up on")
                        self._conn = conn
                    async with conn.transaction():
                        return await work(conn)
                except psycopg.OperationalError as exc:
                    if attempt == 1 and conn is not None and conn.broken:
                        continue
                    raise self._away(conn, str(exc).strip()) from None
                except psycopg.Error as exc:
                    raise self._away(conn, str(exc).strip() or type(exc).__name__) from None
        raise AssertionError("unreachable")

    def _away(self, conn: psycopg.AsyncConnection | None, why: str) -> StoreError:
        """The store did not answer: its connection is let go (the next call opens one)."""
        if self._conn is conn:
            self._conn = None
        if conn is not None and not conn.closed:
            asyncio.get_running_loop().create_task(_close_quietly(conn))
        return StoreError(f"the store {safe_url(self.url)} did not answer: {why}")

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
