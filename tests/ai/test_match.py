"""tools.match: a game between two checkouts' players is the game plot selfplay plays."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from tools.losses import read
from tools.match import SeatError, main, play, seat

from plot_ai.players import Timed, make
from plot_core import load_rules
from plot_core.selfplay import play_game

HERE = Path(__file__).resolve().parents[2]


def test_a_seat_in_its_own_process_plays_the_game_selfplay_plays():
    rules = load_rules()
    ours = play(983001, seat(f"easy@{HERE}"), seat(f"hard@{HERE}"), 1.0).result
    theirs = play_game(983001, Timed(make("easy", rules)), Timed(make("hard", rules)))
    assert (ours.winner, ours.case, ours.actions, ours.game_turns, ours.coup_begun) == (
        theirs.winner,
        theirs.case,
        theirs.actions,
        theirs.game_turns,
        theirs.coup_begun,
    )


def test_the_output_reads_as_selfplay_lines(capsys, tmp_path):
    assert (
        main(["--games", "2", "--seed", "996300", "--ss", f"random@{HERE}", "--abwehr", f"easy@{HERE}", "-v"])
        == 0
    )
    out = tmp_path / "piece.txt"
    out.write_text(capsys.readouterr().out, encoding="utf-8")
    (pairing,) = read([out])
    assert pairing[0].startswith("random_") and pairing[1].startswith("easy_")
    assert sorted(read([out])[pairing]) == [996300, 996301]


def test_a_seat_is_named_by_its_commit_and_its_changes(tmp_path):
    commit = subprocess.run(
        ["git", "-C", str(HERE), "rev-parse", "--short=7", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert seat(f"expert@{HERE}").name.startswith(f"expert_{commit}")
    with pytest.raises(ValueError, match="LEVEL@CHECKOUT"):
        seat("expert")
    with pytest.raises(ValueError, match="holds no src/plot_ai"):
        seat(f"expert@{tmp_path}")


def test_an_answer_the_engine_refuses_stops_the_match(tmp_path, monkeypatch):
    """A seat whose code plays another game (its engine differs) is caught at once."""
    import tools.match as match

    liar = tmp_path / "seat.py"
    liar.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    print(json.dumps({'action': 'end', 'legal': 1}), flush=True)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(match, "SEAT_SCRIPT", liar)
    with pytest.raises(SeatError, match="this engine has"):
        play(996300, seat(f"random@{HERE}"), seat(f"random@{HERE}"), 1.0)


def test_counted_trials_play_the_same_game_as_in_one_process():
    """With --trials a searching seat's game depends on nothing but what it is handed."""
    rules = load_rules()
    ours = play(984001, seat(f"hard@{HERE}"), seat(f"expert@{HERE}"), 1.0, trials=8).result
    expert = Timed(make("expert", rules, trials=8))
    theirs = play_game(984001, Timed(make("hard", rules)), expert)
    assert expert.thoughts  # (the expert searched: its trials were counted, not timed)
    assert (ours.winner, ours.case, ours.actions, ours.coup_begun) == (
        theirs.winner,
        theirs.case,
        theirs.actions,
        theirs.coup_begun,
    )
