"""What a player at the table sees off the map: the holding boxes by name,
and help that fits an 80x24 terminal."""

from __future__ import annotations

import re

import pytest
from rich.text import Text
from textual.geometry import Region
from textual.widgets import Static, Tab, TabbedContent

from plot_tui.replay_screen import REPLAY_HELP
from plot_tui.screens import help_text

from .helpers import app_for, game, panel, pos, session_of

SIZES = [(80, 24), (160, 50)]


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
async def test_b_shows_who_is_in_each_box_off_the_map(size):
    app = app_for(
        pos("""
        phase = "investigation"
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "305" = { box = "interrogation_cell", suspected = true }
        "013" = { box = "ss_retirement" }
        "309" = { box = "abwehr_retirement" }
        "011" = { box = "eliminated" }
        """)
    )
    async with app.run_test(size=size) as pilot:
        await pilot.press("B")
        await pilot.pause()
        assert game(app).query_one(TabbedContent).active == "boxes"
        side = game(app).query_one("#side").region
        assert all(tab.region.right <= side.right for tab in game(app).query(Tab))  # all seen
        shown = panel(app, "#boxbox")
        sections = dict(re.findall(r"^(\w[^(\n]*?) \(\d+\)[^\n]*\n((?:  [^\n]*\n)*)", shown, re.M))
        assert sections["Interrogation Cell"] == "  Bonhoeffer (305) — suspected\n"
        assert sections["SS General Retirement"] == "  Best (013)\n"
        assert sections["Abwehr General Retirement"] == "  Trott (309)\n"
        assert "  Hanke (011)\n" in sections["Eliminated"]  # a position's unlisted units too
        assert "Allied holding box" in shown


def test_every_help_line_fits_the_80_column_help_box():
    # the box at 80x24: 96% of 80 columns, less its border and padding: 70 characters
    for text in (help_text(shared=False), help_text(shared=True), help_text(practice=True), REPLAY_HELP):
        for line in text.splitlines():
            assert len(re.sub(r"\[/?b\]", "", line)) <= 70, line


def test_the_replay_help_says_every_key_s_meaning_in_one_column():
    """The replay's keys and their meanings read as two columns, as the game's help does
    (column 19): a wider group of keys ("} {  PgDn PgUp", "arrows, hjkl, y i b n") had
    pushed its meaning out of line with the rest."""
    from rich.text import Text

    keys = [ln for ln in Text.from_markup(REPLAY_HELP).plain.splitlines() if ln.startswith("  ")]
    assert len(keys) > 15
    for line in keys:
        assert line[17:19] == "  " and line[19] != " ", line  # each meaning at column 19


def words_shown(box: Static) -> list[str]:
    """Every word a help box shows, its whole height (it scrolls), read from its lines."""
    w, h = box.size.width, box.virtual_size.height
    return " ".join(strip.text for strip in box.render_lines(Region(0, 0, w, h))).split()


@pytest.mark.asyncio
async def test_the_help_is_shown_whole_at_80x24():
    """Every word of the help, in order: a long line wraps under its own words (it was
    cut at the edge: "a menu if severa")."""
    app = app_for(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        """)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        box = app.screen.query_one(Static)
        assert words_shown(box) == Text.from_markup(help_text()).plain.split()
        assert "…" not in " ".join(words_shown(box))


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
async def test_ending_the_investigation_phase_first_shows_who_will_be_interrogated(size):
    app = app_for(
        pos("""
        phase = "investigation"
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "305" = { box = "interrogation_cell", suspected = true }
        """)
    )
    async with app.run_test(size=size) as pilot:
        s = session_of(app)
        await pilot.press("P")
        said = " ".join(panel(app, "#prompt").split())
        assert "In the Interrogation Cell: Bonhoeffer (305)" in said and "(14.0)" in said
        assert s.actions == 0  # nothing done yet
        await pilot.press("P")
        assert s.actions == 1 and s.state.step == "after_window"  # ended; the coup window


@pytest.mark.asyncio
async def test_an_empty_cell_ends_the_phase_at_once():
    app = app_for(
        pos("""
        phase = "investigation"
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        """)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("P")
        assert session_of(app).actions == 1
