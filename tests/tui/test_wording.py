"""What the prompts and menus say: the right unit, the right area, the chits an
action spends, and only the options the rules allow."""

from __future__ import annotations

from engine.helpers import play, pos
from engine.test_recruitment import recruiting
from plot_core import legal_actions, load_rules, view
from plot_core.engine.pending import PlaceAllied
from plot_core.engine.state import evolve
from plot_core.parties import Player
from plot_core.wording import words
from plot_session.describe import prompt

RULES = load_rules()


def test_a_recruitment_ar_asks_where_the_recruiter_retreats_not_a_harassed_unit():
    s = recruiting(
        "ss",
        """"107" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "014" = { hex = "2310" }""",
        dice="4",
    )  # 3 + 2 vs Popitz 3: +2, die 4: Ar
    s = play(s, "recruit 107", "join 013", "join 014", "roll")
    said = prompt(RULES, view(s, Player.SS))
    assert "recruiting unit retreats (12.32, 10.65)" in said
    assert "harassed" not in said


def test_a_double_cross_attempt_says_which_chits_it_spends():
    s = recruiting(
        "abwehr",
        """"101" = { hex = "2210", controller = "ss" }
        "301" = { hex = "2110" }""",
        chits='abwehr = ["L101", "DC1"]',
    )
    v = view(s, Player.ABWEHR)
    [a] = [a for a in legal_actions(s) if str(a) == "recruit 101"]
    assert words(RULES, v, a) == ("Try to recruit Bormann (101) by Double-Cross (spends DC1 and L101, 12.62)")


def test_a_civilian_attempt_says_it_spends_the_loyalty_chit_and_a_free_one_says_nothing():
    s = recruiting(
        "ss",
        """"201" = { hex = "2210", controller = "none" }
        "101" = { hex = "2109", controller = "none" }
        "001" = { hex = "2110" }""",
        chits='ss = ["L201"]',
    )
    v = view(s, Player.SS)
    said = {str(a): words(RULES, v, a) for a in legal_actions(s)}
    assert said["recruit 201"].endswith("(spends L201, 12.14)")
    assert said["recruit 101"] == "Try to recruit Bormann (101)"  # a Nazi: free to the SS


def test_one_chit_drawn_is_one_chit():
    s = recruiting(
        "ss",
        """"107" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "014" = { hex = "2310" }""",
        dice="6",
    )  # +2, die 6: Ep
    s = play(s, "recruit 107", "join 013", "join 014", "roll")
    assert any(e.text == "Abwehr draws 1 chit" for e in s.events)


def test_travel_is_offered_in_words_only_to_a_side_holding_a_travel_chit():
    duel = """
        phasing = "ss"
        [units]
        "002" = {{ hex = "2110" }}
        [chits]
        {chits}
        """
    without = play(pos(duel.format(chits="")), "activate 002")
    assert "travel" not in prompt(RULES, view(without, Player.SS))
    with_chit = play(pos(duel.format(chits='ss = ["TR1"]')), "activate 002")
    assert "harass, travel, or end" in prompt(RULES, view(with_chit, Player.SS))
    at_hq = play(
        pos('phasing = "ss"\n[units]\n"002" = { hex = "2711" }\n[chits]\nss = ["TR1"]'), "activate 002"
    )
    legal = list(legal_actions(at_hq))  # (from Gestapo HQ a journey is legal, 9.54)
    assert any(a.verb.value == "travel" for a in legal)
    assert "harass, travel, or end" in prompt(RULES, view(at_hq, Player.SS), legal)


def test_the_other_sides_move_is_said_without_travel_whatever_the_watcher_holds():
    """Waiting for the SS's move, the Abwehr (holding a Travel chit of its own) and a
    spectator are not told the SS may travel: that depends on the SS's chits (9.4)."""
    s = play(
        pos('phasing = "ss"\n[units]\n"002" = { hex = "2110" }\n[chits]\nabwehr = ["TR2"]'), "activate 002"
    )
    for eyes in (Player.ABWEHR, None):
        said = prompt(RULES, view(s, eyes))
        assert "move Schellenberg" in said and "travel" not in said, said


def test_travel_is_not_offered_where_no_journey_is_legal():
    """A Travel chit in hand but no journey legal from where the unit stands: the
    mover's prompt, told the legal actions, names no travel (it used to)."""
    s = play(pos('phasing = "ss"\n[units]\n"002" = { hex = "2110" }\n[chits]\nss = ["TR1"]'), "activate 002")
    legal = list(legal_actions(s))
    assert not any(a.verb.value == "travel" for a in legal)
    assert "travel" not in prompt(RULES, view(s, Player.SS), legal)


