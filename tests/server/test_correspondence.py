"""A game by correspondence with real parts: `plot serve` with a clock on the table and
notices by e-mail through a real SMTP server (aiosmtpd, over TCP), two players on
OpenSSH's client in plain text who are never connected at the same time: each plays
their move, leaves the server, and comes back only when a mail says it is their move
again."""

from __future__ import annotations

import json
import random
import re

import pytest

from plot_core import Player, apply, legal_actions, load_rules
from serving import Server, eventually, make_keys, needs_ssh, ssh_args
from smtp_inbox import receiving
from terminal import Terminal

PASSES = 4  # moves that pass from one player to the other, each over a fresh connection


def visit(server: Server, name: str) -> Terminal:
    """``name`` connects in plain text (a new connection each time)."""
    t = Terminal(ssh_args(server.port, server.d / name, "-tt", f"plain+{name}@127.0.0.1"))
    t.wait_for(f"You are {name}.")
    return t


def leave(t: Terminal) -> None:
    """Off the table (if at one) and off the server."""
    t.send("quit\r")
    eventually(lambda: "Goodbye." in t.text() or "Back in the lobby" in t.text(), "quit said")
    if "Goodbye." not in t.text():
        t.send("quit\r")
    t.wait_for("Goodbye.")
    t.proc.wait(timeout=15)
    t.close()


def play_the_move(t: Terminal, server: Server, rules, side: Player, rnd: random.Random) -> None:
    """``side`` plays through the plain door until the move passes (or the game ends),
    each action a random legal one, typed in notation ("move 304 2110"). The test
    follows the game on a copy of the server's state, read from its record (the judge
    may see everything); the record must then hold every action typed."""
    state = server.record("T1", rules).timeline.final
    typed = 0
    while state.outcome is None and state.to_act is side:
        action = rnd.choice(legal_actions(state))
        t.send(f"{action}\r")
        state = apply(state, action)
        typed += 1
    assert typed, f"it was not the {side.title}'s move"
    eventually(lambda: server.record("T1", rules).timeline.final == state, "the actions in the record", 60)


@pytest.fixture
def inbox():
    with receiving() as box:
        yield box


def correspond(tmp_path, inbox, passes: int | None, *extra: str, **where) -> tuple[Server, list]:
    """alice (SS) and bob (Abwehr) set up a table with a clock and ask for their notices
    by e-mail; then, ``passes`` times (None: to the game's end), the player whose move
    it is plays it over a connection of their own and leaves, and the other comes back
    only once the mail saying it is their move has come. ``where``: the Server's store
    and workers. Returns the server (stopped) and the moves' mails, checked on the way."""
    rules = load_rules()
    make_keys(tmp_path, ["alice", "bob"])
    server = Server(
        tmp_path, "--smtp", f"127.0.0.1:{inbox.port}", "--smtp-from", "plot@example.org", *extra, **where
    )
    address = {Player.SS: "alice@example.org", Player.ABWEHR: "bob@example.org"}
    name = {Player.SS: "alice", Player.ABWEHR: "bob"}
    rnd = random.Random(20261127)
    terms: list[Terminal] = []
    mails = []
    try:
        alice = visit(server, "alice")
        terms.append(alice)
        alice.send(f"notices email {address[Player.SS]}\r")
        alice.wait_for(f"Your notices: e-mail to {address[Player.SS]}.")
        alice.send("new ss clock 3+12\r")
        alice.wait_for("Table T1 is yours.")
        leave(alice)
        bob = visit(server, "bob")
        terms.append(bob)
        bob.send(f"notices email {address[Player.ABWEHR]}\r")
        bob.wait_for("Your notices: e-mail to")
        bob.send(f"join T1 {server.table('T1')['code']}\r")
        bob.wait_for("Your move, Abwehr")  # the Abwehr begins (7.1)
        side, t, done = Player.ABWEHR, bob, 0
        while passes is None or done < passes:
            other = side.enemy
            told = len(inbox.to(address[other]))
            seen_by_mover = len(inbox.to(address[side]))
            play_the_move(t, server, rules, side, rnd)
            leave(t)
            final = server.record("T1", rules).timeline.final
            # the mail that brings the other player back (or tells them the game is over)
            eventually(lambda o=other, k=told: len(inbox.to(address[o])) > k, f"a mail to {name[other]}")
            mail = inbox.to(address[other])[-1]
            for chit in final.chits_of("ss") + final.chits_of("abwehr"):
                assert chit not in mail  # no one's hand, not even their own
            assert len(inbox.to(address[side])) == seen_by_mover  # no mail for one's own move
            if final.outcome is not None:
                assert "Subject: The game at table T1 is over" in mail
                break
            assert f"Subject: Your move at table T1 (Game-Turn {final.turn})" in mail
            assert re.search(r"Your clock: (\d+ days?|\d+ h)[^.]*left\.", mail)  # their time
            mails.append(mail)
            done += 1
            side = other
            t = visit(server, name[side])
            terms.append(t)
            t.send("sit T1\r")
            t.wait_for(f"Your move, {side.title}")
        if passes is not None:
            leave(t)
    finally:
        for term in terms:
            term.close()
        server.stop()
    return server, mails


@needs_ssh
@pytest.mark.e2e
def test_two_players_never_on_at_once_play_on_each_mail_that_says_it_is_their_move(tmp_path, inbox):
    server, mails = correspond(tmp_path, inbox, PASSES)
    assert len(mails) == PASSES
    record = server.record("T1", load_rules())
    movers = [step.side for step in record.timeline.steps]
    passes = sum(1 for a, b in zip(movers, movers[1:], strict=False) if a is not b)
    passes += record.timeline.final.to_act is not movers[-1]  # the last: passed, not yet played
    assert passes == PASSES  # every move was played over its own connection
    assert all(at is not None for at in record.times)  # the clock's times are kept


@needs_ssh
@pytest.mark.e2e
def test_with_two_workers_each_move_is_mailed_once_whichever_worker_it_was_played_on(tmp_path, inbox, url):
    """Every visit lands on either worker; the addresses set on one are the other's too,
    and one of them sends each notice."""
    server, mails = correspond(tmp_path, inbox, 2, store=url, workers=2)
    assert len(mails) == 2  # bob's move passed to alice, hers back to him
    # the server has stopped: every mail it sent is in, and each move was told once
    assert len(inbox.to("alice@example.org")) == len(inbox.to("bob@example.org")) == 1


@needs_ssh
@pytest.mark.e2e
@pytest.mark.slow
def test_a_whole_game_by_correspondence_to_its_end_and_its_rating(tmp_path, inbox):
    """The same to the game's end (a hundred moves or so: more notices an hour than a
    player would want, so the host allows them), which rates both players."""
    server, mails = correspond(tmp_path, inbox, None, "--notices-an-hour", "1000")
    record = server.record("T1", load_rules())
    assert record.finished and len(mails) > 20
    kept = [json.loads(line) for line in (tmp_path / "home" / "results.jsonl").read_text().splitlines()]
    assert [(r["table"], r["winner"]) for r in kept] == [("T1", record.timeline.final.outcome.winner)]
    assert {kept[0]["ss"]["name"], kept[0]["abwehr"]["name"]} == {"alice", "bob"}
