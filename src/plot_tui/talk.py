"""Talk at a served table, as a screen shows it: the one-line input, and
each line as text (a name or a line is never read as markup or an escape)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import DOMQuery
from textual.reactive import var
from textual.widgets import Input, Label, Static

from plot_record import ChatLine
from plot_record.notes import NOTE_MAX
from plot_session.describe import SIDE

from .closing import OnceModal
from .fields import stray_key
from .log_lines import Hanging
from .messages import TalkHeard
from .panels import LogView
from .plain import clean, plain
from .screens import ActionMenu
from .shown import Shown

if TYPE_CHECKING:
    from textual.app import App

    from plot_session.controller import Controller


class TalkScreen(Protocol):
    """What the talk keys ask of the game screen they are on."""

    controller: Controller
    app: App

    def query(self, selector: str) -> DOMQuery: ...
    def tell(self, text: str, *, error: bool = False) -> None: ...
    def show_notice(self, notice: Text) -> None: ...
    def action_tab(self, tab: str) -> None: ...
    def talk_lines(self) -> list[ChatLine]: ...


NOBODY_YET = "Nobody has said anything yet. T to talk."
TALK_MAX = 300  # characters a line may hold (the server refuses longer ones too)


def chat_text(line, *, clock: str) -> Text:
    """'21:40 alice (SS): good luck' — the name and the words are outside text."""
    t = Text(f"{clock} ", style="dim")
    t.append_text(plain(line.name, style="bold"))
    t.append(f" ({line.role}): ", style="cyan" if line.role != "watching" else "dim cyan")
    t.append_text(plain(line.text))
    return t


def clock_of(line) -> str:
    """'21:40' from the line's UTC time."""
    return line.time[11:16] if len(line.time) >= 16 else line.time


class TalkInput(OnceModal[str | None]):
    """One line to say at a table or in the lobby; Enter sends, Escape keeps it unsaid."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, who: str, *, note: bool = False, where: str = "at the table") -> None:
        """``note``: a replay's note (longer, kept beside the record) instead of talk;
        ``where``: who hears it ("at the table", "in the lobby")."""
        super().__init__()
        self.who, self.note, self.where = who, note, where
        self.limit = NOTE_MAX if note else TALK_MAX

    def compose(self) -> ComposeResult:
        limit = self.limit
        with Vertical():
            yield Label(
                plain(f"Write {self.who}:" if self.note else f"Say to everyone {self.where}, as {self.who}:")
            )
            yield Input(
                max_length=limit, placeholder=f"at most {limit} characters", id="talk", select_on_focus=False
            )
            yield Static(self._keys(), id="talk-keys")

    def _keys(self, full: bool = False) -> Text:
        keys = "enter: keep the note" if self.note else "enter: send"
        t = Text(f"{keys} · esc: cancel", style="dim")
        if full:  # (the field takes no more: said, not left to look like a dead key)
            t = Text(f"The line is full: at most {self.limit} characters. ", style="bold yellow") + t
        return t

    def on_input_changed(self, event: Input.Changed) -> None:
        full = len(event.value) >= self.limit
        self.query_one("#talk-keys", Static).update(self._keys(full))

    def on_mount(self) -> None:
        # over SSH a key can close the box before it is mounted: then nothing to focus
        for field in self.query(Input).results(Input):
            field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def on_key(self, event: events.Key) -> None:
        stray_key(self, "#talk", event)  # still typing the line

    def action_cancel(self) -> None:
        self.dismiss(None)


class TalkLog(LogView):
    """Talk as a pane draws it: a line wider than the pane goes on under the name, after
    the clock, so that no part of a player's words can pass for a line of its own."""

    def drawn(self, lines: list[Text]) -> RenderableType:
        return Hanging(lines, indent=len("21:40 "))


