"""An SSH fuzz test: while an honest pair plays a game at one table, several
real SSH sessions send random bytes, escape sequences, paste bursts, resizes from 1x1
to 65535x65535, palette commands and sign-ins under hostile names. Afterwards the
server still answers, stayed within its memory bound, wrote nothing outside --data and
no traceback; the honest game is whole and saved, and neither honest screen ever held
the other side's chits. `make test` fuzzes for PLOT_FUZZ_SECONDS (5); `make bench`
runs the long one (PLOT_FUZZ_LONG, 120)."""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time

import asyncssh
import pytest

from plot_core import Player
from serving import Server, TerminalScreen, join_with_code, make_keys, move_on, needs_ssh, player

from .test_hostile import HOSTILE
from .test_tables import check_secrets, game


def honest_move(terms, server, rules) -> None:
    """Whoever is to act moves the game on, as a player would, on what the screen shows
    (the server is busy with the fuzzers: it only takes longer)."""
    side = game(server, rules).final.to_act
    move_on(server, "T1", TerminalScreen(terms[side]), rules, timeout=120)


MEMORY_BOUND_MIB = 700  # the server's resident size, whatever the fuzzers do
OPTIONS = dict(known_hosts=None, client_keys=None, password="swordfish")

ESCAPES = [
    b"\x1b[A",
    b"\x1b[B",
    b"\x1b[1;5C",
    b"\x1b[<0;10;10M",
    b"\x1b[<0;10;10m",
    b"\x1b[M !!",
    b"\x1b[200~" + b"x" * 5000 + b"\x1b[201~",
    b"\x1b]0;title\x07",
    b"\x1b[?1049h",
    b"\x1bP+q\x1b\\",
    b"\x1b[99999999999;1H",
    b"\x1b",
    b"\x1b\x1b\x1b",
    b"\x9b2J",
    b"\x00\x01\x02\x03",
    b"\x7f" * 50,
    "ä€𝄞".encode(),
    b"\xff\xfe\xc3",
]
PALETTE = [
    b"\x10screenshot\r",
    b"\x10theme\r",
    b"\x10quit\r",
    b"\x10keys\r",
    b"\x10\x1b",
    b"?\x1b\x10abc\x1b",
    b"\x11",
    b"\x1a",
    b"\x03",
]


async def fuzzer(port: int, k: int, until: float, stats: dict) -> None:
    rnd = random.Random(f"fuzz/{k}")
    while time.monotonic() < until:
        name = rnd.choice([f"fuzz{k}", f"fuzz{k}", rnd.choice(HOSTILE)])
        try:
            async with asyncssh.connect("127.0.0.1", port, username=name, **OPTIONS) as conn:
                proc = await conn.create_process(
                    term_type="xterm",
                    encoding=None,
                    term_size=(
                        rnd.choice([1, 80, 500, 30000, 65535]),
                        rnd.choice([1, 24, 200, 30000, 65535]),
                    ),
                )
                stats["sessions"] += 1
                while time.monotonic() < until and not proc.stdout.at_eof():
                    what = rnd.random()
                    if what < 0.3:
                        proc.stdin.write(os.urandom(rnd.randint(1, 64)))
                    elif what < 0.55:
                        proc.stdin.write(rnd.choice(ESCAPES))
                    elif what < 0.7:
                        proc.stdin.write(rnd.choice(PALETTE))
                    elif what < 0.85:
                        proc.change_terminal_size(rnd.randint(1, 65535), rnd.randint(1, 65535))
                    else:
                        proc.stdin.write(
                            rnd.choice([b"n", b"j", b"w", b"\r", b"ABC123\r", b"\t", b" ", b"q", b"y"])
                        )
                    stats["sends"] += 1
                    try:
                        await asyncio.wait_for(proc.stdout.read(1 << 16), 0.02)
                    except TimeoutError:
                        pass
        except (asyncssh.Error, OSError, ValueError):  # ValueError: asyncssh refuses ESC
            stats["refused"] += 1  # a hostile name, a closed session: go again
            await asyncio.sleep(0.05)


def run_fuzzers(port: int, seconds: float, n: int, stats: dict) -> threading.Thread:
    until = time.monotonic() + seconds

    async def all_of_them():
        await asyncio.gather(*(fuzzer(port, k, until, stats) for k in range(n)))

    thread = threading.Thread(target=asyncio.run, args=(all_of_them(),), daemon=True)
    thread.start()
    return thread


def fuzz(tmp_path, rules, seconds: float, fuzzers: int) -> None:
    make_keys(tmp_path, ["alice", "bob", "carol"])
    server = Server(tmp_path)
    terms = {}
    try:
        alice = player(server, "alice")
        alice.send("n")
        alice.wait_shown("A new table")
        alice.send("\r")
        alice.wait_shown("Waiting for an opponent")
        code = server.table("T1")["code"]
        bob = player(server, "bob")
        join_with_code(bob, code)
        bob.wait_shown("Game-Turn")  # the board, not the lobby's list
        terms = {Player.SS: alice, Player.ABWEHR: bob}
        stats = {"sessions": 0, "sends": 0, "refused": 0}
        thread = run_fuzzers(server.port, seconds, fuzzers, stats)
        played = 0
        highest = 0.0
        # (at least two honest actions: the second may come just after the fuzzers stop)
        while (thread.is_alive() or played < 2) and game(server, rules).final.outcome is None:
            honest_move(terms, server, rules)
            played = len(game(server, rules))
            highest = max(highest, server.rss_mib())
        thread.join()
        assert stats["sessions"] >= fuzzers and stats["sends"] > 100, stats
        # the honest game: every action the pair made is in the record, which replays
        assert played >= 2 and len(game(server, rules)) == played
        if game(server, rules).final.outcome is None:  # (after the end both hands show)
            check_secrets(terms, None, server, rules)
        # the server answers, within its bound, wrote nowhere else, said no traceback
        carol = player(server, "carol")
        carol.close()
        highest = max(highest, server.rss_mib())
        assert highest < MEMORY_BOUND_MIB, f"{highest:.0f} MiB"
        assert not list((tmp_path / "cwd").iterdir()), list((tmp_path / "cwd").iterdir())
        assert not list((tmp_path / "userhome").rglob("*"))
        output = "".join(server.output)
        assert "Traceback" not in output and "failed:" not in output, output[-3000:]
    finally:
        for t in terms.values():
            t.close()
        server.stop()


@needs_ssh
def test_ssh_fuzz_while_an_honest_pair_plays(tmp_path, rules):
    fuzz(tmp_path, rules, float(os.environ.get("PLOT_FUZZ_SECONDS", "5")), fuzzers=4)


@needs_ssh
@pytest.mark.slow
def test_ssh_fuzz_long(tmp_path, rules):
    fuzz(tmp_path, rules, float(os.environ.get("PLOT_FUZZ_LONG", "120")), fuzzers=8)
