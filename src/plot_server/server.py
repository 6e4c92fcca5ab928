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
import contextlib
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import asyncssh
import attrs
from rich.text import Text
from textual import events, on, work
from textual.binding import Binding, BindingType

from plot_core import DataError
from plot_core.puzzles import Puzzle
from plot_record import Record, RecordError, utc_stamp
from plot_session.replay import EVERYONE, Replay
from plot_session.settings import user_settings
from plot_tui.app import STYLESHEET, PlotApp
from plot_tui.folding import fold
from plot_tui.game import GameScreen
from plot_tui.messages import RematchAsked
from plot_tui.replay_screen import ReplayScreen
from plot_tui.screens import ConfirmScreen
from plot_tui.textual_compat import end_on_failure, forget_error_output, has_screens

from .collector import Collector
from .connection_limits import ConnectionGuard, ConnectionLimits
from .driver import ChannelDriver
from .guard import PasswordThrottle, idle_check_every, name_problem, normal_name
from .hub import Account, Hub, Refused, ServedTable, TableConnection, to_operator
from .lobby import LOBBY_STYLESHEET, GiveTimeScreen, LobbyScreen, TableSetup
from .logs import failure_log_path, log_failure
from .passes import KEY, Passes, key_token, password_account
from .pgstore import StoreError
from .plain_door import serve_plain, split_plain
from .private_files import make_private
from .rematch import offer_words, waiting_for


@attrs.define
class Limits:
    connections: int = 40  # signed-in connections at once (the players' slots)
    idle: float = 30 * 60  # seconds without a key press or a move at the table
    login: float = 15  # seconds to sign in
    strangers: int = 20  # connections not yet signed in, at once
    session_wait: float = 10  # seconds from signing in to asking for a terminal
    join_codes: int = 5  # wrong join codes a connection may try a minute
    stall: float = 30.0  # seconds a client that does not read its output is kept

    def connection(self) -> ConnectionLimits:
        """The limits each connection goes through (connection_limits.py)."""
        return ConnectionLimits(idle=self.idle, stall=self.stall, join_codes=self.join_codes)


@attrs.define
class ConnectionCount:
    """The server's connections: ``open`` signed in (against ``Limits.connections``),
    ``strangers`` not yet (against ``Limits.strangers``), oldest first."""

    open: int = 0
    strangers: list = attrs.Factory(list)


# Textual's own app actions a served session may run; the rest (screenshots written on
# the server, suspending the server's process, switching screens or themes by name,
# simulated keys ...) are refused, however they are asked for: key, palette or markup.
APP_ACTIONS = {
    "quit",
    "quit_game",
    "help_quit",
    "command_palette",
    "back",
    "pop_screen",
    "focus_next",
    "focus_previous",
    "show_help_panel",
    "hide_help_panel",
    "bell",
    "give_time",
}


CLOCK_REDRAW = 30.0  # seconds between redraws of a running clock on a game screen
LOBBY_PAUSE = 0.3  # seconds the lobby gathers changes at any table before it is drawn
CLOSE_GRACE = 10.0  # seconds a finished session's last output has to reach its client


@attrs.frozen
class Frontend:
    """How a player came in: the driver that is their terminal, and the words for it."""

    driver: type
    words: str


SSH = Frontend(ChannelDriver, "over SSH")


