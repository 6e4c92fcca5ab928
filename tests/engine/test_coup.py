"""The coup (18.x): declaring, the interphase, Coup-Turns, Hitler, chits, victory."""

from __future__ import annotations

import attrs

from plot_core.engine.state import Box, Marker, Phase
from plot_core.parties import Player

from .helpers import at, illegal, legal, play, pos

# Both sides keep a unit in Berlin outside the HQs (2410 SS, 1810 Abwehr) so that no
# test ends by 18.71/18.72 unless it means to.
KEEP = """"013" = { hex = "2410" }
"308" = { hex = "1810", suspected = true }"""


def coup_pos(
    units: str,
    *,
    phase: str = "coup_movement",
    phasing: str = "abwehr",
    dice: str = "",
    bonus: int = 5,
    abwehr_bonus: int | None = None,
    penalty: int = 2,
    turn: int = 1,
    chits: str = "",
    extra_units: str = KEEP,
):
    ab = bonus if abwehr_bonus is None else abwehr_bonus
    return pos(f"""
phase = "{phase}"
phasing = "{phasing}"
dice = [{dice}]
[units]
{extra_units}
{units}
[chits]
{chits}
[coup]
penalty = {penalty}
bonus = {bonus}
abwehr_bonus = {ab}
units = 2
turn = {turn}
""")


# -- declaring (18.1) --------------------------------------------------------------------


def end_of_phase(dice: str, chits: str = "", units: str = ""):
    return pos(f"""
        turn = 3
        phase = "recruitment"
        phasing = "abwehr"
        dice = [{dice}]
        [units]
        "000" = {{ hex = "2410" }}
        "300" = {{ hex = "1810" }}
        {units}
        [chits]
        abwehr = [{chits}]
        """)


def test_18_11_a_chance_at_the_end_of_every_phase_and_18_16_failure():
    s = play(end_of_phase("2"), "end-phase")
    assert s.pending[-1].kind == "coup" and s.to_act is Player.ABWEHR
    assert "coup" in legal(s) and "no-reveal" in legal(s)
    illegal(s, "activate 300", "18.11")  # not during the offer
    s = play(s, "coup")  # 18.14: no chits, die 2: fails
    assert s.coup is None and any(e.table == "walkyrie" and e.result == "-" for e in s.events)
    assert s.phase is Phase.STATUS and s.phasing is Player.ABWEHR  # play goes on (18.11)


def test_18_12_18_13_18_15_chits_add_to_the_die_and_success_starts_the_coup():
    s = play(end_of_phase("4", chits='"FA1", "FA2", "FA3", "FA4"'), "end-phase")
    s = play(s, "reveal FA1", "reveal FA2", "reveal FA3", "reveal FA4")
    assert "no-reveal" not in legal(s)  # committed: must roll
    assert not any(c.startswith("FA") for c in s.chits_of("abwehr"))  # back to the cup
    s = play(s, "coup")  # 4 + 4 = 8: 2/5/3
    assert s.coup is not None
    assert (s.coup.penalty, s.coup.bonus, s.coup.interphase_units) == (2, 5, 3)
    assert s.phase is Phase.COUP_INTERPHASE and s.to_act is Player.ABWEHR


def test_18_45_all_abwehr_units_suspected_and_18_42_the_retired_are_gone():
    s = play(
        end_of_phase(
            "6",
            units=""""305" = { hex = "1812" }
        "302" = { box = "abwehr_retirement" }
        "004" = { box = "ss_retirement" }
        "200" = { hex = "1910" }""",
        ),
        "end-phase",
        "coup",
    )  # die 6: 3/5/2
    assert s.coup is not None
    assert s.unit("300").suspected and s.unit("305").suspected and s.unit("200").suspected
    assert s.unit("302").box is Box.ELIMINATED and s.unit("004").box is Box.ELIMINATED


