"""Plain text play (plot play --plain): sentences a line, answered by a number, an
action's notation or a question; the same session, so the same rules, hidden
information and saving."""

from __future__ import annotations

import io
import re

import pytest

from plot_core import Player, new_game
from plot_core.hexgrid import parse_hex
from plot_session.session import Seat, Session
from plot_tui.line_mode import play_lines

AGAINST_THE_COMPUTER = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}
AGAINST_THE_COMPUTER_AS_THE_ABWEHR = {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN}
# Goerdeler (200) beside Fellgiebel (405), nobody's: a success puts him under suspicion
# (12.73, 12.74); die 6
GOERDELER_RECRUITS = """
phase = "recruitment"
phasing = "abwehr"
dice = [6]
[units]
"405" = { hex = "2210", controller = "none" }
"200" = { hex = "2110" }
"""


def played(session: Session, *lines: str) -> str:
    out = io.StringIO()
    assert play_lines(session, io.StringIO("".join(f"{ln}\n" for ln in lines)), out) == 0
    return out.getvalue()


def test_a_slip_in_a_word_typed_for_a_verb_meets_that_word(rules):
    """ "no-coup" is typed for no-reveal at a coup (18.11): a slip in it is met with it."""
    out = played(Session(new_game(5, rules=rules), AGAINST_THE_COMPUTER, seed=5), "no-cuop", "quit")
    assert "Not understood: 'no-cuop'. Did you mean no-coup? Type help for the commands." in out


def test_questions_are_answered_and_a_number_plays_that_choice(rules):
    s = Session(new_game(5, rules=rules), AGAINST_THE_COMPUTER, seed=5)
    before = s.actions
    out = played(
        s,
        "help",
        "chits",
        "where Himmler",
        "where 001",
        "look 2714",
        "rules 11.32",
        "streets",
        "99",
        "move 9999",
        "dance",
        "hepl",
        "2",
        "quit",
    )
    assert "You play the SS. Type help for the commands." in out
    assert "where NAME     where a unit is" in out  # help
    assert "Your chits: " in out and "chits in the cup." in out
    assert "Loyalty chit of Roeder (L008)" in out  # named, as the full screen names them
    # who stands in the streets, before the coup too (it said nothing then)
    assert "SS units in Berlin's streets: Himmler (000)" in out
    assert "No coup is under way (18.11): these count once one is." in out
    assert "Himmler (000) is at 2714, Berlin (BE)." in out
    assert "Heydrich (001) is at" in out
    assert "Hex 2714, Berlin (BE)" in out and "Himmler (000)" in out
    # a counter's two sides, as the full screen's Hex tab (12.28): its ratings to weigh
    himmler = 'Himmler (000) (SS · Reichsführer-SS, head of the SS · counter "Himmler"'
    assert f"{himmler}; SS-controlled; ratings 9-9-9" in out
    assert "11.32 " in out
    assert "There is no choice 99 now: Enter (or choices) lists them." in out
    assert "Refused: 9999 is not a hex of the map" in out or "Not understood" in out
    assert "Not understood: unknown verb 'dance'" in out
    # a slip of the fingers is met with the word it is near, not the list of every verb
    assert "Not understood: 'hepl'. Did you mean help? Type help for the commands." in out
    assert "Your move, SS: reveal an assignment chit, or not (7.4, 7.5)" in out
    assert "  2. Reveal nothing (more) (no-reveal)." in out
    assert s.actions > before  # 2 was played
    assert out.rstrip().endswith("Stopped. The game is saved: plot resume goes on with it.")


def test_where_finds_a_name_whatever_its_accents_and_case(rules):
    s = Session(new_game(5, rules=rules), AGAINST_THE_COMPUTER, seed=5)
    out = played(s, "where muller", "where MUELLER", "where Müller", "where heinrich m", "quit")
    for both in out.split("> ")[1:4]:
        assert "H. Müller (003) is at" in both and "J. Müller (306) is at" in both, both
    assert "H. Müller (003) is at" in out.split("> ")[4] and "J. Müller" not in out.split("> ")[4]


def test_it_says_no_more_than_the_player_may_see_and_no_terminal_codes(rules):
    s = Session(new_game(5, rules=rules), AGAINST_THE_COMPUTER, seed=5)
    out = played(s, "2", "P", "end-phase", "quit")
    assert "Abwehr draws 10 chits" in out and "Abwehr drew" not in out  # 4.1, 6.21
    assert "SS drew " in out  # its own hand
    assert "\x1b" not in out and "[b]" not in out


def test_hot_seat_passes_the_keyboard_between_the_players(rules):
    s = Session(new_game(5, rules=rules), {p: Seat.HUMAN for p in Player}, seed=5)
    out = played(s, "", "1 0105", "", "quit")
    # the opening draw is the Abwehr's secret: its hand is said once it has the keyboard
    first = out.index("Pass the keyboard to the Abwehr player, then press Enter.")
    assert first < out.index("Abwehr drew ") < out.index("Your move, Abwehr")
    second = out.index("Pass the keyboard to the SS player, then press Enter.")
    assert out.index("Your move, Abwehr") < second < out.index("Your move, SS")
    assert "SS drew " in out[second:] and "Abwehr drew " not in out[second:]


