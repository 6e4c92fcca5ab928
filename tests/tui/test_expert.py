"""Playing the expert at the keyboard: it thinks in a worker process while the
screen keeps answering keys, and W says why it moved, hiding what the player may not see."""

from __future__ import annotations

import time

import attrs
import pytest

from plot_ai import make
from plot_core import Player
from plot_core.hexgrid import parse_hex
from plot_record import PlanLine, ThinkLine
from plot_session.session import Seat, Session
from plot_tui.app import PlotApp
from plot_tui.mapview import MapView
from plot_tui.screens import HelpScreen
from plot_tui.why import HIDDEN, why_text

from .helpers import game, pos, prompt, quick

H = parse_hex


# The SS (the computer) moves first in this Coup-Turn; Heydrich can reach Bonhoeffer.
COUP = """
phase = "coup_movement"
phasing = "ss"
[units]
"013" = { hex = "2410" }
"308" = { hex = "1810", suspected = true }
"001" = { hex = "2210" }
"305" = { hex = "1910", suspected = true }
[coup]
penalty = 2
bonus = 5
abwehr_bonus = 5
units = 2
turn = 1
"""


@pytest.mark.asyncio
async def test_the_screen_answers_keys_while_the_expert_thinks_and_w_says_why(rules):
    state = pos(COUP)
    session = Session(
        state, {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN}, levels={Player.SS: "expert"}
    )
    # a search long enough to press keys during it (trials: the same search every run)
    session.computers[Player.SS] = make("expert", rules, trials=2000)
    app = PlotApp(session=session, settings=quick())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = game(app)
        deadline = time.monotonic() + 120
        while not session.thinking and time.monotonic() < deadline:
            await pilot.pause(0.05)
        assert session.thinking, "the expert never started a search"
        assert "the computer is thinking" in prompt(app)
        before = screen.query_one(MapView).cursor
        await pilot.press("l")  # a key while it thinks: answered
        await pilot.pause()
        if session.thinking:
            assert screen.query_one(MapView).cursor != before
        while not session.thoughts and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert session.thoughts, "the search never came back"
        while session.state.to_act is Player.SS and time.monotonic() < deadline:
            await pilot.pause(0.1)  # it plays the plan's steps at once
        assert session.state.to_act is Player.ABWEHR
        thought = session.last_thought()
        assert thought.side is Player.SS and thought.level == "expert"
        await pilot.press("W")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = " ".join(app.screen.shown_text().split())
        assert "Why the computer (expert, SS) did what it did" in shown
        assert thought.plans[0].text in shown and "chosen" in shown
        await pilot.press("x")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


def test_a_plan_that_names_unseen_chits_is_hidden_from_the_other_side_until_the_end():
    t = ThinkLine(
        12,
        Player.ABWEHR,
        "expert",
        300,
        0.9,
        (
            PlanLine("declare the coup with 3 Führer Access chits", 0.41, 150, True),
            PlanLine("no coup now", 0.30, 100, False),
            PlanLine("[b]x[/b] \x1b[2J", 0.2, 50, False),
        ),
    )
    ss = why_text(t, Player.SS, over=False).plain
    assert "Führer Access" not in ss and ss.count(HIDDEN) == 1
    assert "no coup now" in ss and "41%" in ss and "150 trials" in ss
    assert "[b]x[/b]" in ss and "\x1b" not in ss  # text, never markup or escapes
    assert "3 Führer Access chits" in why_text(t, Player.ABWEHR, over=False).plain
    assert "3 Führer Access chits" in why_text(t, Player.SS, over=True).plain
    assert HIDDEN in why_text(t, None, over=False).plain  # a spectator, too
    assert "has not weighed a plan yet" in why_text(None, Player.SS, over=False).plain


def test_a_coup_plan_is_named_to_the_other_side_without_its_chits_and_no_chance_is_made_up():
    coup = PlanLine("declare the coup with 3 Führer Access chits", 0.41, 150, True, "", "declare the coup")
    t = ThinkLine(12, Player.ABWEHR, "expert", 150, 0.9, (coup, PlanLine("no coup now", 0.3, 0, False)))
    ss = why_text(t, Player.SS, over=False).plain
    assert "declare the coup (any chits it commits not shown)" in ss and "Führer Access" not in ss
    assert "not tried in the time it had" in ss and "0%" not in ss  # no chance from no trial
    only = ThinkLine(20, Player.SS, "expert", 0, 0.0, (PlanLine("End the phase", 0.0, 0, False),))
    said = why_text(only, Player.ABWEHR, over=False).plain
    assert "one plan only, so it tried none" in said and "End the phase" in said
    assert "0 trials" not in said and "0%" not in said
    assert "It has weighed no plan since its opponent last acted." in said
    # a forced move after weighed ones: the chance it last gave itself, and what it changes
    moved = PlanLine("Heydrich (001) to 2010", 0.62, 240, effect="Heydrich moves to 2010")
    end = PlanLine("End the phase", 0.0, 0, effect="the Abwehr moves next")
    forced = ThinkLine(21, Player.SS, "expert", 0, 0.0, (end,))
    earlier = [ThinkLine(18, Player.SS, "expert", 240, 1.1, (moved,))]
    said = why_text(forced, Player.ABWEHR, over=False, earlier=earlier).plain
    assert "what it changes: the Abwehr moves next" in said
    assert "Its last weighed plan, at action 18, expected to win 62% (240 trials)." in said