def test_18_21_18_22_the_interphase_moves_only_so_many_abwehr_units_then_18_24():
    s = coup_pos(
        """"301" = { hex = "1910", suspected = true }
        "302" = { hex = "1912", suspected = true }
        "303" = { hex = "2010", suspected = true }""",
        phase="coup_interphase",
        turn=0,
    )
    s = play(s, "activate 301", "end", "activate 302", "end")
    assert not any(a.startswith("activate") for a in legal(s))
    assert (
        str(illegal(s, "activate 303", "18.22"))
        == "the Walkyrie result lets 2 units move in the interphase (18.22)"
    )
    s = play(s, "end-phase")
    assert s.phase is Phase.COUP_MOVEMENT and s.coup.turn == 1 and s.to_act is Player.ABWEHR


def test_18_61_no_chits_laid_in_the_interphase():
    s = coup_pos(
        """"301" = { hex = "1910", suspected = true }
        "002" = { hex = "2110" }""",
        phase="coup_interphase",
        turn=0,
        chits='abwehr = ["L002"]',
    )
    assert not any(a.startswith("pin") for a in legal(s))
    illegal(s, "pin 002", "18.61")


# -- harassment in the coup ---------------------------------------------------------------


def test_18_17_penalty_18_18_bonus_and_18_41_the_coup_table():
    # Bonhoeffer (5) on Ribbentrop (defence 6): -1, but +5 bonus makes +4; die 1: De.
    s = coup_pos(
        """"305" = { hex = "2110", suspected = true }
        "014" = { hex = "2210" }""",
        dice="1",
    )
    s = play(s, "activate 305", "harass 014")
    assert s.mp_spent == 2  # the penalty
    ev = [e for e in s.events if e.table == "coup_harassment"][0]
    assert (ev.column, ev.result) == (4, "De") and "+ 5" in ev.text
    assert s.unit("014").box is Box.ELIMINATED
    assert "advance 2210" in legal(s)  # 10.67 after De


def test_18_18_example_plus_8_reads_the_last_column():
    s = coup_pos(
        """"301" = { hex = "2110", suspected = true }
        "003" = { hex = "2210" }""",
        dice="4",
    )  # 8 - 4 + 5 = +9
    s = play(s, "activate 301", "harass 003")
    ev = [e for e in s.events if e.table == "coup_harassment"][0]
    assert ev.column == 6 and ev.result == s.rules.tables.coup_harassment.cell(4, 6)


def test_18_43_cannot_retreat_means_eliminated():
    # H.Mueller (003, defence 4) at 2210, hemmed in by Abwehr units and their zones.
    s = coup_pos(
        """"301" = { hex = "2110", suspected = true }
        "003" = { hex = "2210" }
        "305" = { hex = "2310", suspected = true }
        "306" = { hex = "2211", suspected = true }
        "307" = { hex = "2209", suspected = true }""",
        dice="3",
        bonus=0,
    )  # +4, die 3: Dr
    s = play(s, "activate 301", "harass 003")
    assert s.unit("003").box is Box.ELIMINATED
    assert any(e.case == "18.43" for e in s.events)


def test_10_72_ae_the_attacker_is_eliminated():
    keep = """"012" = { hex = "2410" }
"308" = { hex = "1810", suspected = true }"""
    s = coup_pos(
        """"305" = { hex = "2110", suspected = true }
        "013" = { hex = "2210" }""",
        dice="6",
        bonus=0,
        extra_units=keep,
    )  # +1, die 6: Ae
    s = play(s, "activate 305", "harass 013")
    assert s.unit("305").box is Box.ELIMINATED and s.active is None


def test_18_46_neutral_units_can_be_harassed_in_the_coup():
    s = coup_pos(
        """"301" = { hex = "2110", suspected = true }
        "101" = { hex = "2210", controller = "none" }""",
        dice="5",
    )  # 8 - 7 + 5 = +6: N
    s = play(s, "activate 301", "harass 101")
    assert s.unit("101").marker is Marker.NEUTRALIZED


