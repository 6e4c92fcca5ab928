"""Set-up (4.x), the sequence of play (5.x), Hitler's movement (9.6), Military
Advance (16.1x), and the engine's promises: reproducible, never mutating."""

from __future__ import annotations

import random

from plot_core import state_to_json
from plot_core.engine.actions import parse_action
from plot_core.engine.api import apply, legal_actions, new_game
from plot_core.engine.errors import IllegalAction
from plot_core.engine.pending import HitlerHex, Retreat
from plot_core.engine.position import STEPS
from plot_core.engine.sequence import player_turn
from plot_core.engine.state import Box, Event, GameState, Phase
from plot_core.parties import Party, Player

from .helpers import at, illegal, legal, play, pos, to_phase

# -- set-up ----------------------------------------------------------------------


def test_4_31_leaders_first_then_4_32_ss_marks():
    s = new_game(1, setup="choose")
    named = s.rules.map.named_setup
    for uid in ("000", "100", "200", "300"):
        assert s.unit(uid).hex == named[uid]
    assert s.phase is Phase.SETUP and s.to_act is Player.SS
    assert (s.turn, s.phasing) == (0, Player.SS)  # set-up comes before Game-Turn 1
    marks = s.rules.map.setup_marks
    for a in legal_actions(s):
        party = s.info(a.unit).party
        assert (party is Party.SS and a.hex in marks["ss"]) or (
            party is Party.NAZI and a.hex in marks["nazi"]
        )
    nazi_hex = marks["nazi"][0]
    illegal(s, f"place 001 {nazi_hex:04d}", "4.32")  # an SS unit on a Nazi mark


def test_4_31_to_4_35_each_step_names_its_marks_and_case_when_a_unit_is_misplaced():
    s = new_game(1, setup="choose")
    assert s.events == (Event("4.31", "Himmler, Hitler, Goerdeler and Canaris take their named hexes"),)
    said = {}
    while s.phase is Phase.SETUP:
        first = legal_actions(s)[0]
        if s.step not in said:  # 1010 is no set-up mark of any kind
            try:
                apply(s, parse_action(f"place {first.unit} 1010"))
            except IllegalAction as e:
                said[s.step] = (e.case, str(e))
        s = apply(s, first)
    assert said == {
        "ss_marked": (
            "4.32",
            "now SS places units on empty ss and nazi set-up hexes; 001 on 1010 is not one of those (4.32)",
        ),
        "ss_common": (
            "4.33",
            "now SS places units on empty common set-up hexes; 010 on 1010 is not one of those (4.33)",
        ),
        "abwehr_marked": (
            "4.34",
            "now Abwehr places units on empty civilian and abwehr and "
            "okw set-up hexes; 201 on 1010 is not one of those (4.34)",
        ),
        "abwehr_common": (
            "4.35",
            "now Abwehr places units on empty common set-up hexes; 205 on 1010 is not one of those (4.35)",
        ),
    }


def test_4_3_order_and_4_35_abwehr_uses_the_x_hexes_left():
    s = new_game(2, setup="choose")
    seen_players = []
    while s.phase is Phase.SETUP:
        seen_players.append((s.step, s.to_act))
        s = apply(s, legal_actions(s)[-1])  # always the last option
    steps = [st for st, _ in dict.fromkeys(seen_players)]
    assert steps == ["ss_marked", "ss_common", "abwehr_marked", "abwehr_common"]
    assert dict(seen_players)["abwehr_common"] is Player.ABWEHR
    german = [u for u in s.units if s.info(u.id).party.german]
    assert all(u.hex is not None for u in german)  # every unit placed
    assert len({u.hex for u in german}) == len(german)  # one per hex


def test_4_36_4_37_and_4_2_start_of_play():
    s = new_game(3)
    for u in s.units:
        info = s.info(u.id)
        assert u.controller is info.control
        assert not u.recruited and not u.suspected  # 4.36
        if not info.party.german:
            assert u.box is Box.ALLIED_HOLDING or u.hex is not None  # 4.2 (one may be placed)


def test_4_3_the_standard_set_up_is_said_in_one_line_not_by_its_last_placement():
    events = new_game(3).events
    assert events[0] == Event("4.3", "Both sides' units are set up the standard way")
    assert not any("sets up on" in e.text for e in events)
    assert new_game(3, setup="choose").phase is Phase.SETUP  # (the players place them, 4.32-4.35)


