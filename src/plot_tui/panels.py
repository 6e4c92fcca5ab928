"""Side panels: the hex and units under the cursor, the turn track, the chit box,
the tables (with the cell just used), and the map key. Each draws from a view."""

from __future__ import annotations

from collections import Counter

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.reactive import var
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from plot_core import Player, PlayerView, Rules
from plot_core.data import ChitKind, Grid
from plot_core.engine import PHASE_TITLES, WALKYRIE_RESULT, Box, Event, Phase, UnitState, legend
from plot_core.hexgrid import Hex, label
from plot_core.wording import chit_name, unit_name
from plot_session.describe import BOXES, SIDE, WINNERS, counter_lines, coup_lines, street_units

from .boardview import CONTROL_LETTER, LEGEND
from .log_lines import Hanging
from .mapstyle import HQ_LABELS
from .palettes import STANDARD, Palette
from .shown import Shown

_MARK_NAMES = {
    "ss": "SS set-up hex (4.32)",
    "nazi": "Nazi set-up hex (4.32)",
    "abwehr": "Abwehr set-up hex (4.34)",
    "civilian": "Civilian set-up hex (4.34)",
    "okw": "OKW set-up hex (4.34)",
    "common": "common X set-up hex (4.33, 4.35)",
}


def _same(a: object, b: object) -> bool:
    """Would ``a`` show just as ``b`` does? (A Text's own equality leaves out its
    base style.)"""
    if type(a) is not type(b):
        return False
    if isinstance(a, Text) and isinstance(b, Text):
        return (
            a == b
            and a.style == b.style
            and a.justify == b.justify
            and a.no_wrap == b.no_wrap
            and a.overflow == b.overflow
            and a.end == b.end
        )
    return isinstance(a, str) and a == b


class Panel(Static):
    """A Static that lays the screen out again only when its size may have changed.

    Every update of a Static re-lays and repaints the whole screen, and a screen is
    redrawn after every move; over SSH one process draws every player's and watcher's
    screen, so a move that changes three lines must not cost a dozen layouts. What
    it shows unchanged is not drawn again, and new text as many lines high as the
    old (the Hex tab as the map's cursor moves) is drawn without a layout."""

    _shown: object = None

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if _same(content, self._shown):
            return
        if layout and self._as_high(content):
            layout = False
        self._shown = content
        super().update(content, layout=layout)

    def _as_high(self, content: object) -> bool:
        """Does ``content`` leave this panel as high as it is, at this width (and a
        width that does not follow the text)? It does if it takes as many lines as
        what is shown, or if the panel is held higher than what is shown (a minimum
        height) and ``content`` fits in it too."""
        width = self.content_region.width  # (0 before the first layout)
        old = self._shown
        if not width or (self.styles.width is not None and self.styles.width.is_auto):
            return False  # (no width given: it fills its container's)
        if not isinstance(content, Text) or not isinstance(old, Text):
            return False  # (a str is read as markup: its height is not guessed here)
        console = self.app.console

        def lines(text: Text) -> int:
            return len(text.wrap(console, width))

        new, shown, high = lines(content), lines(old), self.content_region.height
        return new == shown or (shown < high and new <= high)


class HexInfo(Panel):
    """Everything about one hex: terrain, HQ, set-up marks, and both sides of each
    counter in it (12.28: counters are public)."""

    def __init__(self, rules: Rules, **kw) -> None:
        super().__init__(**kw)
        self.rules = rules
        self.view: PlayerView | None = None
        self.hex: Hex | None = None
        self.palette = STANDARD

    shown: var[Shown | None] = var(None, always_update=True)  # bound to the screen's

    def watch_shown(self, shown: Shown | None) -> None:
        if shown is not None:
            self.palette = shown.palette
            self.view = shown.view
            self.update(self.text())

    def show(self, h: Hex, v: PlayerView | None = None) -> None:
        self.hex = h
        if v is not None:
            self.view = v
        self.update(self.text())

    def text(self) -> Text:
        m, h = self.rules.map, self.hex
        if h is None:
            return Text("")
        area = m.areas[m.area_of[h]]
        t = Text()
        t.append(f"Hex {label(h)}", style="bold")
        t.append(f" · {area.name} ({area.code})\n")
        if area.military_advance:
            t.append(f"  overrun on Game-Turn {area.military_advance} (16.11)\n", style="italic")
        hq_key = m.hq_of.get(h)
        if hq_key:
            hq = m.hqs[hq_key]
            who = sorted(p.value for p in hq.friendly_parties)
            who += [self.rules.units[u].short for u in sorted(hq.friendly_units)]
            t.append(f"{hq.name}", style="bold yellow")
            t.append(f": friendly to {', '.join(who)} (9.22)\n")
        if self.view is not None:
            for u in self.view.units:
                if u.hex == h:
                    self._unit(t, u)
        if self.view is None or self.view.phase is Phase.SETUP:
            for kind, hexes in m.setup_marks.items():
                if h in hexes:
                    t.append(f"{_MARK_NAMES[kind]}\n")
            for uid, nh in m.named_setup.items():
                if nh == h:
                    t.append(f"{self.rules.units[uid].name}'s set-up hex (4.31)\n")
        return t

    def _unit(self, t: Text, u: UnitState) -> None:
        info = self.rules.units[u.id]
        t.append(
            f"\n{u.id} ",
            style=f"bold {self.palette.control[u.controller]} on {self.palette.party[info.party]}",
        )
        t.append(f" {info.name}", style="bold")
        kind, state, ratings = counter_lines(self.rules, u)
        t.append(f"\n  {kind}\n  {state}\n  {ratings}\n")


