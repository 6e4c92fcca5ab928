"""What lets a browser in without the password each time: a sign-in (the page's
cookie) and a one-time link (made in an SSH session with L in the lobby, so that the
seats of a key, which a browser cannot show, are theirs there too).

Each is a long random token. Without a store they live in this process's memory, and
a restarted server has none. With one (`plot serve --store`) they live in it, so a
browser signed in through one worker or one machine is known to every other, and a
link made on one is good on all: the web door needs no sticky load balancer. The store
keeps a token's SHA-256, never the token, so a copy of the store signs no one in.

The bounds are one rule, ``overflow``, under both holders: a player's own oldest
goes first, then an address's, and past the whole bound the oldest of the same kind
(password or key), so that names made up with the password push out only each other.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs
import psycopg

from .async_store import WITHIN, AsyncStore
from .tables import Account


@attrs.frozen
class Kind:
    """A kind of pass and its bounds."""

    name: str  # as the store names it
    lasts: float  # seconds since it was made, or last used if ``renewed``
    renewed: bool  # a visit makes it last again (a sign-in), or not (a link)
    per_player: int  # one player's at once; past it their own oldest goes
    per_address: int  # made from one address at once (0: no bound)
    most: int  # held at once; past it the oldest of the same kind goes
    token_bytes: int  # of randomness in its token

    def since(self, now: float) -> float:
        """The earliest a pass may have been seen and still be good at ``now``."""
        return now - self.lasts


SESSION_HOURS = 24  # a sign-in lasts this long without a visit
LINK_MINUTES = 10  # a link is good this long after it is made

SIGN_IN = Kind(
    "sign-in", SESSION_HOURS * 3600, True, per_player=10, per_address=20, most=10_000, token_bytes=32
)
LINK = Kind("link", LINK_MINUTES * 60, False, per_player=3, per_address=0, most=1000, token_bytes=24)
DEVICE_DAYS = 180  # a known browser or key stays known this long after it was made
# A browser that has signed in with the right password: its later sign-ins wait only
# behind its own wrong ones, not behind the guesses of strangers at the same address
# (a club's NAT, a load balancer). Only a right password makes one, and its first
# wrong one forgets it. Looking one up does not make it last longer (not renewed):
# only a right password makes it anew. Many players may share one address.
DEVICE = Kind(
    "device", DEVICE_DAYS * 86400, False, per_player=10, per_address=200, most=10_000, token_bytes=32
)

# An SSH key a client offered (and the server did not know) on a connection that then
# gave the right password under a name: later connections under that name sign in with
# the key, proving they hold it, and never wait behind anyone's guesses. A kind of its
# own, so that no browser can name one as a cookie.
KEY = Kind("key", DEVICE_DAYS * 86400, False, per_player=10, per_address=0, most=10_000, token_bytes=0)


def key_token(fingerprint: str, name: str, password: str) -> str:
    """A remembered key's token: the key, the name it was given with, and the server's
    password as it was then, so that the key lets in only that name, and a new password
    forgets every key (the host's way to shut out someone who had the old one). Keyed
    by the password, it says nothing of it (and the store keeps only its digest)."""
    mac = hmac.new(password.encode(), f"{name}\n{fingerprint}".encode(), hashlib.sha256)
    return "ssh key " + mac.hexdigest()


def queue_of(device: str) -> str:
    """The password throttle's queue for a known browser: named by a digest of its
    token (the throttle's names reach the operator's log; the token must not)."""
    return "browser " + _digest(device)[:16]


def password_account(name: str) -> Account:
    """The identity of one signed in as ``name`` with the server's password (its seats
    bind to the name: ssh, the web door, or a key remembered for the name)."""
    return Account(f"password {name}", name)


def by_password(who: Account) -> bool:
    """Signed in with the server's password (anyone who has it may take any name), not
    with a key the operator authorized."""
    return who.key.startswith("password ")


@attrs.frozen
class Held:
    who: Account
    seen: float  # when it was made, or last used if its kind is renewed
    address: str


def overflow(held: Sequence[tuple[str, Held]], who: Account, address: str, kind: Kind) -> list[str]:
    """The tokens to forget after ``who`` added one from ``address`` (``held``: the
    kind's tokens, least recently seen first, the new one among them)."""
    gone: list[str] = []
    own = [t for t, h in held if h.who.key == who.key]
    gone += own[: max(0, len(own) - kind.per_player)]
    if kind.per_address and address:
        theirs = [t for t, h in held if h.address == address and t not in gone]
        gone += theirs[: max(0, len(theirs) - kind.per_address)]
    left = [(t, h) for t, h in held if t not in gone]
    excess = len(left) - kind.most
    if excess > 0:
        same = [t for t, h in left if by_password(h.who) == by_password(who)]
        others = [t for t, h in left if by_password(h.who) != by_password(who)]
        gone += (same + others)[:excess]
    return gone


class Passes(Protocol):
    """Where sign-ins and links are held. A method raises StoreError when the store
    cannot be reached (a memory holder never does)."""

    async def add(self, kind: Kind, who: Account, address: str = "", token: str = "") -> str:
        """A new pass for ``who``, made from ``address``: its token (random, unless
        ``token`` names it: a key's, made again when it is already held)."""
        ...

    async def who(self, kind: Kind, token: str | None) -> Account | None:
        """Whom the token lets in, if it is still good (a sign-in lasts again)."""
        ...

    async def take(self, kind: Kind, token: str | None) -> Account | None:
        """Whom the token lets in, once: after this it is gone (a link used, a
        sign-out)."""
        ...

    async def close(self) -> None:
        """Let go of the store (a server that stops)."""
        ...


@attrs.define
class PassesInMemory:
    """This process's passes; ``clock`` in seconds."""

    clock: Callable[[], float] = time.monotonic
    _held: dict[str, OrderedDict[str, Held]] = attrs.Factory(dict)

    def _of(self, kind: Kind) -> OrderedDict[str, Held]:
        return self._held.setdefault(kind.name, OrderedDict())

    async def add(self, kind: Kind, who: Account, address: str = "", token: str = "") -> str:
        token = token or secrets.token_urlsafe(kind.token_bytes)
        held, now = self._of(kind), self.clock()
        held.pop(token, None)
        for old in [t for t, h in held.items() if h.seen < kind.since(now)]:
            del held[old]  # the lapsed first, as the store does: they count against no bound
        held[token] = Held(who, now, address)
        for old in overflow(list(held.items()), who, address, kind):
            del held[old]
        return token

    async def who(self, kind: Kind, token: str | None) -> Account | None:
        held = self._of(kind)
        kept = held.get(token or "")
        if kept is None or token is None:
            return None
        now = self.clock()
        if kept.seen < kind.since(now):
            del held[token]
            return None
        if kind.renewed:
            held[token] = attrs.evolve(kept, seen=now)
            held.move_to_end(token)
        return kept.who

    async def take(self, kind: Kind, token: str | None) -> Account | None:
        who = await self.who(kind, token)
        self._of(kind).pop(token or "", None)
        return who

    async def close(self) -> None:
        pass


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class StoredPasses:
    """Passes in the PostgreSQL store (its table ``plot_passes``), on one connection of
    this process's, awaited on the loop: a slow store holds up only the page that asked.
    ``clock``: seconds since the epoch, the same on every machine."""

    def __init__(self, url: str, clock: Callable[[], float] = time.time, *, within: float = WITHIN) -> None:
        self.url, self.clock = url, clock
        self.db = AsyncStore(url, within=within)
        self._run = self.db.run

    async def close(self) -> None:
        await self.db.close()

    async def add(self, kind: Kind, who: Account, address: str = "", token: str = "") -> str:
        token = token or secrets.token_urlsafe(kind.token_bytes)
        now = self.clock()

        async def work(c: psycopg.AsyncConnection) -> None:
            await c.execute(
                "DELETE FROM plot_passes WHERE kind = %s AND seen < %s", (kind.name, kind.since(now))
            )
            await c.execute(
                "INSERT INTO plot_passes (token_hash, kind, who_key, who_name, address, seen) "
                "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (token_hash) DO UPDATE SET "
                "who_key = EXCLUDED.who_key, who_name = EXCLUDED.who_name, address = EXCLUDED.address, "
                "seen = EXCLUDED.seen, n = nextval('plot_pass_order') WHERE plot_passes.kind = EXCLUDED.kind",
                (_digest(token), kind.name, who.key, who.name, address, now),
            )
            rows = await (
                await c.execute(
                    "SELECT token_hash, who_key, who_name, address, seen FROM plot_passes "
                    "WHERE kind = %s ORDER BY n",
                    (kind.name,),
                )
            ).fetchall()
            held = [(r[0], Held(Account(r[1], r[2]), r[4], r[3])) for r in rows]
            gone = overflow(held, who, address, kind)
            if gone:
                await c.execute("DELETE FROM plot_passes WHERE token_hash = ANY(%s)", (gone,))

        await self._run(work)
        return token

    async def who(self, kind: Kind, token: str | None) -> Account | None:
        if not token:
            return None
        now = self.clock()

        async def work(c: psycopg.AsyncConnection) -> Account | None:
            if kind.renewed:
                found = await c.execute(
                    "UPDATE plot_passes SET seen = %s, n = nextval('plot_pass_order') "
                    "WHERE token_hash = %s AND kind = %s "
                    "AND seen >= %s RETURNING who_key, who_name",
                    (now, _digest(token), kind.name, kind.since(now)),
                )
            else:
                found = await c.execute(
                    "SELECT who_key, who_name FROM plot_passes WHERE token_hash = %s "
                    "AND kind = %s AND seen >= %s",
                    (_digest(token), kind.name, kind.since(now)),
                )
            row = await found.fetchone()
            return None if row is None else Account(row[0], row[1])

        return await self._run(work)

    async def take(self, kind: Kind, token: str | None) -> Account | None:
        if not token:
            return None
        now = self.clock()

        async def work(c: psycopg.AsyncConnection) -> Account | None:
            # one worker's DELETE wins: a link used on two machines at once signs in once
            found = await c.execute(
                "DELETE FROM plot_passes WHERE token_hash = %s AND kind = %s "
                "RETURNING who_key, who_name, seen",
                (_digest(token), kind.name),
            )
            row = await found.fetchone()
            if row is None or row[2] < kind.since(now):
                return None
            return Account(row[0], row[1])

        return await self._run(work)
