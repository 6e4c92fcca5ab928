"""The odds before a roll: every number is checked twice, against the table files read
here directly, and against the engine itself rolling each of the six faces."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import attrs

from plot_core.engine.actions import parse_action
from plot_core.engine.odds import WALKYRIE_RESULT, Odds, Stakes, odds_of, stakes
from plot_core.engine.state import GameState
from plot_core.engine.terms import Term

from .helpers import legal, play, pos
from .test_assignment import interphase
from .test_coup import coup_pos, end_of_phase
from .test_harassment import DUEL
from .test_investigation import EXAMPLE, cell, investigating
from .test_recruitment import recruiting

TABLES = Path(__file__).parents[2] / "rules_data" / "tables"


def table(name: str) -> dict:
    return tomllib.loads((TABLES / f"{name}.toml").read_text())


def column_of(name: str, column: int) -> Counter:
    """One column of a grid file, counted over the six die rows."""
    t = table(name)
    k = t["columns"].index(column)
    return Counter(row[k] for row in t["cells"])


def faces(o: Odds) -> Counter:
    return Counter(dict(o.faces))


def rolled(state: GameState, actions: list[str], table_name: str) -> Counter:
    """What the engine reads on ``table_name`` for each face of the die, after ``actions``."""
    got = Counter()
    for die in range(1, 7):
        s = play(attrs.evolve(state, dice=(die,) + state.dice[1:]), *actions)
        got[next(e.result for e in s.events if e.table == table_name)] += 1
    return got


def one(state: GameState, action: str) -> Odds:
    [o] = odds_of(state, parse_action(action))
    return o


# -- harassment (10.3, 10.41, 10.71, 10.72, 18.18) -------------------------------------


def test_10_71_schellenberg_on_bonhoeffer_reads_the_plus_5_column():
    s = play(pos(DUEL % (1, "")), "activate 002")
    o = one(s, "harass 305")
    assert [t.value for t in o.terms] == [8, -3] and o.total == "+5" and o.column == "+5"
    assert faces(o) == column_of("harassment", 5) == rolled(s, ["harass 305"], "harassment")
    assert o.line() == "+5 → Harassment Table, column +5: M 17% · N 33% · Dr 33% · Ar 17%"
    assert o.case == "10.71" and o.allowed
    assert o.arithmetic() == "Schellenberg 8 - Bonhoeffer 3 = +5"


def test_10_41_a_unit_in_its_own_hq_defends_with_4_more():
    # Bonhoeffer (defence 3) in the Abwehr HQ at 1714, Schellenberg (8) beside it
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "1814" }
        "305" = { hex = "1714", suspected = true }
        """)
    s = play(s, "activate 002")
    o = one(s, "harass 305")
    assert [(t.value, t.case) for t in o.terms] == [(8, ""), (-3, ""), (-4, "10.41")]
    assert o.total == "+1"
    assert o.arithmetic() == "Schellenberg 8 - Bonhoeffer 3 - in its HQ 4 (10.41) = +1"
    assert faces(o) == column_of("harassment", 1) == rolled(s, ["harass 305"], "harassment")


def test_10_34_below_zero_there_is_no_roll():
    s = pos("""
        phasing = "abwehr"
        [units]
        "305" = { hex = "2210", suspected = true }
        "002" = { hex = "2110" }
        """)
    s = play(s, "activate 305")
    o = one(s, "harass 002")
    assert not o.allowed and o.total == "-2" and o.faces == ()
    assert "10.34" in o.line()


def test_10_72_in_the_coup_the_bonus_counts_and_a_6_kills_the_harasser():
    s = coup_pos(
        """"000" = { hex = "2110" }
"305" = { hex = "2210", suspected = true }""",
        phasing="ss",
        bonus=4,
        abwehr_bonus=4,
    )
    s = play(s, "activate 000")
    o = one(s, "harass 305")  # Himmler 9 - 3 + 4 = +10: the +6 column
    assert [(t.value, t.case) for t in o.terms] == [(9, ""), (-3, ""), (4, "18.18")]
    assert o.total == "+10" and o.column == "+6" and o.case == "10.72"
    assert faces(o) == column_of("coup_harassment", 6) == rolled(s, ["harass 305"], "coup_harassment")
    ae = [n for n in o.notes if "eliminates the harasser (10.72)" in n]
    assert ("Ae" in faces(o)) == bool(ae)
    assert any("rules notes" in n for n in o.notes)  # +10 reads as +6


# -- recruitment (12.53, 12.54) ------------------------------------------------------

TARGET = '"107" = { hex = "2210" }'  # Popitz, a Nazi (defence 3), free for the SS (12.12)


# Himmler (9) and Daluege (4) both beside Popitz: either may join the attempt (12.25)
HIMMLER_AND_DALUEGE = (
    TARGET
    + """
        "000" = { hex = "2110" }
        "009" = { hex = "2310" }"""
)


