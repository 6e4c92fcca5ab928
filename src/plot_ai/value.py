"""The expert's evaluation: each side's chance of winning from a position.

Two logistic models per kind of position (before the coup, and during it), one for
"the SS wins" and one for "the Abwehr wins" (the third ending, the Allies', is a
loss for both, 18.73). Their weights were fitted by ``python -m tools.fit`` to the
outcomes of self-played games and are read from ``value_weights.json`` beside this
file, which also records the games they came from and how well they predict games
they were not fitted on.

The Abwehr's search reads them through a second layer fitted on the expert's own games
(``own_games``, the same file): the pre-coup chances mapped to how often those games
were won from them, and the coup's first position given a model of its own. Both
models were fitted on hard's games and overrate the Abwehr where the expert plays;
read so, the expert as the Abwehr gained about 6 points a 100 games against itself
unread, and as the SS nothing (docs/developers/expert.md).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeGuard

import attrs

from plot_core import GameState, Player
from plot_core.engine import Phase

from .features import COUP, PRE_COUP, features

WEIGHTS = Path(__file__).with_name("value_weights.json")


class WeightsError(ValueError):
    pass


def names_facts(part: object, facts: tuple[str, ...]) -> bool:
    """Does a part of the weights file (a model, or the coup-start model) name exactly
    ``facts``, in their order? Weights read against other facts would weigh the wrong
    numbers."""
    return (
        isinstance(part, dict) and isinstance(part.get("features"), list) and tuple(part["features"]) == facts
    )


MODELS = {"pre_coup": PRE_COUP, "coup": COUP}  # the weights file's models and their facts


@cache
def weights(path: Path = WEIGHTS) -> dict[str, dict[str, tuple[float, ...]]]:
    """{"pre_coup"|"coup": {"ss"|"abwehr": weights}}, checked against the feature names."""
    data = read_weights(path)
    return {kind: model_weights(data, kind, path) for kind in MODELS}


def read_weights(path: Path) -> dict[str, Any]:
    """A weights file as JSON, its models not yet checked (model_weights does that)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise WeightsError(f"{path}: cannot read the expert's weights ({exc})") from None
    if not isinstance(data, dict):
        raise WeightsError(f"{path}: the expert's weights are not a JSON object")
    return data


def model_weights(data: dict[str, Any], kind: str, path: Path = WEIGHTS) -> dict[str, tuple[float, ...]]:
    """One model of a weights file read as ``data``: {"ss"|"abwehr": weights}, checked
    against today's facts for that kind (WeightsError, saying which, if not)."""
    want = MODELS[kind]
    models = data.get("models")
    model = models.get(kind) if isinstance(models, dict) else None
    if not isinstance(model, dict) or not names_facts(model, want):
        raise WeightsError(
            f"{path}: the {kind} model does not name the features "
            f"{', '.join(want)}; fit it again (python -m tools.fit)"
        )
    out: dict[str, tuple[float, ...]] = {}
    for side in ("ss", "abwehr"):
        w = model.get(side)
        if not isinstance(w, list) or len(w) != len(want) or not all(isinstance(x, int | float) for x in w):
            raise WeightsError(f"{path}: the {kind} model's {side} weights are not {len(want)} numbers")
        out[side] = tuple(float(x) for x in w)
    return out


@attrs.frozen
class OwnGames:
    """The layer fitted on the expert's own games; either part may be absent (None),
    and then the fitted models are read as they are there."""

    pre_coup_map: dict[str, tuple[float, float]] | None  # side: (a, b) of a + b z
    coup_start: dict[str, tuple[float, ...]] | None  # side: weights on the coup's facts


def are_numbers(w: object, n: int) -> TypeGuard[list[int | float]]:
    """Is ``w``, as read from the weights file, a list of ``n`` numbers?"""
    return isinstance(w, list) and len(w) == n and all(isinstance(x, int | float) for x in w)


def _numbers(path: Path, where: str, w: object, n: int) -> tuple[float, ...]:
    if not are_numbers(w, n):
        raise WeightsError(f"{path}: {where} are not {n} numbers")
    return tuple(float(x) for x in w)


