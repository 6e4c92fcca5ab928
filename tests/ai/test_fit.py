"""The evaluation's fitting tool (tools/fit.py): its regression finds the weights that
made the data, and its report by Coup-Turn sets the chances given beside what happened."""

from __future__ import annotations

import json
import math
import random

import pytest
from tools.fit import by_coup_turn, logistic_fit, weights_file, widened

from plot_ai.features import COUP, PRE_COUP
from plot_ai.value import distribution


def test_the_regression_finds_the_weights_that_made_the_data():
    rnd = random.Random(7)
    truth = [-0.5, 2.0, -1.5]
    xs, ys = [], []
    for _ in range(20_000):
        x = [1.0, rnd.random(), rnd.random()]
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        xs.append(x)
        ys.append(int(rnd.random() < p))
    got = logistic_fit(xs, ys, ridge=0.0)
    assert got == pytest.approx(truth, abs=0.15)
    # a ridge pulls every weight but the bias towards nothing
    shrunk = logistic_fit(xs, ys, ridge=0.01)
    assert abs(shrunk[1]) < abs(got[1]) and abs(shrunk[2]) < abs(got[2])


def test_the_report_by_coup_turn_gives_each_endings_chance_and_how_often_it_happened():
    left = COUP.index("coup_turns_left")

    def position(turn: int) -> list[float]:
        x = [0.0] * len(COUP)
        x[0], x[left] = 1.0, (6 - turn) / 6
        return x

    # bias-only models: the SS given 1/(1+e^0) = 0.5, the Abwehr 1/(1+e^1)
    held = {"ss": [0.0] + [0.0] * (len(COUP) - 1), "abwehr": [-1.0] + [0.0] * (len(COUP) - 1)}
    test = [(position(6), "allies"), (position(6), "allies"), (position(6), "ss"), (position(2), "abwehr")]
    lines: list[str] = []
    rows = by_coup_turn(held, test, lines.append)
    assert [r["coup_turn"] for r in rows] == [2, 6]
    last = rows[1]
    assert last["positions"] == 3
    assert last["ss"] == {"given": 0.5, "won": round(1 / 3, 3)}
    assert last["abwehr"]["given"] == round(1 / (1 + math.e), 3)
    assert last["allies"]["won"] == round(2 / 3, 3)
    assert lines[1].startswith("  Coup-Turn 6 (3 positions): ss given 0.500, won 0.333")


def test_refitting_one_kind_of_model_keeps_the_other_as_it_was(tmp_path):
    out = tmp_path / "weights.json"
    pre = {"fitted": "earlier", "features": list(PRE_COUP), "ss": [0.5] * len(PRE_COUP)}
    out.write_text(json.dumps({"models": {"pre_coup": pre, "coup": {"features": ["old"]}}}))
    coup = {"fitted": "now", "features": list(COUP), "ss": [0.25] * len(COUP)}
    data = weights_file({"coup": coup}, out)
    assert data["models"] == {"pre_coup": pre, "coup": coup}
    # a kept model must read today's facts, or the expert could not load the file
    out.write_text(json.dumps({"models": {"pre_coup": {"features": ["old"]}}}))
    with pytest.raises(SystemExit, match="pre_coup model does not name today's facts"):
        weights_file({"coup": coup}, out)


