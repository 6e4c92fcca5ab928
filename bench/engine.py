"""`make bench`, the engine's part: how fast random legal play runs.

Throughput is ``legal_actions`` + a policy's choice + ``apply`` in a loop, whole
games from ``new_game`` to the result, on seeds 120000-120019 (not the ones
profiled while the engine was tuned, 70000-70099); each figure is the median over
those games. Three engines play the same games in one run, game by game in turn,
so a machine that speeds up or slows down mid-run (this one does, by up to half)
moves them all alike:

- ``before``: the engine before the speed work (commit 9cb6cdf), taken from git
  and loaded beside today's as ``plot_core_before``; without git, the figures
  recorded on this machine in engine-baseline.json are printed instead, and marked;
- ``reference``: today's engine with its fast paths off (plot_core.engine.fastpath),
  the path the differential test compares against;
- ``now``: today's engine.

Then a profile of a few games: the five functions that cost the most per action.
"""

from __future__ import annotations

import cProfile
import importlib
import json
import pstats
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.from_git import import_from_git
from plot_core.engine import fastpath

SEEDS = range(120000, 120020)      # not the seeds profiled while tuning (70000-70099)
BEFORE = "9cb6cdf"
BASELINE = Path(__file__).with_name("engine-baseline.json")


class Engine:
    """One engine's new_game / legal_actions / apply and random policies."""

    def __init__(self, name: str, package: str, fast: bool = True):
        self.name, self.fast = name, fast
        api = importlib.import_module(f"{package}.engine.api")
        play = importlib.import_module(f"{package}.engine.randomplay")
        importlib.import_module(f"{package}.rules").load_rules()
        self.new_game, self.legal, self.apply = api.new_game, api.legal_actions, api.apply
        self.policies = {"uniform": play.uniform_policy, "busy": play.busy_policy}

    def game(self, seed: int, policy: str) -> float:
        """Actions per second over one whole game."""
        fastpath.set_enabled(self.fast)
        choose, rnd = self.policies[policy], random.Random(seed)
        legal, apply = self.legal, self.apply
        t0 = time.perf_counter()
        state, n = self.new_game(seed), 0
        while state.outcome is None:
            state = apply(state, choose(state, legal(state), rnd))
            n += 1
        rate = n / (time.perf_counter() - t0)
        fastpath.set_enabled(True)
        return rate

    def new_game_ms(self, seed: int) -> float:
        fastpath.set_enabled(self.fast)
        t0 = time.perf_counter()
        self.new_game(seed)
        took = (time.perf_counter() - t0) * 1000
        fastpath.set_enabled(True)
        return took


def measure(engines: list[Engine]) -> dict[str, dict[str, float]]:
    """Every engine's medians, each seed played by each engine in turn."""
    figures: dict[str, dict[str, list[float]]] = {e.name: {} for e in engines}
    for key, run in (("uniform actions/s", lambda e, s: e.game(s, "uniform")),
                     ("busy actions/s", lambda e, s: e.game(s, "busy")),
                     ("new_game ms", Engine.new_game_ms)):
        for e in engines:
            run(e, SEEDS[0])                                   # warm-up: caches, imports
        for seed in SEEDS:
            for e in engines:
                figures[e.name].setdefault(key, []).append(run(e, seed))
    return {name: {k: statistics.median(v) for k, v in f.items()} for name, f in figures.items()}


def profile(games: int = 5, top: int = 5) -> None:
    """The most expensive functions (own time) per action over a few busy games."""
    from plot_core.engine.randomplay import busy_policy, play_random

    prof, actions = cProfile.Profile(), 0
    prof.enable()
    for seed in SEEDS[:games]:
        actions += play_random(seed, busy_policy)[1]
    prof.disable()
    stats = pstats.Stats(prof).stats          # {(file, line, name): (cc, nc, tt, ct, callers)}
    rows = sorted(stats.items(), key=lambda kv: kv[1][2], reverse=True)[:top]
    print(f"where the time goes ({games} busy games, {actions} actions, under cProfile, "
          "which slows small functions most):")
    for (file, line, name), (_cc, calls, own, cum, _callers) in rows:
        where = f"{Path(file).name}:{line} {name}"
        print(f"  {where:<44} {own / actions * 1e6:6.1f} us/action own, "
              f"{cum / actions * 1e6:6.1f} with callees, {calls / actions:5.1f} calls/action")


def table(results: dict[str, dict[str, float]], recorded: bool) -> None:
    names = list(results)
    print(f"{f'engine, seeds {SEEDS[0]}-{SEEDS[-1]}, medians':<36}" + "".join(f"{n:>12}" for n in names)
          + f"{'now/before':>12}")
    for key in results["now"]:
        old, now = results["before"][key], results["now"][key]
        ratio = old / now if key.endswith("ms") else now / old
        print(f"{key:<36}" + "".join(f"{results[n][key]:>12,.1f}" for n in names)
              + f"{ratio:>11.1f}x")
    if recorded:
        note = json.loads(BASELINE.read_text())["measured"]
        print(f"('before' is recorded in {BASELINE.name}, {note}: no git history here)")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        before = import_from_git(BEFORE, "plot_core", Path(folder), also=("rules_data",))
        engines = [Engine("reference", "plot_core", fast=False), Engine("now", "plot_core")]
        if before is not None:
            engines.insert(0, Engine("before", "plot_core_before"))
        results = measure(engines)
    recorded = before is None
    if recorded:
        results = {"before": json.loads(BASELINE.read_text())["figures"], **results}
    table(results, recorded)
    profile()


if __name__ == "__main__":
    main()