class ServedApp(PlotApp):
    """One SSH or browser session: the lobby, then a seat (or a place to watch) at a
    table. ``terminal`` is what the door's driver talks to: the SSH process, or the
    browser's WebSocket (with the size its page asked for as ``size``)."""

    CSS_PATH = [STYLESHEET, LOBBY_STYLESHEET]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("G", "give_time", "Give your opponent time on the clock", show=False)
    ]

    def __init__(
        self,
        terminal,
        hub: Hub,
        who: Account,
        *,
        limits: ConnectionLimits,
        collector: Collector | None = None,
        door: Frontend = SSH,
        size: tuple[int, int] = (80, 24),
        clock: Callable[[], float] = time.monotonic,
        address: str = "",
    ) -> None:
        self.terminal, self.terminal_size, self.door = terminal, size, door
        # as the host sees it (plot admin who): where from, and since when
        self.door_words, self.address, self.since = door.words, address, utc_stamp()
        self.clock = clock  # idle time is measured on it (tests advance it)
        # the connection's limits, which its driver reads: input, output, idle time
        self.guard = ConnectionGuard(limits, clock)
        super().__init__(hub.rules)
        self.driver_class = door.driver
        self.hub, self.who = hub, who
        self.guest: TableConnection | None = None
        self.game_screen: GameScreen | None = None
        self.lobby: LobbyScreen | None = None
        self._lobby_due = False  # a change at some table: the lobby is drawn soon
        self._news_pending = False
        self.goodbye = ""  # said on the terminal after the app ends
        self.collector = collector
        self.failure: str | None = None  # the reference of a failure, if one came
        self.my_moves: set[str] = set()  # tables where it is this player's move
        self._asked_rematch: str | None = None  # the table whose offer this screen put to us
        self._rematch_at: str | None = None  # a rematch's table, to sit at once we leave
        # the rematch's table when we sat down: one made since takes us there; one made
        # before leaves us looking at the finished game we chose
        self._rematch_before: str | None = None

    # -- what a stranger's session may make the server do -------------------------
    async def _dispatch_action(self, namespace, action_name: str, params) -> bool:
        if namespace is self and action_name not in APP_ACTIONS:
            to_operator(f"refused the app action {action_name!r} for {self.who.name}")
            return True
        return await super()._dispatch_action(namespace, action_name, params)

    def deliver_screenshot(self, *args, **kwargs) -> None:
        return None  # never writes a file on the server

    def save_screenshot(self, *args, **kwargs) -> str:
        raise PermissionError("screenshots are not written on the server")

    def _handle_exception(self, error: Exception) -> None:
        """A broken session: one line for the operator, the traceback to the log under
        --data, a short apology for the player; the others are untouched."""
        self.failure = ref = secrets.token_hex(3)
        log_failure(self.hub.home, ref, self.who.name, error)
        to_operator(
            f"a session of {self.who.name} failed: {type(error).__name__} "
            f"(reference {ref}; details in {failure_log_path(self.hub.home)})"
        )
        self.goodbye = (
            f"plot: sorry, something went wrong on the server (reference {ref}). "
            "Your game is saved: connect again to go on."
        )
        end_on_failure(self, error)

    def _print_error_renderables(self) -> None:
        forget_error_output(self)  # said once, above: nothing on the server's output

    def touch(self) -> None:
        self.guard.touch()
        if self.collector is not None:
            self.collector.touch()

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # not PlotApp's new-game screen: the lobby
        self.sub_title = f"{self.door.words} · {self.who.name}"
        self.lobby = LobbyScreen(self.hub, self.who)
        self.push_screen(self.lobby)
        self.hub.lobby_listeners.append(self._lobby_changed)
        self.hub.sessions.add(self)
        self.my_moves = self._moves_now()  # no bell for what was so before
        self.set_interval(idle_check_every(self.guard.limits.idle), self._check_idle)
        self.set_interval(CLOCK_REDRAW, self._clock_ticks)

    # The hub calls these from whichever connection changed something: they only post
    # a message to this app, which acts on it in its own task.
    def _lobby_changed(self) -> None:
        # gathered for LOBBY_PAUSE: a change anywhere asks every connection, and the
        # player whose action made it is drawn first
        if not self._lobby_due:
            self._lobby_due = True
            # (the timer is set by the app itself: the change may come from anywhere,
            # another connection's task, a clock or the store's news, where no app runs)
            self.call_later(self.set_timer, LOBBY_PAUSE, self._refresh_lobby)

    def _refresh_lobby(self) -> None:
        self._lobby_due = False
        self._tell_my_move()
        if self.lobby is not None and has_screens(self) and self.screen is self.lobby:
            self.lobby.refresh_rows()

    def _moves_now(self) -> set[str]:
        return self.hub.moves_of(self.who)

    def _tell_my_move(self) -> None:
        """Your move: when it becomes this player's move at a table they are
        not looking at, the terminal's bell rings once and a line says where."""
        now = self._moves_now()
        here = self.guest.table_id if self.guest is not None else None
        fresh = sorted(now - self.my_moves - {here})
        self.my_moves = now
        if not fresh:
            return
        self.bell()
        words = f"Your move at table {', '.join(fresh)}."
        if self.game_screen is not None:
            self.game_screen.show_notice(Text(words + " (q: back to the lobby)", style="bold cyan"))
        elif self.lobby is not None:
            self._lobby.say(words)

    def _check_idle(self) -> None:
        if self.guard.idle():
            self.goodbye = (
                f"plot: closed after {self.guard.limits.idle / 60:g} minutes without a key "
                "press; any game of yours waits for you in the lobby."
            )
            self.exit()

    @property
    def _lobby(self) -> LobbyScreen:
        """The lobby, made as the session mounts, before any table is asked for."""
        if self.lobby is None:
            raise AssertionError("no lobby yet")
        return self.lobby

    # -- tables ----------------------------------------------------------------------------
    def create_table(self, setup: TableSetup) -> None:
        try:
            table = self.hub.create(
                self.who,
                setup.side,
                opponent=setup.opponent,
                level=setup.level,
                both=setup.both,
                clock=setup.clock,
            )
        except Refused as exc:
            self._lobby.say(str(exc), error=True)
            return
        except OSError as exc:
            to_operator(f"cannot save a new game: {exc}")
            self._lobby.say(
                "The server cannot save a new game just now (its disk); nothing was set up. Try again later.",
                error=True,
            )
            return
        if setup.both:
            self.watch_table(table.id)
        else:
            self.take_seat(table.id, "")

    def take_seat(self, table_id: str, code: str) -> None:
        try:
            guest = self.hub.sit(
                table_id,
                self.who,
                code=code,
                codes=self.guard.codes,
                on_change=self._table_changed,
                on_kick=self._kicked,
                on_closed=self._table_closed,
            )
        except Refused as exc:  # (a wrong code among them)
            self._lobby.say(str(exc), error=True)
            return
        self._sit(guest)

    def watch_table(self, table_id: str) -> None:
        try:
            guest = self.hub.watch(
                table_id, self.who, on_change=self._table_changed, on_closed=self._table_closed
            )
        except Refused as exc:
            self._lobby.say(str(exc), error=True)
            return
        self._sit(guest)

    def replay_table(self, table_id: str) -> None:
        """R in the lobby: a finished table's game in the replay viewer, its record read
        (and its chances worked out) off the loop."""
        try:
            table = self.hub.table(table_id)
            self.hub.replays.check_finished(table)
        except Refused as exc:
            self._lobby.say(str(exc), error=True)
            return
        self._lobby.say(f"Opening table {table.id}'s game ...")
        self._read_record(table)

    @work(thread=True, exclusive=True, group="replay")
    def _read_record(self, table: ServedTable) -> None:
        try:
            record = self.hub.replays.record(table)
        except Refused as exc:  # (written for players)
            self.call_from_thread(self._lobby.say, str(exc), error=True)
            return
        except (RecordError, StoreError, OSError) as exc:  # names the host's files or store
            to_operator(f"table {table.id}'s record could not be read for a replay: {exc}")
            self.call_from_thread(
                self._lobby.say,
                f"Table {table.id}'s record cannot be read just now (the host has been told).",
                error=True,
            )
            return
        self.call_from_thread(self._open_replay, table, record)

    def open_puzzles(self) -> None:
        """p in the lobby: puzzles, one after another, this player's rating kept with
        their settings; leaving them comes back here. The puzzles are read the first
        time in a thread, not on the loop every session of the process shares."""
        if self.hub.puzzles_read:
            self._puzzles_read(self.hub.puzzles())
        else:
            self._lobby.say("Opening the puzzles ...")
            self._read_puzzles()

    @work(thread=True, exclusive=True, group="puzzles")
    def _read_puzzles(self) -> None:
        try:
            puzzles = self.hub.puzzles()
        except DataError as exc:  # a puzzle file the host changed: names the host's file
            to_operator(f"the puzzles cannot be read: {exc}")
            self.call_from_thread(
                self._lobby.say, "The puzzles cannot be read just now (the host has been told).", error=True
            )
            return
        self.call_from_thread(self._puzzles_read, puzzles)

    def _puzzles_read(self, puzzles: list[Puzzle]) -> None:
        if self.lobby is None or not self.is_running or self.screen is not self.lobby:
            return  # (left, or gone elsewhere, while they were read)
        self._puzzles = puzzles
        if not puzzles:
            self._lobby.say("This server has no puzzles installed.", error=True)
            return
        self._lobby.say("")
        self.settings = user_settings(self.hub.home, self.who.key)
        self.puzzle_book = self.hub.puzzle_book(self.who.key, self.settings)
        self.next_puzzle()

    def puzzles_left(self) -> None:
        self.sub_title = f"{self.door.words} · {self.who.name}"

    def _open_replay(self, table: ServedTable, record: Record) -> None:
        if self.lobby is None or not self.is_running:
            return
        self.sub_title = f"table {table.id} · game {record.header.game} · replay"
        # over: nothing is hidden; notes are kept only on a viewer's own records
        replay = Replay(record, EVERYONE, notes=False)
        games = self.hub.replays
        screen = ReplayScreen(
            replay,
            self.rules,
            analysis=games.analysis,
            expert=games.alternative,
            settings=user_settings(self.hub.home, self.who.key),
        )
        self.lobby.say("")
        self.push_screen(screen, self._replay_closed)

    def _replay_closed(self, _result: str | None) -> None:
        self.sub_title = f"{self.door.words} · {self.who.name}"

    def _sit(self, guest: TableConnection) -> None:
        self.guest = guest
        table = self.hub.tables[guest.table_id]
        side = guest.chair.side
        # the table and who first: 80 columns end the header at the game's id (the
        # name, then the table's number, were once cut off there)
        self.sub_title = (
            f"table {table.id}: "
            + (f"{self.who.name} plays the {side.title}" if side is not None else f"{self.who.name} watches")
            + f" · game {table.session.game}"
        )
        guest.chair.settings = settings = user_settings(self.hub.home, self.who.key)
        self.game_screen = GameScreen(guest.chair, self.rules, settings)
        self.game_screen.may_rematch = side is not None
        self._rematch_before = table.rematch.table if table.rematch is not None else None
        self.push_screen(self.game_screen, self._game_ended)
        self._rematch_news()  # an offer that waited for us while we were away

    def _table_changed(self) -> None:
        """Something changed at the table (its screen draws it by itself): a game in
        motion is not idle, and a rematch may have been offered or made."""
        self.touch()
        if not self._news_pending:  # once for any number of changes
            self._news_pending = True
            self.call_later(self._table_news)

    def _table_news(self) -> None:
        self._news_pending = False
        if self.game_screen is not None:
            self._rematch_news()

    # -- the clock (clocks.py) -----------------------------------------------------------------
    def _clock_ticks(self) -> None:
        """A running clock is drawn again now and then, with no move to redraw it."""
        table = self.hub.tables.get(self.guest.table_id) if self.guest is not None else None
        if table is not None and table.session.clock is not None and not table.over and self.game_screen:
            self.game_screen.refresh_prompt()  # (not a key press: the idle time runs on)

    def action_give_time(self) -> None:
        guest = self.guest
        table = self.hub.tables.get(guest.table_id) if guest is not None else None
        if guest is None or table is None or guest.chair.side is None or table.session.clock is None:
            self._say_at_table("G gives your opponent time, at a table with a clock.", error=True)
            return
        opponent = table.owners.get(guest.chair.side.enemy)
        name = opponent.name if opponent is not None else "your opponent"
        self.push_screen(GiveTimeScreen(name), self._give)

    def _give(self, hours: float | None) -> None:
        if hours is None or self.guest is None:
            return
        try:
            self.hub.clocks.give_time(self.guest, hours)
        except Refused as exc:
            self._say_at_table(str(exc), error=True)
            return
        self._say_at_table(f"Given: {hours:g} h more on your opponent's clock.")

    # -- a rematch (rematch.py) ----------------------------------------------------------
    def _rematch_news(self) -> None:
        """An offer waiting for our answer is put to us once; an accepted one takes us
        to its table."""
        guest = self.guest
        table = self.hub.tables.get(guest.table_id) if guest is not None else None
        if guest is None or table is None or guest.chair.side is None or table.rematch is None:
            return
        if self.game_screen is not None and not self.game_screen.end_shown:
            # (asked once the game screen is up, over the end of game it shows first)
            self.set_timer(0.05, self._rematch_news)
            return
        if table.rematch.table is not None:
            if table.rematch.table != self._rematch_before:
                self._go_to_rematch(table.rematch.table)
        elif waiting_for(table, guest.chair.side) and self._asked_rematch != table.id:
            self._asked_rematch = table.id
            self.push_screen(
                ConfirmScreen(f"{offer_words(table, guest.chair.side)}. Play it?"),
                self._rematch_answered,
            )

    def _rematch_answered(self, yes: bool | None) -> None:
        if self.guest is None:
            return
        try:
            new = self.hub.rematches.answer(self.guest, yes=bool(yes))
        except Refused as exc:
            self._say_at_table(str(exc), error=True)
            return
        if new is not None:
            self._go_to_rematch(new.id)

    @on(RematchAsked)
    def _rematch_asked(self, event: RematchAsked) -> None:
        event.prevent_default()  # a served table's rematch, not PlotApp's new local game
        if self.guest is None:
            return
        try:
            new = self.hub.rematches.ask(self.guest)
        except Refused as exc:
            self._say_at_table(str(exc), error=True)
            return
        except OSError as exc:
            to_operator(f"cannot save a new game: {exc}")
            self._say_at_table(
                "The server cannot save a new game just now (its disk); try again later.", error=True
            )
            return
        if new is not None:
            self._go_to_rematch(new.id)
        else:
            self._say_at_table(
                "Rematch offered, sides swapped: your opponent is asked (and told when they come back)."
            )

    def _say_at_table(self, words: str, *, error: bool = False) -> None:
        if self.game_screen is not None:
            self.game_screen.tell(words, error=error)

    def _go_to_rematch(self, table_id: str) -> None:
        """Leave the finished game (and any dialog on it) for the rematch's table."""
        if self.game_screen is None or self._rematch_at is not None:
            return
        self._rematch_at = table_id
        self._leave_game_screen("rematch")

    def _kicked(self, why: str) -> None:
        self.guest = None  # the hub has already given the seat away
        self.goodbye = f"plot: {why}"
        self.call_later(self.exit)

    def _table_closed(self, why: str) -> None:
        """The host closed the table: back to the lobby (dialogs on the game closed),
        told why there."""
        self.guest = None  # the hub has let go of the seat already
        self.call_later(self._back_to_lobby, why)

    def _leave_game_screen(self, result: str | None) -> None:
        """The game screen closed, with any dialog open over it (_game_ended follows)."""
        if self.game_screen is not None:
            while len(self.screen_stack) > 1 and self.screen is not self.game_screen:
                self.pop_screen()
            self.game_screen.dismiss(result)

    def _back_to_lobby(self, why: str) -> None:
        self._leave_game_screen(None)
        if self.lobby is not None:
            self.lobby.kept = why
            self.lobby.say(why, error=True)

    def _leave_table(self) -> None:
        if self.guest is not None:
            self.hub.leave(self.guest)
        self.guest = self.game_screen = None
        self.sub_title = f"{self.door.words} · {self.who.name}"

    def _game_ended(self, result: str | None) -> None:
        self._leave_table()
        rematch, self._rematch_at, self._asked_rematch = self._rematch_at, None, None
        if rematch is not None:
            self.take_seat(rematch, "")
        elif self.lobby is not None:
            self.lobby.refresh_rows()

    def action_quit_game(self) -> None:
        screen = self.screen
        if not isinstance(screen, GameScreen) or self.guest is None:
            self.exit()
            return
        chair = self.guest.chair
        if chair.side is None or screen.shot.over:
            screen.dismiss("lobby")
            return
        waits = (
            "the computer stops at your next decision"
            if chair.side.enemy not in screen.shot.humans
            else "your opponent is told you are away"
        )

        def leave(yes: bool | None) -> None:
            if yes:
                screen.dismiss("lobby")

        self.push_screen(
            ConfirmScreen(
                f"Leave the table? The game is saved and {waits}; come back to it from the lobby (enter)."
            ),
            leave,
        )

    def leave_everything(self) -> None:
        self.hub.sessions.discard(self)
        self._leave_table()
        if self._lobby_changed in self.hub.lobby_listeners:
            self.hub.lobby_listeners.remove(self._lobby_changed)


