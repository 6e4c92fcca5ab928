"""Recruitment (12.1x-12.5x), Double-Cross (12.6x), suspicion (12.7x)."""

from __future__ import annotations

from plot_core.engine.state import evolve
from plot_core.parties import Player

from .helpers import H, at, illegal, legal, play, pos, to_phase

# Target at 2210; 2210's neighbours: 2110 2310 2109 2209 2111 2211 (all plain Berlin).


def recruiting(player: str, units: str, dice: str = "", chits: str = "") -> object:
    return pos(f"""
        phase = "recruitment"
        phasing = "{player}"
        dice = [{dice}]
        [units]
        {units}
        [chits]
        {chits}
        """)


def test_12_12_ss_recruits_nazis_freely_and_12_31_r():
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110" }""",
        dice="1",
    )  # Heydrich 8 vs Bormann 7: +1
    s = play(s, "recruit 101", "join 001", "roll")
    b = s.unit("101")
    assert b.recruited and b.controller is Player.SS
    ev = [e for e in s.events if e.table == "recruitment"][0]
    assert (ev.row, ev.column, ev.result) == (1, 1, "R")


def test_12_13_abwehr_recruits_okw_freely_and_12_73_falls_under_suspicion():
    s = recruiting(
        "abwehr",
        """"401" = { hex = "2210", controller = "none" }
        "301" = { hex = "2110" }""",
        dice="1",
    )  # Dohnanyi 8 vs Stauffenberg 7
    assert not s.unit("301").suspected
    s = play(s, "recruit 401", "join 301", "roll")
    assert s.unit("401").controller is Player.ABWEHR and s.unit("401").recruited
    assert s.unit("301").suspected  # 12.73


def test_12_74_goerdeler_too_falls_under_suspicion():
    s = recruiting(
        "abwehr",
        """"416" = { hex = "2210", controller = "none" }
        "200" = { hex = "2110" }""",
        dice="1",
    )  # Goerdeler 5 vs Manstein 6: -1
    illegal(play(s, "recruit 416", "join 200"), "roll", "12.53")
    s = recruiting(
        "abwehr",
        """"418" = { hex = "2210", controller = "none" }
        "200" = { hex = "2110" }
        "309" = { hex = "2310" }""",
        dice="1",
    )  # 5 + 2 vs Schulenburg 6: +1
    s = play(s, "recruit 418", "join 200", "join 309", "roll")
    assert s.unit("200").suspected and s.unit("309").suspected
    # one line for everyone the roll put under suspicion
    assert [e.text for e in s.events if e.case == "12.73"] == ["Goerdeler and Trott fall under suspicion"]


def test_12_14_civilians_need_their_loyalty_chit():
    units = """"201" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110" }"""
    illegal(recruiting("ss", units), "recruit 201", "12.14")
    s = recruiting("ss", units, dice="1", chits='ss = ["L201"]')
    s = play(s, "recruit 201", "join 001", "roll")  # 8 vs Leber 3: +5
    assert s.unit("201").controller is Player.SS
    assert [(e.case, e.text) for e in s.events][:2] == [
        ("12.14", "SS reveals L201"),
        ("12.9", "Heydrich tries to recruit Leber: +5, die 1: R"),
    ]
    assert "L201" not in s.chits_of("ss")  # back in the cup


def test_12_15_abwehr_needs_loyalty_for_nazis_and_12_16_ss_for_okw():
    illegal(
        recruiting(
            "abwehr",
            """"101" = { hex = "2210", controller = "none" }
        "301" = { hex = "2110" }""",
        ),
        "recruit 101",
        "12.15",
    )
    illegal(
        recruiting(
            "ss",
            """"401" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110" }""",
        ),
        "recruit 401",
        "12.16",
    )
    s = recruiting(
        "ss",
        """"401" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110" }""",
        dice="1",
        chits='ss = ["L401"]',
    )
    s = play(s, "recruit 401", "join 001", "roll")
    assert s.unit("401").controller is Player.SS  # an SS-controlled OKW unit
    assert (s.events[0].case, s.events[0].text) == ("12.16", "SS reveals L401")
    s = recruiting(
        "abwehr",
        """"101" = { hex = "2210", controller = "none" }
        "301" = { hex = "2110" }""",
        dice="1",
        chits='abwehr = ["L101"]',
    )
    s = play(s, "recruit 101", "join 301", "roll")
    assert (s.events[0].case, s.events[0].text) == ("12.15", "Abwehr reveals L101")


