"""One server process: the SSH door, and the web door when asked for, over one hub of
tables, until the host stops it (Ctrl-C or SIGTERM), when every connected player is
told their game is saved."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from pathlib import Path

import attrs

from plot_core import Rules
from plot_core.english import counted

from .admin import open_admin
from .collector import Collector
from .figures import LOG_EVERY, minute_line
from .guard import PasswordThrottle
from .hub import MAX_TABLES, Hub, to_operator
from .notice_addresses import AddressBook, NoticeBook, StoredNoticeBook
from .notices import RATE, Notices, Outbox, Smtp
from .server import ConnectionCount, Limits, say_goodbye, start


@attrs.frozen
class Watch:
    """The figures' sources in this process (figures.Watched)."""

    hub: Hub
    gauge: ConnectionCount

    def players_connected(self) -> int:
        return self.gauge.open

    def connecting(self) -> int:
        return len(self.gauge.strangers)

    def tables_loaded(self) -> int:
        return len(self.hub.tables)

    def games_unfinished(self) -> int:
        return self.hub.unfinished()

    def notices_sent(self) -> int:
        return len(self.hub.notices.outbox.sent) if self.hub.notices is not None else 0

    def store_away(self) -> bool | None:
        return None if self.hub.shared is None else self.hub.store_trouble is not None


async def log_figures(watch: Watch) -> None:
    """The figures' line in the output, each minute, for as long as the server runs."""
    while True:
        await asyncio.sleep(LOG_EVERY)
        to_operator(minute_line(watch, watch.hub.figures))


def run(
    host: str,
    port: int,
    rules: Rules,
    *,
    home: Path,
    host_key: Path,
    password: str | None,
    keys_file: Path | None,
    limits: Limits | None = None,
    web_port: int | None = None,
    web_host: str | None = None,
    web_url: str | None = None,
    web_proxies: frozenset[str] = frozenset(),
    store: str | None = None,
    shared_port: bool = False,
    notices: bool = True,
    tells_notices: bool = True,
    smtp: Smtp | None = None,
    notice_rate: int = RATE,
    webhook_allow: frozenset[str] = frozenset(),
    max_tables: int = MAX_TABLES,
    max_tables_per_player: int = 10,
) -> None:
    """One server process. ``store``: the tables in PostgreSQL, else in files
    under ``home``; ``shared_port``: other processes listen on the same port (workers);
    ``tells_notices``: this process sends the notices (one of the workers does)."""
    limits = limits or Limits()

    async def main() -> None:
        hub = Hub(rules, home, max_tables=max_tables, max_tables_per_player=max_tables_per_player)
        hub.keeps_time = tells_notices  # (one worker loads a table whose clock ran out)
        if store is not None:
            loop = asyncio.get_running_loop()

            def post(callback: Callable[[], None]) -> None:
                loop.call_soon_threadsafe(callback)

            hub.use_store(store, post)
        for problem in hub.restore():
            to_operator(problem)
        hub.clocks.watch()  # a game whose clock ran out while the server was down ends now
        hub.sweep()  # tables nobody is at leave memory after a while
        if notices:
            book: AddressBook = NoticeBook(home)
            if store is not None:
                book = StoredNoticeBook(store)
                carried = book.carry_in(home)  # (what the data folder kept before a store)
                if carried:
                    to_operator(f"{carried} players' notice addresses carried from {home} into the store")
            hub.notices = Notices(
                book,
                Outbox(smtp, webhook_allow),
                where=lambda: hub.web_url or "",
                wall=hub.wall,
                rate=notice_rate,
                telling=tells_notices,
            )
            hub.notices.start(hub.listings())  # (nothing before the start is news)
        collector = Collector()
        collector.take_over()  # rules and modules are loaded: see collector.py
        # Both doors count against the same limits and the same password guesses.
        gauge, throttle = ConnectionCount(), PasswordThrottle(say=to_operator)
        watch = Watch(hub, gauge)
        server = await start(
            host,
            port,
            hub,
            host_key=host_key,
            password=password,
            keys_file=keys_file,
            limits=limits,
            collector=collector,
            gauge=gauge,
            throttle=throttle,
            reuse_port=shared_port,
        )
        web_runner = None
        if web_port is not None:
            # aiohttp is imported only by a server that opens the web door
            from . import web

            hub.web_url = (web_url or f"http://{web_host or host}:{web_port}").rstrip("/") + "/"
            web_runner = await web.start(
                web_host or host,
                web_port,
                hub,
                password=password,
                limits=limits,
                gauge=gauge,
                throttle=throttle,
                collector=collector,
                proxies=web_proxies,
                watched=watch,
                reuse_port=shared_port,
            )
        try:
            admin = await open_admin(hub)  # plot admin's way in
        except OSError as exc:  # (a data folder's path too long for a socket, say)
            admin = None
            to_operator(f"plot admin cannot reach this process: {exc}")
        open_games = hub.unfinished()
        where = "the store" if store is not None else str(home)
        # 0.0.0.0 is every address of this machine, not one a player can reach it by
        reach = "<this machine's name>" if host in ("0.0.0.0", "::", "") else host
        to_operator(
            f"listening on {host}:{port} (ssh -p {port} player@{reach}); "
            f"{counted(open_games, 'unfinished game')} restored from {where}"
        )
        if web_runner is not None:
            tls = (
                ""
                if (hub.web_url or "").startswith("https://")
                else " (put TLS in front of it for the open internet)"
            )
            to_operator(f"the web door: {hub.web_url}{tls}; listening on {web_host or host}:{web_port}")
        janitor = asyncio.create_task(collector.run())
        figures = asyncio.create_task(log_figures(watch))
        stopping = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):  # Ctrl-C, or the host's service manager
            asyncio.get_running_loop().add_signal_handler(sig, stopping.set)
        try:
            async with server:
                await stopping.wait()
                if web_runner is not None:
                    web.stop_waiting(web_runner)
                told = await say_goodbye(hub)
                to_operator(
                    f"stopping: {told} connected player{'s' if told != 1 else ''} told their games are saved"
                )
        finally:
            if admin is not None:
                admin.close()
            janitor.cancel()
            figures.cancel()
            if web_runner is not None:
                await web_runner.cleanup()
            await hub.passes.close()
            if hub.notices is not None:
                await hub.notices.book.close()
            if hub.shared is not None:
                hub.shared.stop()

    asyncio.run(main())
