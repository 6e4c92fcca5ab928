"""Talk at a served table, as a screen shows it: the one-line input, and
each line as text (a name or a line is never read as markup or an escape)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from plot_record import ChatLine
from plot_record.notes import NOTE_MAX

from .closing import OnceModal
from .fields import stray_key
from .messages import TalkHeard
from .panels import LogView
from .plain import plain

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

    def compose(self) -> ComposeResult:
        limit = NOTE_MAX if self.note else TALK_MAX
        with Vertical():
            yield Label(
                plain(f"Write {self.who}:" if self.note else f"Say to everyone {self.where}, as {self.who}:")
            )
            yield Input(
                max_length=limit, placeholder=f"at most {limit} characters", id="talk", select_on_focus=False
            )
            yield Static("[dim]enter: send · esc: cancel[/dim]")

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


class TalkPane(LogView):
    """The Chat tab at a served table: the talk as this screen shows it.

    It keeps what is this screen's own: the names muted here (M), whether spectators'
    lines are hidden (H), and how many lines it has seen, so that only a line that
    comes while the tab is hidden is told to the screen (``TalkHeard``). Each line's
    Text is made once: the pane then sees its lines grow and draws only the newest (a
    new line's cost does not grow with the talk before it)."""

    def __init__(self, *, seen: int = 0, **kwargs) -> None:
        """``seen``: the lines already said when the screen opened (never told)."""
        super().__init__(**kwargs)
        self.seen = seen
        self.hide_watchers = False
        self.muted: set[str] = set()
        self._texts: dict[ChatLine, Text] = {}  # by the (frozen, hashable) line

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
        self.show(texts or [Text("Nobody has said anything yet. T to talk.", style="dim")])
        heard = [ln for ln in new if ln in shown]
        if heard and not tab_open:
            self.post_message(TalkHeard(heard[-1]))
