"""The Textual application."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Static

from plot_core import Rules, load_rules

from .mapview import MapView
from .panels import HexInfo, MapKey

HELP = """\
[b]Keys[/b]

  arrows, h j k l     move the cursor (left, down, up, right)
  y u b n             move to the north-west, north-east, south-west, south-east hex
  c                   centre the map on the cursor
  m                   show set-up marks (s n a c o x, @ = a leader's named hex)
  click               put the cursor on a hex
  ?                   this help
  q                   quit

Hexes are named CCRR (column, row), as in positions and game records.
Area borders are where the colour changes; HQ hexes show a three-letter code.

Press any key to close.
"""


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: auto; max-width: 90%; border: round $accent; padding: 1 2;
                          background: $surface; }
    """

    def compose(self) -> ComposeResult:
        yield Static(HELP)

    def on_key(self) -> None:
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()


class PlotApp(App[None]):
    TITLE = "The Plot to Assassinate Hitler"
    SUB_TITLE = "SPI 1976 · reconstructed map"
    CSS = """
    Screen { layout: horizontal; }
    MapView { width: 1fr; height: 1fr; }
    #side { width: 34; height: 1fr; border-left: solid $primary; }
    #info { height: 9; padding: 0 1; border-bottom: solid $primary-darken-2; }
    #key { padding: 0 1; }
    """
    BINDINGS = [
        Binding("q", "quit", "Quit"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, rules: Rules | None = None) -> None:
        super().__init__()
        self.rules = rules or load_rules()

    def compose(self) -> ComposeResult:
        yield Header()
        start = self.rules.map.named_setup.get("100")
        yield MapView(self.rules.map, start=start, id="map")
        with Vertical(id="side"):
            yield HexInfo(self.rules, id="info")
            with VerticalScroll():
                yield MapKey(self.rules, id="key")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MapView).focus()

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        self.query_one(HexInfo).show(message.hex)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())
