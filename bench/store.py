"""`make bench`, the shared store's part: how long a move made in one server
process takes to reach the game held by another, through PostgreSQL.

Two processes, each a Hub on the same store with its own event loop and threads. In
process A two players take turns (random legal moves, one every 20 ms); process B
notes the moment each move arrives in its copy of the game. Both read the same
monotonic clock, so the difference is the whole way: A's commit, NOTIFY, B's fetch,
and B replaying the move by the rules. What a screen then redraws is the same as for
a move made in its own process (bench_serve's figures).

    python -m bench.store [MOVES] [--store URL]
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

PAUSE = 0.02


async def _watch(url: str, home: str, ready, arrivals) -> None:
    from plot_core import load_rules
    from plot_server.hub import Hub

    loop = asyncio.get_running_loop()
    hub = Hub(load_rules(), Path(home), later=lambda d, cb: loop.call_later(d, cb))
    hub.use_store(url, loop.call_soon_threadsafe)
    hub.restore()
    seen: set[str] = set()

    def follow() -> None:
        for table_id in list(hub.listed):  # made in A: loaded here, as a watcher would
            hub.table(table_id)
        for table in hub.tables.values():
            if table.id not in seen:
                seen.add(table.id)
                table.session.listeners.append(
                    lambda t=table: arrivals.put((t.session.actions, time.monotonic()))
                )

    hub.lobby_listeners.append(follow)
    ready.set()
    while True:
        await asyncio.sleep(3600)


def _b(url: str, home: str, ready, arrivals) -> None:
    asyncio.run(_watch(url, home, ready, arrivals))


async def _play(url: str, home: str, moves: int) -> dict[int, float]:
    from plot_core import Player, load_rules
    from plot_server.hub import Account, Hub
    from plot_session.session import Seat

    loop = asyncio.get_running_loop()
    hub = Hub(load_rules(), Path(home), later=lambda d, cb: loop.call_later(d, cb))
    hub.use_store(url, loop.call_soon_threadsafe)
    hub.restore()
    alice, bob = Account("a", "alice"), Account("b", "bob")
    table = hub.create(alice, Player.SS, opponent=Seat.HUMAN, seed=1)
    chairs = {
        Player.SS: hub.sit(table.id, alice).chair,
        Player.ABWEHR: hub.sit(table.id, bob, code=table.code).chair,
    }
    rnd = random.Random(1)
    made: dict[int, float] = {}
    while len(made) < moves and table.session.state.outcome is None:
        await asyncio.sleep(PAUSE)
        chair = chairs[table.session.state.to_act]
        if not chair.my_move():
            continue  # the last move not yet committed
        chair.act(rnd.choice(chair.legal()))
        made[table.session.actions] = time.monotonic()
    await asyncio.sleep(1)
    hub.shared.stop()
    return made


def run(url: str, moves: int) -> None:
    ctx = mp.get_context("fork")
    ready, arrivals = ctx.Event(), ctx.Queue()
    with tempfile.TemporaryDirectory() as d:
        b = ctx.Process(target=_b, args=(url, f"{d}/b", ready, arrivals), daemon=True)
        b.start()
        ready.wait(30)
        made = asyncio.run(_play(url, f"{d}/a", moves))
        b.terminate()
    got: dict[int, float] = {}
    while not arrivals.empty():
        n, t = arrivals.get()
        got.setdefault(n, t)
    lags = [got[n] - t for n, t in made.items() if n in got]
    q = statistics.quantiles(lags, n=10)
    print(
        f"{'store: a move from worker A to worker B':<44} median "
        f"{statistics.median(lags) * 1000:10.2f} ms   (p90 {q[8] * 1000:.2f}, max "
        f"{max(lags) * 1000:.2f}, {len(lags)} of {len(made)} moves arrived)"
    )


def main() -> None:
    args = sys.argv[1:]
    url = os.environ.get("PLOT_STORE")
    if "--store" in args:
        k = args.index("--store")
        url = args[k + 1]
        del args[k : k + 2]
    moves = int(args[0]) if args else 300
    from tools import pgcluster

    with pgcluster.store_for(url, "bench_store", "store") as found:
        if found is not None:
            run(found[1], moves)


if __name__ == "__main__":
    main()
