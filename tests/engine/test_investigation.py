"""Investigation (13.x), Interrogation (14.x) and Status Adjustment (15.x)."""

from __future__ import annotations

import textwrap

from plot_core.engine.state import Box, Marker
from plot_core.parties import Player

from .helpers import at, illegal, legal, play, pos

# Bonhoeffer (305, defence 3) at 2210; around him 2110, 2310, 2209, 2109, 2111, 2211.


def investigating(units: str, dice: str = "", chits: str = ""):
    return pos(f"""
        phase = "investigation"
        phasing = "ss"
        dice = [{dice}]
        [units]
        {units}
        [chits]
        {chits}
        """)


EXAMPLE = """"305" = { hex = "2210", suspected = true }
        "000" = { hex = "2110" }
        "011" = { hex = "2310" }
        "108" = { hex = "2209", controller = "ss" }"""


def test_13_19_worked_example():
    """Himmler 9, Hanke 4, Strölin 2 on Bonhoeffer 3: 15 to 3 is 5:1. The Abwehr exposes
    Hanke and Strölin; one Alibi covers Hanke: 13 to 3, rounded to 4:1."""
    s = investigating(EXAMPLE, dice="4", chits='abwehr = ["L011", "L108"]\n        ss = ["AA1"]')
    s = play(s, "investigate 305", "join 000", "join 011", "join 108", "roll")
    assert s.to_act is Player.ABWEHR
    # Himmler is a leader: he has no Loyalty chit to reveal.
    assert set(legal(s)) == {"reveal L011", "reveal L108", "no-reveal"}
    s = play(s, "reveal L011", "reveal L108", "no-reveal")
    assert s.to_act is Player.SS
    assert set(a for a in legal(s) if not a.startswith("expose")) == {
        "alibi 011 AA1",
        "alibi 108 AA1",
        "no-reveal",
    }
    s = play(s, "alibi 011 AA1", "no-reveal")
    ev = [e for e in s.events if e.table == "investigation"][0]
    assert "13 to 3" in ev.text and ev.column == 4
    assert s.unit("305").marker is Marker.NEUTRALIZED  # die 4: N
    assert {"L011", "L108", "AA1"}.isdisjoint(s.chits_of("ss") + s.chits_of("abwehr"))


def test_13_21_not_below_2_to_1():
    s = investigating(""""305" = { hex = "2210", suspected = true }
        "108" = { hex = "2209", controller = "ss" }""")
    s = play(s, "investigate 305", "join 108")  # 2 to 3
    assert "roll" not in legal(s)
    illegal(s, "roll", "13.21")


def test_13_22_called_off_when_exposures_drop_it_below_2_to_1():
    s = investigating(
        """"305" = { hex = "2210", suspected = true }
        "011" = { hex = "2310" }
        "108" = { hex = "2209", controller = "ss" }""",
        chits='abwehr = ["L108"]',
    )
    s = play(s, "investigate 305", "join 011", "join 108", "roll", "reveal L108", "no-reveal")
    s = play(s, "no-reveal")  # the SS has no Alibi to play
    assert any(e.case == "13.22" for e in s.events)
    assert not any(e.table == "investigation" for e in s.events)
    illegal(s, "investigate 305", "13.24")  # it was used all the same


def test_13_23_above_5_to_1_reads_5_to_1():
    s = investigating(
        """"305" = { hex = "2210", suspected = true }
        "000" = { hex = "2110" }
        "001" = { hex = "2310" }""",
        dice="6",
    )
    s = play(s, "investigate 305", "join 000", "join 001", "roll", "no-reveal")  # 17 to 3
    assert [e.column for e in s.events if e.table == "investigation"] == [5]


