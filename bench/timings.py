"""`make bench`: timings reported as medians over repeated runs, with their spread.

- loading and validating rules_data (random legal play: see bench_engine.py)
- game records: loading a long record, and seeking to any of its positions
- the terminal client: a frame of the map, a key press; a jump in the replay viewer
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from plot_core.engine.api import apply, legal_actions
from plot_core.engine.randomplay import busy_policy
from plot_core.rules import _load, rules_data_dir


def measure(name: str, fn: Callable[[], object], runs: int = 15) -> list[float]:
    fn()  # warm-up
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    report(name, times, "ms", 1000)
    return times


def report(name: str, values: list[float], unit: str, scale: float) -> None:
    med = statistics.median(values) * scale
    q = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    print(
        f"{name:<44} median {med:10.2f} {unit}   "
        f"(IQR {q[0] * scale:.2f}-{q[2] * scale:.2f}, {len(values)} runs)"
    )


def main() -> None:
    root = rules_data_dir().resolve()
    measure("load + validate all rules_data", lambda: _load(root))
    # Random legal play (throughput, new_game) is bench_engine's, beside the old engine.


def client() -> None:
    """The terminal client, headless: one full frame of the visible map, and a key press
    from the key to a redrawn screen."""
    import asyncio

    asyncio.run(_client())


async def _client() -> None:
    from plot_core import Player, new_game
    from plot_core.engine.randomplay import busy_policy
    from plot_session.session import Seat, Session
    from plot_tui.app import PlotApp
    from plot_tui.mapview import MapView

    state = new_game(5)
    rnd = random.Random(5)
    while state.phase.value != "movement" or state.active is not None or state.pending:
        state = apply(state, busy_policy(state, legal_actions(state), rnd))
    seats = {p: Seat.HUMAN for p in Player}
    for size in ((80, 24), (160, 50)):
        app = PlotApp(session=Session(state, seats))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            mapview = screen.query_one(MapView)
            height = mapview.scrollable_content_region.height

            def frame(mapview=mapview, height=height):
                for y in range(height):
                    mapview.render_line(y)

            measure(f"render the visible map, {size[0]}x{size[1]} ({height} lines)", frame, runs=50)
            handler, settled = [], []
            for _ in range(20):
                unit = next(a for a in screen.session.legal() if a.verb.value == "activate")
                t0 = time.perf_counter()
                screen.do(unit)  # activate: engine, overlays, panels
                t1 = time.perf_counter()
                await pilot.pause()  # Textual lays out and paints
                handler.append(t1 - t0)
                settled.append(time.perf_counter() - t0)
                screen.action_undo()
                await pilot.pause()
            report(f"key handler (engine + redraw), {size[0]}x{size[1]}", handler, "ms", 1000)
            report(f"  ... until Textual is idle again, {size[0]}x{size[1]}", settled, "ms", 1000)


def long_record(folder):
    """A recorded game of over 3,000 actions: busy random play, the first such seed."""
    from plot_core import Player, load_rules, new_game
    from plot_record import Header, Recorder, load_record

    rules = load_rules()
    for seed in range(100):
        path = folder / f"long-{seed}.plot.jsonl"
        header = Header(
            rules_hash=rules.version,
            seed=seed,
            start={"setup": "standard"},
            players={p.value: "computer" for p in Player},
        )
        recorder, rnd = Recorder(path, header), random.Random(seed)
        state, n = new_game(seed, rules=rules), 0
        while state.outcome is None:
            action = busy_policy(state, legal_actions(state), rnd)
            side, state, n = state.to_act, apply(state, action), n + 1
            recorder.action(n, side, action)
        recorder.close()
        if n >= 3000:
            return path, rules, load_record
    raise RuntimeError("no busy game of 3,000 actions in seeds 0-99")


def records() -> None:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path, rules, load_record = long_record(Path(folder))
        record = load_record(path, rules)
        n = len(record.timeline)
        print(f"{'actions in the long record':<44} median {n:10d}")
        measure(f"load + check a {n}-action record", lambda: load_record(path, rules), runs=5)
        tl = record.timeline
        rnd = random.Random(1)
        seeks = []
        for i in [rnd.randrange(n + 1) for _ in range(300)]:
            t0 = time.perf_counter()
            tl.state_at(i)
            seeks.append(time.perf_counter() - t0)
        report("seek to a random position (random order)", seeks, "ms", 1000)
        print(f"{'  ... slowest of those seeks':<44} max    {max(seeks) * 1000:10.2f} ms")
        steps = []
        for i in range(n // 2, n // 2 + 200):
            t0 = time.perf_counter()
            tl.state_at(i)
            steps.append(time.perf_counter() - t0)
        report("step one action forward", steps, "ms", 1000)


def replay_client() -> None:
    import asyncio

    asyncio.run(_replay_client())


async def _replay_client() -> None:
    import tempfile
    from pathlib import Path

    from plot_session.replay import Replay
    from plot_tui.app import PlotApp

    with tempfile.TemporaryDirectory() as folder:
        path, rules, load_record = long_record(Path(folder))
        record = load_record(path, rules)
        n = len(record.timeline)
        app = PlotApp(rules, replay=Replay(record))
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            screen = app.screen
            rnd = random.Random(2)
            handler, settled = [], []
            for i in [rnd.randrange(n + 1) for _ in range(30)]:
                t0 = time.perf_counter()
                screen.replay.go(i)  # what a jump key does, then draw
                screen.redraw()
                t1 = time.perf_counter()
                await pilot.pause()
                handler.append(t1 - t0)
                settled.append(time.perf_counter() - t0)
            report("replay: jump anywhere + redraw, 160x50", handler, "ms", 1000)
            report("  ... until Textual is idle again", settled, "ms", 1000)


if __name__ == "__main__":
    main()
    records()
    client()
    replay_client()