def test_refusals_give_the_engines_reason_with_its_case(rules):
    s = Session(new_game(5, rules=rules), AGAINST_THE_COMPUTER, seed=5)
    out = played(s, "move 2110", "quit")
    assert "Refused: waiting for SS to choose whether to reveal an assignment chit (7.54)" in out


def test_a_whole_game_is_played_through_the_plain_output_alone(rules):
    """A script that reads only what is printed picks among the numbered choices until
    the game ends: the output holds no escape sequences or box-drawing characters, and
    nothing of the computer's hand."""
    import random
    import re

    s = Session(new_game(11, rules=rules), AGAINST_THE_COMPUTER, seed=11)
    out = io.StringIO()
    rnd = random.Random(11)
    read_from, last = 0, ""

    def read() -> str | None:
        """A number among those shown; one that goes to a hex is finished as a reader
        would: its number and an area it names, then one of the hexes said."""
        nonlocal read_from, last
        shown = out.getvalue()[read_from:]
        read_from = len(out.getvalue())
        if "The game is over" in shown or len(out.getvalue()) > 20_000_000:
            return None
        if same_again(last) in shown:  # a roll or a spent chit, said first
            return last
        last = pick(shown)
        return last

    def pick(shown: str) -> str:
        hexes = re.search(r"^.*a hex of .*\((\w\w)\): ([\d ]+)\. Type (\d+) and one of them", shown, re.M)
        if hexes:
            return f"{hexes[3]} {rnd.choice(hexes[2].split())}"
        choices = re.findall(r"^  (\d+)\. (.*)$", shown, re.M)
        if not choices:
            return ""
        n, line = rnd.choice(choices)
        areas = re.findall(r"\(([A-Z]{2})\)", line)
        return f"{n} {rnd.choice(areas)}" if " HEX" in line else n

    from plot_tui.line_mode import local_lines, same_again

    assert local_lines(s, read, out).run() == 0
    text = out.getvalue()
    assert s.state.outcome is not None and "The game is over: " in text
    assert not re.search(r"[\x1b\x07\u2500-\u257f\u2580-\u259f]", text)
    assert "Abwehr drew" not in text


NEAR = """
phase = "movement"
phasing = "abwehr"
active = "301"
[units]
"301" = { hex = "2110", suspected = true }
"011" = { hex = "2210" }
"303" = { box = "abwehr_retirement", suspected = true }
"""


def test_look_near_boxes_and_odds_answer_in_sentences(rules):
    from plot_core.engine.position import load_position

    s = Session(
        load_position(NEAR, rules=rules), {Player.ABWEHR: Seat.HUMAN, Player.SS: Seat.COMPUTER}, seed=0
    )
    out = played(s, "look 2210", "look 2110", "near 2110", "boxes", "odds", "near 99", "look 9999", "quit")
    # Dohnanyi's zone holds Hanke's hex (11.0)
    assert "Hex 2210, Berlin (BE); units: Hanke (011) (SS · SS general;" in out
    assert "ratings 4-4-5 (effect.-defence-move)); in the zone of control of the Abwehr." in out
    # a counter of two sides: how it stands, then both sides' ratings, set apart
    assert "; Abwehr-controlled, suspected; ratings suspected " in out
    assert "2109, Berlin (BE); no units; in the zone of control of the SS and the Abwehr." in out
    assert "Around 2110:" in out and "  2210, Berlin (BE); units: Hanke (011);" in out
    assert out.count("\n  2") >= 6  # six neighbours
    assert "Abwehr retirement: Oster (303)." in out and "6 Allied units held back" in out
    assert "face-down" not in out
    assert "Harass Hanke (011): Dohnanyi harasses Hanke" in out and "%" in out
    assert "'99' is not a hex: give four digits, column then row, as 2110." in out
    assert "9999 is not a hex of the map: its columns run 01-" in out  # four digits, no hex of it


def test_a_long_answer_is_paged_and_the_player_may_stop_it(rules):
    s = Session(new_game(5, rules=rules), {p: Seat.COMPUTER for p in Player}, seed=5)
    while s.actions < 60:
        s.computer_step()
    s.seats = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}
    out = io.StringIO()
    lm = __import__("plot_tui.line_mode", fromlist=["local_lines"]).local_lines(
        s, iter(["", "stop"]).__next__, out
    )
    lm.say_paged([f"line {i}" for i in range(50)])
    said = out.getvalue()
    assert "line 19" in said and "30 more lines: Enter for the next" in said
    assert "line 39" in said and "line 40" not in said  # stopped at the second


def test_the_lessons_in_plain_text_play_to_their_goal_and_are_kept(rules):
    from plot_core.lessons import load_lessons
    from plot_tui.line_mode import learn_lines

    lessons = load_lessons(rules)
    n = [ls.key for ls in lessons].index("09-assignment")
    kept, out = [], io.StringIO()
    answers = [str(n + 1), "hint", "assign 000 3215", *lessons[n].solution, "quit"]
    assert (
        learn_lines(lessons, rules, (), io.StringIO("".join(f"{a}\n" for a in answers)), out, kept.append)
        == 0
    )
    said = out.getvalue()
    assert "  2. A Game-Turn begins: the Assignment Inter-Phase (as the Abwehr)." in said
    assert f"Goal: {lessons[n].goal}" in said
    assert f"Hint 1: {lessons[n].hints[0]}" in said
    assert "Refused: " in said and "Type hint for a hint." in said  # the engine's reason
    assert f"Lesson done: {lessons[n].goal}" in said and kept == ["09-assignment"]
    assert "(as the Abwehr, done)." in said  # the list again
    assert "\x1b" not in said