def test_13_12_unsuspected_units_cannot_be_investigated_but_okw_and_semi_can():
    err = illegal(
        investigating(""""305" = { hex = "2210" }
        "000" = { hex = "2110" }"""),
        "investigate 305",
        "13.12",
    )
    assert str(err) == "Bonhoeffer is unsuspected (13.12)"
    s = investigating(""""401" = { hex = "2210", controller = "abwehr" }
        "402" = { hex = "2109", controller = "abwehr", recruited = false, semi = true }
        "000" = { hex = "2110" }""")
    assert {"investigate 401", "investigate 402"} <= set(legal(s))  # 13.16: semi too


def test_13_16_never_unrecruited_or_allied_units():
    s = investigating(""""403" = { hex = "2210", controller = "none" }
        "000" = { hex = "2110" }""")
    illegal(s, "investigate 403", "13.12")
    s = investigating(""""501" = { hex = "2210" }
        "000" = { hex = "2110" }""")
    illegal(s, "investigate 501", "13.12")


def test_13_14_13_15_who_may_investigate():
    s = investigating(""""305" = { hex = "2210", suspected = true }
        "000" = { hex = "2110", marker = "masked" }
        "401" = { hex = "2310", controller = "ss" }
        "101" = { hex = "2209", controller = "ss" }""")
    s = play(s, "investigate 305")
    joinable = {a for a in legal(s) if a.startswith("join")}
    assert joinable == {"join 101"}  # a Nazi, yes; OKW, masked: no


def test_13_13_only_targets_in_the_zone_and_not_across_borders():
    err = illegal(
        investigating(""""305" = { hex = "2810", suspected = true }
        "000" = { hex = "2710" }"""),
        "investigate 305",
        "13.13",
    )
    assert str(err) == (
        "Bonhoeffer is not in the zone of any SS or Nazi unit that may still investigate (13.13)"
    )


def test_13_31_markers_come_off_and_13_32_ss_takes_a_chit():
    s = investigating(
        """"305" = { hex = "2210", suspected = true, marker = "masked" }
        "000" = { hex = "2110" }""",
        dice="1",
        chits='abwehr = ["TR1", "FA1"]',
    )
    s = play(s, "investigate 305", "join 000", "roll", "no-reveal")  # 9 to 3, die 1: Ss
    assert s.unit("305").marker is None
    assert len(s.chits_of("ss")) == 1 and len(s.chits_of("abwehr")) == 1
    [took] = s.chits_of("ss")
    assert [(e.case, e.text, e.private) for e in s.events if e.case == "13.32"] == [
        ("13.32", "SS takes 1 chit from the Abwehr box", None),
        ("13.32", f"SS took {took}", Player.SS),
        ("13.32", f"Abwehr lost {took} to the SS", Player.ABWEHR),
    ]


def test_13_34_ic_and_13_35_one_investigator_may_advance():
    s = investigating(
        """"305" = { hex = "2210", suspected = true }
        "000" = { hex = "2110" }
        "011" = { hex = "2310" }""",
        dice="6",
    )
    s = play(s, "investigate 305", "join 000", "join 011", "roll", "no-reveal")
    assert s.unit("305").box is Box.INTERROGATION and s.unit("305").hex is None
    assert set(legal(s)) == {"advance 000 2210", "advance 011 2210", "stay"}
    assert s.to_act is Player.SS  # the investigators' owner
    assert str(illegal(s, "advance 305 2210", "13.35")) == ("only an investigating unit may advance (13.35)")
    s = play(s, "advance 011 2210")
    assert at(s, "011") == "2210"
    assert [(e.case, e.text) for e in s.events] == [("13.35", "Hanke advances into 2210")]


def test_13_24_each_unit_once():
    s = investigating(
        """"305" = { hex = "2210", suspected = true }
        "304" = { hex = "2010", suspected = true }
        "000" = { hex = "2110" }""",
        dice="4",
    )
    s = play(s, "investigate 305", "join 000", "roll", "no-reveal")
    illegal(s, "investigate 304", "13.13")  # Himmler is spent


# -- interrogation ----------------------------------------------------------------


