"""`make bench`, the engine's part: how fast random legal play runs.

Throughput is ``legal_actions`` + a policy's choice + ``apply`` in a loop, whole
games from ``new_game`` to the result, on seeds 120000-120019 (not the ones
profiled while the engine was tuned, 70000-70099); each figure is the median over
those games, after one warm-up game. The engines play the same games in one run,
game by game in turn, so a machine that speeds up or slows down mid-run (this one
does, by up to half) moves them all alike:

- ``7800699``: the engine before its speed work, taken from git and loaded beside
  today's (today's must stay at least 5x as fast);
- ``d9ca47c``: the engine just before it became one path (no switch between a fast
  and a reference way of saying a rule; today's must stay within 10 % of it);
- ``5a7ac5a``: the engine just before each rule of a step became one entry of a table
  (movement.STEP_RULES) that the walk and the refusals both read (today's must stay
  within 5 % of it);
- ``now``: today's engine.

Without git history only today's engine is measured. Then a profile of a few games:
the five functions that cost the most per action.
"""

from __future__ import annotations

import cProfile
import importlib
import pstats
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.from_git import import_from_git

SEEDS = range(120000, 120020)  # not the seeds profiled while tuning (70000-70099)
# before the speed work; before the one-path work; before the step rules' table
EARLIER = ("7800699", "d9ca47c", "5a7ac5a")


class Engine:
    """One engine's new_game / legal_actions / apply and random policies."""

    def __init__(self, name: str, package: str):
        self.name = name
        api = importlib.import_module(f"{package}.engine.api")
        play = importlib.import_module(f"{package}.engine.randomplay")
        importlib.import_module(f"{package}.rules").load_rules()
        self.new_game, self.legal, self.apply = api.new_game, api.legal_actions, api.apply
        self.policies = {"uniform": play.uniform_policy, "busy": play.busy_policy}

    def game(self, seed: int, policy: str) -> float:
        """Actions per second over one whole game."""
        choose, rnd = self.policies[policy], random.Random(seed)
        legal, apply = self.legal, self.apply
        t0 = time.perf_counter()
        state, n = self.new_game(seed), 0
        while state.outcome is None:
            state = apply(state, choose(state, legal(state), rnd))
            n += 1
        return n / (time.perf_counter() - t0)

    def new_game_ms(self, seed: int) -> float:
        t0 = time.perf_counter()
        self.new_game(seed)
        return (time.perf_counter() - t0) * 1000


def measure(engines: list[Engine]) -> dict[str, dict[str, float]]:
    """Every engine's medians, each seed played by each engine in turn."""
    figures: dict[str, dict[str, list[float]]] = {e.name: {} for e in engines}
    for key, run in (
        ("uniform actions/s", lambda e, s: e.game(s, "uniform")),
        ("busy actions/s", lambda e, s: e.game(s, "busy")),
        ("new_game ms", Engine.new_game_ms),
    ):
        for e in engines:
            run(e, SEEDS[0])  # warm-up: caches, imports
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
    stats = pstats.Stats(prof).stats  # {(file, line, name): (cc, nc, tt, ct, callers)}
    rows = sorted(stats.items(), key=lambda kv: kv[1][2], reverse=True)[:top]
    print(
        f"where the time goes ({games} busy games, {actions} actions, under cProfile, "
        "which slows small functions most):"
    )
    for (file, line, name), (_cc, calls, own, cum, _callers) in rows:
        where = f"{Path(file).name}:{line} {name}"
        print(
            f"  {where:<44} {own / actions * 1e6:6.1f} us/action own, "
            f"{cum / actions * 1e6:6.1f} with callees, {calls / actions:5.1f} calls/action"
        )


def table(results: dict[str, dict[str, float]]) -> None:
    names = list(results)
    earlier = [n for n in names if n != "now"]
    print(
        f"{f'engine, seeds {SEEDS[0]}-{SEEDS[-1]}, medians':<36}"
        + "".join(f"{n:>12}" for n in names)
        + "".join(f"{'now/' + n:>16}" for n in earlier)
    )
    for key in results["now"]:
        now = results["now"][key]
        ratios = [(results[n][key] / now if key.endswith("ms") else now / results[n][key]) for n in earlier]
        print(
            f"{key:<36}"
            + "".join(f"{results[n][key]:>12,.1f}" for n in names)
            + "".join(f"{r:>15.2f}x" for r in ratios)
        )
    if not earlier:
        print("(no git history here: today's engine only)")


def main() -> None:
    engines = []
    with tempfile.TemporaryDirectory() as folder:
        for commit in EARLIER:
            package = f"plot_core_{commit}"
            where = Path(folder) / commit
            where.mkdir()
            if import_from_git(commit, "plot_core", where, also=("rules_data",), name=package) is not None:
                engines.append(Engine(commit, package))
        engines.append(Engine("now", "plot_core"))
        results = measure(engines)
    table(results)
    profile()


if __name__ == "__main__":
    main()
