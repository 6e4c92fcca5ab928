"""The odds before a roll on screen: the panel under the map shows what
plot_core.engine.odds works out, and a roll or a spent chit is said before it is done."""

from __future__ import annotations

import pytest

from plot_core.hexgrid import parse_hex
from plot_session.settings import SettingsFile

from .helpers import THREE_RECRUITERS, app_for, cursor_to, game, pos, prompt, session_of
from .test_play import DUEL

pytestmark = pytest.mark.asyncio

H = parse_hex


def odds_shown(app) -> str:
    o = game(app).query_one("#odds")
    return " ".join(str(o.render()).split()) if o.display else ""


@pytest.mark.parametrize("size", [(80, 24)])
async def test_the_cursor_on_a_target_shows_the_arithmetic_and_the_chances(size):
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=size) as pilot:
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter")  # Schellenberg moves
        assert odds_shown(app) == ""  # the cursor is on no target
        await cursor_to(pilot, app, H("2210"))
        shown = odds_shown(app)
        assert "Schellenberg harasses Bonhoeffer" in shown and "10.71" in shown
        assert "Schellenberg 8 - Bonhoeffer 3 = +5" in shown
        assert "column +5: M 17% · N 33% · Dr 33% · Ar 17%" in shown
        await cursor_to(pilot, app, H("2010"))
        assert odds_shown(app) == ""


@pytest.mark.parametrize("size", [(160, 50)])
async def test_the_first_enter_says_what_the_roll_will_read_and_the_second_rolls(size):
    app = app_for(pos(DUEL.format(die=1)), asks=True)
    async with app.run_test(size=size) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter")  # activating rolls nothing: at once
        assert s.state.active == "002"
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")
        said = " ".join(prompt(app).split())
        assert s.actions == 1 and "rolls on the Harassment Table column +5" in said
        assert said.count("Press again to go ahead") == 1
        await pilot.press("enter")  # the same again: it rolls (die 1: Dr)
        assert s.actions == 2 and s.state.pending[-1].kind == "retreat"


async def test_a_key_between_the_asking_and_the_same_again_calls_the_roll_off():
    """The roll is made only by the very next key asking for it again: a mistyped key
    between, whose answer replaced the words the roll was said in, calls it off, and
    the same again is asked about anew."""
    app = app_for(pos(DUEL.format(die=1)), asks=True)
    async with app.run_test(size=(160, 50)) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter")  # Schellenberg moves
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")  # harass Bonhoeffer: asked first
        assert s.actions == 1 and "Press again to go ahead" in prompt(app)
        await pilot.press("7")  # a key meant for something else
        assert "There is no choice 7 now" in prompt(app) and "Press again" not in prompt(app)
        await pilot.press("enter")  # asked again, not rolled
        assert s.actions == 1 and "Press again to go ahead" in prompt(app)
        await pilot.press("enter")  # the very next key: it rolls (die 1: Dr)
        assert s.actions == 2 and s.state.pending[-1].kind == "retreat"


async def test_o_turns_the_asking_off_and_says_so():
    app = app_for(pos(DUEL.format(die=1)), asks=True)
    async with app.run_test(size=(80, 24)) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter", "O")
        assert "now go ahead at once" in prompt(app)
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")
        assert s.actions == 2  # rolled on the first Enter