def cell(units: str, dice: str, chits: str = ""):
    return pos(f"""
        phase = "investigation"
        phasing = "ss"
        dice = [{dice}]
        [units]
        {units}
        [chits]
        {chits}
        """)


def test_14_12_every_unit_in_the_cell_in_turn_and_14_22_alibis():
    s = cell(
        """"305" = { box = "interrogation_cell", suspected = true }
        "301" = { box = "interrogation_cell", suspected = true }""",
        dice="2, 6",
        chits='abwehr = ["AA1", "AA2", "TR1"]',
    )
    s = play(s, "end-phase", "no-reveal")  # no coup (18.11); on to the Interrogation Phase
    assert s.to_act is Player.ABWEHR and s.pending[-1].unit == "301"
    illegal(s, "end-phase", "14.21")
    s = play(s, "reveal AA1", "reveal AA2", "no-reveal")  # die 2 + 2 = 4, defence 7: Gr
    ev = [e for e in s.events if e.table == "interrogation"][0]
    assert (ev.row, ev.result) == (4, "Gr")
    assert s.unit("301").box is Box.ABWEHR_RETIREMENT  # 14.32
    assert s.pending[-1].unit == "305"
    s = play(s, "no-reveal")  # die 6, defence 3: Gr
    assert s.unit("305").box is Box.ABWEHR_RETIREMENT


def test_14_23_the_roll_counts_at_most_8():
    alibis = '"AA1", "AA2", "AA3", "AA4", "AA5", "AA6"'
    s = cell(
        """"305" = { box = "interrogation_cell", suspected = true }""", dice="6", chits=f"abwehr = [{alibis}]"
    )
    s = play(s, "end-phase", "no-reveal", *[f"reveal AA{i}" for i in range(1, 7)], "no-reveal")
    ev = [e for e in s.events if e.table == "interrogation"][0]
    assert ev.row == 8 and ev.result == "Hq"


def test_14_31_ss_eliminates_and_takes_chits_equal_to_defence():
    s = cell(
        """"305" = { box = "interrogation_cell", suspected = true }""",
        dice="1",
        chits='abwehr = ["TR1", "TR2", "TR3", "TR4", "FA1"]',
    )
    s = play(s, "end-phase", "no-reveal", "no-reveal")  # die 1: Ss; defence 3
    assert s.unit("305").box is Box.ELIMINATED
    assert len(s.chits_of("ss")) == 3 and len(s.chits_of("abwehr")) == 2
    assert [(e.case, e.text) for e in s.events if e.private is None] == [
        ("14.34", "Interrogation of Bonhoeffer: die 1 = 1 against defence 3: Ss"),
        ("14.31", "Bonhoeffer is eliminated"),
        ("14.31", "SS takes 3 chits from the Abwehr box"),
    ]
    took = ", ".join(sorted(s.chits_of("ss")))
    said = {e.private: e.text for e in s.events if e.private}
    mine = said[Player.SS].removeprefix("SS took ")
    assert ", ".join(sorted(mine.split(", "))) == took  # three chits, one list
    assert said[Player.ABWEHR] == f"Abwehr lost {mine} to the SS"
    assert s.targeted == frozenset({"305"})  # 13.14: interrogated this turn


def test_14_31_a_box_holding_fewer_chits_than_the_defence_gives_what_it_holds_and_says_so():
    """Defence 3 and the Abwehr box holds 1: the SS takes it, and the log says why not 3;
    an empty box, why none (what each side holds is counted in public, 6.21)."""
    for held, said in (
        ('abwehr = ["TR1"]', "SS takes 1 of the 3 chits it could from the Abwehr box: it held only 1"),
        ("", "SS takes 0 of the 3 chits it could from the Abwehr box: it was empty"),
    ):
        s = cell(""""305" = { box = "interrogation_cell", suspected = true }""", dice="1", chits=held)
        s = play(s, "end-phase")
        while "no-reveal" in legal(s):  # (no Alibi/Arrest chit to reveal, 14.22)
            s = play(s, "no-reveal")  # die 1: Ss
        assert s.unit("305").box is Box.ELIMINATED and s.chits_of("abwehr") == []
        assert ("14.31", said) in [(e.case, e.text) for e in s.events if e.private is None]