def test_4_1_ten_chits_each():
    s = new_game(4, setup="choose")
    while s.phase is Phase.SETUP:
        s = apply(s, legal_actions(s)[0])
    drawn = [e for e in s.events if e.case == "4.1" and e.private is None]
    assert [e.text for e in drawn] == ["SS draws 10 chits", "Abwehr draws 10 chits"]


# -- sequence of play ------------------------------------------------------------


def test_5_2_phase_order():
    s = pos("""
        phasing = "abwehr"
        phase = "movement"
        """)
    order = []
    for _ in range(8):
        order.append((s.phasing.value, s.phase.value))
        assert player_turn(s) is s.phasing  # its own Player-Turn's phase
        # the phase's automatic steps done (Hitler's roll, 9.61; the retirement rolls,
        # 15.12; no prisoner to interrogate, 14.12), the phasing player acts freely, at
        # the step a position file names so
        assert s.step == "free" and s.step in STEPS.get(s.phase, ("free",)), order[-1]
        s = play(s, "end-phase")
        assert s.pending[-1].kind == "coup" and s.to_act is Player.ABWEHR  # 18.11
        s = play(s, "no-reveal")
    assert order == [
        ("abwehr", "movement"),
        ("abwehr", "recruitment"),
        ("abwehr", "status"),
        ("ss", "movement"),
        ("ss", "recruitment"),
        ("ss", "investigation"),
        ("ss", "interrogation"),
        ("ss", "status"),
    ]
    # D: the Game-Turn marker moves on, and the next Assignment Inter-Phase begins (5.2 A).
    assert s.turn == 2 and s.phase is Phase.ASSIGNMENT
    assert s.to_act is Player.ABWEHR and s.pending[-1].kind == "place_allied"
    assert player_turn(s) is None  # an inter-phase is no one's Player-Turn (5.2 A)


def test_5_3_the_coup_turns_phases_are_both_players():
    s = pos("""
        phasing = "abwehr"
        phase = "coup_movement"
        [coup]
        penalty = 1
        bonus = 0
        abwehr_bonus = 0
        units = 2
        turn = 1
        """)
    assert s.coup is not None and player_turn(s) is None


def test_5_1_and_18_74_the_game_ends_after_game_turn_9_without_a_coup():
    s = pos("""
        turn = 9
        phasing = "ss"
        phase = "status"
        """)
    s = play(s, "end-phase", "no-reveal")  # the Abwehr's last chance (18.11) declined
    assert s.outcome is not None and s.outcome.winner == "ss" and s.outcome.case == "18.74"
    assert s.outcome.reason == "Game-Turn 9 has ended and no coup was declared"
    assert (s.phase.value, s.step) == ("game_over", "over")
    assert legal_actions(s) == []
    illegal(s, "end-phase", "18.7")
    s = play(
        pos("""
        turn = 8
        phasing = "ss"
        phase = "status"
        """),
        "end-phase",
        "no-reveal",
    )  # one Game-Turn short: Game-Turn 9 begins
    assert s.outcome is None and s.turn == 9


# -- Hitler ----------------------------------------------------------------------

HITLER_ROLL = """
turn = 3
phasing = "ss"
phase = "movement"
step = "hitler"
dice = [%d]
[units]
"100" = { hex = "2414" }
%s
"""


def test_9_61_rolls_of_one_to_three_keep_him_in_fuhrer_hq():
    s = pos(HITLER_ROLL % (2, ""))
    assert at(s, "100") == "2414" and not s.pending


def test_9_61_9_62_four_to_six_send_him_to_rastenburg_the_ss_picks_the_hex():
    s = pos(HITLER_ROLL % (5, ""))
    assert s.to_act is Player.SS and sorted(legal(s)) == ["hitler 3405", "hitler 3506"]
    assert s.pending == (HitlerHex(Player.SS, options=(3506, 3405)),)
    assert str(illegal(s, "hitler 2414", "9.62")) == "Hitler may go to 3506, 3405 (9.62)"
    s = play(s, "hitler 3405")
    assert at(s, "100") == "3405"


def test_9_62_a_full_hq_leaves_him_where_he_is():
    s = pos(HITLER_ROLL % (5, '"001" = { hex = "3405" }\n"002" = { hex = "3506" }'))
    assert at(s, "100") == "2414"
    assert [(e.case, e.text) for e in s.events][-1] == (
        "9.62",
        "Rastenburg HQ is full: Hitler stays where he is",
    )