class TalkPane(TalkLog):
    """The Chat tab at a served table: the talk as this screen shows it.

    It keeps what is this screen's own: the names muted here (M), whether spectators'
    lines are hidden (H), and how many lines it has seen, so that only a line that
    comes while the tab is hidden is told to the screen (``TalkHeard``). Each line's
    Text is made once: the pane then sees its lines grow and draws only the newest (a
    new line's cost does not grow with the talk before it)."""

    def __init__(self, *, seen: int = 0, empty: str = NOBODY_YET, **kwargs) -> None:
        """``seen``: the lines already said when the screen opened (never told);
        ``empty``: what the pane says before anyone has said anything."""
        super().__init__(**kwargs)
        self.seen, self.empty = seen, empty
        self.hide_watchers = False
        self.muted: set[str] = set()
        self._texts: dict[ChatLine, Text] = {}  # by the (frozen, hashable) line
        self.told: ChatLine | None = None  # the line last said where the player looks
        self._lines: tuple[ChatLine, ...] = ()

    shown_talk: var[Shown | None] = var(None, always_update=True)  # the screen's Shown

    def watch_shown_talk(self, shown: Shown | None) -> None:
        if shown is not None and shown.talk is not self._lines:
            self._lines = shown.talk
            self.show_talk(list(shown.talk), tab_open=self._seen())

    def again(self) -> None:
        """Draw the same talk again (a name muted, spectators hidden or shown)."""
        self.show_talk(list(self._lines), tab_open=True)

    def shown(self, lines: list[ChatLine]) -> list[ChatLine]:
        return [
            ln
            for ln in lines
            if ln.name not in self.muted and not (self.hide_watchers and ln.role == "watching")
        ]

    def show_talk(self, lines: list[ChatLine], *, tab_open: bool) -> None:
        """Draw ``lines`` (all the talk so far); tell the screen of the newest line heard
        since the last time, unless the Chat tab is the one open."""
        new = lines[self.seen :]
        self.seen = len(lines)
        shown = self.shown(lines)
        texts = []
        for ln in shown:
            text = self._texts.get(ln)
            if text is None:
                text = self._texts[ln] = chat_text(ln, clock=clock_of(ln))
            texts.append(text)
        self.show(texts or [Text(self.empty, style="dim")])
        heard = [ln for ln in new if ln in shown]
        if heard and not tab_open:
            self.told = heard[-1]
            self.post_message(TalkHeard(heard[-1]))
        elif self.told is not None and self.told not in lines:  # taken back by the host
            self.told = None
            self.post_message(TalkHeard(None))


class TalkKeys:
    """T, H and M on a game screen: say a line at a served table, hide spectators' lines,
    mute someone (on this screen only). At one keyboard there is nobody to talk to."""

    def __init__(self, screen: TalkScreen) -> None:
        self.screen = screen

    def _pane(self) -> TalkPane | None:
        return next(iter(self.screen.query("#chat-pane").results(TalkPane)), None)

    def talk(self) -> None:
        s = self.screen
        if s.controller.talk is None:
            s.tell(
                "Talk is for tables served over SSH (plot serve); here the other player sits beside you.",
                error=True,
            )
            return
        s.action_tab("chat")
        side = s.controller.side
        s.app.push_screen(TalkInput(SIDE[side] if side else "a spectator"), self._said)

    def _said(self, text: str | None) -> None:
        s = self.screen
        if text is None or s.controller.talk is None:  # Escape: nothing said
            return
        try:
            s.controller.talk(text)
        except Exception as exc:  # the server's refusal (empty, too long, too fast)
            s.tell(str(exc), error=True)
            return
        s.show_notice(Text(""))

    def hide_watchers(self) -> None:
        pane = self._pane()
        if pane is None:
            self.screen.tell("Talk is for tables served over SSH (plot serve).", error=True)
            return
        pane.hide_watchers = not pane.hide_watchers
        pane.again()
        self.screen.tell(
            "Spectators' talk is hidden on your screen (H shows it again)."
            if pane.hide_watchers
            else "Spectators' talk is shown again."
        )

    def mute(self) -> None:
        pane = self._pane()
        names = sorted({ln.name for ln in self.screen.talk_lines()})
        if pane is None or not names:
            self.screen.tell("Nobody has said anything to mute.", error=True)
            return
        items = [(n, ("unmute " if n in pane.muted else "mute ") + clean(n)) for n in names]
        self.screen.app.push_screen(
            ActionMenu("Mute or unmute, on your screen only", items, narrow="a name"), self._muted
        )

    def _muted(self, name: str | None) -> None:
        pane = self._pane()
        if name is None or pane is None:
            return
        pane.muted ^= {name}
        pane.again()
        self.screen.tell(
            f"{clean(name)} is {'muted' if name in pane.muted else 'heard again'} on your screen."
        )

    def heard(self, line: ChatLine | None) -> None:
        """A line came while the Chat tab was hidden: said where the player looks (None:
        the line said there was taken back, and its words go from there too)."""
        if line is None:
            self.screen.show_notice(Text("The host took back that line of talk.", style="dim"))
            return
        text = line.text if len(line.text) <= 60 else line.text[:57] + "..."
        self.screen.show_notice(
            Text.assemble(
                (f"{clean(line.name)} ({line.role}): ", "bold cyan"),
                (clean(text), "cyan"),
                ("   T answers", "dim"),
            )
        )
