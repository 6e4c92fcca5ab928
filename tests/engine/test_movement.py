"""Movement (9.x), stacking (8.x), zones of control (11.x), Military Advance (16.14)
and zones of influence (17.22) — each from a position, checked against the rulebook."""

from __future__ import annotations

from plot_core.engine import reach
from plot_core.hexgrid import label

from .helpers import at, illegal, legal, play, pos
from .test_coup import coup_pos

# 2110's neighbours: 2010 2210 2009 2109 2011 2111. Rows 9-12, columns 18-24 are
# plain Berlin; 2710 (Berlin) borders 2810 and 2709 (Prussia).

SS_TO_MOVE = """
turn = 2
phasing = "ss"
[units]
"014" = { hex = "2110" }        # Ribbentrop 2-6-3
"""


def test_9_13_hex_by_hex_and_9_12_allowance():
    s = play(pos(SS_TO_MOVE), "activate 014", "move 2210", "move 2310", "move 2410")
    assert at(s, "014") == "2410" and s.mp_spent == 3
    illegal(s, "move 2510", "9.12")  # 3 points used
    s2 = play(pos(SS_TO_MOVE), "activate 014")
    illegal(s2, "move 2310", "9.13")  # not adjacent


def test_9_14_one_unit_at_a_time():
    s = pos(SS_TO_MOVE.replace("[units]", '[units]\n"013" = { hex = "1810" }'))
    s = play(s, "activate 014")
    illegal(s, "activate 013", "9.14")
    s = play(s, "move 2210", "end")
    illegal(s, "activate 014", "9.14")  # finished units stay finished
    s = play(s, "activate 013")
    assert s.active == "013"


def test_9_11_only_your_own_units():
    s = pos(SS_TO_MOVE.replace("[units]", '[units]\n"305" = { hex = "1810", suspected = true }'))
    illegal(s, "activate 305", "9.11")


def test_9_31_unrecruited_and_semi_recruited_stay_put():
    s = pos("""
        phasing = "abwehr"
        [units]
        "414" = { hex = "2110", controller = "none" }
        "415" = { hex = "1810", controller = "abwehr", recruited = false, semi = true }
        """)
    assert (
        str(illegal(s, "activate 415", "9.31"))
        == "Rundstedt is unrecruited or semi-recruited and cannot move (9.31)"
    )
    illegal(s, "activate 414", "9.11")  # nobody's unit
    # An OKW unit the Abwehr keeps after it panics (12.83) is unrecruited, not semi.
    s = pos("""
        phasing = "abwehr"
        [units]
        "414" = { hex = "1810", controller = "abwehr", recruited = false }
        """)
    assert (
        str(illegal(s, "activate 414", "9.31"))
        == "Guderian is unrecruited or semi-recruited and cannot move (9.31)"
    )


def test_9_32_masked_and_neutralized_cannot_move():
    for marker in ("masked", "neutralized"):
        s = pos(SS_TO_MOVE.replace('"2110" }', f'"2110", marker = "{marker}" }}'))
        assert str(illegal(s, "activate 014", "9.32")) == f"Ribbentrop is {marker} and cannot move (9.32)"


def test_9_33_hitler_has_no_movement():
    s = pos("""
        phasing = "ss"
        [units]
        "100" = { hex = "2110" }
        """)
    assert str(illegal(s, "activate 100", "9.33")) == "Hitler has no movement allowance (9.33)"


def test_8_11_through_friends_but_never_stopping_on_one():
    s = pos(SS_TO_MOVE.replace("[units]", '[units]\n"013" = { hex = "2210" }'))
    s = play(s, "activate 014", "move 2210")
    assert at(s, "014") == "2210" and at(s, "013") == "2210"
    assert "end" not in legal(s)
    illegal(s, "end", "8.11")
    s = play(s, "move 2310", "end")
    assert at(s, "014") == "2310"


def test_8_11_no_entering_a_friend_with_no_way_on():
    s = play(
        pos(SS_TO_MOVE.replace("[units]", '[units]\n"013" = { hex = "2410" }')),
        "activate 014",
        "move 2210",
        "move 2310",
    )
    illegal(s, "move 2410", "8.11")  # last point: would be stuck on 013


def test_8_12_enemy_and_unrecruited_units_block_neutralized_do_not():
    base = """
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "%s" = { hex = "2210"%s }
        """
    illegal(play(pos(base % ("305", ", suspected = true")), "activate 002"), "move 2210", "8.12")
    illegal(play(pos(base % ("106", ', controller = "none"')), "activate 002"), "move 2210", "8.12")
    s = play(
        pos(base % ("305", ', suspected = true, marker = "neutralized"')),
        "activate 002",
        "move 2210",
        "move 2310",
    )  # 8.12, 15.22: passes through
    assert at(s, "002") == "2310"


