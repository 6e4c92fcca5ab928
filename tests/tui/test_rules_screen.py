"""The rules at one key: C lists every case, those cited on screen first."""

from __future__ import annotations

import pytest

from plot_core import load_rules
from plot_core.hexgrid import parse_hex
from plot_tui.rules_screen import RulesScreen, cited, matches

from .helpers import app_for, cursor_to, game, pos, prompt
from .test_play import DUEL

pytestmark = pytest.mark.asyncio

H = parse_hex
SIZES = [(80, 24), (160, 50)]


def listed(app) -> list[str]:
    return app.screen.shown


def case_shown(app) -> str:
    return " ".join(str(app.screen.query_one("#case-text").render()).split())


@pytest.mark.parametrize("size", SIZES)
async def test_c_after_a_refusal_opens_the_case_it_cited(size):
    rules = load_rules()
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=size) as pilot:
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter", "b", "l", "enter")  # into Bonhoeffer's zone: 11.32
        assert "(11.32)" in prompt(app)
        await pilot.press("C")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert listed(app)[0] == "11.32"
        assert rules.cases["11.32"].says in case_shown(app)
        assert len(listed(app)) == len(rules.cases.cases)  # and every other case
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game(app)


async def test_the_filter_takes_a_number_or_words_and_shows_our_reading():
    rules = load_rules()
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("C")
        await pilot.pause()
        await pilot.press(*"10.34")
        await pilot.pause()
        assert listed(app) == ["10.34"]
        assert rules.cases["10.34"].says in case_shown(app)
        for _ in "10.34":
            await pilot.press("backspace")
        await pilot.press(*"walkyrie table")
        await pilot.pause()
        assert "18.8" in listed(app)
        await pilot.press("down")  # arrows move through what is listed
        await pilot.pause()
        i = app.screen.query_one("#rules-list").highlighted
        number = listed(app)[i]
        assert rules.cases[number].title in case_shown(app)
        for _ in "walkyrie table":
            await pilot.press("backspace")
        await pilot.press(*"18.8")
        await pilot.pause()
        assert "Our reading: Totals above 14 read as 14." in case_shown(app)


async def test_the_odds_panel_case_comes_first_when_the_cursor_is_on_a_target():
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=(160, 50)) as pilot:
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter")
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("C")
        await pilot.pause()
        assert listed(app)[0] == "10.71"


async def test_numbers_that_are_no_case_are_not_cited_and_a_prefix_finds_the_family():
    cases = load_rules().cases
    assert cited("die 6: Ae (10.72); 7 of 7 MP; 99.9; 2010", cases) == ["10.72"]
    assert matches(cases["10.34"], "10.3") and not matches(cases["10.41"], "10.3")
    assert matches(cases["12.53"], "RECRUITMENT")
    from plot_tui.rules_screen import reading_order

    assert sorted(["3.4", "3.21", "3.2", "10.11", "10.2", "10.0"], key=reading_order) == [
        "3.2",
        "3.21",
        "3.4",
        "10.0",
        "10.11",
        "10.2",
    ]


async def test_a_click_on_a_case_number_in_the_prompt_opens_it():
    rules = load_rules()
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=(160, 50)) as pilot:
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter", "b", "l", "enter")  # a refusal citing 11.32
        line = game(app).query_one("#prompt")
        text = line.render()
        at = text.plain.index("11.32")
        spans = [s for s in text.spans if s.start <= at < s.end and "@click" in str(s.style)]
        assert spans, "the case number is not a link"
        # where it is drawn (the line wraps): read the widget's own lines
        drawn = [line.render_line(y).text for y in range(line.size.height)]
        row = next(y for y, strip in enumerate(drawn) if "11.32" in strip)
        # the widget's region adds its padding (1 column) and its top border (1 row)
        await pilot.click("#prompt", offset=(drawn[row].index("11.32") + 2, row + 1))
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and listed(app)[0] == "11.32"
        assert rules.cases["11.32"].says in case_shown(app)