def test_18_36_no_walking_into_berlin_during_the_coup():
    s = coup_pos(""""301" = { hex = "2810", suspected = true }""")
    s = play(s, "activate 301")
    illegal(s, "move 2710", "18.36")
    s = coup_pos(""""301" = { hex = "2710", suspected = true }""")
    s = play(s, "activate 301", "move 2810")  # out is free
    assert at(s, "301") == "2810"


def test_18_24_the_interphase_is_not_yet_the_coup_sequence_so_18_36_waits():
    s = coup_pos(""""301" = { hex = "2810", suspected = true }""", phase="coup_interphase", turn=0)
    s = play(s, "activate 301", "move 2710")  # into Berlin, on foot
    assert at(s, "301") == "2710"


def test_18_36_but_travel_into_berlin_is_allowed():
    s = coup_pos(""""301" = { hex = "2810", suspected = true }""", chits='abwehr = ["TR1"]')
    s = play(s, "activate 301", "travel 1714 TR1")
    assert at(s, "301") == "1714"


# -- alternating movement -------------------------------------------------------------------


def test_18_32_18_33_alternate_one_unit_each_then_the_rest():
    s = coup_pos(""""301" = { hex = "1910", suspected = true }
        "302" = { hex = "1912", suspected = true }
        "001" = { hex = "2612" }
        "002" = { hex = "2614" }""")
    assert s.to_act is Player.ABWEHR  # 18.32: Abwehr first
    s = play(s, "activate 301", "end")
    assert s.to_act is Player.SS
    s = play(s, "activate 001", "end")
    assert s.to_act is Player.ABWEHR
    s = play(s, "end-phase")  # the Abwehr moves no more
    assert s.to_act is Player.SS
    s = play(s, "activate 002", "end")
    assert s.to_act is Player.SS  # the SS moves all the rest
    s = play(s, "activate 013", "end")
    assert s.phase is Phase.COUP_STATUS and s.to_act is Player.ABWEHR  # 18.34


def test_18_33_a_side_that_passed_in_one_coup_turn_moves_again_in_the_next():
    """Passing ends a side's movement for that Coup-Turn only (a planted bug that made
    it last was once caught only by whole games)."""
    s = coup_pos(""""301" = { hex = "1910", suspected = true }
        "302" = { hex = "1912", suspected = true }
        "001" = { hex = "2612" }
        "002" = { hex = "2614" }""")
    s = play(s, "activate 301", "end", "activate 001", "end", "end-phase")  # the Abwehr passes
    assert Player.ABWEHR in s.coup.passed and s.to_act is Player.SS
    s = play(s, "activate 002", "end", "activate 013", "end")  # the SS moves the rest
    s = end_coup_turn(s)
    assert (s.phase, s.coup.turn, s.to_act) == (Phase.COUP_MOVEMENT, 2, Player.ABWEHR)
    assert s.coup.passed == frozenset() and "activate 301" in legal(s)


def test_18_35_masked_units_wait():
    s = coup_pos(""""301" = { hex = "1910", suspected = true, marker = "masked" }""")
    assert "activate 301" not in legal(s)


# -- the end of a Coup-Turn -------------------------------------------------------------------


def end_coup_turn(s):
    s = play(s, "end-phase")  # the Abwehr's status
    return play(s, "end-phase")  # the SS's


def test_18_52_18_53_the_abwehr_bonus_falls_while_hitler_lives():
    """18.53: bonus 5; after Coup-Turn 1 with Hitler alive the Abwehr has 3, after 2 it has 1."""
    units = '"100" = { hex = "2414" }'
    s = coup_pos(units, phase="coup_status", turn=1)
    s = end_coup_turn(s)
    assert (s.coup.bonus_for(Player.SS), s.coup.bonus_for(Player.ABWEHR)) == (5, 3)
    s = coup_pos(units, phase="coup_status", turn=2, abwehr_bonus=3)
    s = end_coup_turn(s)
    assert s.coup.abwehr_bonus == 1
    s = end_coup_turn(attrs.evolve(coup_pos(units, phase="coup_status", turn=3, abwehr_bonus=1)))
    assert s.coup.abwehr_bonus == 0  # 18.54: never below 0


