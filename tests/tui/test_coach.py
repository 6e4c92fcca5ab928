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
from plot_tui.learn import CoachedGameScreen, GuidedGameCard, LessonList
from plot_tui.screens import ConfirmScreen, NewGameScreen

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


async def guided_card(pilot, app, last: int) -> None:
    """From the lesson list, the card of a guided game: ``last`` 1 the SS's, 2 the Abwehr's."""
    await until(pilot, lambda: isinstance(app.screen, LessonList), "the lessons")
    box = app.screen.query_one("OptionList")
    box.highlighted = box.option_count - last
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, GuidedGameCard), "what a guided game is")


@pytest.mark.asyncio
async def test_a_guided_game_from_the_lesson_list_with_the_coach_silenced_and_back():
    app = PlotApp(RULES, settings=quick(), learn=True, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await guided_card(pilot, app, 2)  # a whole game as the Abwehr
        assert "saved like any game" in str(app.screen.query_one("Static").render())
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, CoachedGameScreen), "the game")
        screen = app.screen
        await until(pilot, lambda: screen.controller.my_move(), "the Abwehr's first decision")
        assert "Coach (K: off): " in prompt(app)
        # 80x24, a coach and where the game is saved: the roll that made this decision
        # is still said whole, never the pointer to the log alone
        shown = prompt(app)
        assert "Assignment Table: dice" in shown and "(7.0)" in shown.splitlines()[-1]
        await pilot.press("K")
        assert "Coach" not in prompt(app) and "K brings him back" in prompt(app)
        screen.act(screen.controller.legal()[0])  # the game goes on
        await pilot.pause()
        assert screen.controller.table.session.actions >= 1
        await pilot.press("K")
        assert "Coach (K: off)" in prompt(app)


@pytest.mark.asyncio
async def test_a_guided_game_from_the_list_is_begun_from_its_card_and_q_goes_back_to_the_list(tmp_path):
    app = PlotApp(RULES, settings=quick(), learn=True, seed=11, records=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await guided_card(pilot, app, 1)  # a whole game as the SS
        await pilot.press("escape")  # no game begun, none saved
        await guided_card(pilot, app, 1)
        assert not list(tmp_path.iterdir())
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, CoachedGameScreen), "the game")
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "quit, asked")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, LessonList), "back to the lessons, not out")
        assert app.is_running and len(list(tmp_path.iterdir())) == 1  # the game is kept
        # at a guided game's end, n (a new game) opens the new-game screen, as after any game
        await guided_card(pilot, app, 1)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, CoachedGameScreen), "a second game")
        app.screen.dismiss("new")  # (what the game-over screen's n asks of the game's screen)
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")


@pytest.mark.asyncio
async def test_a_guided_game_resumed_has_its_coach_again(tmp_path):
    """The record says the game is a guided one, so `plot resume` (and the plain door)
    bring the coach's line back with it."""
    import io

    from plot_record import Recorder, load_record
    from plot_session.session import Session, new_session, seats_for
    from plot_tui.line_mode import play_lines

    path = tmp_path / "guided.plot.jsonl"
    first = new_session(RULES, seats_for(side=Player.ABWEHR), seed=11, path=path, coached=True)
    while not first.my_move():
        first.computer_step()
    first.act(first.legal()[0])
    record = load_record(path, RULES)
    assert record.header.coached
    app = PlotApp(RULES, session=Session.resume(record, Recorder(path)), settings=quick())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CoachedGameScreen), "the guided game")
        assert "a guided game as the Abwehr" in app.sub_title  # not "against the computer"
        screen = app.screen
        await until(pilot, lambda: screen.controller.my_move(), "the Abwehr's next decision")
        assert "Coach (K: off): " in prompt(app)
    out = io.StringIO()
    play_lines(Session.resume(load_record(path, RULES)), io.StringIO("quit\n"), out)
    assert "Coach: " in out.getvalue()
    # a game not guided stays without the coach
    plain = tmp_path / "plain.plot.jsonl"
    new_session(RULES, seats_for(side=Player.ABWEHR), seed=11, path=plain)
    assert not load_record(plain, RULES).header.coached
    out = io.StringIO()
    play_lines(Session.resume(load_record(plain, RULES)), io.StringIO("quit\n"), out)
    assert "Coach: " not in out.getvalue()