def test_in_plain_text_the_hint_is_the_one_for_where_the_learner_is(rules):
    """The coup lesson: with the phase ended, `hint` tells of the Führer Access chits,
    not that P ends the phase; asked again there, the next hint."""
    from plot_core.lessons import load_lessons
    from plot_tui.line_mode import learn_lines

    lessons = load_lessons(rules)
    n = [ls.key for ls in lessons].index("06-coup")
    out = io.StringIO()
    answers = [str(n + 1), "end-phase", "hint", "hint", "quit", "quit"]
    learn_lines(lessons, rules, (), io.StringIO("".join(f"{a}\n" for a in answers)), out, lambda key: None)
    said = out.getvalue()
    assert f"Hint 2: {lessons[n].hints[1]}" in said and f"Hint 3: {lessons[n].hints[2]}" in said
    assert "Hint 1:" not in said


def test_a_lesson_in_plain_text_says_once_that_a_placement_missed_its_goal(rules):
    from plot_core.lessons import load_lessons
    from plot_tui.line_mode import learn_lines

    lessons = load_lessons(rules)
    n = [ls.key for ls in lessons].index("00-setting-up")
    answers = [str(n + 1), "place 001 2316", "undo", *lessons[n].solution, "quit"]
    out = io.StringIO()
    learn_lines(lessons, rules, (), io.StringIO("".join(f"{a}\n" for a in answers)), out, lambda key: None)
    said = out.getvalue()
    assert said.count("That misses the goal: Heydrich was placed at 2316.") == 1
    assert "undo takes steps back; quit leaves" in said  # the plain words, not keys
    assert f"Lesson done: {lessons[n].goal}" in said  # taken back, then done


def test_a_guided_game_in_plain_text_has_the_coach_at_every_move(rules):
    from plot_tui.line_mode import local_lines

    s = Session(new_game(5, rules=rules), {Player.ABWEHR: Seat.HUMAN, Player.SS: Seat.COMPUTER}, seed=5)
    out = io.StringIO()
    local_lines(s, iter(["1 0105", "quit"]).__next__, out, coach=True).run()
    assert out.getvalue().count("Coach: ") >= 2


def test_a_replay_in_plain_text_steps_jumps_and_keeps_to_its_eyes(tmp_path, rules):
    from plot_record import load_record
    from plot_session.replay import Replay
    from plot_tui.replay_lines import replay_lines
    from record.helpers import recorded_game

    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 41)
    replay = Replay(load_record(path, rules))
    replay.look(Player.SS)
    out = io.StringIO()
    commands = [
        "",
        "next 3",
        "turn",
        "where Himmler",
        "back turn",
        "start",
        "back",
        "eyes everyone",
        "log 2",
        "go 99999",
        "next",
        "dance",
        "quit",
    ]
    assert replay_lines(replay, io.StringIO("".join(f"{c}\n" for c in commands)), out) == 0
    said = out.getvalue()
    assert said.startswith("Replay of game ") and "Seen by SS." in said
    assert "SS drew " in said and "Abwehr drew " not in said.split("Now seen by")[0]
    assert "Position 1 of " in said and "Position 4 of " in said and "Game-Turn 2" in said
    assert "Himmler (000) is " in said
    assert "At the start of the game." in said
    assert "Now seen by everyone." in said
    assert "At the end of the game." in said and "Not understood: 'dance'" in said
    assert "\x1b" not in said and ".." not in said


def test_a_long_list_of_choices_is_paged_and_a_number_at_more_plays_it(rules):
    """The Enemy Assignment chit sends one of eleven Abwehr units (7.23): two lines each,
    more than a page; a choice typed at the first "more" is played."""
    s = Session(new_game(5, rules=rules), {p: Seat.HUMAN for p in Player}, seed=5)
    # the Allied unit placed; the SS reveals EN2 (7.51), the Abwehr nothing
    said = played(s, "", "1 0105", "", "1", "1", "", "2", "", "3 1205", "1 RL", "quit")  # EN2: said first
    assert "more lines: Enter for the next, or type your next command." in said
    first_page = said.split("more lines")[0].split("choose a unit to send on assignment")[-1]
    assert 15 <= first_page.count("\n") <= 21  # a page: twenty lines at most
    assert "SS: Send Gisevius (302) to Rhineland (1205)." in said  # choice 3, played at "more"
    # the second unit sent (7.23) is offered the hexes left: 1205 is taken
    there = said.split("> ")[-2]
    assert there.startswith("Send Canaris (300) to a hex of Rhineland (RL): ") and "1205" not in there