# Game-Turn 8's Assignment Phase opens with Hitler's return to Führer HQ (9.63).
GAME_TURN_8 = """
turn = 8
phase = "assignment"
step = "hitler8"
dice = [4, 1, 4]
[units]
"100" = { hex = "%s" }
%s
"""


def game_turn_8(hitler: str, more: str = "") -> GameState:
    return pos(GAME_TURN_8 % (hitler, more))


def fuhrer_hq_full() -> GameState:
    """Hitler at Rastenburg (3506) and every Führer HQ hex taken."""
    return game_turn_8("3506", '"001" = { hex = "2414" }\n"002" = { hex = "2313" }\n"003" = { hex = "2213" }')


def test_9_63_from_game_turn_8_he_returns_and_rolls_no_more():
    s = game_turn_8("3506")
    fuhrer = s.rules.map.hqs["fuhrer"].hexes
    assert s.pending[-1].kind == "hitler" and sorted(s.pending[-1].options) == sorted(fuhrer)
    s = play(s, f"hitler {fuhrer[1]:04d}")
    assert s.unit("100").hex == fuhrer[1]
    s2 = pos(HITLER_ROLL.replace("turn = 3", "turn = 8") % (5, ""))
    assert at(s2, "100") == "2414" and not any(e.case == "9.61" for e in s2.events)


def test_9_63_a_full_fuhrer_hq_makes_room():
    s = fuhrer_hq_full()
    assert s.pending[-1].kind == "displace"
    assert sorted(legal(s)) == ["displace 001", "displace 002", "displace 003"]
    assert str(illegal(s, "displace 100", "9.63")) == "choose a unit standing in Führer HQ (9.63)"
    s = play(s, "displace 002")
    if s.pending and s.pending[-1].kind == "retreat":
        s = play(s, legal(s)[0])
    assert at(s, "100") == "2313" and at(s, "002") != "2313"


# -- Military Advance -------------------------------------------------------------


def test_16_13_units_in_a_falling_area_are_eliminated_and_allies_go_home():
    # Casablanca (CS) falls at the start of Game-Turn 6.
    s = pos("""
        turn = 6
        phase = "assignment"
        step = "advance"
        dice = [4, 1, 4]
        [units]
        "013" = { hex = "0127", marker = "masked" }
        "506" = { hex = "0128", marker = "neutralized" }
        """)
    # off the map, and without the marker it carried there (16.13)
    german = s.unit("013")
    assert (german.box, german.hex, german.marker) == (Box.ELIMINATED, None, None)
    allied = s.unit("506")
    assert (allied.box, allied.hex, allied.marker) == (Box.ALLIED_HOLDING, None, None)
    assert [(e.case, e.text) for e in s.events][:3] == [
        ("16.11", "Casablanca is overrun by the Allies"),
        ("16.13", "Best is eliminated"),
        ("16.13", "Interallié returns to the Allied Unit Holding Box"),
    ]


def test_5_2_each_phase_begins_with_its_line_in_the_log():
    s = play(
        pos('phasing = "abwehr"\n[units]\n"301" = { hex = "2110", suspected = true }'),
        "end-phase",
        "no-reveal",
    )  # no coup (18.11)
    assert (s.phase, s.phasing) == (Phase.RECRUITMENT, Player.ABWEHR)
    assert [(e.case, e.text) for e in s.events] == [("5.2", "Abwehr recruitment phase")]


# -- engine promises -------------------------------------------------------------


def _random_game(seed: int, steps: int = 400):
    rnd = random.Random(seed)
    s = new_game(seed)
    trail = [s]
    for _ in range(steps):
        acts = legal_actions(s)
        if not acts:
            break
        s = apply(s, rnd.choice(acts))
        trail.append(s)
    return trail


def test_same_seed_and_actions_reproduce_the_same_states():
    a, b = _random_game(11), _random_game(11)
    assert a == b
    assert _random_game(12)[-1] != a[-1]


def test_apply_never_mutates_its_input():
    trail = _random_game(13, steps=150)
    snapshots = [state_to_json(s) for s in trail]  # every field of the game
    rnd = random.Random(1)
    for s in trail:  # apply again from every state
        acts = legal_actions(s)
        if acts:
            apply(s, rnd.choice(acts))
    assert [state_to_json(s) for s in trail] == snapshots


