"""The Abwehr's search reads the chances through a layer fitted on the expert's own
games (value.own_games): before the coup the fitted models' log-odds mapped to how often
those games were won, and where a coup begins (its interphase, 18.21) a model of that
position. The SS's search reads the fitted models as they are."""

from __future__ import annotations

import json
import math

import pytest

from plot_ai import value as value_module
from plot_ai.features import COUP, PRE_COUP, features
from plot_ai.plans import plans
from plot_ai.search import Budget, Search
from plot_ai.value import (
    WEIGHTS,
    OwnGames,
    WeightsError,
    chances,
    coup_begins,
    distribution,
    own_game_chances,
    own_games,
    value,
    weights,
)
from plot_ai.weighing import weigh
from plot_core import Action, GameState, Player, Verb, apply, legal_actions, view
from plot_core.engine import Phase

from .test_expert import coup, coup_window


def window(fa: int, turn: int = 8) -> GameState:
    """The coup window at the end of the status phase (18.11), the Abwehr holding ``fa``
    Führer Access chits and a 6 to roll (6 + 3 chits passes, 18.13)."""
    return coup_window(fa, turn, dice=(6,))


def begun(s: GameState) -> GameState:
    """``s`` with the coup declared by every Führer Access chit held."""
    for a in plans(s, list(legal_actions(s)))[1].actions:
        s = apply(s, a)
    return s


def logistic(z: float) -> float:
    return 1 / (1 + math.exp(-z))


def test_before_the_coup_the_abwehr_reads_each_models_log_odds_mapped(rules):
    s = window(3)
    assert s.coup is None and s.outcome is None
    x, model, m = features(s), weights()["pre_coup"], own_games().pre_coup_map
    assert m is not None  # the shipped file holds the map
    z = {side: sum(w * f for w, f in zip(model[side], x, strict=True)) for side in ("ss", "abwehr")}
    mapped = {side: logistic(m[side][0] + m[side][1] * z[side]) for side in ("ss", "abwehr")}
    want = distribution(mapped["ss"], mapped["abwehr"])
    assert value(s, Player.ABWEHR) == pytest.approx(want[1], abs=1e-12)
    assert own_game_chances(s) == pytest.approx(want, abs=1e-12)
    # the SS reads the models as fitted; they overrate the Abwehr in the expert's games
    assert value(s, Player.SS) == chances(s)[0]
    assert value(s, Player.ABWEHR) < chances(s)[1]


def test_where_a_coup_begins_the_abwehr_reads_that_positions_own_model(rules):
    start = begun(window(3))
    assert start.coup is not None and start.coup.turn == 0
    assert start.phase is Phase.COUP_INTERPHASE and not start.activated  # 18.21
    assert coup_begins(start)
    x, model = features(start), own_games().coup_start
    assert model is not None and len(x) == len(COUP)
    z = {side: sum(w * f for w, f in zip(model[side], x, strict=True)) for side in ("ss", "abwehr")}
    want = distribution(logistic(z["ss"]), logistic(z["abwehr"]))
    assert value(start, Player.ABWEHR) == pytest.approx(want[1], abs=1e-12)
    assert value(start, Player.SS) == chances(start)[0]
    assert value(start, Player.ABWEHR) != chances(start)[1]
    # once a unit has moved in the interphase, the coup's own models read it again
    moving = apply(start, Action(Verb.ACTIVATE, unit="300"))
    assert moving.phase is Phase.COUP_INTERPHASE and moving.activated == {"300"}
    assert not coup_begins(moving)
    assert value(moving, Player.ABWEHR) == chances(moving)[1]


def test_the_layer_is_read_side_by_side_as_the_file_holds_it():
    raw = json.loads(WEIGHTS.read_text(encoding="utf-8"))["own_games"]
    own = own_games()
    for side in ("ss", "abwehr"):
        assert own.pre_coup_map is not None and own.coup_start is not None
        assert list(own.pre_coup_map[side]) == raw["pre_coup_map"][side]  # (a, b), in order
        assert list(own.coup_start[side]) == raw["coup_start"][side]
    assert raw["pre_coup_map"]["maps"] == json.loads(WEIGHTS.read_text())["models"]["pre_coup"]["fitted"]