def test_a_choice_of_many_hexes_is_one_numbered_line_finished_by_a_hex(rules):
    """The Allied unit may go to any of Paris's 60 empty hexes (7.11): one choice, not
    60 lines. Its number and an area (its code, its name or the start of it) lists the
    hexes open there; its number and a hex plays it, and a hex the rules refuse is
    refused with their case."""
    s = Session(new_game(5, rules=rules), {Player.ABWEHR: Seat.HUMAN, Player.SS: Seat.COMPUTER}, seed=5)
    while not s.my_move():
        s.computer_step()
    out = played(s, "1", "1 par", "1 Berne", "1 narnia", "1 0101", "1 b", "1 0105", "quit")
    asked = out.split("> ")
    assert (
        "  1. Place the Allied unit at a hex of Paris (PR) (allied HEX): 60 hexes to choose from." in asked[0]
    )
    assert "  2. " not in asked[0]
    assert (
        "by its number and the hex (1 0105); its number and an area lists the hexes there (1 Paris)"
        in asked[0]
    )
    assert asked[1].startswith("Choice 1: Place the Allied unit at a hex. Type 1 and the hex (1 0105).")
    assert asked[2].startswith("Place the Allied unit at a hex of Paris (PR): 0105 0106 ")  # a name's start
    assert asked[2].count(" 0") + asked[2].count(" 1") >= 60
    assert asked[3].startswith("Choice 1 goes to no hex of Berne (BR).")
    assert asked[4].startswith('"narnia" is neither a hex nor an area: type 1 and a hex (1 0105).')
    assert asked[5].startswith("Refused: the Allied unit goes on an empty hex of PR (7.11).")
    assert asked[6].startswith(
        '"b" may be Berlin (BE) or Berne (BR) or Bavaria (BV): type 1 and more of the name, or its code.'
    )
    assert "Abwehr: Place the Allied unit at Paris (0105)." in asked[7]
    assert s.state.unit("504").hex == 105


def test_a_journey_names_its_areas_and_keeps_its_number(rules):
    """A unit that may travel (10.0) is offered its steps and one choice for the journey,
    which names the areas it may go to and how many hexes each; the journey is played
    by its number and a hex."""
    from .helpers import pos

    s = Session(
        pos(
            """
            phasing = "ss"
            active = "002"
            [units]
            "002" = { hex = "2711" }
            [chits]
            ss = ["TR1", "TR4"]
            """
        ),
        AGAINST_THE_COMPUTER,
    )  # (Schellenberg at the Gestapo HQ, with two Travel chits)
    out = played(s, "", "quit")
    line = next(ln for ln in out.splitlines() if "Travel to" in ln)
    number = line.split(".")[0].strip()
    assert (
        line.startswith(f"  {number}. Travel to one of ")
        and "with Travel chit TR1 (travel HEX TR1), in " in line
    )
    assert "Berne (BR) " in line and "Paris (PR) " in line
    assert line.endswith("Your other Travel chits (TR4) go the same way: travel HEX TR4.")
    assert sum("Travel" in ln for ln in out.splitlines()) == 2  # (listed again by the empty line)
    said = played(s, f"{number} 0925", f"{number} 0925", "quit")  # it spends TR1: said first
    assert "spends TR1" in said.split("> ")[1] and s.state.unit("002").hex == 925


def test_the_letters_the_prompt_names_work_as_on_the_full_screen(rules):
    """The prompt says "end the phase (P)": P ends it; a letter that does nothing now
    says why, with its case; nothing is "unknown verb"."""
    from .helpers import SS_ALONE, pos

    s = Session(pos(SS_ALONE), AGAINST_THE_COMPUTER)
    out = played(s, "e", "P", "quit")
    assert "or end the phase (P)" in out
    assert "End the move: not now: activate a unit first (9.14)" in out
    assert "unknown verb" not in out and s.state.phase.name == "RECRUITMENT"


def test_d_answers_the_coup_question_for_the_whole_game_turn(rules):
    """The Abwehr's standing answer (18.11): asked at the end of the SS's phase,
    answered by D, and not asked again this Game-Turn: the next phase's question is
    answered by itself, and the game goes on."""
    from .helpers import SS_ALONE, pos

    s = Session(pos(SS_ALONE), {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN})
    out = played(s, "D", "quit")
    assert out.count("Or D: no coup asked again this Game-Turn (18.11).") == 1
    assert "No coup asked again until Game-Turn 2." in out
    assert out.count("Abwehr: No coup now.") >= 2  # this phase's question and the next's


def test_a_number_keeps_its_action_while_the_decision_lasts(rules):
    """Plain text numbers every choice; after an action within one decision the
    choices left keep their numbers, so a number typed from memory never plays
    another action (it plays the same one, or none)."""
    from plot_core import parse_action, view
    from plot_session.choices import Numbers

    from .helpers import SS_ALONE, pos

    v = view(pos(SS_ALONE), Player.SS)
    numbers = Numbers(most=None, worth=lambda legal, v: legal)
    a, b, c, d = (parse_action(t) for t in ("move 2010", "move 2011", "end", "end-phase"))
    assert numbers.keyed([a, b, c], v) == [(1, a), (2, b), (3, c)]
    assert numbers.keyed([b, c, d], v) == [(2, b), (3, c), (4, d)]  # b and c keep theirs
    assert numbers.action(1, [b, c, d], v) is None  # 1 was a: gone, never another action


