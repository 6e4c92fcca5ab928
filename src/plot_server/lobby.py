"""The lobby a player meets over SSH: the server's tables, and the screens to make one,
take a side with a join code, or watch."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Protocol, cast

import attrs
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Input, Label, RadioSet, Static

from plot_core import Player
from plot_record.clock import PRESETS, ClockRule, parse_clock, span
from plot_session.describe import SIDE
from plot_session.session import Seat
from plot_tui.closing import OnceModal, OnceScreen
from plot_tui.fields import stray_key
from plot_tui.panels import Panel
from plot_tui.plain import join, plain
from plot_tui.screens import Choice, Choices, SetupForm
from plot_tui.talk import TalkInput, TalkLog, chat_text, clock_of

from .hub import Account, Game, Hub, Refused, to_operator, unlisted
from .leaderboard import LeaderboardScreen
from .listing import Listing
from .passes import LINK, LINK_MINUTES
from .pgstore import StoreError

LOBBY_HELP = (
    "[b]enter[/b] your game, or join a free side, or watch · [b]n[/b] new table · "
    "[b]j[/b] join with a code · [b]w[/b] watch · [b]m[/b] my games / all · [b]T[/b] talk · "
    "[b]N[/b] notices · [b]R[/b] replay a finished game · [b]r[/b] ratings · [b]p[/b] puzzles · "
    "[b]L[/b] browser link · "
    "[b]q[/b] leave"
)
# "You" second: a player's mark ("your move") is never the part 80 columns cut
ALL_COLUMNS = ("Table", "You", "SS", "Abwehr", "Game", "Watching")
# Narrower than WIDE_ENOUGH, each table takes two lines: the ratings and the clock
# under the names and the game, one's own name marked "(you)" and one's move under
# the table's id (on one line the list is 100 columns and more: 80 cut "Watching")
NARROW_COLUMNS = ("Table", "SS", "Abwehr", "Game", "Watching")
WIDE_ENOUGH = 110
# One's own games, within 80 columns: whose move is in "You play", so "Game" says only
# how far it is; the clocks' column comes only when one of the games has a clock.
MY_COLUMNS = ("Table", "You play", "Opponent", "Game", "Last move")
CLOCKS_COLUMN = "Clocks"  # yours / theirs (the hint under the list says so)
YOUR_MARK = len("Abwehr ▶ rematch offered")  # the longest a player's own cell gets
MY_MARK = len("Abwehr ▶ your move")  # ... in the list of their own games


# The lobby's screens' styles, loaded after the client's (ServedApp.CSS_PATH).
LOBBY_STYLESHEET = Path(__file__).parent / "styles" / "lobby.tcss"


class TableDesk(Protocol):
    """What the lobby asks of the served app it runs in (server.ServedApp)."""

    def create_table(self, setup: TableSetup) -> None: ...
    def take_seat(self, table_id: str, code: str) -> None: ...
    def watch_table(self, table_id: str) -> None: ...
    def replay_table(self, table_id: str) -> None: ...
    def open_puzzles(self) -> None: ...


@attrs.frozen
class TableSetup:
    side: Player = Player.SS
    opponent: Seat = Seat.HUMAN
    level: str = "easy"
    both: bool = False  # the computer plays both sides; the maker watches
    clock: ClockRule | None = None  # a correspondence clock (two players only)


@attrs.frozen
class Row:
    """One row of the lobby's list, as shown (its cells are outside text: shown plain)."""

    key: str
    cells: tuple[str, ...]
    style: str = ""
    height: int = 1