class StatusPanel(Panel):
    """The turn track, the phase, who is to act, and the moving unit's points."""

    def __init__(self, rules: Rules, **kw) -> None:
        super().__init__(**kw)
        self.rules = rules

    shown: var[Shown | None] = var(None, always_update=True)  # bound to the screen's

    def watch_shown(self, shown: Shown | None) -> None:
        if shown is not None:
            self.show(shown.view, shown.mp_line, shown.who)

    def show(self, v: PlayerView, mp_line: str = "", who: str | None = None) -> None:
        g = self.rules.game
        t = Text()
        if v.phase is Phase.SETUP:
            t.append("Set-up", style="bold")
        elif v.coup is not None:
            t.append(f"Game-Turn {v.turn} · the coup", style="bold red")
        else:
            t.append(f"Game-Turn {v.turn} of {g.game_turns}", style="bold")
        t.append(f"\n{PHASE_TITLES[v.phase]}\n")
        # the coup at a glance; who stands in the streets is said in the Boxes tab, so that
        # the tabs keep their room on a 24-row terminal
        for line in coup_lines(self.rules, v, who_at="who: B"):
            t.append(line + "\n", style="red")
        if v.outcome is not None:
            t.append(f"Game over: {WINNERS[v.outcome.winner]} ({v.outcome.case})", style="bold reverse")
        else:
            t.append(f"Phasing: {SIDE[v.phasing]} · to act: ")
            t.append(SIDE[v.to_act], style="bold reverse" if v.to_act is v.side else "bold")
        if mp_line:
            t.append("\n" + mp_line, style="green")
        t.append("\n" + (who or f"You are: {SIDE[v.side]}"), style="dim")
        self.update(t)


class ChitPanel(Panel):
    """Own chits by type, with the names of Loyalty chits; the rest only as counts."""

    def __init__(self, rules: Rules, **kw) -> None:
        super().__init__(**kw)
        self.rules = rules

    shown: var[Shown | None] = var(None, always_update=True)  # bound to the screen's

    def watch_shown(self, shown: Shown | None) -> None:
        if shown is not None and shown.everyone is not None:
            self.show_everyone(*shown.everyone)
        elif shown is not None:
            self.show(shown.view)

    def show(self, v: PlayerView) -> None:
        t = Text()
        if v.side is None:
            t.append("Spectator: neither side's chits are shown.\n", style="italic")
        else:
            self._held(t, "Your chits", v.own_chits)
        for holder, name in (("ss", "SS"), ("abwehr", "Abwehr")):
            if v.side is None or holder != v.side.value:
                t.append(f"{name} holds {v.chit_counts[holder]} chit(s)\n")
        self._rest(t, v)

    def show_everyone(self, ss: PlayerView, abwehr: PlayerView) -> None:
        """Both hands, for the replay of a finished game (nothing is secret any more)."""
        t = Text()
        self._held(t, "SS chits", ss.own_chits)
        self._held(t, "Abwehr chits", abwehr.own_chits)
        self._rest(t, ss)

    def _held(self, t: Text, title: str, chits: tuple[str, ...]) -> None:
        by_id = self.rules.chits.by_id()
        t.append(f"{title} ({len(chits)})\n", style="bold")
        kinds = Counter(by_id[c].kind for c in chits)
        for kind in ChitKind:
            mine = [c for c in chits if by_id[c].kind is kind]
            if not mine:
                continue
            t.append(f"  {self.rules.chits.names[kind]} x{kinds[kind]}\n")
            if kind is ChitKind.LOYALTY:
                for c in mine:
                    t.append(f"    {chit_name(self.rules, c)}\n")
            else:
                t.append(f"    {' '.join(mine)}\n", style="dim")

    def _rest(self, t: Text, v: PlayerView) -> None:
        t.append(f"In the cup: {v.chit_counts['cup']}\n")
        on_units = 97 - sum(v.chit_counts.values())
        if on_units:
            t.append(f"Laid on units (18.61): {on_units}\n")
        t.append(f"Allied units face-down in their box: {v.allied_in_holding}\n", style="dim")
        self.update(t)