def test_once_the_coup_is_under_way_both_read_the_coups_models():
    moved = coup("", phasing="abwehr")  # Coup-Turn 1, under way
    assert not coup_begins(moved)
    assert own_game_chances(moved) == chances(moved)
    assert value(moved, Player.ABWEHR) == chances(moved)[1]


def test_a_game_over_is_exact_for_both_readings(rules):
    over = apply(window(0, turn=9), Action(Verb.NO_REVEAL))  # no coup by the last: 18.74
    assert over.outcome is not None and over.outcome.winner == "ss"
    assert own_game_chances(over) == chances(over) == (1.0, 0.0)


def test_without_the_layer_the_abwehr_reads_the_fitted_chances(rules, monkeypatch):
    monkeypatch.setattr(value_module, "own_games", lambda: OwnGames(None, None))
    for s in (window(3), begun(window(3))):
        assert value(s, Player.ABWEHR) == chances(s)[1]


def test_a_layer_that_does_not_fit_is_refused_by_name(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"models": {}}))
    assert own_games(path) == OwnGames(None, None)  # absent: the models as fitted
    start = {"features": list(COUP), "ss": [0.0] * len(COUP), "abwehr": [0.0] * len(COUP)}
    path = tmp_path / "map.json"
    short = {"maps": None, "ss": [0.1, 1.0], "abwehr": [1.0]}
    path.write_text(json.dumps({"own_games": {"pre_coup_map": short}}))
    with pytest.raises(WeightsError, match=r"map\.json: own_games\.pre_coup_map's abwehr \(a, b\) are not 2"):
        own_games(path)
    path = tmp_path / "start.json"
    path.write_text(json.dumps({"own_games": {"coup_start": {**start, "features": list(PRE_COUP)}}}))
    with pytest.raises(WeightsError, match=r"start\.json: own_games\.coup_start does not name the features"):
        own_games(path)
    path = tmp_path / "short.json"
    path.write_text(json.dumps({"own_games": {"coup_start": {**start, "ss": [0.0]}}}))
    with pytest.raises(WeightsError, match=r"own_games\.coup_start's ss weights are not 37 numbers"):
        own_games(path)
    path = tmp_path / "stale.json"
    models = {"pre_coup": {"fitted": "2026-12-01"}}
    stale_map = {"maps": "2026-11-25", "ss": [0.1, 1.0], "abwehr": [0.1, 1.0]}
    path.write_text(json.dumps({"models": models, "own_games": {"pre_coup_map": stale_map}}))
    with pytest.raises(WeightsError, match=r"maps the pre-coup models fitted 2026-11-25, not those in the"):
        own_games(path)
    path = tmp_path / "list.json"
    path.write_text(json.dumps({"own_games": []}))
    with pytest.raises(WeightsError, match=r"list\.json: own_games is not a table"):
        own_games(path)


def test_a_puzzles_weighing_reads_the_fitted_models_in_either_seat(rules, monkeypatch):
    """A puzzle's margins are on the analysis's one scale for both sides; the expert in
    play reads the layer as the Abwehr."""
    s = window(3)  # the Abwehr's window: declare the coup, or not now

    def never(state: GameState) -> tuple[float, float]:
        raise AssertionError("the layer was read")

    monkeypatch.setattr(value_module, "own_game_chances", never)
    v, legal = view(s, Player.ABWEHR), list(legal_actions(s))
    weighed = weigh(v, legal, rules, 1, screen=12, close=6, keep=2)
    assert weighed is not None and len(weighed.choices) == 2
    with pytest.raises(AssertionError, match="the layer was read"):
        Search(v, legal, rules, 1).run(Budget(trials=2))
