"""The shortest legal walk to a hex (Enter on a `+` hex two away goes there)."""

from __future__ import annotations

from plot_core import apply, legal_actions
from plot_core.engine.board import enemy_controlled
from plot_core.engine.paths import path_to, walk_problem
from plot_core.hexgrid import parse_hex as H
from plot_core.parties import Player

from .helpers import play, pos

# Schellenberg (002) at 2110; Bonhoeffer (305, Abwehr, suspected) at 2210: its zone
# (11.32: a unit entering an enemy zone stops) covers 2210's neighbours.
DUEL = """
    phasing = "ss"
    [units]
    "002" = { hex = "2110" }
    "305" = { hex = "2210", suspected = true }
    """


def test_a_hex_two_away_is_reached_in_two_legal_steps():
    s = play(pos(DUEL), "activate 002")
    walk = path_to(s, H("1910"))
    assert walk == [H("2010"), H("1910")]
    for h in walk:  # each step is legal when taken
        [step] = [a for a in legal_actions(s) if a.hex == h and a.verb.value == "move"]
        s = apply(s, step)
    assert s.unit("002").hex == H("1910") and s.mp_spent == 2


def test_a_walk_never_passes_through_an_enemy_zone_11_32_nor_beyond_the_allowance_9_1():
    s = play(pos(DUEL), "activate 002")
    zone = enemy_controlled(s, Player.SS)
    for dest in (H("2312"), H("2212"), H("1912")):
        walk = path_to(s, dest)
        assert walk and not any(h in zone for h in walk[:-1])  # a zone ends the move
    # 2110 and 2111 are both in 305's zone: not straight from one to the other (11.32)
    assert path_to(s, H("2111")) == [H("2011"), H("2111")]
    assert path_to(s, H("1110")) is None  # ten hexes away: 7 MP do not reach


def test_no_walk_without_a_moving_unit_or_off_the_map():
    s = pos(DUEL)
    assert path_to(s, H("2010")) is None  # nothing is moving yet
    s = play(s, "activate 002")
    assert path_to(s, H("2110")) is None  # where it stands is no step


def test_why_a_walk_fails_is_the_rule_of_its_failing_step_or_the_allowance():
    s = play(pos(DUEL), "activate 002")  # Schellenberg: 7 MP
    assert walk_problem(s, H("1910")) is None
    # beyond the allowance (9.12)
    far = walk_problem(s, H("3006"))
    assert far.case == "9.12" and str(far) == (
        "3006 is 11 hexes away and Schellenberg has 7 movement points left (9.12)"
    )
    # onto a hex with an enemy unit: the last step is the one refused, blocked (8.12)
    blocked = walk_problem(s, H("2210"))
    assert str(blocked) == "Bonhoeffer blocks 2210 (8.12)"
    # on the unit's own hex there is no walk
    assert walk_problem(s, H("2110")).case == "9.13"


def test_why_a_walk_fails_in_words():
    """The words of each refusal, as the map's Enter says them (9.14, 9.13, 9.12)."""
    from plot_core.engine.state import evolve

    assert str(walk_problem(pos(DUEL), H("2010"))) == "no unit is moving; activate one first (9.14)"
    s = play(pos(DUEL), "activate 002")
    assert str(walk_problem(s, H("2110"))) == "Schellenberg is already on 2110 (9.13)"
    one_left = evolve(s, mp_spent=6)  # six of its seven movement points spent
    assert str(walk_problem(one_left, H("1910"))) == (
        "1910 is 2 hexes away and Schellenberg has 1 movement point left (9.12)"
    )


def test_a_hex_in_reach_that_no_way_reaches_says_so():
    """In the coup no unit walks into Berlin (18.36): a Berlin hex three away, with three
    movement points left, is in reach by distance and by no way (9.13)."""
    from plot_core.engine.state import evolve

    from .test_movement import coup_pos

    s = play(coup_pos('"002" = { hex = "1317" }', phasing="ss"), "activate 002")
    three_left = evolve(s, mp_spent=4)
    assert (
        str(walk_problem(three_left, H("1515"))) == "no way to 1515 is open to Schellenberg this move (9.13)"
    )
