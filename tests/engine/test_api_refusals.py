"""The front door's own refusals (api.apply), word for word: what a player is told when
an action does not fit the moment at all, before any rule of the phase is asked."""

from __future__ import annotations

import pytest

from plot_core.engine.api import new_game, outcome
from plot_core.engine.state import Phase, evolve

from .helpers import illegal, play, pos
from .test_coup import coup_pos
from .test_harassment import duel

MOVING = 'phasing = "abwehr"\n[units]\n"301" = { hex = "2110", suspected = true }'


def said(state, action: str, case: str) -> str:
    return str(illegal(state, action, case))


def test_18_7_nothing_after_the_game_is_over():
    s = play(
        coup_pos(
            """"002" = { hex = "2110" }
        "305" = { hex = "2210", suspected = true }
        "301" = { hex = "1714", suspected = true }""",
            phasing="ss",
            dice="1",
            extra_units='"013" = { hex = "2410" }',
        ),
        "activate 002",
        "harass 305",
    )
    assert outcome(s).winner == "ss" and outcome(pos(MOVING)) is None
    assert said(s, "end", "18.7") == "the game is over (18.7)"


def test_18_61_chits_are_laid_on_units_only_in_the_coup():
    assert (
        said(pos(MOVING), "pin 002", "18.61")
        == "Loyalty chits are laid on units only during the coup (18.61)"
    )


def test_18_64_and_12_75_only_the_ss_reveals_loyalty_chits():
    s = coup_pos(
        '"401" = { hex = "2110", controller = "abwehr", recruited = false, semi = true }', phasing="abwehr"
    )
    assert said(s, "expose 401", "18.64") == "only the SS reveals semi-recruited units' chits (18.64)"
    for s in (pos(MOVING), new_game(1, setup="choose")):  # the Abwehr's move; set-up
        assert (
            said(s, "expose 301", "12.75")
            == "only the SS reveals Abwehr Loyalty chits, when it is his move (12.75)"
        )


def test_a_pending_decision_takes_only_its_answers():
    s = play(duel(1), "harass 305")  # Dr: the Abwehr retreats
    assert said(s, "end", "10.65") == "waiting for Abwehr to choose where the unit retreats (10.65)"


def test_5_2_and_4_3_a_verb_out_of_its_phase():
    s = pos(MOVING)
    assert said(s, "retreat 2210", "5.2") == "nothing is waiting for 'retreat' now (5.2)"
    # "no-coup" is typed for no-reveal at a coup (18.11): refused in the words typed too
    assert said(s, "no-coup", "5.2") == "nothing is waiting for 'no-coup' or 'no-reveal' now (5.2)"
    assert said(s, "recruit 301", "5.2") == "'recruit' is not possible in the movement phase (5.2)"
    assert said(s, "clear 301", "5.2") == "'clear' is not possible in the movement phase (5.2)"
    assert said(s, "move 2210", "9.14") == "activate a unit first (9.14)"
    s = coup_pos('"301" = { hex = "2110", suspected = true }', phase="coup_status")
    assert said(s, "activate 301", "5.2") == "'activate' is not possible in the coup status phase (5.2)"
    s = new_game(1, setup="choose")
    assert (s.turn, s.phase) == (0, Phase.SETUP)  # Game-Turn 1 comes after (4.1)
    assert said(s, "activate 002", "4.3") == "set-up is under way: place units (4.3)"


def test_what_a_caller_gets_wrong_is_named():
    with pytest.raises(ValueError) as info:
        new_game(1, setup="quick")
    assert str(info.value) == "unknown set-up 'quick'; choose one of standard, choose"
    s = pos(MOVING)
    with pytest.raises(TypeError) as info:
        evolve(s, turns=2)
    assert str(info.value) == "GameState has no field ['turns']"
    with pytest.raises(TypeError) as info:
        s.with_unit("301", suspect=True)
    assert str(info.value) == "UnitState has no field ['suspect']"


def test_names_from_outside_that_the_game_does_not_have():
    # A record or a network line may name anything; apply names what is wrong, with no
    # rule to cite, before any rule reads it.
    s = duel(1)
    assert str(illegal(s, "harass 999", "")) == "there is no unit '999'"
    assert str(illegal(pos(MOVING), "activate 999", "")) == "there is no unit '999'"
    assert str(illegal(s, "move 9999", "")) == "9999 is not a hex of the map"
    assert str(illegal(s, "harass @4501", "")) == "4501 is not a hex of the map"
    assert str(illegal(s, "travel 2310 ZZ9", "")) == "there is no chit 'ZZ9'"