MOST_OFFERED = 8  # keys a connection may offer that are remembered with its password


class PlotSSHServer(asyncssh.SSHServer):
    """Who may come in, who they are, and what they may ask for once in."""

    def __init__(
        self,
        password: str | None,
        keys: asyncssh.SSHAuthorizedKeys | None,
        limits: Limits,
        gauge: ConnectionCount,
        throttle: PasswordThrottle | None = None,
        name_problem: Callable[[str], str | None] = name_problem,
        signed_in_problem: Callable[[Account], str | None] = lambda who: None,
        remembered: Passes | None = None,
    ) -> None:
        self.password, self.keys, self.limits, self.gauge = password, keys, limits, gauge
        # the keys clients offered on connections that gave the right password (passes.KEY)
        self.remembered = remembered if password is not None else None
        self._offered: list[asyncssh.SSHKey] = []  # the keys this connection offered
        self._by_remembered_key = False
        self._remembering: asyncio.Task | None = None  # (held: a task nobody holds may go)
        # the hub's: a name's form and the host's bars before sign-in; after it, a
        # barred key, a new name the lists' rules refuse, or a look-alike of a player's
        # name (that answer names the player)
        self.name_problem, self.signed_in_problem = name_problem, signed_in_problem
        self.throttle = throttle or PasswordThrottle(say=to_operator)
        self.conn: asyncssh.SSHServerConnection | None = None
        self._key: asyncssh.SSHKey | None = None  # the key of the last attempt
        self._state = ""  # "", "stranger", "signed-in"
        self.sessions = 0  # interactive sessions opened
        self._signed_in: str | None = None  # "NAME from ADDRESS", for the sign-out line
        self._peer: str | None = None  # the client's address

    def connection_made(self, conn) -> None:
        self.conn = conn
        self._address()
        self.gauge.strangers.append(self)
        self._state = "stranger"
        if len(self.gauge.strangers) > self.limits.strangers:
            # Too many not signed in: the oldest goes. An honest player signs in within a
            # second or two, so silent sockets held open to fill the server are the ones
            # that go, and can no longer keep the players out. Before the key
            # exchange nothing can be said to the client: just close.
            oldest = self.gauge.strangers.pop(0)
            oldest._state = ""
            oldest.conn.abort()

    def connection_lost(self, exc) -> None:
        if isinstance(exc, asyncssh.IllegalUserName):
            # refused by the SSH library before begin_auth (a control character in it):
            # the host hears of it as of any other name refused
            to_operator(f"refused sign-in: a user name SSH refuses, from {self._address()} ({exc.reason})")
        if self._state == "stranger":
            self.gauge.strangers.remove(self)
        elif self._state == "signed-in":
            self.gauge.open -= 1
            if self._signed_in is not None:
                to_operator(f"sign-out: {self._signed_in}")
        self._state = ""

    @property
    def _connection(self) -> asyncssh.SSHServerConnection:
        """The connection, made before anything else is asked of the gate."""
        if self.conn is None:
            raise AssertionError("asked of a gate before its connection was made")
        return self.conn

    def _address(self) -> str:
        if self._peer is None:  # (kept: once the connection is lost it no longer says)
            self._peer = str((self._connection.get_extra_info("peername") or ("?", 0))[0])
        return self._peer

    def begin_auth(self, username: str) -> bool:
        problem = self.name_problem(split_plain(username)[0])  # plain+NAME: the plain door
        if problem is not None:  # (a bad name, or one the host barred: the host hears of it)
            # (quoted: the name is refused unread, and may hold a line break that would
            # forge a line of the log)
            to_operator(f"refused sign-in: {username[:40]!r} from {self._address()} ({problem})")
            self._connection.disconnect(asyncssh.DISC_ILLEGAL_USER_NAME, f"plot: {problem}")
            return True
        # Refused here, not on arrival: before the key exchange a client could not
        # show the reason.
        if self.gauge.open >= self.limits.connections:
            self._full()
        return True

    def _full(self) -> None:
        self._connection.disconnect(
            asyncssh.DISC_TOO_MANY_CONNECTIONS,
            f"plot: the server is full ({self.limits.connections} players); try again later",
        )

    def password_auth_supported(self) -> bool:
        return self.password is not None

    def public_key_auth_supported(self) -> bool:
        return self.keys is not None or self.remembered is not None

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key the operator authorized (seats bind to it), or one given before with
        the right password under this name (the player is who the name says, as with
        the password). asyncssh asks again with the client's signature before it lets
        either in, so holding the key is proved, not claimed."""
        peer = self._connection.get_extra_info("peername") or ("", 0)
        ok = self.keys is not None and self.keys.validate(key, peer[0], peer[0]) is not None
        self._key = key if ok else None
        self._by_remembered_key = False
        name = split_plain(username)[0]
        if ok or self.remembered is None or self.password is None or self.name_problem(name) is not None:
            return ok
        if key not in self._offered:
            if len(self._offered) >= MOST_OFFERED:
                return False  # (a stranger offering key after key: the store is not asked)
            self._offered.append(key)
        token = key_token(key.get_fingerprint(), normal_name(name), self.password)
        try:
            known = await self.remembered.who(KEY, token) is not None
        except StoreError:
            known = False  # the store away: the password still lets the player in
        self._by_remembered_key = known
        return known

    async def validate_password(self, username: str, password: str) -> bool:
        self._key, self._by_remembered_key = None, False
        address = self._address()
        wait = self.throttle.delay(address)
        if wait:  # guessing from this address slows down
            await asyncio.sleep(wait)
        ok = self.password is not None and secrets.compare_digest(password.encode(), self.password.encode())
        if ok:
            self.throttle.passed(address)
        else:
            self.throttle.failed(address)
            to_operator(f"refused sign-in: {split_plain(username)[0][:40]} from {address} (a wrong password)")
        return ok

    async def _remember_offered(self, name: str, address: str) -> None:
        """The keys this client offered before the right password, known from now on
        under ``name``: its next sign-in as ``name`` needs no password and waits behind
        no one's guesses (players behind one address: a club's NAT, a load balancer)."""
        if self.remembered is None or self.password is None:
            return
        try:
            for key in self._offered:
                token = key_token(key.get_fingerprint(), name, self.password)
                await self.remembered.add(KEY, password_account(name), address, token)
        except StoreError as e:
            to_operator(f"the keys {name} offered are not remembered: {e}")

    def auth_completed(self) -> None:
        if self._state != "stranger":  # pushed out while signing in
            return
        name, plain = split_plain(self._connection.get_extra_info("username"))
        name = normal_name(name)
        # Seats bind to the key when there is one; with the password, to the user name.
        who = (
            Account(f"key {self._key.get_fingerprint()}", name)
            if self._key is not None
            else password_account(name)  # (a remembered key: as the password)
        )
        # the name again: the SSH library never asks begin_auth about an empty one
        problem = self.name_problem(name) or self.signed_in_problem(who)
        if problem is not None:  # (still a stranger: its slot goes with the connection)
            to_operator(f"refused sign-in: {name} from {self._address()} ({problem})")
            self._connection.disconnect(asyncssh.DISC_ILLEGAL_USER_NAME, f"plot: {problem}")
            return
        self._connection.set_extra_info(plot_who=who, plot_gate=self, plot_plain=plain)
        how = (
            "a key"
            if self._key is not None
            else "a key given with the password before"
            if self._by_remembered_key
            else "the password"
        )
        door = "plain" if plain else "ssh"
        self._signed_in = f"{name} from {self._address()} ({door} door)"  # (gone with the connection)
        to_operator(f"sign-in: {name} by {how}, {door} door, from {self._address()}")
        by_password = self._key is None and not self._by_remembered_key
        if by_password and self._offered:  # (not held up by the store: later)
            self._remembering = asyncio.get_running_loop().create_task(
                self._remember_offered(name, self._address())
            )
        if self in self.gauge.strangers:
            self.gauge.strangers.remove(self)
        self.gauge.open += 1
        self._state = "signed-in"
        if self.gauge.open > self.limits.connections:  # signed in at the same moment
            self._full()
            return
        asyncio.get_running_loop().call_later(self.limits.session_wait, self._no_session)

    def _no_session(self) -> None:
        """A signed-in connection that never asked for a terminal holds a player's slot
        for nothing: closed."""
        if self.sessions == 0 and self._state == "signed-in":
            self._connection.disconnect(
                asyncssh.DISC_BY_APPLICATION,
                "plot: no terminal was asked for; connect with a plain `ssh -p PORT name@host`",
            )

    # Refusals: no forwarding of any kind.
    def connection_requested(self, *args):
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "plot serves the game only: no port forwarding"
        )

    def server_requested(self, *args):
        return False

    def unix_connection_requested(self, *args):
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "plot serves the game only: no forwarding"
        )

    def unix_server_requested(self, *args):
        return False


def _refuse(process: asyncssh.SSHServerProcess, why: bytes, gate: PlotSSHServer | None) -> None:
    process.stderr.write(why + b"\r\n")
    process.exit(1)
    if gate is not None and gate.sessions == 0:
        # nothing else may come of this connection: it would hold a player's slot
        asyncio.get_running_loop().call_later(1.0, gate._connection.close)


async def serve_session(
    process: asyncssh.SSHServerProcess, hub: Hub, limits: Limits, collector: Collector | None = None
) -> None:
    gate: PlotSSHServer | None = process.get_extra_info("plot_gate")
    if process.command is not None or process.subsystem is not None:
        _refuse(
            process,
            b"plot serves the game only: no commands, no file transfer. "
            b"Connect with a plain `ssh -p PORT name@host`.",
            gate,
        )
        return
    plain = bool(process.get_extra_info("plot_plain"))
    if process.get_terminal_type() is None and not plain:  # plain text needs none
        _refuse(process, b"plot needs a terminal: connect with `ssh -t`.", gate)
        return
    if gate is not None:
        if gate.sessions:  # one game screen per connection
            _refuse(process, b"plot: one session per connection; this one already has it.", None)
            return
        gate.sessions += 1
    address = str((process.get_extra_info("peername") or ("?", 0))[0])
    if plain:
        guard = ConnectionGuard(limits.connection())
        try:
            await serve_plain(process, hub, process.get_extra_info("plot_who"), guard, address)
        finally:
            _end_session(process, gate, guard)
        return
    app = ServedApp(
        process,
        hub,
        process.get_extra_info("plot_who"),
        limits=limits.connection(),
        collector=collector,
        address=address,
    )
    try:
        await app.run_async()
    finally:
        app.leave_everything()
        if app.goodbye and not process.is_closing() and not app.guard.stalled:
            # on the terminal the app leaves behind: folded between words to its width
            said = fold(app.goodbye, process.get_terminal_size()[0])
            process.stdout.write(said.replace("\n", "\r\n").encode() + b"\r\n")
        _end_session(process, gate, app.guard)


def _end_session(
    process: asyncssh.SSHServerProcess, gate: PlotSSHServer | None, guard: ConnectionGuard
) -> None:
    """The session is over. A client that stopped reading is cut off (a clean close
    would wait for it to read what is queued, for ever); and as a connection has one
    session, the connection goes too, so as not to hold a player's slot."""
    if guard.stalled:
        process.channel.abort()
        if gate is not None:
            gate._connection.abort()
        return
    process.exit(0)
    if gate is not None:
        asyncio.get_running_loop().create_task(_close_when_sent(process, gate))