def test_11_23_masked_units_may_never_be_entered():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "013" = { hex = "2210", marker = "masked" }
        """)
    illegal(play(s, "activate 002"), "move 2210", "11.23")


def test_9_24_unfriendly_hq_cannot_be_entered_friendly_can():
    # 2009 borders Foreign Office hex 2008 (friendly to Nazis and Civilians only, 9.22).
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2009" }
        "101" = { hex = "2108", controller = "ss" }
        """)
    illegal(play(s, "activate 002"), "move 2008", "9.24")
    s = play(s, "activate 101", "move 2008")  # Bormann, a Nazi: friendly
    assert at(s, "101") == "2008"


def test_11_31_leaving_an_enemy_zone_only_with_the_first_point():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "305" = { hex = "2310", suspected = true }
        """)
    # 2210 is in Bonhoeffer's zone; entering it is fine, leaving it again is not.
    s1 = play(s, "activate 002", "move 2210")
    illegal(s1, "move 2110", "11.31")
    # Starting in the zone, the first point may leave it (11.31.1).
    s2 = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2210" }
        "305" = { hex = "2310", suspected = true }
        """)
    s2 = play(s2, "activate 002", "move 2110")
    assert at(s2, "002") == "2110"


def test_11_32_never_from_one_enemy_hex_to_another():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2210" }
        "305" = { hex = "2310", suspected = true }
        """)
    # 2209 and 2211 are next to 2310? 2310's neighbours: 2210 2410 2209 2309 2211 2311.
    illegal(play(s, "activate 002"), "move 2209", "11.32")


def test_11_31_a_zone_that_is_gone_no_longer_holds():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "305" = { hex = "2310", suspected = true, marker = "masked" }
        """)
    # 11.13: a masked unit has no zone, so the move goes on past it.
    s = play(s, "activate 002", "move 2210", "move 2209", "move 2309")
    assert at(s, "002") == "2309"


def test_11_21_zones_stop_at_borders():
    # 2710 is Berlin; 2810 is Prussia. A Prussian unit exerts no zone into Berlin.
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2510" }
        "305" = { hex = "2810", suspected = true }
        """)
    s = play(s, "activate 002", "move 2610", "move 2710", "move 2610")
    assert at(s, "002") == "2610"


def test_11_11_unrecruited_units_have_no_zone():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "414" = { hex = "2310", controller = "none" }
        """)
    s = play(s, "activate 002", "move 2210", "move 2209")
    assert at(s, "002") == "2209"


def test_16_14_overrun_areas_are_impassable():
    # Prussia falls on Game-Turn 8 (16.11).
    s = pos("""
        turn = 8
        phasing = "ss"
        [units]
        "002" = { hex = "2710" }
        """)
    err = illegal(play(s, "activate 002"), "move 2810", "16.14")
    assert str(err) == "Prussia is overrun and impassable (16.14)"


def test_17_22_zone_of_influence_holds_german_units():
    # Paris (PR) 0110..0613; Rhineland (RL) begins at 0709. An Allied unit in Paris.
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "0610" }
        "501" = { hex = "0112" }
        """)
    s = play(s, "activate 002")
    err = illegal(s, "move 0710", "17.22")
    assert str(err) == ("an Allied unit's zone of influence holds German units in Paris (17.22)")
    s = play(s, "move 0510")  # 17.23: free within the area
    assert at(s, "002") == "0510"


def test_17_23_entering_an_influenced_area_is_free():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "0710" }
        "501" = { hex = "0112" }
        """)
    s = play(s, "activate 002", "move 0610")
    assert at(s, "002") == "0610"


def test_8_11_entering_a_friend_with_exactly_one_point_left_to_go_on():
    """Ribbentrop (3 MP) steps to 2210, then onto Best at 2310 with his 2nd point: his
    3rd takes him on to 2410, so he may; the same step with no 3rd point may not."""
    s = play(
        pos(SS_TO_MOVE.replace("[units]", '[units]\n"013" = { hex = "2310" }')), "activate 014", "move 2210"
    )
    assert "move 2310" in legal(s)
    s = play(s, "move 2310")
    assert legal(s) and "end" not in legal(s)
    s = play(s, "move 2410", "end")
    assert at(s, "014") == "2410"