class BoxPanel(Panel):
    """The holding boxes a player at the table sees beside the map (3.23): who is in
    each, and in the coup who stands in Berlin's streets. Public: both sides of every
    counter are (12.28); only the Allied units in their box are face-down, and are
    counted, not named."""

    def __init__(self, rules: Rules, **kw) -> None:
        super().__init__(**kw)
        self.rules = rules

    shown: var[Shown | None] = var(None, always_update=True)  # bound to the screen's

    def watch_shown(self, shown: Shown | None) -> None:
        if shown is not None:
            self.show(shown.view)

    def show(self, v: PlayerView) -> None:
        t = Text()
        if v.coup is not None:  # the coup is won or lost in Berlin's streets (18.71, 18.72)
            for party, ids in street_units(self.rules, v).items():
                t.append(f"{party.value} units in Berlin's streets ({len(ids)})", style="bold red")
                t.append("  18.71, 18.72\n", style="dim")
                for uid in ids:
                    t.append(f"  {unit_name(self.rules, uid)}\n")
                if not ids:
                    t.append("  none\n", style="dim")
        for box, title, cases in BOXES:
            inside = [u for u in v.units if u.box is box and u.hex is None]
            if not inside and box is Box.UNPLACED:
                continue
            t.append(f"{title} ({len(inside)})", style="bold")
            t.append(f"  {cases}\n", style="dim")
            for u in inside:
                t.append(f"  {unit_name(self.rules, u.id)}{self._marks(u)}\n")
            if not inside:
                t.append("  empty\n", style="dim")
        t.append(f"Allied holding box ({v.allied_in_holding})", style="bold")
        t.append("  face-down, 7.11\n", style="dim")
        self.update(t)

    @staticmethod
    def _marks(u: UnitState) -> str:
        said = [
            w
            for w, on in (("suspected", u.suspected), ("recruited", u.recruited), ("semi-recruited", u.semi))
            if on
        ]
        return f" — {', '.join(said)}" if said else ""


NARROW = 80  # the tables panel's width below which the wide tables are laid out anew
TABLE_ORDER = [
    "harassment",
    "coup_harassment",
    "recruitment",
    "investigation",
    "interrogation",
    "assignment",
    "randomizer",
    "walkyrie",
    "okw_panic",
]