@cache
def own_games(path: Path = WEIGHTS) -> OwnGames:
    """The file's ``own_games`` section, checked; an absent section or part reads as
    the fitted models unmapped."""
    try:
        whole = json.loads(path.read_text(encoding="utf-8"))
        data = whole.get("own_games")
        pre_fitted = whole.get("models", {}).get("pre_coup", {}).get("fitted")
    except (OSError, ValueError, AttributeError) as exc:
        raise WeightsError(f"{path}: cannot read the expert's weights ({exc})") from None
    if data is None:
        return OwnGames(None, None)
    if not isinstance(data, dict):
        raise WeightsError(f"{path}: own_games is not a table")
    pre = data.get("pre_coup_map")
    start = data.get("coup_start")
    pre_map = None
    if pre is not None:
        if not isinstance(pre, dict):
            raise WeightsError(f"{path}: own_games.pre_coup_map is not a table")
        if pre.get("maps") != pre_fitted:  # it maps those models' log-odds, no others'
            raise WeightsError(
                f"{path}: own_games.pre_coup_map maps the pre-coup models fitted {pre.get('maps')}, "
                f"not those in the file (fitted {pre_fitted}); fit it again "
                "(python -m tools.chances_calibration)"
            )
        pre_map = {}
        for side in ("ss", "abwehr"):
            a, b = _numbers(path, f"own_games.pre_coup_map's {side} (a, b)", pre.get(side), 2)
            pre_map[side] = (a, b)
    start_model = None
    if start is not None:
        if not names_facts(start, COUP):
            raise WeightsError(
                f"{path}: own_games.coup_start does not name the features {', '.join(COUP)}; "
                "fit it again (python -m tools.chances_calibration)"
            )
        start_model = {
            side: _numbers(path, f"own_games.coup_start's {side} weights", start.get(side), len(COUP))
            for side in ("ss", "abwehr")
        }
    return OwnGames(pre_map, start_model)


def _logistic(w: tuple[float, ...], x: list[float]) -> float:
    z = _z(w, x)
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def _z(w: tuple[float, ...], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


def chances(state: GameState) -> tuple[float, float]:
    """(P(the SS wins), P(the Abwehr wins)) from ``state``; exact once the game is over."""
    if state.outcome is not None:
        w = state.outcome.winner
        return (1.0 if w == "ss" else 0.0, 1.0 if w == "abwehr" else 0.0)
    model = weights()["coup" if state.coup is not None else "pre_coup"]
    x = features(state)
    return distribution(_logistic(model["ss"], x), _logistic(model["abwehr"], x))


def coup_begins(state: GameState) -> bool:
    """The coup's first position: its interphase (18.21), before any unit has moved."""
    c = state.coup
    return c is not None and c.turn == 0 and not state.activated and state.phase is Phase.COUP_INTERPHASE


def own_game_chances(state: GameState) -> tuple[float, float]:
    """``chances`` as the expert's own games bore them out (``own_games``): before the
    coup each model's log-odds z mapped to 1 / (1 + exp(-(a + b z))); where a coup
    begins, the model of that position; elsewhere ``chances``."""
    own = own_games()
    if state.outcome is not None:
        return chances(state)
    if state.coup is None and own.pre_coup_map is not None:
        model, m, x = weights()["pre_coup"], own.pre_coup_map, features(state)
        return distribution(
            _logistic(m["ss"], [1.0, _z(model["ss"], x)]),
            _logistic(m["abwehr"], [1.0, _z(model["abwehr"], x)]),
        )
    if own.coup_start is not None and coup_begins(state):
        x = features(state)
        return distribution(_logistic(own.coup_start["ss"], x), _logistic(own.coup_start["abwehr"], x))
    return chances(state)


def distribution(p_ss: float, p_ab: float) -> tuple[float, float]:
    """The two models' chances made a distribution (the rest is the Allies', 18.73):
    they are two separate fits, whose sum may pass 1."""
    total = p_ss + p_ab
    return (p_ss / total, p_ab / total) if total > 1.0 else (p_ss, p_ab)


# How a search scores a position for the side searching: its chance of winning there.
Reading = Callable[[GameState, Player], float]


def value(state: GameState, side: Player) -> float:
    """``side``'s chance of winning from ``state``, as the expert reads it in play: the
    Abwehr's through the layer fitted on the expert's own games, the SS's as fitted (in
    the SS's seat the layer showed no gain: +0.6 points over 500 counted games, -11
    over 100 timed)."""
    if side is Player.ABWEHR:
        return own_game_chances(state)[1]
    return fitted_value(state, side)


def fitted_value(state: GameState, side: Player) -> float:
    """``side``'s chance of winning from ``state`` by the fitted models alone: one scale
    for both sides, which a study of a position reads (a puzzle's weighing, as the
    analysis's chart)."""
    p_ss, p_ab = chances(state)
    return p_ss if side is Player.SS else p_ab
