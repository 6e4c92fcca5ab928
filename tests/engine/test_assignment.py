"""The Assignment Inter-Phase (7.x) and the Randomizer (6.2x)."""

from __future__ import annotations

from plot_core.engine.state import Event, Phase
from plot_core.parties import Player

from .helpers import at, illegal, legal, play, pos
from .test_zones_more import area_full

# Abwehr units in Berlin: Dohnanyi 301, Gisevius 302, Oster 303; Best (013) for the SS.
BERLIN = """
turn = %d
phase = "assignment"
step = "roll"
dice = [%s]
[units]
"301" = { hex = "1810" }
"302" = { hex = "1812" }
"303" = { hex = "1910" }
"013" = { hex = "2310" }
"012" = { hex = "2312" }
%s
[chits]
ss = [%s]
abwehr = [%s]
"""


def interphase(dice: str, *, turn: int = 1, extra: str = "", ss: str = "", abwehr: str = ""):
    return pos(BERLIN % (turn, dice, extra, ss, abwehr))


def berne(s):
    return [h for h in sorted(s.rules.map.hexes_in("BR"))]


def test_7_0_worked_example_and_7_23_the_enemy_picks():
    s = interphase("2, 3, 4")  # 2, 3: Allied EE, German 2/Ab/BR
    assert s.events == (
        Event(
            "7.0",
            "Assignment Table: dice 2, 3: the Allied unit goes to "
            "Eastern Europe (EE); 2 Abwehr units are sent on assignment to "
            "Berne (BR)",
            roll=(2, 3),
            table="assignment",
            row=2,
            column=3,
            result="EE 2/Ab/BR",
        ),
    )
    assert s.to_act.value == "abwehr" and s.pending[-1].kind == "place_allied"
    assert s.pending[-1].area == "EE"
    assert interphase("4, 1, 1").events[0] == Event(  # 4, 1: no German result
        "7.0",
        "Assignment Table: dice 4, 1: the Allied unit goes to Istanbul (IS); "
        "no German units are sent on assignment",
        roll=(4, 1),
        table="assignment",
        row=4,
        column=1,
        result="IS -",
    )
    ee = next(a for a in legal(s) if a.startswith("allied"))
    allied = s.pending[-1].unit
    s = play(s, ee)
    assert at(s, allied) == ee.split()[1] and s.unit(allied).box is None  # 7.11
    assert s.events[-1].case == "7.11" and s.events[-1].text.endswith(f"placed on Eastern Europe ({ee[-4:]})")
    # 7.41/7.51: the Abwehr may answer with assignment chits; he has none and declines.
    assert legal(s) == ["no-reveal"]
    s = play(s, "no-reveal")
    assert s.to_act.value == "ss" and s.pending[-1].kind == "assign"  # 7.23
    b = berne(s)
    assert all(a.split()[1] in ("301", "302", "303") for a in legal(s))
    s = play(s, f"assign 303 {b[0]:04d}", f"assign 301 {b[1]:04d}")
    assert at(s, "303") == f"{b[0]:04d}" and at(s, "301") == f"{b[1]:04d}"
    sent = [e.text for e in s.events if e.case == "7.21"]  # (the last action's events)
    assert sent == [f"Dohnanyi is sent on assignment to Berne ({b[1]:04d})"]
    assert s.phase is Phase.MOVEMENT and s.phasing.value == "abwehr"  # then 5.2 B1


def test_7_41_friendly_chit_lets_the_owner_choose():
    s = interphase("2, 3, 4", abwehr='"FR1", "TR1"', ss='"FR2"')
    s = play(s, next(a for a in legal(s) if a.startswith("allied")))
    assert legal(s) == ["reveal FR1", "no-reveal"]
    for wrong in ("reveal FR2", "reveal TR1"):  # not held; not an assignment chit
        assert str(illegal(s, wrong, "7.31")) == f"{wrong[7:]} is not an assignment chit you hold (7.31)"
    s = play(s, "reveal FR1")
    assert s.events[-1] == Event(
        "7.41", "Abwehr reveals a Friendly Assignment chit and chooses his own units"
    )
    assert s.to_act.value == "abwehr" and s.pending[-1].kind == "assign"
    assert s.chits_of("abwehr") == ["TR1"]  # 7.32: FR1 back to the cup


def test_7_51_and_7_53_enemy_chits_switch_back_and_forth():
    s = interphase("2, 3, 4", ss='"EN2", "FR2"', abwehr='"EN1"')
    s = play(s, next(a for a in legal(s) if a.startswith("allied")), "reveal EN1")
    # Now SS units go; the SS may answer (7.53).
    assert s.to_act.value == "ss" and set(legal(s)) == {"reveal EN2", "reveal FR2", "no-reveal"}
    s2 = play(s, "reveal EN2")  # switch back: Abwehr units again
    assert s2.to_act.value == "abwehr" and legal(s2) == ["no-reveal"]
    s2 = play(s2, "no-reveal")
    assert s2.to_act.value == "ss"  # the SS picks the Abwehr units
    assert all(a.split()[1] in ("301", "302", "303") for a in legal(s2))
    s3 = play(s, "reveal FR2")  # 7.53: Friendly after Enemy
    assert s3.to_act.value == "ss"
    assert all(a.split()[1] in ("013", "012") for a in legal(s3))  # SS units, SS picks
    s4 = play(s, "no-reveal")  # 7.52: the Abwehr picks SS units
    assert s4.to_act.value == "abwehr"
    assert all(a.split()[1] in ("013", "012") for a in legal(s4))