class TablesPanel(Static):
    """One table at a time; after a roll, the table just used with its row and column lit."""

    def __init__(self, rules: Rules, **kw) -> None:
        super().__init__(**kw)
        self.rules = rules
        self.name_ = "harassment"
        self.last: Event | None = None

    shown: var[Shown | None] = var(None, always_update=True)  # bound to the screen's

    def watch_shown(self, shown: Shown | None) -> None:
        if shown is not None and shown.rolled is not None and shown.rolled is not self.last:
            self.used(shown.rolled)

    def used(self, e: Event) -> None:
        self.last, self.name_ = e, e.table or self.name_
        self.refresh_table()

    def cycle(self) -> None:
        self.name_ = TABLE_ORDER[(TABLE_ORDER.index(self.name_) + 1) % len(TABLE_ORDER)]
        self.refresh_table()

    def show_named(self, name: str) -> None:
        """The table called ``name`` (as its data file names it: "Recruitment Table"),
        if there is one."""
        key = next((k for k in TABLE_ORDER if getattr(self.rules.tables, k).name == name), None)
        if key is not None and key != self.name_:
            self.name_ = key
            self.refresh_table()

    def on_mount(self) -> None:
        self.refresh_table()

    @property
    def narrow(self) -> bool:
        """A side panel narrower than the two widest tables (at 80 columns, and at 160
        too): those are laid out to fit it."""
        return 0 < self.size.width < NARROW

    def on_resize(self) -> None:
        self.refresh_table()

    def refresh_table(self) -> None:
        self.update(self.render_table())

    @staticmethod
    def _assignment_lines(t, e: Event | None, title: str) -> Text:
        """7.6's table as two results a line, so no cell is cut at 80 columns."""
        out = Text(f"{title}\n")
        for r in range(1, 7):
            for pair in ((1, 2), (3, 4), (5, 6)):
                out.append(f"{r if pair[0] == 1 else ' '}  ", style="bold")
                for c in pair:
                    allied, german = t.result(r, c)
                    lit = e is not None and e.row == r and e.column == c
                    out.append(f"{c} ", style="dim")
                    said = f"{allied} {str(german) if german else '-'}"
                    out.append(f"{said:<10}", style="bold reverse" if lit else "")
                    out.append("  ")
                out.append("\n")
        return out

    def render_table(self):
        t = getattr(self.rules.tables, self.name_)
        e = self.last if self.last is not None and self.last.table == self.name_ else None
        title = f"{t.name} ({t.case})  [t: next table]"
        out = Table(
            title=title, title_justify="left", box=None, padding=(0, 1), header_style="bold", show_edge=False
        )
        if isinstance(t, Grid):
            return self._grid(t, e, out, self.narrow)
        draw = {
            "assignment": self._assignment,
            "randomizer": self._randomizer,
            "walkyrie": self._walkyrie,
        }.get(self.name_, self._panic)
        return draw(t, e, out, title)

    @staticmethod
    def _grid(t: Grid, e: Event | None, out: Table, narrow: bool = False) -> Group:
        """A table of a die down and a differential (or a count) across. Narrow, each
        cell brings one space of its own instead of one each side: the side panel with
        its scroll bar is narrower than eight columns padded (80 columns cut "die")."""
        gap = " " if narrow else ""
        if narrow:
            out.padding = (0, 0)
        out.add_column("die")
        for c in t.columns:
            out.add_column(
                gap + t.column_label(c, short=True),  # as the odds name it
                header_style=HOT if e and e.column == c else "bold",
            )
        for r, row in zip(t.rows, t.cells, strict=True):
            cells = [
                Text(
                    gap + x,
                    style=HOT
                    if e and e.row == r and e.column == c
                    else ("yellow" if e and (e.row == r or e.column == c) else ""),
                )
                for c, x in zip(t.columns, row, strict=True)
            ]
            out.add_row(Text(str(r), style="bold"), *cells)
        keys = "  ".join(f"{k} {v}" for k, v in t.results.items())
        if t.columns_are:
            keys = f"Columns: {t.columns_are} ({t.case}).  {keys}"
        return _with_footer(out, keys, e)

    def _assignment(self, t, e: Event | None, out: Table, title: str) -> Group:
        if self.narrow:
            return _with_footer(
                self._assignment_lines(t, e, title),
                "1st die, then 2nd die: Allied result, German assignment (7.6)",
                e,
            )
        out.add_column("1st\\2nd")
        for c in range(1, 7):
            out.add_column(str(c), header_style=HOT if e and e.column == c else "bold")
        for r in range(1, 7):
            cells = []
            for c in range(1, 7):
                allied, german = t.result(r, c)
                lit = e and e.row == r and e.column == c
                cells.append(Text(f"{allied} {german or '-'}", style=HOT if lit else ""))
            out.add_row(str(r), *cells)
        return _with_footer(out, "Allied result, then German assignment (7.6)", e)

    def _randomizer(self, t, e: Event | None, out: Table, title: str) -> Group:
        def drawn(d, short: bool = False) -> str:
            if d is None:
                return "-"
            who = ("S" if short else "SS") if d.player is Player.SS else ("A" if short else "Ab")
            return f"{who}{d.count}"

        if self.narrow:  # turned on its side: Game-Turns down, the die across
            # each cell brings its own space, its drawer a letter: "S12" fits the 31
            # columns of a served screen's panel ("SS12" did not)
            out.padding = (0, 0)
            out.add_column("")
            for r in range(1, len(t.cells) + 1):
                out.add_column(f" {r}", header_style=HOT if e and e.row == r else "bold")
            for c in range(1, len(t.cells[0]) + 1):
                cells = [
                    Text(
                        f" {drawn(t.cells[r - 1][c - 1], short=True)}",
                        style=HOT if e and e.row == r and e.column == c else "",
                    )
                    for r in range(1, len(t.cells) + 1)
                ]
                out.add_row(Text(f"GT{c}", style=HOT if e and e.column == c else "bold"), *cells)
            return _with_footer(
                out,
                "Game-Turn down, die across: who draws (S the SS, A the Abwehr), and how many chits "
                f"(6.23). {LAST_READ.format('row')}",
                e,
            )
        out.add_column("die")
        for c in range(1, len(t.cells[0]) + 1):
            out.add_column(f"GT{c}", header_style=HOT if e and e.column == c else "bold")
        for r, row in enumerate(t.cells, start=1):
            cells = [
                Text(drawn(d), style=HOT if e and e.row == r and e.column == c else "")
                for c, d in enumerate(row, start=1)
            ]
            out.add_row(str(r), *cells)
        return _with_footer(out, f"who draws, and how many chits (6.23). {LAST_READ.format('column')}", e)

    @staticmethod
    def _walkyrie(t, e: Event | None, out: Table, title: str) -> Group:
        out.add_column("total")
        out.add_column("result")
        for i, (lo, hi, res) in enumerate(t.bands, start=1):
            span = str(lo) if lo == hi else f"{lo}-{hi}"
            text = "fails" if res is None else f"{res.penalty}/{res.bonus}/{res.units}"
            out.add_row(span, Text(text, style=HOT if e and e.column == i else ""))
        return _with_footer(
            out, f"total: die + Führer Access chits committed (18.13); result {legend((WALKYRIE_RESULT,))}", e
        )

    @staticmethod
    def _panic(t, e: Event | None, out: Table, title: str) -> Group:
        out.add_column("die")
        out.add_column("units that panic")
        for d, n in enumerate(t.counts, start=1):
            out.add_row(str(d), Text(str(n), style=HOT if e and e.row == d else ""))
        return _with_footer(out, "one roll per SS unit in an OKW-friendly HQ (12.82)", e)


