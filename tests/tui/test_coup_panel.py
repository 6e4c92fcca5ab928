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
            "In Berlin's streets: SS 2 · Abwehr 2",
            "SS: Wolff, Best · Abwehr: Canaris, Dohnanyi (each party's own units, 18.71, 18.72)",
            "Bonus: SS +5 · Abwehr +3",
            "Hitler lives (2414): the Abwehr's bonus drops 2 a Coup-Turn (18.52)",
            "To win: empty the streets of the other side's units (18.71, 18.72)",
        ):
            assert said in " ".join(status.split()), (said, status)


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
