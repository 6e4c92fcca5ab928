"""What the game screen and the replay viewer share: the map, the side panels, the log.

A subclass says what to show (``shown_view``, ``shown_log`` ...) and writes the
line under the map; this class lays the screen out and draws it. Everything drawn
comes from one side's ``PlayerView`` (or a spectator's), never the full state.

Drawing is one assignment: ``redraw`` makes a ``Shown`` (shown.py) and sets it on the
screen, and every panel, bound to it, draws itself; a panel mounted later (inside a tab
not yet built) draws from it as it mounts. Nothing waits for widgets, looks for them
again, or draws on a screen that is not there.
"""

from __future__ import annotations

from typing import TypeVar

import attrs
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Footer, Header, TabbedContent, TabPane

from plot_core import Action, PlayerView, Rules
from plot_core.engine import Overlays
from plot_core.hexgrid import Hex
from plot_record import ChatLine
from plot_session.describe import points_left
from plot_session.session import LogLine
from plot_session.settings import SettingsFile

from .boardview import build_board
from .closing import OnceScreen
from .log_lines import LogLines
from .mapview import MapView
from .messages import CursorMoved, MapShown
from .palettes import PALETTES, STANDARD, Palette, next_palette, use_theme
from .panels import BoxPanel, ChitPanel, GameLog, HexInfo, LogView, MapKey, Panel, StatusPanel, TablesPanel
from .rules_screen import RulesScreen, cited
from .screens import HelpScreen
from .shown import Shown
from .talk import TalkPane

P = TypeVar("P", bound=Widget)

# from this terminal height a log is always in sight under the map, this many rows high
WIDE_LOG_FROM, WIDE_LOG_ROWS = 40, 12

# the keys that still work while the log fills the screen (BoardScreen.check_action)
WHILE_THE_LOG_FILLS = frozenset({"log", "scroll_log", "help", "leave", "quit_game"})


