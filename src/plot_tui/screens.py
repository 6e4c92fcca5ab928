"""The screens around the game: new game, hand-off, action menu, game over, help."""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar, Generic, TypeVar

import attrs
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.widgets import (
    Button,
    Footer,
    Input,
    Label,
    OptionList,
    RadioButton,
    RadioSet,
    Static,
)
from textual.widgets.option_list import Option

from plot_ai import LEVELS
from plot_core import Player
from plot_core.engine import Outcome
from plot_core.english import counted, finds, plain_letters, searchable, sentence
from plot_session.describe import WINNERS, shown_path

from .closing import OnceModal, OnceScreen
from .plain import clean, join, plain

T = TypeVar("T")

# At 80x24 the help box holds 70 characters a line: keep every line within.
HELP = """\
[b]Keys[/b]

 [b]Map[/b]
  arrows, h j k l  move the cursor (left, down, up, right)
  y i b n          north-west, north-east, south-west, south-east
  c                centre the map on the cursor
  tab, shift+tab   the next / previous hex where you can act
  o                overlay: zones of control, Allied influence, off
  m                set-up marks
  Y                map colours: colour-blind safe, high contrast
 [b]Acting[/b]
  enter, space     act on the hex under the cursor (a menu if several)
  1-9              the numbered choices (each keeps its number)
  a                every legal action, in a list
  r                roll: recruitment, investigation, the coup
  d                decline: no coup, reveal no more, stay, call off
  D                no coup this Game-Turn, not asked again (18.11)
  e                end the moving unit's move
  P                end the phase (in a Coup-Turn: move no more units)
  u                undo your last step (not past a roll, draw, reveal)
  ctrl+p           command palette: search the legal actions by name
 [b]The computer[/b]
  s                skip ahead to your next decision
  - +              its moves slower / faster (0 to 1 s apart)
  W                why it moved: the plans it weighed (expert)
 [b]Panels[/b]
  x  hex and units   w  your chits   B  boxes off the map
  t  tables (again: the next one)    g  the game log
  g g              the log on the whole screen (g or esc: back)
  f  fold or unfold the log's steps  PgUp PgDn Home End  scroll it
  C  the rules, case by case: those cited on screen first
  O  ask before a roll or a spent chit (on), or not
  ?  this help       q  quit       R  rematch, when the end offers it

Hexes are named CCRR (column, row), as in positions and records.
Rules are cited by case number, e.g. (11.32): C shows what each says.
The panel over the prompt gives the odds of the roll at the cursor.
{saving}

Arrows, j/k, PgUp PgDn, Home End scroll; any other key closes.
"""
SAVING_HERE = """\
The game saves itself after every action: `plot resume` goes on with
it after quitting, and `plot replay FILE` watches it again (`plot
games` lists them)."""
SAVING_SHARED = """\
At a shared table the server saves the game after every action. q
leaves the table and the game waits; the lobby's enter brings you
back to your side. Your opponent sees every step you take back with u.
Talk: T says a line to everyone at the table (the Chat tab shows
them all, and the game's record keeps them); H hides spectators'
lines, M mutes someone, both on your screen only. Once the game is
over, R asks for a rematch with the sides swapped."""


SAVING_NOT = """\
A lesson or a puzzle is practice: it is not saved, and q leaves it
(a puzzle left unanswered is not counted; your puzzle rating is kept)."""


def help_text(*, shared: bool = False, practice: bool = False) -> str:
    return HELP.format(saving=SAVING_NOT if practice else SAVING_SHARED if shared else SAVING_HERE)


KEYED_LINE = re.compile(r"^( +\S.*?  +)(\S.*)$")  # "  enter, space     act on ..."
INDENTED = re.compile(r"^( +)\S")  # "           what it changes: ..."