def test_7_24_7_27_only_unmarked_units_in_berlin_are_sent():
    s = interphase(
        "2, 3, 4",
        extra="""
"304" = { hex = "0412" }
"305" = { hex = "2010", marker = "masked" }
""",
    )
    s = play(s, next(a for a in legal(s) if a.startswith("allied")), "no-reveal")
    senders = {a.split()[1] for a in legal(s)}
    assert senders == {"301", "302", "303"}
    illegal(s, f"assign 304 {berne(s)[0]:04d}", "7.24")
    illegal(s, f"assign 305 {berne(s)[0]:04d}", "7.24")
    assert str(illegal(s, f"assign 012 {berne(s)[0]:04d}", "7.24")) == (
        "012 cannot be sent: only unmarked Abwehr units in Berlin go on assignment (7.24-7.27) (7.24)"
    )


def test_7_11_and_7_25_a_unit_goes_only_on_an_empty_hex_of_its_area():
    s = interphase("2, 3, 4")  # Allied EE, German 2/Ab/BR
    assert str(illegal(s, "allied 1810", "7.11")) == "the Allied unit goes on an empty hex of EE (7.11)"
    s = play(s, next(a for a in legal(s) if a.startswith("allied")), "no-reveal")
    assert str(illegal(s, "assign 301 0412", "7.25")) == "0412 is not an empty hex of BR (7.25)"
    assert str(illegal(s, "assign 301 1810", "7.25")) == "1810 is not an empty hex of BR (7.25)"


def test_7_26_only_abwehr_and_ss_parties():
    # Goerdeler (Civilian) and OKW units are never sent even when the Abwehr controls them.
    s = interphase(
        "2, 3, 4",
        extra="""
"200" = { hex = "2012" }
"401" = { hex = "2112", controller = "abwehr" }
""",
    )
    s = play(s, next(a for a in legal(s) if a.startswith("allied")), "no-reveal")
    assert {a.split()[1] for a in legal(s)} == {"301", "302", "303"}


def test_7_13_no_allied_units_left():
    extra = "\n".join(f'"{u}" = {{ box = "eliminated" }}' for u in range(501, 507))
    s = interphase("2, 3, 4", extra=extra)
    assert ("7.13", "no Allied units left to place") in [(e.case, e.text) for e in s.events]
    assert s.pending[-1].kind == "assignment_chits"  # straight to the German result


def test_7_14_and_7_29_overrun_areas_are_ignored():
    # Game-Turn 7: Eastern Europe is overrun (16.11), so "EE" places nothing.
    s = interphase("2, 3, 4", turn=7)
    assert ("7.14", "Eastern Europe (EE) is overrun: no Allied unit is placed") in [
        (e.case, e.text) for e in s.events
    ]
    # 1, 2: German 2/Ab/RM; Rome falls on Game-Turn 8.
    s = interphase("1, 2, 4", turn=8)
    assert ("7.29", "Rome (RM) is overrun: no units are sent") in [(e.case, e.text) for e in s.events]
    assert s.german_assignment is None


def test_7_12_full_area_rolls_again_for_the_allied_result_only():
    # 1, 3: Allied LS (full), German 1/SS/BR; re-roll 6, 6: Allied CC
    s = area_full("LS", [1, 3, 6, 6, 4])
    assert any(e.case == "7.12" for e in s.events)
    assert s.pending[-1].kind == "place_allied" and s.pending[-1].area == "CC"


def test_6_23_randomizer_draws_for_the_right_player():
    s = interphase("4, 1, 1")  # 4, 1: Allied IS, no German result; randomizer die 1: A12
    s = play(s, next(a for a in legal(s) if a.startswith("allied")))
    assert len(s.chits_of("abwehr")) == 12 and s.chits_of("ss") == []
    ev = [e for e in s.events if e.case == "6.23"][0]
    assert (ev.row, ev.column, ev.result) == (1, 1, "A12")


def test_6_25_no_draw():
    s = interphase("4, 1, 4")  # randomizer die 4, turn 1: none
    s = play(s, next(a for a in legal(s) if a.startswith("allied")))
    assert s.chits_of("abwehr") == [] and s.chits_of("ss") == []
    ev = [e for e in s.events if e.case == "6.23"][0]
    assert (ev.row, ev.column, ev.result) == (4, 1, "-")
    assert ev.text == "Randomizer Table: die 4, Game-Turn 1: no draw"


