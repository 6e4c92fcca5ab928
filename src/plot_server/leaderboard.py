"""The lobby's leaderboard (r): every rated player and the computer's levels, best first,
by overall rating or by one side's."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Static

from plot_tui.closing import OnceModal
from plot_tui.plain import join, plain

from .result_book import Ranked, ResultBook

POOL_NAMES = {"overall": "overall", "ss": "as the SS", "abwehr": "as the Abwehr"}
COLUMNS = ("#", "Player", "Overall", "SS", "Abwehr", "Games", "Won", "Lost")


def ranked_cells(place: int, row: Ranked) -> tuple[str, ...]:
    """One leaderboard line's cells (the plain door says the same)."""
    games = ("fixed", "", "") if row.games is None else (str(row.games), str(row.won), str(row.lost))
    return (str(place), row.name, *(row.shown(pool) for pool in ("overall", "ss", "abwehr")), *games)


class LeaderboardScreen(OnceModal[None]):
    BINDINGS = [
        Binding("s", "next_pool", "Sort by"),
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
    ]

    def __init__(self, book: ResultBook, key: str) -> None:
        super().__init__()
        self.book, self.key = book, key
        self.pool = "overall"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("", id="ranked-title")
            yield DataTable(id="ranked", cursor_type="row", zebra_stripes=True)
            yield Static(
                "Glicko-2 ratings from every finished game on this server; ? marks a rating "
                "still unsure (fewer games, or long away), listed after the sure ones. "
                "The computer's levels keep fixed ratings.",
                id="ranked-about",
            )
            yield Static("[dim]s: sort by overall / SS / Abwehr · esc: back[/dim]")
        yield Footer()

    def on_mount(self) -> None:
        # over SSH a key can close the board before it is mounted: then nothing to fill
        for table in self.query(DataTable).results(DataTable):
            table.add_columns(*COLUMNS)
            self.show()
            table.focus()

    def show(self) -> None:
        if not (self.query("#ranked-title") and self.query(DataTable)):
            return  # gone, or not built yet (keys can outrun the screen)
        title = self.query_one("#ranked-title", Static)
        title.update(join(("Ratings", "bold"), f" — sorted {POOL_NAMES[self.pool]}"))
        table = self.query_one(DataTable)
        table.clear()
        for place, row in enumerate(self.book.ranked(self.pool), 1):
            style = "bold" if row.key and row.key == self.key else ""
            # cells as Text: a DataTable reads a str cell as markup, and names are outside text
            table.add_row(*(plain(c, style) for c in ranked_cells(place, row)))

    def action_next_pool(self) -> None:
        pools = list(POOL_NAMES)
        self.pool = pools[(pools.index(self.pool) + 1) % len(pools)]
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)