def test_14_22_an_alibi_goes_to_the_cup_and_says_what_it_adds():
    s = cell(
        """"305" = { box = "interrogation_cell", suspected = true }""", dice="6", chits='abwehr = ["AA1"]'
    )
    s = play(s, "end-phase", "no-reveal", "reveal AA1")
    assert [(e.case, e.text) for e in s.events] == [
        ("14.22", "Abwehr reveals AA1: +1 to the interrogation roll")
    ]
    assert "AA1" in s.chits_of("cup") and "AA1" not in s.chits_of("abwehr")


def test_14_33_an_unrecruited_okw_unit_sent_home_is_placed_by_the_abwehr():
    """13.16 lets the SS investigate an OKW unit nobody controls; if it comes back (Hq),
    the Abwehr places it, as for his own units."""
    s = cell(
        """"401" = { box = "interrogation_cell", controller = "none" }""",
        dice="6",
        chits='abwehr = ["AA1", "AA2"]',
    )
    s = play(s, "end-phase", "no-reveal", "reveal AA1", "reveal AA2", "no-reveal")
    assert s.to_act is Player.ABWEHR and s.pending[-1].kind == "return"


def test_14_33_hq_returns_to_a_friendly_hq_of_the_abwehrs_choice():
    s = cell(
        """"305" = { box = "interrogation_cell", suspected = true }""", dice="6", chits='abwehr = ["AA1"]'
    )
    s = play(s, "end-phase", "no-reveal", "reveal AA1", "no-reveal")  # 6 + 1 = 7: Hq
    assert s.to_act is Player.ABWEHR and s.pending[-1].kind == "return"
    options = {a.split()[1] for a in legal(s) if a.startswith("return")}
    friendly = {f"{h:04d}" for k in ("abwehr", "okw", "ob_heimat") for h in s.rules.map.hqs[k].hexes}
    assert options == friendly
    assert str(illegal(s, "return 2110", "14.33")) == (
        "Bonhoeffer returns to an empty friendly HQ hex, or the nearest empty hex if all are full (14.33)"
    )
    s = play(s, "return 1411")
    assert at(s, "305") == "1411" and s.unit("305").box is None
    assert log(s) == [("14.33", "Bonhoeffer returns to 1411")]


# -- status adjustment -------------------------------------------------------------


def status(units: str, dice: str = "", player: str = "abwehr"):
    return pos(f"""
        phase = "status"
        phasing = "{player}"
        step = "retire"
        dice = [{dice}]
        [units]
        {units}
        """)


def test_15_11_markers_come_off_friendly_units_by_choice():
    s = status(""""305" = { hex = "2210", suspected = true, marker = "neutralized" }
        "002" = { hex = "2110", marker = "masked" }""")
    assert "clear 305" in legal(s) and "clear 002" not in legal(s)
    illegal(s, "clear 002", "15.11")
    s = play(s, "clear 305")
    assert s.unit("305").marker is None
    s = play(s, "end-phase", "no-reveal")
    assert s.unit("002").marker is Marker.MASKED


def test_15_12_returns_on_1_or_2_and_15_14_comes_back_unrecruited():
    s = status(
        """"305" = { box = "abwehr_retirement", suspected = true }
        "401" = { box = "abwehr_retirement", controller = "abwehr" }
        "302" = { box = "abwehr_retirement", suspected = true }""",
        dice="1, 2, 3",
    )
    # Rolls go in unit-id order: 302 rolls 1, 305 rolls 2, 401 rolls 3 (stays).
    assert s.unit("401").box is Box.ABWEHR_RETIREMENT
    assert [e.text for e in s.events][-1] == "Stauffenberg in General Retirement: die 3: stays"
    while s.pending:
        s = play(s, legal(s)[0])
    assert s.unit("302").hex is not None and s.unit("302").suspected is False  # 15.14
    assert s.unit("305").hex is not None and s.unit("305").controller is Player.ABWEHR


