"""tools.losses: how each game was lost, by the rule that ended it."""

from __future__ import annotations

import re
from pathlib import Path

from tools.losses import Game, main, play, read, tally

from plot_cli.main import main as cli
from plot_core.selfplay import GameResult


def test_each_ending_is_told_by_the_rule_that_made_it():
    def game(winner, case, failures=0):
        return Game(1, winner, case, failures, None, None, 0, True)

    assert game("ss", "18.74").how() == ("abwehr", "the coup never tried; time ran out (18.74)")
    assert game("ss", "18.74", 2).how()[1].startswith("coups failed on the Walkyrie roll")
    assert game("allies", "18.73").how()[0] == "both"
    assert game("ss", "18.72").how() == ("abwehr", "the streets emptied by the SS (18.72)")
    assert game("abwehr", "18.71").how() == ("ss", "the streets emptied by the Abwehr (18.71)")


def test_stalled_coups_are_counted_by_the_game_turn_the_coup_began():
    def game(winner, case, turn):
        return Game(1, winner, case, 0, turn, None, 0, True)

    games = [
        game("allies", "18.73", 9),
        game("ss", "18.72", 9),
        game("abwehr", "18.71", 6),
        game("ss", "18.74", None),
    ]
    said = tally(games)
    at = said.index("coup begun in 3 games, mean Game-Turn 8.0; Abwehr units lost by then: mean 0.0")
    assert said[at + 1] == (
        "  stalled (18.73) of those begun, by the Game-Turn the coup began: GT 6 0/1, GT 9 1/2"
    )


def test_coups_are_counted_by_hitlers_fate_where_the_lines_say_it(tmp_path):
    def line(seed, winner, case, killed, *, says=True):
        said = GameResult(seed, winner, case, 900, 9, 3, 9, 0.01, killed).line()
        return said if says else said.replace(", Hitler lived", "")  # (as older lines read)

    log = tmp_path / "log.txt"
    lines = [
        line(7, "abwehr", "18.71", 1),
        line(8, "abwehr", "18.71", 0),
        line(9, "allies", "18.73", None),
        line(10, "ss", "18.72", None),
        line(11, "ss", "18.72", None, says=False),
    ]
    log.write_text(
        "plot selfplay: 5 game(s), seeds 7-11, SS expert vs Abwehr expert\n" + "\n".join(lines) + "\n",
        encoding="utf-8",
    )
    games = read([log])[("expert", "expert")]
    assert [games[s].hitler_alive for s in (7, 8, 9, 10, 11)] == [False, False, True, True, None]
    assert (
        "  of the coups begun, Hitler killed in 2: 2 won by the Abwehr, 0 stalled; "
        "Hitler lived in 2: 0 won by the Abwehr, 1 stalled"
    ) in tally(list(games.values()))


def test_played_games_are_tallied(capsys):
    g = play(996300, "random", "random", 1.0)
    assert g.case.startswith("18.7") and g.winner in ("ss", "abwehr", "allies")
    lines = tally([g])
    assert lines[0] == "1 games" and any("(100%)" in ln for ln in lines)
    assert main(["--games", "2", "--ss", "random", "--abwehr", "random"]) == 0
    assert "random (SS) against random (Abwehr)" in capsys.readouterr().out


def _selfplay(capsys, tmp_path, name: str, *args: str) -> Path:
    """`plot selfplay -v ...`'s output, kept in a file as a player would keep it."""
    assert cli(["selfplay", "-v", "--ss", "random", "--abwehr", "random", *args]) == 0
    out = tmp_path / name
    out.write_text(capsys.readouterr().out, encoding="utf-8")
    return out


def test_games_read_from_selfplay_pieces_give_the_gain_selfplay_gives_for_the_whole(capsys, tmp_path):
    whole = _selfplay(
        capsys, tmp_path, "whole.txt", "--games", "6", "--seed", "4100", "--compare", "abwehr=busy"
    )
    said = re.search(r"Gain for the Abwehr, random over busy .*", whole.read_text()).group(0)
    pieces = [
        _selfplay(
            capsys,
            tmp_path,
            f"piece-{seed}.txt",
            "--games",
            "3",
            "--seed",
            str(seed),
            "--compare",
            "abwehr=busy",
        )
        for seed in (4100, 4103)
    ]
    for files in ([whole], pieces):
        assert main(["--read", *map(str, files)]) == 0
        out = capsys.readouterr().out
        assert "random (SS) against random (Abwehr), seeds 4100-4105 (6 games)" in out
        assert "random (SS) against busy (Abwehr), seeds 4100-4105 (6 games)" in out
        (gain_line,) = [ln for ln in out.splitlines() if ln.startswith("Gain for")]
        # the same games, the same numbers, in the same words as --compare
        assert gain_line.replace("on the same 6 seeds", "on the same seeds") == said
    games = read(pieces)[("random", "random")]
    assert sorted(games) == list(range(4100, 4106))
    # a line says Hitler's fate in a coup, not the evaluation's chances
    assert all(
        g.case.startswith("18.7")
        and g.abwehr_at_coup is None
        and (g.hitler_alive is None) == (g.coup_turn is None)
        for g in games.values()
    )


def test_a_piece_read_twice_or_a_damaged_line_is_named_where_it_is(capsys, tmp_path):
    piece = _selfplay(capsys, tmp_path, "piece.txt", "--games", "2", "--seed", "4200")
    assert main(["--read", str(piece), str(piece)]) == 2
    assert f"{piece}, line 2: seed 4200 of SS random vs Abwehr random again" in capsys.readouterr().out
    damaged = tmp_path / "damaged.txt"
    damaged.write_text(piece.read_text().replace(" after ", " afterwards "), encoding="utf-8")
    assert main(["--read", str(damaged)]) == 2
    assert f"{damaged}, line 2: not a game line of plot selfplay -v" in capsys.readouterr().out
    assert main(["--read", str(tmp_path / "absent.txt")]) == 2
    assert "absent.txt" in capsys.readouterr().out


def test_a_game_line_that_time_ended_without_a_coup_says_it_may_have_failed_on_the_walkyrie_roll(tmp_path):
    log = tmp_path / "log.txt"
    log.write_text(
        "plot selfplay: 2 game(s), seeds 7-8, SS hard vs Abwehr expert\n"
        "  seed 7: abwehr by 18.71 after 900 actions, GT 9, coup at GT 6, 1 CT, 10 ms\n"
        "  seed 8: ss by 18.74 after 900 actions, GT 9, no coup, 10 ms\n",
        encoding="utf-8",
    )
    games = read([log])[("hard", "expert")]
    assert games[7].how() == ("ss", "the streets emptied by the Abwehr (18.71)") and games[7].coup_turn == 6
    # a line does not say whether a coup was declared and failed (no coup began)
    assert games[8].how() == (
        "abwehr",
        "no coup begun, never tried or failed on the Walkyrie roll; time ran out (18.74)",
    )
    assert games[8].coup_turn is None and games[8].walkyrie_failures is None
