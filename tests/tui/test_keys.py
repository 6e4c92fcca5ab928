"""Keys that stay under the finger: rolling, declining and ending have one
letter each at every moment, numbered choices keep their numbers while a decision lasts,
and a key that does nothing says why, with its case. At 80x24 and 160x50."""

from __future__ import annotations

import pytest

from plot_core.hexgrid import parse_hex as H
from plot_core.parties import Player

from .helpers import app_for, cursor_to, game, pos, prompt, session_of

pytestmark = pytest.mark.asyncio
SIZES = [(80, 24), (160, 50)]

RECRUITING = """
    phase = "recruitment"
    phasing = "ss"
    dice = [1]
    [units]
    "101" = { hex = "2210", controller = "none" }
    "013" = { hex = "2110" }
    "011" = { hex = "2310" }
    "012" = { hex = "2209" }
    """


def flat(app) -> str:
    return " ".join(prompt(app).split())


@pytest.mark.parametrize("size", SIZES)
async def test_recruiters_keep_their_numbers_and_roll_and_call_off_keep_their_letters(size):
    app = app_for(pos(RECRUITING))
    async with app.run_test(size=size) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")  # recruit Bormann
        said = flat(app)
        assert "3 Add Best (013) to the attempt" in said
        assert "d Call the attempt off" in said and " r " not in f" {said} "
        await pilot.press("3")  # Best joins: 3 against 7
        assert s.state.pending[-1].units == ("013",)
        after = flat(app)  # the others keep theirs
        assert "1 Add Hanke (011)" in after and "2 Add Frank (012)" in after
        assert "3 Add" not in after
        await pilot.press("r")  # -4: refused, and why
        assert "12.53" in flat(app) and s.state.pending  # nothing rolled
        await pilot.press("3")  # taken: no longer a choice
        assert "There is no choice 3 now" in flat(app)
        await pilot.press("2", "1")
        assert "r Roll the die" in flat(app)
        await pilot.press("r")
        assert s.state.unit("101").controller is Player.SS


@pytest.mark.parametrize("size", SIZES)
async def test_a_lone_recruiter_below_plus_one_is_told_why_it_cannot_roll(size):
    app = app_for(
        pos("""
        phase = "recruitment"
        phasing = "abwehr"
        [units]
        "101" = { hex = "2210", controller = "none" }
        "309" = { hex = "2110" }
        [chits]
        abwehr = ["L101"]
        """)
    )
    async with app.run_test(size=size) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter", "1")  # Bormann, with Hanke alone
        assert s.state.pending[-1].units == ("309",)
        await pilot.press("r")
        said = flat(app)
        assert "Roll: not now: the differential is -5" in said and "(12.53)" in said


COUP = """
    turn = 3
    phase = "recruitment"
    phasing = "abwehr"
    [units]
    "000" = {{ hex = "2410" }}
    "300" = {{ hex = "1810" }}
    [chits]
    abwehr = [{chits}]
    """


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("chits", ['"FA1", "FA2"', ""])
async def test_the_coup_question_has_the_same_letters_with_chits_or_without(size, chits):
    app = app_for(pos(COUP.format(chits=chits)))
    async with app.run_test(size=size) as pilot:
        s = session_of(app)
        await pilot.press("P")
        said = flat(app)
        assert "d No coup now" in said and "r Roll on the Walkyrie Table" in said
        assert ("1 Commit Führer Access chit FA1" in said) == bool(chits)
        await pilot.press("d")  # habit: the same key
        assert s.state.coup is None and not (s.state.pending and s.state.pending[-1].kind == "coup")


@pytest.mark.parametrize("size", SIZES)
async def test_ending_a_move_is_e_and_a_refused_key_names_the_rule(size):
    app = app_for(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        """)
    )
    async with app.run_test(size=size) as pilot:
        s = session_of(app)
        await pilot.press("e")  # no unit is moving
        assert "End the move" in flat(app) and s.state.active is None
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter")
        assert "e End Schellenberg (002)'s move" in flat(app)
        await pilot.press("r")
        assert "Nothing to roll now" in flat(app) or "Roll: not now" in flat(app)
        await pilot.press("e")
        assert s.state.active is None


@pytest.mark.parametrize("size", SIZES)
async def test_against_the_computer_d_shift_skips_the_coup_question_for_the_game_turn(size):
    state = pos(COUP.format(chits='"FA1"'))
    # at 80x24 with asking before rolls on: D's answers are never asked again
    app = app_for(state, human=Player.ABWEHR, asks=size == (80, 24))
    async with app.run_test(size=size) as pilot:
        s = session_of(app)
        game(app).controller.table.pace = 0.0
        await pilot.press("P")
        assert "D No coup this Game-Turn" in flat(app)
        await pilot.press("D")
        asked = 0
        for _ in range(400):  # play on to the next Game-Turn
            await pilot.pause(0.02)
            v = s.state
            if v.turn > 3:
                break
            if s.my_move() and v.pending and v.pending[-1].kind == "coup":
                asked += 1
                break
            if s.my_move():
                await pilot.press(*(["P"] if "P End the phase" in flat(app) else ["d"]))
        assert asked == 0 and s.state.turn == 4
        assert (
            sum(1 for ln in s.log if ln.action is not None and ln.event.text == "No coup now") >= 2
        )  # each one answered, and logged


async def test_between_two_players_the_abwehr_too_may_skip_the_question_for_the_game_turn():
    app = app_for(pos(COUP.format(chits="")))  # hot-seat
    async with app.run_test(size=(80, 24)) as pilot:
        s = session_of(app)
        await pilot.press("P")
        await pilot.pause()
        assert "D No coup this Game-Turn" in flat(app)
        await pilot.press("D")
        await pilot.pause()
        assert not (s.state.pending and s.state.pending[-1].kind == "coup")
        assert any(ln.action is not None and ln.event.text == "No coup now" for ln in s.log)


def choice_cell(app, key: str) -> tuple[int, int]:
    """Where on the screen the prompt draws choice ``key``: found by what is drawn
    there (the cell's own mark), as a mouse would find it."""
    pane = game(app).prompt_pane
    region = pane.content_region
    for y in range(region.y, region.bottom):
        for x in range(region.x, region.right):
            if app.screen.get_style_at(x, y).meta.get("choice") == key:
                return x, y
    raise AssertionError(f"choice {key} is not drawn: {prompt(app)!r}")


async def test_a_click_on_a_choice_does_what_its_key_does():
    app = app_for(pos(RECRUITING))
    async with app.run_test(size=(160, 50)) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")  # recruit Bormann: the others are numbered choices
        assert "3 Add Best (013) to the attempt" in flat(app)
        await pilot.click(offset=choice_cell(app, "3"))
        await pilot.pause()
        assert s.state.pending[-1].units == ("013",)  # as the key 3 would
        await pilot.click(offset=choice_cell(app, "d"))  # call the attempt off
        await pilot.pause()
        assert not s.state.pending and s.state.unit("101").controller is None
        from plot_core.engine.state import DecisionKind

        await pilot.click(offset=choice_cell(app, "P"))  # a capital letter's key too
        await pilot.pause()
        # the phase ended, as P ends it: the Abwehr is asked about the coup (18.11)
        assert s.state.pending and s.state.pending[-1].kind == DecisionKind.COUP