def test_15_14_a_returned_okw_unit_belongs_to_no_one():
    semi = 'controller = "abwehr", recruited = false, semi = true'
    s = status(
        f""""401" = {{ box = "abwehr_retirement", controller = "abwehr" }}
        "402" = {{ box = "abwehr_retirement", {semi} }}""",
        dice="2, 1",
    )
    assert s.to_act is Player.ABWEHR and s.pending[-1].kind == "return"  # its owner places it
    assert [(e.case, e.text, e.roll) for e in s.events] == [
        ("15.12", "Stauffenberg in General Retirement: die 2: returns", (2,)),
        ("15.12", "Haeften in General Retirement: die 1: returns", (1,)),
    ]
    while s.pending:
        s = play(s, legal(s)[0])
        assert s.events[-1].case == "15.12" and "returns to" in s.events[-1].text
    for uid in ("401", "402"):
        u = s.unit(uid)
        assert u.hex is not None and u.box is None and u.controller is None
        assert u.recruited is False and u.semi is False


def test_15_12_full_hqs_mean_the_nearest_empty_hex():
    hexes = [h for k in ("abwehr", "okw", "ob_heimat") for h in pos("").rules.map.hqs[k].hexes]
    fillers = ["301", "302", "303", "304", "306", "307", "308"][: len(hexes)]
    units = "\n        ".join(
        f'"{u}" = {{ hex = "{h:04d}", suspected = true }}' for u, h in zip(fillers, hexes, strict=True)
    )
    s = status(units + '\n        "305" = { box = "abwehr_retirement", suspected = true }', dice="1")
    options = [int(a.split()[1]) for a in legal(s) if a.startswith("return")]
    assert options and not set(options) & set(hexes)
    d = {min(s.rules.map.distance(o, h) for h in hexes) for o in options}
    assert d == {1}


def test_13_11_only_the_ss_investigates():
    s = pos("""
        phase = "recruitment"
        phasing = "abwehr"
        [units]
        "002" = { hex = "2210" }
        "301" = { hex = "2110", suspected = true }
        """)
    illegal(s, "investigate 002", "5.2")
    assert not any(a.startswith("investigate") for a in legal(s))


def test_13_26_many_investigations_in_one_phase():
    s = investigating(
        """"305" = { hex = "2210", suspected = true }
        "304" = { hex = "2012", suspected = true }
        "000" = { hex = "2110" }
        "001" = { hex = "2011" }""",
        dice="4, 4",
    )
    s = play(s, "investigate 305", "join 000", "roll", "no-reveal")
    s = play(s, "investigate 304", "join 001", "roll", "no-reveal")
    assert s.unit("305").marker is Marker.NEUTRALIZED and s.unit("304").marker is Marker.NEUTRALIZED


# -- boundaries (each pins a mutant that survived the suite) ------------------------


def test_17_24_an_allied_unit_is_never_investigated():
    # Allied units belong to neither player (a position may not give one an owner).
    s = investigating(""""501" = { hex = "2210" }
        "000" = { hex = "2110" }""")
    err = illegal(s, "investigate 501", "13.12")
    assert "investigate 501" not in legal(s)
    assert str(err) == "Jade-Amicol is not an Abwehr-controlled unit on the map (13.12)"


def test_13_16_an_unrecruited_unit_the_abwehr_still_holds_cannot_be_investigated():
    # Guderian after OKW Panic (12.83): the Abwehr's, but on his Unrecruited side.
    s = investigating(""""414" = { hex = "2210", controller = "abwehr", recruited = false }
        "000" = { hex = "2110" }""")
    assert str(illegal(s, "investigate 414", "13.16")) == "Guderian cannot be investigated (13.16)"
    assert "investigate 414" not in legal(s)