def test_18_51_18_55_18_57_hitler_killed():
    s = coup_pos(
        """"100" = { hex = "2210" }
        "301" = { hex = "2110", suspected = true }
        "401" = { hex = "1912", controller = "abwehr", recruited = false, semi = true }""",
        dice="1",
        abwehr_bonus=1,
    )  # 8 - 6 + 1 = +3, die 1: De
    s = play(s, "activate 301", "harass 100")
    assert s.unit("100").box is Box.ELIMINATED
    assert s.coup.abwehr_bonus == 5  # 18.55: restored
    u = s.unit("401")
    assert u.recruited and not u.semi and u.controller is Player.ABWEHR  # 18.57, 12.45


def test_18_61_18_63_a_loyalty_chit_laid_on_an_enemy_unit():
    s = coup_pos(
        """"002" = { hex = "2110" }
        "305" = { hex = "2210", suspected = true }""",
        chits='abwehr = ["L002", "TR1"]\nss = ["TR2"]',
    )
    s = play(s, "pin 002")
    assert s.chits[s.rules.chits.chits.index(s.rules.chits.by_id()["L002"])] == "002"
    s = play(s, "end-phase")  # Abwehr passes; SS to move
    s = play(s, "activate 002")
    illegal(s, "harass 305", "18.61")
    s = play(s, "move 2010", "end")  # it may still move
    s = play(s, "end-phase")  # the SS moves no more
    assert s.phase is Phase.COUP_STATUS
    s = end_coup_turn(s)
    assert "L002" not in s.chits and s.chits_of("cup").count("L002") == 1  # 18.63
    assert s.chits_of("abwehr") == ["TR1"] and s.chits_of("ss") == ["TR2"]  # hands stay


def test_18_64_the_ss_unmasks_a_semi_recruit():
    s = coup_pos(
        """"401" = { hex = "1912", controller = "abwehr", recruited = false, semi = true }
        "100" = { hex = "2414" }
        "002" = { hex = "2612" }""",
        phasing="ss",
        chits='ss = ["L401"]',
    )
    s = play(s, "expose 401")
    assert s.unit("401").controller is None and not s.unit("401").semi


SEMI = """"401" = { hex = "1912", controller = "abwehr", recruited = false, semi = true }
        "002" = { hex = "2612" }"""


def test_18_64_unmasking_returns_the_chit_to_the_cup_and_is_offered_to_the_ss_only():
    units = SEMI + '\n"100" = { hex = "2414" }'
    s = coup_pos(units, phasing="ss", chits='ss = ["L401"]')
    assert "expose 401" in legal(s)
    assert not any(a.startswith("expose") for a in legal(coup_pos(units, chits='ss = ["L401"]')))
    s = play(s, "expose 401")
    u = s.unit("401")
    assert (u.semi, u.recruited, u.controller) == (False, False, None)
    assert s.chits_of("cup").count("L401") == 1 and "L401" not in s.chits_of("ss")
    assert [(e.case, e.text) for e in s.events] == [
        ("18.64", "SS reveals L401: Stauffenberg is unrecruited again")
    ]
    assert "expose 401" not in legal(s)


def test_18_64_no_unmasking_once_hitler_is_dead():
    s = coup_pos(SEMI + '\n"100" = { box = "eliminated" }', phasing="ss", chits='ss = ["L401"]')
    assert not any(a.startswith("expose") for a in legal(s))
    err = illegal(s, "expose 401", "18.64")
    assert str(err) == (
        "Stauffenberg is not a semi-recruited unit whose Loyalty chit you hold, or Hitler is dead (18.64)"
    )


# -- winning (18.7) ---------------------------------------------------------------------


