"""Solving a puzzle: an attempt judged as it is played, what is said then, the rating it
moves, and the next puzzle chosen near the player's rating; in plain text end to end."""

from __future__ import annotations

import io
import json
from pathlib import Path

import attrs
import pytest

from plot_core import load_rules, parse_action
from plot_core.data.reader import Source
from plot_core.puzzles import Verdict, load_puzzle
from plot_session.glicko import Rating
from plot_session.puzzle_play import Attempt, PuzzleRecord, kept, next_puzzle, progress_words, record_of
from plot_session.settings import Settings, SettingsFile
from plot_tui.line_mode import puzzle_lines

RULES = load_rules()
DATA = Path(__file__).parent / "data"


def coup_window():
    """A real one (a tuning game's): the Abwehr at the coup's window, with two Führer
    Access chits; waiting is best by 16 points."""
    path = DATA / "coup-window.toml"
    return load_puzzle(Source(path.name, path.read_text(encoding="utf-8")), "coup-window", RULES)


def play(attempt: Attempt, *actions: str) -> None:
    for a in actions:
        attempt.session.act(parse_action(a))


def test_the_best_plan_is_right_and_said_with_every_plans_chances():
    attempt = Attempt(coup_window(), RULES)
    assert attempt.verdict() is Verdict.GOING
    play(attempt, "no-reveal")
    assert attempt.verdict() is Verdict.RIGHT
    words = attempt.words()
    assert words[0] == "Right: that is the best plan."
    assert "(18.11)" in words[1] and "16 points less" in words[1]
    assert words[-2:] == ["   49%  no coup now (best)", "   33%  declare the coup with 2 Führer Access chits"]
    best, other = coup_window().choices  # the column of chances stays a column
    lopsided = (attrs.evolve(best, win=0.25), attrs.evolve(other, win=0.06))
    shown = Attempt(attrs.evolve(coup_window(), choices=lopsided), RULES)
    play(shown, "no-reveal")
    assert shown.words()[-2:] == [
        "   25%  no coup now (best)",
        "    6%  declare the coup with 2 Führer Access chits",
    ]


def test_another_plan_is_wrong_as_soon_as_it_begins_and_is_named_when_whole():
    attempt = Attempt(coup_window(), RULES)
    play(attempt, "reveal FA4")
    assert attempt.verdict() is Verdict.WRONG
    assert attempt.words()[0] == (
        "Not the best plan. The best: no coup now. "
        "Yours was the start of another plan (declare the coup with 2 Führer Access chits), which wins 33%."
    )
    alone = Attempt(coup_window(), RULES)
    play(alone, "coup")  # declared with none of its chits: a plan never weighed, and why
    assert alone.words()[0] == (
        "Not the best plan. The best: no coup now. Yours, a coup with fewer Führer Access chits "
        "than you hold, was not weighed: the puzzles weigh a coup made with every chit held, or "
        "none made. Each adds one to the Walkyrie roll (18.13), whose results only get better as "
        "the total rises (18.8); those held back are kept for a later try, but a coup made now is "
        "weaker for them."
    )
    whole = Attempt(coup_window(), RULES)
    play(whole, "reveal FA4", "reveal FA8", "coup")
    assert whole.words()[0] == (
        "Not the best plan. The best: no coup now. "
        "Yours, declare the coup with 2 Führer Access chits, wins 33%."
    )
    assert "   33%  declare the coup with 2 Führer Access chits (yours)" in whole.words()


def test_the_puzzle_holds_none_of_the_other_sides_chits():
    """From the mover's eyes: the SS's hand is a count, dealt by the seed at loading."""
    from leakhunt import Knowledge

    p = coup_window()
    start = p.start(RULES)
    knows = Knowledge(RULES, p.side)
    knows.learn(start)
    text = (DATA / "coup-window.toml").read_text(encoding="utf-8")
    assert knows.leaks(text, start, seed=0) == []
    assert "ss_hidden = " in text and "\nss = " not in text


def test_a_solved_puzzle_raises_the_rating_a_missed_one_lowers_it_and_a_second_try_does_not_count():
    p = coup_window()
    new = PuzzleRecord()
    (up, puzzle_lost), (down, puzzle_won) = new.after(p, True), new.after(p, False)
    assert up.rating.rating > 1500 > down.rating.rating
    assert up.rating.rd < 350 and up.solved(p.key) and not down.solved(p.key)
    assert puzzle_lost is not None and puzzle_won is not None  # the puzzle rated too, the other way
    assert puzzle_lost.rating < 1300 < puzzle_won.rating
    again, unmoved = down.after(p, True)  # the answer is known now: no test of either
    assert again.rating == down.rating and again.solved(p.key) and unmoved is None
    assert progress_words(again) == (
        f"Your puzzle rating: {again.rating.rating:.0f} (provisional: a few more puzzles make it sure);"
        " 1 solved of 1 tried."
    )


