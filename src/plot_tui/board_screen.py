"""What the game screen and the replay viewer share: the map, the side panels, the log.

A subclass says what to show (``shown_view``, ``shown_log`` ...) and writes the
line under the map; this class lays the screen out and draws it. Everything drawn
comes from one side's ``PlayerView`` (or a spectator's), never the full state.
"""

from __future__ import annotations

from typing import TypeVar

import attrs
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Footer, Header, TabbedContent, TabPane

from plot_core import Action, PlayerView, Rules
from plot_core.engine.overlays import Overlays
from plot_core.engine.state import movement_allowance
from plot_core.hexgrid import Hex
from plot_core.wording import unit_name
from plot_record import ChatLine
from plot_session.session import LogLine
from plot_session.settings import SettingsFile

from .boardview import build_board
from .closing import OnceScreen
from .log_lines import LogLines
from .mapview import MapView
from .messages import CursorMoved
from .palettes import PALETTES, STANDARD, Palette, next_palette, use_theme
from .panels import BoxPanel, ChitPanel, HexInfo, LogView, MapKey, Panel, StatusPanel, TablesPanel
from .rules_screen import RulesScreen, cited
from .screens import HelpScreen
from .talk import TalkPane

# the panels every redraw fills
PANELS = (MapView, StatusPanel, ChitPanel, HexInfo, TablesPanel, BoxPanel)
P = TypeVar("P", bound=Widget)


