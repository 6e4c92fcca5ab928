"""Notices away from the screen: "your move at table T3", "your clock has 5 h left",
"the game ended", by e-mail (an SMTP server the host names) and/or a webhook (an HTTPS
POST of a small JSON body, in the shape chat services take: ``text`` and ``content``).

What a notice says is public at its table: its number, the turn, the opponent's name,
the time on the clock, the game's result; never a chit, a hand or the seed. Each is
sent at most once per move (a key says which move it is about) and at most RATE an
hour to one player; it ends with a way to turn notices off.

Sending happens on a thread of its own, never on the game's loop: a slow or failing
server delays nobody's move. A notice that cannot be sent is tried again after 30 s,
2 min and 10 min, then dropped with a line to the operator.

A webhook's address is checked when it is set and again before each sending: HTTPS,
no user name in it, and every address its host name resolves to public (no private,
loopback, link-local or reserved address, nor an IPv6 form of one: a player may not
make the server call into its own network), unless the host lists the name in
``--webhook-allow``. The sending connects to an address that was judged, not to what
the name answers a moment later.
"""

from __future__ import annotations

import functools
import http.client
import ipaddress
import json
import queue
import re
import smtplib
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any
from urllib.parse import SplitResult, urlsplit

import attrs

from plot_core.english import sentence
from plot_record.clock import span

from .listing import Listing
from .notice_addresses import Address, AddressBook, digest
from .pgstore import StoreError
from .tables import Account, to_operator

RATE = 6  # notices an hour to one player, at most, unless the host says otherwise
TRIES = (0.0, 30.0, 120.0, 600.0)  # seconds to wait before each try
WEBHOOK_TIMEOUT = 5.0  # seconds for a webhook's whole answer
SMTP_TIMEOUT = 10.0
ANSWER_LIMIT = 64 * 1024  # bytes of a webhook's answer read, at most
CLOCK_WARNING = 6 * 3600  # seconds left on a clock that are worth a notice
EMAIL = re.compile(r"[^@\s<>,;\"'\\]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}")

Resolve = Callable[[str], list[str]]


def resolve(host: str) -> list[str]:
    """Every address ``host`` names, in the system resolver's order of preference."""
    found = socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP, flags=socket.AI_ADDRCONFIG)
    return list(dict.fromkeys(str(info[4][0]) for info in found))


def email_problem(address: str) -> str:
    if len(address) > 254 or not EMAIL.fullmatch(address):
        return f"{address[:60]!r} is not an e-mail address (name@example.org)"
    return ""


# IPv6 ranges that carry an IPv4 address in their last 32 bits: an address there is as
# public as the IPv4 one it carries (::ffff:0:0:0/96 translated, 64:ff9b::/96 NAT64,
# ::/96 the old "compatible" form; ::ffff:0:0/96, mapped, is Python's ipv4_mapped)
CARRY_IPV4 = tuple(ipaddress.ip_network(n) for n in ("::ffff:0:0:0/96", "64:ff9b::/96", "::/96"))
LOCAL_NAT64 = ipaddress.ip_network("64:ff9b:1::/48")  # a network's own translator (RFC 8215)


def carried_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address stands for, if it stands for one."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:  # 2002::/16: the 6to4 relay of an IPv4 address
        return ip.sixtofour
    if any(ip in net for net in CARRY_IPV4):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def public(address: str) -> bool:
    """May the server post to ``address``? Only a public one: an IPv6 address that stands
    for an IPv4 one is judged by that one (otherwise ::ffff:0:7f00:1, 64:ff9b::7f00:1
    or 2002:7f00:1:: would reach this machine under a public-looking form)."""
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in LOCAL_NAT64:
            return False
        ip = carried_ipv4(ip) or ip
    return ip.is_global and not ip.is_multicast