def test_6_26_short_cup_takes_from_the_enemy_box():
    everything = [c.id for c in pos("").rules.chits.chits]
    abwehr = ", ".join(f'"{c}"' for c in everything[:94])  # only 3 chits left in the cup
    s = interphase("4, 1, 6", abwehr=abwehr)  # die 6, turn 1: S13
    s = play(s, next(a for a in legal(s) if a.startswith("allied")))
    assert len(s.chits_of("ss")) == 13
    assert len(s.chits_of("abwehr")) == 94 - 10 and s.chits_of("cup") == []
    ev = [e for e in s.events if e.case == "6.23"][0]
    assert (ev.row, ev.column, ev.result) == (6, 1, "S13")
    assert ev.text == "Randomizer Table: die 6, Game-Turn 1: SS draws 13 chits from the cup"
    assert [e.text for e in s.events if e.case == "6.24" and not e.private] == [
        "SS draws 13 chits (10 of them from the Abwehr box, 6.26)"
    ]
    [drew] = [e.text for e in s.events if e.case == "6.24" and e.private is Player.SS]
    assert drew.startswith("SS drew ") and sorted(drew.removeprefix("SS drew ").split(", ")) == sorted(
        s.chits_of("ss")
    )


def test_7_25_assigned_units_go_into_an_allied_zone_of_influence():
    # An Allied unit already stands in Berne (1126); units are still sent there (7.25),
    # and once there they cannot walk out (17.22).
    s = interphase("2, 3, 4", extra='"501" = { hex = "1126" }')
    s = play(s, next(a for a in legal(s) if a.startswith("allied")), "no-reveal")
    target = next(h for h in berne(s) if h != 1126)
    s = play(s, f"assign 301 {target:04d}")
    assert at(s, "301") == f"{target:04d}"


def test_7_24_when_the_eligible_units_run_out_the_rest_of_the_count_lapses():
    """2/Ab/BR with Dohnanyi the only Abwehr unit in Berlin: he goes, and the log says
    no more can be sent; play goes on to the Movement Phase."""
    s = pos(
        BERLIN.replace('"302" = { hex = "1812" }\n"303" = { hex = "1910" }\n', "")
        % (1, "2, 3, 4", "", "", "")
    )
    s = play(s, next(a for a in legal(s) if a.startswith("allied")), "no-reveal")
    s = play(s, f"assign 301 {berne(s)[0]:04d}")
    assert ("7.24", "no more Abwehr units can be sent to BR") in [(e.case, e.text) for e in s.events]
    assert not s.pending and s.phase is Phase.MOVEMENT


def test_7_12_with_no_room_in_any_area_rolled_no_allied_unit_is_placed():
    # Lisbon (LS) full; 1, 3 (Allied LS, German 1/SS/BR) rolled once and re-rolled 60
    # times, the engine's limit: no Allied unit comes, and the German result goes on.
    s = area_full("LS", [1, 3] * 61)
    rerolls = [e for e in s.events if e.case == "7.12"]
    assert len(rerolls) == 61 and rerolls[0] == Event(
        "7.12",
        "no room for the Allied unit; re-rolled: dice 1, 3: to Lisbon (LS)",
        roll=(1, 3),
        table="assignment",
        row=1,
        column=3,
        result="LS",
    )
    assert s.events[-1] == Event("7.12", "no area has room for an Allied unit")
    assert all(s.unit(u).box is not None for u in ("501", "502", "503"))
    assert s.pending[-1].kind == "assignment_chits" and s.pending[-1].area == "BR"


def test_6_26_with_the_cup_and_the_enemy_box_empty_nothing_is_drawn():
    everything = ", ".join(f'"{c.id}"' for c in pos("").rules.chits.chits)
    s = interphase("4, 1, 6", ss=everything)  # die 6, turn 1: S13
    s = play(s, next(a for a in legal(s) if a.startswith("allied")))
    assert len(s.chits_of("ss")) == 97
    assert [e.text for e in s.events if e.case == "6.24"] == ["SS draws 0 chits"]
    ids = [c.id for c in pos("").rules.chits.chits]  # one left in the cup
    s = interphase("4, 1, 6", ss=", ".join(f'"{c}"' for c in ids[1:]))
    s = play(s, next(a for a in legal(s) if a.startswith("allied")))
    assert [(e.text, e.private) for e in s.events if e.case == "6.24"] == [
        ("SS draws 1 chit", None),
        (f"SS drew {ids[0]}", Player.SS),
    ]


def test_7_25_with_9_24_no_area_the_assignment_table_names_holds_an_hq():
    """7.25 places units on any empty hex of the destination area, which would let a unit
    onto an HQ unfriendly to it (9.24) if such an area held one. None does: every HQ but
    Rastenburg (Prussia) is in Berlin, and the table names neither, for Allied placement
    (7.11) or German assignment (7.22)."""
    rules = pos("").rules
    table = rules.tables.assignment
    named = {a for row in table.allied for a in row}
    named |= {g.area for row in table.german for g in row if g is not None}
    hq_areas = {hq.area for hq in rules.map.hqs.values()}
    assert hq_areas == {"BE", "PU"}
    assert named and not named & hq_areas
