"""`plot serve --store` end to end: real server processes on one PostgreSQL
store, real OpenSSH clients. Two servers on two ports stand for two machines behind a
load balancer; `--workers 2` is the same on one port."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

from plot_core import Player
from serving import Server, eventually, make_keys, needs_ssh, player, table_for_two
from terminal import Terminal

from .test_tables import check_secrets, game, play_both_sides


@pytest.fixture
def keys(tmp_path):
    make_keys(tmp_path, ["alice", "bob"])
    return tmp_path


def sit_again(t: Terminal, side: Player) -> None:
    t.send("\r")
    t.wait_shown(f"You are: {side.title}")


@needs_ssh
@pytest.mark.e2e
def test_players_on_two_servers_play_one_game_and_survive_a_kill_9(keys, url, rules, cluster):
    a = Server(keys, store=url)
    b = Server(keys, store=url)
    terms: list[Terminal] = []
    try:
        alice, bob = table_for_two(a, b, terms)  # the other server lists it too
        # alice sits through the other worker: bob is not told she is away
        eventually(
            lambda: "is away" not in bob.shown() and "(away)" not in bob.shown(),
            "alice shown at the table on the other worker",
        )
        sides = {Player.SS: alice, Player.ABWEHR: bob}
        play_both_sides(sides, a, rules, each=2)  # each sees the other's moves
        check_secrets(sides, None, a, rules)

        # alice's server dies mid-game; nothing she was shown as done is lost, and she
        # sits down again on the other server
        before = game(a, rules)
        a.kill()
        alice.proc.wait(timeout=20)
        assert len(game(b, rules)) == len(before)
        alice = sides[Player.SS] = player(b, "alice")
        terms.append(alice)
        sit_again(alice, Player.SS)
        play_both_sides(sides, b, rules, each=1)
        assert len(game(b, rules)) > len(before)

        # the database restarts; the server reconnects by itself and the game goes on
        cluster.stop()
        cluster.start()
        play_both_sides(sides, b, rules, each=1)
        assert "the store answers again" in "".join(b.output) or "the store is away" not in "".join(b.output)
    finally:
        for t in terms:
            t.close()
        for s in (a, b):
            s.stop()


@needs_ssh
@pytest.mark.slow  # ~20 s; make test keeps the two-server kill -9 test above
def test_two_workers_share_a_port_and_a_killed_one_is_replaced(keys, url, rules):
    server = Server(keys, store=url, workers=2)
    terms: list[Terminal] = []
    try:
        pids = [int(p) for p in re.search(r"pids ([\d, ]+)", "".join(server.output)).group(1).split(", ")]
        assert len(pids) == 2 and all(os.path.exists(f"/proc/{p}") for p in pids)
        alice, bob = table_for_two(server, server, terms)
        sides = {Player.SS: alice, Player.ABWEHR: bob}
        play_both_sides(sides, server, rules, each=1)
        os.kill(pids[0], signal.SIGKILL)
        eventually(
            lambda: (
                "starting another" in "".join(server.output)
                and sum("listening on" in line for line in server.output) == 3
            ),
            "the dead worker is replaced, and the new one listens",
        )
        time.sleep(2)  # its connections are closed by now
        names = {Player.SS: "alice", Player.ABWEHR: "bob"}
        dropped = [side for side, t in sides.items() if t.proc.poll() is not None]
        for side in dropped:  # whoever was on it connects again
            sides[side] = player(server, names[side])
            terms.append(sides[side])
            sit_again(sides[side], side)
        play_both_sides(sides, server, rules, each=1)
    finally:
        for t in terms:
            t.close()
        server.stop()


def test_workers_without_a_store_are_refused():
    r = subprocess.run(
        [sys.executable, "-m", "plot_cli.main", "serve", "--workers", "2", "--password-file", "/dev/null"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and "--workers needs the shared store" in r.stderr


def test_the_web_door_with_workers_is_refused_with_why():
    """Sign-ins live in the process that made them; a browser's next request may reach
    another worker (most visits then failed): refused, and said, until they are shared."""
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "plot_cli.main",
            "serve",
            "--workers",
            "2",
            "--web",
            "8099",
            "--store",
            "postgresql://nobody@127.0.0.1:1/none",
            "--password-file",
            "/dev/null",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and "--web cannot be used with --workers" in r.stderr


@needs_ssh
@pytest.mark.slow
def test_two_ssh_players_on_two_workers_play_a_whole_game(keys, url, rules):
    """A whole game over SSH between two server processes (some minutes: `pytest -m slow`)."""
    from .test_tables import act

    a = Server(keys, store=url)
    b = Server(keys, store=url)
    terms: list[Terminal] = []
    try:
        alice, bob = table_for_two(a, b, terms)
        sides = {Player.SS: alice, Player.ABWEHR: bob}
        server_of = {Player.SS: a, Player.ABWEHR: b}
        for _ in range(5000):
            final = game(a, rules).final
            if final.outcome is not None:
                break
            act(sides[final.to_act], server_of[final.to_act], rules)
        record = a.record("T1", rules)
        assert record.finished
        for t in terms:  # both screens say how it ended
            t.wait_shown("Game over", timeout=30)
    finally:
        for t in terms:
            t.close()
        for s in (a, b):
            s.stop()