async def _close_when_sent(process: asyncssh.SSHServerProcess, gate: PlotSSHServer) -> None:
    """The connection closed once its session's channel has closed, so the last lines
    ("Goodbye.") reach the client first, even from a busy server; within a bound, as
    a client may never close its side."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(process.channel.wait_closed(), CLOSE_GRACE)
    gate._connection.close()


def ensure_host_key(host_key: Path) -> None:
    """Make the server's key the first time (once, before any worker starts); only the
    server's user may read it, however it was made (private_files.py)."""
    if not host_key.exists():
        host_key.parent.mkdir(parents=True, exist_ok=True)
        asyncssh.generate_private_key("ssh-ed25519").write_private_key(str(host_key))
    if not host_key.is_symlink():  # (a link the host made is the host's to keep)
        make_private(host_key)


async def start(
    host: str,
    port: int,
    hub: Hub,
    *,
    host_key: Path,
    password: str | None,
    keys_file: Path | None,
    limits: Limits | None = None,
    collector: Collector | None = None,
    gauge: ConnectionCount | None = None,
    throttle: PasswordThrottle | None = None,
    reuse_port: bool = False,
):
    limits = limits or Limits()
    ensure_host_key(host_key)
    keys = asyncssh.read_authorized_keys(str(keys_file)) if keys_file is not None else None
    gauge = gauge or ConnectionCount()
    throttle = throttle or PasswordThrottle(say=to_operator)  # one for the server: per address
    return await asyncssh.create_server(
        lambda: PlotSSHServer(
            password, keys, limits, gauge, throttle, hub.name_problem, hub.signed_in_problem, hub.passes
        ),
        host,
        port,
        server_host_keys=[str(host_key)],
        encoding=None,
        line_editor=False,
        process_factory=lambda p: serve_session(p, hub, limits, collector),
        login_timeout=limits.login,
        keepalive_interval=30,
        reuse_port=reuse_port or None,
        allow_scp=False,
        agent_forwarding=False,
        x11_forwarding=False,
    )


# said to everyone connected, playing, watching or in the lobby
GOODBYE = (
    "plot: the server is stopping (its host stopped it). Every game is saved, "
    "every move of it: connect again once the server is back."
)


async def say_goodbye(hub: Hub, wait: float = 5.0) -> int:
    """Everyone connected is told the server is stopping and that every game is
    saved (each move is on disk as it is made); their sessions end, for at most ``wait``
    seconds, before the doors close. How many were told."""
    sessions = list(hub.sessions)
    for app in sessions:
        app.goodbye = GOODBYE
        app.exit()
    deadline = asyncio.get_running_loop().time() + wait
    while hub.sessions and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    return len(sessions)