def test_12_66_never_the_other_core_party():
    illegal(
        recruiting(
            "ss",
            """"305" = { hex = "2210", suspected = true }
        "001" = { hex = "2110" }""",
            chits='ss = ["L305", "DC1"]',
        ),
        "recruit 305",
        "12.66",
    )
    illegal(
        recruiting(
            "abwehr",
            """"005" = { hex = "2210" }
        "301" = { hex = "2110" }""",
            chits='abwehr = ["L005", "DC1"]',
        ),
        "recruit 005",
        "12.66",
    )


def test_12_11_recruited_units_need_a_double_cross():
    units = """"101" = { hex = "2210", controller = "ss" }
        "301" = { hex = "2110" }
        "302" = { hex = "2310" }"""
    illegal(
        recruiting("ss", units.replace("301", "001").replace("302", "002")), "recruit 101", "12.11"
    )  # already the SS's
    illegal(recruiting("abwehr", units, chits='abwehr = ["L101"]'), "recruit 101", "12.61")


def test_12_61_to_12_63_double_cross_takes_a_unit_from_the_enemy():
    s = recruiting(
        "abwehr",
        """"101" = { hex = "2210", controller = "ss" }
        "301" = { hex = "2110" }""",
        dice="1",
        chits='abwehr = ["L101", "DC1"]',
    )
    s = play(s, "recruit 101", "join 301", "roll")  # 8 vs 7: +1, die 1: R
    assert s.unit("101").controller is Player.ABWEHR and s.unit("101").recruited
    assert s.chits_of("abwehr") == []  # 12.62: both chits spent
    assert [(e.case, e.text) for e in s.events] == [
        ("12.62", "Abwehr spends DC1 and L101 on a Double-Cross"),
        ("12.9", "Dohnanyi tries to recruit Bormann (Double-Cross): +1, die 1: R"),
        ("12.73", "Dohnanyi falls under suspicion"),
        ("12.31", "Bormann is recruited by Abwehr"),
    ]


def test_12_64_a_failed_double_cross_leaves_the_unit_where_it_was():
    s = recruiting(
        "abwehr",
        """"101" = { hex = "2210", controller = "ss" }
        "301" = { hex = "2110" }""",
        dice="6",
        chits='abwehr = ["L101", "DC1"]',
    )
    s = play(s, "recruit 101", "join 301", "roll")  # +1, die 6: Ep
    assert s.unit("101").controller is Player.SS
    assert len(s.chits_of("ss")) == 1  # 12.33: the SS picks a chit


def test_12_65_sr_in_a_double_cross_always_succeeds():
    s = recruiting(
        "abwehr",
        """"101" = { hex = "2210", controller = "ss" }
        "301" = { hex = "2110" }""",
        dice="2",
        chits='abwehr = ["L101", "DC1"]',
    )
    s = play(s, "recruit 101", "join 301", "roll")  # +1, die 2: Sr
    assert s.unit("101").controller is Player.ABWEHR and not s.unit("101").semi


def test_12_34_sr_for_the_ss_is_r_and_12_35_for_the_abwehr_semi():
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110" }""",
        dice="2",
    )
    s = play(s, "recruit 101", "join 001", "roll")
    assert s.unit("101").recruited and s.unit("101").controller is Player.SS
    s = recruiting(
        "abwehr",
        """"401" = { hex = "2210", controller = "none" }
        "301" = { hex = "2110" }""",
        dice="2",
    )
    s = play(s, "recruit 401", "join 301", "roll")
    u = s.unit("401")
    assert u.semi and not u.recruited and u.controller is Player.ABWEHR  # 12.35, 12.41
    assert s.unit("301").suspected  # 12.73: Sr too


