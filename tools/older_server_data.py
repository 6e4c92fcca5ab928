"""Make a server's data folder, and a store, as an older plot left them: games in
progress (one between two players, one against the computer) and one finished, for
the upgrade tests (tests/served/test_upgrade.py) to read with today's.

Run it with the older version's code, not this one's:

    git worktree add /tmp/plot-older 7e2a47f
    cd /tmp/plot-older && PYTHONPATH=src /work/main/.venv/bin/python \
        /work/main/tools/older_server_data.py /work/main/tests/data/older-server

It writes DIR/data (the files-based server's data folder) and DIR/store.sql (a
plain pg_dump of a store the same version filled), using only calls that version
has; a throwaway PostgreSQL (tools/pgcluster.py of this repository) holds the store
meanwhile.
"""

from __future__ import annotations

import importlib
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

from plot_core import Player, load_rules
from plot_server.hub import Account, Hub

# where the older version keeps Seat (plot_session.session today): this runs with its code
Seat = importlib.import_module("plot_tui.session").Seat

HERE = Path(__file__).resolve().parent
ALICE = Account("password alice", "alice")
BOB = Account("SHA256:bobs-key", "bob")


def play(guest, rnd: random.Random, actions: int) -> None:
    for _ in range(actions):
        chair = guest.chair
        if not chair.my_move() or not chair.legal():
            return
        chair.act(rnd.choice(chair.legal()))


def fill(hub: Hub, settle) -> None:
    """Two players' game some moves in, a game against the computer, and a finished
    game."""
    rnd = random.Random(7)
    duel = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=11)
    ss = hub.sit(duel.id, ALICE)
    ab = hub.sit(duel.id, BOB, code=duel.code)
    for _ in range(6):
        for guest in (ab, ss):
            play(guest, rnd, 12)
            settle()
    hub.leave(ss)
    hub.leave(ab)
    solo = hub.create(BOB, Player.ABWEHR, opponent=Seat.COMPUTER, seed=12)
    play(hub.sit(solo.id, BOB), rnd, 5)
    settle()
    done = hub.create(ALICE, Player.ABWEHR, opponent=Seat.HUMAN, seed=13)
    a = hub.sit(done.id, ALICE)
    b = hub.sit(done.id, BOB, code=done.code)
    for _ in range(4000):
        if done.session.state.outcome is not None:
            break
        play(a, rnd, 50)
        play(b, rnd, 50)
        settle()
    settle()


def main(out: Path) -> None:
    rules = load_rules()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    jobs: list = []  # what a hub puts off (the computer's moves), run when settling

    def run_jobs() -> None:
        while jobs:
            jobs.pop(0)()

    hub = Hub(rules, out / "data", later=lambda delay, f: jobs.append(f))
    hub.restore()
    fill(hub, run_jobs)

    sys.path.insert(0, str(HERE.parent))
    from tools import pgcluster

    cluster = pgcluster.Cluster()
    try:
        url = cluster.new_database("older")
        waiting: list = []
        stored = Hub(rules, out / "store-process", later=lambda delay, f: jobs.append(f))
        stored.use_store(url, waiting.append)

        def settle() -> None:
            end = time.monotonic() + 5
            while time.monotonic() < end:
                run_jobs()
                while waiting:
                    waiting.pop(0)()
                if not any(t.session.unsaved for t in stored.tables.values()):
                    return
                time.sleep(0.01)

        stored.restore()
        fill(stored, settle)
        settle()
        stored.shared.stop()
        dump = pgcluster.find("pg_dump")
        subprocess.run([dump, "--no-owner", "--no-privileges", "-f", str(out / "store.sql"), url], check=True)
        shutil.rmtree(out / "store-process", ignore_errors=True)
    finally:
        cluster.remove()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
