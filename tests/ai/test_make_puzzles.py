"""The puzzle finder's choices and words (tools/make_puzzles.py), on findings made by
hand: which kept decisions are set, what their explanation says, the files read back."""

from __future__ import annotations

import gzip
import json

from tools.make_puzzles import chosen, explain, lines_of_two, name, next_decisions, rows, same_question


def row(**change):
    r = {
        "seed": 7,
        "i": 3,
        "side": "abwehr",
        "turn": 4,
        "coup_turn": 0,
        "phase": "movement",
        "plans": 2,
        "complete": True,
        "gap": 0.2,
        "gap2": 0.19,
        "kept": True,
        "theme": "the coup",
        "position": "turn = 4\n",
        "choices": [
            {"actions": ["no-reveal"], "text": "no coup now", "win": 0.6, "tempting": False, "effect": ""},
            {
                "actions": ["reveal FA1", "coup"],
                "text": "declare the coup with 1 Führer Access chit",
                "win": 0.4,
                "tempting": True,
                "effect": "spends 1 Führer Access chit; then The Walkyrie roll: the coup fails 67%",
            },
        ],
    }
    r.update(change)
    return r


def clear_or_pass(unit: str, name: str, win: float, passed: float, *, tempting: bool) -> list[dict]:
    """A Status phase's two plans: a marker taken off ``unit`` (15.11), or the phase ended."""
    return [
        {
            "actions": [f"clear {unit}"],
            "text": f"Take the marker off {name} ({unit})",
            "win": win,
            "tempting": tempting,
        },
        {"actions": ["end-phase"], "text": "End the phase", "win": passed, "tempting": False},
    ]


def test_a_window_is_set_where_the_rules_of_thumb_are_tempted_and_every_plan_was_weighed():
    tempted = row()
    agreeing = row(i=4, turn=5, choices=[{**row()["choices"][0], "tempting": True}, row()["choices"][1]])
    unweighed = row(i=5, turn=6, complete=False)
    same_turn = row(i=9)  # a second window in the same Game-Turn
    marker = row(i=6, turn=6, theme="the Coup-Turns", coup_turn=2, phase="coup_status")
    lost = row(i=8, turn=7, kept=False)
    assert chosen([tempted, agreeing, unweighed, same_turn, marker, lost]) == [tempted, marker]


def test_the_rules_of_thumbs_answer_against_only_ending_the_phase_is_no_puzzle():
    """Taking a marker off a friendly unit (15.11) costs nothing: 'take it off, or end the
    phase' asks nothing; harassing one of two units, or staying, is a question."""
    coup_turns = {"theme": "the Coup-Turns", "coup_turn": 2, "phase": "coup_status"}
    free = row(
        **coup_turns,
        choices=clear_or_pass("007", "Wolff", 0.4, 0.2, tempting=True),
    )
    harass = row(
        **{**coup_turns, "turn": 5, "phase": "coup_movement"},
        choices=[
            {
                "actions": ["activate 003", "harass 304"],
                "text": "harass Loringhoven",
                "win": 0.7,
                "tempting": True,
            },
            {"actions": ["activate 003", "end 003"], "text": "stays", "win": 0.4, "tempting": False},
        ],
    )
    untempting = row(
        i=4, **coup_turns, turn=6, choices=[{**free["choices"][0], "tempting": False}, free["choices"][1]]
    )
    assert chosen([free, harass, untempting]) == [harass, untempting]


def test_a_line_of_two_needs_both_decisions_fit_to_set_and_the_reply_between_clear_or_forced():
    ss = {"side": "ss", "theme": "the Coup-Turns"}
    game = [
        row(i=1),
        row(i=2, **ss, kept=False),  # the other side's reply, not clear: no line
        row(i=3),
        row(i=5),  # nothing examined between (forced): a line
        row(i=6, **ss),  # clear
        row(i=7, theme="the Coup-Turns", phase="coup_status", coup_turn=1),  # a line
        row(i=8, complete=False),  # not fit to set: no line
        row(seed=8, i=1),  # another game: no line across games
    ]
    assert lines_of_two(game) == [("the coup", "the coup"), ("the coup", "the Coup-Turns")]