def test_12_9_recruitment_odds_from_the_units_that_joined():
    s = recruiting("ss", TARGET + '\n        "002" = { hex = "2110" }', dice="1")
    s = play(s, "recruit 107", "join 002")
    o = one(s, "roll")  # Schellenberg 8 - Popitz 3
    assert [t.value for t in o.terms] == [8, -3] and o.total == "+5" and o.column == "+5"
    assert faces(o) == column_of("recruitment", 5) == rolled(s, ["roll"], "recruitment")


def test_12_53_at_plus_0_no_roll_and_at_plus_1_the_first_column():
    s = recruiting("ss", TARGET + '\n        "013" = { hex = "2110" }')  # Best 3 - 3
    o = one(play(s, "recruit 107"), "join 013")
    assert o.total == "+0" and not o.allowed and o.faces == () and "12.53" in o.line()
    s = recruiting("ss", TARGET + '\n        "009" = { hex = "2110" }', dice="1")  # Daluege 4
    s = play(s, "recruit 107", "join 009")
    o = one(s, "roll")
    assert o.total == "+1" and o.column == "+1" and o.allowed
    assert faces(o) == column_of("recruitment", 1) == rolled(s, ["roll"], "recruitment")


def test_12_54_above_plus_7_reads_plus_7_and_says_so():
    s = recruiting(
        "ss",
        TARGET
        + """
        "000" = { hex = "2110" }
        "002" = { hex = "2310" }""",
        dice="1",
    )
    s = play(s, "recruit 107", "join 000", "join 002")
    o = one(s, "roll")  # 9 + 8 - 3 = +14
    assert o.total == "+14" and o.column == "+7"
    assert any("12.54" in n for n in o.notes)
    assert faces(o) == column_of("recruitment", 7) == rolled(s, ["roll"], "recruitment")


def test_12_73_the_odds_say_an_unsuspected_abwehr_recruiter_falls_under_suspicion():
    units = """"401" = { hex = "2210", controller = "none" }
        "301" = { hex = "2110" }"""
    s = play(recruiting("abwehr", units, dice="1"), "recruit 401", "join 301")
    o = one(s, "roll")  # Dohnanyi 8 vs Stauffenberg 7
    assert o.brings == ("On R or Sr, Dohnanyi falls under suspicion (12.73).",)
    assert play(s, "roll").unit("301").suspected  # and so the engine does
    # A recruiter already suspected risks nothing more; an SS recruiter never does.
    s = play(recruiting("abwehr", units.replace('"2110" }', '"2110", suspected = true }')), "recruit 401")
    assert one(s, "join 301").brings == ()
    s = recruiting("ss", TARGET + '\n        "002" = { hex = "2110" }')
    assert one(s, "recruit 107").brings == ()


def test_12_74_the_odds_name_goerdeler_among_those_who_fall_under_suspicion():
    units = """"418" = { hex = "2210", controller = "none" }
        "200" = { hex = "2110" }
        "309" = { hex = "2310" }"""
    s = play(recruiting("abwehr", units, dice="1"), "recruit 418", "join 200", "join 309")
    o = one(s, "roll")  # Goerdeler 5 + Trott 2 vs Schulenburg 6
    assert o.brings == ("On R or Sr, Goerdeler and Trott fall under suspicion (12.73, 12.74).",)
    # Goerdeler already suspected: Trott alone falls, by 12.73
    units = units.replace('"200" = { hex = "2110" }', '"200" = { hex = "2110", suspected = true }')
    s = play(recruiting("abwehr", units, dice="1"), "recruit 418", "join 200", "join 309")
    assert one(s, "roll").brings == ("On R or Sr, Trott falls under suspicion (12.73).",)


def test_12_2_naming_a_target_shows_the_odds_with_every_unit_that_may_join():
    s = recruiting("ss", HIMMLER_AND_DALUEGE)
    o = one(s, "recruit 107")
    assert sorted(t.value for t in o.terms) == [-3, 4, 9] and o.total == "+10"
    assert o.title.startswith(("Himmler + Daluege try", "Daluege + Himmler try"))
    # said, since the player then adds them one by one and may add fewer
    assert o.assumes in ("with Himmler and Daluege", "with Daluege and Himmler")
    assert o.choice_line() == f"{o.assumes}: +10 → Recruitment Table, column +7: R 100%"
    joined = one(play(s, "recruit 107"), "join 000")
    assert joined.assumes == "" and joined.choice_line() == joined.line()  # one chosen: just them


def test_12_25_the_roll_of_the_units_joined_so_far_names_those_left_out():
    """Units combine (12.25, 13.25), and a player adds them one by one: the roll after the
    first counts only it, and says who else may join and what the roll would be then."""
    s = recruiting("ss", HIMMLER_AND_DALUEGE)
    o = one(play(s, "recruit 107", "join 009"), "roll")  # Daluege 4 - Popitz 3
    assert o.total == "+1" and "Not joined yet: Himmler; with everyone, +10, column +7 (12.25)." in o.notes
    o = one(play(s, "recruit 107", "join 009", "join 000"), "roll")
    assert o.total == "+10" and not any("Not joined" in n for n in o.notes)
    # an investigation the same way: Strölin 2 alone is no roll, with Himmler 11 to 3
    s = investigating(EXAMPLE.replace('"011" = { hex = "2310" }\n', ""))
    o = one(play(s, "investigate 305", "join 108"), "roll")
    assert not o.allowed and "Not joined yet: Himmler; with everyone, 11 to 3, column 3:1 (13.25)." in o.notes