def test_12_32_ar_every_recruiter_retreats():
    s = recruiting(
        "ss",
        """"104" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "014" = { hex = "2310" }""",
        dice="3",
    )  # Best 3 + Ribbentrop 2 vs Nebe 6: -1
    illegal(play(s, "recruit 104", "join 013", "join 014"), "roll", "12.53")
    s = recruiting(
        "ss",
        """"107" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "014" = { hex = "2310" }""",
        dice="4",
    )  # 3 + 2 vs Popitz 3: +2, die 4: Ar
    s = play(s, "recruit 107", "join 013", "join 014", "roll")
    while s.pending and s.pending[-1].kind == "retreat":
        assert s.to_act is Player.SS  # the owner retreats his units
        s = play(s, legal(s)[0])
    assert at(s, "013") != "2110" and at(s, "014") != "2310"
    assert s.unit("107").controller is None


def test_12_33_ep_the_enemy_draws_from_the_cup():
    s = recruiting(
        "ss",
        """"107" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "014" = { hex = "2310" }""",
        dice="6",
    )  # +2, die 6: Ep
    s = play(s, "recruit 107", "join 013", "join 014", "roll")
    assert len(s.chits_of("abwehr")) == 1 and s.unit("107").controller is None


def test_12_54_above_plus_7_reads_the_plus_7_column():
    s = recruiting(
        "ss",
        """"110" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110" }
        "002" = { hex = "2310" }""",
        dice="6",
    )  # 16 vs Speer 6: +10
    s = play(s, "recruit 110", "join 001", "join 002", "roll")
    ev = [e for e in s.events if e.table == "recruitment"][0]
    assert ev.column == 7 and ev.result == s.rules.tables.recruitment.cell(6, 7)


def test_12_22_once_per_target_and_recruiter_and_12_27_snowballing():
    # Speer at 2211 is next to Bormann (2210) but not to Heydrich (2110).
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none" }
        "110" = { hex = "2211", controller = "none" }
        "001" = { hex = "2110" }""",
        dice="1, 1",
    )
    illegal(s, "recruit 110", "12.21")  # no friendly zone reaches Speer
    s = play(s, "recruit 101", "join 001", "roll")  # Bormann joins the SS
    illegal(s, "recruit 101", "12.22")  # one attempt per target
    s = play(s, "recruit 110")
    assert "join 001" not in legal(s)  # Heydrich has recruited already
    s = play(s, "join 101", "roll")  # 12.27: Bormann 8 vs Speer 6
    assert s.unit("110").controller is Player.SS


def test_12_21_12_51_only_targets_in_a_friendly_zone():
    illegal(
        recruiting(
            "ss",
            """"101" = { hex = "2410", controller = "none" }
        "001" = { hex = "2110" }""",
        ),
        "recruit 101",
        "12.21",
    )
    illegal(
        recruiting(
            "ss",
            """"101" = { hex = "2810", controller = "none" }
        "001" = { hex = "2710" }""",
        ),
        "recruit 101",
        "12.21",
    )  # across the Prussian border


def test_12_67_masked_targets_may_be_recruited_and_15_21_masked_units_cannot_recruit():
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none", marker = "masked" }
        "001" = { hex = "2110" }""",
        dice="1",
    )
    s = play(s, "recruit 101", "join 001", "roll")
    assert s.unit("101").controller is Player.SS
    illegal(
        recruiting(
            "ss",
            """"101" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110", marker = "masked" }""",
        ),
        "recruit 101",
        "12.21",
    )


def test_12_42_semi_recruited_units_cannot_be_recruited_again_12_43_nor_recruit():
    units = """"401" = { hex = "2210", controller = "abwehr", recruited = false, semi = true }
        "402" = { hex = "2310", controller = "none" }
        "001" = { hex = "2110" }"""
    illegal(recruiting("ss", units, chits='ss = ["L401"]'), "recruit 401", "12.42")
    illegal(recruiting("abwehr", units.replace('"001"', '"309"')), "recruit 402", "12.21")


def test_12_24_nothing_but_recruitment_in_the_phase():
    s = recruiting("ss", """"001" = { hex = "2110" }""")
    illegal(s, "activate 001", "5.2")


