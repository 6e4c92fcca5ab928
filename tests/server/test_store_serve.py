"""`plot serve --store` end to end: real server processes on one PostgreSQL
store, real OpenSSH clients. Two servers on two ports stand for two machines behind a
load balancer; `--workers 2` is the same on one port."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
from yarl import URL

from plot_core import Player
from serving import (
    Server,
    TerminalScreen,
    eventually,
    free_port,
    join_with_code,
    make_keys,
    move_on,
    needs_ssh,
    player,
    table_for_two,
)
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


class TabScreen:
    """A browser tab (test_web.Tab, on its own loop in another thread) as serving.move_on
    drives a door: its screen read, its keys sent and waited for."""

    def __init__(self, tab, loop: asyncio.AbstractEventLoop) -> None:
        self.tab, self.loop = tab, loop

    def screen(self) -> str:
        return self.tab.shown()

    def press(self, key: str) -> None:
        asyncio.run_coroutine_threadsafe(self.tab.keys(key), self.loop).result(timeout=10)


@needs_ssh
@pytest.mark.e2e
def test_a_browser_signed_in_through_one_worker_plays_through_another(keys, url, rules):
    """Two servers on one store stand for two workers (or machines) behind a load
    balancer that keeps no sessions: carol signs in through one, her page's WebSocket
    reaches the other, she makes a table there and plays; alice, over SSH on the first,
    joins and answers her moves."""
    from .test_web import Tab, open_tab, session, sign_in

    web_a, web_b = free_port(), free_port()
    a = Server(keys, "--web", str(web_a), store=url)
    b = Server(keys, "--web", str(web_b), store=url)
    a.web, b.web = f"http://127.0.0.1:{web_a}", f"http://127.0.0.1:{web_b}"
    terms: list[Terminal] = []
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()

    def on_loop(coroutine, timeout: float = 60):
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout=timeout)

    async def carol_sits_on_b():
        http = session()
        signed = await sign_in(http, a.web, "carol")  # the sign-in: the first worker
        assert signed.status == 303
        tab = Tab(await open_tab(http, b.web))  # the page's socket: the other
        await tab.wait_shown("you are carol")
        await tab.keys("n")
        await tab.wait_shown("A new table")
        await tab.keys("\r")  # the SS, against another player
        await tab.wait_shown("Waiting for an opponent")
        return http, tab

    try:
        http, tab = on_loop(carol_sits_on_b())
        assert b.table("T1")["owners"]["ss"]["key"] == "password carol"
        alice = player(a, "alice")
        terms.append(alice)
        alice.wait_shown("T1")
        join_with_code(alice, a.table("T1")["code"])
        alice.wait_shown("You are: Abwehr")
        on_loop(tab.wait_shown("You are: SS"))
        # each acts on what the other's move left on their own screen
        doors = {Player.SS: TabScreen(tab, loop), Player.ABWEHR: TerminalScreen(alice)}
        done = {Player.SS: 0, Player.ABWEHR: 0}
        while min(done.values()) < 1:
            assert sum(done.values()) < 30, done
            side = game(a, rules).final.to_act
            move_on(a, "T1", doors[side], rules)
            done[side] += 1
        # a sign-out through either worker ends the sign-in on both
        on_loop(tab.ws.close())
        cookie = http.cookie_jar.filter_cookies(URL(a.web))["plot_session"].value
        gone = on_loop(http.post(f"{b.web}/signout", allow_redirects=False))
        assert gone.status == 303
        on_loop(http.close())

        async def page_with_the_old_cookie() -> str:
            async with session() as fresh:
                got = await fresh.get(f"{a.web}/", headers={"Cookie": f"plot_session={cookie}"})
                return await got.text()

        assert 'name="password"' in on_loop(page_with_the_old_cookie())  # asked to sign in
    finally:
        loop.call_soon_threadsafe(loop.stop)
        for t in terms:
            t.close()
        for s in (a, b):
            s.stop()


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