def test_12_21_a_target_out_of_every_recruiters_reach_has_no_roll_and_says_why():
    s = recruiting("ss", TARGET + '\n        "002" = { hex = "1010" }')  # far from 2210
    o = one(s, "recruit 107")
    assert o == Odds(
        "nobody tries to recruit Popitz",
        "12.9",
        "Recruitment Table",
        (T("Popitz", -3),),
        "-3",
        "-",
        (),
        ("No unit of yours that may still recruit this phase has Popitz in its zone (12.21).",),
        allowed=False,
    )
    assert o.line() == (
        "-3: no roll. No unit of yours that may still recruit this phase has Popitz in its zone (12.21)."
    )


# -- investigation (13.21, 13.23) and interrogation (14.22, 14.23) ------------------


def test_13_36_the_worked_example_before_any_exposure_is_5_to_1():
    s = investigating(EXAMPLE, dice="4", chits='abwehr = ["L011", "L108"]\n        ss = ["AA1"]')
    s = play(s, "investigate 305", "join 000", "join 011", "join 108")
    o = one(s, "roll")
    assert o.total == "15 to 3" and o.column == "5:1"
    assert o.arithmetic() == "Himmler 9 + Hanke 4 + Strölin 2 to Bonhoeffer 3"
    assert any("13.17" in n for n in o.notes)  # the Abwehr may yet expose some
    assert faces(o) == column_of("investigation", 5)
    # the Abwehr weighs exposing Hanke: Himmler 9 + Strölin 2 would be left
    s = play(s, "roll")
    assert one(s, "reveal L011").total == "11 to 3"
    s = play(s, "reveal L011", "reveal L108")
    o = one(s, "no-reveal")
    assert o.total == "9 to 3" and o.column == "3:1"  # Hanke and Strölin out for now
    s = play(s, "no-reveal")
    o = one(s, "alibi 011 AA1")  # the SS weighs covering Hanke
    assert o.total == "13 to 3" and o.column == "4:1"
    s = play(s, "alibi 011 AA1")
    o = one(s, "no-reveal")
    assert o.total == "13 to 3" and o.column == "4:1"
    assert faces(o) == column_of("investigation", 4) == rolled(s, ["no-reveal"], "investigation")


def test_a_unit_typed_where_the_action_takes_none_changes_no_odds():
    """The odds are of what an action does: units are added to an attempt one join at a
    time (12.25, 13.25), and taken out or covered one chit at a time (13.17, 13.18). A
    roll or a decline adds, exposes or covers no one, and a join naming no unit adds no
    one: a unit typed after them is not counted."""
    s = investigating(EXAMPLE, dice="4", chits='abwehr = ["L011", "L108"]\n        ss = ["AA1"]')
    s = play(s, "investigate 305", "join 000", "join 011")
    assert one(s, "roll 108") == one(s, "roll")  # Strölin has not joined
    assert one(s, "join") == one(s, "roll")
    s = play(s, "join 108", "roll", "reveal L011", "reveal L108")
    assert one(s, "no-reveal 011") == one(s, "no-reveal")  # exposing no more clears no one
    s = play(s, "no-reveal")
    assert one(s, "no-reveal 011") == one(s, "no-reveal")  # nor does covering no one (13.18)
    units = """"418" = { hex = "2210", controller = "none" }
        "200" = { hex = "2110" }
        "309" = { hex = "2310" }"""
    s = play(recruiting("abwehr", units, dice="1"), "recruit 418", "join 200")
    assert one(s, "roll 309") == one(s, "roll")  # Trott has not joined
    assert one(s, "join") == one(s, "roll")


def test_13_21_below_2_to_1_no_roll():
    s = investigating(""""305" = { hex = "2210", suspected = true }
        "108" = { hex = "2209", controller = "ss" }""")
    s = play(s, "investigate 305")
    o = one(s, "join 108")
    assert not o.allowed and "13.21" in o.line() and o.total == "2 to 3"


def test_14_22_each_alibi_adds_one_and_14_23_the_roll_counts_at_most_8():
    alibis = '"AA1", "AA2", "AA3", "AA4", "AA5", "AA6"'
    s = cell(
        """"305" = { box = "interrogation_cell", suspected = true }""", dice="6", chits=f"abwehr = [{alibis}]"
    )
    s = play(s, "end-phase", "no-reveal")
    interrogation = table("interrogation")
    k = interrogation["columns"].index(3)  # Bonhoeffer's defence 3
    for n in range(0, 7):
        o = one(s, "no-reveal")
        assert o.total == (f"die + {n}" if n else "die") and o.column == "defence 3"
        assert o.arithmetic() == ("die" if not n else f"die + Alibi/Arrest chits {n} (14.22)")
        want = Counter(
            interrogation["cells"][interrogation["rows"].index(min(d + n, 8))][k] for d in range(1, 7)
        )
        assert faces(o) == want == rolled(s, ["no-reveal"], "interrogation")
        if n < 6:
            assert faces(one(s, f"reveal AA{n + 1}")) == Counter(
                interrogation["cells"][interrogation["rows"].index(min(d + n + 1, 8))][k] for d in range(1, 7)
            )
            s = play(s, f"reveal AA{n + 1}")