def test_a_refit_keeps_the_layer_of_the_experts_own_games_but_a_map_of_models_it_replaced(tmp_path):
    out = tmp_path / "weights.json"
    pre = {"fitted": "earlier", "features": list(PRE_COUP), "ss": [0.5] * len(PRE_COUP)}
    coup = {"fitted": "earlier", "features": list(COUP), "ss": [0.5] * len(COUP)}
    start = {"features": list(COUP), "ss": [0.1] * len(COUP), "abwehr": [0.2] * len(COUP)}
    own = {"about": "fitted on the expert's games", "pre_coup_map": {"ss": [0, 1], "abwehr": [-0.4, 1]}}
    whole = {"models": {"pre_coup": pre, "coup": coup}, "own_games": {**own, "coup_start": start}}
    out.write_text(json.dumps(whole))
    said: list[str] = []
    # the coup's models refitted: the layer is kept whole (the map reads the pre-coup models)
    assert weights_file({"coup": {**coup, "fitted": "now"}}, out, said.append)["own_games"] == {
        **own,
        "coup_start": start,
    }
    assert said == []
    # the pre-coup models refitted: their map would read log-odds it was not fitted on
    data = weights_file({"pre_coup": {**pre, "fitted": "now"}}, out, said.append)
    assert data["own_games"] == {"about": own["about"], "coup_start": start}
    assert len(said) == 1 and "python -m tools.chances_calibration" in said[0]
    # a coup-start model on other facts than today's could not be read: dropped, said
    said.clear()
    stale = {**whole, "own_games": {**own, "coup_start": {**start, "features": ["old"]}}}
    out.write_text(json.dumps(stale))
    assert weights_file({"coup": coup}, out, said.append)["own_games"] == own
    assert len(said) == 1 and "coup-start model" in said[0]
    # one fitted before a fact was added weighs it at 0: the same chances, said
    said.clear()
    fewer = [f for f in COUP if f != "interphase"]
    weights = {side: [float(k) for k, f in enumerate(COUP) if f != "interphase"] for side in ("ss", "abwehr")}
    older = {**whole, "own_games": {**own, "coup_start": {**start, "features": fewer, **weights}}}
    out.write_text(json.dumps(older))
    kept = weights_file({"coup": coup}, out, said.append)["own_games"]["coup_start"]
    assert kept["features"] == list(COUP)
    for side in ("ss", "abwehr"):
        assert kept[side] == [0.0 if f == "interphase" else float(k) for k, f in enumerate(COUP)]
    assert len(said) == 1 and "new facts (interphase) at 0" in said[0]
    assert "interphase at 0, not fitted" in kept["note"]  # the file says which weights no game fitted
    # a file that cannot be read is refused even when every model is refitted: the
    # layer it may hold cannot be made again by this tool
    out.write_text("{cut off")
    with pytest.raises(SystemExit, match="cannot keep what is not refitted"):
        weights_file({"pre_coup": pre, "coup": coup}, out, said.append)
    out.unlink()  # no file yet: the models alone
    data = weights_file({"pre_coup": pre, "coup": coup}, out, said.append)
    assert set(data) == {"about", "models"} and data["models"] == {"pre_coup": pre, "coup": coup}


def test_two_chances_that_sum_past_one_are_made_a_distribution():
    # two separate fits: 0.8 and 0.6 become 4/7 and 3/7, nothing left for the Allies
    assert distribution(0.8, 0.6) == pytest.approx((0.8 / 1.4, 0.6 / 1.4))
    assert distribution(0.5, 0.2) == (0.5, 0.2)  # the Allies keep 0.3
    # and the report by Coup-Turn reads them the same way
    left = COUP.index("coup_turns_left")
    x = [0.0] * len(COUP)
    x[0], x[left] = 1.0, 0.0
    held = {"ss": [math.log(4)] + [0.0] * (len(COUP) - 1), "abwehr": [math.log(4)] + [0.0] * (len(COUP) - 1)}
    row = by_coup_turn(held, [(x, "ss")], lambda line: None)[0]
    assert (row["ss"]["given"], row["abwehr"]["given"], row["allies"]["given"]) == (0.5, 0.5, 0.0)