HOT = "bold reverse"  # the cell of the last roll
# the printed Randomizer Table has eight columns for nine Game-Turns (odds.py reads
# column min(turn, 8))
LAST_READ = "Game-Turn 9 reads the GT8 {}."  # a column as printed; a row turned on its side


def _with_footer(table: RenderableType, note: str, e: Event | None) -> Group:
    parts = [table, Text(note, style="dim")]
    if e is not None:
        parts.append(Text(f"Last roll: {e.text} ({e.case})", style="yellow"))
    return Group(*parts)


class MapKey(Static):
    """Area codes, HQ abbreviations, the unit legend — and that the map is ours."""

    def __init__(self, rules: Rules, **kw) -> None:
        super().__init__(**kw)
        self.rules = rules
        self.palette = STANDARD
        self.paint(STANDARD)

    shown: var[Shown | None] = var(None, always_update=True)  # bound to the screen's

    def watch_shown(self, shown: Shown | None) -> None:
        if shown is not None and shown.palette is not self.palette:
            self.paint(shown.palette)

    def paint(self, palette: Palette) -> None:
        self.palette = palette
        m = self.rules.map
        t = Text()
        t.append("Units", style="bold")
        t.append(
            ": id on the party colour (the first digit says the party too: 0 SS, 1 "
            "Nazi, 2 Civilian, 3 Abwehr, 4 OKW, 5 Allied); the controller by the text "
            "colour and the type (bold: the SS, bold italic: the Abwehr, plain: no "
            "one), and by a letter after the id where no state takes its place (s, a). "
            f"Y: other colours (now {palette.title})\n"
        )
        for party, colour in palette.party.items():
            t.append(" " + party.value + " ", style=f"bright_white on {colour}")
        t.append("\n")
        for side, colour in palette.control.items():
            how = {None: "", Player.SS: " bold", Player.ABWEHR: " bold italic"}[side]
            said = f"{SIDE[side]} {CONTROL_LETTER[side]}" if side else "uncontrolled"
            t.append(f" {said} ", style=f"{colour}{how} on grey23")
        t.append("\n")
        for glyph, meaning in LEGEND:
            t.append(f"  {glyph} {meaning}\n")
        t.append("  + (green) the moving unit can step here\n")
        t.append("  * (yellow) the way of a walk, before Enter again takes it\n")
        t.append("  underlined: a hex you can act on\n")
        t.append("  o: zones of control (s, a, x both) / Allied influence (i)\n\n")
        t.append("Reconstructed map", style="bold")
        t.append(" (the printed map is not in the rulebook; see docs/rules/map.md)\n")
        for a in m.areas.values():
            t.append("  ", style=f"on {a.colour}")
            adv = f" ·{a.military_advance}" if a.military_advance else ""
            t.append(f" {a.code} {a.name}{adv}\n")
        t.append("\nHQs: ")
        t.append(", ".join(f"{HQ_LABELS[k]} {hq.name}" for k, hq in m.hqs.items()))
        self.update(t)