# -- the Walkyrie roll (18.13, 18.8) ----------------------------------------------------


def walkyrie_file() -> dict[int, str]:
    t = table("walkyrie")
    out = {}
    for band, cellv in zip(t["totals"], t["cells"], strict=True):
        lo, _, hi = band.partition("-")
        for total in range(int(lo), int(hi or lo) + 1):
            out[total] = cellv
    return out


def test_18_8_the_walkyrie_odds_with_and_without_chits():
    w = walkyrie_file()
    s = play(end_of_phase("1", chits='"FA1", "FA2"'), "end-phase")
    for n in range(3):
        o = one(s, "coup")
        want = Counter(w[min(d + n, max(w))] for d in range(1, 7))
        assert faces(o) == want
        engine = rolled(s, ["coup"], "walkyrie")  # the log writes "-" or "P/B/U"
        assert faces(o) == engine
        if n < 2:
            s = play(s, f"reveal FA{n + 1}")


# -- the rolls no one chooses: Randomizer (6.23) and OKW Panic (12.82) --------------


def test_12_82_ending_the_status_phase_shows_the_panic_rolls_it_makes():
    s = pos("""
        turn = 3
        phase = "status"
        phasing = "ss"
        [units]
        "002" = { hex = "1714" }
        "401" = { hex = "1810", controller = "abwehr" }
        """)
    [o] = odds_of(s, parse_action("end-phase"))
    panic = table("okw_panic")
    assert o.case == "12.82" and "1 roll" in o.title
    assert faces(o) == Counter(f"{n} panic" for n in panic["cells"])


def test_6_23_placing_the_allied_unit_shows_the_randomizer_roll_that_follows():
    s = interphase("4, 1, 1")  # 4, 1: Allied IS, no German result
    place = next(a for a in legal(s) if a.startswith("allied"))
    [o] = odds_of(s, parse_action(place))
    assert o.case == "6.27" and o.column == "Game-Turn 1"
    t = table("randomizer")
    words = {"A": "Abwehr draws ", "S": "SS draws "}
    want = Counter("-" if row[0] == "-" else words[row[0][0]] + row[0][1:] for row in t["cells"])
    assert faces(o) == want


def test_nothing_to_show_for_a_step_that_rolls_nothing():
    s = play(pos(DUEL % (1, "")), "activate 002")
    assert odds_of(s, parse_action("end")) == []


# -- what an action puts at stake (the first Enter says it, the second acts) ----------


def test_stakes_a_harassment_rolls_and_says_its_odds():
    s = play(pos(DUEL % (1, "")), "activate 002")
    st = stakes(s, parse_action("harass 305"))
    assert st and st.rolls and st.spends == () and st.odds[0].column == "+5"
    assert not stakes(s, parse_action("end"))  # nothing rolled, nothing spent


def test_stakes_a_recruitment_spends_its_loyalty_chit_12_14():
    units = """"201" = { hex = "2210", controller = "none" }
        "001" = { hex = "2110" }"""
    s = play(recruiting("ss", units, chits='ss = ["L201", "TR1"]'), "recruit 201", "join 001")
    st = stakes(s, parse_action("roll"))
    assert st.rolls and st.spends == ("L201",)


