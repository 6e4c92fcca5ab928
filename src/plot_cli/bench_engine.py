"""`make bench`, the engine's part (issue 16): how fast random legal play runs.

Throughput is ``legal_actions`` + a policy's choice + ``apply`` in a loop, whole
games from ``new_game`` to the result, on seeds 70000-70019 (never used to tune
the engine). Each figure is the median over those games. Printed beside:

- ``before``: the engine as it was before the speed work (commit 9cb6cdf), measured
  on this 2-core machine with this same script and kept in engine-baseline.json;
- ``reference``: today's engine with its fast paths switched off
  (``plot_core.engine.fastpath``), the path the differential test compares against.

Then a profile of a few games: the five functions that cost the most per action.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import statistics
import sys
import time
from pathlib import Path

from plot_core.engine import fastpath
from plot_core.engine.api import new_game
from plot_core.engine.randomplay import busy_policy, play_random, uniform_policy
from plot_core.rules import load_rules

SEEDS = range(70000, 70020)
BASELINE = Path(__file__).with_name("engine-baseline.json")
POLICIES = {"uniform": uniform_policy, "busy": busy_policy}


def measure() -> dict[str, float]:
    """Median actions per second for each policy, and new_game's median time in ms."""
    load_rules()
    out: dict[str, float] = {}
    for name, policy in POLICIES.items():
        rates = []
        for seed in SEEDS:
            t0 = time.perf_counter()
            n = play_random(seed, policy)[1]
            rates.append(n / (time.perf_counter() - t0))
        out[f"{name} actions/s"] = statistics.median(rates)
    times = []
    for seed in SEEDS:
        t0 = time.perf_counter()
        new_game(seed)
        times.append(time.perf_counter() - t0)
    out["new_game ms"] = statistics.median(times) * 1000
    return out


def profile(games: int = 5, top: int = 5) -> None:
    """The most expensive functions (own time) per action over a few busy games."""
    prof, actions = cProfile.Profile(), 0
    prof.enable()
    for seed in SEEDS[:games]:
        actions += play_random(seed, busy_policy)[1]
    prof.disable()
    stats = pstats.Stats(prof).stats          # {(file, line, name): (cc, nc, tt, ct, callers)}
    rows = sorted(stats.items(), key=lambda kv: kv[1][2], reverse=True)[:top]
    print(f"where the time goes ({games} busy games, {actions} actions, under cProfile):")
    for (file, line, name), (_cc, calls, own, cum, _callers) in rows:
        where = f"{Path(file).name}:{line} {name}"
        print(f"  {where:<48} {own / actions * 1e6:7.1f} us/action own, "
              f"{cum / actions * 1e6:7.1f} cumulative, {calls / actions:5.1f} calls/action")


def main() -> None:
    before = json.loads(BASELINE.read_text())["figures"] if BASELINE.exists() else {}
    fastpath.set_enabled(False)
    reference = measure()
    fastpath.set_enabled(True)
    fast = measure()
    print(f"{'engine (seeds 70000-70019, medians)':<36} {'before':>10} {'reference':>10} "
          f"{'now':>10} {'now/before':>11}")
    for key, now in fast.items():
        old = before.get(key)
        ratio = ("-" if old is None else
                 f"{old / now:.1f}x" if key.endswith("ms") else f"{now / old:.1f}x")
        print(f"{key:<36} {old or 0:>10,.1f} {reference[key]:>10,.1f} {now:>10,.1f} {ratio:>11}")
    profile()


def record_baseline() -> None:
    """Write engine-baseline.json from this checkout (used once, on the old engine)."""
    BASELINE.write_text(json.dumps({"commit": sys.argv[2], "figures": measure()}, indent=1) + "\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--record-baseline"]:
        record_baseline()
    else:
        main()