def test_a_second_retreat_of_one_unit_is_numbered_from_one_again(rules):
    """A unit harassed twice in a phase retreats twice (10.32): the second retreat is a
    decision of the same kind about the same unit, and its hexes had been numbered on
    after the first's. It is a new decision, about the unit where it now stands."""
    from plot_core import legal_actions, view
    from plot_session.choices import Numbers

    from .helpers import pos

    def retreating_from(h: str):
        return pos(
            f'phase = "movement"\nphasing = "abwehr"\n[units]\n"002" = {{ hex = "{h}" }}\n'
            f'"300" = {{ hex = "1810" }}\n[[pending]]\nkind = "retreat"\nplayer = "ss"\nunit = "002"\n'
        )

    numbers = Numbers(most=None, worth=lambda legal, v: legal)
    for h in ("2110", "2410"):
        s = retreating_from(h)
        keyed = numbers.keyed(list(legal_actions(s)), view(s, Player.SS))
        assert [n for n, _ in keyed] == list(range(1, len(keyed) + 1)) and len(keyed) > 1


def test_a_watched_game_is_said_move_by_move_as_it_is_played(rules):
    """plot play --plain --watch: each move is said as the computer makes it, not a
    Game-Turn at a time once it has thought them all."""
    s = Session(new_game(3, rules=rules), {p: Seat.COMPUTER for p in Player}, seed=3)
    out = io.StringIO()
    said_before_step: list[int] = []
    step = s.computer_step

    def step_and_count():
        said_before_step.append(len(out.getvalue()))
        return step()

    s.computer_step = step_and_count
    from plot_tui.line_mode import local_lines

    assert local_lines(s, lambda: None, out).run() == 0  # (nobody types: watched to the end)
    assert len(said_before_step) > 40
    grew = sum(b > a for a, b in zip(said_before_step, said_before_step[1:], strict=False))
    assert grew > len(said_before_step) // 2  # said between one move and the next


def test_the_coups_question_names_its_answers_as_they_are_typed(rules):
    """Asked whether to attempt a coup (18.11), "No coup now" is typed `no-coup`, as the
    list shows it (the record keeps the reveal verb), and `commit` commits a chit."""
    from plot_core import parse_action

    from .helpers import SS_ALONE, pos

    s = Session(pos(SS_ALONE), {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN})
    out = played(s, "no-coup", "quit")
    assert "  2. No coup now (no-coup)." in out and "no-reveal" not in out
    assert "Abwehr: No coup now." in out
    assert [str(a) for a in s.actions_of(Player.ABWEHR)] == ["no-reveal"]
    assert parse_action("commit FR3") == parse_action("reveal FR3")


def test_where_a_game_is_saved_is_said_from_the_home_folder(rules, tmp_path, monkeypatch):
    """A saved game under the player's home is named from ~ (a full path wrapped
    mid-name on an 80-column screen); elsewhere, whole."""
    from pathlib import Path

    from plot_session.describe import shown_path
    from plot_session.session import new_session
    from plot_tui.line_mode import local_lines

    monkeypatch.setenv("HOME", str(tmp_path))
    seats = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}
    s = new_session(rules, seats, records=tmp_path / "games")
    out = io.StringIO()
    local_lines(s, iter(["quit"]).__next__, out).run()
    assert f"Saving to ~/games/{s.recorder.path.name}." in out.getvalue()
    elsewhere = "/srv/plot/games/T1.plot.jsonl"
    assert shown_path(elsewhere, home=Path("/home/ann")) == elsewhere
    assert shown_path("/home/annie/x", home=Path("/home/ann")) == "/home/annie/x"  # not her folder


def test_the_computers_moves_are_said_a_unit_a_line(rules):
    """The computer's unit moving is one sentence with its steps, said when its move
    ends ("SS: Move Himmler (000) → 2615 → 2515, and ends its move."), as the full
    screen's log folds it: an SS Movement Phase was some 90 lines, a step each."""
    import re

    s = Session(new_game(5, rules=rules), AGAINST_THE_COMPUTER_AS_THE_ABWEHR, seed=5)
    out = played(s, "1 0105", "2", *(["P", "no-coup"] * 8), "quit")
    said = [ln for ln in out.splitlines() if ln.startswith("SS: ")]
    assert any(
        re.fullmatch(r"SS: Move .+ \(\d{3}\)( → \d{4}){2,}, and ends its move\.", ln) for ln in said
    ), said
    steps = sum(a.verb.value == "move" for a in s.actions_of(Player.SS))
    assert steps > 10 and sum(ln.startswith("SS: Step to") for ln in said) < steps / 5


def test_undo_says_where_things_stand_not_the_game_again_from_its_set_up(rules):
    s = Session(new_game(5, rules=rules), AGAINST_THE_COMPUTER_AS_THE_ABWEHR, seed=5)
    out = played(s, "allied 0105", "2", "1", "1", "undo", "quit")
    after = out[out.index("Undone: Step to 2017.") :]  # what it took back, as the full screen says
    assert out.count("Both sides' units are set up the standard way (4.3)") == 1
    assert "set up" not in after
    assert "Your move, Abwehr: move Goerdeler (200)" in after  # the step back: where it stands
    assert "Step to 2017" in after


