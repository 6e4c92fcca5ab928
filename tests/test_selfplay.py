"""Self-play runs: whole games between policies, reproducible by seed."""

from __future__ import annotations

import re

import pytest

from plot_cli.main import main
from plot_core import Action, GameState
from plot_core.engine.state import HITLER, Box
from plot_core.selfplay import POLICIES, GameResult, Summary, gain, play_game, play_games, wilson


def test_a_selfplay_game_is_reproducible_from_its_seed():
    a = play_game(11, POLICIES["random"], POLICIES["busy"])
    b = play_game(11, POLICIES["random"], POLICIES["busy"])
    assert (a.winner, a.case, a.actions, a.game_turns, a.coup_turns) == (
        b.winner,
        b.case,
        b.actions,
        b.game_turns,
        b.coup_turns,
    )
    assert a.winner in ("ss", "abwehr", "allies") and a.case.startswith("18.7")


def test_a_game_says_the_coup_turn_hitler_was_killed_in():
    # busy seed 82: a coup in which Hitler falls (18.51), then it stalls (18.73)
    died_in: list[int | None] = []  # told each position the game reaches

    def seen(_: Action, state: GameState) -> None:
        if not died_in and state.unit(HITLER).box is Box.ELIMINATED:
            died_in.append(state.coup.turn if state.coup else None)

    r = play_game(82, POLICIES["busy"], POLICIES["busy"], played=seen)
    assert r.case == "18.73" and r.line().endswith(
        f"coup at GT {r.coup_begun}, 6 CT, Hitler killed in CT 2, {r.seconds * 1000:.0f} ms"
    )
    assert died_in == [r.hitler_killed]


def test_a_game_line_says_hitlers_fate_only_where_a_coup_began():
    def line(coup_begun, killed):
        return GameResult(1, "ss", "18.72", 10, 9, 2, coup_begun, 0.01, killed).line()

    assert line(9, None).endswith("coup at GT 9, 2 CT, Hitler lived, 10 ms")
    assert line(9, 0).endswith("coup at GT 9, 2 CT, Hitler killed in the interphase, 10 ms")
    assert line(9, 3).endswith("coup at GT 9, 2 CT, Hitler killed in CT 3, 10 ms")
    assert line(None, None).endswith("GT 9, no coup, 10 ms")


def test_game_i_of_a_run_is_the_game_of_seed_plus_i():
    run = list(play_games(3, 40, POLICIES["random"], POLICIES["random"]))
    alone = play_game(42, POLICIES["random"], POLICIES["random"])
    assert [r.seed for r in run] == [40, 41, 42]
    assert (run[2].winner, run[2].actions) == (alone.winner, alone.actions)


def test_summary_counts_every_game_once():
    rs = tuple(play_games(4, 0, POLICIES["busy"], POLICIES["busy"]))
    s = Summary(rs)
    assert sum(s.wins().values()) == 4 == sum(s.endings().values())
    text = "\n".join(s.report())
    assert "Outcomes by side" in text and "Time per game" in text


@pytest.mark.parametrize("k,n", [(0, 10), (5, 10), (10, 10), (37, 120)])
def test_wilson_interval_contains_the_rate(k, n):
    lo, hi = wilson(k, n)
    assert 0 <= lo <= k / n <= hi <= 1
    assert hi - lo < 0.7


def test_wilson_interval_known_value():
    lo, hi = wilson(50, 100)  # the textbook case: 40.4% to 59.6%
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596


def test_selfplay_command(capsys):
    assert main(["selfplay", "--games", "3", "--seed", "7", "-v"]) == 0
    out = capsys.readouterr().out
    assert "3 game(s), seeds 7-9, SS random vs Abwehr random" in out
    assert out.count("  seed ") == 3
    for line in (
        "SS ",
        "Abwehr ",
        "Allies ",
        "Actions per game:",
        "Game-Turns per game:",
        "Time per game (ms):",
        "Throughput:",
    ):
        assert line in out


def test_selfplay_with_the_expert_in_two_processes_says_how_it_thought(capsys):
    assert (
        main(
            [
                "selfplay",
                "--games",
                "2",
                "--seed",
                "40",
                "--ss",
                "expert",
                "--abwehr",
                "easy",
                "--think",
                "0.05",
                "--procs",
                "2",
                "-v",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "2 game(s), seeds 40-41, SS expert vs Abwehr easy" in out
    assert out.count("  seed ") == 2
    thought = next(ln for ln in out.splitlines() if ln.startswith("  new plans: "))
    per_game = float(thought.split("thinking per game: mean ")[1].split(" s")[0])
    # 60 times the mean for a whole game, and once that is spent the hard player's own quick
    # decisions (about a millisecond each)
    assert per_game <= 60 * 0.05 + 1.0
    assert "Think time, Abwehr (easy)" in out and out.count("new plans:") == 1


@pytest.mark.parametrize(
    "args,message",
    [
        (["--games", "0"], "--games: must be at least 1, got 0"),
        (["--games", "many"], "--games: expected a whole number, got 'many'"),
        (["--seed", "-1"], "--seed: must be between 0 and 2**63-1, got -1"),
        (["--ss", "genius"], "argument --ss: invalid choice: 'genius'"),
        (["--think", "soon"], "--think: expected seconds, e.g. 0.5, got 'soon'"),
        (["--think", "0"], "--think: must be more than 0 and at most 600, got 0.0"),
        (["--procs", "0"], "--procs: must be at least 1, got 0"),
        (["--compare", "hard"], "--compare: expected SIDE=LEVEL, SIDE ss or abwehr"),
        (["--compare", "allies=hard"], "got 'allies=hard'"),
        (["--compare", "abwehr=genius"], "LEVEL one of busy, easy, expert, hard, random"),
    ],
)
def test_selfplay_bad_arguments_are_named(capsys, args, message):
    with pytest.raises(SystemExit) as exc:
        main(["selfplay", *args])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_a_gain_and_its_interval_are_newcombes():
    # Newcombe (1998), table II, example (a): 56/70 against 48/80, method 10
    d, lo, hi = gain(56, 70, 48, 80)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (0.2, 0.0524, 0.3339)
    d, lo, hi = gain(10, 10, 0, 10)  # at the edges the interval stays inside [-1, 1]
    assert d == 1.0 and 0.5 < lo < 1.0 and hi == 1.0


def test_selfplay_compare_plays_both_lines_on_the_same_seeds_and_says_the_gain(capsys):
    assert main(["selfplay", "--games", "4", "--seed", "11", "--ss", "random", "--abwehr", "easy",
                 "--compare", "abwehr=random"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "seeds 11-14, SS random vs Abwehr easy" in out and "seeds 11-14, SS random vs Abwehr random" in out
    gained = re.search(r"Gain for the Abwehr, easy over random on the same seeds: ([+-]\d+\.\d) points "
                       r"\[([+-]\d+\.\d), ([+-]\d+\.\d)\] \(95%, Newcombe's hybrid score interval\); "
                       r"(\d) of 4 won against (\d) of 4", out)  # fmt: skip
    assert gained, out
    d, lo, hi, k1, k2 = gained.groups()
    assert float(d) == round(100 * (int(k1) - int(k2)) / 4, 1) and float(lo) <= float(d) <= float(hi)