def test_9_14_every_unit_not_yet_moved_is_offered_after_one_has_moved():
    s = pos(SS_TO_MOVE.replace("[units]", '[units]\n"013" = { hex = "2510" }'))
    assert {"activate 013", "activate 014"} <= set(legal(s))
    s = play(s, "activate 013", "move 2610", "end")
    assert "activate 013" not in legal(s) and "activate 014" in legal(s)


def test_8_11_with_18_36_the_empty_hex_beyond_friends_may_lie_two_friends_away():
    # In the coup Schellenberg (002, 7 MP) leaves Berlin at 1417 onto a friend at 1317.
    # The way back into Berlin is closed (18.36) and every hex next to 1317 holds a
    # friend, so the empty hex he may stop in is 1117, through a second friend (1217).
    s = play(
        coup_pos(
            """"002" = { hex = "1417" }
        "001" = { hex = "1317" }
        "003" = { hex = "1316" }
        "006" = { hex = "1318" }
        "008" = { hex = "1216" }
        "009" = { hex = "1418" }
        "010" = { hex = "1217" }""",
            phasing="ss",
        ),
        "activate 002",
    )
    assert "move 1317" in legal(s)
    s = play(s, "move 1317")
    assert "move 1417" not in legal(s)  # 18.36
    s = play(s, "move 1217", "move 1117")
    assert at(s, "002") == "1117"


def test_8_12_a_neutralized_unit_does_not_hide_a_blocking_one_in_its_hex():
    """Two units can share a hex for a moment (a unit displaced into a hex, 9.63; a
    position refuses to start so). The neutralized one comes first in the hex (lower
    id): the enemy behind it still blocks, and the step is refused for it."""
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "106" = { hex = "2210", marker = "neutralized" }
        "305" = { hex = "2310", suspected = true }
        """)
    s = play(s.with_unit("305", hex=s.unit("106").hex), "activate 002")
    assert "move 2210" not in legal(s)
    assert str(illegal(s, "move 2210", "8.12")) == "Bonhoeffer blocks 2210 (8.12)"  # 305, not 106


def test_9_1_a_step_the_walk_refuses_is_refused_even_without_words_for_it(monkeypatch):
    """The legal steps decide; the words of a refusal are only looked for. Were the two
    ever to disagree, the step is refused (9.13), not let through."""
    from plot_core.engine import movement

    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2210" }
        "305" = { hex = "2310", suspected = true }
        """),
        "activate 002",
    )  # 2209 is refused by 11.32, as the test of that rule shows
    monkeypatch.setattr(movement, "move_problem", lambda *_: None)  # no words for anything
    refusal = illegal(s, "move 2209", "9.13")
    assert "cannot step into" in str(refusal) and at(s, "002") == "2210"


def test_8_12_a_friend_sharing_the_hex_is_not_named_as_what_blocks_it():
    """Two units share a hex only for a moment (a unit displaced into a hex, 9.63), and a
    position file refuses to start so, so the moment is made directly, as in the test
    above. The friend comes first in the hex (lower id); the enemy beside it is what keeps
    the mover out, and the refusal names it."""
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "001" = { hex = "2210" }
        "305" = { hex = "2310", suspected = true }
        """)
    s = play(s.with_unit("305", hex=s.unit("001").hex), "activate 002")
    assert str(illegal(s, "move 2210", "8.12")) == "Bonhoeffer blocks 2210 (8.12)"  # 305, not 001


def test_9_12_each_hex_is_reached_by_its_shortest_walk_and_8_11_says_where_it_may_end():
    """Ribbentrop (3 MP) at 2210 with one point spent, Best on 2310: every hex he can
    still reach, with the points spent on arriving, the hex he came from, and whether
    the walk may end there (not on Best, 8.11)."""
    s = play(
        pos(SS_TO_MOVE.replace("[units]", '[units]\n"013" = { hex = "2310" }')), "activate 014", "move 2210"
    )
    walks = reach(s, "014")
    found = {label(r.hex): (r.spent, label(r.came_from), r.stops) for r in walks}
    assert len(found) == len(walks)  # each hex once, by its shortest walk
    assert found["2310"] == (2, "2210", False)  # Best's hex: through, never to stop
    assert found["2410"] == (3, "2310", True)  # on through Best with the last point
    assert found["2010"] == (3, "2110", True)  # back, then on: two more points
    # one step on: every neighbour of 2210, the hex he started from too, each from 2210
    next_to = {label(n) for n in s.rules.map.neighbours[s.unit("014").hex]}
    assert {h for h, (spent, came, _) in found.items() if spent == 2 and came == "2210"} == next_to
    assert all(spent in (2, 3) for spent, _, _ in found.values())