def checked_webhook(
    url: str, allow: frozenset[str], look_up: Resolve | None = resolve
) -> tuple[str, list[str]]:
    """Why the server may not post to ``url`` ("" if it may), and the addresses judged
    public: the sending connects to one of those, so a name that answers differently
    the second time cannot turn it inward. ``look_up`` None: the name is not looked
    up (when a player sets it, on the loop: only an address written as numbers is
    judged then; the name is looked up before each sending). No addresses with the
    problem, nor for a host in ``allow`` (the host's own choice: looked up as usual)."""
    if len(url) > 500:
        return "a webhook's address may be at most 500 characters", []
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    allowed = host in allow
    if parts.scheme != "https" and not (parts.scheme == "http" and allowed):
        return "a webhook's address must start with https://", []
    if not host:
        return f"{url[:60]!r} names no host", []
    if parts.username or parts.password:
        return "a webhook's address may not hold a user name or password", []
    try:
        parts.port  # noqa: B018  (it checks: a port past 65535 is refused here, not at each sending)
    except ValueError:
        return f"{url[:60]!r} names a port that cannot be", []
    if allowed:
        return "", []
    try:
        addresses = [str(ipaddress.ip_address(host))]
    except ValueError:
        if look_up is None:
            return "", []
        try:
            addresses = look_up(host)
        except (OSError, UnicodeError):
            return f"{host!r} cannot be found", []
    if not addresses:
        return f"{host!r} cannot be found", []
    for a in addresses:
        if not public(a):
            return (
                f"{host!r} is an address inside a private network ({a}); the server posts "
                "only to public ones (the host may allow a name with --webhook-allow)"
            ), []
    return "", addresses


def webhook_problem(url: str, allow: frozenset[str], look_up: Resolve | None = resolve) -> str:
    """Why the server may not post to ``url``, or "" if it may (see checked_webhook)."""
    return checked_webhook(url, allow, look_up)[0]


@attrs.frozen
class Smtp:
    """The host's mail server: ``host:port``, the sender's address; plain SMTP, with
    STARTTLS when the server offers it."""

    host: str
    port: int
    sender: str


@attrs.frozen
class Notice:
    to: Address
    subject: str
    text: str


# What the notices' thread sends: a notice, or what works one out there (the address
# and the claim to send it are asked of the book off the loop; None: not sent).
Outgoing = Notice | Callable[[], Notice | None]


class Outbox:
    """Sends notices on a thread of its own, each tried as TRIES says."""

    def __init__(
        self,
        smtp: Smtp | None,
        allow: frozenset[str],
        *,
        look_up: Resolve = resolve,
        wait: Callable[[float], None] = time.sleep,
        tries: tuple[float, ...] = TRIES,
    ) -> None:
        self.smtp, self.allow, self.look_up, self.wait, self.tries = smtp, allow, look_up, wait, tries
        self.queue: queue.Queue[Outgoing | None] = queue.Queue()
        self.sent: list[tuple[str, str]] = []  # (how, subject), for the operator and tests
        self.failed: list[tuple[str, str]] = []
        self._thread = threading.Thread(target=self._run, name="plot-notices", daemon=True)
        self._thread.start()

    def post(self, notice: Outgoing) -> None:
        self.queue.put(notice)

    def stop(self) -> None:
        self.queue.put(None)
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while (outgoing := self.queue.get()) is not None:
            notice = self._worked_out(outgoing) if callable(outgoing) else outgoing
            if notice is not None:
                if notice.to.email and self.smtp is not None:
                    self._try("e-mail", notice, self._mail)
                if notice.to.webhook:
                    self._try("webhook", notice, self._hook)
            self.queue.task_done()
        self.queue.task_done()

    def _worked_out(self, work: Callable[[], Notice | None]) -> Notice | None:
        """The notice ``work`` makes (the address and the claim to send it, from the
        book), tried again as TRIES says while the store does not answer; None if it
        is not to go, or cannot be worked out (said to the operator)."""
        for n, delay in enumerate(self.tries):
            self.wait(delay)
            try:
                return work()
            except StoreError as exc:
                if n == len(self.tries) - 1:
                    to_operator(f"a notice was not sent: {exc}")
            except Exception as exc:  # (the thread goes on: the next notice is not lost too)
                to_operator(f"a notice was not sent: {type(exc).__name__}: {exc}")
                return None
        return None

    def _try(self, how: str, notice: Notice, send: Callable[[Notice], None]) -> None:
        for n, delay in enumerate(self.tries):
            self.wait(delay)
            try:
                send(notice)
                self.sent.append((how, notice.subject))
                return
            except (OSError, ValueError, smtplib.SMTPException) as exc:
                why = f"{type(exc).__name__}: {exc}"
                if n == len(self.tries) - 1:
                    self.failed.append((how, notice.subject))
                    to_operator(f"a notice to {notice.to.name} by {how} could not be sent ({why}); dropped")

    def _mail(self, notice: Notice) -> None:
        smtp = self.smtp
        if smtp is None:
            return
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = smtp.sender, notice.to.email, notice.subject
        message.set_content(notice.text)
        with smtplib.SMTP(smtp.host, smtp.port, timeout=SMTP_TIMEOUT) as server:
            server.ehlo()
            if server.has_extn("starttls"):
                server.starttls()
            server.send_message(message)

    def _hook(self, notice: Notice) -> None:
        url = notice.to.webhook
        problem, addresses = checked_webhook(url, self.allow, self.look_up)  # (again: names move)
        if problem:
            raise ValueError(problem)
        text = f"{notice.subject}\n{notice.text}"
        body = json.dumps({"text": text, "content": text[:2000]}).encode()
        parts = urlsplit(url)
        path = parts.path or "/"
        connection = _connected(parts, addresses)
        try:
            connection.request(
                "POST",
                f"{path}?{parts.query}" if parts.query else path,
                body,
                {"Content-Type": "application/json"},
            )
            answer = connection.getresponse()  # a redirect is not followed: it could point inside
            answer.read(ANSWER_LIMIT)
            if answer.status >= 300:
                raise OSError(f"the webhook answered {answer.status} {answer.reason[:60]}")
        finally:
            connection.close()