def test_the_next_puzzle_is_the_untried_one_nearest_the_players_rating():
    p = coup_window()
    easy, hard = attrs.evolve(p, key="easy", rating=1100.0), attrs.evolve(p, key="hard", rating=1900.0)
    near = attrs.evolve(p, key="near", rating=1450.0)
    record = PuzzleRecord(Rating(1500.0, 100.0, 0.06))
    assert next_puzzle([easy, hard, near], record) is near
    record = PuzzleRecord(Rating(1800.0, 100.0, 0.06), (("near", True),))
    assert next_puzzle([easy, hard, near], record) is hard
    missed = PuzzleRecord(Rating(1500.0, 100.0, 0.06), (("near", True), ("easy", False), ("hard", True)))
    assert next_puzzle([easy, hard, near], missed) is easy  # every one tried: a missed one again
    done = PuzzleRecord(Rating(1500.0, 100.0, 0.06), (("near", True), ("easy", True), ("hard", True)))
    assert next_puzzle([easy, hard, near], done) is None


def test_the_record_is_kept_in_the_settings_file_and_a_bad_one_is_set_aside_in_words(tmp_path):
    path = tmp_path / "settings.json"
    f = SettingsFile(path)
    record, _ = PuzzleRecord().after(coup_window(), True)
    f.save(kept(f.settings, record))
    back = SettingsFile(path)
    assert record_of(back.settings) == record and back.problem == ""
    path.write_text(json.dumps({"puzzle_rating": [1500, "x", 0.06]}))
    bad = SettingsFile(path)
    assert bad.settings == Settings()
    assert "puzzle_rating: expected [rating, deviation, volatility]" in bad.problem
    # one bad setting costs only itself: the lessons done are kept
    path.write_text(json.dumps({"lessons_done": ["01-movement"], "puzzle_rating": [1500, 60, 0]}))
    partly = SettingsFile(path)
    assert partly.settings.lessons_done == ("01-movement",)
    assert partly.settings.puzzle_rating == Settings().puzzle_rating
    assert "puzzle_rating: expected a deviation in 0..350 and a volatility in 0..1" in partly.problem


def test_a_setting_saved_by_one_session_keeps_what_another_saved_since(tmp_path):
    """Two sessions of one player (a table over SSH, puzzles in the browser): a colour
    chosen at the table does not write back the puzzle record as it was before."""
    path = tmp_path / "settings.json"
    at_table, at_puzzles = SettingsFile(path), SettingsFile(path)
    record, _ = PuzzleRecord().after(coup_window(), True)
    assert at_puzzles.save(kept(at_puzzles.settings, record)) == ""
    assert at_table.save(attrs.evolve(at_table.settings, palette="high-contrast")) == ""
    back = SettingsFile(path).settings
    assert back.palette == "high-contrast" and record_of(back) == record
    assert at_table.settings == back  # the session holds what the file holds


def test_puzzles_in_plain_text_one_after_another_with_the_rating_said(tmp_path):
    settings = SettingsFile(tmp_path / "settings.json")
    p = coup_window()
    other = attrs.evolve(p, key="other", rating=1700.0)
    out = io.StringIO()
    lines = "help\nno-reveal\n\nD\n\n"  # the first solved; the next answered by D, the standing no
    assert puzzle_lines([p, other], RULES, settings, io.StringIO(lines), out) == 0
    said = out.getvalue()
    assert said.count("Right: that is the best plan.") == 2
    assert "quit           leave it (not saved; a puzzle left unanswered is not counted)" in said
    assert "plot resume" not in said
    assert "Your puzzle rating: " in said
    assert dict(settings.settings.puzzles_tried) == {"coup-window": True, "other": True}
    assert "Every puzzle is solved." in said


