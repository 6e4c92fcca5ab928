"""A game by correspondence with real parts: `plot serve` with a clock on the table and
notices by e-mail through a real SMTP server (aiosmtpd, over TCP), two players on
OpenSSH's client in plain text who are never connected at the same time: each plays
their move, leaves the server, and comes back only when a mail says it is their move
again."""

from __future__ import annotations

import email
import re

import pytest
from aiosmtpd.controller import Controller

from plot_core import Player, load_rules
from serving import Server, eventually, free_port, make_keys, needs_ssh, ssh_args
from terminal import Terminal

PASSES = 4  # moves that pass from one player to the other, each over a fresh connection


class Inbox:
    def __init__(self) -> None:
        self.mail: list = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.mail.append(envelope)
        return "250 OK"

    def to(self, address: str) -> list[str]:
        """The mail sent to ``address``: its subject line and its text, decoded."""
        out = []
        for m in self.mail:
            if address in m.rcpt_tos:
                message = email.message_from_bytes(m.content)
                body = message.get_payload(decode=True).decode()
                out.append(f"Subject: {message['Subject']}\n{body}")
        return out


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


def play_the_move(t: Terminal, server: Server, rules, side: Player) -> None:
    """``side`` plays through the plain door until the move passes: each time the
    choices are listed, the last one (the end of a phase is listed last)."""
    read_to = 0

    def record():
        return server.record("T1", rules)

    for _ in range(200):
        now = record()
        if now.timeline.final.to_act is not side:
            return
        eventually(lambda start=read_to: re.search(r"^  \d+\. ", t.text()[start:], re.M), "the choices")
        numbers = re.findall(r"^  (\d+)\. ", t.text()[read_to:].replace("\r", ""), re.M)
        read_to = len(t.text())
        before = len(now.timeline)
        t.send(f"{numbers[-1]}\r")
        eventually(lambda before=before: len(record().timeline) > before, "the action in the record")
    raise AssertionError("the move never passed")


@pytest.fixture
def inbox():
    box = Inbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    box.port = controller.port
    yield box
    controller.stop()


@needs_ssh
@pytest.mark.e2e
def test_two_players_never_on_at_once_play_on_each_mail_that_says_it_is_their_move(tmp_path, inbox):
    rules = load_rules()
    make_keys(tmp_path, ["alice", "bob"])
    server = Server(tmp_path, "--smtp", f"127.0.0.1:{inbox.port}", "--smtp-from", "plot@example.org")
    address = {Player.SS: "alice@example.org", Player.ABWEHR: "bob@example.org"}
    name = {Player.SS: "alice", Player.ABWEHR: "bob"}
    terms: list[Terminal] = []
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
        side, t = Player.ABWEHR, bob
        for _ in range(PASSES):
            other = side.enemy
            told = len(inbox.to(address[other]))
            seen_by_mover = len(inbox.to(address[side]))
            play_the_move(t, server, rules, side)
            leave(t)
            # the mail that brings the other player back
            eventually(lambda o=other, k=told: len(inbox.to(address[o])) > k, f"a mail to {name[other]}")
            mail = inbox.to(address[other])[-1]
            turn = server.record("T1", rules).timeline.final.turn
            assert f"Subject: Your move at table T1 (Game-Turn {turn})" in mail
            assert re.search(r"Your clock: \d+ days? .*left\.", mail)  # the time they have left
            final = server.record("T1", rules).timeline.final
            for chit in final.chits_of("ss") + final.chits_of("abwehr"):
                assert chit not in mail  # no one's hand, not even their own
            assert len(inbox.to(address[side])) == seen_by_mover  # no mail for one's own move
            side = other
            t = visit(server, name[side])
            terms.append(t)
            t.send("sit T1\r")
            t.wait_for(f"Your move, {side.title}")
        record = server.record("T1", rules)
        movers = [step.side for step in record.timeline.steps]
        passes = sum(1 for a, b in zip(movers, movers[1:], strict=False) if a is not b)
        passes += record.timeline.final.to_act is not movers[-1]  # the last: passed, not yet played
        assert passes == PASSES  # every move was played over its own connection
        assert all(at is not None for at in record.times)  # the clock's times are kept
        leave(t)
    finally:
        for term in terms:
            term.close()
        server.stop()
