"""How well the evaluation's chances match how often games were won, before the coup and
where a coup begins, and the logistic map that would match them (docs/reports/
expert-strength.md, "Expert II: the chances calibrated to the expert's own games").

Whether to declare sets the chances where a coup begins (the coup's models) against
those before it (the pre-coup models). This replays games kept by ``python -m
tools.fit --played`` and reads, by the weights in use, each model's log-odds at every
position before the coup that the fit keeps (tools.fit.positions) and at the first
position of each coup (the interphase, 18.21, no unit moved). It prints, in bands of
the Abwehr's chance, the mean chance given against how often the Abwehr won, then for
each side and kind a logistic on the log-odds (P = 1 / (1 + exp(-(a + b z)))): its
held-out log loss against each side's model as it is (the log-odds unmapped; the
expert's chances differ only where the two pass 1, rare), four fifths of the games fitted
by seed as tools.fit splits them, and a and b fitted on all. Then, where a coup
begins, a model of its own for each side: a logistic on the coup's facts fitted to
those positions alone (the ridge penalty RIDGE_START), its held-out log loss, and its
weights fitted on all (printed as JSON, the coup's facts in order).

    python -m tools.chances_calibration --played FILE [--games N] [--procs 2]
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from plot_ai.features import features
from plot_ai.value import distribution, weights
from plot_cli.pipes import quiet_when_the_reader_stops
from plot_core import apply, load_rules, new_game, parse_action
from tools.fit import _score, kept_arguments, logistic_fit, over_kept, positions

KINDS = ("before the coup", "where a coup begins")
# kind, the SS's log-odds, the Abwehr's, the winner, and where a coup begins its facts
Read = tuple[str, float, float, str, list[float]]
# The ridge penalty of the coup's first positions' own model (times the positions): of
# 1e-2, 3e-3, 1e-3 and 1e-4 on the expert's 2,400 fitting games, 1e-3 and 1e-4 held out
# best and nearly alike (0.578 and 0.579 for the SS, 0.455 and 0.453 for the Abwehr);
# the larger is kept, the positions being few for 37 facts.
RIDGE_START = 1e-3


def log_odds(state_features: list[float], kind: str) -> tuple[float, float]:
    model = weights()["pre_coup" if kind == KINDS[0] else "coup"]
    x = np.asarray(state_features)
    return float(x @ np.asarray(model["ss"])), float(x @ np.asarray(model["abwehr"]))


def reads(game: dict) -> tuple[int, list[Read]]:
    """The log-odds of one kept game's positions before the coup and where its coup
    began (if one did), each with how the game ended."""
    rules = load_rules()
    out: list[Read] = []
    for s in positions(game, rules):
        if s.coup is None:
            out.append((KINDS[0], *log_odds(features(s), KINDS[0]), game["winner"], []))
    state = new_game(game["seed"], rules=rules)
    for text in game["actions"]:
        begun = apply(state, parse_action(text))
        if state.coup is None and begun.coup is not None:
            facts = features(begun)
            out.append((KINDS[1], *log_odds(facts, KINDS[1]), game["winner"], facts))
            break
        state = begun
    return game["seed"], out


def chance(z_ss: np.ndarray, z_ab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two models' chances from their log-odds, made a distribution by the expert's
    own value.distribution."""
    p_ss, p_ab = 1 / (1 + np.exp(-z_ss)), 1 / (1 + np.exp(-z_ab))
    made = [distribution(float(s), float(a)) for s, a in zip(p_ss, p_ab, strict=True)]
    return np.asarray([s for s, _ in made]), np.asarray([a for _, a in made])


def report(by_game: list[tuple[int, list[Read]]]) -> None:
    for kind in KINDS:
        rows = [(seed, zs, za, w) for seed, got in by_game for k, zs, za, w, _ in got if k == kind]
        if not rows:
            print(f"{kind}: no positions")
            continue
        seed = np.asarray([r[0] for r in rows])
        z = {"ss": np.asarray([r[1] for r in rows]), "abwehr": np.asarray([r[2] for r in rows])}
        won = np.asarray([r[3] for r in rows])
        p_ss, p_ab = chance(z["ss"], z["abwehr"])
        print(
            f"{kind}: {len(rows)} positions; the Abwehr given {p_ab.mean():.3f}, won "
            f"{(won == 'abwehr').mean():.3f}; the SS given {p_ss.mean():.3f}, won {(won == 'ss').mean():.3f}"
        )
        tenth = np.minimum(np.floor(p_ab * 10), 9)  # each chance in one band of a tenth
        for k in range(10):
            band = tenth == k
            if band.sum():
                print(
                    f"  the Abwehr given {k / 10:.1f}-{(k + 1) / 10:.1f}: {band.sum():6d} positions, "
                    f"mean {p_ab[band].mean():.3f}, won {(won[band] == 'abwehr').mean():.3f}"
                )
        train, test = seed % 5 != 0, seed % 5 == 0
        for side in ("ss", "abwehr"):
            x = np.c_[np.ones(len(rows)), z[side]]
            y = (won == side).astype(int)
            fitted = logistic_fit(x[train].tolist(), y[train].tolist(), ridge=0.0)
            as_is, _ = _score([0.0, 1.0], x[test].tolist(), y[test].tolist())
            mapped, _ = _score(fitted, x[test].tolist(), y[test].tolist())
            a, b = logistic_fit(x.tolist(), y.tolist(), ridge=0.0)
            print(
                f"  {side:6}: held-out log loss {as_is:.4f} as it is, {mapped:.4f} mapped "
                f"({test.sum()} positions); fitted on all: a = {a:+.3f}, b = {b:.3f}"
            )


def start_model(by_game: list[tuple[int, list[Read]]]) -> None:
    rows = [(seed, x, w) for seed, got in by_game for k, _, _, w, x in got if k == KINDS[1]]
    if not rows:
        return
    print(f"where a coup begins, a model of its own (ridge {RIDGE_START:g}):")
    for side in ("ss", "abwehr"):
        train = [(x, int(w == side)) for seed, x, w in rows if seed % 5]
        test = [(x, int(w == side)) for seed, x, w in rows if not seed % 5]
        held = logistic_fit([x for x, _ in train], [y for _, y in train], ridge=RIDGE_START)
        loss, _ = _score(held, [x for x, _ in test], [y for _, y in test])
        weights_all = logistic_fit(
            [x for _, x, _ in rows], [int(w == side) for _, _, w in rows], ridge=RIDGE_START
        )
        print(f"  {side:6}: held-out log loss {loss:.4f} ({len(test)} positions)")
        print(f"  {side:6}: {json.dumps([round(v, 6) for v in weights_all])}")


@quiet_when_the_reader_stops
def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m tools.chances_calibration", description=__doc__.splitlines()[0]
    )
    kept_arguments(ap)
    by_game = over_kept(reads, ap.parse_args(argv))
    print(f"{len(by_game)} games, the weights in use")
    report(by_game)
    start_model(by_game)


if __name__ == "__main__":
    raise SystemExit(main())