def test_13_15_investigators_need_effectiveness_above_0():
    """Hitler (0 effectiveness) never investigates; Speer (1), under SS control, may."""
    s = investigating(""""305" = { hex = "2210", suspected = true }
        "100" = { hex = "2209", controller = "ss" }
        "110" = { hex = "2310", controller = "ss" }""")
    s = play(s, "investigate 305")
    assert {a for a in legal(s) if a.startswith("join")} == {"join 110"}
    illegal(s, "join 100", "13.15")


def test_13_21_exactly_2_to_1_may_roll():
    """Hanke 4 + Strölin 2 on Bonhoeffer 3: 6 to 3 is exactly 2:1, enough; Hanke alone
    (4 to 3, 1:1) is not."""
    s = investigating(
        """"305" = { hex = "2210", suspected = true }
        "011" = { hex = "2310" }
        "108" = { hex = "2209", controller = "ss" }""",
        dice="6",
    )
    s = play(s, "investigate 305", "join 011")
    assert "roll" not in legal(s)
    s = play(s, "join 108")
    assert "roll" in legal(s)
    s = play(s, "roll", "no-reveal")
    ev = [e for e in s.events if e.table == "investigation"][0]
    assert "6 to 3" in ev.text and ev.column == 2


def test_13_15_a_unit_already_named_cannot_join_twice():
    s = investigating(""""305" = { hex = "2210", suspected = true }
        "011" = { hex = "2310" }""")
    s = play(s, "investigate 305", "join 011")
    illegal(s, "join 011", "13.15")


def test_13_17_13_18_13_36_the_worked_example_as_the_log_tells_it():
    """Every line the log shows for 13.19's example, and every refusal on the way, word
    for word: the log is how players follow an investigation."""
    s = investigating(
        EXAMPLE, dice="4", chits='abwehr = ["L011", "L108", "L305"]\n        ss = ["AA1", "AA2"]'
    )
    s = play(s, "investigate 305", "join 000", "join 011", "join 108", "roll")
    assert log(s) == [("13.0", "SS investigates Bonhoeffer with Himmler + Hanke + Strölin")]
    assert (
        str(illegal(s, "reveal L305", "13.17"))
        == "L305 is not the Loyalty chit of an investigating unit (13.17)"
    )
    s = play(s, "reveal L011")
    assert log(s) == [("13.17", "Abwehr reveals L011: Hanke drops out of the investigation")]
    assert s.chits[s.rules.chits.chits.index(s.rules.chits.by_id()["L011"])] == "cup"
    assert str(illegal(s, "reveal L011", "13.17")) == "you do not hold L011 (13.17)"
    s = play(s, "reveal L108", "no-reveal")
    assert str(illegal(s, "alibi 000 AA1", "13.18")) == "Himmler has no exposure left to cancel (13.18)"
    assert str(illegal(s, "alibi 011 FA1", "13.18")) == "FA1 is not an Alibi/Arrest chit you hold (13.18)"
    s = play(s, "alibi 011 AA1")
    assert log(s) == [("13.18", "SS reveals AA1: Hanke investigates after all")]
    assert s.chits[s.rules.chits.chits.index(s.rules.chits.by_id()["AA1"])] == "cup"
    assert "alibi 011 AA2" not in legal(s)  # covered once is enough
    assert str(illegal(s, "alibi 011 AA2", "13.18")) == "Hanke has no exposure left to cancel (13.18)"
    s = play(s, "no-reveal")
    assert log(s) == [("13.36", "Investigation of Bonhoeffer: 13 to 3 (4:1), die 4: N")]


def log(s):
    return [(e.case, e.text) for e in s.events]


def test_13_22_the_log_says_why_it_was_called_off():
    s = investigating(
        """"305" = { hex = "2210", suspected = true }
        "011" = { hex = "2310" }
        "108" = { hex = "2209", controller = "ss" }""",
        chits='abwehr = ["L108"]',
    )
    s = play(s, "investigate 305", "join 011", "join 108", "roll", "reveal L108", "no-reveal", "no-reveal")
    assert log(s) == [("13.22", "4 to 3 is below 2 to 1: the investigation is called off")]


