"""`make bench`: timings reported as medians over repeated runs.

Grows with the engine (random-game throughput, rendering, seeking); each
benchmark prints its median, spread and the number of runs.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from plot_core.rules import _load, data_dir


def measure(name: str, fn: Callable[[], object], runs: int = 15) -> float:
    fn()  # warm-up
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    med = statistics.median(times)
    q = statistics.quantiles(times, n=4)
    print(f"{name:<40} median {med * 1000:8.2f} ms   "
          f"(IQR {q[0] * 1000:.2f}-{q[2] * 1000:.2f} ms, {runs} runs)")
    return med


def main() -> None:
    root = data_dir().resolve()
    measure("load + validate all rules_data", lambda: _load(root))


if __name__ == "__main__":
    main()