def test_18_72_ss_wins_when_no_abwehr_unit_is_left_in_berlin_outside_hqs():
    s = coup_pos(
        """"002" = { hex = "2110" }
        "305" = { hex = "2210", suspected = true }
        "301" = { hex = "1714", suspected = true }""",
        phasing="ss",
        dice="1",
        extra_units='"013" = { hex = "2410" }',
    )  # 301 sits in Abwehr HQ
    s = play(s, "activate 002", "harass 305")  # 8 - 3 + 5: De
    assert s.outcome is not None and s.outcome.winner == "ss" and s.outcome.case == "18.72"
    assert legal(s) == []
    # The game is over at once: the advance 10.67 would offer into 2210 is dropped.
    assert (s.phase, s.step, s.pending) == (Phase.GAME_OVER, "over", ())


def test_18_71_abwehr_wins_when_no_ss_unit_is_left_in_berlin_outside_hqs():
    s = coup_pos(
        """"301" = { hex = "2110", suspected = true }
        "014" = { hex = "2210" }
        "100" = { hex = "2414" }""",
        dice="1",
        extra_units='"308" = { hex = "1810", suspected = true }',
    )
    s = play(s, "activate 301", "harass 014")  # 8 - 6 + 5 = +7: De
    assert s.outcome.winner == "abwehr" and s.outcome.case == "18.71"
    assert (s.phase, s.step, s.pending) == (Phase.GAME_OVER, "over", ())


def test_18_73_the_allies_win_after_six_coup_turns():
    s = coup_pos("", phase="coup_status", turn=6)
    s = end_coup_turn(s)
    assert s.outcome.winner == "allies" and s.outcome.case == "18.73"
    assert s.outcome.reason == (
        "after 6 Coup-Turns neither side has won: Germany collapses and the Allies win"
    )
    assert (s.phase, s.step) == (Phase.GAME_OVER, "over")
    s = end_coup_turn(coup_pos("", phase="coup_status", turn=5))  # one short: play goes on
    assert s.outcome is None and s.coup.turn == 6 and s.phase is Phase.COUP_MOVEMENT


def test_no_game_turn_phases_in_the_coup_13_27_14_15_15_13_18_44():
    """Coup-Turns have movement and status only: no recruitment, investigation,
    interrogation, retirement rolls or OKW panic, even with an SS unit in an OKW HQ."""
    s = coup_pos(
        """"002" = { hex = "1714" }
        "401" = { hex = "1912", controller = "abwehr" }
        "305" = { box = "interrogation_cell", suspected = true }""",
        phase="coup_status",
        turn=1,
    )
    s = end_coup_turn(s)
    assert s.phase is Phase.COUP_MOVEMENT and s.coup.turn == 2
    assert s.unit("401").controller is Player.ABWEHR
    assert s.unit("305").box is Box.INTERROGATION
    assert not any(e.table in ("okw_panic", "interrogation") for e in s.events)


def test_18_23_the_interphase_harasses_with_the_coup_penalty_bonus_and_table():
    s = coup_pos(
        """"305" = { hex = "2110", suspected = true }
        "014" = { hex = "2210" }""",
        phase="coup_interphase",
        turn=0,
        dice="5",
        penalty=3,
    )
    s = play(s, "activate 305", "harass 014")  # 5 - 6 + 5 = +4, die 5: N
    assert s.mp_spent == 3
    ev = [e for e in s.events if e.table == "coup_harassment"][0]
    assert (ev.column, ev.result) == (4, "N")


def test_18_56_the_penalty_is_the_same_for_both_players():
    s = coup_pos(
        """"002" = { hex = "2110" }
        "305" = { hex = "2210", suspected = true }""",
        phasing="ss",
        dice="5",
        penalty=3,
        abwehr_bonus=1,
    )
    s = play(s, "activate 002", "harass 305")
    assert s.mp_spent == 3
    ev = [e for e in s.events if e.table == "coup_harassment"][0]
    assert "+ 5" in ev.text  # the SS keeps the full bonus


# -- 9.24 with 10.67: no advance into an unfriendly HQ --------------------------------------