class LogView(VerticalScroll):
    """The game log: every action's events, dice and table results, with case numbers.
    Re-wrapped to its width whenever it is drawn (so it reads the same in any pane).

    Drawn in chunks of CHUNK lines, one Static each: a new line re-renders only the
    last chunk. (One Static for the whole log re-wrapped 600 lines at every move, some
    0.2 s a move late in a game; a server drawing several watchers' screens spent its
    whole loop on it.)"""

    DEFAULT_CSS = "LogView { height: 1fr; } LogView > Static { width: 1fr; }"
    KEEP = 600  # lines kept on screen (about); the whole game is in the session
    CHUNK = 50

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._all: list[Text] = []  # the lines last shown (the caller's list)
        self._start = 0  # the first line on screen, a whole chunk
        self._pending: list[Text] | None = None  # lines to show once the pane is seen

    def compose(self):
        yield Panel(classes="log-chunk")

    def on_mount(self) -> None:
        # Anchored: the newest line stays in view as lines come, however fast, until the
        # reader scrolls back to read; scrolling to the end again follows again.
        self.anchor()

    def show(self, lines: list[Text]) -> None:
        # A pane no one can see (another tab is in front; the wide log on a short
        # terminal) is filled when it is shown: each fill lays the screen out again.
        if not self._seen():
            self._pending = lines
            return
        self._pending = None
        self._fill(lines)

    def _fill(self, lines: list[Text]) -> None:
        n = len(self._all)
        # grown: the old lines are still there, but for the last, which a unit's next
        # step may have lengthened (a folded move)
        grown = (
            0 < n <= len(lines) and lines[0] is self._all[0] and (n == 1 or lines[n - 2] is self._all[n - 2])
        )
        chunks = list(self.query(".log-chunk").results(Static))
        if not grown or not chunks:  # an undo, or another player's eyes: afresh
            for chunk in chunks[1:]:
                chunk.remove()
            chunks = chunks[:1] or [self._new_chunk()]
            self._start = max(0, len(lines) - self.KEEP) // self.CHUNK * self.CHUNK
            first_dirty = 0
        else:
            first_dirty = max(0, (n - 1 - self._start) // self.CHUNK)
        self._all = list(lines)
        # drop whole chunks from the top once a chunk more than KEEP is on screen
        while len(lines) - self._start > self.KEEP + self.CHUNK and len(chunks) > 1:
            chunks.pop(0).remove()
            self._start += self.CHUNK
            first_dirty = max(0, first_dirty - 1)
        needed = max(1, -(-(len(lines) - self._start) // self.CHUNK))
        while len(chunks) < needed:
            chunks.append(self._new_chunk())
        for i in range(first_dirty, needed):
            a = self._start + i * self.CHUNK
            chunks[i].update(self.drawn(lines[a : a + self.CHUNK]))

    def drawn(self, lines: list[Text]) -> RenderableType:
        """A chunk of lines as it is drawn."""
        return Text("\n").join(lines)

    def _seen(self) -> bool:
        return all(node.display for node in self.ancestors_with_self if isinstance(node, Widget))

    def shown_text(self) -> str:
        """What the pane holds (or will, once shown), as plain text (for tests and
        tools)."""
        self._catch_up()
        return "\n".join(str(c.content) for c in self.query(".log-chunk").results(Static))

    def _new_chunk(self) -> Static:
        chunk = Panel(classes="log-chunk")
        self.mount(chunk)
        return chunk

    def _catch_up(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None:
            self._fill(pending)

    def on_show(self) -> None:
        # A pane hidden behind another tab cannot scroll; catch up when it is shown.
        self._catch_up()
        self.call_after_refresh(self.scroll_end, animate=False)


class GameLog(LogView):
    """A board screen's log (the Log tab, and the wide log under the map)."""

    ALLOW_MAXIMIZE = True  # g, g: on the whole screen (a container is not, by default)

    shown: var[Shown | None] = var(None, always_update=True)  # bound to the screen's

    def watch_shown(self, shown: Shown | None) -> None:
        if shown is not None:
            self.show(list(shown.log))

    def drawn(self, lines: list[Text]) -> RenderableType:
        return Hanging(lines)  # (a long line goes on under its text, not its number)
