"""The guided first game: a real game against the easy computer with the coach's line
under the prompt, which K silences and brings back while the game goes on."""

from __future__ import annotations

import pytest

from plot_core import Player, apply, legal_actions, load_rules, new_game, view
from plot_core.engine.pending import DecisionKind
from plot_core.engine.position import load_position
from plot_core.engine.state import Phase
from plot_session.coach import DECISION_ADVICE, PHASE_ADVICE, coach_line, where
from plot_tui.app import PlotApp
from plot_tui.learn import CoachedGameScreen, LessonList

from .helpers import prompt, quick, until

RULES = load_rules()


def test_the_coach_has_words_for_every_phase_for_each_side_and_every_decision():
    assert set(PHASE_ADVICE) == {(ph, p) for ph in Phase for p in Player}
    assert set(DECISION_ADVICE) == set(DecisionKind)


def test_the_coach_says_where_the_game_stands_in_the_game_turn():
    s = load_position('turn = 3\nphase = "recruitment"\nphasing = "abwehr"')
    assert where(view(s, Player.ABWEHR)) == (
        "Game-Turn 3, the Abwehr's Recruitment (then Status Adjustment; then the SS's player turn)"
    )
    s = load_position('turn = 3\nphase = "status"\nphasing = "ss"')
    assert where(view(s, Player.SS)) == "Game-Turn 3, the SS's Status Adjustment (then the next Game-Turn)"


def test_the_coach_speaks_to_the_decision_in_hand_and_waits_while_the_other_side_plays():
    s = new_game(7)
    while not s.pending or s.to_act is not Player.ABWEHR:
        s = apply(s, legal_actions(s)[0])
    kind = s.pending[-1].kind
    assert DECISION_ADVICE[kind] in coach_line(view(s, Player.ABWEHR))
    assert "The other side is playing" in coach_line(view(s, Player.SS))


@pytest.mark.asyncio
async def test_a_guided_game_from_the_lesson_list_with_the_coach_silenced_and_back():
    app = PlotApp(RULES, settings=quick(), learn=True, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LessonList), "the lessons")
        box = app.screen.query_one("OptionList")
        box.highlighted = box.option_count - 2  # a whole game as the Abwehr
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, CoachedGameScreen), "the game")
        screen = app.screen
        await until(pilot, lambda: screen.controller.my_move(), "the Abwehr's first decision")
        assert "Coach (K: off): " in prompt(app)
        await pilot.press("K")
        assert "Coach" not in prompt(app) and "K brings him back" in prompt(app)
        screen.act(screen.controller.legal()[0])  # the game goes on
        await pilot.pause()
        assert screen.controller.table.session.actions >= 1
        await pilot.press("K")
        assert "Coach (K: off)" in prompt(app)
