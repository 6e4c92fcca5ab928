"""Notices away from the screen: a real SMTP server (aiosmtpd, over TCP) gets the mail,
a local HTTP server the webhook's JSON; each move is told once, to a player who is not
at the table, with nothing hidden in it; a webhook into a private network is refused
unless the host allows its name; a notice that cannot be sent is tried again, then
dropped with a word to the operator; the off link turns notices off."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from fakes import Later
from plot_core import Player
from plot_server import notices
from plot_server.connection_limits import ConnectionLimits
from plot_server.guard import CodeLimit
from plot_server.hub import Hub
from plot_server.notice_addresses import Address, NoticeBook
from plot_server.notices import (
    Notice,
    Notices,
    Outbox,
    Smtp,
    email_problem,
    webhook_problem,
)
from plot_session.session import Seat
from serving import free_port
from smtp_inbox import receiving

from .moves import pass_the_move
from .test_hub import ALICE, BOB
from .test_plain_door import Player_


def public(host: str) -> list[str]:
    return {"hooks.example": ["93.184.216.34"], "inside.example": ["10.1.2.3"]}[host]


def test_a_webhook_into_a_private_network_is_refused_unless_the_host_allows_it():
    assert webhook_problem("https://hooks.example/x", frozenset(), public) == ""
    assert "inside a private network (10.1.2.3)" in webhook_problem(
        "https://inside.example/x", frozenset(), public
    )
    assert "inside a private network (127.0.0.1)" in webhook_problem("https://127.0.0.1/x", frozenset(), None)
    assert "private network (169.254.169.254)" in webhook_problem(
        "https://169.254.169.254/", frozenset(), None
    )
    assert "must start with https://" in webhook_problem("http://hooks.example/x", frozenset(), public)
    assert "user name or password" in webhook_problem("https://a:b@hooks.example/", frozenset(), public)
    assert webhook_problem("http://127.0.0.1:9/x", frozenset({"127.0.0.1"}), None) == ""
    # IPv6 forms that stand for an IPv4 address are judged by that address
    for inside in ("::ffff:127.0.0.1", "::ffff:0:7f00:1", "64:ff9b::a01:203", "2002:7f00:1::1", "::10.1.2.3"):
        said = webhook_problem(f"https://[{inside}]/x", frozenset(), None)
        assert "inside a private network" in said, inside
    assert "inside a private network" in webhook_problem("https://[64:ff9b:1::808:808]/", frozenset(), None)
    for outside in ("::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "2606:4700::1111"):
        assert webhook_problem(f"https://[{outside}]/x", frozenset(), None) == "", outside
    assert email_problem("bob@example.org") == ""
    assert "not an e-mail address" in email_problem("bob@example.org\nBcc: eve@example.org")


class Hook(BaseHTTPRequestHandler):
    got: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        Hook.got.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def hook_url():
    Hook.got = []
    server = HTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()


@pytest.fixture
def smtp():
    with receiving() as inbox:
        yield Smtp("127.0.0.1", inbox.port, "plot@example.org"), inbox


def done(work):
    """An awaitable's answer, outside a loop (the book is asked on the server's loop)."""
    return asyncio.run(work)


def until(test, what: str, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test():
            return
        time.sleep(0.02)
    raise AssertionError(f"never: {what}")


def test_a_players_move_reaches_them_by_mail_and_webhook_once_with_nothing_hidden(
    rules, tmp_path, smtp, hook_url
):
    server, inbox = smtp
    hub = Hub(rules, tmp_path, later=Later())
    outbox = Outbox(server, frozenset({"127.0.0.1"}))
    hub.notices = Notices(NoticeBook(tmp_path), outbox, where=lambda: "https://plot.example/")
    done(hub.notices.set_addresses(BOB, email="bob@example.org", webhook=hook_url))
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN)  # a secret seed, as in play
    bob = hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    alice = hub.sit(table.id, ALICE, codes=CodeLimit(5))
    hub.leave(bob)  # bob goes away; the Abwehr moves first, so it is his move
    until(lambda: len(inbox.mail) == 1 and len(Hook.got) == 1, "the mail and the webhook")
    mail = inbox.mail[0].content.decode()
    assert (
        "Subject: Your move at table T1 (Game-Turn 1)" in mail and "bob@example.org" in inbox.mail[0].rcpt_tos
    )
    text = Hook.got[0]["text"]
    assert text.startswith("Your move at table T1 (Game-Turn 1)") and Hook.got[0]["content"] == text
    address = done(hub.notices.addresses(BOB))
    assert f"https://plot.example/notices/off/{address.token}" in text
    # nothing hidden: no chit of either side, no seed
    for chit in table.session.state.chits_of("ss") + table.session.state.chits_of("abwehr"):
        assert chit not in mail and chit not in text
    assert str(table.session.seed) not in mail + text
    assert "Your game against alice at table T1 waits for your move." in text
    hub._changed(table)  # the same move again: not told again
    # bob comes back, plays until it is alice's move and leaves: alice is at the table
    pass_the_move(hub.sit(table.id, BOB, codes=CodeLimit(5)))
    assert alice.chair.my_move()
    time.sleep(0.2)
    assert len(inbox.mail) == 1 and len(Hook.got) == 1  # alice is there: nothing sent
    outbox.stop()


def test_a_notice_that_cannot_be_sent_is_tried_again_then_dropped_and_said(tmp_path, capfd):
    waits: list[float] = []
    outbox = Outbox(None, frozenset({"127.0.0.1"}), wait=waits.append)
    dead = f"http://127.0.0.1:{free_port()}/hook"  # nobody listens
    outbox.post(Notice(Address("bob", webhook=dead), "Your move at table T1", "…"))
    until(lambda: outbox.failed, "given up")
    assert waits == [0.0, 30.0, 120.0, 600.0] and outbox.sent == []
    assert "a notice to bob by webhook could not be sent" in capfd.readouterr().out
    outbox.stop()


def test_a_webhook_is_sent_to_the_address_that_was_judged_public(monkeypatch):
    """A name is looked up once per sending, and the connection goes to the address
    judged then: a name that answers "public" to the check and "inside" a moment later
    (DNS rebinding) cannot turn the server inward."""
    answers = iter([["2606:2800:220:1::1", "93.184.216.34"], ["10.1.2.3"]])
    looked_up: list[str] = []
    connected: list[tuple[str, int]] = []

    def look_up(host: str) -> list[str]:
        looked_up.append(host)
        return next(answers)

    def connect(address, timeout=None, *args):
        connected.append(address)
        raise ConnectionRefusedError("nobody there in this test")

    monkeypatch.setattr(notices.socket, "create_connection", connect)
    outbox = Outbox(None, frozenset(), look_up=look_up, wait=lambda s: None, tries=(0.0,))
    outbox.post(Notice(Address("bob", webhook="https://hooks.example:8443/x"), "Your move", "…"))
    until(lambda: outbox.failed, "given up")
    # each address judged public, in the resolver's order, and none looked up again
    assert looked_up == ["hooks.example"]
    assert connected == [("2606:2800:220:1::1", 8443), ("93.184.216.34", 8443)]
    assert webhook_problem("https://hooks.example:99999/x", frozenset(), public) == (
        "'https://hooks.example:99999/x' names a port that cannot be"
    )
    outbox.stop()


def test_a_webhook_that_names_a_private_address_is_not_called(tmp_path, hook_url):
    outbox = Outbox(None, frozenset(), wait=lambda s: None)  # 127.0.0.1 not allowed
    outbox.post(Notice(Address("bob", webhook=hook_url), "Your move", "…"))
    until(lambda: outbox.failed, "refused")
    assert Hook.got == []
    outbox.stop()


@pytest.mark.parametrize("rate", [6, 2])
def test_at_most_six_an_hour_or_as_many_as_the_host_says_and_the_off_link(rules, tmp_path, hook_url, rate):
    outbox = Outbox(None, frozenset({"127.0.0.1"}))
    notices = Notices(NoticeBook(tmp_path), outbox, rate=rate)
    hub = Hub(rules, tmp_path, later=Later())
    hub.notices = notices
    done(notices.set_addresses(BOB, email="", webhook=hook_url))
    tables = [hub.create(ALICE, Player.ABWEHR, opponent=Seat.HUMAN, seed=s) for s in range(8)]
    for t in tables:  # bob joins each and leaves; alice (the Abwehr) moves first, then it is his
        hub.leave(hub.sit(t.id, BOB, code=t.code, codes=CodeLimit(5)))
        pass_the_move(hub.sit(t.id, ALICE, codes=CodeLimit(5)))
    until(lambda: len(Hook.got) == rate, "as many as allowed")
    time.sleep(0.2)
    assert len(Hook.got) == rate  # the rest wait for the lobby's list
    token = done(notices.addresses(BOB)).token
    assert done(notices.book.whose(token)) == "bob" and done(notices.book.whose("nobody")) is None
    assert done(notices.book.off(token)) == "bob"
    assert done(notices.addresses(BOB)).webhook == ""
    outbox.stop()


@pytest.mark.asyncio
async def test_notices_in_plain_text(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    hub.notices = Notices(NoticeBook(tmp_path), Outbox(None, frozenset()))
    bob = Player_(hub, BOB)
    bob.visit.start()
    assert "No notices are sent to you" in await bob.answer("notices")
    said = await bob.answer("notices email bob at example")
    assert "Not kept: 'bob at example' is not an e-mail address" in said
    said = await bob.answer("notices email bob@example.org")  # a server with no --smtp says so
    assert "This server sends no e-mail (its host has not set --smtp): the address is kept." in said
    assert "Your notices: e-mail to bob@example.org (not sent: this server sends no e-mail)." in said
    said = await bob.answer("notices webhook http://x.example/")
    assert "Not kept: a webhook's address must start with https://" in said
    assert "No notices are sent to you" in await bob.answer("notices off")
    hub.notices.outbox.stop()


@pytest.mark.asyncio
async def test_n_in_the_lobby_sets_where_ones_notices_go(rules, tmp_path):
    from textual.widgets import Input

    from plot_server.lobby import NoticesScreen
    from plot_server.server import ServedApp

    hub = Hub(rules, tmp_path, later=Later())
    hub.notices = Notices(NoticeBook(tmp_path), Outbox(None, frozenset()))
    app = ServedApp(None, hub, BOB, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("N")
        await pilot.pause()
        assert isinstance(app.screen, NoticesScreen)
        assert "this server sends no e-mail" in " ".join(str(w.render()) for w in app.screen.query("Label"))
        await pilot.press(*"b@ex.org", "tab", *"https://10.0.0.1", "enter")
        await pilot.pause()
        # a private address: the form again, what was typed kept, and why not
        assert isinstance(app.screen, NoticesScreen)
        assert "Not kept: " in str(app.screen.query_one("#error").render())
        assert app.screen.query_one("#email", Input).value == "b@ex.org"
        assert app.screen.query_one("#webhook", Input).value == "https://10.0.0.1"
        assert await hub.notices.addresses(BOB) is None
        app.screen.query_one("#webhook", Input).focus()
        await pilot.press("ctrl+u", "enter")  # the webhook taken out, the e-mail kept
        await pilot.pause()
        assert "Notices by e-mail." in str(app.lobby.query_one("#message").render())
        assert (await hub.notices.addresses(BOB)).email == "b@ex.org"
    hub.notices.outbox.stop()


def test_a_games_end_is_told_once_and_nothing_again_after_a_restart(rules, tmp_path, hook_url):
    from served.test_clocks import RULE, Wall

    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    hub.notices = Notices(NoticeBook(tmp_path), Outbox(None, frozenset({"127.0.0.1"})))
    done(hub.notices.set_addresses(BOB, email="", webhook=hook_url))
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=21, clock=RULE)
    table.session.stamp = wall.stamp
    bob = hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    hub.sit(table.id, ALICE, codes=CodeLimit(5))
    pass_the_move(bob)  # the Abwehr's first move starts the clocks
    hub.leave(bob)
    wall.wait(days=3)  # alice's time runs out while bob is away: he hears how it ended
    assert hub.clocks.check() == [table.id]
    until(lambda: len(Hook.got) == 1, "the end")
    assert Hook.got[0]["text"].startswith("The game at table T1 is over\nThe SS player's clock ran out")
    hub._changed(table)
    again = Hub(rules, tmp_path, later=Later(), wall=wall)  # a restart
    assert again.restore() == []
    again.notices = Notices(NoticeBook(tmp_path), Outbox(None, frozenset({"127.0.0.1"})))
    again.notices.start(again.listings())
    again._changed(again.table(table.id))
    time.sleep(0.2)
    assert len(Hook.got) == 1  # told once
    hub.notices.outbox.stop()
    again.notices.outbox.stop()


def test_a_notice_that_fails_to_be_worked_out_costs_only_itself(capfd):
    outbox = Outbox(None, frozenset(), wait=lambda s: None, tries=(0.0,))

    def broken():
        raise RuntimeError("a book that broke")

    outbox.post(broken)
    outbox.post(
        Notice(Address("bob", webhook="https://127.0.0.1:9/x"), "Your move", "…")
    )  # (refused: private)
    until(lambda: outbox.failed, "the next notice tried")
    assert "a notice was not sent: RuntimeError: a book that broke" in capfd.readouterr().out
    outbox.stop()


def test_a_notice_whose_store_does_not_answer_is_worked_out_again_later(capfd):
    from plot_server.pgstore import StoreError

    waits: list[float] = []
    outbox = Outbox(None, frozenset({"127.0.0.1"}), wait=waits.append)
    answers = iter([StoreError("the store did not answer"), StoreError("still not"), None])

    def claim():
        answer = next(answers)
        if answer is not None:
            raise answer
        return Notice(Address("bob", webhook=f"http://127.0.0.1:{free_port()}/hook"), "Your move", "…")

    outbox.post(claim)
    until(lambda: outbox.failed, "sent at the third try (and its webhook tried, nobody there)")
    assert waits[:3] == [0.0, 30.0, 120.0]  # worked out at the third try, then sent
    assert "a notice was not sent" not in capfd.readouterr().out
    outbox.stop()


def test_the_maker_of_a_table_is_not_told_it_is_their_move_at_it(rules, tmp_path, hook_url):
    """The Abwehr moves first (7.11): a table made as the Abwehr is its maker's move at
    once, and its maker is sitting down at it; "your move" is for a move that waits
    for a player away, not for the table they just made."""
    outbox = Outbox(None, frozenset({"127.0.0.1"}))
    hub = Hub(rules, tmp_path, later=Later())
    hub.notices = Notices(NoticeBook(tmp_path), outbox)
    done(hub.notices.set_addresses(ALICE, email="", webhook=hook_url))
    table = hub.create(ALICE, Player.ABWEHR, opponent=Seat.HUMAN, seed=3)
    hub.sit(table.id, ALICE, codes=CodeLimit(5))
    time.sleep(0.3)
    assert Hook.got == []
    outbox.stop()
