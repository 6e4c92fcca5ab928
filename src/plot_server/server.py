"""`plot serve`: the game over SSH.

Each SSH session gets its own Textual app (on a driver bound to the channel) in the
server's one event loop; the apps meet in the Hub, where each table is one shared
game. Only interactive sessions with a terminal are served: no shell, no exec, no
subsystem (sftp), no port forwarding. Players get in with a key from the
authorized-keys file and/or the server password; the key's fingerprint (or, with
the password, the user name) is who they are for the seats they take.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncssh
import attrs
from rich.markup import escape

from plot_core import Rules
from plot_tui.app import PlotApp
from plot_tui.game import GameScreen
from plot_tui.screens import ConfirmScreen
from plot_tui.session import Seat

from .collector import Collector
from .driver import ChannelDriver
from .hub import Guest, Hub, Refused, Who, to_operator
from .lobby import LobbyScreen, TableSetup

IDLE_CHECK = 5.0        # seconds between checks of a connection's idle time


@attrs.define
class Limits:
    connections: int = 40           # SSH connections at once, signed in or not
    idle: float = 30 * 60           # seconds without a key press or a move at the table
    login: float = 60               # seconds to sign in


@attrs.define
class Gauge:
    """The server's open connections, counted against ``Limits.connections``."""
    open: int = 0


class ServedApp(PlotApp):
    """One SSH session: the lobby, then a seat (or a place to watch) at a table."""

    def __init__(self, process: asyncssh.SSHServerProcess, hub: Hub, who: Who, *,
                 idle: float, collector: Collector | None = None) -> None:
        self.ssh_process = process
        super().__init__(hub.rules)
        self.driver_class = ChannelDriver
        self.hub, self.who, self.idle = hub, who, idle
        self.guest: Guest | None = None
        self.game_screen: GameScreen | None = None
        self.lobby: LobbyScreen | None = None
        self._redraw_pending = False
        self.goodbye = ""                      # said on the terminal after the app ends
        self.last_seen = time.monotonic()
        self.collector = collector

    def touch(self) -> None:
        self.last_seen = time.monotonic()
        if self.collector is not None:
            self.collector.touch()

    def on_mount(self, event) -> None:
        event.prevent_default()           # not PlotApp's new-game screen: the lobby
        self.sub_title = f"over SSH · {self.who.name}"
        self.lobby = LobbyScreen(self.hub, self.who)
        self.push_screen(self.lobby)
        self.hub.lobby_listeners.append(self._lobby_changed)
        self.set_interval(min(IDLE_CHECK, self.idle / 4), self._check_idle)

    # The hub calls these from whichever connection changed something: they only post
    # a message to this app, which acts on it in its own task.
    def _lobby_changed(self) -> None:
        self.call_later(self._refresh_lobby)

    def _refresh_lobby(self) -> None:
        if self.lobby is not None and self._screen_stack and self.screen is self.lobby:
            self.lobby.refresh_rows()

    def _check_idle(self) -> None:
        if time.monotonic() - self.last_seen > self.idle:
            self.goodbye = (f"plot: closed after {self.idle / 60:g} minutes without a key "
                            "press; any game of yours waits for you in the lobby.")
            self.exit()

    # -- tables ----------------------------------------------------------------------------
    def create_table(self, setup: TableSetup) -> None:
        try:
            table = self.hub.create(self.who, setup.side, opponent=setup.opponent,
                                    level=setup.level, seed=setup.seed)
        except Refused as exc:
            self.lobby.say(escape(str(exc)), error=True)
            return
        except OSError as exc:
            to_operator(f"cannot save a new game: {exc}")
            self.lobby.say("The server cannot save a new game just now (its disk); "
                           "nothing was set up. Try again later.", error=True)
            return
        self.take_seat(table.id, "")

    def take_seat(self, table_id: str, code: str) -> None:
        try:
            guest = self.hub.sit(table_id, self.who, code=code, on_change=self._table_changed,
                                 on_kick=self._kicked)
        except Refused as exc:
            self.lobby.say(escape(str(exc)), error=True)
            return
        self._sit(guest)

    def watch_table(self, table_id: str) -> None:
        try:
            guest = self.hub.watch(table_id, self.who, on_change=self._table_changed)
        except Refused as exc:
            self.lobby.say(escape(str(exc)), error=True)
            return
        self._sit(guest)

    def _sit(self, guest: Guest) -> None:
        self.guest = guest
        table = self.hub.tables[guest.table_id]
        side = guest.chair.side
        self.sub_title = (f"table {table.id} · seed {table.session.seed} · "
                          + (f"{self.who.name} plays the {side.title}" if side is not None
                             else f"{self.who.name} watches"))
        self.game_screen = GameScreen(guest.chair, self.rules)
        self.push_screen(self.game_screen, self._game_ended)

    def _table_changed(self) -> None:
        self.touch()                      # a game in motion is not idle
        if not self._redraw_pending:      # one redraw catches up with any number of changes
            self._redraw_pending = True
            self.call_later(self._redraw_table)

    def _redraw_table(self) -> None:
        self._redraw_pending = False
        if self.game_screen is not None:
            self.game_screen.changed_elsewhere()

    def _kicked(self, why: str) -> None:
        self.guest = None                 # the hub has already given the seat away
        self.goodbye = f"plot: {why}"
        self.call_later(self.exit)

    def _leave_table(self) -> None:
        if self.guest is not None:
            self.hub.leave(self.guest)
        self.guest = self.game_screen = None
        self.sub_title = f"over SSH · {self.who.name}"

    def _game_ended(self, result: str | None) -> None:
        self._leave_table()
        if self.lobby is not None:
            self.lobby.refresh_rows()

    def action_quit_game(self) -> None:
        screen = self.screen
        if not isinstance(screen, GameScreen) or self.guest is None:
            self.exit()
            return
        chair = self.guest.chair
        if chair.side is None or screen.session.state.outcome is not None:
            screen.dismiss("lobby")
            return
        waits = ("the computer stops at your next decision"
                 if chair.seats[chair.side.enemy] is Seat.COMPUTER
                 else "your opponent is told you are away")
        self.push_screen(ConfirmScreen(f"Leave the table? The game is saved and {waits}; "
                                       "come back to it from the lobby (enter)."),
                         lambda yes: screen.dismiss("lobby") if yes else None)

    def leave_everything(self) -> None:
        self._leave_table()
        if self._lobby_changed in self.hub.lobby_listeners:
            self.hub.lobby_listeners.remove(self._lobby_changed)