def test_w_says_why_a_plan_its_trials_rated_lower_was_chosen():
    """The search scores a plan by its trials and the rules of thumb's opinion, which
    decides between plans the trials cannot tell apart: "End the phase" can be chosen
    at 45% beside a walk at 47%. W says so there, and nowhere else."""
    end = PlanLine("End the phase", 0.45, 150, False)
    move = PlanLine("Heydrich (001) to 2010", 0.47, 150, False)

    def said(*plans: PlanLine) -> str:
        t = ThinkLine(12, Player.SS, "expert", 300, 0.9, plans)
        return " ".join(why_text(t, Player.ABWEHR, over=False).plain.split())

    assert (
        said(end, move).count(
            "It chose a plan its trials rated lower: between plans the trials cannot tell apart, "
            "the rules of thumb decide."
        )
        == 1
    )
    assert "rated lower" not in said(move, end)
    # as the percentages shown say it: 45% beside 45% is no plan rated lower
    assert "rated lower" not in said(end, PlanLine("Heydrich (001) to 2011", 0.451, 150, False))
    assert "rated lower" not in said(end, PlanLine("Heydrich (001) to 2012", 0.9, 0, False))  # untried
    # one left behind earlier, on fewer trials: not the rules of thumb's doing
    assert "rated lower" not in said(end, PlanLine("Heydrich (001) to 2013", 0.47, 75, False))


def test_the_plans_of_a_coup_say_no_count_to_the_other_side_from_the_search_itself():
    from engine.helpers import play
    from plot_ai.plans import coup_plans
    from plot_core import legal_actions

    from .test_news import COUP_WINDOW

    s = play(pos(COUP_WINDOW.format(die=1)), "end-phase")  # the Abwehr asked: coup now?
    [declare] = [p for p in coup_plans(s, legal_actions(s)) if p.private]
    assert declare.public == "declare the coup" and "chit" not in declare.public


def test_w_says_what_each_plan_changes_and_hides_it_with_a_private_plans_words():
    t = ThinkLine(
        12,
        Player.ABWEHR,
        "expert",
        1,
        0.9,
        (
            PlanLine(
                "Canaris (300) to 1713, ends its move",
                0.41,
                1,
                False,
                "Canaris (300) reaches Berlin's streets (Abwehr, 18.71-18.72)",
            ),
            PlanLine(
                "Oster (301) travels to 1714 with TR1",
                0.30,
                100,
                True,
                "Oster (301) enters Berlin; spends 1 Travel chit",
            ),
        ),
    )
    ss = why_text(t, Player.SS, over=False).plain
    assert "what it changes: Canaris (300) reaches Berlin's streets" in ss
    assert "1 trial\n" in ss and "1 trials" not in ss
    assert "Travel" not in ss and "Oster" not in ss  # the private plan, whole
    mine = why_text(t, Player.ABWEHR, over=False).plain
    assert "what it changes: Oster (301) enters Berlin; spends 1 Travel chit" in mine


def test_w_says_every_plan_of_the_computers_turn_not_only_the_last():
    """Since its opponent last acted the computer may have chosen several plans (a
    phase's units, one plan each): W says each, masked as the last one is."""
    from plot_session.session import thoughts_since_other_side

    SS, AB = Player.SS, Player.ABWEHR

    def thought(after, words, private=False, win=0.5, trials=40):
        plan = PlanLine(words, win, trials, private, "Hanke moves to 2113", "a plan")
        return ThinkLine(after, SS, "expert", trials, 0.5, (plan,))

    thoughts = [
        thought(2, "Heydrich to 2110"),
        thought(5, "Hanke to 2113"),
        thought(6, "travel with TR1", True),
    ]
    actors = [SS, SS, AB, SS, SS, SS]
    assert [t.after for t in thoughts_since_other_side(thoughts, actors, 6)] == [5, 6]
    assert [t.after for t in thoughts_since_other_side(thoughts, actors, 2)] == [2]  # a replay there
    assert thoughts_since_other_side([], actors, 6) == []
    run = thoughts_since_other_side(thoughts, actors, 6)
    said = why_text(run[-1], AB, over=False, earlier=run[:-1]).plain
    assert "Its plans before the last, since its opponent last acted:" in said
    assert "at action 5: Hanke to 2113 — Hanke moves to 2113 (wins 50%)" in said
    assert "TR1" not in said  # the last plan names the SS's own chit: masked for the Abwehr
    untried = thought(5, "End the phase", trials=0)
    line = next(
        x for x in why_text(run[-1], SS, over=False, earlier=[untried]).plain.splitlines() if "action 5" in x
    )
    assert "End the phase" in line and "wins" not in line  # no chance from no trial


def test_w_says_what_the_chosen_plan_feared_and_hides_it_with_a_private_plans_words():
    fear = "the next die coming up 6 (then it wins 31%; 65% on a 1)"
    public = PlanLine("Heydrich (001) to 2010, harass Bonhoeffer (305)", 0.55, 36, False, "", "", fear)
    t = ThinkLine(
        12, Player.SS, "expert", 36, 0.9, (public, PlanLine("End the phase", 0.3, 30, False, "", "", "x"))
    )
    for viewer in (Player.SS, Player.ABWEHR, None):
        said = why_text(t, viewer, over=False).plain
        assert f"what it feared: {fear}" in said and "what it feared: x" not in said  # the chosen plan's
    private = attrs.evolve(public, text="Oster (301) travels to 1714 with TR1", private=True, feared=fear)
    hidden = attrs.evolve(t, plans=(private, *t.plans[1:]))
    assert "what it feared" not in why_text(hidden, Player.ABWEHR, over=False).plain
    assert f"what it feared: {fear}" in why_text(hidden, Player.SS, over=False).plain
    assert f"what it feared: {fear}" in why_text(hidden, Player.ABWEHR, over=True).plain