def test_the_explanation_says_when_the_best_what_tempts_and_what_it_loses_with_the_cases():
    board = (
        'turn = 4\nphasing = "ss"\nphase = "movement"\n[units]\n"000" = { hex = "2410" }\n'
        '"013" = { hex = "0320" }\n"300" = { hex = "1810" }\n"301" = { hex = "1710" }\n'
        '[chits]\nabwehr = ["FA1", "AA1"]\n'
    )
    said = explain(row(position=board))
    assert said.startswith(
        "Game-Turn 4, at the end of Movement and Harassment (9.0, 10.0), the Abwehr to decide. "
        "Best: no coup now; the Abwehr wins 60% from there. "
        # the board the answer turns on (0320 is outside Berlin; 2410, 1810 and 1710 in it)
        "On this board: the SS has 1 unit in Berlin's streets (Himmler) to the Abwehr's 2 (Canaris, "
        "Dohnanyi); 5 Game-Turns are left after this one (5.1); the Abwehr holds 1 Führer Access "
        "chit (18.13). "
        "The tempting choice (the computer's "
        "rules of thumb would play it), declare the coup with 1 Führer Access chit (spends 1 Führer "
        "Access chit; then the Walkyrie roll: the coup fails 67%), gives 40%: 20 points less."
    )
    assert "(18.11)" in said and "(18.74)" in said
    # a marker taken off, on the last Coup-Turn: what a marker stops, and the turn said so
    marker = row(
        position=board.replace('phase = "movement"', 'phase = "coup_status"')
        + "[coup]\npenalty = 2\nbonus = 5\nabwehr_bonus = 5\nunits = 2\nturn = 6\n",
        side="ss",
        theme="the Coup-Turns",
        coup_turn=6,
        phase="coup_status",
        choices=clear_or_pass("000", "Himmler", 0.7, 0.5, tempting=False),
    )
    said = explain(marker)
    assert "Best: take the marker off Himmler (000);" in said and "The next best, end the phase," in said
    assert "this is the last Coup-Turn (18.73)" in said
    assert "(15.11)" in said and "(15.21, 15.22)" in said


def test_findings_are_read_back_compressed_or_not_and_a_puzzle_is_named_by_what_it_holds(tmp_path):
    (tmp_path / "game-7.jsonl.gz").write_bytes(gzip.compress((json.dumps(row()) + "\n").encode()))
    (tmp_path / "game-8.jsonl").write_text(json.dumps(row(seed=8)) + "\n", encoding="utf-8")
    assert [r["seed"] for r in rows(tmp_path)] == [7, 8]
    assert name(row()) == name(row(seed=99, i=1)) != name(row(position="turn = 5\n"))
    assert len(name(row())) == 8


def test_a_puzzles_log_is_its_game_played_again_to_the_phase_it_is_in():
    """The phase so far, from the game played again (the kept findings of a game played
    on the seeds set aside for puzzles): the mover's lines only, and a game that no longer
    plays as it did is refused rather than given another game's log."""
    import pytest
    from tools.make_puzzles import DIR, phase_logs

    from plot_core import Player

    found = [r for r in rows(DIR) if str(r["seed"]) == "4100153" and r.get("position")]
    first = min(found, key=lambda r: int(r["i"]))  # (early in the game: a few seconds)
    i, side = int(first["i"]), Player(first["side"])
    log = phase_logs(4100153, {i: first["position"]})[i]
    assert 0 < len(log) <= 60
    assert log[-1]["text"].startswith(f"{side.title}: ") or log[-1]["case"]  # (the latest last)
    assert all(set(e) <= {"case", "text", "roll", "table", "row", "column", "result"} for e in log)
    with pytest.raises(RuntimeError, match=f"game 4100153 no longer plays as it did: decision {i} differs"):
        phase_logs(4100153, {i: first["position"] + "\n# changed"})


def test_the_movers_next_decision_is_found_with_the_replies_between_and_the_same_question_told_apart():
    ss = {"side": "ss", "theme": "the Coup-Turns"}
    reply = row(i=2, **ss, kept=False)
    again = row(i=3)  # the same plans, the same best: the window one phase on
    off = [
        {**c, "text": t}
        for c, t in zip(row()["choices"], ["Take the marker off Best (013)", "End the phase"], strict=True)
    ]
    marker = row(i=5, theme="the Coup-Turns", phase="coup_status", coup_turn=1, choices=off)
    assert next_decisions([row(i=1), reply, again, marker]) == [
        (row(i=1), again, [reply]),
        (again, marker, []),
    ]
    assert same_question(row(i=1), again)
    assert not same_question(again, marker)
    declare = row(i=7, choices=list(reversed(row()["choices"])))  # the same plans, another best
    assert not same_question(row(i=1), declare)


def test_a_decision_with_no_later_one_of_its_mover_begins_no_line_and_more_plans_ask_another_question():
    ss = {"side": "ss", "theme": "the Coup-Turns"}
    last = row(i=1)
    assert next_decisions([last, row(i=2, **ss)]) == []  # the game ends with the other side
    wider = row(i=3, plans=5)  # the same plans weighed closely, but more offered
    assert not same_question(row(i=1), wider)