def test_9_61_the_roll_comes_as_the_ss_movement_phase_begins_and_in_no_other_phase():
    """From the Abwehr's Movement Phase on, through its Recruitment and Status Phases:
    the die for Hitler is rolled once, as the SS Movement Phase begins (a planted bug
    that rolled it in another phase was once caught only by whole games)."""
    s = pos("""
        turn = 3
        phasing = "abwehr"
        phase = "movement"
        dice = [5]
        [units]
        "100" = { hex = "2414" }
        """)
    trail = to_phase(s, "movement", "ss")
    rolled = [(st.phase, st.phasing) for st in trail if any(e.case == "9.61" for e in st.events)]
    assert rolled == [(Phase.MOVEMENT, Player.SS)]
    assert [e.text for e in trail[-1].events if e.case == "9.61"] == [
        "Hitler's movement: die 5: Hitler goes to Rastenburg HQ"
    ]


def test_9_61_9_62_the_log_and_one_free_hex_taken_without_asking():
    s = pos(HITLER_ROLL % (2, ""))
    assert [(e.case, e.text, e.roll) for e in s.events] == [
        ("9.61", "Hitler's movement: die 2: Hitler goes to Führer HQ", (2,))
    ]
    s = pos(HITLER_ROLL % (5, '"001" = { hex = "3405" }'))  # one Rastenburg hex left
    assert at(s, "100") == "3506" and not s.pending
    assert [(e.case, e.text) for e in s.events][-1] == ("9.62", "Hitler moves to 3506")


def test_9_63_nothing_to_do_when_he_is_already_in_fuhrer_hq():
    s = game_turn_8("2313")
    assert at(s, "100") == "2313"
    assert not any(e.case == "9.63" for e in s.events)
    assert not any(d.kind in ("hitler", "displace") for d in s.pending)


def test_9_63_the_displaced_units_owner_retreats_it():
    s = fuhrer_hq_full()
    assert s.to_act is Player.SS and [(e.case, e.text) for e in s.events] == [
        ("9.63", "Prussia is falling: Hitler returns to Führer HQ for good")
    ]
    s = play(s, "displace 002")
    assert s.pending == (HitlerHex(Player.SS, options=(2313,)), Retreat(Player.SS, unit="002"))
    assert s.to_act is Player.SS


def test_9_63_with_10_62_the_displaced_unit_retreats_by_the_rules_of_retreat():
    """Schellenberg, pushed out of Führer HQ's 2313, retreats one hex as after harassment:
    not into a hex an Abwehr unit controls (Dohnanyi at 2311 holds 2312 and 2412), nor into
    an occupied one (2213, 2414): only 2314 or 2413 are left."""
    s = game_turn_8(
        "3506",
        '"001" = { hex = "2414" }\n"002" = { hex = "2313" }\n'
        '"003" = { hex = "2213" }\n"301" = { hex = "2311", suspected = true }',
    )
    s = play(s, "displace 002")
    assert sorted(legal(s)) == ["retreat 2314", "retreat 2413"]
    illegal(s, "retreat 2312", "10.62")
    s = play(s, "retreat 2413")
    assert at(s, "002") == "2413" and at(s, "100") == "2313"


def test_4_3_the_standard_set_up_made_is_where_every_standard_game_starts():
    # 4.1: nothing is drawn or rolled before the standard set-up is made, so it is the
    # same for every seed: the units stand where a new game's do, every chit in the cup
    from plot_core.engine.api import standard_setup

    made = standard_setup()
    assert made.units == new_game(5).units == new_game(6).units
    assert set(made.chits) == {"cup"}


def test_9_63_the_units_to_displace_are_those_in_the_named_hexes():
    # A position may name a hex no one stands in among the choices: it offers no one.
    s = pos("""
phasing = "ss"
[units]
"002" = { hex = "2110" }
[[pending]]
kind = "displace"
player = "ss"
options = ["2110", "2111"]
""")
    assert legal(s) == ["displace 002"]


def test_4_3_a_game_whose_set_up_is_chosen_keeps_its_seed_and_its_given_chance():
    from plot_core.engine.rolls import OUTSIDE

    chosen = new_game(7, setup="choose", dice=(4, 5), picks=(1,))
    assert chosen.phase is Phase.SETUP and chosen.seed == 7
    assert (chosen.dice, chosen.picks) == ((4, 5), (1,))
    assert new_game(7, setup="choose", outside_chance=True).rng is OUTSIDE
