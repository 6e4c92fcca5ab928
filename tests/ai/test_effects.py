"""What a plan changes, in words (beside the expert's figures under W): played on the
position up to the plan's first roll, in the facts the game is won by (18.71-18.74)."""

from __future__ import annotations

from engine.helpers import play, pos
from plot_ai.effects import effect
from plot_ai.plans import plans
from plot_core import legal_actions, parse_action

from .test_expert import HEYDRICH_NEAR_BONHOEFFER, coup


def acts(*texts: str):
    return tuple(parse_action(t) for t in texts)


def test_a_move_out_of_berlins_streets_is_said_with_the_case_it_touches():
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    said = effect(s, acts("activate 013", "move 2510", "move 2610", "move 2611", "end"))
    assert said == "Best (013) leaves Berlin's streets (SS, 18.71-18.72)"


def test_a_plan_that_ends_in_a_roll_says_the_rolls_odds_and_nothing_after_it():
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    said = effect(s, acts("activate 001", "move 2110", "move 2010", "harass 305"))
    assert said.startswith("then Heydrich harasses Bonhoeffer: ")
    assert "De 50%" in said  # the Coup Harassment Table's odds


def test_a_travel_into_a_berlin_hq_spends_its_chit_and_enters_berlin():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "0412" }
        [chits]
        ss = ["TR1"]
        """)
    said = effect(s, acts("activate 002", "travel 2611 TR1", "end"))
    assert said == "Schellenberg (002) enters Berlin; spends 1 Travel chit"


def test_staying_put_changes_nothing():
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    assert effect(s, acts("activate 001", "end")) == ""


def test_every_plan_the_expert_may_weigh_gets_words_without_a_roll_foreseen():
    """The words never name a die's result: a plan is played only up to its first roll."""
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    for p in plans(s, legal_actions(s)):
        said = effect(s, p.actions)
        assert "die" not in said and " rolls " not in said, (p.text, said)


def test_the_facts_are_the_ones_the_side_may_see():
    """The state handed in is the expert's own drawn one; what changes is the side's own
    units and the public board, never the other side's hand."""
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "0412" }
        [chits]
        ss = ["TR1"]
        abwehr = ["TR2", "FA1"]
        """)
    )
    said = effect(s, acts("activate 002", "travel 2611 TR1", "end"))
    assert "TR2" not in said and "Führer Access" not in said