def hanging(text: Text) -> RenderableType:
    """``text`` laid out to wrap in a narrow terminal: a run of "key   what it does"
    lines becomes a two-column grid, so a long line wraps under its own words and
    never under the keys (or is cut at the edge); any other indented line wraps under
    its own indent."""
    parts: list[RenderableType] = []
    grid: Table | None = None
    for line in text.split("\n", allow_blank=True):
        m = KEYED_LINE.match(line.plain)
        if m is None:
            grid = None
            indent = INDENTED.match(line.plain)
            if indent is None:
                parts.append(line)
                continue
            cut = len(indent.group(1))
            under = Table.grid()
            under.add_column(no_wrap=True)
            under.add_column()
            under.add_row(line[:cut], line[cut:])
            parts.append(under)
            continue
        if grid is None:
            grid = Table.grid()
            grid.add_column(no_wrap=True)
            grid.add_column()
            parts.append(grid)
        cut = len(m.group(1))
        grid.add_row(line[:cut], line[cut:])
    return Group(*parts)


class TextCard(OnceModal[bool]):
    """A card of text, answered: ``answer(True)`` goes on, ``answer(False)`` goes back
    (each card binds its own keys to them). A long card scrolls: the arrows move it."""

    def body(self) -> Text:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.body())

    def on_mount(self) -> None:
        for box in self.query(VerticalScroll).results(VerticalScroll):
            box.focus()  # arrows scroll a long card

    def action_answer(self, go: bool) -> None:
        self.dismiss(go)


class HelpScreen(OnceModal[None]):
    """Keys and hints; scrolls when the terminal is small, any other key closes it."""

    SCROLL_KEYS = {"up": -1, "k": -1, "down": 1, "j": 1, "pageup": -10, "pagedown": 10}
    ENDS = {"home", "end"}  # the top, the bottom

    def __init__(self, text: str | Text | None = None) -> None:
        super().__init__()
        self.text = text if text is not None else help_text()

    def compose(self) -> ComposeResult:
        text = Text.from_markup(self.text) if isinstance(self.text, str) else self.text
        with VerticalScroll():
            yield Static(hanging(text))

    def shown_text(self) -> str:
        """What the box shows, its whole height (it scrolls), as lines of text."""
        box = self.query_one(Static)
        lines = box.render_lines(Region(0, 0, box.size.width, box.virtual_size.height))
        return "\n".join(strip.text.rstrip() for strip in lines)

    def on_key(self, event) -> None:
        event.stop()
        if self.closing:
            return  # a key that came after the one that closed it
        if event.key in self.SCROLL_KEYS:
            for box in self.query(VerticalScroll):  # none yet if the key beat the screen
                box.scroll_relative(y=self.SCROLL_KEYS[event.key], animate=False)
        elif event.key in self.ENDS:
            for box in self.query(VerticalScroll):
                (box.scroll_home if event.key == "home" else box.scroll_end)(animate=False)
        else:
            self.dismiss()

    def on_click(self) -> None:
        self.dismiss()


LEVEL_WORDS = {
    "random": "any legal move (to learn the rules against)",
    "easy": "rules of thumb",
    "hard": "rules of thumb, and a search in the coup",
    "expert": "searches its plans all game; W says why",
}


@attrs.frozen
class GameSetup:
    hotseat: bool = False
    side: Player = Player.SS  # the human's side against the computer
    seed: int | None = None  # None: a secret one (it deals both hands); a number only from --seed
    setup: str = "standard"
    watch: bool = False  # computer against computer, for the spectator
    level: str = "easy"  # the computer's level (plot_ai.LEVELS)
    learn: bool = False  # L: the tutorial instead of a game
    resume: Path | None = None  # R: the record of the unfinished game the screen offered
    think: float = 1.0  # a searching level's mean seconds per decision


class Choice(RadioButton):
    """A radio button whose state shows without colour too: ● picked, ○ not (a
    colour-blind player, or a terminal without colours, must see which one is on)."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 (Textual's name)
        return "●" if self.value else "○"


class Choices(RadioSet):
    """A form's radio group whose arrows pick as they move, as radio buttons do in most
    forms: the choice highlighted is the one taken, never the one left behind."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "step(1)", "Next option", show=False),
        Binding("up,left", "step(-1)", "Previous option", show=False),
    ]

    def action_step(self, direction: int) -> None:
        # (the group's own next/previous only move the highlight: it moves it at mount too)
        if direction > 0:
            self.action_next_button()
        else:
            self.action_previous_button()
        # Pressing the highlighted button lets the one pressed before go. The one already
        # pressed is let go and pressed again at once: the group never leaves none.
        self.action_toggle_button()