RECRUITING = """
phase = "recruitment"
phasing = "ss"
[units]
"107" = { hex = "2210" }
"000" = { hex = "2110" }
"009" = { hex = "2310" }
"""


def test_a_targets_odds_say_whom_they_count_and_each_join_says_its_own(rules):
    """Naming a target (12.2) shows the odds with every unit that may join: the list
    says whom, since the player then adds them one at a time and may add fewer."""
    from .helpers import pos

    s = Session(pos(RECRUITING), AGAINST_THE_COMPUTER)
    out = played(s, "choices", "recruit 107", "quit")
    target = next(ln for ln in out.splitlines() if "(recruit 107)" in ln)
    assert re.search(r"With (Himmler and Daluege|Daluege and Himmler): \+10 → Recruitment Table", target), (
        target
    )
    joining = [ln for ln in out.split("recruit 107")[-1].splitlines() if "(join " in ln]
    assert joining and all(" → Recruitment Table" in ln or "no roll" in ln for ln in joining), joining


def test_a_unit_that_ends_its_move_without_a_step_is_said_to_stay(rules):
    """Folded, "Move John (308), and ends its move" read as if John had gone somewhere."""
    from plot_core import Action, Verb
    from plot_core.engine import Event
    from plot_session.session import LogLine
    from plot_session.step_folding import StepFolding

    def line(verb: Verb, **kw) -> LogLine:
        return LogLine(1, Player.ABWEHR, Event("", ""), Action(verb, **kw))

    folding = StepFolding()
    assert folding.tail(line(Verb.ACTIVATE, unit="308")) is None
    assert folding.tail(line(Verb.END)) == ", and ends its move where it stands"
    assert folding.tail(line(Verb.ACTIVATE, unit="300")) is None
    assert folding.tail(line(Verb.MOVE, hex=1613)) == " → 1613"
    assert folding.tail(line(Verb.END)) == ", and ends its move"


def test_nothing_to_take_back_is_said_in_the_same_words_as_on_the_full_screen(rules):
    s = Session(new_game(5, rules=rules), AGAINST_THE_COMPUTER, seed=5)
    out = played(s, "undo", "quit")
    assert "Nothing of yours to take back (a roll, a draw, a reveal or the other player's move" in out


def test_the_odds_of_a_chit_committed_to_the_coup_say_they_count_every_one_held(rules):
    from plot_core import Action, Verb, apply
    from plot_core.engine.position import load_position

    window = apply(
        load_position(
            'turn = 4\nphasing = "ss"\nphase = "status"\n[units]\n"000" = { hex = "2410" }\n'
            '"300" = { hex = "1810" }\n[chits]\nabwehr = ["FA1", "FA2"]\n',
            rules=rules,
        ),
        Action(Verb.END_PHASE),
    )
    s = Session(window, {Player.ABWEHR: Seat.HUMAN, Player.SS: Seat.COMPUTER}, seed=0)
    out = played(s, "odds", "quit")
    # each Führer Access chit adds one (18.13): one committed alone would fail 67%
    assert "The Walkyrie roll with FA1 and FA2, the coup fails 50%" in out
    assert "Roll on the Walkyrie Table: the coup: The Walkyrie roll, the coup fails 83%" in out


def test_where_says_a_unit_under_a_marker_is_so(rules):
    from plot_core.engine.position import load_position

    marked = load_position(
        'phasing = "ss"\n[units]\n"002" = { hex = "2110", marker = "neutralized" }\n'
        '"000" = { hex = "2410" }\n',
        rules=rules,
    )
    out = played(
        Session(marked, {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}, seed=0),
        "where 002",
        "where 000",
        "quit",
    )
    assert "Schellenberg (002) is at 2110, Berlin (BE), neutralized (15.2)." in out  # it may not move
    assert "Himmler (000) is at 2410, Berlin (BE)." in out


def test_a_roll_asked_about_goes_ahead_only_on_the_very_next_line():
    """r asks first (the roll, its table and column); a line typed between calls it off,
    so the next r asks again, and the r after it rolls."""
    from .helpers import HOTSEAT, THREE_RECRUITERS, pos

    s = Session(pos(THREE_RECRUITERS), HOTSEAT)
    out = played(s, "1", "1", "2", "3", "r", "7", "r", "r", "quit")
    asked = out.split("> ")[5:9]
    said = (
        "Roll the die, rolls on the Recruitment Table column +7. On R or Sr, Canaris, Dohnanyi and "
        "Gisevius fall under suspicion (12.73). Type r again, as your next line, to go"
    )
    assert asked[0].startswith(said)
    assert asked[1].startswith("There is no choice 7 now")
    assert asked[2].startswith(said)
    assert asked[3].startswith("Abwehr: Roll the die.") and s.state.unit("401").controller is Player.ABWEHR


def test_an_area_is_found_as_a_unit_is_by_the_start_of_its_name_or_of_a_word_in_it(rules):
    from plot_session.choices import areas_named

    for typed in ("AL", "alsace-lorraine", "Alsace Lorraine", "alsace", "LORR"):
        assert areas_named(rules, typed) == ["AL"], typed
    assert areas_named(rules, "be") == ["BE"]  # a code is the area it codes, not a start
    assert areas_named(rules, "ber") == ["BE", "BR"] and areas_named(rules, "  ") == []


