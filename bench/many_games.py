"""`make bench`, a server that keeps many games: a PostgreSQL store filled with GAMES
unfinished games between PLAYERS players, and `plot serve --workers 2` on it.

The store is filled directly (twenty games played a random number of moves, each
copied under new numbers and players), as a server that ran for months would have
left it. Then the bench starts two workers and reports:

- start-up: from starting `plot serve` until both workers listen;
- memory: each worker's resident size once started, and again with SEATED players
  at their tables (each signed in over SSH, each sitting at one of their games that
  no worker had loaded);
- "my games": from the key m in the lobby to the list of one's games on the screen;
- sitting at a table not loaded: from Enter on one's game to its board on the screen;
  and, to compare, a session's first game screen at a table in memory (a new table
  against the computer, from the Enter that makes it), and the same player's table
  again once they have left it (loaded, and a session's second game screen);
- reading a table not loaded, alone: `Hub.table` in this process, on the same store
  (the part of sitting down that the store's size could change).

    python -m bench.many_games [GAMES [PLAYERS [SEATED]]] [--store URL]

Without --store (or PLOT_STORE) a throwaway PostgreSQL cluster is started for it.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import psycopg

from bench.serve import PASSWORD, Client, family, rss_kib

TEMPLATES = 20  # distinct games the store's games are copies of
PLAYED = (0, 200)  # actions played in each, at random between these


def templates(home: Path, seed: int) -> list[tuple[list[str], dict]]:
    """Games played a random number of actions, in files: each record's lines, and
    its listing (with the record's length in lines)."""
    from plot_core import Player, load_rules
    from plot_server.hub import Account, Hub
    from plot_session.session import Seat

    rnd = random.Random(seed)
    hub = Hub(load_rules(), home, later=lambda delay, callback: None, max_tables_per_player=TEMPLATES)
    a, b = Account("password a", "a"), Account("password b", "b")
    out = []
    for _ in range(TEMPLATES):
        table = hub.create(a, rnd.choice(list(Player)), opponent=Seat.HUMAN, seed=rnd.randrange(1 << 30))
        guests = [hub.sit(table.id, a), hub.sit(table.id, b, code=table.code)]
        chairs = {g.chair.side: g.chair for g in guests}
        for _ in range(rnd.randint(*PLAYED)):
            side = table.session.state.to_act
            if side is None or table.over:
                break
            chair = chairs[side]
            chair.act(rnd.choice(chair.legal()))
        if table.over:
            continue
        lines = Path(table.record).read_text(encoding="utf-8").splitlines()
        out.append((lines, table.listing(len(lines)).to_json()))
    return out


def fill(url: str, games: int, players: int, seed: int, home: Path) -> float:
    """The store filled with ``games`` unfinished games; seconds it took."""
    from plot_server.pgstore import prepare, record_name

    t0 = time.perf_counter()
    prepare(url)
    made = templates(home, seed)
    rnd = random.Random(seed + 1)
    now = datetime.now(UTC).isoformat(timespec="seconds")
    with psycopg.connect(url) as conn, conn.cursor() as cur:
        with cur.copy("COPY plot_tables (id, number, meta, version, finished, listing) FROM STDIN") as copy:
            rows = []
            for n in range(1, games + 1):
                lines, listing = made[n % len(made)]
                first, second = rnd.sample(range(players), 2)
                owners = {
                    side: {"key": f"password player{k}", "name": f"player{k}"}
                    for side, k in zip(("ss", "abwehr"), (first, second), strict=True)
                }
                table_id = f"T{n}"
                meta = {
                    "version": 1,
                    "id": table_id,
                    "code": f"C{n:05d}",
                    "record": record_name(table_id),
                    "created": now,
                    "owners": owners,
                }
                listed = dict(listing, id=table_id, owners=owners, created=now)
                copy.write_row((table_id, n, json.dumps(meta), 1, False, json.dumps(listed)))
                rows.append((table_id, lines))
        with cur.copy("COPY plot_lines (table_id, line, text) FROM STDIN") as copy:
            for table_id, lines in rows:
                for k, text in enumerate(lines, 1):
                    copy.write_row((table_id, k, text))
        cur.execute("SELECT setval('plot_table_numbers', %s)", (games,))
    return time.perf_counter() - t0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker_rss(server: subprocess.Popen) -> list[float]:
    """Each worker's resident size, MiB (the parent that starts them is left out)."""
    return [rss_kib(p) / 1024 for p in family(server.pid) if p != server.pid]


def median(xs: list[float]) -> str:
    return f"{statistics.median(xs) * 1000:7.0f} ms (p90 {sorted(xs)[int(0.9 * (len(xs) - 1))] * 1000:.0f})"


async def run(url: str, games: int, players: int, seated: int, d: str) -> None:
    filled = fill(url, games, players, 7, Path(d) / "templates")
    print(f"{'store filled':<44} {filled:10.1f} s   ({games:,} unfinished games, {players} players)")
    port = free_port()
    env = dict(os.environ, PLOT_SERVE_PASSWORD=PASSWORD, XDG_DATA_HOME=d)
    t0 = time.perf_counter()
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "plot_cli.main", "serve", "--port", str(port)),
            *("--host-key", f"{d}/host_key", "--data", f"{d}/home", "--store", url, "--workers", "2"),
            *("--max-connections", str(seated + 5)),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        said = ""
        while said.count("listening on") < 2:
            line = server.stdout.readline()
            if not line:
                raise RuntimeError(f"plot serve did not start: {said}")
            said += line
        started = time.perf_counter() - t0
        print(f"{'start-up, two workers':<44} {started:10.2f} s")
        await asyncio.sleep(2)
        alone = worker_rss(server)
        print(f"{'memory per worker, started':<44} " + ", ".join(f"{m:.1f}" for m in alone) + " MiB")
        clients = [Client(f"player{k}") for k in range(seated)]
        mine, sit, again = [], [], []
        for c in clients:
            await c.connect(port)
            await c.wait_for(b"you are")
        for c in clients:
            await asyncio.sleep(0.2)
            mark, t = len(c.out), time.perf_counter()
            c.write("m")
            await c.wait_for(b"Your games", since=mark)
            mine.append(time.perf_counter() - t)
            await asyncio.sleep(0.3)
            mark, t = len(c.out), time.perf_counter()
            c.write("\r")  # the first of their games: loaded by no worker yet
            await c.wait_for(b"Game-Turn", since=mark)
            sit.append(time.perf_counter() - t)
        for c in clients[: seated // 2]:  # back to the lobby, and to the same table
            await asyncio.sleep(0.3)
            mark = len(c.out)
            c.write("q")
            await c.wait_for(b"Leave the table?", since=mark)
            await asyncio.sleep(0.2)
            mark = len(c.out)
            c.write("y")
            await c.wait_for(b"Your games", since=mark)
            await asyncio.sleep(0.3)
            mark, t = len(c.out), time.perf_counter()
            c.write("\r")
            await c.wait_for(b"Game-Turn", since=mark)
            again.append(time.perf_counter() - t)
        fresh = []
        for k in range(min(seated, 10)):  # (players with no games: their limit is free)
            c = Client(f"newcomer{k}")
            await c.connect(port)
            await c.wait_for(b"you are")
            await asyncio.sleep(0.2)
            c.write("n")
            await c.wait_for(b"A new table")
            for keys in ("\t", "\x1b[B", " "):  # opponent: the computer
                await asyncio.sleep(0.2)
                c.write(keys)
            await asyncio.sleep(0.3)
            mark, t = len(c.out), time.perf_counter()
            c.write("\r")
            await c.wait_for(b"Game-Turn", since=mark)
            fresh.append(time.perf_counter() - t)
            clients.append(c)
        print(f"{'m: the list of my games on the screen':<44} {median(mine)}")
        print(f"{'Enter: a table not loaded, on the screen':<44} {median(sit)}")
        print(f"{'Enter: a new table (its first screen)':<44} {median(fresh)}")
        print(f"{'Enter: the same table again (loaded)':<44} {median(again)}")
        await asyncio.sleep(2)
        full = worker_rss(server)
        print(
            f"{f'memory per worker, {seated} players seated':<44} "
            + ", ".join(f"{m:.1f}" for m in full)
            + " MiB"
        )
        for c in clients:
            await c.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    read_alone(url, seated, d)


def read_alone(url: str, n: int, d: str) -> None:
    """Tables not loaded, read by a hub in this process: their median and p90."""
    from plot_core import load_rules
    from plot_server.hub import Hub

    hub = Hub(load_rules(), Path(d) / "alone", later=lambda delay, callback: None)
    hub.use_store(url, lambda callback: None)
    try:
        t0 = time.perf_counter()
        hub.restore()
        print(f"{'its tables listed by one more hub':<44} {time.perf_counter() - t0:10.2f} s")
        times = []
        for table_id in random.Random(3).sample(sorted(hub.listed), n):
            t0 = time.perf_counter()
            hub.table(table_id)
            times.append(time.perf_counter() - t0)
        print(f"{'Hub.table: a table not loaded, read':<44} {median(times)}")
    finally:
        hub.shared.stop()


def main(games: int = 10_000, players: int = 500, seated: int = 50, store: str = "") -> None:
    from tools import pgcluster

    with tempfile.TemporaryDirectory() as d, pgcluster.store_for(store, "many", "many games") as found:
        if found is not None:
            asyncio.run(run(found[1], games, players, seated, d))


if __name__ == "__main__":
    args = sys.argv[1:]
    store = os.environ.get("PLOT_STORE", "")
    if "--store" in args:
        k = args.index("--store")
        store = args[k + 1]
        del args[k : k + 2]
    main(*(int(a) for a in args), store=store)
