"""tools.match: a game between two checkouts' players is the game plot selfplay plays."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from tools.losses import read
from tools.match import SeatError, budget_said, main, play, seat

import plot_core.selfplay as selfplay
from plot_ai.players import Timed, make
from plot_core import load_rules

HERE = Path(__file__).resolve().parents[2]


def _selfplay_actions(seed: int, ss, abwehr) -> list[str]:
    """The actions plot selfplay's own loop plays with these players, in order."""
    played: list[str] = []
    selfplay.play_game(seed, ss, abwehr, played=lambda action, _: played.append(str(action)))
    return played


def test_a_seat_in_its_own_process_plays_the_game_selfplay_plays():
    rules = load_rules()
    ours = play(983001, seat(f"easy@{HERE}"), seat(f"random@{HERE}"))
    assert list(ours.actions) == _selfplay_actions(
        983001, Timed(make("easy", rules)), Timed(make("random", rules))
    )


def test_counted_trials_play_the_same_game_as_in_one_process():
    """With --trials the expert's game depends on nothing but what it is handed."""
    rules = load_rules()
    ours = play(984003, seat(f"easy@{HERE}"), seat(f"expert@{HERE}").budget(1.0, 16))
    assert ours.clocks["abwehr"][1]  # (the seat searched: it made new plans)
    expert = Timed(make("expert", rules, trials=16))
    assert list(ours.actions) == _selfplay_actions(984003, Timed(make("easy", rules)), expert)


def test_the_output_reads_as_selfplay_lines(capsys, tmp_path):
    args = ["--games", "2", "--seed", "996300", "--ss", f"random@{HERE}", "--abwehr", f"easy@{HERE}", "-v"]
    assert main(args) == 0
    out = tmp_path / "piece.txt"
    out.write_text(capsys.readouterr().out, encoding="utf-8")
    (pairing,) = read([out])
    assert pairing[0].startswith("random_") and pairing[1].startswith("easy_")
    games = read([out])[pairing]
    first = play(996300, seat(f"random@{HERE}"), seat(f"easy@{HERE}")).result
    assert sorted(games) == [996300, 996301]
    assert (games[996300].winner, games[996300].case) == (first.winner, first.case)


def test_a_seat_is_named_by_its_commit_its_changes_and_its_budget(tmp_path):
    repo = tmp_path / "checkout"
    (repo / "src" / "plot_ai").mkdir(parents=True)
    (repo / "src" / "plot_ai" / "search.py").write_text("x = 1\n", encoding="utf-8")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)
    commit = subprocess.run([*git, "rev-parse", "--short=7", "HEAD"], capture_output=True, text=True).stdout
    clean = seat(f"expert@{repo}").name
    assert clean == f"expert_{commit.strip()}"
    (repo / "src" / "plot_ai" / "search.py").write_text("x = 2\n", encoding="utf-8")
    changed = seat(f"expert@{repo}").name
    (repo / "src" / "plot_ai" / "new.py").write_text("y = 1\n", encoding="utf-8")
    added = seat(f"expert@{repo}").name
    assert len({clean, changed, added}) == 3 and changed.startswith(clean + "_")
    assert (budget_said(1.0, None), budget_said(4.0, None), budget_said(1.0, 150)) == ("", "_think4", "_t150")
    with pytest.raises(ValueError, match="LEVEL@CHECKOUT"):
        seat("expert")
    with pytest.raises(ValueError, match="holds no src/plot_ai"):
        seat(f"expert@{tmp_path}")


def _lying(tmp_path, monkeypatch, answer: str) -> None:
    import tools.match as match

    liar = tmp_path / "seat.py"
    liar.write_text(
        f"import sys\nfor line in sys.stdin:\n    print({answer!r}, flush=True)\n", encoding="utf-8"
    )
    monkeypatch.setattr(match, "SEAT_SCRIPT", liar)


def test_a_seat_whose_engine_is_elsewhere_stops_the_match(tmp_path, monkeypatch):
    _lying(tmp_path, monkeypatch, '{"action": "end", "legal": 1, "turn": 1, "phase": "x"}')
    with pytest.raises(
        SeatError, match=r"game 996300: random_\w+ \(\w+\), action \d+: .* engine is elsewhere"
    ):
        play(996300, seat(f"random@{HERE}"), seat(f"random@{HERE}"))


def test_an_answer_this_engine_does_not_hold_legal_stops_the_match(tmp_path, monkeypatch):
    """The seat's engine agrees on where the game is, but its answer is not legal here."""
    rules = load_rules()
    from plot_core import legal_actions, new_game

    state = new_game(996300, rules=rules)
    while len(legal_actions(state)) == 1:
        state = selfplay.apply(state, legal_actions(state)[0])
    where = f'"legal": {len(legal_actions(state))}, "turn": {state.turn}, "phase": "{state.phase.value}"'
    _lying(tmp_path, monkeypatch, '{"action": "end", ' + where + "}")
    with pytest.raises(SeatError, match="which is not legal here"):
        play(996300, seat(f"random@{HERE}"), seat(f"random@{HERE}"))
    _lying(tmp_path, monkeypatch, '{"action": "fly away", ' + where + "}")
    with pytest.raises(SeatError, match="does not read"):
        play(996300, seat(f"random@{HERE}"), seat(f"random@{HERE}"))


def test_a_seat_that_stops_is_named_with_what_it_said(tmp_path, monkeypatch):
    import tools.match as match

    dies = tmp_path / "seat.py"
    dies.write_text("import sys\nsys.exit('no such level here')\n", encoding="utf-8")
    monkeypatch.setattr(match, "SEAT_SCRIPT", dies)
    with pytest.raises(SeatError, match="the seat stopped.*no such level here"):
        play(996300, seat(f"random@{HERE}"), seat(f"random@{HERE}"))


def test_each_seat_may_have_its_own_budget_and_is_named_with_it(capsys):
    args = ["--games", "1", "--seed", "996300", "--ss", f"random@{HERE}", "--abwehr", f"random@{HERE}"]
    assert main([*args, "--abwehr-think", "4", "--ss-trials", "150"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert re.search(r"SS random_\w+_t150 vs Abwehr random_\w+_think4$", header)
