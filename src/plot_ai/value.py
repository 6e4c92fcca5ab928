"""The expert's evaluation: each side's chance of winning from a position.

Two logistic models per kind of position (before the coup, and during it), one for
"the SS wins" and one for "the Abwehr wins" (the third ending, the Allies', is a
loss for both, 18.73). Their weights were fitted by ``python -m tools.fit`` to the
outcomes of self-played games and are read from ``value_weights.json`` beside this
file, which also records the games they came from and how well they predict games
they were not fitted on.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

from plot_core import GameState, Player

from .features import COUP, PRE_COUP, features

WEIGHTS = Path(__file__).with_name("value_weights.json")


class WeightsError(ValueError):
    pass


@cache
def weights(path: Path = WEIGHTS) -> dict[str, dict[str, tuple[float, ...]]]:
    """{"pre_coup"|"coup": {"ss"|"abwehr": weights}}, checked against the feature names."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise WeightsError(f"{path}: cannot read the expert's weights ({exc})") from None
    out: dict[str, dict[str, tuple[float, ...]]] = {}
    for kind, want in (("pre_coup", PRE_COUP), ("coup", COUP)):
        model = data.get("models", {}).get(kind)
        if not isinstance(model, dict) or tuple(model.get("features", ())) != want:
            raise WeightsError(
                f"{path}: the {kind} model does not name the features "
                f"{', '.join(want)}; fit it again (python -m tools.fit)"
            )
        out[kind] = {}
        for side in ("ss", "abwehr"):
            w = model.get(side)
            if (
                not isinstance(w, list)
                or len(w) != len(want)
                or not all(isinstance(x, int | float) for x in w)
            ):
                raise WeightsError(f"{path}: the {kind} model's {side} weights are not {len(want)} numbers")
            out[kind][side] = tuple(float(x) for x in w)
    return out


def _logistic(w: tuple[float, ...], x: list[float]) -> float:
    z = sum(a * b for a, b in zip(w, x, strict=True))
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def chances(state: GameState) -> tuple[float, float]:
    """(P(the SS wins), P(the Abwehr wins)) from ``state``; exact once the game is over."""
    if state.outcome is not None:
        w = state.outcome.winner
        return (1.0 if w == "ss" else 0.0, 1.0 if w == "abwehr" else 0.0)
    model = weights()["coup" if state.coup is not None else "pre_coup"]
    x = features(state)
    return distribution(_logistic(model["ss"], x), _logistic(model["abwehr"], x))


def distribution(p_ss: float, p_ab: float) -> tuple[float, float]:
    """The two models' chances made a distribution (the rest is the Allies', 18.73):
    they are two separate fits, whose sum may pass 1."""
    total = p_ss + p_ab
    return (p_ss / total, p_ab / total) if total > 1.0 else (p_ss, p_ab)


def value(state: GameState, side: Player) -> float:
    """``side``'s chance of winning from ``state``."""
    p_ss, p_ab = chances(state)
    return p_ss if side is Player.SS else p_ab