def test_9_24_a_de_in_an_unfriendly_hq_offers_no_advance():
    # Canaris (Abwehr) harasses Bormann in the Foreign Office (Nazi and Civilian, 9.22):
    # die 1 eliminates Bormann, and Canaris stays where he is.
    s = coup_pos(
        """"300" = { hex = "2009", suspected = true }
        "101" = { hex = "2008", controller = "none" }""",
        dice="1",
    )
    s = play(s, "activate 300", "harass 101")
    assert [e.result for e in s.events if e.table == "coup_harassment"] == ["De"]
    assert s.unit("101").box is Box.ELIMINATED
    assert not any(a.startswith("advance") for a in legal(s))
    assert any(e.case == "9.24" for e in s.events)
    illegal(s, "advance 2008", "5.2")  # nothing offered to take


def test_9_24_a_de_outside_an_hq_and_in_a_friendly_one_still_offers_the_advance():
    s = coup_pos(
        """"300" = { hex = "2110", suspected = true }
        "101" = { hex = "2210", controller = "none" }""",
        dice="1",
    )
    s = play(s, "activate 300", "harass 101")
    assert "advance 2210" in legal(s)
    # Bormann (Nazi) harasses Dohnanyi in the Foreign Office, friendly to the Nazis
    s = coup_pos(
        """"101" = { hex = "2009", controller = "ss" }
        "301" = { hex = "2008", suspected = true }""",
        phasing="ss",
        dice="1",
    )
    s = play(s, "activate 101", "harass 301")
    assert [e.result for e in s.events if e.table == "coup_harassment"] == ["De"]
    assert "advance 2008" in legal(s)


def test_18_7_when_both_sides_streets_are_empty_the_player_who_acted_wins():
    """Our reading (docs/rules/notes.md): if one action leaves neither SS nor Abwehr
    units in Berlin outside the HQs, its maker wins, whichever side that is."""
    nobody_in_the_streets = """"002" = { hex = "0510" }
        "301" = { hex = "0610", suspected = true }"""
    s = coup_pos(nobody_in_the_streets, phasing="ss", extra_units="")
    s = play(s, "activate 002")
    assert (s.outcome.winner, s.outcome.case) == ("ss", "18.72")
    s = coup_pos(nobody_in_the_streets, phasing="abwehr", extra_units="")
    s = play(s, "activate 301")
    assert (s.outcome.winner, s.outcome.case) == ("abwehr", "18.71")


def walkyrie_with(die: int, fa: int):
    chits = ", ".join(f'"FA{i}"' for i in range(1, fa + 1))
    s = play(end_of_phase(str(die), chits=chits), "end-phase")
    s = play(s, *[f"reveal FA{i}" for i in range(1, fa + 1)], "coup")
    return [e for e in s.events if e.table == "walkyrie"][0], s


def test_18_8_every_band_of_the_walkyrie_table_at_its_edges():
    """Totals 1-5 fail; 6, 7, 8-10, 11, 12-13 and 14 are the next columns (all eight
    Führer Access chits and a 6 make 14, the most there can be)."""
    cases = [
        (1, 0, 1, "-"),
        (5, 0, 1, "-"),
        (6, 0, 2, "3/5/2"),
        (6, 1, 3, "2/5/2"),
        (4, 4, 4, "2/5/3"),
        (6, 4, 4, "2/5/3"),
        (6, 5, 5, "3/7/3"),
        (6, 6, 6, "3/7/4"),
        (6, 7, 6, "3/7/4"),
        (5, 8, 6, "3/7/4"),
        (6, 8, 7, "3/7/5"),
    ]
    for die, fa, column, result in cases:
        ev, s = walkyrie_with(die, fa)
        assert (ev.column, ev.result, ev.row, ev.roll) == (column, result, 1, (die,)), (die, fa)
        assert f"die {die} + {fa} Führer Access = {die + fa}" in ev.text
        assert (s.coup is None) == (result == "-")