def test_a_puzzles_log_is_said_first_and_is_no_part_of_the_answer(tmp_path):
    from plot_core import Player
    from plot_core.engine.state import Event

    before = (
        Event("", "SS: Move Heydrich (001)", private=Player.ABWEHR),
        Event("10.71", "Goerdeler harasses Best: 5 - 4 = +1, die 3: M", roll=(3,), private=Player.ABWEHR),
    )
    p = attrs.evolve(coup_window(), log=before)
    attempt = Attempt(p, RULES)
    assert "The log holds the phase so far, as you saw it." in attempt.intro()
    assert attempt.played == [] and not attempt.judged()
    out = io.StringIO()
    puzzle_lines([p], RULES, SettingsFile(tmp_path / "s.json"), io.StringIO("no-reveal\nquit\n"), out)
    said = out.getvalue()
    phase = said.index("  SS: Move Heydrich (001).")
    assert phase < said.index("  Goerdeler harasses Best: 5 - 4 = +1, die 3: M (10.71).") < said.index("> ")
    assert "Right: that is the best plan." in said
    declared = Attempt(p, RULES)  # a wrong answer that rolls: the roll said, not the log's
    play(declared, "coup")
    assert declared.judged() and not declared.solved()
    rolled = declared.rolls()
    assert len(rolled) >= 1 and all(line.endswith(").") for line in rolled)
    assert not any("Goerdeler" in line for line in rolled)


@pytest.mark.parametrize("answer", ["quit", ""])
def test_leaving_a_puzzle_in_plain_text_keeps_nothing(tmp_path, answer):
    settings = SettingsFile(tmp_path / "settings.json")
    out = io.StringIO()
    puzzle_lines([coup_window()], RULES, settings, io.StringIO(f"{answer}\n" if answer else ""), out)
    assert settings.settings.puzzles_tried == ()
    # where the player stands is said as they leave, as the full screen says it
    assert out.getvalue().rstrip().endswith("; 0 solved of 0 tried.")


def test_the_same_answer_is_not_set_twice_running_while_another_is_near_enough():
    p = coup_window()
    wait = attrs.evolve(p, key="wait", rating=1500.0)  # best: no coup now, as the last one's
    declare = attrs.evolve(p, key="declare", rating=1800.0, choices=(p.choices[1], p.choices[0]))
    far = attrs.evolve(declare, key="far", rating=2000.0)
    after_waiting = PuzzleRecord(Rating(1500.0, 100.0, 0.06), (("coup-window", True),), "coup-window")
    assert next_puzzle([p, wait, declare], after_waiting) is declare  # 300 points further: another answer
    assert next_puzzle([p, wait, far], after_waiting) is wait  # 500 further: the nearest after all
    assert next_puzzle([p, wait, declare], PuzzleRecord(Rating(1500.0, 100.0, 0.06))) is wait
    assert PuzzleRecord().after(p, True)[0].last == "coup-window"
    # a marker off one unit or another is the same question: not set twice running
    from plot_core.puzzles import Choice

    def marker(key: str, unit: str, rating: float):
        off = Choice((parse_action(f"clear {unit}"),), f"Take the marker off {unit}", 0.6)
        return attrs.evolve(p, key=key, rating=rating, theme="the Coup-Turns", choices=(off, p.choices[0]))

    first, again = marker("m1", "009", 1500.0), marker("m2", "001", 1500.0)
    after_marker = PuzzleRecord(Rating(1500.0, 100.0, 0.06), (("m1", True),), "m1")
    assert next_puzzle([first, again, declare], after_marker) is declare


def test_where_names_a_box_by_its_title():
    """Plain text's where: a unit off the map is said in the box's own name (3.23)."""
    from plot_core import Player
    from plot_core.engine.state import Box
    from plot_session.session import Seat, Session
    from plot_tui.line_mode import local_lines

    start = coup_window().start(RULES)
    gone = next(u for u in start.units if u.hex is not None)
    units = tuple(attrs.evolve(u, hex=None, box=Box.ELIMINATED) if u is gone else u for u in start.units)
    s = attrs.evolve(start, units=units)
    session = Session(s, {p: Seat.HUMAN for p in Player}, seed=0)
    out = io.StringIO()
    local_lines(session, None, out).handle(f"where {gone.id}")
    assert out.getvalue().strip().endswith("is in the Eliminated box.")


def test_a_puzzle_set_in_plain_text_names_no_key_of_the_full_screen():
    # (a puzzle once shipped, at the Status phase: markers taken off, 15.11)
    path = DATA / "marker-status.toml"
    marker = load_puzzle(Source(path.name, path.read_text(encoding="utf-8")), "marker-status", RULES)
    attempt = Attempt(marker, RULES)
    assert "take markers off your units (Enter)" in attempt.intro()  # the full screen's card
    assert "The decision: SS: take markers off your units, or end the phase (P)." in attempt.intro(plain=True)