class BoardScreen(OnceScreen[str]):
    BINDINGS = [
        Binding("x", "tab('hex')", "Hex", show=False),
        Binding("w", "tab('chits')", "Chits", show=False),
        Binding("B", "tab('boxes')", "Boxes", show=False),
        Binding("t", "tables", "Tables", show=False),
        Binding("g", "log", "Log (again: on the whole screen)", show=False),
        Binding("f", "fold", "Fold the log", show=False),
        Binding("C", "rules", "Cases: the rules", show=False),
        Binding("Y", "palette", "Other colours", show=False),
    ]

    def __init__(self, rules: Rules, settings: SettingsFile | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.settings = settings or SettingsFile(None)  # the player's (None: not kept)
        self.log_lines = LogLines(rules)
        self._keys_shown: tuple = ()  # the footer's keys when it was last told
        self._by_id: dict[str, Widget] = {}
        # the colours (Y: the next set), as the player last chose them
        self.palette: Palette = PALETTES.get(self.settings.settings.palette, STANDARD)

    # -- what to show: the subclass answers ---------------------------------------------
    def shown_view(self) -> PlayerView:
        raise NotImplementedError

    def shown_overlays(self) -> Overlays:
        raise NotImplementedError

    def shown_log(self) -> list[LogLine]:
        raise NotImplementedError

    def shown_legal(self) -> list[Action]:
        return []

    def draw_prompt(self, v: PlayerView, legal: list[Action]) -> None:
        raise NotImplementedError

    def shown_everyone(self) -> tuple[PlayerView, PlayerView] | None:
        """Both hands, when nothing is secret any more (None: the view's own)."""
        return None

    def who(self) -> str | None:
        """Whose eyes the screen shows, if not simply the viewer's side."""
        return None

    def has_chat(self) -> bool:
        """A Chat tab: at a served table only."""
        return False

    def talk_lines(self) -> list[ChatLine]:
        """The talk at the table so far (none but at a served table)."""
        return []

    def talk_empty(self) -> str:
        """What the Chat tab says before anyone has said anything."""
        return "Nobody has said anything yet. T to talk."

    @property
    def built(self) -> bool:
        """Its map is there: a key that comes before (or after, as the screen is taken
        down) is dropped by PlotApp, not run against widgets that are not there."""
        return bool(self.query(MapView))

    def map_start(self) -> Hex | None:
        """Where the map opens: Berlin (a subclass may know better)."""
        return self.rules.map.named_setup.get("100")

    def prompt_widget(self) -> Widget:
        """The line under the map (a subclass may own a richer one)."""
        return Panel(id="prompt")

    def under_map(self) -> list[Widget]:
        """Widgets between the map and the prompt line."""
        return []

    # -- layout -------------------------------------------------------------------------
    # What is drawn, all of it: every panel is bound to it (data_bind) and draws itself.
    shown: var[Shown | None] = var(None, always_update=True)

    def compose(self) -> ComposeResult:
        bound = BoardScreen.shown
        yield Header()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MapView(self.rules.map, start=self.map_start(), id="map").data_bind(bound)
                yield from self.under_map()
                yield Panel(id="odds")
                yield self.prompt_widget()
                yield GameLog(id="wide-log").data_bind(bound)
            with Vertical(id="side"):
                yield StatusPanel(self.rules, id="status").data_bind(bound)
                with TabbedContent(id="tabs", initial="hex"):
                    with TabPane("Hex", id="hex"):
                        with VerticalScroll():
                            yield HexInfo(self.rules, id="info").data_bind(bound)
                    with TabPane("Chits", id="chits"):
                        with VerticalScroll():
                            yield ChitPanel(self.rules, id="chitbox").data_bind(bound)
                    with TabPane("Boxes", id="boxes"):
                        with VerticalScroll():
                            yield BoxPanel(self.rules, id="boxbox").data_bind(bound)
                    with TabPane("Tables", id="tables"):
                        with VerticalScroll():
                            yield TablesPanel(self.rules, id="tablebox").data_bind(bound)
                    with TabPane("Log", id="log"):
                        yield GameLog(id="log-pane").data_bind(bound)
                    with TabPane("Key", id="key"):
                        with VerticalScroll():
                            yield MapKey(self.rules).data_bind(bound)
                    if self.has_chat():
                        with TabPane("Chat", id="chat"):
                            said = len(self.talk_lines())
                            talk = TalkPane(seen=said, empty=self.talk_empty(), id="chat-pane")
                            yield talk.data_bind(shown_talk=bound)
        yield Footer()

    def on_resize(self, event) -> None:
        # More room: a wider side panel, and a log under the map that is always in sight.
        w, h = event.size
        self.query_one("#side").styles.width = 36 if w < 120 else max(48, w // 3)
        log = self.query_one("#wide-log")
        log.styles.height = WIDE_LOG_ROWS
        log.styles.display = "block" if h >= WIDE_LOG_FROM else "none"

    def map_column_rows(self) -> int:
        """Rows the map and the panes under it share: the left column, less the log under
        them on a tall screen (before the first layout, the screen less its header and
        footer)."""
        left, log = self.by_id("left"), self.by_id("wide-log")
        rows = left.size.height if left is not None and left.size.height else self.app.size.height - 2
        return rows - (WIDE_LOG_ROWS if log is not None and log.display else 0)

    # -- drawing ------------------------------------------------------------------------
    def by_id(self, name: str) -> Widget | None:
        """The widget with this id, if the screen has it now: looked up once, as the
        prompt and the odds are drawn at every key."""
        found = self._by_id.get(name)
        if found is None or not found.is_attached:
            query = self.query(f"#{name}")
            if not query:
                return None
            found = self._by_id[name] = query.first()
        return found

    def action_palette(self) -> None:
        self.palette = next_palette(self.palette.key)
        problem = self.settings.save(attrs.evolve(self.settings.settings, palette=self.palette.key))
        self.tell(
            f"The map now shows {self.palette.title} (Y: the next)." + (f" ({problem})" if problem else ""),
            error=bool(problem),
        )
        self.redraw()

    def tell(self, text: str, *, error: bool = False) -> None:
        """Say ``text`` where the screen answers a key."""
        self.notify(text, severity="error" if error else "information")

    def redraw(self, *, again: bool = False) -> None:
        """Draw what the subclass shows now (``again``: the log's lines made anew)."""
        v = self.shown_view()
        legal = self.shown_legal()
        new = self.log_lines.follow(self.shown_log(), again=again)
        use_theme(self.app, self.palette)  # (nothing when it is already the app's)
        self.shown = Shown(
            view=v,
            board=build_board(self.rules, v, self.shown_overlays(), legal, self.palette),
            mp_line=points_left(self.rules, v),
            who=self.who(),
            log=tuple(self.log_lines.texts),
            rolled=next((ln.event for ln in reversed(new or []) if ln.event.table), None),
            everyone=self.shown_everyone(),
            talk=tuple(self.talk_lines()),
            palette=self.palette,
        )
        self.draw_prompt(v, legal)
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        """Tell the footer to show the keys again only if they changed: it builds all of
        its keys anew when told, and a screen is redrawn after every move."""
        keys = tuple(
            (key, b.binding.action, b.enabled, b.binding.description)
            for key, b in self.active_bindings.items()
        )
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def action_fold(self) -> None:
        self.log_lines.folded = not self.log_lines.folded
        self.redraw(again=True)
        self.notify(
            "A unit's steps on one line." if self.log_lines.folded else "Each step on its own line.",
            timeout=3,
        )

    def action_scroll_log(self, how: str) -> None:
        for pane in self.query(LogView):
            if pane.display:
                {
                    "up": pane.scroll_page_up,
                    "down": pane.scroll_page_down,
                    "home": pane.scroll_home,
                    "end": pane.scroll_end,
                }[how](animate=False)

    # -- keys both screens have ---------------------------------------------------------
    # (A key can reach this screen while its widgets are still being built or taken down
    # over SSH: then there are no tabs to switch, and the key does nothing.)
    def action_tab(self, tab: str) -> None:
        for tabs in self.query(TabbedContent):
            tabs.active = tab

    def action_log(self) -> None:
        """g: the Log tab; g again: the log on the whole screen, its lines re-wrapped to
        it (the side panel's is narrow at 80 columns); g or Escape then: the board."""
        if self.maximized is not None:
            self.minimize()  # (the board's keys come back: watch_maximized)
            return
        tabs = self.query(TabbedContent)
        if not tabs or tabs.first().active != "log":
            self.action_tab("log")
            return
        for pane in self.query("#log-pane").results(LogView):
            self.maximize(pane, container=False)
            pane.border_title = "The log · g or Esc: back to the board"  # (shown while it fills the screen)
            pane.focus()
            pane.call_after_refresh(pane.scroll_end, animate=False)

    def watch_maximized(self, maximized: Widget | None) -> None:
        if maximized is None:  # back from the whole-screen log (g, or Escape): the map's keys
            for mapview in self.query(MapView):
                mapview.focus()
        self.refresh_bindings()  # (the board's keys are off while the log fills the screen)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """While the log fills the screen the board is out of sight: no key acts on it
        (a move or a roll would go unseen, and a question asked before a roll too); the
        keys that scroll the log, give the board back, help and leave still do."""
        return self.maximized is None or action in WHILE_THE_LOG_FILLS

    def action_tables(self) -> None:
        """t: the Tables tab, at the table of the roll in play (the odds under the map);
        t again: the next table."""
        for tabs in self.query(TabbedContent):
            for panel in self.query(TablesPanel):
                if tabs.active == "tables":
                    panel.cycle()
                elif (name := self.table_in_play()) is not None:
                    panel.show_named(name)
            tabs.active = "tables"

    def table_in_play(self) -> str | None:
        """The name of the table the roll in play reads (None: no roll in play)."""
        return None

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def cited_sources(self) -> list[str]:
        """Where the case numbers on screen are, the most pressing first."""
        texts = [str(w.render()) for sel in ("#odds", "#prompt") for w in self.query(sel)]
        tables = [
            getattr(self.rules.tables, p.name_).case
            for p in self.query(TablesPanel)
            for tabs in self.query(TabbedContent)
            if tabs.active == "tables"
        ]
        return tables + texts + [t.plain for t in reversed(self.log_lines.texts[-5:])]

    def action_rules(self) -> None:
        """C: every case, those cited on screen now first (the newest first)."""
        first: list[str] = []
        for text in self.cited_sources():
            first += [n for n in cited(text, self.rules.cases) if n not in first]
        self.app.push_screen(RulesScreen(self.rules.cases, first))

    def action_open_case(self, number: str) -> None:
        """A click on a case number (rules_screen.link_cases)."""
        self.app.push_screen(RulesScreen(self.rules.cases, [number]))

    @on(CursorMoved)
    def _cursor_moved(self, message: CursorMoved) -> None:
        self.cursor_moved(message.hex)

    @on(MapShown)
    def _map_shown(self, message: MapShown) -> None:
        self.tell(message.words)

    def cursor_moved(self, h: Hex) -> None:
        """What follows the map's cursor: the Hex tab (a subclass adds its own)."""
        for info in self.query(HexInfo):  # (its view is the screen's Shown)
            info.show(h)