def travelling() -> GameState:
    return play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2711" }
        [chits]
        ss = ["TR1", "TR2"]
        """),
        "activate 002",
    )


def test_stakes_a_travel_spends_the_travel_chit_9_5():
    s = travelling()
    st = stakes(s, parse_action("travel 0412 TR1"))
    assert not st.rolls and st.spends == ("TR1",)


def test_stakes_an_investigations_roll_is_committed_at_the_ss_key_13_24():
    # the die waits for the Abwehr's answer (13.17), but the SS's roll commits the
    # investigation (13.24): it is asked about as a roll, with its odds, as r is elsewhere
    s = investigating(EXAMPLE, chits='abwehr = ["L011", "FA1"]')
    s = play(s, "investigate 305", "join 000", "join 011", "join 108")
    st = stakes(s, parse_action("roll"))
    assert st.rolls and st.spends == () and [o.table for o in st.odds] == ["Investigation Table"]
    assert not stakes(s, parse_action("cancel"))


def test_stakes_chits_the_enemy_takes_on_a_roll_are_not_called_spent_13_32():
    # the Abwehr's no-reveal lets the investigation roll: on a 1 (Ss) the SS takes a chit
    s = investigating(EXAMPLE, chits='abwehr = ["L011", "FA1"]')
    s = play(s, "investigate 305", "join 000", "join 011", "join 108", "roll")
    st = stakes(s, parse_action("no-reveal"))
    assert st.rolls and st.spends == ()
    assert stakes(s, parse_action("reveal L011")).spends == ("L011",)


def test_13_17_a_revealed_loyalty_chit_is_no_roll_and_its_odds_say_why_the_chances_hold():
    # revealing a Loyalty chit leaves the die waiting (13.17: the Abwehr may reveal more,
    # the SS may answer with an Alibi): it spends the chit and rolls nothing; its odds
    # are the investigation's once the chit is out, and since the printed columns read
    # alike they say it matters only below 2 to 1 (13.22). A newcomer read "spends L011
    # and rolls on the Investigation Table" and spent chits for nothing.
    s = investigating(EXAMPLE, chits='abwehr = ["L011", "FA1"]')
    s = play(s, "investigate 305", "join 000", "join 011", "join 108", "roll")
    reveal = parse_action("reveal L011")
    st = stakes(s, reveal)
    assert not st.rolls and st.odds == () and st.spends == ("L011",)
    [after] = odds_of(s, reveal)
    assert after.total == "11 to 3" and after.column == "3:1"  # Himmler 9 + Strölin 2 (13.19)
    assert after.assumes == "once L011 is revealed"
    assert after.notes[-1] == (
        "The columns read alike (13.36): a revealed chit changes the chances only where it "
        "leaves the investigation below 2 to 1, and it is not carried out (13.22)."
    )
    assert stakes(s, parse_action("no-reveal")).rolls  # (no more reveals: the die rolls)


# -- the whole panel, word for word --------------------------------------------------
# Each figure above is checked against the files and the engine; these pin everything
# else a player reads (title, table, case, notes, the no-roll reason) for one position
# of each kind, so no part of the panel can change unnoticed.


def T(what: str, value: int, case: str = "") -> Term:
    return Term(what, value, case)


def harass(attacker: str, defender: str, phasing: str = "abwehr") -> Odds:
    s = pos(f"""
        phasing = "{phasing}"
        [units]
        "{attacker}" = {{ hex = "2210", suspected = true }}
        "{defender}" = {{ hex = "2110" }}
        """)
    return one(play(s, f"activate {attacker}"), f"harass {defender}")


def test_10_34_the_panel_at_plus_0_rolls_and_at_minus_1_does_not():
    yes = harass("306", "013")
    assert yes == Odds(
        "J. Müller harasses Best",
        "10.71",
        "Harassment Table",
        (T("J. Müller", 4), T("Best", -4)),
        "+0",
        "+0",
        (("M", 2), ("Ar", 4)),
        meanings=(("M", "masked"), ("Ar", "attacker retreats")),
    )
    assert faces(yes) == column_of("harassment", 0)
    no = harass("308", "013")
    assert no == Odds(
        "John harasses Best",
        "10.71",
        "Harassment Table",
        (T("John", 3), T("Best", -4)),
        "-1",
        "-",
        (),
        ("Below +0 there is no harassment (10.34).",),
        allowed=False,
    )
    assert no.line() == "-1: no roll. Below +0 there is no harassment (10.34)."


def test_10_71_the_whole_panel_for_a_harassment():
    o = one(play(pos(DUEL % (1, "")), "activate 002"), "harass 305")
    assert o == Odds(
        "Schellenberg harasses Bonhoeffer",
        "10.71",
        "Harassment Table",
        (T("Schellenberg", 8), T("Bonhoeffer", -3)),
        "+5",
        "+5",
        (("M", 1), ("N", 2), ("Dr", 2), ("Ar", 1)),
        meanings=(
            ("M", "masked"),
            ("N", "neutralized"),
            ("Dr", "defender retreats"),
            ("Ar", "attacker retreats"),
        ),
    )


def test_10_69_the_panel_for_a_vacant_hq():
    s = play(
        pos("""
        phasing = "abwehr"
        [units]
        "301" = { hex = "2610", suspected = true }
        """),
        "activate 301",
    )
    o = one(s, "harass @2611")
    assert o.title == "Dohnanyi harasses the vacant HQ"
    assert o.arithmetic() == "Dohnanyi 8 - vacant Gestapo HQ 4 (10.69) = +4"
    assert [(t.value, t.case) for t in o.terms] == [(8, ""), (-4, "10.69")]
    assert (o.total, o.column, o.allowed) == ("+4", "+4", True)
    assert faces(o) == column_of("harassment", 4) == rolled(s, ["harass @2611"], "harassment")


def test_10_72_the_whole_panel_in_the_coup_with_its_cap_and_ae():
    s = coup_pos(
        """"000" = { hex = "2110" }
