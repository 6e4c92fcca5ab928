"""tools.losses: how each game was lost, by the rule that ended it."""

from __future__ import annotations

from tools.losses import Game, main, play, tally


def test_each_ending_is_told_by_the_rule_that_made_it():
    def game(winner, case, failures=0):
        return Game(1, winner, case, failures, None, None, 0, True)

    assert game("ss", "18.74").how() == ("abwehr", "the coup never tried; time ran out (18.74)")
    assert game("ss", "18.74", 2).how()[1].startswith("coups failed on the Walkyrie roll")
    assert game("allies", "18.73").how()[0] == "both"
    assert game("ss", "18.72").how() == ("abwehr", "the streets emptied by the SS (18.72)")
    assert game("abwehr", "18.71").how() == ("ss", "the streets emptied by the Abwehr (18.71)")


def test_played_games_are_tallied(capsys):
    g = play(996300, "random", "random", 1.0)
    assert g.case.startswith("18.7") and g.winner in ("ss", "abwehr", "allies")
    lines = tally([g])
    assert lines[0] == "1 games" and any("(100%)" in ln for ln in lines)
    assert main(["--games", "2", "--ss", "random", "--abwehr", "random"]) == 0
    assert "random (SS) against random (Abwehr)" in capsys.readouterr().out