def test_12_25_12_26_combined_strength_on_one_target():
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "011" = { hex = "2310" }""",
        dice="1",
    )  # Best 3 + Hanke 4 vs 7: 0
    s = play(s, "recruit 101", "join 013")
    assert "roll" not in legal(s)
    s = play(s, "join 011")
    assert "roll" not in legal(s)  # 12.53: 0 is not enough
    illegal(s, "roll", "12.53")  # and refused if asked, at +0
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "011" = { hex = "2310" }
        "012" = { hex = "2209" }""",
        dice="1",
    )  # 3 + 4 + 4 vs 7: +4
    s = play(s, "recruit 101", "join 013", "join 011", "join 012", "roll")
    assert [e.column for e in s.events if e.table == "recruitment"] == [4]


def test_12_75_the_ss_exposes_an_abwehr_unit_at_any_point():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "305" = { hex = "2210" }
        [chits]
        ss = ["L305"]
        """)
    illegal(play(s, "activate 002"), "harass 305", "12.72")
    s = play(s, "expose 305")
    assert s.unit("305").suspected and "L305" not in s.chits_of("ss")
    s = play(s, "activate 002")
    assert "harass 305" in legal(s)
    a = pos("""
        phasing = "abwehr"
        [units]
        "305" = { hex = "2210" }
        [chits]
        ss = ["L305"]
        """)
    illegal(a, "expose 305", "12.75")  # not while the Abwehr acts


def test_12_81_to_12_84_okw_panic():
    s = pos("""
        turn = 3
        phase = "status"
        phasing = "ss"
        dice = [4]
        [units]
        "002" = { hex = "1714" }
        "401" = { hex = "1810", controller = "abwehr" }
        "402" = { hex = "1812", controller = "abwehr", recruited = false, semi = true }
        "403" = { hex = "1910", controller = "abwehr" }
        "404" = { hex = "1912", controller = "abwehr" }
        """)
    s = play(s, "end-phase")  # die 4: 3 OKW units panic
    assert s.to_act is Player.ABWEHR and s.pending[-1].kind == "panic"
    assert str(illegal(s, "panic 002", "12.83")) == "Schellenberg is not an OKW unit of yours (12.83)"
    one = play(s, "panic 402")
    assert [(e.case, e.text) for e in one.events] == [("12.83", "Haeften panics and is unrecruited")]
    s = play(s, "panic 402", "panic 401", "panic 404", "no-reveal")  # no coup (18.11)
    for uid in ("401", "402"):
        u = s.unit(uid)
        assert (u.controller, u.recruited, u.semi) == (None, False, False)
    assert s.unit("403").controller is Player.ABWEHR
    assert s.turn == 4


def test_12_83_when_as_many_must_panic_as_there_are_the_abwehr_chooses_nothing():
    # die 4: three OKW units panic; the Abwehr has exactly three (and then two, with
    # three to panic): each panics without a decision, in the order of the units
    hexes = {"401": "1810", "402": "1812", "403": "1910"}
    for units in (("401", "402", "403"), ("401", "403")):
        placed = "\n".join(f'"{u}" = {{ hex = "{hexes[u]}", controller = "abwehr" }}' for u in units)
        s = pos(f"""
            turn = 3
            phase = "status"
            phasing = "ss"
            dice = [4]
            [units]
            "002" = {{ hex = "1714" }}
            {placed}
            """)
        s = play(s, "end-phase")
        assert not any(d.kind == "panic" for d in s.pending)
        said = [e.text for e in s.events if e.case == "12.83"]
        assert said == [f"{s.info(u).short} panics and is unrecruited" for u in units]
        for u in units:
            assert (s.unit(u).controller, s.unit(u).recruited, s.unit(u).semi) == (None, False, False)


def test_12_83_a_panic_with_no_okw_unit_left_to_panic_is_over_at_once():
    """A position may leave a panic pending when the Abwehr holds no OKW unit (none
    can panic): the game goes on, as when the last one has panicked."""
    s = pos("""
        turn = 3
        phase = "status"
        phasing = "ss"
        [units]
        "002" = { hex = "1714" }
        [[pending]]
        kind = "panic"
        player = "abwehr"
        count = 2
        """)
    assert not any(d.kind == "panic" for d in s.pending)
    assert not [e for e in s.events if e.case == "12.83"]


def test_12_81_no_panic_without_an_ss_unit_in_an_okw_hq():
    s = pos("""
        turn = 3
        phase = "status"
        phasing = "ss"
        dice = [4, 1, 1, 4]
        [units]
        "402" = { hex = "1714", controller = "ss", recruited = true }
        "401" = { hex = "1810", controller = "abwehr" }
        """)
    s = play(s, "end-phase", "no-reveal")  # an SS-controlled OKW unit
    assert s.unit("401").controller is Player.ABWEHR and s.turn == 4
    assert not any(e.table == "okw_panic" for e in s.events)


def test_12_84_one_roll_for_each_unit_in_an_okw_hq():
    s = pos("""
        turn = 3
        phase = "status"
        phasing = "ss"
        dice = [1, 1, 4, 1, 4]
        [units]
        "002" = { hex = "1714" }
        "003" = { hex = "1411" }
        "401" = { hex = "1810", controller = "abwehr" }
        "402" = { hex = "1812", controller = "abwehr" }
        "403" = { hex = "1910", controller = "abwehr" }
        """)
    s = play(s, "end-phase")
    assert len([e for e in s.events if e.table == "okw_panic"]) == 2
    assert s.pending[-1].count == 2


def test_12_14_to_12_16_control_markers():
    from plot_core.engine.state import control_marker

    s = recruiting(
        "ss",
        """"201" = { hex = "2210", controller = "ss" }
        "401" = { hex = "2110", controller = "ss" }
        "101" = { hex = "2310", controller = "ss" }
        "102" = { hex = "2410", controller = "abwehr" }
        "402" = { hex = "2510", controller = "abwehr" }
        "001" = { hex = "2610" }
        "202" = { hex = "2710", controller = "abwehr", recruited = false, semi = true }""",
    )
    marks = {u: control_marker(s.rules, s.unit(u)) for u in ("201", "401", "101", "102", "402", "001", "202")}
    assert marks == {
        "201": Player.SS,
        "401": Player.SS,
        "101": None,
        "102": Player.ABWEHR,
        "402": None,
        "001": None,
        "202": None,
    }  # semi-recruited: a semi marker, not control (12.35)


# -- what the legal list offers, at its edges (found by mutation testing) --------


def test_12_2_the_list_offers_targets_on_the_map_then_recruiters_not_yet_joined():
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "011" = { hex = "2310" }""",
        dice="1",
    )  # Best 3 + Hanke 4 vs Bormann 7
    assert "recruit 101" in legal(s) and legal(s)[-1] == "end-phase"
    s = play(s, "recruit 101", "join 013")
    assert "join 011" in legal(s) and "join 013" not in legal(s)  # 12.22: once each
    e = illegal(s, "join 013", "12.22")
    assert "already joined" in str(e)