def test_a_run_stopped_part_way_plays_only_the_games_not_kept_yet(tmp_path, monkeypatch, capsys):
    import tools.fit as fit

    played: list[int] = []

    def play(seed, player="hard", trials=None):  # (a game's record, without the game)
        played.append(seed)
        return {"seed": seed, "actions": [], "winner": "ss"}

    monkeypatch.setattr(fit, "play", play)
    kept = tmp_path / "games.jsonl"
    who = fit.player_of("expert", 40)
    assert who["player"] == "expert" and who["trials"] == 40 and len(who["expert"]) == 12

    def line(seed: int, **change) -> str:
        return json.dumps({"seed": seed, "actions": [], "winner": "abwehr", **who, **change}) + "\n"

    # a game of another range, one kept twice, then a line cut off when the run stopped
    kept.write_text(line(10) + line(99) + line(10) + '{"seed": 11, "acti', encoding="utf-8")
    games, by = fit.played_games(range(10, 13), kept, 1, "expert", 40)
    assert played == [11, 12] and [g["seed"] for g in games] == [10, 11, 12] and by == who
    assert all(g["expert"] == who["expert"] for g in games)
    assert "(1 more games there, of other seeds: not fitted)" in capsys.readouterr().out
    assert [json.loads(x)["seed"] for x in kept.read_text().splitlines()] == [10, 99, 10, 11, 12]
    again, _ = fit.played_games(range(10, 13), kept, 1, "expert", 40)
    assert [g["seed"] for g in again] == [10, 11, 12] and played == [11, 12]  # nothing played again
    # games of another player, or other trials, are never mixed in
    for player, trials in (("hard", None), ("expert", 150)):
        with pytest.raises(SystemExit, match=r"games.jsonl: its games are of expert at 40 trials"):
            fit.played_games(range(10, 13), kept, 1, player, trials)
    # the expert changed since (its code or weights): the whole file is still fitted,
    # but no game of the new one is added to the old one's
    monkeypatch.setattr(fit, "player_of", lambda p, t: {**who, "expert": "0" * 12})
    whole, by = fit.played_games(range(10, 13), kept, 1, "expert", 40)
    assert [g["seed"] for g in whole] == [10, 11, 12] and by == who
    with pytest.raises(SystemExit, match=r"its code or weights have changed, so no game can be added"):
        fit.played_games(range(10, 14), kept, 1, "expert", 40)
    # one file, one player
    kept.write_text(line(10) + line(11, expert="1" * 12), encoding="utf-8")
    with pytest.raises(SystemExit, match=r"line 2: a game of expert at 40 trials \(code and weights 111"):
        fit.played_games(range(10, 12), kept, 1, "expert", 40)


def test_a_file_cut_off_in_its_first_game_is_begun_again_and_a_second_run_is_refused(tmp_path, monkeypatch):
    import fcntl

    import tools.fit as fit

    monkeypatch.setattr(
        fit, "play", lambda seed, player, trials: {"seed": seed, "actions": [], "winner": "ss"}
    )
    kept = tmp_path / "games.jsonl"
    kept.write_text('{"seed": 5, "act', encoding="utf-8")
    games, _ = fit.played_games(range(5, 7), kept, 1, "hard", None)
    assert [g["seed"] for g in games] == [5, 6]
    assert [json.loads(x)["seed"] for x in kept.read_text().splitlines()] == [5, 6]
    with kept.open("a") as other:  # another run adding to it now
        fcntl.flock(other, fcntl.LOCK_EX)
        with pytest.raises(SystemExit, match="another run is adding games to it now"):
            fit.played_games(range(5, 8), kept, 1, "hard", None)


def test_a_refit_is_scored_beside_the_weights_in_use_on_the_same_held_out_positions():
    from tools.fit import fit

    rnd = random.Random(3)
    by_game = []
    for seed in range(200):  # a fifth of the games (seed % 5 == 0) held out
        kept = []
        for _ in range(5):
            x = [1.0] + [rnd.random() for _ in PRE_COUP[1:]]
            won = "ss" if rnd.random() < 1 / (1 + math.exp(-(4 * x[1] - 2))) else "abwehr"
            kept.append(("pre_coup", x, won))
        by_game.append((seed, kept))
    said: list[str] = []
    in_use = {"pre_coup": {side: (0.0,) * len(PRE_COUP) for side in ("ss", "abwehr")}}  # an even chance
    model = fit(by_game, report=said.append, kinds=("pre_coup",), beside=in_use)["pre_coup"]
    for side in ("ss", "abwehr"):
        held = model[f"{side}_held_out"]
        assert held["in_use_log_loss"] == pytest.approx(math.log(2), abs=1e-4)
        assert held["log_loss"] < held["in_use_log_loss"]  # the refit reads the fact that decides
    assert any(line.startswith("pre_coup ss    : the weights in use there: 0.6931") for line in said), said


