"""Notices with the shared store: a player's addresses are one account on every
machine, each notice is sent once whichever machine hears of the move, the hour's
allowance holds across machines, and an off link made on one turns off all."""

from __future__ import annotations

import asyncio

import pytest

from fakes import Later
from plot_core import Player
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub
from plot_server.notice_addresses import StoredNoticeBook
from plot_server.notices import Notices, Outbox
from plot_server.passes import password_account
from plot_server.pgstore import StoreError, prepare
from plot_session.session import Seat
from served import test_notices
from served.moves import pass_the_move
from served.test_notices import Hook, until

hook_url = test_notices.hook_url  # the notices' tests' webhook receiver, a fixture here too

ALICE = password_account("alice")
BOB = Account("SHA256:bobs-key", "bob")


def machine(url: str, *, rate: int = 6) -> Notices:
    """One machine's notices: its own connection to the store, its own sending thread."""
    return Notices(
        StoredNoticeBook(url),
        Outbox(None, frozenset({"127.0.0.1"})),
        where=lambda: "https://plot.example/",
        rate=rate,
    )


def test_addresses_set_on_one_machine_are_read_and_turned_off_on_another(url):
    prepare(url)
    a, b = machine(url), machine(url)

    async def go() -> None:
        assert await b.addresses(BOB) is None
        kept = await a.set_addresses(BOB, email="bob@example.org", webhook="")
        seen = await b.addresses(BOB)
        assert seen is not None and seen.email == "bob@example.org" and seen.token == kept.token
        again = await b.set_addresses(BOB, email="bob@example.net", webhook="")
        assert again.token == kept.token  # the same off link, whichever machine set it
        with pytest.raises(ValueError, match="not an e-mail address"):
            await b.set_addresses(BOB, email="bob at example", webhook="")
        assert await a.book.whose(kept.token) == "bob" and await a.book.whose("nobody") is None
        assert await b.book.off(kept.token) == "bob"
        off = await a.addresses(BOB)
        assert off is not None and off.email == "" and off.webhook == ""
        await a.book.close()
        await b.book.close()

    asyncio.run(go())
    a.outbox.stop()
    b.outbox.stop()


def test_a_move_heard_by_two_machines_is_told_once_and_the_hour_counts_both(rules, tmp_path, url, hook_url):
    prepare(url)
    a, b = machine(url, rate=2), machine(url, rate=2)
    asyncio.run(a.set_addresses(BOB, email="", webhook=hook_url))
    hub = Hub(rules, tmp_path, later=Later())
    tables = [hub.create(ALICE, Player.ABWEHR, opponent=Seat.HUMAN, seed=s) for s in range(3)]
    for t in tables:  # bob joins each and leaves; alice (the Abwehr) moves, then it is his
        hub.leave(hub.sit(t.id, BOB, code=t.code, codes=CodeLimit(5)))
        pass_the_move(hub.sit(t.id, ALICE, codes=CodeLimit(5)))
    # both machines hear the first table's move: one notice
    a.table_changed(tables[0].listing())
    b.table_changed(tables[0].listing())
    until(lambda: len(Hook.got) == 1, "the first move told")
    # the next two, one through each machine: the second is past the hour's two
    a.table_changed(tables[1].listing())
    b.table_changed(tables[2].listing())
    until(lambda: len(Hook.got) == 2, "the second move told")
    a.outbox.queue.join()
    b.outbox.queue.join()
    assert len(Hook.got) == 2
    told = [g["text"].splitlines()[0] for g in Hook.got]
    assert told[0] == f"Your move at table {tables[0].id} (Game-Turn 1)"
    assert told[1] in [f"Your move at table {t.id} (Game-Turn 1)" for t in tables[1:]]  # whichever came first
    token = asyncio.run(b.addresses(BOB)).token
    assert f"https://plot.example/notices/off/{token}" in Hook.got[0]["text"]
    a.outbox.stop()
    b.outbox.stop()


def test_a_store_that_cannot_be_reached_loses_a_notice_with_a_word_to_the_operator(capfd):
    book = StoredNoticeBook("postgresql://plot@127.0.0.1:9/none")  # nobody listens
    with pytest.raises(StoreError, match="cannot reach the store"):
        book.to_send(BOB, "T1/3/move/bob", 0.0, 6)
    notices = Notices(book, Outbox(None, frozenset(), wait=lambda s: None))  # (tried again at once)
    notices._tell(BOB, ("T1", "3", "move"), "Your move", "…")
    notices.outbox.queue.join()
    assert "a notice was not sent: cannot reach the store" in capfd.readouterr().out
    assert notices.outbox.sent == []
    notices.outbox.stop()


def test_addresses_a_data_folder_kept_before_its_server_had_a_store_are_carried_in_once(tmp_path, url):
    from plot_server.notice_addresses import CARRIED, NoticeBook

    prepare(url)
    home = tmp_path / "data"
    files = NoticeBook(home)  # the server before the store
    kept = asyncio.run(files.set(BOB, email="bob@example.org", webhook=""))
    book = StoredNoticeBook(url)
    assert book.carry_in(home) == 1
    seen = asyncio.run(book.get(BOB))
    assert seen == kept  # the same address and the same off link
    assert not (home / "notices").exists() and (home / f"notices{CARRIED}").is_dir()
    assert book.carry_in(home) == 0  # once: a change made since is not undone
