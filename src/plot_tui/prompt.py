"""The prompt under the map: what the rules ask now, the keyed choices, and what
answers the player's last key.

The pane owns what it says between two draws (the answer to the last key, a standing
notice, a change in Berlin's streets, a small terminal's hint). The screen hands it
what the game asks, in its controller's words (``Asking``: the numbers a decision's
choices keep are the controller's), and hears back, through ``ChoicePicked``, the
key of a choice the player clicked: a click does what that key does.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
from rich.style import Style
from rich.text import Text
from textual import events

from plot_core.data import CaseInventory
from plot_session.controller import MORE_IN_THE_LOG, Asking

from .messages import ChoicePicked
from .panels import Panel
from .plain import plain
from .rules_screen import link_cases

KEY_STYLE = Style.parse("bold reverse")
BEST_SIZE = (120, 36)  # what the layout plays best at; smaller is said at the start
CHOICE = "choice"  # the meta key that marks a choice's key and words
ALL = "a"  # the key that lists every action, with its words (game_keys.py)
EMPTY = Text("")


def size_hint(width: int, height: int) -> str:
    """A line for a terminal smaller than the layout plays best at, else ""."""
    best_w, best_h = BEST_SIZE
    if width >= best_w and height >= best_h:
        return ""
    return (
        f"This terminal is {width}x{height}; plot plays best at {best_w}x{best_h} or "
        "more (more map, fewer wrapped lines). x w B t g switch the side panel."
    )


HEAD_STYLES = {"question": "bold", "over": "bold", "waiting": "italic"}


def under_the_map(screen_width: int) -> int:
    """The width of a pane under the map before it is laid out (the side panels take
    some 40 columns): what the prompt and the odds panel are fitted to until then."""
    return max(20, screen_width - 40)


def _fewer_news(news: tuple[str, ...]) -> tuple[str, ...] | None:
    """The news with the oldest gone (the log still has it), then the pointer to the
    log; never the newest. None: nothing more can go."""
    said = [n for n in news if n != MORE_IN_THE_LOG]
    if len(said) > 1:
        return (MORE_IN_THE_LOG, *said[1:])
    if len(said) < len(news):
        return tuple(said)
    return None


class PromptPane(Panel):
    def __init__(self, cases: CaseInventory, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cases = cases
        self.message = Text("")  # the answer to the player's last key
        self.notice = Text("")  # said until the player's first action (where it saves ...)
        # ... and after it, where the newest news leave room: a chosen seed's warning,
        # said until an action after it was shown whole
        self.aside = Text("")
        self._aside_shown = False
        self.streets_note = ""  # who stands in Berlin's streets now, until the next action
        self.size_hint = ""  # a small terminal: said until the first action
        self._asked: tuple[Asking, Text, str] | None = None  # the last show's, for a resize
        self.keys_alone = False  # the choices are shown by their keys only (a short box)
        # the most rows the screen lets it grow to, asked at every show (the screen keeps
        # rows for the map and the odds); None: half the screen
        self.most_rows: Callable[[], int] | None = None
        self.rows = 0  # the rows the last show takes, its border included

    def answer(self, text: str, *, error: bool = False) -> None:
        """What the player's last key did (outside text may be in it: shown as text)."""
        self.message = plain(text, style="bold red" if error else "green")

    def ask_again(self, text: str, *, never_ask: bool = True) -> None:
        """A roll or a spent chit (or a choice whose words were not shown) said before it
        is made: the same key again goes ahead. ``never_ask``: O turns this asking off."""
        self.message = Text("Press again to go ahead: ", style="bold yellow")
        self.message.append_text(plain(text, style="yellow"))
        if never_ask:
            self.message.append(" (O: never ask)", style="dim")

    def acted(self, text: str) -> None:
        """The player acted: what it did, and the lines said until then are done."""
        self.answer(text)
        self.notice = Text("")
        if self._aside_shown:  # (one that gave way to the news waits for room)
            self.aside = Text("")
        self.streets_note = self.size_hint = ""

    def notes(self) -> list[str]:
        """What the pane says beside the question, for the rules screen's citations."""
        return [self.message.plain, self.notice.plain]

    def show(self, asking: Asking, *, status: Text = EMPTY, coach: str = "") -> None:
        """What the game asks, in the controller's words (plot_session.controller);
        ``status``: the table's note (it can name players: outside text, as Text);
        ``coach``: a guided game's line."""
        self._asked = (asking, status, coach)
        if not self.is_attached:  # (a screen being taken down: nothing to fit)
            return
        room = self._room()
        t = self._text(asking, status, coach, folded=False, hint=False)
        if self.size_hint and self._lines(t) < room:  # a hint only where it fits
            with_hint = self._text(asking, status, coach, folded=False, hint=True)
            t = with_hint if self._lines(with_hint) <= room else t
        lines = self._lines(t)
        if lines > room:  # packed as words wrap, a key may end a line: fewer lines
            t = self._text(asking, status, coach, folded=False, hint=False, tidy=False)
            lines = self._lines(t)
        # Past its room the pane grows over the map until the next draw: up to half the
        # screen, and not over the rows the screen keeps for the map and the odds, though
        # always to its usual room. Past that, the oldest news go (a spectator, who never
        # acts, gathers them all game; the log keeps every one), then the line pointing
        # to the log, so that the newest is said whole; and only then do the choices fold
        # to their keys (a number without its words is said before it acts): a player
        # reads what each key does wherever it can be shown.
        most = self.app.size.height // 2
        if self.most_rows is not None:
            most = min(most, self.most_rows() - self._frame())
        most = max(room, most)
        while lines > most and (fewer := _fewer_news(asking.news)) is not None:
            asking = attrs.evolve(asking, news=fewer)
            t = self._text(asking, status, coach, folded=False, hint=False, tidy=False)
            lines = self._lines(t)
        # the aside gives way to the newest news (at 80x24 a chosen seed's warning had
        # cut the first roll of a game in mid-sentence)
        aside = not (lines > most and self.aside.plain and asking.news)
        self._aside_shown = self._aside_shown or (aside and bool(self.aside.plain))
        if not aside:
            t = self._text(asking, status, coach, folded=False, hint=False, tidy=False, aside=False)
            lines = self._lines(t)
        folded = bool(asking.choices) and lines > most
        if folded:
            t = self._text(asking, status, coach, folded=True, hint=False, aside=aside)
            lines = self._lines(t)
        self.keys_alone = folded
        grown = max(room, min(lines, most)) if lines > room else None
        self.styles.max_height = None if grown is None else grown + self._frame()
        self.rows = (lines if grown is None else grown) + self._frame()
        self.update(link_cases(t, self.cases))  # a click on a case opens it

    def on_resize(self) -> None:
        self.refit()  # what fits has changed

    def refit(self) -> None:
        """The last question shown again, fitted to the room the screen now gives."""
        if self._asked is not None:
            self.show(self._asked[0], status=self._asked[1], coach=self._asked[2])

    def _room(self) -> int:
        """Lines of text the pane may show: its greatest height less its border."""
        most = self.styles.base.max_height  # the style sheet's, not a grown pane's
        cells = int(most.value) if most is not None and most.is_cells else 8
        return max(1, cells - self._frame())

    def _frame(self) -> int:
        """Rows the pane takes beside its text (its border)."""
        return self.outer_size.height - self.content_size.height if self.content_size.height else 1

    def _width(self) -> int:
        return self.content_size.width or under_the_map(self.app.size.width)

    def _lines(self, t: Text) -> int:
        return len(t.wrap(self.app.console, self._width()))

    def _end_column(self, t: Text) -> int:
        """The column ``t`` ends at, wrapped to the pane."""
        wrapped = t.wrap(self.app.console, self._width())
        return wrapped[-1].cell_len if wrapped else 0

    def _text(
        self,
        asking: Asking,
        status: Text,
        coach: str,
        *,
        folded: bool,
        hint: bool,
        tidy: bool = True,
        aside: bool = True,
    ) -> Text:
        """``tidy``: each choice starts a line if it would not fit on the one before;
        ``aside``: the aside said (it gives way to the news where they would be cut)."""
        t = Text()  # (a span, not the text's base style: the choices follow it)
        t.append(asking.head, style=HEAD_STYLES[asking.kind])
        if asking.kind == "question":
            t.append(" " if folded else "\n")  # folded, the keys follow the question
        elif asking.hint:
            t.append(" " + asking.hint, style="dim")
        width = self._width()
        # unfolded, the choices start a line of their own; folded, they follow the question
        column = self._end_column(t) if folded else 0
        gap = " " if folded else "  "
        for k, choice in enumerate(asking.choices):
            # a plain meta key, not "@click": a link would be underlined, and the keys
            # are the way most players choose
            click = Style.from_meta({CHOICE: choice.key})
            # folded, the numbers lose their words (said when pressed); a letter keeps its
            # few: "d" alone tells a player nothing
            words = f" {choice.text}" if not folded or not choice.key.isdigit() else ""
            if k:
                # a choice that would not fit on the line starts the next one: its key
                # is never left at a line's end with its words under it
                wide = len(choice.key) + 2 + len(words)
                if tidy and column + len(gap) + wide > width:
                    t.append("\n")
                    column = 0
                else:
                    t.append(gap)
                    column += len(gap)
            t.append(f" {choice.key} ", style=KEY_STYLE + click)
            t.append(words, style=click)
            column += len(choice.key) + 2 + len(words)
        if folded and all(c.key != ALL for c in asking.choices):
            the_list = f"({ALL}: the list)"  # whole, on the next line if this one has no room
            t.append("\n" if tidy and column + 1 + len(the_list) > width else " ")
            t.append(the_list, style="dim")
        if status.plain:
            t.append("\n")
            t.append_text(status)
        # What answers the player's key, and what calls them, before the news: a short
        # box (80x24) cuts from the bottom, and the log has every roll too.
        streets = Text(self.streets_note, style="bold red")
        for note in (self.message, self.notice, self.aside if aside else EMPTY, streets):
            if note.plain:
                t.append("\n")
                t.append_text(note)
        if coach:  # after what answers the player's key
            t.append("\n")
            t.append(coach, style="magenta")
        for line in asking.news:
            t.append("\n")
            t.append(line, style="cyan")
        if hint:
            t.append("\n" + self.size_hint, style="dim")
        return t

    def on_click(self, event: events.Click) -> None:
        key = event.style.meta.get(CHOICE)
        if isinstance(key, str):
            event.stop()
            self.post_message(ChoicePicked(key))
