"""`make bench`, the server part: many SSH sessions at once against one `plot serve`.

A real server process; N clients (asyncssh, each with an 80x24 terminal) sign in by
password, each sets up a table against the computer and sits at it. Then, in rounds,
every client presses an arrow key at a random moment (20 keys within half a second)
and times how long until the redraw for it starts coming back, and until the hex
panel's new line has come (the map's cursor and the hex panel are redrawn).
Memory: the server's resident size before the first client and with all N seated.

    python -m bench.serve [SESSIONS [ROUNDS [ssh|web]]] [--thinkers N]
                                   [--workers N [--store URL]]

``web`` does the same through the web door: each client signs in by the
sign-in form and talks to its session over the page's WebSocket, as a browser does.
``--thinkers N`` first sets up N more tables where the expert plays both
sides, each watched by one more client, so that N searches run the whole time the keys
are timed (their worker processes share the machine's cores with the server).
``--workers N`` runs `plot serve --workers N` on a PostgreSQL store: the one
at ``--store`` (or PLOT_STORE), else a throwaway one started for the bench (``--store
auto`` for one worker on it). Memory is then summed over the workers.
``--server-cpus LIST`` pins the server to those cores (taskset) and the clients to the
others, so that a core's worth of server is measured without the clients in its way.
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
from pathlib import Path

import aiohttp
import asyncssh

PASSWORD = "bench"
ARROWS = ("\x1b[C", "\x1b[D")  # right, left: the cursor always moves


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def quiet(pid: int, limit: float = 30) -> None:
    """Until the server uses under 5% of a core for a whole second."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        pids = family(pid)
        before = sum(map(cpu_seconds, pids))
        await asyncio.sleep(1)
        if sum(map(cpu_seconds, pids)) - before < 0.05 * len(pids):
            return


def report(name: str, times: list[float]) -> None:
    q = statistics.quantiles(times, n=10)
    print(
        f"{name:<44} median {statistics.median(times) * 1000:10.2f} ms   "
        f"(p90 {q[8] * 1000:.2f}, max {max(times) * 1000:.2f}, {len(times)} keys; "
        "goal: median < 150 ms)"
    )


STORE_PIDS: list[int] = []  # the throwaway PostgreSQL's processes, when there is one


def store_cpu() -> float:
    pids = [q for p in STORE_PIDS if Path(f"/proc/{p}").exists() for q in family(p)]
    return sum(cpu_seconds(p) for p in pids if Path(f"/proc/{p}").exists())


def family(pid: int) -> list[int]:
    """``pid`` and its child processes (a server's workers)."""
    kids = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        kids += [int(k) for k in (task / "children").read_text().split()]
    return [pid, *kids]


def rss_kib(pid: int) -> int:
    """The resident memory of ``pid`` and its child processes (its workers, and the
    search pool's fork server when the expert plays)."""
    total = 0
    for p in family(pid):
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


