"""Every table of the Tables tab shows whole (at 80x24 cells were cut to
"1/…"), at 80x24 and 160x50, with the last roll's cell lit."""

from __future__ import annotations

import pytest
from rich.console import Console

from plot_tui.panels import TABLE_ORDER, TablesPanel

from .helpers import app_for, game, pos


def shown(panel: TablesPanel) -> str:
    console = Console(width=panel.content_size.width, record=True, file=open("/dev/null", "w"))
    console.print(panel.render_table())
    return console.export_text()


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_no_table_is_cut(size):
    app = app_for(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        """)
    )
    async with app.run_test(size=size) as pilot:
        await pilot.press("t")
        await pilot.pause()
        panel = game(app).query_one(TablesPanel)
        seen = set()
        for _ in TABLE_ORDER:
            text = shown(panel)
            assert "…" not in text, f"{panel.name_} is cut:\n{text}"
            seen.add(panel.name_)
            await pilot.press("t")
            await pilot.pause()
        assert seen == set(TABLE_ORDER)
        panel.name_ = "assignment"
        text = shown(panel)
        assert "2/Ab/BR" in text or "/Ab/" in text  # German assignments in full


@pytest.mark.asyncio
async def test_the_last_assignment_roll_is_lit_in_the_narrow_layout():
    from plot_core.engine.state import Event

    app = app_for(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        """)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        panel = game(app).query_one(TablesPanel)
        panel.used(Event("7.0", "Assignment Table: 2, 3", roll=(2, 3), table="assignment", row=2, column=3))
        assert panel.narrow and panel.name_ == "assignment"
        lit = [span for span in panel.render_table().renderables[0].spans if "reverse" in str(span.style)]
        text = panel.render_table().renderables[0].plain
        assert len(lit) == 1 and text[lit[0].start : lit[0].end].startswith("EE 2/Ab/BR")


@pytest.mark.parametrize("width", [28, 31, 34])
def test_every_table_fits_the_side_panel_as_narrow_as_a_served_screen_makes_it(width, rules):
    """A served screen's side panel (seven tabs, a scroll bar) is 31 columns at 80x24:
    eight padded columns did not fit it ("die" came out "d…", the last column fell off)."""

    class Narrow(TablesPanel):
        narrow = True  # (as the panel is laid out at 80 columns, and at 160)

    panel = Narrow(rules)
    for name in TABLE_ORDER:
        panel.name_ = name
        console = Console(width=width, record=True, file=open("/dev/null", "w"))
        console.print(panel.render_table())
        text = console.export_text()
        assert "…" not in text, f"{name} at {width} columns:\n{text}"


def test_a_grids_columns_are_named_as_the_odds_name_them(rules):
    """The odds said "column +4" over a Recruitment Table headed 1 ... 7."""

    class Narrow(TablesPanel):
        narrow = True

    panel = Narrow(rules)
    for name, heads in (
        ("recruitment", ["+1", "+4", "+7"]),
        ("investigation", ["2:1", "5:1"]),
        ("interrogation", ["3", "8", "the prisoner's defence"]),
        # eight columns, nine turns; turned on its side, the Game-Turns are rows
        ("randomizer", ["GT8", "Game-Turn down, die across", "Game-Turn 9 reads the GT8 row"]),
    ):
        panel.name_ = name
        console = Console(width=31, record=True, file=open("/dev/null", "w"))
        console.print(panel.render_table())
        text = " ".join(console.export_text().split())  # (a footer wraps)
        assert all(h in text for h in heads), (name, text)