def test_a_number_that_commits_a_chit_or_rolls_the_coup_is_said_first(rules):
    """The coup's question (18.11) at the plain door: a chit committed (18.12, and with
    it the coup must be rolled, 18.13) and the Walkyrie roll are the game's weightiest
    choices; their numbers say what they do first, as r does, and go ahead only when
    the same number is the very next line."""
    from plot_core import Action, Verb, apply
    from plot_core.engine.position import load_position

    window = apply(
        load_position(
            'turn = 4\nphasing = "ss"\nphase = "status"\ndice = [6]\n[units]\n"000" = { hex = "2410" }\n'
            '"300" = { hex = "1810" }\n[chits]\nabwehr = ["FA1", "FA2"]\n',
            rules=rules,
        ),
        Action(Verb.END_PHASE),
    )

    def seated() -> Session:
        return Session(window, {Player.ABWEHR: Seat.HUMAN, Player.SS: Seat.COMPUTER}, seed=0)

    s = seated()
    out = played(s, "1", "odds", "1", "quit")
    answers = out.split("> ")[1:]
    assert answers[0].startswith(
        "Commit Führer Access chit FA1 to the coup, spends FA1 and then the coup must be attempted (18.12); "
    )
    assert answers[0].rstrip().endswith("Type 1 again, as your next line, to go ahead.")
    assert "spends FA1" in answers[2]  # a line between (odds): asked again, not committed
    assert s.state.chits_of("abwehr") == ["FA1", "FA2"]
    s = seated()
    out = played(s, "1", "1", "2", "quit")
    assert s.state.chits_of("abwehr") == ["FA2"]  # the very next line: committed
    # the roll keeps its 2, the second chit is new (4): listed in the order of their numbers
    assert out.rindex("  2. Roll on the Walkyrie Table") < out.rindex("  4. Commit Führer Access chit FA2")
    said = "Roll on the Walkyrie Table: the coup; die + 1: the coup fails 67% · 3/5/2 17% · 2/5/2 17%."
    assert out.split("> ")[3].startswith(said)  # its chances with the chit committed
    assert s.state.coup is None and not any(e.table == "walkyrie" for e in s.state.events)
    s = seated()
    played(s, "2", "2", "quit")
    assert s.state.coup is not None  # die 6: the coup begins (18.15)


def test_odds_in_plain_text_say_what_a_success_risks(rules):
    """Goerdeler counts as an Abwehr unit for suspicion (12.74): the odds of his
    recruiting say that an R or Sr puts him under suspicion (12.73), as the full
    screen's odds panel does."""
    from .helpers import pos

    s = Session(pos(GOERDELER_RECRUITS), AGAINST_THE_COMPUTER_AS_THE_ABWEHR)
    out = played(s, "odds", "quit")
    assert "Goerdeler tries to recruit Fellgiebel" in out
    assert "On R or Sr, Goerdeler falls under suspicion (12.73, 12.74)." in out


def test_a_roll_is_said_first_with_what_a_success_risks(rules):
    """Before Goerdeler's recruiting roll goes ahead, the words that ask for it again
    say that an R or Sr puts him under suspicion (12.73, 12.74): the risk is weighed
    where the roll is made, not only in the odds."""
    from .helpers import pos

    s = Session(pos(GOERDELER_RECRUITS), AGAINST_THE_COMPUTER_AS_THE_ABWEHR)
    out = played(s, "recruit 405", "join 200", "r", "quit")
    asked = out.split("> ")[3]
    assert asked.startswith("Roll the die, rolls on the Recruitment Table column ")
    assert ". On R or Sr, Goerdeler falls under suspicion (12.73, 12.74). Type r again" in asked, asked
    assert not s.state.unit("200").suspected and s.state.pending  # asked, not rolled


def test_odds_in_plain_text_end_with_what_each_result_means():
    """The odds' results are the table's codes: after the list, each table met says
    once what the results it shows mean."""
    from .helpers import HOTSEAT, pos
    from .test_play import DUEL

    s = Session(pos(DUEL.format(die=1)), HOTSEAT)
    out = played(s, "activate 002", "odds", "quit")
    answer = out.split("> ")[2]
    assert "Schellenberg harasses Bonhoeffer, M 17% · N 33% · Dr 33% · Ar 17%." in answer
    assert answer.count("On the Harassment Table, M: masked · N: neutralized · Dr: defender retreats") == 1, (
        answer
    )


def test_a_moving_units_movement_points_left_are_said_with_the_prompt():
    """The full screen's turn track says a moving unit's points left (9.1); the plain
    door said them nowhere, so a player could not tell how far a unit might still go."""
    from .helpers import HOTSEAT, pos
    from .test_play import DUEL

    s = Session(pos(DUEL.format(die=1)), HOTSEAT)
    out = played(s, "activate 002", "move 2010", "quit")
    assert "or end its move (e). Schellenberg (002): 7 of 7 MP left." in out
    assert "Schellenberg (002): 6 of 7 MP left." in out  # one step taken