def test_18_55_18_57_only_hitlers_death_does_that():
    """Another unit eliminated in the coup changes neither the bonus nor the semi units."""
    s = coup_pos(
        """"101" = { hex = "2210", controller = "ss" }
        "301" = { hex = "2110", suspected = true }
        "401" = { hex = "1912", controller = "abwehr", recruited = false, semi = true }""",
        dice="1",
        abwehr_bonus=2,
    )  # 8 - 7 + 2 = +3, die 1: De
    s = play(s, "activate 301", "harass 101")
    assert s.unit("101").box is Box.ELIMINATED
    assert s.coup.abwehr_bonus == 2 and s.unit("401").semi
    assert not any(e.case in ("18.55", "18.57") for e in s.events)


def test_10_72_17_25_a_de_sends_an_allied_unit_back_to_its_box_not_to_the_dead():
    s = coup_pos(
        """"301" = { hex = "2110", suspected = true }
        "505" = { hex = "2210", marker = "masked" }""",
        dice="1",
    )
    s = play(s, "activate 301", "harass 505")
    assert [e.result for e in s.events if e.table == "coup_harassment"] == ["De"]
    u = s.unit("505")
    assert (u.box, u.hex, u.marker) == (Box.ALLIED_HOLDING, None, None)
    assert legal(s) == ["advance 2210", "stay"]  # 10.67: the harasser may follow


def test_18_12_18_13_the_log_and_refusals_word_for_word():
    s = play(end_of_phase("6", chits='"FA1", "FA2", "TR1"'), "end-phase")
    assert legal(s) == ["reveal FA1", "coup", "no-reveal"]  # one chit offered at a time
    assert str(illegal(s, "reveal TR1", "18.12")) == "TR1 is not a Führer Access chit you hold (18.12)"
    s = play(s, "reveal FA1")
    assert [(e.case, e.text) for e in s.events] == [
        ("18.12", "Abwehr commits Führer Access chit FA1 to a coup")
    ]
    assert str(illegal(s, "no-reveal", "18.12")) == "chits are committed: the coup must be attempted (18.12)"
    s = play(s, "coup")
    ev = [e for e in s.events if e.table == "walkyrie"][0]
    assert (ev.case, ev.text) == (
        "18.8",
        "Walkyrie: die 6 + 1 Führer Access = 7: the coup "
        "succeeds: harassment costs 2, bonus +5, 2 units move",
    )
    s = play(end_of_phase("1"), "end-phase", "coup")
    ev = [e for e in s.events if e.table == "walkyrie"][0]
    assert ev.text == "Walkyrie: die 1 + 0 Führer Access = 1: the coup fails"


# -- what each step of the coup leaves, field by field (mutation survivors) --------


def test_18_21_the_coup_begins_with_a_clean_slate_and_says_so():
    s = end_of_phase("1, 6", chits='"FA1", "FA2"', units='"401" = { hex = "1910" }')
    s = play(s, "recruit 401", "join 300", "roll")  # 401 is a target this phase
    assert "401" in s.targeted
    s = play(s, "end-phase", "reveal FA1", "reveal FA2", "coup")  # 6 + 2 = 8: 2/5/3
    assert s.phase is Phase.COUP_INTERPHASE and s.phasing is Player.ABWEHR
    assert (s.step, s.active, s.mp_spent, s.activated, s.targeted, s.pending) == (
        "free",
        None,
        0,
        frozenset(),
        frozenset(),
        (),
    )
    assert [e.text for e in s.events if e.case == "18.21"] == [
        "The coup is on: the Abwehr may move 3 units before the first Coup-Turn"
    ]