class SetupForm(OnceScreen[T]):
    """A form of radio groups, shared by the new-game and new-table screens. It offers no
    seed: whoever knows a game's seed knows both hands and every roll to come."""

    @staticmethod
    def side_choice() -> RadioSet:
        return Choices(
            Choice("SS — hunt the plotters", value=True), Choice("Abwehr — plot the coup"), id="side"
        )

    @staticmethod
    def level_choice() -> RadioSet:
        return Choices(
            *(Choice(f"{name} — {LEVEL_WORDS.get(name, '')}", value=name == "easy") for name in LEVELS),
            id="level",
        )

    @property
    def built(self) -> bool:
        """Its choices are all there (a key can come before): PlotApp drops keys until."""
        return bool(self.query(RadioSet)) and bool(self.query("#side"))

    def picked(self, group: str) -> int:
        return self.query_one(f"#{group}", RadioSet).pressed_index

    def chosen_side(self) -> Player:
        return Player.ABWEHR if self.picked("side") == 1 else Player.SS

    def chosen_level(self) -> str:
        return list(LEVELS)[self.picked("level")]


class NewGameScreen(SetupForm[GameSetup]):
    """Choose opponent, side, level and set-up. Enter starts."""

    BINDINGS = [
        Binding("enter", "start", "Start", priority=True),
        Binding("L", "learn", "Learn to play", priority=True),
        Binding("R", "resume", "Resume", priority=True),
        Binding("escape", "app.quit", "Quit"),
    ]

    def __init__(self, seed: int | None = None) -> None:
        """``seed``: one chosen on the command line (bug reports, tests), never shown."""
        super().__init__()
        self.seed = seed
        self.unfinished: Path | None = None  # the record of the game R goes on with

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("[b]The Plot to Assassinate Hitler[/b] — new game")
            yield Label("Opponent")
            with Choices(id="mode"):
                yield Choice("the computer", value=True)
                yield Choice("hot-seat: two players at this keyboard")
                yield Choice("watch: the computer plays both sides")
            yield Label("The computer's level")
            yield self.level_choice()
            yield Label("Your side against the computer")
            yield self.side_choice()
            yield Label("Set-up")
            with Choices(id="setup"):
                yield Choice("standard (quick, 4.3 played for you)", value=True)
                yield Choice("choose every placement yourselves (4.3)")
            yield Static("", id="error")
            yield Static("New to the game? [b]L[/b]: learn to play, in short lessons.")
            yield Static("", id="unfinished").set_styles("display: none;")  # (until one is found)
            yield Static("[dim]tab: group · arrows: pick · enter: start · esc: quit[/dim]")
        yield Footer()

    def offer(self, record: Path, words: str) -> None:
        """An unfinished game to go on with (found once the screen is up: off the loop);
        ``words`` hold the record's, shown as text, their control characters written out."""
        self.unfinished = record
        said = Text.assemble(clean(words), " ", ("R", "bold"), ": go on with it.")
        line = self.query_one("#unfinished", Static)
        line.update(said)
        line.display = True
        self.refresh_bindings()

    def show_error(self, problem: str) -> None:
        """What stopped the last choice (a game that could not be resumed), as text."""
        self.query_one("#error", Static).update(plain(problem, style="bold red"))

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "resume":
            return self.unfinished is not None
        return super().check_action(action, parameters)

    def action_learn(self) -> None:
        self.dismiss(GameSetup(learn=True))

    def action_resume(self) -> None:
        if self.unfinished is not None:
            self.dismiss(GameSetup(resume=self.unfinished))

    def action_start(self) -> None:
        self.dismiss(
            GameSetup(
                hotseat=self.picked("mode") == 1,
                watch=self.picked("mode") == 2,
                level=self.chosen_level(),
                side=self.chosen_side(),
                seed=self.seed,
                setup="choose" if self.picked("setup") == 1 else "standard",
            )
        )