def test_a_move_to_a_hex_further_than_one_step_is_said_then_walked(rules):
    """ "move 1910" two hexes away: the full screen's Enter on a far hex says the way and
    walks it when asked again; the plain door refused it (9.13), a step at a time only.
    The way is said first, the same line again walks it, and undo takes a step back."""
    from .helpers import HOTSEAT, pos
    from .test_play import DUEL

    s = Session(pos(DUEL.format(die=1)), HOTSEAT)
    out = played(s, "activate 002", "move 1910", "move 1910", "undo", "move 4530", "move 1810", "quit")
    said_first, walked = out.split("> ")[2:4]
    assert said_first.startswith(
        "Walk Schellenberg (002) to 1910 by 2010, 1910 (2 steps). Type move 1910 again, as your next line"
    )
    assert walked.startswith("SS: Step to 2010.\nSS: Step to 1910.\n") and "5 of 7 MP left" in walked
    assert s.state.unit("002").hex == parse_hex("2010") and s.state.mp_spent == 1  # undo: one step back
    refused = out.split("> ")[5]
    assert refused.startswith("Refused: 4530 is ") and "movement points left (9.12)" in refused, refused
    # a far hex with an enemy in it: why the walk fails there, not "not next to" (9.13)
    assert out.split("> ")[6].startswith("Refused: John blocks 1810 (8.12)."), out.split("> ")[6]


def test_a_revealed_loyalty_chit_is_said_as_a_spent_chit_and_the_investigation_after_it():
    """13.17: the Abwehr's reveal spends a chit and rolls nothing (the die waits for more
    reveals and the SS's Alibis). It had been said as "spends L011 and rolls on the
    Investigation Table"; now the chances of the investigation once it is out, with the
    names as they are written."""
    from .helpers import HOTSEAT, INVESTIGATION_13_19, pos

    s = Session(pos(INVESTIGATION_13_19), HOTSEAT)
    out = played(s, "investigate 305", "join 000", "join 011", "join 108", "roll", "", "1", "quit")
    said = out.split("> ")[7]
    assert said.startswith(
        "Reveal Loyalty chit of Hanke (L011), spends L011; Himmler + Strölin investigate Bonhoeffer: "
        "11 to 3 → Investigation Table, column 3:1: Ss 33% · N 50% · Ic 17%. Type 1 again"
    ), said


def test_a_move_typed_while_the_other_side_moves_is_answered_as_out_of_turn(rules):
    """The walk is the mover's: at the SS's door, with the Abwehr's unit moving, a far
    "move" is no walk of the other side's unit; it is answered as any line out of turn."""
    from plot_session.controller import Controller
    from plot_session.table import InlineScheduler, Table
    from plot_tui.line_mode import LineMode

    from .helpers import HOTSEAT, pos

    s = Session(
        pos(
            'phasing = "abwehr"\nactive = "305"\n[units]\n"305" = { hex = "2210", suspected = true }\n'
            '"002" = { hex = "2110" }\n'
        ),
        HOTSEAT,
    )
    out = io.StringIO()
    door = LineMode(Controller(Table(s, InlineScheduler(), pace=0.0), [Player.SS]), None, out)
    assert door.handle("move 2410") is None
    said = out.getvalue()
    assert "Walk" not in said and s.state.unit("305").hex == parse_hex("2210")
    assert said == "Refused: it is not your move (5.2).\n", said


def test_a_walk_said_is_called_off_by_another_line_between():
    """ "Type move 1910 again, as your next line": a question between calls the walk off,
    as it calls off a roll said first; the same line then says the way again."""
    from .helpers import HOTSEAT, pos
    from .test_play import DUEL

    s = Session(pos(DUEL.format(die=1)), HOTSEAT)
    out = played(s, "activate 002", "move 1910", "where Best", "move 1910", "quit")
    assert out.count("Walk Schellenberg (002) to 1910 by 2010, 1910 (2 steps).") == 2
    assert s.state.unit("002").hex == parse_hex("2110")  # not walked


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("hepl", "help"), ("mvoe", "move"), ("mov", "move"), ("moove", "move"), ("whre", "where")]
    + [("dance", None)],  # (two letters from advance: no slip)
)
def test_a_word_one_slip_from_a_known_one_is_found(typed, meant):
    from plot_core.english import one_slip
    from plot_tui.line_mode import typed_words

    found = [w for w in typed_words() if one_slip(typed, w)]
    assert found == ([meant] if meant else [])


def test_the_end_of_a_game_is_said_in_sentences_whatever_case_its_reason_begins_with():
    """The engine's reasons are clauses ("after 6 Coup-Turns neither side has won..."):
    the plain text and the last screen begin them as sentences."""
    from plot_core.engine import Outcome
    from plot_tui.line_mode import over_words
    from plot_tui.screens import result_text

    o = Outcome("allies", "18.73", "after 6 Coup-Turns neither side has won")
    said = "The game is over: the Allies win, both players lose (18.73). After 6 Coup-Turns"
    assert over_words(o) == f"{said} neither side has won."
    assert "\n\nAfter 6 Coup-Turns neither side has won (18.73).\n\n" in result_text(o, 900, None).plain
