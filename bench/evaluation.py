"""`make bench`, the evaluation's inner loop: plot_ai.features.features per position.

The positions of whole random games (the busy policy, seeds 121000-121009, not seeds
the evaluation was tuned on), every one of them, timed as a batch five times; the
figure is the median batch's microseconds per position. Beside today's features,
those of ``fc35beb``, before its choices between two values were written as
arithmetic (a value times a bool, ``float`` of a bool) to bring the function down
from radon's grade E; today's must stay within 5 % of it. Each run alternates the
two, batch by batch.

    .venv/bin/python -m bench.evaluation
"""

from __future__ import annotations

import importlib
import statistics
import tempfile
import time
from pathlib import Path

from bench.from_git import import_from_git
from plot_core.engine.randomplay import busy_policy, play_random

SEEDS = range(121000, 121010)
BEFORE = "fc35beb"
BATCHES = 5


def positions() -> list:
    states: list = []
    for seed in SEEDS:
        play_random(seed, busy_policy, on_state=states.append)
    return states


def batch_us(features, states) -> float:
    t0 = time.perf_counter()
    for s in states:
        features(s)
    return (time.perf_counter() - t0) / len(states) * 1e6


def main() -> None:
    states = positions()
    kinds = {"now": importlib.import_module("plot_ai.features").features}
    with tempfile.TemporaryDirectory() as folder:
        if import_from_git(BEFORE, "plot_ai", Path(folder), name=f"plot_ai_{BEFORE}") is not None:
            kinds[BEFORE] = importlib.import_module(f"plot_ai_{BEFORE}.features").features
        for f in kinds.values():  # the same answers, and warm caches
            assert all(f(s) == kinds["now"](s) for s in states[::50])
        times: dict[str, list[float]] = {k: [] for k in kinds}
        for _ in range(BATCHES):
            for name, f in kinds.items():
                times[name].append(batch_us(f, states))
    medians = {k: statistics.median(v) for k, v in times.items()}
    seeds = f"{SEEDS[0]}-{SEEDS[-1]}"
    print(f"features per position, {len(states)} positions of seeds {seeds}, medians of {BATCHES}:")
    for name, us in medians.items():
        print(f"  {name:>8}: {us:6.1f} us")
    if BEFORE in medians:
        print(f"  now/{BEFORE}: {medians['now'] / medians[BEFORE]:.2f}x the time")


if __name__ == "__main__":
    main()
