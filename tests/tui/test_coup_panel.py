"""The coup at a glance: who stands in Berlin's streets (what wins it, 18.71, 18.72), both
bonuses, the Coup-Turn, Hitler, and what each side needs; a change in the streets said on
the message line; the end saying who won."""

from __future__ import annotations

import pytest

from plot_core import Player
from plot_core.hexgrid import parse_hex

from .helpers import act_on, app_for, panel, pos, prompt, session_of

pytestmark = pytest.mark.asyncio
H = parse_hex

# Coup-Turn 2, the Abwehr to move: Canaris (9) next to Best (013, defence 4) in the streets;
# Wolff (007) keeps the SS in the streets; Hitler alive in Führer HQ.
COUP = """
phase = "coup_movement"
phasing = "abwehr"
dice = [{die}]
[units]
"100" = {{ hex = "2414" }}
"300" = {{ hex = "2110", suspected = true }}
"301" = {{ hex = "1810", suspected = true }}
"013" = {{ hex = "2210" }}
{more}
[coup]
penalty = 2
bonus = 5
abwehr_bonus = 3
units = 2
turn = 2
"""


async def test_the_status_panel_says_the_coup_at_a_glance():
    # Quirnheim (OKW), recruited by the Abwehr, stands in the streets too: not counted
    more = '"007" = { hex = "2510" }\n"417" = { hex = "2310", controller = "abwehr" }'
    app = app_for(pos(COUP.format(die=1, more=more)), human=Player.ABWEHR)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        status = panel(app, "#status")
        for said in (
            "Game-Turn 1 · the coup",
            "Coup-Turn 2 of 6 · harassing costs 2 MP",
            "In Berlin's streets: SS 2 · Abwehr 2 (who: B)",
            "Bonus: SS +5 · Abwehr +3",
            "Hitler lives (2414): the Abwehr's bonus drops 2 a Coup-Turn (18.52)",
            "To win: empty the streets of the other side's units (18.71, 18.72)",
        ):
            assert said in " ".join(status.split()), (said, status)


async def test_on_a_24_row_terminal_the_coup_leaves_the_tabs_room_and_the_boxes_tab_names_the_streets():
    """The names of a full coup's units in the status panel pushed the tabs off an 80x24
    terminal: w showed no chits. Who stands in the streets is said in the Boxes tab."""
    from leakhunt import terminal_text

    # a crowded coup, as a game's usually is: every SS and Abwehr unit in the streets
    ids = [f"{n:03}" for n in (*range(0, 13), 14, 15, *range(302, 311))]
    streets = ["1313", "1314", "1315", "1412", "1413", "1414", "1415", "1416", "1509", "1511"]
    streets += ["1512", "1514", "1515", "1516", "1517", "1519", "1607", "1608", "1609", "1610"]
    streets += ["1611", "1612", "1614", "1615"]
    more = "\n".join(f'"{u}" = {{ hex = "{h}" }}' for u, h in zip(ids, streets, strict=True))
    app = app_for(pos(COUP.format(die=1, more=more)), human=Player.ABWEHR)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        own = session_of(app).state.chits_of("abwehr")
        assert f"Your chits ({len(own)})" in terminal_text(app)
        await pilot.press("B")
        await pilot.pause()
        boxes = " ".join(panel(app, "#boxbox").split())
        assert "SS units in Berlin's streets (16) 18.71, 18.72 Himmler (000)" in boxes, boxes
        assert "Abwehr units in Berlin's streets (11) 18.71, 18.72 Canaris (300)" in boxes, boxes
        assert "Best (013)" in boxes and "Hansen (310)" in boxes


async def test_a_change_in_the_streets_is_said_and_the_end_says_who_won():
    app = app_for(pos(COUP.format(die=1, more='"007" = { hex = "2510" }')))
    async with app.run_test(size=(100, 40)) as pilot:
        s = session_of(app)
        await act_on(pilot, app, H("2110"), H("2210"))  # Canaris harasses Best: De
        assert s.state.unit("013").hex is None
        assert "Units in Berlin's streets now: SS 1 (was 2), Abwehr 2" in prompt(app)
    # the last SS unit goes: the Abwehr wins at once (18.71)
    app = app_for(pos(COUP.format(die=1, more="")))
    async with app.run_test(size=(100, 40)) as pilot:
        s = session_of(app)
        await act_on(pilot, app, H("2110"), H("2210"))
        await pilot.pause()
        assert s.state.outcome is not None and s.state.outcome.winner == "abwehr"
        await pilot.press("b")  # from the result, the board
        await pilot.pause()
        status = " ".join(panel(app, "#status").split())
        assert "Game over: the Abwehr player wins (18.71)" in status
        assert "the coup" in status