def test_12_53_the_roll_is_offered_from_exactly_plus_1():
    s = recruiting(
        "abwehr",
        """"418" = { hex = "2210", controller = "none" }
        "200" = { hex = "2110" }
        "309" = { hex = "2310" }""",
        dice="1",
    )  # 5 + 2 vs Schulenburg 6: +1
    s = play(s, "recruit 418", "join 200", "join 309")
    assert "roll" in legal(s)


def test_12_25_a_unit_that_may_not_join_is_refused_with_the_reason():
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "011" = { hex = "3010" }""",
        dice="1",
    )  # Hanke far from Bormann
    s = play(s, "recruit 101")
    e = illegal(s, "join 011", "12.25")
    assert str(e) == (
        "Hanke cannot join: it must be yours, unused this phase, with Bormann in its zone (12.25)"
    )


def test_12_75_expose_is_offered_for_unsuspected_abwehr_units_on_the_map_whose_chit_the_ss_holds():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "305" = { hex = "2210" }
        "301" = { hex = "2310", suspected = true }
        "302" = { box = "abwehr_retirement" }
        "303" = { hex = "2410" }
        [chits]
        ss = ["L305", "L301", "L302"]
        """)
    exposes = [a for a in legal(s) if a.startswith("expose")]
    # not 301 (already suspected), 302 (off the map) nor 303 (the SS lacks its chit)
    assert exposes == ["expose 305"]