async def test_a_travel_says_which_chit_it_spends_first():
    app = app_for(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2711" }
        "308" = { hex = "1810", suspected = true }
        [chits]
        ss = ["TR1", "TR2"]
        """),
        asks=True,
    )
    async with app.run_test(size=(160, 50)) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2711"))
        await pilot.press("enter")
        before = s.actions
        await cursor_to(pilot, app, H("0412"))
        await pilot.press("enter")
        assert s.actions == before and "spends TR1" in prompt(app)
        await pilot.press("enter")
        assert s.actions == before + 1 and s.state.unit("002").hex == H("0412")


async def test_the_setting_is_kept_in_a_file_and_a_bad_file_is_named_not_fatal(tmp_path):
    from plot_session.settings import Settings

    path = tmp_path / "plot" / "settings.json"
    assert SettingsFile(path).settings.ask_before_rolling  # asks by default
    assert SettingsFile(path).save(Settings(ask_before_rolling=False)) == ""
    assert not SettingsFile(path).settings.ask_before_rolling  # read back next time
    path.write_text('{"ask_before_rolling": "sometimes"}')
    f = SettingsFile(path)
    assert f.settings.ask_before_rolling and str(path) in f.problem
    assert "expected true or false" in f.problem


async def test_at_80x24_the_odds_keep_what_the_roll_brings_about_whole():
    """Three Abwehr recruiters: at 80x24 the pane cannot hold everything; what a success
    brings about (12.73: the recruiters fall under suspicion) is said whole, before the
    arithmetic, and no sentence or result is cut ("fall under" with no "suspicion")."""
    from rich.console import Console
    from textual.geometry import Region

    from plot_core.engine import Odds
    from plot_tui.odds_view import odds_text

    app = app_for(pos(THREE_RECRUITERS))
    async with app.run_test(size=(80, 24)) as pilot:
        await cursor_to(pilot, app, H("2210"))
        await pilot.pause()
        pane = game(app).query_one("#odds")
        w, h = pane.outer_size
        drawn = " ".join(" ".join(s.text for s in pane.render_lines(Region(0, 0, w, h))).split())
        assert drawn.endswith("On R or Sr, Canaris, Dohnanyi and Gisevius fall under suspicion (12.73)."), (
            drawn
        )
        assert "column +7: R 100%" in drawn
    # a long row of results breaks between them, never between a result and its share
    faces = (("R", 1), ("Sr", 1), ("Ar", 2), ("Ep", 2))
    o = Odds("Oster tries to recruit Beck", "12.9", "Recruitment Table", (), "+1", "+1", faces)
    lines = [ln.plain for ln in odds_text(o, width=30).wrap(Console(), 30)]
    assert all(not ln.rstrip().endswith(("R", "Sr", "Ar", "Ep")) for ln in lines), lines
    assert "Ep 33%" in " ".join(lines)
    # what the roll brings about (Goerdeler's suspicion, 12.73, 12.74) is kept where the
    # other note gives way
    risk = "On R or Sr, Goerdeler falls under suspicion (12.73, 12.74)."
    notes = ("Above +7 the +7 column is read (12.54).",)
    o = Odds(
        "Goerdeler tries to recruit Beck",
        "12.9",
        "Recruitment Table",
        (),
        "+9",
        "+7",
        faces,
        notes,
        brings=(risk,),
    )
    shown = " ".join(odds_text(o, width=60, lines=3).plain.split())
    assert shown.endswith(risk) and "12.54" not in shown, shown


async def test_t_opens_the_tables_at_the_table_the_roll_in_play_reads():
    """With a recruitment's odds under the map, t shows the Recruitment Table (it opened
    on whichever was last shown: six presses away); t again goes on to the next."""
    from plot_tui.panels import TablesPanel

    from .test_tables_panel import shown

    app = app_for(
        pos("""
        phase = "recruitment"
        phasing = "abwehr"
        [units]
        "401" = { hex = "2210", controller = "none" }
        "301" = { hex = "2110" }
        """)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("t")
        await pilot.pause()
        tables = game(app).query_one(TablesPanel)
        assert tables.name_ == "recruitment" and "Recruitment Table" in shown(tables)
        await pilot.press("t")
        await pilot.pause()
        assert tables.name_ == "investigation"


async def test_at_the_coups_window_the_odds_are_those_of_every_chit_held():
    # the coup a player weighs is made with every Führer Access chit (each adds one to
    # the roll, 18.13); committed one at a time, the odds count them all and say so
    from plot_core import Action, Player, Verb, apply

    window = apply(
        pos(
            'turn = 4\nphasing = "ss"\nphase = "status"\n[units]\n"000" = { hex = "2410" }\n'
            '"300" = { hex = "1810" }\n[chits]\nabwehr = ["FA1", "FA2"]\n'
        ),
        Action(Verb.END_PHASE),
    )
    app = app_for(window, human=Player.ABWEHR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = " ".join(odds_shown(app).split())
        assert "The Walkyrie roll with FA1 and FA2" in shown and "die + Führer Access chits 2" in shown
        assert "the coup fails 50%" in shown


@pytest.mark.parametrize("size", [(160, 50)])
async def test_with_room_the_odds_say_what_each_result_they_show_means(size):
    """The odds' results are the table's codes (Dr, 3/5/2); where the panel has room,
    a line under the chances says what each of them means, from the table itself."""
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=size) as pilot:
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter")  # Schellenberg moves
        await cursor_to(pilot, app, H("2210"))
        shown = odds_shown(app)
        assert "column +5: M 17% · N 33% · Dr 33% · Ar 17%" in shown
        assert "M: masked · N: neutralized · Dr: defender retreats · Ar: attacker retreats" in shown, shown