class BoardScreen(OnceScreen[str]):
    BINDINGS = [
        Binding("x", "tab('hex')", "Hex", show=False),
        Binding("w", "tab('chits')", "Chits", show=False),
        Binding("B", "tab('boxes')", "Boxes", show=False),
        Binding("t", "tables", "Tables", show=False),
        Binding("g", "tab('log')", "Log", show=False),
        Binding("f", "fold", "Fold the log", show=False),
        Binding("C", "rules", "Cases: the rules", show=False),
        Binding("Y", "palette", "Other colours", show=False),
    ]

    def __init__(self, rules: Rules, settings: SettingsFile | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.settings = settings or SettingsFile(None)  # the player's (None: not kept)
        self.log_lines = LogLines(rules.cases)
        self._redraw_tries = 0  # redraws put off while the screen is being built
        self._keys_shown: tuple = ()  # the footer's keys when it was last told
        self._parts: dict[type, Widget] | None = None
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

    def who(self) -> str | None:
        """Whose eyes the screen shows, if not simply the viewer's side."""
        return None

    def has_chat(self) -> bool:
        """A Chat tab: at a served table only."""
        return False

    def talk_lines(self) -> list[ChatLine]:
        """The talk at the table so far (none but at a served table)."""
        return []

    def prompt_widget(self) -> Widget:
        """The line under the map (a subclass may own a richer one)."""
        return Panel(id="prompt")

    def under_map(self) -> list[Widget]:
        """Widgets between the map and the prompt line."""
        return []

    # -- layout -------------------------------------------------------------------------
    @property
    def built(self) -> bool:
        """Are its widgets all there? Over SSH a key can come while they are being built
        or taken down; PlotApp drops the key then."""
        return bool(self.query("#prompt")) and bool(self.query(TabbedContent))

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                start = self.rules.map.named_setup.get("100")
                yield MapView(self.rules.map, start=start, id="map")
                yield from self.under_map()
                yield Panel(id="odds")
                yield self.prompt_widget()
                yield LogView(id="wide-log")
            with Vertical(id="side"):
                yield StatusPanel(self.rules, id="status")
                with TabbedContent(id="tabs", initial="hex"):
                    with TabPane("Hex", id="hex"):
                        with VerticalScroll():
                            yield HexInfo(self.rules, id="info")
                    with TabPane("Chits", id="chits"):
                        with VerticalScroll():
                            yield ChitPanel(self.rules, id="chitbox")
                    with TabPane("Boxes", id="boxes"):
                        with VerticalScroll():
                            yield BoxPanel(self.rules, id="boxbox")
                    with TabPane("Tables", id="tables"):
                        with VerticalScroll():
                            yield TablesPanel(self.rules, id="tablebox")
                    with TabPane("Log", id="log"):
                        yield LogView(id="log-pane")
                    with TabPane("Key", id="key"):
                        with VerticalScroll():
                            yield MapKey(self.rules)
                    if self.has_chat():
                        with TabPane("Chat", id="chat"):
                            yield TalkPane(seen=len(self.talk_lines()), id="chat-pane")
        yield Footer()

    def on_resize(self, event) -> None:
        # More room: a wider side panel, and a log under the map that is always in sight.
        w, h = event.size
        self.query_one("#side").styles.width = 36 if w < 120 else max(48, w // 3)
        self.query_one("#wide-log").styles.display = "block" if h >= 40 else "none"

    # -- drawing ------------------------------------------------------------------------
    def all_there(self) -> bool:
        """Are the panels a redraw fills all there? Over SSH the screen can be asked to
        draw while it is still being built, or already being taken down (the player left
        as it opened): then there is nothing to draw on, and nothing is lost."""
        return self._panels() is not None

    def _panels(self) -> dict[type, Widget] | None:
        # found once, not at every redraw: a query walks the whole screen
        if self._parts is None or not all(w.is_attached for w in self._parts.values()):
            if not self.built:
                return None
            found = {kind: self.query(kind) for kind in PANELS}
            if not all(found.values()):
                return None
            self._parts = {kind: q.first() for kind, q in found.items()}
        return self._parts

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

    def part(self, kind: type[P]) -> P:
        """The screen's one panel of this kind (the screen is built)."""
        parts = self._panels()
        assert parts is not None, "the screen is not built"
        return parts[kind]  # type: ignore[return-value]

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

    def redraw(self) -> None:
        if not self.all_there():
            # Still being built: draw once it is (looking again every 50 ms, for up to
            # 10 s); being taken down: nothing to draw.
            if self._redraw_tries < 200 and self in self.app.screen_stack:
                self._redraw_tries += 1
                self.set_timer(0.05, self.redraw)
            return
        self._redraw_tries = 0
        v = self.shown_view()
        legal = self.shown_legal()
        mapview = self.part(MapView)
        use_theme(self.app, self.palette)  # (nothing when it is already the app's)
        if mapview.palette is not self.palette:
            mapview.use_palette(self.palette)
            self.part(HexInfo).palette = self.palette
            for key in self.query(MapKey):
                key.paint(self.palette)
        mapview.show_board(build_board(self.rules, v, self.shown_overlays(), legal, self.palette))
        self.part(StatusPanel).show(v, self._mp_line(v), self.who())
        self.part(ChitPanel).show(v)
        self.part(BoxPanel).show(v)
        self.part(HexInfo).show(mapview.cursor, v)
        self.draw_prompt(v, legal)
        self._draw_log()
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

    def _mp_line(self, v: PlayerView) -> str:
        if v.active is None:
            return ""
        allowance = movement_allowance(self.rules, next(u for u in v.units if u.id == v.active))
        return f"{unit_name(self.rules, v.active)}: {allowance - v.mp_spent} of {allowance} MP left"

    def _draw_log(self, *, again: bool = False) -> None:
        new = self.log_lines.follow(self.shown_log(), again=again)
        if new is None:
            return
        if not again:  # the Tables tab turns to the table a new roll used
            for ln in new:
                if ln.event.table:
                    self.part(TablesPanel).used(ln.event)
        for pane in self.query(LogView):
            pane.show(self.log_lines.texts)

    def action_fold(self) -> None:
        self.log_lines.folded = not self.log_lines.folded
        self._draw_log(again=True)
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

    def action_tables(self) -> None:
        for tabs in self.query(TabbedContent):
            if tabs.active == "tables":
                for panel in self.query(TablesPanel):
                    panel.cycle()
            tabs.active = "tables"

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

    def cursor_moved(self, h: Hex) -> None:
        """What follows the map's cursor: the Hex tab (a subclass adds its own)."""
        self.query_one(HexInfo).show(h, self.shown_view())