def test_12_75_exposing_says_why_it_is_refused_and_logs_the_chit():
    s = pos("""
        phasing = "ss"
        [units]
        "305" = { hex = "2210" }
        "303" = { hex = "2410" }
        "401" = { hex = "1812", controller = "abwehr" }
        [chits]
        ss = ["L305", "L401"]
        """)
    assert str(illegal(s, "expose 401", "12.75")) == "Stauffenberg is not an Abwehr unit (12.75)"
    assert str(illegal(s, "expose 303", "12.75")) == "you do not hold L303 (12.75)"
    s = play(s, "expose 305")
    assert [(e.case, e.text) for e in s.events] == [("12.75", "SS reveals L305: Bonhoeffer is now suspected")]
    assert s.chits_of("cup").count("L305") == 1


def test_12_2_a_unit_that_recruited_does_not_recruit_again_this_phase():
    """Heydrich tries Bormann (die 1: R); Helldorf stands in his zone too, but Heydrich
    has recruited this phase: nobody is left to try Helldorf, and Bormann is marked tried."""
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none" }
        "102" = { hex = "2010", controller = "none" }
        "001" = { hex = "2110" }""",
        dice="1",
    )
    assert "recruit 102" in legal(s)
    s = play(s, "recruit 101", "join 001", "roll")
    assert "001" in s.activated and "101" in s.targeted
    assert "recruit 102" not in legal(s) and "recruit 101" not in legal(s)


def test_12_81_12_84_who_rolls_for_panic_whatever_comes_first_in_the_list():
    """Only SS-controlled SS, Nazi or Civilian units in an HQ friendly to OKW roll: not
    Himmler in General Retirement, nor Heydrich in the street, nor an Abwehr-controlled
    Civilian in the Abwehr HQ; Bormann (SS-controlled) in the OKW HQ does."""
    s = pos("""
        turn = 3
        phase = "status"
        phasing = "ss"
        dice = [4]
        [units]
        "000" = { box = "ss_retirement" }
        "001" = { hex = "2110" }
        "101" = { hex = "1411", controller = "ss" }
        "201" = { hex = "1613", controller = "abwehr" }
        "401" = { hex = "1810", controller = "abwehr" }
        """)
    s = play(s, "end-phase")
    rolls = [e for e in s.events if e.table == "okw_panic"]
    assert [e.text.split(" stands")[0] for e in rolls] == ["Bormann"]
    assert (rolls[0].row, rolls[0].result, rolls[0].roll, rolls[0].case) == (4, "3", (4,), "12.82")
    # 12.83: 3 to panic, and the Abwehr's one OKW unit goes without a question
    assert s.unit("401").controller is None and not s.unit("401").recruited
    assert s.unit("201").controller is Player.ABWEHR


def test_12_83_as_many_to_panic_as_there_are_okw_units_takes_them_all_without_asking():
    """Die 4 on the Panic Table: 3 to panic, and the Abwehr holds exactly 3 OKW units,
    so there is nothing to choose; with one unit more there is (the test above)."""
    s = pos("""
        turn = 3
        phase = "status"
        phasing = "ss"
        dice = [4]
        [units]
        "002" = { hex = "1714" }
        "401" = { hex = "1810", controller = "abwehr" }
        "402" = { hex = "1812", controller = "abwehr", recruited = false, semi = true }
        "403" = { hex = "1910", controller = "abwehr" }
        """)
    s = play(s, "end-phase")
    assert not any(d.kind == "panic" for d in s.pending)
    assert [e.text for e in s.events if e.case == "12.83"] == [
        f"{s.info(u).short} panics and is unrecruited" for u in ("401", "402", "403")
    ]
    for uid in ("401", "402", "403"):
        u = s.unit(uid)
        assert (u.controller, u.recruited, u.semi) == (None, False, False)


def test_12_83_only_recruited_or_semi_okw_units_of_the_abwehr_panic():
    s = pos("""
        turn = 3
        phase = "status"
        phasing = "ss"
        dice = [1]
        [units]
        "002" = { hex = "1714" }
        "301" = { hex = "2110", controller = "abwehr" }
        "401" = { hex = "1810", controller = "abwehr" }
        "402" = { hex = "1812", controller = "none" }
        "403" = { hex = "1910", controller = "ss", recruited = true }
        "404" = { hex = "1912", controller = "abwehr", recruited = false, semi = true }
        """)
    s = play(s, "end-phase")
    assert legal(s) == ["panic 401", "panic 404"]
    illegal(s, "panic 301", "12.83")
    illegal(s, "panic 403", "12.83")


REFUSALS = """"101" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110" }
        "102" = { hex = "2010", controller = "ss" }
        "103" = { box = "eliminated" }
        "301" = { hex = "2111", suspected = true }
        "100" = { hex = "2109" }
        "401" = { hex = "2211", controller = "abwehr" }
        "402" = { hex = "2009", controller = "abwehr", recruited = false, semi = true }
        "201" = { hex = "2011", controller = "none" }
        "104" = { hex = "2710", controller = "none" }
        "501" = { hex = "1910" }"""


def test_12_every_refused_target_says_why_with_its_case():
    s = recruiting("ss", REFUSALS, dice="1")
    said = {
        "recruit 103": "Göring is not on the map (12.21)",
        "recruit 301": "SS can never recruit Dohnanyi (12.66)",
        "recruit 501": "SS can never recruit Jade-Amicol (12.66)",
        "recruit 100": "Hitler cannot be recruited (12.11)",
        "recruit 102": "Helldorf is already yours (12.11)",
        "recruit 401": "Stauffenberg is recruited by the enemy: it takes a Double-Cross chit and its "
        "Loyalty chit (12.61)",
        "recruit 402": "Haeften is semi-recruited and cannot be recruited again (12.42)",
        "recruit 201": "recruiting Leber takes its Loyalty chit (12.14)",
        "recruit 104": "Nebe is not in the zone of any of your units that may still recruit "
        "this phase (12.21)",
    }
    for action, text in said.items():
        assert str(illegal(s, action, text[text.rindex("(") + 1 : -1])) == text
    s = play(s, "recruit 101", "join 001", "roll")
    assert (
        str(illegal(s, "recruit 101", "12.22"))
        == "Bormann has already been the target of a recruitment this phase (12.22)"
    )


def test_12_22_a_target_tried_in_one_phase_may_be_tried_again_in_the_next():
    """The bar on a second attempt lasts the phase, not the game (a planted bug that
    made it last was once caught only by whole games)."""
    s = recruiting(
        "ss",
        """"101" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110" }""",
        dice="5",
    )
    s = play(s, "recruit 101", "join 001", "roll")  # Ep: Bormann stays free (12.33)
    assert s.unit("101").controller is None and at(s, "001") == "2110"
    illegal(s, "recruit 101", "12.22")
    s = to_phase(s, "recruitment", "ss")[-1]  # the next Game-Turn's
    assert s.turn == 2 and not s.targeted
    # (the Assignment Inter-Phase sent Heydrich away: he is put back beside Bormann)
    s = evolve(s, units=tuple(evolve(u, hex=H("2110")) if u.id == "001" else u for u in s.units))
    assert "recruit 101" in legal(s)


def test_12_2_recruiters_need_effectiveness_above_0():
    """Hitler (0) never recruits; Speer (1), under SS control, may."""
    alone = """"101" = { hex = "2210", controller = "none" }
        "100" = { hex = "2110" }"""
    illegal(recruiting("ss", alone), "recruit 101", "12.21")
    s = recruiting("ss", alone + '\n        "110" = { hex = "2310", controller = "ss" }')
    s = play(s, "recruit 101")
    assert [a for a in legal(s) if a.startswith("join")] == ["join 110"]