def test_13_35_with_10_68_no_advance_into_the_targets_own_hq():
    """Ic on Bonhoeffer in the Abwehr HQ: he goes to the Cell, and no investigator may
    take his place in an HQ friendly to the Abwehr."""
    s = investigating(
        """"305" = { hex = "1714", suspected = true }
        "000" = { hex = "1814" }
        "011" = { hex = "1715" }""",
        dice="6",
    )
    s = play(s, "investigate 305", "join 000", "join 011", "roll", "no-reveal")
    assert s.unit("305").box is Box.INTERROGATION
    assert ("10.68", "no advance into the enemy's own HQ") in log(s)
    assert not s.pending and not any(a.startswith("advance") for a in legal(s))


def test_14_34_defence_3_and_below_read_the_first_column_8_and_above_the_last():
    """Canaris (defence 9) is read in the defence-8 column, Bonhoeffer (3) in the first:
    die 5 is Hq against Canaris, Gr against Bonhoeffer."""
    for uid, dfn, column, result in (("300", 9, 8, "Hq"), ("305", 3, 3, "Gr")):
        s = cell(f'''"{uid}" = {{ box = "interrogation_cell", suspected = true }}''', dice="5")
        s = play(s, "end-phase", "no-reveal", "no-reveal")
        ev = [e for e in s.events if e.table == "interrogation"][0]
        assert (ev.row, ev.column, ev.result, ev.roll) == (5, column, result, (5,))
        assert ev.case == "14.34" and f"die 5 = 5 against defence {dfn}: {result}" in ev.text


def test_14_22_alibis_are_revealed_one_at_a_time():
    s = cell(
        """"305" = { box = "interrogation_cell", suspected = true }""",
        dice="2",
        chits='abwehr = ["AA1", "AA2"]',
    )
    s = play(s, "end-phase", "no-reveal")
    assert legal(s) == ["reveal AA1", "no-reveal"]
    s = play(s, "reveal AA1")
    assert legal(s) == ["reveal AA2", "no-reveal"]
    s = play(s, "reveal AA2", "no-reveal")
    ev = [e for e in s.events if e.table == "interrogation"][0]
    assert "die 2 + 2 = 4" in ev.text and ev.row == 4


def test_15_12_one_free_friendly_hq_hex_takes_the_returning_unit_without_asking():
    hexes = sorted(h for k in ("abwehr", "okw", "ob_heimat") for h in pos("").rules.map.hqs[k].hexes)
    free, taken = hexes[-1], hexes[:-1]
    fillers = ["301", "302", "303", "304", "306", "307"]
    units = "\n        ".join(
        f'"{u}" = {{ hex = "{h:04d}", suspected = true }}' for u, h in zip(fillers, taken, strict=True)
    )
    s = status(units + '\n        "305" = { box = "abwehr_retirement", suspected = true }', dice="1")
    assert s.pending == () and s.unit("305").hex == free == 1714  # nothing to choose
    assert [(e.case, e.text) for e in s.events] == [
        ("15.12", "Bonhoeffer in General Retirement: die 1: returns"),
        ("15.12", "Bonhoeffer returns to 1714"),
    ]


def test_13_35_with_9_24_only_an_investigator_the_hq_is_friendly_to_may_advance_into_it():
    """Bonhoeffer stands in the Foreign Office (2008: he got there by advancing after
    harassing it while vacant, 10.69). Ic sends him to the Cell; the advance follows 10.6,
    so of Himmler and Strölin only Strölin, a Nazi, may enter the Foreign Office (9.22,
    9.24): it is unfriendly to the SS, and friendliness goes by party (9.23)."""
    s = investigating(
        """"305" = { hex = "2008", suspected = true }
        "000" = { hex = "2108" }
        "108" = { hex = "1908", controller = "ss" }""",
        dice="6",
    )
    s = play(s, "investigate 305", "join 000", "join 108", "roll", "no-reveal")
    assert s.unit("305").box is Box.INTERROGATION
    assert set(legal(s)) == {"advance 108 2008", "stay"}
    assert str(illegal(s, "advance 000 2008", "9.24")) == ("Foreign Office is not friendly to Himmler (9.24)")
    s = play(s, "advance 108 2008")
    assert at(s, "108") == "2008"