def _connected(parts: SplitResult, addresses: list[str]) -> http.client.HTTPConnection:
    """A connection to a webhook's host: to each address judged public in turn (an IPv6
    one first may not be reachable from here), or, for a name the host allowed (no
    addresses), wherever the name leads. OSError, the last refusal, if none answers."""
    host, refused = parts.hostname or "", None
    tries: list[str | None] = [*addresses] or [None]
    for address in tries:
        connection: http.client.HTTPConnection
        if parts.scheme == "https":
            connection = _Pinned(host, parts.port or 443, address)
        else:  # plain http: only to a name the host allowed
            connection = http.client.HTTPConnection(host, parts.port or 80, timeout=WEBHOOK_TIMEOUT)
        try:
            connection.connect()
        except OSError as exc:
            connection.close()
            refused = exc
            continue
        return connection
    if refused is None:
        raise AssertionError("a webhook with no address to try")
    raise refused


class _Pinned(http.client.HTTPSConnection):
    """HTTPS to ``host``, connected to ``address``, the one found public, not to
    whatever the name answers now (the certificate and the Host header still name the
    host). ``address`` None: the host's own choice (--webhook-allow), looked up as usual."""

    def __init__(self, host: str, port: int, address: str | None) -> None:
        self.tls = ssl.create_default_context()
        super().__init__(host, port, timeout=WEBHOOK_TIMEOUT, context=self.tls)
        self.address = address

    def connect(self) -> None:
        if self.address is None:
            super().connect()
            return
        raw = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self.tls.wrap_socket(raw, server_hostname=self.host)