class Gate(asyncssh.SSHServer):
    """Who may come in, who they are, and what they may ask for once in."""

    def __init__(self, password: str | None, keys: asyncssh.SSHAuthorizedKeys | None,
                 limits: Limits, gauge: Gauge) -> None:
        self.password, self.keys, self.limits, self.gauge = password, keys, limits, gauge
        self.conn = None
        self._key: asyncssh.SSHKey | None = None       # the key of the last attempt
        self._counted = False

    def connection_made(self, conn) -> None:
        self.conn = conn
        self.gauge.open += 1
        self._counted = True

    def connection_lost(self, exc) -> None:
        if self._counted:
            self.gauge.open -= 1
            self._counted = False

    def begin_auth(self, username: str) -> bool:
        # Refused here, not on arrival: before the key exchange a client could not
        # show the reason.
        if self.gauge.open > self.limits.connections:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                 f"plot: the server is full ({self.limits.connections} "
                                 "connections); try again later")
        return True

    def password_auth_supported(self) -> bool:
        return self.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        self._key = None
        return password == self.password

    def public_key_auth_supported(self) -> bool:
        return self.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        peer = self.conn.get_extra_info("peername") or ("", 0)
        ok = self.keys.validate(key, peer[0], peer[0]) is not None
        self._key = key if ok else None
        return ok

    def auth_completed(self) -> None:
        name = self.conn.get_extra_info("username")
        # Seats bind to the key when there is one; with the password, to the user name.
        who = Who(f"key {self._key.get_fingerprint()}", name) if self._key is not None \
            else Who(f"password {name}", name)
        self.conn.set_extra_info(plot_who=who)

    # Refusals: no forwarding of any kind.
    def connection_requested(self, *args):
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "plot serves the game only: no port forwarding")

    def server_requested(self, *args):
        return False

    def unix_connection_requested(self, *args):
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "plot serves the game only: no forwarding")

    def unix_server_requested(self, *args):
        return False


async def serve_session(process: asyncssh.SSHServerProcess, hub: Hub, limits: Limits,
                        collector: Collector | None = None) -> None:
    if process.command is not None or process.subsystem is not None:
        process.stderr.write(b"plot serves the game only: no commands, no file transfer. "
                             b"Connect with a plain `ssh -p PORT name@host`.\r\n")
        process.exit(1)
        return
    if process.get_terminal_type() is None:
        process.stderr.write(b"plot needs a terminal: connect with `ssh -t`.\r\n")
        process.exit(1)
        return
    app = ServedApp(process, hub, process.get_extra_info("plot_who"), idle=limits.idle,
                    collector=collector)
    try:
        await app.run_async()
        if app.return_code:           # the app failed: the operator needs to know why
            to_operator(f"a session of {app.who.name} ended with an error: "
                        f"{app._exception!r}")
    finally:
        app.leave_everything()
        if app.goodbye and not process.is_closing():
            process.stdout.write(app.goodbye.encode() + b"\r\n")
        process.exit(0)


async def start(host: str, port: int, hub: Hub, *, host_key: Path, password: str | None,
                keys_file: Path | None, limits: Limits | None = None,
                collector: Collector | None = None):
    limits = limits or Limits()
    if not host_key.exists():
        host_key.parent.mkdir(parents=True, exist_ok=True)
        asyncssh.generate_private_key("ssh-ed25519").write_private_key(str(host_key))
    keys = asyncssh.read_authorized_keys(str(keys_file)) if keys_file is not None else None
    gauge = Gauge()
    return await asyncssh.create_server(
        lambda: Gate(password, keys, limits, gauge), host, port,
        server_host_keys=[str(host_key)], encoding=None, line_editor=False,
        process_factory=lambda p: serve_session(p, hub, limits, collector),
        login_timeout=limits.login, keepalive_interval=30,
        allow_scp=False, agent_forwarding=False, x11_forwarding=False)


def run(host: str, port: int, rules: Rules, *, home: Path, host_key: Path,
        password: str | None, keys_file: Path | None, limits: Limits | None = None) -> None:
    async def main() -> None:
        hub = Hub(rules, home)
        for problem in hub.restore():
            to_operator(f"could not restore a table: {problem}")
        collector = Collector()
        collector.take_over()             # rules and modules are loaded: see collector.py
        server = await start(host, port, hub, host_key=host_key, password=password,
                             keys_file=keys_file, limits=limits, collector=collector)
        open_games = sum(not t.over for t in hub.tables.values())
        to_operator(f"listening on {host}:{port} (ssh -p {port} player@{host}); "
                    f"{open_games} unfinished games restored from {home}")
        janitor = asyncio.create_task(collector.run())
        async with server:
            await server.wait_closed()
        janitor.cancel()

    asyncio.run(main())
