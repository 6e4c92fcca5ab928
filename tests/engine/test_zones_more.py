"""More zone, border and retreat cases: each the smallest position that shows it."""

from __future__ import annotations

from plot_core.engine.movement import travel_destinations
from plot_core.engine.state import Event, GameState

from .helpers import at, legal, play, pos


def test_9_15_borders_are_crossed_freely():
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2610" }
        """),
        "activate 002",
        "move 2710",
        "move 2810",
        "move 2910",
    )
    assert at(s, "002") == "2910"  # Berlin into Prussia


def test_11_52_friendly_zones_never_hinder():
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "013" = { hex = "2310" }
        """),
        "activate 002",
        "move 2210",
        "move 2209",
        "move 2309",
    )
    assert at(s, "002") == "2309"


def test_11_22_11_53_shared_hexes_stay_enemy_controlled():
    # 2210 is next to both Best (friendly, 2211) and Bonhoeffer (2310): still an enemy hex.
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "013" = { hex = "2211" }
        "305" = { hex = "2310", suspected = true }
        """),
        "activate 002",
        "move 2210",
    )
    assert "move 2110" not in legal(s)  # 11.31: cannot leave it now


def test_11_12_allied_units_have_no_zone():
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "0410" }
        "501" = { hex = "0511" }
        """),
        "activate 002",
        "move 0510",
        "move 0610",
    )
    assert at(s, "002") == "0610"


def test_12_44_semi_recruited_units_have_no_zone():
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "415" = { hex = "2310", controller = "abwehr", recruited = false, semi = true }
        """),
        "activate 002",
        "move 2210",
        "move 2209",
    )
    assert at(s, "002") == "2209"


def test_9_25_an_empty_hq_projects_no_zone():
    # Foreign Office (2008, 1907) is unfriendly to SS units but does not hold them.
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2109" }
        """),
        "activate 002",
        "move 2009",
        "move 1909",
    )
    assert at(s, "002") == "1909"


def test_10_24_harassment_is_voluntary():
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "305" = { hex = "2210", suspected = true }
        """),
        "activate 002",
    )
    assert "harass 305" in legal(s) and "end" in legal(s)
    s = play(s, "end")
    assert s.active is None and s.unit("305").marker is None


def test_10_66_17_26_a_retreat_may_cross_a_border_and_escape_the_allies():
    # Schellenberg stands in Paris at 0712 next to the Allied unit at 0612; 0711, 0713 and
    # 0812 are Rhineland. Friends fill the other Paris hexes. An Ar result drives him out.
    s = pos("""
        phasing = "ss"
        dice = [6]
        [units]
        "002" = { hex = "0712" }
        "501" = { hex = "0612" }
        "013" = { hex = "0611" }
        "012" = { hex = "0613" }
        """)
    s = play(s, "activate 002", "harass 501")  # die 6: Ar
    options = [a for a in legal(s) if a.startswith("retreat")]
    rhine = [a for a in options if s.rules.map.area_of[int(a.split()[1])] != "PR"]
    assert rhine, options
    s = play(s, rhine[0])
    assert s.rules.map.area_of[s.unit("002").hex] != "PR"


def test_9_59_hitler_never_travels():
    s = pos("""
        phasing = "ss"
        [units]
        "100" = { hex = "2414" }
        [chits]
        ss = ["TR1"]
        """)
    assert travel_destinations(s, "100") == []


def test_7_15_allied_units_may_be_placed_in_zones_of_control():
    # 2, 3: Allied EE. A German unit at 3513 in Eastern Europe; its neighbours are offered.
    s = pos("""
        phase = "assignment"
        step = "roll"
        dice = [2, 3, 4]
        [units]
        "301" = { hex = "3513", suspected = true }
        """)
    offered = {a.split()[1] for a in legal(s)}
    neighbours = {f"{h:04d}" for h in s.rules.map.neighbours[3513] if s.rules.map.area_of[h] == "EE"}
    assert neighbours and neighbours <= offered


FILLERS = ["101", "102", "103", "104", "105", "106", "107", "108", "109", "110", "201", "202"]


def area_full(area: str, dice: list[int]) -> GameState:
    """An Assignment roll with every hex of ``area`` taken by an uncontrolled unit (7.12,
    7.28)."""
    hexes = sorted(pos("").rules.map.hexes_in(area))
    units = "\n".join(
        f'"{u}" = {{ hex = "{h:04d}", controller = "none" }}'
        for u, h in zip(FILLERS[: len(hexes)], hexes, strict=True)
    )
    return pos(f"""
        phase = "assignment"
        step = "roll"
        dice = {dice}
        [units]
        {units}
        "013" = {{ hex = "2310" }}
        """)


def vatican_full(dice: list[int]) -> GameState:
    return area_full("VT", dice)


def test_7_28_full_destination_rolls_again_for_the_german_result_only():
    # 2, 4: Allied AL, German 1/Ab/VT. Fill the Vatican; re-roll 3, 3: 1/SS/CS.
    s = vatican_full([2, 4, 3, 3, 4])
    assert [e for e in s.events if e.case == "7.28"] == [
        Event(
            "7.28",
            "no room in the destination; German result re-rolled: dice 3, 3: 1 SS unit is "
            "sent on assignment to Casablanca (CS)",
            roll=(3, 3),
            table="assignment",
            row=3,
            column=3,
            result="1/SS/CS",
        )
    ]
    assert s.pending[-1].kind == "place_allied" and s.pending[-1].area == "AL"
    s = play(s, next(a for a in legal(s) if a.startswith("allied")))
    d = s.pending[-1]
    assert d.kind == "assignment_chits" and d.area == "CS" and d.party.value == "ss"


def test_7_28_a_re_roll_may_send_nobody():
    """The Vatican full (1/Ab/VT from 2, 4); the re-roll 4, 1 has no German result."""
    s = vatican_full([2, 4, 4, 1, 4])
    assert [e for e in s.events if e.case == "7.28"] == [
        Event(
            "7.28",
            "no room in the destination; German result re-rolled: dice 4, 1: no German "
            "units are sent on assignment",
            roll=(4, 1),
            table="assignment",
            row=4,
            column=1,
            result="-",
        )
    ]
    assert s.german_assignment is None


def test_11_11_an_unrecruited_unit_its_owner_still_holds_has_no_zone():
    # Guderian after OKW Panic (12.83): the Abwehr's, but unrecruited again.
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "414" = { hex = "2310", controller = "abwehr", recruited = false }
        """),
        "activate 002",
        "move 2210",
        "move 2209",
    )
    assert at(s, "002") == "2209"