def test_a_refit_after_the_facts_changed_is_not_scored_beside_weights_that_read_others(monkeypatch, tmp_path):
    """Only the coup's facts changed: the coup's refit is said not to be compared (the
    weights in use read other facts), and the pre-coup refit is still compared."""
    import json

    import tools.fit as fit

    said: list[str] = []
    assert set(fit.weights_in_use(said.append)) == {"pre_coup", "coup"} and said == []  # today's read today's

    whole = json.loads(fit.WEIGHTS.read_text(encoding="utf-8"))
    whole["models"]["coup"]["features"] = ["bias", "an earlier fact"]
    earlier = tmp_path / "value_weights.json"
    earlier.write_text(json.dumps(whole), encoding="utf-8")
    monkeypatch.setattr(fit, "WEIGHTS", earlier)
    in_use = fit.weights_in_use(said.append)
    assert set(in_use) == {"pre_coup"} and len(in_use["pre_coup"]["ss"]) == len(PRE_COUP)
    assert len(said) == 1 and said[0].startswith(
        f"the coup refit is not scored beside the weights in use: {earlier}: the coup model does not name"
    )

    earlier.write_text("not JSON", encoding="utf-8")
    assert fit.weights_in_use(said.append) == {}
    assert said[-1].startswith("the refit is not scored beside the weights in use: ")


def test_a_part_names_todays_facts_only_with_a_list_of_them():
    from plot_ai.value import names_facts

    assert names_facts({"features": list(COUP)}, COUP)
    for part in ({"features": list(COUP)[:-1]}, {"features": None}, {"features": 3}, {}, None, [COUP]):
        assert not names_facts(part, COUP), part


def test_a_fit_with_nothing_to_hold_out_says_so():
    from tools.fit import fit

    x = [1.0] * len(PRE_COUP)
    one_game = [(991, [("pre_coup", x, "ss"), ("pre_coup", x, "abwehr")])]  # 991: none held out
    with pytest.raises(SystemExit, match=r"the pre_coup model: 2 positions to fit and 0 to hold out"):
        fit(one_game, report=lambda _: None, kinds=("pre_coup",))


def test_a_coup_start_model_is_widened_only_when_every_weight_it_has_can_be_kept():
    facts = ("bias", "a", "b")
    ok = {"features": ["bias", "b"], "ss": [1, 2.5], "abwehr": [-1.0, 0]}
    assert widened(ok, facts) == (
        {
            "features": ["bias", "a", "b"],
            "ss": [1.0, 0.0, 2.5],
            "abwehr": [-1.0, 0.0, 0.0],
            "note": "Widened by tools.fit: a at 0, not fitted.",
        },
        ["a"],
    )
    # the same facts in another order: the same model, nothing added or said unfitted
    assert widened({"features": ["b", "a", "bias"], "ss": [3, 2, 1], "abwehr": [0, 0, 0]}, facts) == (
        {"features": ["bias", "a", "b"], "ss": [1.0, 2.0, 3.0], "abwehr": [0.0, 0.0, 0.0]},
        [],
    )
    for bad in (
        "not a table",
        {"features": ["bias", "gone"], "ss": [1, 2], "abwehr": [1, 2]},  # a fact no longer read
        {"features": ["bias", "bias"], "ss": [1, 2], "abwehr": [1, 2]},  # named twice
        {"features": [["bias"]], "ss": [1], "abwehr": [1]},  # a name that is not a name
        {"features": ["bias"], "ss": ["1"], "abwehr": [1]},  # a weight that is not a number
        {"features": ["bias"], "ss": [1, 2], "abwehr": [1]},  # a weight too many
        {"features": ["bias"], "ss": [1]},  # a side missing
    ):
        assert widened(bad, facts) is None, bad