"305" = { hex = "2210", suspected = true }""",
        phasing="ss",
        bonus=4,
        abwehr_bonus=4,
    )
    o = one(play(s, "activate 000"), "harass 305")
    assert o == Odds(
        "Himmler harasses Bonhoeffer",
        "10.72",
        "Coup Harassment Table",
        (T("Himmler", 9), T("Bonhoeffer", -3), T("coup bonus", 4, "18.18")),
        "+10",
        "+6",
        (("N", 1), ("Dr", 1), ("De", 3), ("Ae", 1)),
        ("Above +6 the +6 column is read (see the rules notes).", "A 6 eliminates the harasser (10.72)."),
        meanings=(
            ("N", "neutralized"),
            ("Dr", "defender retreats"),
            ("De", "defender eliminated"),
            ("Ae", "attacker eliminated"),
        ),
    )


def test_12_53_12_54_the_whole_panel_for_a_recruitment():
    s = recruiting("ss", TARGET + '\n        "013" = { hex = "2110" }')
    assert one(play(s, "recruit 107"), "join 013") == Odds(
        "Best tries to recruit Popitz",
        "12.9",
        "Recruitment Table",
        (T("Best", 3), T("Popitz", -3)),
        "+0",
        "-",
        (),
        ("Recruitment needs at least +1 (12.53).",),
        allowed=False,
    )
    s = recruiting(
        "ss",
        TARGET
        + """
        "000" = { hex = "2110" }
        "002" = { hex = "2310" }""",
        dice="1",
    )
    assert one(play(s, "recruit 107", "join 000", "join 002"), "roll") == Odds(
        "Himmler + Schellenberg try to recruit Popitz",
        "12.9",
        "Recruitment Table",
        (T("Himmler", 9), T("Schellenberg", 8), T("Popitz", -3)),
        "+14",
        "+7",
        (("R", 6),),
        ("Above +7 the +7 column is read (12.54).",),
        meanings=(("R", "recruited"),),
    )


MAY_EXPOSE = "The Abwehr may still reveal investigators' Loyalty chits to take them out (13.17)."
# while the SS names investigators: the printed table's columns are alike (13.36)
ALIKE = (
    "The columns read alike (13.36): more investigators only keep the 2 to 1 if the Abwehr reveals "
    "Loyalty chits (13.17, 13.22); each investigates once a phase (13.24)."
)


def test_13_21_13_23_the_whole_panel_for_an_investigation():
    s = play(
        investigating(""""305" = { hex = "2210", suspected = true }
        "108" = { hex = "2209", controller = "ss" }"""),
        "investigate 305",
    )
    assert one(s, "join 108") == Odds(
        "Strölin investigates Bonhoeffer",
        "13.36",
        "Investigation Table",
        (T("Strölin", 2), T("Bonhoeffer", -3)),
        "2 to 3",
        "-",
        (),
        ("Below 2:1 there is no investigation (13.21).", MAY_EXPOSE),
        allowed=False,
    )
    assert one(s, "join 108").line() == (
        "2 to 3: no roll. Below 2:1 there is no investigation (13.21). " + MAY_EXPOSE
    )
    s = play(investigating(EXAMPLE, dice="4"), "investigate 305", "join 000", "join 011", "join 108")
    assert one(s, "roll") == Odds(
        "Himmler + Hanke + Strölin investigate Bonhoeffer",
        "13.36",
        "Investigation Table",
        (T("Himmler", 9), T("Hanke", 4), T("Strölin", 2), T("Bonhoeffer", -3)),
        "15 to 3",
        "5:1",
        (("Ss", 2), ("N", 3), ("Ic", 1)),
        (MAY_EXPOSE, ALIKE),
        meanings=(
            ("Ss", "SS picks a chit from the Abwehr box"),
            ("N", "neutralized"),
            ("Ic", "to the Interrogation Cell"),
        ),
    )
    s = play(
        investigating(EXAMPLE + '\n        "002" = { hex = "2211" }', dice="4"),
        "investigate 305",
        "join 000",
        "join 002",
    )
    o = one(s, "roll")  # 9 + 8 = 17 to 3: 5:1
    assert (o.total, o.column, o.notes) == ("17 to 3", "5:1", (MAY_EXPOSE, ALIKE))
    assert o.title == "Himmler + Schellenberg investigate Bonhoeffer"
    o = one(play(s, "join 108"), "roll")  # 19 to 3: above 5:1
    assert (o.total, o.column) == ("19 to 3", "5:1")
    assert o.notes == (MAY_EXPOSE, "Above 5:1 the 5:1 column is read (13.23).", ALIKE)


def test_14_2_18_8_the_whole_panel_for_interrogation_and_the_walkyrie_roll():
    s = play(
        cell(
            """"305" = { box = "interrogation_cell", suspected = true }""", dice="6", chits='abwehr = ["AA1"]'
        ),
        "end-phase",
        "no-reveal",
    )
    assert one(s, "no-reveal") == Odds(
        "Interrogation of Bonhoeffer",
        "14.34",
        "Interrogation Table",
        (T("Alibi/Arrest chits", 0, "14.22"),),
        "die",
        "defence 3",
        (("Ss", 4), ("Gr", 2)),
        ("The roll counts at most 8 (14.23).",),
        meanings=(
            ("Ss", "eliminated; SS picks chits equal to its defence from the Abwehr box"),
            ("Gr", "to General Retirement"),
        ),
    )
    assert one(s, "reveal AA1").total == "die + 1"
    s = play(end_of_phase("1", chits='"FA1", "FA2"'), "end-phase")
    assert one(s, "coup") == Odds(
        "The Walkyrie roll",
        "18.8",
        "Walkyrie Table",
        (T("Führer Access chits", 0, "18.13"),),
        "die",
        "",
        (("-", 5), ("3/5/2", 1)),
        nothing="the coup fails",
        meanings=(WALKYRIE_RESULT,),
    )
    # a chit committed: the roll counts every Führer Access chit held (each adds one,
    # 18.13), and says so, since they are committed one at a time and may stop short
    o = one(s, "reveal FA1")
    assert (o.title, o.total) == ("The Walkyrie roll with FA1 and FA2", "die + 2")
    assert o.assumes == "with FA1 and FA2"
    assert o.choice_line() == (
        "with FA1 and FA2: die + 2 → Walkyrie Table: the coup fails 50% · 3/5/2 17% · 2/5/2 17% · 2/5/3 17%"
    )
    s = play(s, "reveal FA1")
    assert (one(s, "reveal FA2").total, one(s, "reveal FA2").assumes) == ("die + 2", "with FA1 and FA2")
    o = one(s, "coup")  # rolled now: the one committed
    assert (o.total, o.faces, o.assumes) == ("die + 1", (("-", 4), ("3/5/2", 1), ("2/5/2", 1)), "")
    assert o.line() == "die + 1 → Walkyrie Table: the coup fails 67% · 3/5/2 17% · 2/5/2 17%"


def test_12_82_6_27_the_whole_panel_for_the_rolls_no_one_chooses():
    def ss_status(more: str = "") -> GameState:
        return pos(f"""
            turn = 3
            phase = "status"
            phasing = "ss"
            [units]
            "002" = {{ hex = "1714" }}
            "401" = {{ hex = "1810", controller = "abwehr" }}
            {more}
            """)

    panic = (
        "One roll for each SS-controlled SS, Nazi or Civilian unit in an HQ friendly "
        "to OKW; the Abwehr unrecruits that many of his OKW units (12.83).",
    )
    assert odds_of(ss_status(), parse_action("end-phase")) == [
        Odds(
            "OKW Panic, 1 roll",
            "12.82",
            "OKW Panic Table",
            (),
            "die",
            "-",
            (("1 panic", 1), ("2 panic", 2), ("3 panic", 2), ("4 panic", 1)),
            panic,
            set_off=True,
        )
    ]
    [o] = odds_of(ss_status('"003" = { hex = "1613" }'), parse_action("end-phase"))
    assert o.title == "OKW Panic, 2 rolls"
    s = interphase("4, 1, 1")
    place = next(a for a in legal(s) if a.startswith("allied"))
    assert odds_of(s, parse_action(place)) == [
        Odds(
            "The Randomizer of Game-Turn 1",
            "6.27",
            "Randomizer Table",
            (),
            "die",
            "Game-Turn 1",
            (
                ("Abwehr draws 12", 1),
                ("Abwehr draws 11", 1),
                ("Abwehr draws 10", 1),
                ("-", 1),
                ("SS draws 11", 1),
                ("SS draws 13", 1),
            ),
            nothing="no draw",
            set_off=True,
        )
    ]


def test_13_13_naming_an_investigation_target_shows_every_unit_that_may_join():
    s = investigating(EXAMPLE)
    [o] = odds_of(s, parse_action("investigate 305"))
    assert o.total == "15 to 3" and o.column == "5:1"
    assert o.title == "Himmler + Hanke + Strölin investigate Bonhoeffer"
    assert o.assumes == "with Himmler, Hanke and Strölin"  # each joins one by one, or not (13.25)
    assert o.notes == (MAY_EXPOSE, ALIKE)


def test_no_coup_now_shows_no_roll_when_the_next_game_turn_opens_without_one():
    """'No coup' after the SS Status Phase leads into Game-Turn 3's Assignment Phase
    (7.0), which is no roll: nothing to show."""
    s = play(
        pos("""
        turn = 2
        phase = "status"
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        """),
        "end-phase",
    )
    assert odds_of(s, parse_action("no-reveal")) == []


def test_stakes_of_a_refused_action_are_nothing_and_spending_alone_is_at_stake():
    s = travelling()
    assert stakes(s, parse_action("travel 2711 TR1")) == Stakes(False, (), ())  # refused
    assert bool(stakes(s, parse_action("travel 0412 TR1")))  # no roll, but a chit


def coup_harass(attacker: str, bonus: int) -> Odds:
    s = coup_pos(
        f'''"{attacker}" = {{ hex = "2110" }}
"305" = {{ hex = "2210", suspected = true }}''',
        phasing="ss",
        bonus=bonus,
        abwehr_bonus=bonus,
    )
    return one(play(s, f"activate {attacker}"), "harass 305")


def test_10_72_the_last_column_is_read_above_plus_6_not_at_it():
    at_6 = coup_harass("000", 0)  # Himmler 9 - 3, no bonus left
    assert (at_6.total, at_6.column) == ("+6", "+6")
    assert at_6.notes == ("A 6 eliminates the harasser (10.72).",)
    assert at_6.arithmetic() == "Himmler 9 - Bonhoeffer 3 = +6"
    at_7 = coup_harass("000", 1)
    assert (at_7.total, at_7.column) == ("+7", "+6")
    assert at_7.notes[0] == "Above +6 the +6 column is read (see the rules notes)."
    assert at_7.arithmetic() == "Himmler 9 - Bonhoeffer 3 + coup bonus 1 (18.18) = +7"


def test_10_72_every_face_that_kills_the_harasser_is_named():
    o = coup_harass("014", 2)  # Ribbentrop 2 - 3 + 2 = +1
    assert o.arithmetic() == "Ribbentrop 2 - Bonhoeffer 3 + coup bonus 2 (18.18) = +1"
    assert o.notes == ("A 5, 6 eliminates the harasser (10.72).",)


def test_12_54_plus_7_is_read_as_it_is_and_plus_8_as_plus_7():
    def recruit(a: str, b: str) -> Odds:
        s = recruiting(
            "ss",
            TARGET
            + f'''
        "{a}" = {{ hex = "2110" }}
        "{b}" = {{ hex = "2310" }}''',
            dice="1",
        )
        return one(play(s, "recruit 107", f"join {a}", f"join {b}"), "roll")

    seven = recruit("002", "014")  # 8 + 2 - 3
    assert (seven.total, seven.column, seven.notes) == ("+7", "+7", ())
    eight = recruit("001", "013")  # 8 + 3 - 3
    assert (eight.total, eight.column) == ("+8", "+7")
    assert eight.notes == ("Above +7 the +7 column is read (12.54).",)


def test_13_17_when_every_investigator_is_taken_out_nobody_investigates():
    s = play(
        investigating(
            """"305" = { hex = "2210", suspected = true }
        "011" = { hex = "2310" }
        "108" = { hex = "2209", controller = "ss" }""",
            chits='abwehr = ["L011", "L108"]',
        ),
        "investigate 305",
        "join 011",
        "join 108",
        "roll",
    )
    o = one(s, "no-reveal")
    assert o.notes == ()  # the Abwehr is deciding: no "may still"
    s = play(s, "reveal L011", "reveal L108")
    o = one(s, "no-reveal")
    assert o == Odds(
        "nobody investigates Bonhoeffer",
        "13.36",
        "Investigation Table",
        (T("Bonhoeffer", -3),),
        "0 to 3",
        "-",
        (),
        ("Below 2:1 there is no investigation (13.21).",),
        allowed=False,
    )
    assert o.line() == "0 to 3: no roll. Below 2:1 there is no investigation (13.21)."


def test_14_34_a_defence_above_8_reads_the_last_column():
    s = play(
        cell(
            """"300" = { box = "interrogation_cell", suspected = true }""", dice="6", chits='abwehr = ["AA1"]'
        ),
        "end-phase",
        "no-reveal",
    )
    o = one(s, "no-reveal")  # Canaris, defence 9
    assert o.column == "defence 8"
    t = table("interrogation")
    want = Counter(t["cells"][t["rows"].index(d)][t["columns"].index(8)] for d in range(1, 7))
    assert faces(o) == want == rolled(s, ["no-reveal"], "interrogation")


def test_the_rolls_no_one_chooses_have_no_arithmetic():
    s = interphase("4, 1, 1")
    place = next(a for a in legal(s) if a.startswith("allied"))
    [o] = odds_of(s, parse_action(place))
    assert o.arithmetic() == ""


def test_the_odds_never_foresee_the_real_dice():
    """After 'no coup' the Game-Turn 7 Assignment roll decides whether the Randomizer
    rolls too (7.29, 6.23). The panel may not know that roll before it is made: it is
    the same whatever the dice to come, and so says nothing of a Randomizer."""
    shown = []
    for die in (1, 3, 4):
        s = play(
            pos(f"""
            turn = 6
            phase = "status"
            phasing = "ss"
            dice = [{", ".join([str(die)] * 10)}]
            [units]
            "002" = {{ hex = "2110" }}
            """),
            "end-phase",
        )
        shown.append(odds_of(s, parse_action("no-reveal")))
        rolled_now = play(s, "no-reveal")
        assert any(e.table == "randomizer" for e in rolled_now.events) == (die == 3)
    assert shown == [[], [], []]


def test_stakes_of_naming_a_target_roll_nothing_yet():
    s = recruiting("ss", TARGET + '\n        "002" = { hex = "2110" }')
    assert stakes(s, parse_action("recruit 107")) == Stakes(False, (), ())


def test_an_action_that_names_a_unit_but_rolls_nothing_has_no_odds():
    s = pos(DUEL % (1, ""))
    assert odds_of(s, parse_action("activate 002")) == []
    assert odds_of(s, parse_action("roll")) == []  # asked of a key with nothing to roll
    s = play(s, "activate 002")
    assert odds_of(s, parse_action("move 2010")) == []  # a step rolls nothing (9.1)


def test_13_13_a_target_out_of_every_zone_shows_nobody_and_no_roll():
    s = investigating(""""305" = { hex = "2810", suspected = true }
        "000" = { hex = "2710" }""")  # across the border (13.13)
    [o] = odds_of(s, parse_action("investigate 305"))
    assert (o.title, o.total, o.allowed) == ("nobody investigates Bonhoeffer", "0 to 3", False)