class Notices:
    """What the hub tells players away from their tables, and when."""

    def __init__(
        self,
        book: AddressBook,
        outbox: Outbox,
        *,
        where: Callable[[], str] = lambda: "",
        wall: Callable[[], datetime] = lambda: datetime.now(UTC),
        rate: int = RATE,
        telling: bool = True,
    ) -> None:
        self.book, self.outbox, self.where = book, outbox, where
        self.telling = telling  # False: another worker sends; this one keeps addresses
        self.rate = rate  # notices an hour to one player, at most
        self.wall = wall  # the date and time: a clock's time left, and the hour's count
        self._said: deque[tuple[str, ...]] = deque(maxlen=10_000)  # keys of notices sent
        self._said_set: set[tuple[str, ...]] = set()
        self._going: set[str] = set()  # tables seen unfinished: their end is news

    @property
    def mails(self) -> bool:
        """Whether this server sends e-mail (its host set --smtp)."""
        return self.outbox.smtp is not None

    def start(self, tables: Iterable[Listing]) -> None:
        """The tables as the server found them: what was so before it started is not
        news (no move or end told again after a restart)."""
        for table in tables:
            if not table.over:
                self.not_news(table)

    def not_news(self, table: Listing) -> None:
        """Whose move it is at ``table`` now is known to them: a table just read back
        after a restart, or just made (its maker sits at it at once, and is not mailed
        "your move" for the table they made)."""
        self._going.add(table.id)
        for side in table.human_sides():
            owner = table.owners.get(side)
            if owner is not None and table.your_move(owner):
                self._remember((table.id, str(table.actions), "move", owner.key))

    def table_changed(self, table: Listing) -> None:
        """After any change at ``table``: its move is told to an absent player whose it is,
        and its end to both players, if away."""
        ended = table.over and table.id in self._going
        if not table.over:
            self._going.add(table.id)
        for side in table.human_sides():
            owner = table.owners.get(side)
            if owner is None or side in table.present:
                continue
            if ended:
                self._tell(
                    owner,
                    (table.id, "end"),
                    f"The game at table {table.id} is over",
                    sentence(table.reason),
                )
            elif table.your_move(owner):
                other = table.owners.get(side.enemy)
                against = f" against {other.name}" if other is not None else ""
                left = table.time_left(self.wall())
                clock = "" if left is None else f" Your clock: {span(left[side])} left."
                self._tell(
                    owner,
                    (table.id, str(table.actions), "move"),
                    f"Your move at table {table.id} (Game-Turn {table.turn})",
                    f"Your game{against} at table {table.id} waits for your move.{clock}",
                )
        if ended:
            self._going.discard(table.id)  # told once, at its end, to those not there

    async def addresses(self, who: Account) -> Address | None:
        """A player's own addresses (StoreError: the store did not answer)."""
        return await self.book.get(who)

    async def set_addresses(self, who: Account, *, email: str, webhook: str) -> Address:
        """Keep a player's own addresses ("" for none); ValueError says what is wrong,
        StoreError that the store did not answer."""
        email, webhook = email.strip(), webhook.strip()
        problem = (email and email_problem(email)) or (
            webhook and webhook_problem(webhook, self.outbox.allow, None)
        )
        if problem:
            raise ValueError(problem)
        return await self.book.set(who, email=email, webhook=webhook)

    def clock_low(self, table: Listing, side: Any, left: float) -> None:
        """The side to act has little time left (said once per move)."""
        owner = table.owners.get(side)
        if owner is None or side in table.present:
            return
        hours = max(0, int(left // 3600))
        self._tell(
            owner,
            (table.id, str(table.actions), "clock"),
            f"Your clock at table {table.id} has {hours} h left",
            f"It is your move at table {table.id}, and your clock has about {hours} h left.",
        )

    def _remember(self, key: tuple[str, ...]) -> None:
        if len(self._said) == self._said.maxlen:
            self._said_set.discard(self._said[0])
        self._said.append(key)
        self._said_set.add(key)

    def _tell(self, who: Account, key: tuple[str, ...], subject: str, text: str) -> None:
        full = key + (who.key,)
        if not self.telling or full in self._said_set:
            return
        self._remember(full)
        when = self.wall().timestamp()
        told = "/".join((*key, digest(who)))  # (the store keeps no player's key)
        self.outbox.post(functools.partial(self._ready, who, told, when, subject, text))

    def _ready(self, who: Account, key: str, when: float, subject: str, text: str) -> Notice | None:
        """On the notices' thread: the notice as it goes, or None: no address, sent
        already (by another process), or enough for this hour (the lobby's list says
        the rest)."""
        address = self.book.to_send(who, key, when, self.rate)
        if address is None:
            return None
        where = self.where()
        off = f"{where}notices/off/{address.token}" if where else "N in the server's lobby"
        return Notice(address, subject, f"{text}\n\nTo have no more of these notices: {off}\n")
