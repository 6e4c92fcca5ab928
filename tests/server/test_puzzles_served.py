"""Puzzles through a real server's doors: OpenSSH on the full screen and in plain text,
and a browser's page. The puzzle set is the installed one; the first a new player gets
is the untried one nearest a new rating, solved by its best plan."""

from __future__ import annotations

import asyncio

from plot_core import load_rules
from plot_core.puzzles import load_puzzles
from plot_session.puzzle_play import PuzzleRecord, next_puzzle
from serving import Server, make_keys, player, ssh_args
from terminal import Terminal

from .test_web import Tab, open_tab, session, sign_in

RULES = load_rules()


def first_puzzle():
    found = next_puzzle(load_puzzles(RULES), PuzzleRecord())
    assert found is not None
    return found


def test_over_ssh_a_puzzle_is_opened_from_the_lobby_and_left_back_to_it(tmp_path):
    make_keys(tmp_path, ["alice"])
    server = Server(tmp_path)
    try:
        t = player(server, "alice")
        t.send("p")
        t.wait_shown(f"Puzzle {first_puzzle().key}")
        t.send("\r")
        t.wait_shown("Puzzle: find the best plan")
        t.send("q")
        t.wait_shown("you are alice")  # the lobby again, still signed in
        t.close()
    finally:
        server.stop()


def test_in_plain_text_over_ssh_a_puzzle_is_solved_by_its_words(tmp_path):
    make_keys(tmp_path, ["alice"])
    server = Server(tmp_path)
    puzzle = first_puzzle()
    try:
        t = Terminal(ssh_args(server.port, server.d / "alice", "-tt", "plain+alice@127.0.0.1"))
        t.wait_for("You are alice")
        t.send("puzzles\r")
        t.wait_for(f"Puzzle {puzzle.key}")
        for action in puzzle.best.actions:
            t.send(f"{action}\r")
        t.wait_for("Right: that is the best plan.")
        t.wait_for("Your puzzle rating: ")
        t.send("leave\r")
        t.wait_for("Back in the lobby.")
        t.close()
    finally:
        server.stop()


def test_in_the_browser_a_puzzle_is_opened_from_the_lobby_and_left_back_to_it(tmp_path):
    from serving import free_port

    make_keys(tmp_path, ["alice"])
    web = free_port()
    server = Server(tmp_path, "--web", str(web))
    url = f"http://127.0.0.1:{web}"

    async def go():
        async with session() as http:
            await sign_in(http, url, "carol")
            tab = Tab(await open_tab(http, url, size=(80, 24)), cols=80, rows=24)
            await tab.wait_shown("you are carol")
            await tab.keys("p")
            await tab.wait_shown(f"Puzzle {first_puzzle().key}")
            await tab.keys("\r")
            await tab.wait_shown("Puzzle: find the best plan")
            await tab.keys("q")
            await tab.wait_shown("you are carol")

    try:
        asyncio.run(go())
    finally:
        server.stop()