class Client:
    def __init__(self, name: str) -> None:
        self.name = name
        self.out = bytearray()
        self.changed = asyncio.Event()

    async def connect(self, port: int) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=self.name, password=PASSWORD, known_hosts=None, client_keys=None
        )
        self.proc = await self.conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        while data := await self.proc.stdout.read(65536):
            self.out += data
            self.changed.set()

    async def wait_for(self, what: bytes, since: int = 0, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while what not in self.out[since:]:
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: {what!r} never came")
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    def write(self, keys: str) -> None:
        self.proc.stdin.write(keys.encode())

    async def close(self) -> None:
        self.conn.close()

    async def send(self, keys: str) -> None:
        self.write(keys)
        await asyncio.sleep(0.15)

    async def sit_at_a_new_table(self) -> None:
        await self.wait_for(b"you are")
        await self.send("n")
        await self.wait_for(b"A new table")
        for keys in ("\t", "\x1b[B", " ", "\r"):  # opponent: the computer
            await self.send(keys)
        await self.wait_for(b"Game-Turn")

    async def watch_the_expert_play_itself(self) -> None:
        await self.wait_for(b"you are")
        await self.send("n")
        await self.wait_for(b"A new table")
        # opponent: nobody (the computer plays both sides); level: expert
        for keys in ("\t", "\x1b[B", "\x1b[B", " ", "\t", "\x1b[B", "\x1b[B", " ", "\r"):
            await self.send(keys)
        await self.wait_for(b"Watching table")

    async def echo(self) -> tuple[float, float]:
        """Seconds from an arrow key to the first bytes of the redraw, and to the hex
        panel's new line."""
        mark = len(self.out)
        t0 = time.perf_counter()
        self.write(random.choice(ARROWS))
        await self.wait_for(b"\x1b[", since=mark, timeout=10)
        t1 = time.perf_counter()
        await self.wait_for(b"Hex ", since=mark, timeout=10)
        return t1 - t0, time.perf_counter() - t0


class WebClient(Client):
    """The same player in a browser: signed in by the form, keys over the WebSocket."""

    async def connect(self, port: int) -> None:
        url = f"http://127.0.0.1:{port}"
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        await self.http.post(f"{url}/signin", data={"name": self.name, "password": PASSWORD})
        self.ws = await self.http.ws_connect(f"{url}/ws?width=80&height=24", headers={"Origin": url})
        self.sent: list[asyncio.Task] = []
        asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        async for message in self.ws:
            if message.type is aiohttp.WSMsgType.BINARY:
                self.out += message.data
                self.changed.set()

    def write(self, keys: str) -> None:
        self.sent.append(
            asyncio.get_running_loop().create_task(self.ws.send_str(json.dumps(["stdin", keys])))
        )

    async def close(self) -> None:
        await self.ws.close()
        await self.http.close()


async def run(
    sessions: int,
    rounds: int,
    door: str = "ssh",
    thinkers: int = 0,
    workers: int = 1,
    store: str | None = None,
    cpus: str = "",
) -> None:
    with tempfile.TemporaryDirectory() as d:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            web_port = s.getsockname()[1]
        env = dict(os.environ, PLOT_SERVE_PASSWORD=PASSWORD, XDG_DATA_HOME=d)
        pin = ["taskset", "-c", cpus] if cpus else []
        if cpus:  # the clients (this process) on the other cores
            mine = set(range(os.cpu_count() or 1)) - {int(c) for c in cpus.split(",")}
            os.sched_setaffinity(0, mine or {0})
        server = subprocess.Popen(
            [
                *pin,
                sys.executable,
                "-m",
                "plot_cli.main",
                "serve",
                "--port",
                str(port),
                "--host-key",
                f"{d}/host_key",
                "--data",
                f"{d}/home",
                "--max-connections",
                str(sessions + thinkers + 5),
                "--web",
                str(web_port),
                *(["--store", store, "--workers", str(workers)] if store else []),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        try:
            said = ""
            while said.count("listening on") < workers or said.count("web door") < workers:
                line = server.stdout.readline()
                if not line:
                    raise RuntimeError(f"plot serve did not start: {said}")
                said += line
            await asyncio.sleep(1)
            base = rss_kib(server.pid)
            kind = WebClient if door == "web" else Client
            watchers = [Client(f"watcher{i}") for i in range(thinkers)]
            for w in watchers:
                await w.connect(port)
                await w.watch_the_expert_play_itself()
            clients = [kind(f"player{i}") for i in range(sessions)]
            for c in clients:
                await c.connect(web_port if door == "web" else port)
            await asyncio.gather(*(c.sit_at_a_new_table() for c in clients))
            if not thinkers:
                await quiet(server.pid)  # the computers' opening moves done
            else:
                await asyncio.sleep(10)  # (the experts never go quiet)
            seated = rss_kib(server.pid)
            times: list[float] = []
            panel: list[float] = []
            rnd = random.Random(1)

            async def press(c: Client) -> None:
                await asyncio.sleep(rnd.random() * 0.5)
                first, whole = await c.echo()
                times.append(first)
                panel.append(whole)

            # the CPU the server's processes use while the keys are timed: what one
            # core holds, whatever the number of cores (workers share nothing but the
            # store, whose own CPU is counted apart)
            servers = family(server.pid)
            cpu0, pg0, t0 = sum(map(cpu_seconds, servers)), store_cpu(), time.monotonic()
            for _ in range(rounds):
                await asyncio.gather(*(press(c) for c in clients))
                await asyncio.sleep(0.3)
            span = time.monotonic() - t0
            cores = (sum(map(cpu_seconds, servers)) - cpu0) / span
            pg_cores = (store_cpu() - pg0) / span
            busy = f", {thinkers} experts thinking" if thinkers else ""
            busy += f", {workers} workers" if workers > 1 else ""
            report(f"{door}: key to first redraw, {sessions} sessions{busy}", times)
            report(f"{door}: key to the hex panel's new line", panel)
            print(
                f"{door + ': server CPU while keys are timed':<44} {cores:10.2f} cores   "
                f"({sessions / max(cores, 0.01):.0f} sessions per busy core"
                + (f"; PostgreSQL {pg_cores:.2f} cores)" if store else ")")
            )
            print(
                f"{door + ': server memory per seated session':<44} "
                f"{(seated - base) / sessions / 1024:10.2f} MiB   (server alone "
                f"{base / 1024:.1f} MiB, with {sessions} sessions {seated / 1024:.1f} MiB)"
            )
            for c in clients + watchers:
                await c.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


def main(
    sessions: int = 20,
    rounds: int = 10,
    door: str = "ssh",
    thinkers: int = 0,
    workers: int = 1,
    store: str | None = None,
    cpus: str = "",
) -> None:
    if workers == 1 and store is None:
        asyncio.run(run(sessions, rounds, door, thinkers, cpus=cpus))
        return
    from tools import pgcluster

    given = None if store == "auto" else store
    with pgcluster.store_for(given, "bench", f"{door}: --workers {workers}") as found:
        if found is None:
            return
        cluster, url = found
        if cluster is not None:  # (its CPU is counted apart from the server's)
            STORE_PIDS.append(int((cluster.data / "postmaster.pid").read_text().split()[0]))
        asyncio.run(run(sessions, rounds, door, thinkers, workers, url, cpus))


if __name__ == "__main__":
    args = sys.argv[1:]
    flags: dict[str, str] = {
        "--thinkers": "0",
        "--workers": "1",
        "--server-cpus": "",
        "--store": os.environ.get("PLOT_STORE", ""),
    }
    for flag in list(flags):
        if flag in args:
            k = args.index(flag)
            flags[flag] = args[k + 1]
            del args[k : k + 2]
    door = args.pop() if args and args[-1] in ("ssh", "web") else "ssh"
    main(
        *(int(a) for a in args),
        door=door,
        thinkers=int(flags["--thinkers"]),
        workers=int(flags["--workers"]),
        store=flags["--store"] or None,
        cpus=flags["--server-cpus"],
    )