def test_a_journey_is_named_by_the_area_it_goes_to():
    s = play(pos('phasing = "ss"\n[units]\n"002" = { hex = "2711" }\n[chits]\nss = ["TR1"]'), "activate 002")
    journeys = [words(RULES, s, a) for a in legal_actions(s) if a.verb.value == "travel"]
    assert "Travel to Berne (0925) with Travel chit TR1" in journeys, journeys[:5]


def test_the_allied_placement_prompt_names_the_area_in_full():
    s = pos("""
        phase = "assignment"
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        """)
    s = evolve(s, pending=(PlaceAllied(Player.ABWEHR, unit="501", area="PR"),))
    assert "place the Allied unit in Paris (PR) (7.11)" in prompt(RULES, view(s, Player.ABWEHR))
    assert "Paris (PR)" in prompt(RULES, view(s, Player.SS))  # the area is public; the unit not


def test_the_other_side_reads_a_double_cross_without_the_chit_it_spends():
    s = recruiting(
        "abwehr",
        """"101" = { hex = "2210", controller = "ss" }
        "301" = { hex = "2110" }""",
        chits='abwehr = ["L101", "DC2"]',
    )
    [a] = [a for a in legal_actions(s) if str(a) == "recruit 101"]
    for seen_by in (view(s, Player.SS), view(s, None), s):
        assert words(RULES, seen_by, a) == "Try to recruit Bormann (101) by Double-Cross (12.62)"


def test_the_other_side_is_not_told_which_loyalty_chit_an_attempt_would_spend():
    s = recruiting(
        "abwehr",
        """"206" = { hex = "2210", controller = "none" }
        "301" = { hex = "2110" }""",
        chits='abwehr = ["L206"]',
    )
    [a] = [a for a in legal_actions(s) if str(a) == "recruit 206"]
    assert "L206" in words(RULES, view(s, Player.ABWEHR), a)
    for seen_by in (view(s, Player.SS), view(s, None), s):  # the log, the export
        assert "L206" not in words(RULES, seen_by, a)


def test_every_help_text_reads_without_a_markup_tag_left_over():
    """The replay's help once showed "[[/b]": a tag the markup did not take."""
    import re

    from textual.content import Content

    from plot_tui.replay_screen import REPLAY_HELP
    from plot_tui.screens import help_text

    for text in (REPLAY_HELP, help_text(), help_text(shared=True)):
        shown = Content.from_markup(text).plain
        assert not re.search(r"\[/?[a-z]", shown), shown
    assert "] [" in Content.from_markup(REPLAY_HELP).plain


def test_the_other_side_waits_without_keys_and_a_side_is_named_once():
    """ "Waiting for the SS: SS: choose a unit to recruit (Enter on it), or end the phase
    (P)" named the side twice and keys that were not the reader's; plain text said
    "Your move, SS: SS: ... (Enter on it)", a key it has no use for."""
    from plot_session.describe import awaited, plain_prompt

    phase = "SS: choose a unit to recruit (Enter on it), or end the phase (P)"
    assert awaited(phase, "SS") == "Waiting for the SS: choose a unit to recruit, or end the phase."
    decision = "Abwehr to place the Allied unit in Paris (PR) (7.11)"
    waiting = "Waiting for the Abwehr to place the Allied unit in Paris (PR) (7.11)."
    assert awaited(decision, "Abwehr") == waiting
    assert plain_prompt(phase, "SS") == "choose a unit to recruit, or end the phase (P)"  # P is typed
    assert plain_prompt(decision, "Abwehr") == "place the Allied unit in Paris (PR) (7.11)"
    moving = "SS: move Heydrich (001) — step, harass, or end its move (e)"
    assert awaited(moving, "SS") == "Waiting for the SS: move Heydrich (001) — step, harass, or end its move."


def test_the_status_prompt_offers_taking_markers_off_only_where_a_unit_has_one():
    """15.11: with no marker on his units, the SS's Status Adjustment asks only for the
    end of the phase (a newcomer pressed Enter as told and got "Nothing to do")."""
    marked = pos('phase = "status"\nphasing = "ss"\n[units]\n"002" = { hex = "2110", marker = "masked" }\n')
    bare = pos('phase = "status"\nphasing = "ss"\n[units]\n"002" = { hex = "2110" }\n')
    said = prompt(RULES, view(marked, Player.SS), list(legal_actions(marked)))
    assert said == "SS: take markers off your units (Enter), or end the phase (P)"
    assert prompt(RULES, view(bare, Player.SS), list(legal_actions(bare))) == "SS: end the phase (P)"