class HandoffScreen(OnceScreen[None]):
    """Hot-seat: hides the whole board until the named player takes the keyboard."""

    def __init__(self, side_name: str, why: str) -> None:
        super().__init__()
        self.side_name, self.why = side_name, why

    def compose(self) -> ComposeResult:
        yield Static(
            f"[b]Pass the keyboard to the {self.side_name} player.[/b]\n\n{self.why}\n\n"
            f"{self.side_name}: press Enter when the other player is not looking."
        )

    def on_key(self, event) -> None:
        event.stop()
        if event.key in ("enter", "space"):
            self.dismiss()


class AskingLine(Static):
    """The line at the top of a list that says what a picked line will do before it
    goes ahead (a roll, a spent chit): the first pick of a line that asks says it, the
    same line picked again goes ahead. Another line, or another search, and what was
    said no longer stands. The action list and the palette ask the same way."""

    def __init__(self) -> None:
        super().__init__(id="asking")
        self.asked: object = None  # the line that has said what it does

    def goes_ahead(self, line: object, ask: str) -> bool:
        """Picking ``line`` (``ask``: what to say first, "" for nothing): may it go?"""
        if not ask or self.asked == line:
            return True
        self.asked = line
        self.update(Text(f"{ask} Enter again to go ahead, Escape to stop."))
        self.display = True
        return False

    def moved_to(self, line: object) -> None:
        """The highlight is on ``line`` now: what another line said no longer stands."""
        if self.asked is not None and self.asked != line:
            self.forget()

    def forget(self) -> None:
        self.asked = None
        self.display = False


@attrs.frozen
class MenuItem(Generic[T]):
    """One line of an ActionMenu. Every string in it is text, never markup."""

    value: T
    text: str
    group: str = ""  # the heading it is listed under
    words: str = ""  # what else it is found by (names, areas, hexes)
    ask: str = ""  # said first; the same line picked again goes ahead
    # what typing is compared with, worked out once (not again at every key)
    found: str = attrs.field(init=False, eq=False, repr=False)

    @found.default
    def _found(self) -> str:
        return searchable(f"{self.text} {self.group} {self.words}")