class LobbyScreen(OnceScreen[None]):
    # The footer holds what fits 80 columns whole; every key is in the help above it.
    BINDINGS = [
        Binding("n", "new", "New table"),
        Binding("j", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("m", "mine", "My games"),
        Binding("N", "notices", "Notices", show=False),
        Binding("R", "replay", "Replay a finished game", show=False),
        Binding("r", "ratings", "Ratings", show=False),
        Binding("p", "puzzles", "Puzzles", show=False),
        Binding("enter", "enter", "Sit", priority=True),
        Binding("home", "first_row", "First table", show=False, priority=True),  # (a busy server lists 100)
        Binding("end", "last_row", "Last table", show=False, priority=True),
        Binding("T", "talk", "Talk"),
        Binding("L", "link", "Browser link", show=False),
        Binding("q", "app.quit", "Leave"),
    ]

    def __init__(self, hub: Hub, who: Account) -> None:
        super().__init__()
        self.hub, self.who = hub, who
        self.mine = False  # m: only the tables where one has a side
        self.narrow = False  # every table listed on two lines (a narrow terminal)
        self._hint_shown = False  # the message line holds the empty list's hint
        self._talk_refused = False  # the message line holds a refused line of talk
        self.kept = ""  # news that stays over the list's own hints until a key (a table closed)
        # what is on the screen: the list, and the lobby's talk (the title and message
        # line are Panels, which keep their own)
        self._shown: tuple[tuple[str, ...], list[Row]] | None = None
        self._chat_shown: tuple | None = None

    def compose(self) -> ComposeResult:
        # (Panels: each is drawn again only when what it says changed)
        yield Panel(self.title_text(), id="title")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield TalkLog(id="lobby-chat")
        yield Panel("", id="message")
        yield Static(LOBBY_HELP, id="keys")
        yield Footer()

    def title_text(self) -> Text:
        return join(
            ("The Plot to Assassinate Hitler", "bold"),
            " — tables on this server · ",
            (f"you are {self.who.name}", "bold"),
            f", {self.hub.results.rating_words(self.who.key)}",
        )

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        self.refresh_rows()
        t.focus()

    def action_first_row(self) -> None:
        self._cursor_to(0)

    def action_last_row(self) -> None:
        self._cursor_to(self.query_one(DataTable).row_count - 1)

    def _cursor_to(self, row: int) -> None:
        t = self.query_one(DataTable)
        if t.row_count:
            t.move_cursor(row=row)

    def action_mine(self) -> None:
        self.mine = not self.mine
        self.refresh_rows()  # (its columns too)
        if self.mine:
            labels = {str(c.label) for c in self.query_one(DataTable).columns.values()}
            clocks = " Clocks: your time left / theirs." if CLOCKS_COLUMN in labels else ""
            self.say(f"Your games: yours to move first, then the latest moved (m: every table).{clocks}")
        else:
            self.say("Every table on this server (m: your games only).")

    def _set_columns(self, t: DataTable, names: tuple[str, ...]) -> None:
        """The list's columns, made again only when they change (the view, or a clock
        come or gone). The player's own column has the width of its longest mark from
        the start: a column sized by its rows kept its first width on a busy server,
        and cut "▶ SS: your move" to "▶ S"."""
        if tuple(str(c.label) for c in t.columns.values()) == names:
            return
        t.clear(columns=True)
        mark = {"You": YOUR_MARK, "You play": MY_MARK}
        for name in names:
            t.add_column(name, width=mark.get(name))

    def refresh_rows(self) -> None:
        # (each part is drawn again only when it changed: every change at any table asks
        # every lobby, and most change nothing it shows)
        self.query_one("#title", Panel).update(self.title_text())  # a game's end rates
        t = self.query_one(DataTable)
        rows: list[Row] = []
        more = 0  # tables the list leaves out
        if self.mine:
            games = self.hub.games_of(self.who)
            clocked = any(g.left is not None for g in games)
            columns = MY_COLUMNS[:-1] + (CLOCKS_COLUMN,) * clocked + MY_COLUMNS[-1:]
            self._my_rows(rows, games, clocked)
        else:
            self.narrow = self.size.width < WIDE_ENOUGH
            columns = NARROW_COLUMNS if self.narrow else ALL_COLUMNS
            more = self.hub.index.total - self._all_rows(rows)
        if (columns, rows) != self._shown:
            self._shown = (columns, rows)
            keep = self._under_cursor()
            t.clear()
            self._set_columns(t, columns)
            for row in rows:
                t.add_row(*(plain(c, row.style) for c in row.cells), key=row.key, height=row.height)
            if keep is not None and keep in t.rows:
                t.move_cursor(row=t.get_row_index(keep))
        hint = ""  # what the list itself says of its emptiness
        if not (self.hub.tables or self.hub.listed):
            hint = "No tables yet: press n to set one up."
        elif self.mine and not t.row_count:
            hint = "You have no side at any table yet: n sets one up, j joins one."
        elif more > 0:
            hint = unlisted(more, self.hub.index.rows)
        if self.kept:
            self.say(self.kept, error=True)
        elif hint:
            self.say(hint)
            self._hint_shown = True
        elif self._hint_shown:
            self.say("")  # the list is no longer empty: its hint goes ("No tables yet" over T1)
        self.refresh_chat()

    def _my_rows(self, rows: list[Row], games: list[Game], clocked: bool) -> None:
        for g in games:
            you = SIDE[g.side] + {"move": " ▶ your move", "rematch": " ▶ rematch"}.get(g.waits, "")
            clock = ""
            if g.left is not None and g.their_left is not None:
                clock = f"{span(g.left, short=True)} / {span(g.their_left, short=True)}"
            opponent = g.table.seat_label(g.side.enemy)  # (the ratings: the list of every table)
            cells = (g.table.id, you, opponent, g.table.stage, *(clock,) * clocked, g.last_move)
            rows.append(Row(g.table.id, cells))
        for d in self.hub.damaged_of(self.who):
            side = d.side_of(self.who)
            assert side is not None  # (damaged_of lists only those)
            cells = (d.id, SIDE[side], d.owner_name(side.enemy), d.STATUS, *("",) * clocked, "")
            rows.append(Row(d.id, cells, "red"))

    def on_resize(self, event: events.Resize) -> None:
        if not self.mine and (event.size.width < WIDE_ENOUGH) != self.narrow:
            self.refresh_rows()  # one line a table, or two

    def _all_rows(self, rows: list[Row]) -> int:
        """Every table's row (as many as are listed); how many tables are."""
        if self.narrow:
            return self._all_rows_narrow(rows)
        # the tables where it is this player's move come first, marked
        tables = self.hub.listed_for(self.who)
        for table in tables:
            mine = table.side_of(self.who)
            you = "SS" if mine is Player.SS else "Abwehr" if mine is Player.ABWEHR else ""
            if table.your_move(self.who):
                you = f"▶ {you}: your move"
            # cells as Text: a DataTable reads a str cell as markup, and names are outside text
            cells = (
                table.id,
                you,
                self.hub.results.seat_words(table, Player.SS, self.who),
                self.hub.results.seat_words(table, Player.ABWEHR, self.who),
                table.status(clock=True),
                str(table.watchers),
            )
            rows.append(Row(table.id, cells))
        for d in self.hub.damaged.values():
            mine = d.side_of(self.who)
            cells = (
                d.id,
                SIDE[mine] if mine is not None else "",
                d.owner_name(Player.SS),
                d.owner_name(Player.ABWEHR),
                d.STATUS,
                "",
            )
            rows.append(Row(d.id, cells, "red"))
        return len(tables)

    def _all_rows_narrow(self, rows: list[Row]) -> int:
        results = self.hub.results
        tables = self.hub.listed_for(self.who)
        for table in tables:
            cells = (
                table.id + ("\n▶ yours" if table.your_move(self.who) else ""),
                results.seat_words(table, Player.SS, self.who, narrow=True),
                results.seat_words(table, Player.ABWEHR, self.who, narrow=True),
                table.status(clock=True).replace("; ", "\n"),
                str(table.watchers),
            )
            lines = max(c.count("\n") for c in cells) + 1
            rows.append(Row(table.id, cells, height=lines))
        for d in self.hub.damaged.values():
            mine = d.side_of(self.who)
            cells = (
                d.id,
                d.owner_name(Player.SS) + (" (you)" if mine is Player.SS else ""),
                d.owner_name(Player.ABWEHR) + (" (you)" if mine is Player.ABWEHR else ""),
                textwrap.fill(d.STATUS, 22),
                "",
            )
            rows.append(Row(d.id, cells, "red", 3))
        return len(tables)

    def refresh_chat(self) -> None:
        said = tuple(self.hub.lobby.lines)
        if said == self._chat_shown:
            return
        self._chat_shown = said
        lines = [chat_text(ln, clock=clock_of(ln)) for ln in said]
        for pane in self.query("#lobby-chat").results(TalkLog):
            pane.show(
                lines
                or [
                    Text(
                        "Lobby talk: T to say something to everyone here (to find an opponent, say).",
                        style="dim",
                    )
                ]
            )

    def action_talk(self) -> None:
        self.app.push_screen(TalkInput(self.who.name, where="in the lobby"), self._said)

    def _said(self, text: str | None) -> None:
        if text is None:
            return
        try:
            self.hub.say_in_lobby(self.who, text)
        except Refused as exc:
            self.say(str(exc), error=True)
            self._talk_refused = True
            return
        if self._talk_refused:  # (that refusal no longer stands; anything else said does)
            self.say("")
        self.refresh_chat()

    def _under_cursor(self) -> str | None:
        t = self.query_one(DataTable)
        if t.row_count == 0:
            return None
        return t.coordinate_to_cell_key(t.cursor_coordinate).row_key.value

    def chosen(self, empty: str) -> Listing | None:
        """The table under the cursor, or None after saying why there is none."""
        table_id = self._under_cursor()
        if table_id is None:
            self.say(empty, error=True)
            return None
        table = self.hub.listing(table_id)
        damaged = self.hub.damaged.get(table_id)
        if damaged is not None:
            self.say(damaged.refusal(), error=True)
            return None
        if table is None:  # a finished game pushed out by newer ones, still shown
            self.refresh_rows()
            self.say(f"Table {table_id} has left the list (its game is over); pick again.", error=True)
        return table

    def on_key(self, event: events.Key) -> None:
        self.kept = ""  # (read: the list's hints may come back)

    def say(self, text: str, *, error: bool = False) -> None:
        """``text`` is shown as it is (it may name players): no markup."""
        self._hint_shown = False  # (anything said takes the hint's place)
        self._talk_refused = False  # (... and a refused line of talk's)
        self.query_one("#message", Panel).update(plain(text, "bold red" if error else "green"))

    @property
    def desk(self) -> TableDesk:
        """The served app this lobby belongs to, as far as the lobby asks it."""
        return cast(TableDesk, self.app)

    # -- keys --------------------------------------------------------------------------------
    def action_new(self) -> None:
        self.app.push_screen(NewTableScreen(), self._made)

    def _made(self, setup: TableSetup | None) -> None:
        if setup is not None:
            self.desk.create_table(setup)

    def action_enter(self) -> None:
        table = self.chosen("No tables yet: press n to set one up.")
        if table is None:
            return
        if table.side_of(self.who) is not None:
            self.desk.take_seat(table.id, "")
        elif table.free_sides() and not table.over:
            self.action_join()
        else:
            self.desk.watch_table(table.id)

    def action_join(self) -> None:
        table = self.chosen("No table to join: press n to set one up.")
        if table is None:
            return
        if table.side_of(self.who) is not None:
            self.desk.take_seat(table.id, "")
            return
        try:
            self.hub.may_join(table.id, self.who)
        except Refused as exc:  # (said now, not after a code typed in vain)
            self.say(str(exc), error=True)
            return
        self.app.push_screen(
            JoinScreen(table.id), lambda code: None if code is None else self.desk.take_seat(table.id, code)
        )

    async def action_link(self) -> None:
        """A one-time link that signs this player in from a browser."""
        if self.hub.web_url is None:
            self.say("This server has no web door (plot serve --web PORT).", error=True)
            return
        try:
            token = await self.hub.passes.add(LINK, self.who)
        except StoreError as exc:
            to_operator(f"no link made for {self.who.name}: {exc}")
            self.say("No link now: the server cannot reach its store. Try again in a minute.", error=True)
            return
        self.say(
            f"Open this once, within {LINK_MINUTES} minutes, to be {self.who.name} "
            f"in a browser:\n{self.hub.web_url}link/{token}"
        )

    async def action_notices(self) -> None:
        notices = self.hub.notices
        if notices is None:
            self.say("This server sends no notices.", error=True)
            return
        try:
            mine = await notices.addresses(self.who)
        except StoreError:
            self.say("Your notices cannot be read now: the server cannot reach its store.", error=True)
            return
        screen = NoticesScreen(mine.email if mine else "", mine.webhook if mine else "", mail=notices.mails)
        self.app.push_screen(screen, self._notices_set)

    async def _notices_set(self, answer: tuple[str, str] | None) -> None:
        if answer is None or self.hub.notices is None:
            return
        try:
            mine = await self.hub.notices.set_addresses(self.who, email=answer[0], webhook=answer[1])
        except ValueError as exc:  # the form again, as typed, with what was wrong
            again = NoticesScreen(*answer, mail=self.hub.notices.mails, error=f"Not kept: {exc}.")
            self.app.push_screen(again, self._notices_set)
            return
        except OSError as exc:
            self.say(f"Not kept: the server cannot write it ({exc.strerror}).", error=True)
            return
        except StoreError:
            self.say("Not kept: the server cannot reach its store. Try again in a minute.", error=True)
            return
        ways = [w for w in (mine.email and "e-mail", mine.webhook and "webhook") if w]
        self.say(f"Notices by {' and '.join(ways)}." if ways else "No notices: none will be sent.")

    def action_watch(self) -> None:
        table = self.chosen("No table to watch yet.")
        if table is not None:
            self.desk.watch_table(table.id)

    def action_puzzles(self) -> None:
        self.desk.open_puzzles()

    def action_ratings(self) -> None:
        self.app.push_screen(LeaderboardScreen(self.hub.results, self.who.key))

    def action_replay(self) -> None:
        table = self.chosen("No finished game to replay yet.")
        if table is not None:
            self.desk.replay_table(table.id)


class JoinScreen(OnceModal[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id = table_id

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Join code for table {self.table_id}")
            # not select_on_focus: a focus that lands after the first keys would select them,
            # and the next key would replace what was typed
            yield Input(id="code", max_length=12, placeholder="6 letters and digits", select_on_focus=False)
            yield Static("[dim]enter: join · esc: back[/dim]")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def on_key(self, event: events.Key) -> None:
        # still typing the code (plot_tui.fields); Enter submits it
        field = stray_key(self, "#code", event)
        if field is not None and event.key == "enter":
            event.stop()
            self.dismiss(field.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class NoticesScreen(OnceModal[tuple[str, str] | None]):
    """Where one's notices go: an e-mail address and/or a webhook; both empty: none."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, email: str, webhook: str, *, mail: bool, error: str = "") -> None:
        """``error``: why the addresses typed were not kept (the form shown again)."""
        super().__init__()
        self.email, self.webhook, self.mail, self.error = email, webhook, mail, error

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]Notices[/b]: your move, your clock, a game's end, while you are away")
            yield Label("E-mail address" + ("" if self.mail else " (this server sends no e-mail)"))
            yield Input(self.email, id="email", max_length=254, select_on_focus=False)
            yield Label("Webhook (https://…, a chat service's incoming webhook)")
            yield Input(self.webhook, id="webhook", max_length=500, select_on_focus=False)
            yield Static(plain(self.error, "bold red"), id="error")
            yield Static("[dim]tab: next field · enter: keep · esc: back · both empty: no notices[/dim]")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss((self.query_one("#email", Input).value, self.query_one("#webhook", Input).value))

    def action_cancel(self) -> None:
        self.dismiss(None)


class GiveTimeScreen(OnceModal[float | None]):
    """How many hours to give one's opponent on the clock."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, opponent: str) -> None:
        super().__init__()
        self.opponent = opponent

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(plain(f"Hours of time to give {self.opponent}"))
            yield Input(id="hours", max_length=6, placeholder="24", select_on_focus=False)
            yield Static("", id="error")
            yield Static("[dim]enter: give · esc: back[/dim]")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._give(event.value)

    def on_key(self, event: events.Key) -> None:
        field = stray_key(self, "#hours", event)
        if field is not None and event.key == "enter":
            event.stop()
            self._give(field.value)

    def _give(self, text: str) -> None:
        try:
            hours = float(text)
        except ValueError:
            self.query_one("#error", Static).update(plain("A number of hours, like 24.", "bold red"))
            return
        self.dismiss(hours)

    def action_cancel(self) -> None:
        self.dismiss(None)


class NewTableScreen(SetupForm[TableSetup | None]):
    BINDINGS = [Binding("enter", "start", "Set up", priority=True), Binding("escape", "cancel", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("[b]A new table[/b]")
            yield Label("Your side")
            yield self.side_choice()
            yield Label("Opponent")
            with Choices(id="opponent"):
                yield Choice("another player (give them the join code)", value=True)
                yield Choice("the computer")
                yield Choice("nobody: the computer plays both sides, to watch")
            # the level is asked only of a game with the computer, the clock only of a
            # game between two players: the form fits 24 rows (with both it did not)
            with Vertical(id="levels", classes="part"):
                yield Label("The computer's level")
                yield self.level_choice()
            with Vertical(id="clocks", classes="part"):
                yield Label("A clock (two players, a game over days)")
                with Choices(id="clock"):
                    yield Choice("none", value=True)
                    for rule in PRESETS:
                        yield Choice(rule.words())
                yield Label("… or your own: days + hours a move (5+24)")
                yield Input(id="own-clock", max_length=24, placeholder="days+hours", select_on_focus=False)
            yield Static("", id="error")
            yield Static("[dim]tab: group · arrows: pick · enter: set up · esc: back[/dim]")
        yield Footer()

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        if event.radio_set.id == "opponent":
            self._show_parts()

    def _show_parts(self) -> None:
        """The level's part for a game with the computer, the clock's for two players.
        (Not asked at mount, where a key may have closed the form already: the style
        sheet opens it on the clock's part.)"""
        computer = self.picked("opponent") >= 1
        self.query_one("#levels").display = computer
        self.query_one("#clocks").display = not computer

    def action_start(self) -> None:
        clock = PRESETS[self.picked("clock") - 1] if self.picked("clock") >= 1 else None
        own = self.query_one("#own-clock", Input).value
        if self.picked("opponent") >= 1:
            clock, own = None, ""  # (a clock is for two players: its part is hidden)
        if own.strip():
            try:
                clock = parse_clock(own)
            except ValueError as exc:
                self.query_one("#error", Static).update(plain(f"Your own clock: {exc}.", "bold red"))
                return
        self.dismiss(
            TableSetup(
                side=self.chosen_side(),
                opponent=Seat.COMPUTER if self.picked("opponent") >= 1 else Seat.HUMAN,
                both=self.picked("opponent") == 2,
                level=self.chosen_level(),
                clock=clock,
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