def test_13_35_with_9_24_no_advance_at_all_when_the_hq_is_friendly_to_no_investigator():
    s = investigating(
        """"305" = { hex = "2008", suspected = true }
        "000" = { hex = "2108" }
        "011" = { hex = "1908" }""",
        dice="6",
    )
    s = play(s, "investigate 305", "join 000", "join 011", "roll", "no-reveal")
    assert s.unit("305").box is Box.INTERROGATION
    assert ("9.24", "no investigator may advance into Foreign Office: unfriendly to them") in log(s)
    assert not s.pending and not any(a.startswith("advance") for a in legal(s))


def test_15_12_with_9_24_the_nearest_empty_hex_is_never_an_unfriendly_hq(data_copy):
    """On the printed map every HQ lies far from every other, so no return can reach an
    unfriendly one; this map moves one Foreign Office hex next to a one-hex Abwehr HQ
    (and makes the other two HQs friendly to no one), so that 1814, the Foreign Office,
    is among the nearest empty hexes when the Abwehr HQ is full."""
    from plot_core import load_rules
    from plot_core.engine.position import load_position

    hqs = data_copy / "map/map.toml"
    text = hqs.read_text()
    for old, new in (
        ('hexes = ["1714", "1613", "1513"]', 'hexes = ["1714"]'),
        ('hexes = ["2008", "1907"]', 'hexes = ["1814", "1815"]'),
        (
            'friendly_parties = ["Abwehr", "OKW"]\nfriendly_units = []\nhexes = ["1510"',
            'friendly_parties = []\nfriendly_units = []\nhexes = ["1510"',
        ),
        (
            'friendly_parties = ["Abwehr", "OKW"]\nfriendly_units = []\nhexes = ["1518"',
            'friendly_parties = []\nfriendly_units = []\nhexes = ["1518"',
        ),
    ):
        assert old in text
        text = text.replace(old, new)
    hqs.write_text(text)
    rules = load_rules(data_copy)
    assert rules.map.hq_of[1814] == "foreign_office"
    s = load_position(
        textwrap.dedent("""
        phase = "status"
        phasing = "abwehr"
        step = "retire"
        dice = [1]
        [units]
        "301" = { hex = "1714", suspected = true }
        "305" = { box = "abwehr_retirement", suspected = true }
        """),
        rules=rules,
    )
    options = {a.split()[1] for a in legal(s) if a.startswith("return")}
    assert options == {"1613", "1614", "1615", "1713", "1715"}  # 1714's neighbours but 1814
    assert illegal(s, "return 1814", "15.12")


def test_13_18_exposures_a_position_says_are_covered_stay_covered_when_the_ss_answers():
    # The Abwehr has revealed both investigators' Loyalty chits (13.17); the position
    # says the SS has already covered Müller's (13.18): only Kaltenbrunner's is left to
    # cover once the Abwehr is done revealing.
    s = pos("""
phase = "investigation"
phasing = "ss"
[units]
"305" = { hex = "2210", suspected = true }
"003" = { hex = "2110" }
"004" = { hex = "2310" }
[chits]
ss = ["AA1"]
[[pending]]
kind = "expose_investigators"
player = "abwehr"
unit = "305"
units = ["003", "004"]
chits = ["L003", "L004"]
cleared = ["003"]
""")
    s = play(s, "no-reveal")
    assert [a for a in legal(s) if a.startswith("alibi")] == ["alibi 004 AA1"]