class ActionMenu(OnceModal[T | None]):
    """A list to pick from, in groups, that typing narrows: Enter picks, Escape closes.
    A line that asks first (a roll, a spent chit) says so at the top on the first Enter
    and goes ahead on the second, without leaving the list."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("down", "to_list", "List", show=False),
        # an Enter typed ahead, before the list took the keyboard (a busy machine): the
        # first line, as if the list had it
        Binding("enter", "pick", "Pick", show=False),
    ]

    def __init__(
        self,
        title: str,
        items: list[MenuItem[T]] | list[tuple[T, str]],
        *,
        narrow: str = "a unit, an area, a hex, a verb",
    ) -> None:
        """``narrow``: what the typing may name, said in the empty field."""
        super().__init__()
        self.title_, self.narrow = title, narrow
        self.items: list[MenuItem[T]] = [i if isinstance(i, MenuItem) else MenuItem(*i) for i in items]
        self.asking = AskingLine()
        # each line's Option made once: it keeps its laid-out height, so narrowing the
        # list at each key lays out nothing again (a new Option per key took a tenth of
        # a second with a few hundred lines)
        self._made: dict[tuple[str, int], Option] = {}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_), id="menu-title")
            # (not selected on focus: the letter that moved the focus here is kept)
            yield Input(
                placeholder=f"type to narrow: {self.narrow}",
                id="narrow",
                select_on_focus=False,
            )
            yield self.asking
            yield OptionList(*self._options(""))

    def _options(self, query: str) -> list[Option | None]:
        words = plain_letters(query).split()  # (accents and case aside: muller finds Müller)
        out: list[Option | None] = []
        group = None
        for i, item in enumerate(self.items):
            if not all(finds(item.found, w) for w in words):
                continue
            if item.group and item.group != group:
                out.append(self._option("heading", i, Text(item.group, style="bold"), disabled=True))
            group = item.group
            out.append(self._option("line", i, Text(("  " if item.group else "") + item.text), id=str(i)))
        return out

    def _option(self, kind: str, i: int, prompt: Text, **kwargs) -> Option:
        """The Option of item ``i`` (or of the heading over it), made the first time."""
        made = self._made.get((kind, i))
        if made is None:
            made = self._made[(kind, i)] = Option(prompt, **kwargs)
        return made

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self._highlight_first()

    def _highlight_first(self) -> None:
        """Enter takes the first line that can be taken (a heading cannot)."""
        options = self.query_one(OptionList)
        first = next(
            (k for k in range(options.option_count) if not options.get_option_at_index(k).disabled), None
        )
        if first is not None:
            options.highlighted = first

    def on_key(self, event) -> None:
        # Typing a letter anywhere narrows the list, as a search box would.
        box = self.query_one(Input)
        if (
            event.character
            and event.character.isprintable()
            and not box.has_focus
            and event.key not in ("enter", "space")
        ):
            box.focus()
            box.insert_text_at_cursor(event.character)
            event.stop()

    def on_input_changed(self, event: Input.Changed) -> None:
        options = self.query_one(OptionList)
        options.clear_options()
        found = self._options(event.value)
        options.add_options(found)
        self.asking.forget()
        self._highlight_first()
        # the title says how many lines the typing left, not only how many there are
        lines = sum(1 for option in found if option is not None and not option.disabled)
        shown = "" if not event.value.strip() else f" · {lines} shown" if lines else " · none matches"
        self.query_one("#menu-title", Label).update(Text(f"{self.title_}{shown}"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        options = self.query_one(OptionList)
        options.focus()
        if options.highlighted is not None:
            options.action_select()

    def action_to_list(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        k = int(event.option.id or 0)
        item = self.items[k]
        if self.asking.goes_ahead(k, item.ask):
            self.dismiss(item.value)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_pick(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is None:
            self._highlight_first()
        options.focus()
        if options.highlighted is not None:
            options.action_select()


def result_text(o: Outcome | None, actions: int, record_path: str | None) -> Text:
    """The end of a game as its last screen says it; where it is saved, if it is."""
    if o is None:
        return Text("The game goes on.")
    winner = WINNERS[o.winner]
    t = join(
        (winner[0].upper() + winner[1:], "bold"),
        f"\n\n{sentence(f'{o.reason} ({o.case})')}\n\n{counted(actions, 'action')} were played.",
    )
    if record_path is not None:
        path = (shown_path(record_path), "")  # (a file name: outside text)
        t.append_text(join("\n\nSaved as ", path, "\n(watch it again: plot replay ", path, ")"))
    return t


class GameOverScreen(OnceModal[str]):
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("b", "choose('board')", "Board"),
        Binding("r,R", "choose('rematch')", "Rematch"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, text: Text, *, rematch: bool = False) -> None:
        """``text``: a Text, since it names a file (outside text, see plain.py);
        ``rematch``: the table offers a rematch (a served table's players)."""
        super().__init__()
        self.text = text
        self.rematch = rematch

    def compose(self) -> ComposeResult:
        keys = "\n[b]n[/b] new game · [b]b[/b] look at the board · "
        if self.rematch:
            keys += "[b]r[/b] rematch, sides swapped · "
        with Vertical():
            yield Static(self.text)
            yield Static(keys + "[b]q[/b] quit")

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.rematch or parameters != ("rematch",)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


class ConfirmScreen(OnceModal[bool]):
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str | Text) -> None:
        """``question``: our words (a str, no markup read) or a Text holding outside text."""
        super().__init__()
        self.question = question if isinstance(question, Text) else plain(question)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            with Horizontal():
                yield Button("Yes (y)", id="yes", variant="error")
                yield Button("No (n)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