def test_the_side_that_waits_hears_markers_taken_off_only_where_the_phasing_side_has_one():
    """15.11 as the other side reads it: it has no legal actions to look at, so the markers
    on the board say whether the phasing side may take any off (12.28: they are public).
    The Abwehr, waiting, read "take markers off" when the SS had nothing to take off."""
    marked = pos('phase = "status"\nphasing = "ss"\n[units]\n"002" = { hex = "2110", marker = "masked" }\n')
    bare = pos('phase = "status"\nphasing = "ss"\n[units]\n"002" = { hex = "2110" }\n')
    said = prompt(RULES, view(marked, Player.ABWEHR))
    assert said == "SS: take markers off your units (Enter), or end the phase (P)"
    assert prompt(RULES, view(bare, Player.ABWEHR)) == "SS: end the phase (P)"


def test_an_attacker_retreat_asks_where_the_harassing_unit_retreats():
    """Ar: the harassing unit retreats, its owner picking the hex (as Dr, but the
    attacker). The prompt had called Schellenberg, who harassed, "the harassed unit"
    and cited 10.65, whose chooser is the other side."""
    from plot_core import apply, parse_action

    from .test_play import DUEL

    s = pos(DUEL.format(die=6))  # die 6 on the Harassment Table: Ar at every column
    for line in ("activate 002", "harass 305"):
        s = apply(s, parse_action(line))
    assert s.pending[-1].kind == "retreat" and s.to_act is Player.SS
    said = prompt(RULES, view(s, Player.SS), list(legal_actions(s)))
    assert said == "SS to choose where the harassing unit retreats (Ar, 10.71, 10.72): Schellenberg (002)"
    # Dr: Canaris harasses Best, whose owner (the SS) picks where Best retreats (10.65)
    s = pos('phasing = "abwehr"\ndice = [1]\n[units]\n"300" = { hex = "2110" }\n"013" = { hex = "2210" }\n')
    for line in ("activate 300", "harass 013"):
        s = apply(s, parse_action(line))
    assert s.pending[-1].kind == "retreat"
    said = prompt(RULES, view(s, Player.SS), list(legal_actions(s)))
    assert said == "SS to choose where the harassed unit retreats (10.65): Best (013)"


def test_where_revealing_nothing_more_rolls_the_die_the_prompt_says_so():
    """13.18, 13.36: once the Abwehr has revealed a Loyalty chit, the SS covers it with an
    Alibi/Arrest chit or not, and "not" goes on to the roll (called off below 2 to 1,
    13.22); 14.21, 14.34: the same
    for the Abwehr's Alibi/Arrest chits before an interrogation."""
    from engine.test_investigation import EXAMPLE, cell, investigating

    s = investigating(EXAMPLE, dice="4", chits='abwehr = ["L011"]\n        ss = ["AA1"]')
    s = play(s, "investigate 305", "join 000", "join 011", "roll", "reveal L011", "no-reveal")
    assert prompt(RULES, view(s, Player.SS)) == (
        "SS to cover exposed investigators with Alibi/Arrest chits, or go on to the roll "
        "(13.18; called off below 2 to 1, 13.22)"
    )
    s = cell('"305" = { box = "interrogation_cell", suspected = true }', dice="1", chits='abwehr = ["AA1"]')
    s = play(s, "end-phase", "no-reveal")
    assert prompt(RULES, view(s, Player.ABWEHR)) == (
        "Abwehr to reveal Alibi/Arrest chits for the prisoner, or let the interrogation roll (14.21, 14.34)"
    )


def test_once_a_fuhrer_access_chit_is_committed_the_coup_prompt_offers_no_not():
    """18.13: committed chits make the coup go ahead; the prompt no longer says "or not"."""
    from plot_core.lessons import load_lessons

    lesson = next(ls for ls in load_lessons() if ls.key == "06-coup")
    s = play(lesson.start(RULES), "end-phase")
    assert prompt(RULES, view(s, Player.ABWEHR)) == "Abwehr to attempt a coup now, or not (18.11)"
    s = play(s, "reveal FA1")  # FA2 still held
    assert prompt(RULES, view(s, Player.ABWEHR), legal_actions(s)) == (
        "Abwehr to commit more Führer Access chits, or roll on the Walkyrie Table (18.13)"
    )
    s = play(s, "reveal FA2")  # none left
    said = prompt(RULES, view(s, Player.ABWEHR), legal_actions(s))
    assert said == "Abwehr to roll on the Walkyrie Table (18.13)"
