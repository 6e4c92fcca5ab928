"""Two players at one table over real SSH: each sees only their own chits, a spectator
sees neither, a lost client comes back to its side, a crashed server comes back with
every game — all through real `ssh` clients in pseudo-terminals."""

from __future__ import annotations

import re
import time

import pytest

from plot_core import Player
from serving import (
    Server,
    TerminalScreen,
    join_with_code,
    make_keys,
    move_on,
    needs_ssh,
    player,
)
from terminal import Terminal


def game(server: Server, rules, table: str = "T1"):
    """The table's record as the server has written it so far."""
    return server.record(table, rules).timeline


def act(t: Terminal, server: Server, rules, table: str = "T1") -> None:
    """The player at ``t`` moves the game on (serving.move_on)."""
    move_on(server, table, TerminalScreen(t), rules)


def held_throughout(tl, side: Player) -> set[str]:
    """Chits ``side`` held at the start and still holds: never shown to anyone else."""
    return set(tl.start.chits_of(side.value)) & set(tl.final.chits_of(side.value))


def mentions(raw: str, chit: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){chit}(?![0-9])", raw) is not None


def play_both_sides(terms: dict[Player, Terminal], server: Server, rules, each: int) -> None:
    """Whoever is to act acts, until each side has acted ``each`` more times."""
    done = {Player.SS: 0, Player.ABWEHR: 0}
    for _ in range(60):
        if min(done.values()) >= each:
            return
        side = game(server, rules).final.to_act
        act(terms[side], server, rules)
        done[side] += 1
    pytest.fail(f"the sides did not both act {each} times in 60 actions: {done}")


def check_secrets(terms: dict[Player, Terminal], watcher: Terminal | None, server: Server, rules) -> None:
    tl = game(server, rules)
    seed = str(server.record("T1", rules).header.seed)
    for t in [*terms.values(), *([watcher] if watcher else [])]:
        assert seed not in t.text() and seed not in t.shown(), "an unfinished game's seed reached a terminal"
    for side, t in terms.items():
        own = tl.final.chits_of(side.value)
        for attempt in range(3):  # a server busy with fuzzers may lose a key
            if attempt:
                t.send("\x1b")  # close whatever a last key may have opened
            # apart from any Esc sent just before: Esc then w within the terminal's escape
            # delay would read as alt+w
            time.sleep(0.5)
            t.send("w")  # the chits panel
            try:
                t.wait_shown(f"Your chits ({len(own)})", timeout=10)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        assert any(c in t.shown() for c in own)
        leaked = [c for c in held_throughout(tl, side.enemy) if mentions(t.text(), c)]
        assert not leaked, f"the {side.value} player's terminal received {leaked}"
    if watcher is not None:
        secret = held_throughout(tl, Player.SS) | held_throughout(tl, Player.ABWEHR)
        assert not [c for c in secret if mentions(watcher.text(), c)]


@needs_ssh
def test_two_players_a_spectator_a_lost_client_and_a_server_crash(tmp_path, rules):
    make_keys(tmp_path, ["alice", "bob", "carol"])
    server = Server(tmp_path)
    open_terms: list[Terminal] = []

    def connect(name: str) -> Terminal:
        t = player(server, name)
        open_terms.append(t)
        return t

    try:
        # alice sets up a table for two; the join code is on her screen to pass on
        alice = connect("alice")
        alice.send("n")
        alice.wait_shown("A new table")
        alice.send("\r")  # SS, against another player
        alice.wait_shown("Waiting for an opponent")
        code = server.table("T1")["code"]
        alice.wait_shown(code)
        # bob joins with it and gets the free side
        bob = connect("bob")
        bob.wait_shown("T1")
        join_with_code(bob, code)
        bob.wait_shown("Game-Turn")  # the board, not the lobby's list
        terms = {Player.SS: alice, Player.ABWEHR: bob}
        play_both_sides(terms, server, rules, each=2)

        # carol: refused the taken side, welcome to watch
        carol = connect("carol")
        carol.wait_shown("T1")
        carol.send("j")  # no code asked for: there is no side to take
        carol.wait_shown("no free side")
        carol.send("w")
        carol.wait_shown("Watching table T1")
        check_secrets(terms, carol, server, rules)

        # bob's client dies; alice is told; bob comes back to his own side, no code asked
        bob.close()
        alice.wait_shown("is away")
        bob = terms[Player.ABWEHR] = connect("bob")
        bob.wait_shown("Abwehr")  # the table lists his side
        bob.send("\r")
        bob.wait_shown("You are: Abwehr")
        play_both_sides(terms, server, rules, each=1)

        # the server crashes mid-game and comes back with the game where it was
        before = game(server, rules)
        server.kill()
        for t in (alice, bob, carol):
            t.proc.wait(timeout=20)  # their connections died with it
        server.start()
        assert "1 unfinished game restored" in server.first_line
        after = game(server, rules)
        assert len(after) == len(before) and after.final == before.final
        terms = {Player.SS: connect("alice"), Player.ABWEHR: connect("bob")}
        for side, t in terms.items():
            t.send("\r")
            t.wait_shown(f"You are: {side.title}")
        play_both_sides(terms, server, rules, each=1)
        check_secrets(terms, None, server, rules)

        # alice sits down from a second terminal: the first is closed, and told why
        again = connect("alice")
        again.send("\r")
        again.wait_shown("You are: SS")
        assert "from another connection" in terms[Player.SS].ended(timeout=20)
    finally:
        for t in open_terms:
            t.close()
        server.stop()