def test_18_24_coup_turn_1_starts_with_the_abwehr_and_nothing_spent():
    s = coup_pos(""""301" = { hex = "1910", suspected = true }""", phase="coup_interphase", turn=0)
    s = play(s, "activate 301", "move 2010", "end", "end-phase")
    assert (s.phase, s.phasing, s.coup.turn) == (Phase.COUP_MOVEMENT, Player.ABWEHR, 1)
    assert (s.active, s.mp_spent, s.activated, s.coup.passed) == (None, 0, frozenset(), frozenset())
    assert s.to_act is Player.ABWEHR and s.step == "free"
    assert [e.text for e in s.events if e.case == "5.3"] == ["Coup-Turn 1 begins"]
    s = play(s, "activate 301")  # and the turn goes on
    assert s.active == "301" and s.mp_spent == 0


def test_18_34_the_coup_status_phase_starts_free_and_unspent():
    s = coup_pos(""""301" = { hex = "1910", suspected = true }
        "001" = { hex = "2612" }""")
    s = play(
        s, "activate 301", "move 2010", "end", "activate 001", "end", "end-phase", "activate 013", "end"
    )  # 18.32-18.33, as above
    assert s.phase is Phase.COUP_STATUS
    assert (s.step, s.active, s.mp_spent) == ("free", None, 0)


def test_18_55_18_57_hitlers_death_is_logged_word_for_word():
    s = coup_pos(
        """"100" = { hex = "2210" }
        "301" = { hex = "2110", suspected = true }
        "401" = { hex = "1912", controller = "abwehr", recruited = false, semi = true }""",
        dice="1",
        abwehr_bonus=1,
    )
    s = play(s, "activate 301", "harass 100")
    said = {e.case: e.text for e in s.events if e.case in ("18.55", "18.57")}
    assert said == {
        "18.55": "Hitler is dead: the Abwehr's bonus is +5 again",
        "18.57": "Stauffenberg comes over to the Abwehr",
    }
    u = s.unit("401")
    assert (u.semi, u.recruited, u.controller) == (False, True, Player.ABWEHR)


def test_18_61_the_interphase_refusal_word_for_word():
    s = coup_pos(
        """"301" = { hex = "1910", suspected = true }
        "002" = { hex = "2110" }""",
        phase="coup_interphase",
        turn=0,
        chits='abwehr = ["L002"]',
    )
    e = illegal(s, "pin 002", "18.61")
    assert e.reason == "Loyalty chits may not be laid during the interphase"


# -- 9.24 in the coup: movement, Travel and the interphase keep out of unfriendly HQs ----------


def test_9_24_in_a_coup_turn_a_unit_steps_into_a_friendly_hq_never_an_unfriendly_one():
    # Canaris stands between the Foreign Office (2008: Nazi and Civilian) and open streets.
    s = coup_pos(""""300" = { hex = "2009", suspected = true }""")
    s = play(s, "activate 300")
    assert "move 2008" not in legal(s) and "move 2109" in legal(s)
    assert str(illegal(s, "move 2008", "9.24")) == "Foreign Office is not friendly to Canaris (9.24)"
    # The interphase (18.2) moves by the same rule.
    s = play(
        coup_pos(""""300" = { hex = "2009", suspected = true }""", phase="coup_interphase", turn=0),
        "activate 300",
    )
    illegal(s, "move 2008", "9.24")
    # An SS unit next to Gestapo HQ (2711) may walk in: it is friendly to the SS.
    s = play(coup_pos(""""002" = { hex = "2710" }""", phasing="ss"), "activate 002")
    assert "move 2711" in legal(s)


def test_9_24_in_a_coup_turn_travel_reaches_only_friendly_hqs():
    # 18.36: in the coup, Berlin is entered only by Travel, and Travel keeps to 9.24 too.
    s = play(
        coup_pos(""""301" = { hex = "0412", suspected = true }""", chits='abwehr = ["TR1"]'), "activate 301"
    )
    options = {a.split()[1] for a in legal(s) if a.startswith("travel")}
    assert {"1714", "1510", "1518"} <= options  # Abwehr, OKW and OB-Heimat HQs
    assert not {"2711", "2008", "2120", "2414", "2618"} & options
    illegal(s, "travel 2711 TR1", "9.24")
