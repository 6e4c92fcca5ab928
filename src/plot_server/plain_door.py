"""The served game in plain text: `ssh -p PORT plain+NAME@host`, for a screen reader or
a braille display. A sentence a line, no cursor movement, no colour.

The lobby and the tables are the server's own (the same hub as the full-screen door:
a player may sit down in one and come back in the other). At a table the player's
lines are the plain game's (plot_tui.line_mode): a number or an action plays, a question
is answered; what the other players do is said as it happens, and the choices again when
it is the player's move.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import io
import re
import unicodedata
from collections.abc import Callable
from typing import Any, TextIO, cast

import attrs

from plot_core import DataError, Player
from plot_core.english import counted, one_slip
from plot_core.outside_text import hidden_character
from plot_record import ChatLine, utc_stamp
from plot_record.clock import parse_clock, span
from plot_record.format import REMOVED
from plot_session.describe import SIDE, awaited
from plot_session.puzzle_play import (
    Attempt,
    BookUnavailable,
    PuzzleBook,
    next_from,
    progress_words,
    solved_all,
)
from plot_session.session import Seat
from plot_session.settings import SettingsFile, user_settings
from plot_tui.folding import fold
from plot_tui.line_mode import ACTED, LineMode, local_lines, over_words
from plot_tui.plain import clean

from .connection_limits import ConnectionGuard, ConnectionLimits, Flooded, Stalled
from .guard import CodeLimit, idle_check_every
from .hub import Account, Damaged, Hub, Refused, TableConnection, number, to_operator, unlisted
from .leaderboard import COLUMNS, POOL_NAMES, ranked_cells
from .notices import Notices
from .pgstore import StoreError
from .rematch import rematch_words, waiting_for

PLAIN = "plain+"  # the user name's prefix that asks for the plain door
PROMPT = "> "  # where the player's next line goes, at a terminal
LEVELS = ("random", "easy", "hard", "expert")
RECENT = 5  # log lines said on sitting down (log N says more)
SAVE_WAIT = 10.0  # seconds a line typed ahead waits for the last move to be saved
MINE_SAID = 6  # a player's own tables named where leave is typed in the lobby (then "and N more")
# the lobby's words, said again at a table (join is also a game verb: 12.25)
TABLE_ID = re.compile(r"[Tt]\d+")  # a served table's id, as the lobby lists it

LOBBY_HELP = """In the lobby:
  tables               the tables, yours to move first
  games                your games: yours to move first, then the latest moved,
                       with when the last move was made
  ratings [ss|abwehr]  the leaderboard: every rated player and the computer's
                       levels, by overall rating (or by one side's)
  notices [email ADDRESS | webhook URL | off]   where you are told, while away,
                       of your move, your clock and a game's end
  new ss|abwehr [computer [LEVEL]]   a new table, you on that side; against
                       another player (they join with its code) or the computer
                       (level random, easy, hard or expert; easy if not said)
  new ss|abwehr clock D+H   against another player, with a clock: D days each,
                       H hours more each time the move passes (new ss clock 3+12)
  join T CODE          take the free side of table T with its join code
  sit T                sit again at a table where you have a side
  watch T              watch table T (neither side's chits are shown)
  say TEXT             say something to everyone in the lobby
  puzzles              puzzles: a decision from a real game to find, each the
                       nearest your rating (leave: back here)
  quit                 leave the server
At a table: the plain game's commands (help lists them), and
  say TEXT             say something at the table
  give HOURS           more time on your opponent's clock
  rematch              once the game is over: a rematch, sides swapped (or yes
                       to your opponent's offer); decline says no to it
  leave                back to the lobby (the game is saved and waits)"""


# The server's words name the full screen's keys; here the commands are typed.
KEYS_IN_WORDS = (
    ("R: a rematch, sides swapped.", "rematch: a rematch, sides swapped."),
    ("): R to answer.", "): rematch to play it, decline to say no."),
    ("Press w to watch.", "Type watch and the table to watch it."),
    ("press w to look at it.", "type watch and the table to look at it."),
    (
        "(they press j in the lobby)",
        "(they type join, the table and the code; or press j on the full screen)",
    ),
)


def in_words(text: str) -> str:
    """A server's message with its full-screen keys said as plain commands."""
    for key, words in KEYS_IN_WORDS:
        text = text.replace(key, words)
    return text


def split_plain(username: str) -> tuple[str, bool]:
    """The player's name, and whether they asked for the plain door."""
    if username[: len(PLAIN)].lower() == PLAIN:
        return username[len(PLAIN) :], True
    return username, False


class ChannelText(io.TextIOBase):
    """Text for an SSH channel: each line folded to the client's terminal (``width``, 0
    if it has none) and ended as a terminal wants it (CR LF), sent within the
    connection's output limit (``sendable``: False drops the text, which is counted and
    said once the client reads again).

    At a terminal (``later`` given: how to run something once this turn of the loop is
    done) each burst of text is followed by the prompt, "> " and whatever the player had
    typed of their next line, as a local plain game asks: a reader hears where the
    server stopped talking, and a line half typed when news came in is shown again."""

    def __init__(
        self,
        send: Callable[[bytes], object],
        sendable: Callable[[], bool] = lambda: True,
        width: Callable[[], int] = lambda: 0,
        *,
        later: Callable[[Callable[[], None]], object] | None = None,
        typed: Callable[[], str] = lambda: "",
    ) -> None:
        self.send, self.sendable, self.width = send, sendable, width
        self.later, self.typed = later, typed
        self.lost = 0  # lines dropped for a client that did not read them
        self.dropped = False  # ... or any text at all
        self.at_prompt = False  # the prompt (and what was typed after it) ends the screen
        self._prompt_due = False

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not self.sendable():
            self.lost += text.count("\n")
            self.dropped = True
            return len(text)
        if self.at_prompt:  # news comes in: it takes the prompt's line
            self.at_prompt = False
            if self.typed():
                self.send(b"\r\n")  # (a line half typed: shown again by the next prompt)
            else:  # the prompt wiped (a carriage return, no cursor codes): the news is not
                self.send(b"\r" + b" " * len(PROMPT) + b"\r")  # read as if typed after it
        if self.dropped:
            lost, self.lost, self.dropped = max(1, self.lost), 0, False
            self.send(f"({counted(lost, 'line')} not sent: your connection did not read them.)\r\n".encode())
        folded = fold(text, self.width())
        self.send(folded.replace("\n", "\r\n").encode("utf-8", "replace"))
        self._prompt_soon()
        return len(text)

    def echo(self, data: bytes) -> None:
        """A typed key shown back; Enter ends the line the prompt began."""
        self.send(data)
        if data.endswith(b"\n"):
            self.at_prompt = False

    def _prompt_soon(self) -> None:
        if self.later is not None and not self._prompt_due:
            self._prompt_due = True
            self.later(self._prompt)

    def _prompt(self) -> None:
        self._prompt_due = False
        if not self.at_prompt and self.sendable():
            self.send((PROMPT + self.typed()).encode("utf-8", "replace"))
            self.at_prompt = True


@attrs.frozen
class Overlong:
    """A typed line longer than the connection's limit: dropped whole, said so."""

    length: int


_AFTER_ESC, _IN_SEQUENCE, _ONE_MORE = 1, 2, 3  # the line editor's states after an ESC


def _echoed(ch: str) -> str:
    """What the player's terminal is sent for a character typed: an unseen one written
    out (\\u202e), so that it reorders nothing on the player's own line."""
    return ch if ch.isprintable() else clean(ch)


class LineEditor:
    """Typed bytes into lines: what a terminal in raw mode sends (each key as typed)
    is echoed back, a backspace takes the last character back, Enter ends the line;
    escape sequences (arrow keys) are dropped. Without a terminal, lines come whole.
    A line never holds more than ``most`` characters: past them the rest of the line is
    only counted, and the line comes out as Overlong."""

    def __init__(self, echo: Callable[[bytes], object] | None, *, most: int = 1000) -> None:
        self.echo = echo
        self.most = most
        self.buffer: list[str] = []
        self.over = 0  # characters of this line past ``most``, not kept
        self._escape = 0  # in an escape sequence, still to drop
        self._after_cr = False  # the last character ended a line with CR (a LF may follow)
        # a character can come split between two reads
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def feed(self, data: bytes) -> list[str | Overlong]:
        lines: list[str | Overlong] = []
        for ch in self._decode.decode(data):
            after_cr, self._after_cr = self._after_cr, ch == "\r"
            if self._escape == _AFTER_ESC:
                # ESC [ (or ESC O) starts a key's sequence, dropped whole; ESC before
                # anything else was the Esc key alone: the character after it is typed
                self._escape = {"[": _IN_SEQUENCE, "O": _ONE_MORE}.get(ch, 0)
                if self._escape or ch == "\x1b":
                    self._escape = self._escape or _AFTER_ESC
                    continue
            elif self._escape == _IN_SEQUENCE:
                if "@" <= ch <= "~" and ch != "[":  # its final byte ends it
                    self._escape = 0
                continue
            elif self._escape == _ONE_MORE:
                self._escape = 0
                continue
            if ch == "\x1b":
                self._escape = _AFTER_ESC
            elif ch in "\r\n":
                if ch == "\n" and after_cr:
                    continue  # the LF of a CR LF: the line has ended already
                lines.append(Overlong(self.most + self.over) if self.over else "".join(self.buffer))
                self.buffer, self.over = [], 0
                self._say(b"\r\n")
            elif ch in "\x7f\x08":
                if self.over:
                    self.over -= 1
                elif self.buffer:
                    cells = len(_echoed(self.buffer.pop()))
                    self._say(b"\x08" * cells + b" " * cells + b"\x08" * cells)
            elif ch in "\x03\x04":  # Ctrl-C, Ctrl-D: as "quit"
                lines.append("quit")
            elif unicodedata.category(ch) != "Cc":
                # (an unseen character, a bidi override or a zero-width space, is kept:
                # the line is refused by its name, not sent without it)
                if len(self.buffer) >= self.most:
                    self.over += 1  # neither kept nor echoed
                    continue
                self.buffer.append(ch)
                self._say(_echoed(ch).encode("utf-8"))
        return lines

    def _say(self, data: bytes) -> None:
        if self.echo is not None:
            self.echo(data)


class PlainVisit:
    """One plain-text player on the server: the lobby, then a table, then the lobby."""

    def __init__(
        self,
        hub: Hub,
        who: Account,
        out: TextIO,
        *,
        later: Callable[[Callable[[], None]], object],
        touch: Callable[[], None] = lambda: None,
        codes: CodeLimit | None = None,
    ) -> None:
        self.hub, self.who, self.out = hub, who, out
        self.codes = codes or CodeLimit(ConnectionLimits().join_codes)  # wrong join codes, any table
        self.later = later  # run a callback on the loop soon (once per burst of changes)
        self.touch = touch  # a line typed, or a change at the table (the idle limit)
        self.guest: TableConnection | None = None
        self.seat: LineMode | None = None
        self.talk_seen = 0
        self.removed_seen: set[int] = set()  # lines of talk shown taken back by the host
        self.asked_at: tuple[int, bool] | None = None  # (actions, my move) when last asked
        self.waiting_said = ""  # whom the game waits for, as last said (once, not each step)
        self.over_said = False  # the game's end said at this table
        self.rematch_said = ""  # ... and what was said of its rematch
        self.rematch_before: str | None = None  # its rematch's table when we sat down
        self.opponent_here: bool | None = None  # the opponent at the table, when last said
        self._told = False
        self._lobby_told = False
        self._lobby_last: ChatLine | None = None  # the last line of lobby talk said
        self._my_moves: set[str] = set()  # tables where it was this player's move
        self._saved: asyncio.Event | None = None  # set when the move being saved is
        self.attempt: Attempt | None = None  # a puzzle being solved (puzzles)
        self.puzzle_seat: LineMode | None = None  # ... its plain game, at this connection alone
        self.puzzle_settings: SettingsFile | None = None  # the player's, once puzzles are opened
        self.puzzle_asks = 0  # counts the asks for a next puzzle: only the last one's is set
        self._asking: asyncio.Future[None] | None = None  # a command waiting on the store

    def in_the_lobby(self) -> str:
        """What ``leave`` says in the lobby: where this player can go from here."""
        mine = [t.id for t, _ in sorted(self.hub.mine(self.who), key=lambda m: number(m[0].id)) if not t.over]
        if mine:
            yours = ", ".join(mine[:MINE_SAID]) + (
                f" and {len(mine) - MINE_SAID} more" if len(mine) > MINE_SAID else ""
            )
            return (
                f"You are in the lobby: sit T goes back to a table of yours ({yours}), quit ends the session."
            )
        return "You are in the lobby, with no table of your own: new makes one, quit ends the session."

    def say(self, text: str = "") -> None:
        print(clean(text), file=self.out, flush=True)

    # -- the lobby ----------------------------------------------------------------------
    def start(self) -> None:
        self.say(f"plot, plain text, on a server. You are {self.who.name}. Type help for the commands.")
        self.say(f"You are {self.hub.results.rating_words(self.who.key)} (ratings: the leaderboard).")
        self.tables()
        lines = self.hub.lobby.lines
        self._lobby_last = lines[-1] if lines else None  # talk from before is not news
        self._my_moves = self._moves_now()
        self.hub.lobby_listeners.append(self._lobby_changed)

    def close(self) -> None:
        """The player has gone: off the table, and no more told."""
        if self._asking is not None:
            self._asking.cancel()  # (nothing to say it to)
        self.leave_table()
        if self._lobby_changed in self.hub.lobby_listeners:
            self.hub.lobby_listeners.remove(self._lobby_changed)

    def _moves_now(self) -> set[str]:
        return self.hub.moves_of(self.who)

    def _lobby_changed(self) -> None:
        if not self._lobby_told:
            self._lobby_told = True
            self.later(self._lobby_news)

    def _lobby_news(self) -> None:
        """Lobby talk, said in the lobby; and a table where it has just become this
        player's move, said anywhere but at that table."""
        self._lobby_told = False
        lines = list(self.hub.lobby.lines)
        new = lines[lines.index(self._lobby_last) + 1 :] if self._lobby_last in lines else lines
        if lines:
            self._lobby_last = lines[-1]
        if self.seat is None and self.attempt is None:  # (not at a table, nor at a puzzle)
            for c in new:
                self.say(self._talk_line(c))  # (its role: "lobby")
        moves = self._moves_now()
        here = self.guest.table_id if self.guest is not None else None
        for table_id in sorted(moves - self._my_moves - {here}):
            self.say(f"Your move at table {table_id} (sit {table_id}).")
        self._my_moves = moves

    def line(self, text: str) -> bool:
        """One line from the player; False when they leave the server."""
        self.touch()
        for seat in (self.seat, self.puzzle_seat):  # (any line calls off a roll said first)
            if seat is not None:
                seat.controller.heard()
        hidden = hidden_character(text) if text.strip().partition(" ")[0].lower() != "say" else None
        if hidden is not None:  # (a join code or a command with it would fail unexplained)
            self.say(f"Refused: the line holds {hidden}, an unseen character: type it again without it.")
            return True
        if self.seat is not None:
            return self._at_table(text)
        if self.attempt is not None:
            return self._at_puzzle(text)
        word, _, rest = text.strip().partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("quit", "q", "exit"):
            self.say("Goodbye.")
            return False
        command = LOBBY_COMMANDS.get(word)
        try:
            if command is not None:
                command(self, rest)
            else:
                near = [w for w in (*LOBBY_COMMANDS, "quit") if one_slip(word, w)]
                meant = f" Did you mean {near[0]}?" if len(near) == 1 else ""  # ("tabels": tables)
                self.say(f"Not understood: {word!r}.{meant} Type help for the commands.")
        except Refused as exc:
            self.say(f"Refused: {in_words(str(exc))}")
        return True

    def join(self, rest: str) -> None:
        table_id, _, code = rest.partition(" ")
        self.sit(table_id, code.strip())

    def ask_notices(self, rest: str) -> None:
        self._asking = asyncio.ensure_future(self.notices(rest))  # (the next line waits)

    def puzzles(self, _: str) -> None:
        if self.hub.puzzles_read:
            self.next_puzzle()
        else:  # read the first time in a thread, not on the loop (the next line waits)
            self._asking = asyncio.ensure_future(self._read_puzzles())

    def say_in_lobby(self, text: str) -> None:
        self.hub.say_in_lobby(self.who, text)  # (said back like anyone's)

    def lobby_help(self, _: str) -> None:
        for ln in LOBBY_HELP.splitlines():
            self.say(ln)

    def tables(self) -> None:
        tables = self.hub.listed_for(self.who)
        damaged = list(self.hub.damaged.values())
        if not tables and not damaged:
            self.say("No tables yet: new ss or new abwehr sets one up.")
            return
        self.say(f"{counted(len(tables) + len(damaged), 'table')}:")
        more = self.hub.index.total - len(tables)
        for t in tables:
            mine = t.side_of(self.who)
            you = f"; you play the {SIDE[mine]}" if mine is not None else ""
            move = "; your move" if t.your_move(self.who) else ""
            self.say(
                f"  {t.id}: SS {self.hub.results.seat_words(t, Player.SS, self.who)}, "
                f"Abwehr {self.hub.results.seat_words(t, Player.ABWEHR, self.who)}; "
                f"{t.status(clock=True)}; {t.watchers} watching{you}{move}."
            )
        for d in damaged:
            self.say(self._damaged_line(d))
        if more > 0:
            self.say(unlisted(more, self.hub.index.rows))

    def _damaged_line(self, d: Damaged) -> str:
        mine = d.side_of(self.who)
        you = f"; you play the {SIDE[mine]}" if mine is not None else ""
        return (
            f"  {d.id}: SS {d.owner_name(Player.SS)}, Abwehr {d.owner_name(Player.ABWEHR)}; {d.STATUS}{you}."
        )

    def ratings(self, rest: str) -> None:
        """ratings; ratings ss; ratings abwehr."""
        pool = rest.strip().lower() or "overall"
        if pool not in POOL_NAMES:
            self.say("ratings, ratings ss, or ratings abwehr.")
            return
        self.say(
            f"Ratings, sorted {POOL_NAMES[pool]} (Glicko-2; ? marks a rating still unsure; "
            "the computer's levels are fixed):"
        )
        self.say("  " + " | ".join(COLUMNS))
        for place, row in enumerate(self.hub.results.ranked(pool), 1):
            mark = "  <- you" if row.key and row.key == self.who.key else ""
            self.say("  " + " | ".join(ranked_cells(place, row)) + mark)

    async def notices(self, rest: str) -> None:
        """notices; notices email ADDRESS; notices webhook URL; notices off."""
        book = self.hub.notices
        if book is None:
            self.say("This server sends no notices.")
            return
        try:
            await self._notices(book, rest)
        except StoreError:
            self.say("Your notices cannot be read or kept now: the server cannot reach its store.")
        except OSError as exc:
            self.say(f"Not kept: the server cannot write it ({exc.strerror}).")

    async def _notices(self, book: Notices, rest: str) -> None:
        mine = await book.addresses(self.who)
        email, webhook = (mine.email, mine.webhook) if mine else ("", "")
        what, _, value = rest.strip().partition(" ")
        if what:
            if what == "email":
                email = value.strip()
            elif what == "webhook":
                webhook = value.strip()
            elif what == "off":
                email = webhook = ""
            else:
                self.say("notices email ADDRESS, notices webhook URL, or notices off.")
                return
            try:
                mine = await book.set_addresses(self.who, email=email, webhook=webhook)
            except ValueError as exc:
                self.say(f"Not kept: {exc}.")
                return
        mails = book.mails
        if what == "email" and email and not mails:  # kept for when the host sets --smtp
            self.say("This server sends no e-mail (its host has not set --smtp): the address is kept.")
        ways = [
            f"e-mail to {mine.email}" + ("" if mails else " (not sent: this server sends no e-mail)")
            if mine and mine.email
            else "",
            f"webhook {mine.webhook}" if mine and mine.webhook else "",
        ]
        said = " and ".join(w for w in ways if w)
        self.say(
            f"Your notices: {said}."
            if said
            else "No notices are sent to you (notices email ADDRESS sets one)."
        )

    def games(self) -> None:
        mine = self.hub.games_of(self.who)
        damaged = self.hub.damaged_of(self.who)
        if not mine and not damaged:
            self.say("You have no side at any table yet: new ss or new abwehr sets one up.")
            return
        self.say(f"Your {counted(len(mine) + len(damaged), 'game')}:")
        waits = {
            "move": "; your move",
            "rematch": "; a rematch is offered to you (sit, then rematch or decline)",
        }
        for g in mine:
            clock = (
                ""
                if g.left is None or g.their_left is None
                else f"; your time: {span(g.left)}, theirs: {span(g.their_left)}"
            )
            self.say(
                f"  {g.table.id}: you play the {SIDE[g.side]} against "
                f"{self.hub.results.seat_words(g.table, g.side.enemy)}; "
                f"{g.table.status()}{clock}; last move: {g.last_move}{waits.get(g.waits, '')}."
            )
        for d in damaged:
            self.say(self._damaged_line(d))

    def new(self, rest: str) -> None:
        words = rest.lower().split()
        side = {"ss": Player.SS, "abwehr": Player.ABWEHR}.get(words[0] if words else "")
        if side is None:
            self.say("Which side? new ss, or new abwehr (then computer and a level to play the computer).")
            return
        computer = len(words) > 1 and words[1] == "computer"
        level = words[2] if computer and len(words) > 2 else "easy"
        if level not in LEVELS:
            self.say(f"No level {level!r}: random, easy, hard or expert.")
            return
        clock = None
        if len(words) > 1 and words[1] == "clock":  # new ss clock 3+12
            if len(words) < 3:
                self.say("Which clock? new ss clock 3+12: 3 days each, 12 hours more a move.")
                return
            try:
                clock = parse_clock(" ".join(words[2:]))
            except ValueError as exc:
                self.say(f"Refused: {exc}.")
                return
        try:
            table = self.hub.create(
                self.who, side, opponent=Seat.COMPUTER if computer else Seat.HUMAN, level=level, clock=clock
            )
        except OSError:
            self.say("The server cannot save a new game just now; nothing was set up. Try again later.")
            return
        if not computer:
            self.say(f"Table {table.id} is yours. Tell your opponent its join code: {table.code}.")
        self.sit(table.id, "")

    def sit(self, table_id: str, code: str) -> None:
        if not table_id:
            self.say("Which table? sit T1 (or join T1 CODE for a free side).")
            return
        try:
            guest = self.hub.sit(
                table_id,
                self.who,
                code=code,
                codes=self.codes,
                on_change=self._changed,
                on_kick=self._sent_away,
                on_closed=self._sent_away,
            )
        except Refused as exc:  # (a wrong code among them)
            self.say(f"Refused: {in_words(str(exc))}")
            return
        self._seat(guest)

    def watch(self, table_id: str) -> None:
        if not table_id:
            self.say("Which table? watch T1.")
            return
        self._seat(self.hub.watch(table_id, self.who, on_change=self._changed, on_closed=self._sent_away))

    def _seat(self, guest: TableConnection) -> None:
        self.guest = guest
        table = self.hub.tables[guest.table_id]
        chair = guest.chair
        self.seat = LineMode(chair, None, self.out)
        shot = chair.snapshot()
        self.seat.shown = max(0, len(shot.log) - RECENT)
        self.talk_seen = len(shot.chat)
        self.removed_seen = {n for n, c in enumerate(shot.chat) if c.text == REMOVED}
        role = (
            f"the {SIDE[chair.side]}" if chair.side is not None else "watching; you see neither side's chits"
        )
        self.say(f"Table {table.id}, game {table.session.game}: you are {role}. leave: back to the lobby.")
        if chair.side is not None:  # (the deal may be further back than the lines said)
            self.seat.chits("")
        if note := chair.note():
            self.say(in_words(note))
        self.asked_at, self.over_said, self.waiting_said = None, False, ""
        self.opponent_here = None  # (the note has said whether the opponent is here)
        # (the note has said the rematch as it stands; one made since takes us there)
        self.rematch_said = in_words(rematch_words(table, chair.side)) if chair.side is not None else ""
        self.rematch_before = table.rematch.table if table.rematch is not None else None
        self.follow()

    # -- puzzles (plot_session.puzzle_play): a game of this connection's own ---------------
    def next_puzzle(self) -> None:
        """The next puzzle, once the player's book has answered (off the loop: a store's
        is the network); the next line waits for it."""
        self._asking = asyncio.ensure_future(self._next_puzzle())

    def _book(self) -> PuzzleBook:
        """The player's puzzle book, over this visit's one settings object (the puzzle's
        own screen saves through it: ask before rolling)."""
        if self.puzzle_settings is None:
            self.puzzle_settings = user_settings(self.hub.home, self.who.key)
        return self.hub.puzzle_book(self.who.key, self.puzzle_settings)

    async def _next_puzzle(self) -> None:
        puzzles = self.hub.puzzles()
        if not puzzles:
            self.say("This server has no puzzles installed.")
            return
        self.puzzle_asks += 1
        asked = self.puzzle_asks
        try:
            record, puzzle = await asyncio.to_thread(next_from, self._book(), puzzles)
        except BookUnavailable as exc:
            if asked == self.puzzle_asks:
                self.attempt = self.puzzle_seat = None
                self.say(str(exc))
            return
        if asked != self.puzzle_asks or self.seat is not None:
            return  # (left, asked again, or sat down, meanwhile: a line waits only so long)
        if puzzle is None:
            self.attempt = self.puzzle_seat = None
            self.say(solved_all(record))
            return
        settings = self.puzzle_settings
        assert settings is not None  # (made by _book)
        self.attempt = attempt = Attempt(puzzle, self.hub.rules)
        # read line by line here, with the player's own settings (ask before a roll)
        self.puzzle_seat = local_lines(attempt.session, None, self.out, puzzle=attempt, settings=settings)
        self.say(attempt.intro(record.rating, settings.problem, plain=True))
        self.say("Play your plan as in a game (help lists the commands); leave: back to the lobby.")
        self.puzzle_seat.ask()

    async def _keep(self, attempt: Attempt) -> None:
        """A judged try kept in the player's book (off the loop), and the rating said."""
        try:
            kept = await asyncio.to_thread(self._book().keep, attempt.puzzle, attempt.solved())
            self.say(kept.words())
        except BookUnavailable as exc:
            self.say(str(exc))
        self.say("Type next (or press Enter) for the next puzzle, or leave.")

    async def _say_standing(self) -> None:
        """Where the player stands in puzzles, as they leave them (as every door says it),
        from their book, off the loop; nothing if the book cannot answer just now."""
        with contextlib.suppress(BookUnavailable):
            self.say(progress_words(await asyncio.to_thread(self._book().record)))

    async def _read_puzzles(self) -> None:
        self.say("Opening the puzzles ...")
        try:
            await asyncio.to_thread(self.hub.puzzles)
        except DataError as exc:  # a puzzle file the host changed: names the host's file
            to_operator(f"the puzzles cannot be read: {exc}")
            self.say("The puzzles cannot be read just now (the host has been told).")
            return
        if self.seat is None and self.attempt is None:
            await self._next_puzzle()

    def _at_puzzle(self, text: str) -> bool:
        attempt, seat = self.attempt, self.puzzle_seat
        assert attempt is not None and seat is not None
        word = text.strip().lower()
        if word in ("leave", "lobby", "quit", "q", "exit"):
            self.attempt = self.puzzle_seat = None
            self.puzzle_asks += 1  # (a next puzzle still being asked for is not set)
            self.say("Back in the lobby." + ("" if attempt.judged() else " The puzzle is left unsolved."))
            self._asking = asyncio.ensure_future(self._say_standing())  # (the next line waits for it)
            return True
        if attempt.judged():  # the verdict has been said
            if word in ("", "next"):
                self.next_puzzle()
            else:
                self.say("Type next for the next puzzle, or leave.")
            return True
        if seat.go_on(text):  # Enter after "more lines"
            return True
        if lobby_line(word):
            self.say("You are at a puzzle: leave takes you back to the lobby first.")
            return True
        acted = seat.handle(text) == ACTED
        seat.news()
        if attempt.judged():
            for line in attempt.words():
                self.say(line)
            self._asking = asyncio.ensure_future(self._keep(attempt))  # (the next line waits)
        elif acted:
            seat.ask()
        return True

    # -- at a table --------------------------------------------------------------------
    def _at_table(self, text: str) -> bool:
        seat, guest = self.seat, self.guest
        assert seat is not None and guest is not None
        if seat.go_on(text):  # Enter after "more lines"
            return True
        word, _, rest = text.strip().partition(" ")
        if word.lower() in ("leave", "lobby", "quit", "q", "exit"):  # quit: the table only
            table_id = guest.table_id
            self.leave_table()
            self.say(f"Back in the lobby. The game is saved and waits for you (sit {table_id} to come back).")
            self.games()  # one's own: every table (a hundred lines, on a busy server) on asking
            self.say("tables lists every table.")
            return True
        if word.lower() == "say":
            self._talk(rest.strip())
            return True
        if word.lower() in ("rematch", "decline"):
            self._rematch(word.lower() == "rematch")
            return True
        if word.lower() == "give":
            self._give(rest.strip())
            return True
        if lobby_line(text):
            self.say(f"You are at table {guest.table_id}: leave takes you back to the lobby first.")
            return True
        if not guest.chair.my_move() and (text.strip().isdigit() or word.lower() == "undo"):
            self.say(self._waiting())
            return True
        if seat.handle(text) == ACTED:
            self.follow()
        return True

    def _talk(self, text: str) -> None:
        talk = self.guest.chair.talk if self.guest is not None else None
        if talk is None:
            return
        try:
            talk(text)
        except Refused as exc:
            self.say(f"Refused: {in_words(str(exc))}")

    def _give(self, text: str) -> None:
        """give HOURS: more time on the opponent's clock."""
        if self.guest is None:
            return
        try:
            hours = float(text)
        except ValueError:
            self.say("How many hours? give 24 gives your opponent a day more on the clock.")
            return
        try:
            self.hub.clocks.give_time(self.guest, hours)
        except Refused as exc:
            self.say(f"Refused: {in_words(str(exc))}")
            return
        self.say(f"Given: {hours:g} h more on your opponent's clock.")

    def _rematch(self, yes: bool) -> None:
        """rematch: offer, accept, or at once against the computer; decline: say no."""
        guest = self.guest
        if guest is None:
            return
        table = self.hub.tables[guest.table_id]
        try:
            if yes and not waiting_for(table, guest.chair.side):
                new = self.hub.rematches.ask(guest)
            else:
                new = self.hub.rematches.answer(guest, yes=yes)
        except Refused as exc:
            self.say(f"Refused: {in_words(str(exc))}")
            return
        if new is not None:
            self._to_rematch(new.id)
        elif yes:
            self.say("Rematch offered, sides swapped: your opponent is asked (and told when they come back).")

    def _to_rematch(self, table_id: str) -> None:
        self.leave_table()
        self.say(f"The rematch is table {table_id}.")
        self.sit(table_id, "")

    def saving(self) -> bool:
        """The table waits for this player's last move to be saved (with a store: a
        moment, the time a commit takes)."""
        if self.guest is None:
            return False
        return self.guest.chair.snapshot().saving

    async def saved(self, most: float) -> None:
        """Until the move being saved is saved, and a command asking the store is
        answered, at most ``most`` seconds: a line typed ahead waits for it as for a slow
        server (not refused as "not your move", nor answered before the line before)."""
        asking, self._asking = self._asking, None
        if asking is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(asking), most)
        if not self.saving():
            return
        self._saved = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._saved.wait(), most)
        self._saved = None

    def _changed(self) -> None:
        """The table changed (a move, talk, someone came or went): said once the burst
        is over."""
        if self._saved is not None and not self.saving():
            self._saved.set()
        self.touch()  # a game in motion is not idle
        if not self._told:
            self._told = True
            self.later(self._catch_up)

    def _catch_up(self) -> None:
        self._told = False
        if self.seat is not None:
            self.follow()

    def follow(self) -> None:
        """What happened since last said, then what is asked: the choices on the
        player's move (once per decision), else whom the game waits for."""
        seat, guest = self.seat, self.guest
        if seat is None or guest is None:
            return
        chair = guest.chair
        shot = chair.snapshot()
        seat.news()
        for c in shot.chat[self.talk_seen :]:  # one's own line too: it was said
            self.say(self._talk_line(c))
        self.talk_seen = len(shot.chat)
        # a line said here before and taken back by the host since: said so
        removed = {n for n, c in enumerate(shot.chat) if c.text == REMOVED}
        for n in sorted(removed - self.removed_seen):
            self.say(f"The host took back a line {shot.chat[n].name} said.")
        self.removed_seen = removed
        self._opponent_news(guest)
        v = shot.view
        if v.outcome is not None:
            if not self.over_said:
                self.over_said = True
                self.say(over_words(v.outcome))
                table = self.hub.tables.get(guest.table_id)
                rated = "" if table is None else self.hub.results.change_words(table, chair.side)
                if rated:
                    self.say(rated)
                self.say("leave: back to the lobby.")
            self._rematch_news(guest)
            return
        if shot.saving:
            return  # its last action is being saved (a store: a moment); the next version asks
        moment = (shot.actions, shot.my_move)
        if moment == self.asked_at:
            return
        self.asked_at = moment
        if shot.my_move:
            self.waiting_said = ""
            seat.ask()
        elif (waiting := self._waiting()) != self.waiting_said:
            self.waiting_said = waiting  # (the computer's steps, each an action: said once)
            self.say(waiting)

    def _opponent_news(self, guest: TableConnection) -> None:
        """The opponent left the table, or came back: said once each time (the full
        screen says it on the prompt's last line; its leave dialog promises it)."""
        table, side = self.hub.tables.get(guest.table_id), guest.chair.side
        if table is None or side is None or table.over:
            return
        other, owner = side.enemy, table.owners.get(side.enemy)
        if owner is None or table.session.seats[other] is not Seat.HUMAN:
            return
        here = table.present(other)
        if here != self.opponent_here and self.opponent_here is not None:
            if here:
                self.say(f"The {SIDE[other]} player ({owner.name}) is back at the table.")
            else:
                waits = "; the game waits for them" if table.session.state.to_act is other else ""
                self.say(f"The {SIDE[other]} player ({owner.name}) has left the table{waits}.")
        self.opponent_here = here

    def _rematch_news(self, guest: TableConnection) -> None:
        """A finished table's rematch, said when it changes; an accepted one is sat at."""
        table = self.hub.tables.get(guest.table_id)
        if table is None or guest.chair.side is None:
            return
        made = table.rematch.table if table.rematch is not None else None
        if made is not None and made != self.rematch_before:
            self._to_rematch(made)
            return
        words = in_words(rematch_words(table, guest.chair.side))
        if words != self.rematch_said:
            self.rematch_said = words
            self.say(words)

    def _waiting(self) -> str:
        chair = self.guest.chair if self.guest is not None else None
        if chair is None:
            return ""
        shot = chair.snapshot()
        v = shot.view
        if v.outcome is not None or v.to_act is None:
            return "The game is over."
        if shot.unsaved:
            return chair.waiting()
        who = SIDE[v.to_act]
        if shot.computer_to_act:
            return f"The {who} (the computer) is to act."
        return awaited(shot.prompt, who)

    @staticmethod
    def _talk_line(c: ChatLine) -> str:
        return f"{c.name} ({c.role}) says: {c.text}"

    def _sent_away(self, why: str) -> None:
        """Sent from the table: its seat taken from another connection, or the table
        closed by the host. Said, and back in the lobby."""
        self.guest = None  # the hub has given the seat away already
        self.seat = None
        self.say(why)
        self.say("Back in the lobby.")

    def leave_table(self) -> None:
        if self.guest is not None:
            self.hub.leave(self.guest)
        self.guest = None
        self.seat = None


# The lobby's commands, each the method that answers it with the rest of the line (a
# word one slip from one of them is answered with it: "tabels", did you mean tables?).
LOBBY_COMMANDS: dict[str, Callable[[PlainVisit, str], None]] = {
    "": lambda v, rest: v.tables(),
    "tables": lambda v, rest: v.tables(),
    "games": lambda v, rest: v.games(),
    "ratings": PlainVisit.ratings,
    "notices": PlainVisit.ask_notices,
    "new": PlainVisit.new,
    "join": PlainVisit.join,
    "sit": lambda v, rest: v.sit(rest, ""),
    "watch": PlainVisit.watch,
    "say": PlainVisit.say_in_lobby,
    "puzzles": PlainVisit.puzzles,
    "help": PlainVisit.lobby_help,
    "?": PlainVisit.lobby_help,
    "leave": lambda v, rest: v.say(v.in_the_lobby()),
}
# The lobby's words that mean nothing at a table or a puzzle but "leave first"
LOBBY_WORDS = tuple(w for w in LOBBY_COMMANDS if w not in ("", "say", "help", "?", "join", "leave"))


def lobby_line(text: str) -> bool:
    """A line of the lobby's typed at a table or a puzzle ("join" is a game's word too:
    with a table's id after it, the lobby's)."""
    word, _, rest = text.strip().lower().partition(" ")
    return word in LOBBY_WORDS or (
        word == "join" and TABLE_ID.fullmatch(rest.strip().split(" ")[0]) is not None
    )


class PlainGoodbye:
    """A plain session as the server's stop sees its sessions (server.say_goodbye):
    ``goodbye`` said, then the session ended, as a full screen's is."""

    door_words = "in plain text over SSH"

    def __init__(self, visit: PlainVisit, task: asyncio.Task[Any] | None, address: str = "") -> None:
        self.visit, self.task, self.goodbye, self.told = visit, task, "", False
        self.address, self.since = address, utc_stamp()  # as the host sees it (plot admin who)

    @property
    def who(self) -> Account:
        return self.visit.who

    @property
    def guest(self) -> TableConnection | None:
        return self.visit.guest

    def exit(self) -> None:
        if self.goodbye:
            self.visit.say(self.goodbye)
        self.told = True
        if self.task is not None:
            self.task.cancel()


async def serve_plain(
    process: Any, hub: Hub, who: Account, guard: ConnectionGuard, address: str = ""
) -> None:
    """One plain-text session over SSH (asyncssh's process: bytes in and out), until the
    player quits, the connection ends, or the connection's limits close it (``guard``:
    too much input, output it does not read, or its idle time without a line or a change
    at the table)."""
    terminal = process.get_terminal_type() is not None
    unsent = process.channel.get_write_buffer_size

    def sendable() -> bool:
        try:
            return guard.sendable(unsent())
        except Stalled:  # the loop below stops at its next look (wait_for_reader)
            return False

    def width() -> int:
        return process.get_terminal_size()[0] if terminal else 0

    def typed() -> str:
        return "".join(editor.buffer)

    loop = asyncio.get_running_loop()
    channel = ChannelText(
        process.stdout.write, sendable, width, later=loop.call_soon if terminal else None, typed=typed
    )
    out = cast(TextIO, channel)
    editor = LineEditor(channel.echo if terminal else None, most=guard.limits.line_length)
    visit = PlainVisit(hub, who, out, later=loop.call_soon, touch=guard.touch, codes=guard.codes)
    visit.start()
    stopping = PlainGoodbye(visit, asyncio.current_task(), address)
    hub.sessions.add(stopping)  # the server's stop tells this player too
    try:
        while True:
            try:
                await guard.wait_for_reader(unsent)
                data = await asyncio.wait_for(
                    process.stdin.read(4096), timeout=idle_check_every(guard.limits.idle)
                )
            except TimeoutError:
                if guard.idle():
                    minutes = guard.limits.idle / 60
                    visit.say(f"Closed after {minutes:g} minutes without a line; your games are saved.")
                    return
                continue
            if not data:
                return
            guard.touch()
            wait = guard.take_bytes(len(data))
            for line in editor.feed(data):
                # each line waits its turn: a fast sender is paused, the others go on
                await asyncio.sleep(guard.take_line())
                await visit.saved(most=SAVE_WAIT)
                if isinstance(line, Overlong):
                    visit.say(
                        f"That line had {line.length:,} characters; a line may have at most "
                        f"{editor.most:,}: it was not read."
                    )
                elif not visit.line(line):
                    return
            if wait:
                await asyncio.sleep(wait)
    except (Flooded, Stalled) as why:
        visit.say(f"plot: closed: {why}.")
    except asyncio.CancelledError:
        if not stopping.told:
            raise  # (not the server's stop: whoever cancelled it goes on cancelling)
    finally:
        hub.sessions.discard(stopping)
        visit.close()
