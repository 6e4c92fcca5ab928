"""Browsers' sign-ins and one-time links, held in memory (one process) or in the
PostgreSQL store (every worker and machine): one set of rules, checked on both."""

from __future__ import annotations

import asyncio
import hashlib
import socket
import threading

import attrs
import psycopg
import pytest

from fakes import Ticks
from plot_server.hub import Account
from plot_server.passes import (
    DEVICE,
    KEY,
    LINK,
    SIGN_IN,
    PassesInMemory,
    StoredPasses,
    key_token,
    password_account,
)
from plot_server.pgstore import StoreError, prepare

BOB = Account("SHA256:bobs-key", "bob")
ALICE = password_account("alice")


@pytest.fixture(params=["memory", "store"])
def held(request):
    """(holder, clock): sign-ins and links held in memory, or in a store of its own."""
    clock = Ticks()
    if request.param == "memory":
        return PassesInMemory(clock=clock), clock
    url = request.getfixturevalue("url")
    prepare(url)
    return StoredPasses(url, clock=clock), clock


def run(book, work):
    """``work(book)`` on a loop of its own; the holder is closed after it."""

    async def go():
        try:
            return await work(book)
        finally:
            await book.close()

    return asyncio.run(go())


def test_a_link_is_good_once_and_for_ten_minutes(held):
    book, clock = held

    async def go(links):
        token = await links.add(LINK, BOB)
        assert len(token) >= 32 and await links.add(LINK, BOB) != token  # random, never the same
        assert await links.who(LINK, token) == BOB and await links.who(LINK, token) == BOB  # looking keeps it
        assert await links.who(SIGN_IN, token) is None  # a link is not a sign-in
        assert await links.take(LINK, token) == BOB
        assert await links.take(LINK, token) is None and await links.who(LINK, token) is None  # once
        late = await links.add(LINK, BOB)
        clock.now += 10 * 60
        assert await links.who(LINK, late) == BOB  # the tenth minute
        clock.now += 1
        assert await links.take(LINK, late) is None  # then not
        assert await links.take(LINK, "made-up") is None and await links.who(LINK, None) is None

    run(book, go)


def test_a_sign_in_lasts_a_day_from_the_last_visit_and_ends_at_sign_out(held):
    book, clock = held

    async def go(book):
        token = await book.add(SIGN_IN, ALICE, "192.0.2.1")
        clock.now += 23 * 3600
        assert await book.who(SIGN_IN, token) == ALICE  # a visit: another day from now
        clock.now += 23 * 3600
        assert await book.who(SIGN_IN, token) == ALICE
        clock.now += 24 * 3600 + 1
        assert await book.who(SIGN_IN, token) is None  # a day and a second without one
        again = await book.add(SIGN_IN, ALICE, "192.0.2.1")
        assert await book.take(SIGN_IN, again) == ALICE  # signing out
        assert await book.who(SIGN_IN, again) is None

    run(book, go)


def test_a_known_browser_is_known_for_half_a_year_and_looking_does_not_make_it_last(held):
    """What lets a browser that has had the password sign in past the guesses from its
    address (web.py): kept where the sign-ins are, so every worker knows it; only a
    right password makes it anew (web.py), so probing it keeps nothing alive."""
    book, clock = held

    async def go(book):
        device = await book.add(DEVICE, ALICE, "192.0.2.1")
        assert await book.who(SIGN_IN, device) is None  # a known browser is not signed in
        clock.now += 179 * 86400
        assert await book.who(DEVICE, device) == ALICE
        clock.now += 86400 + 1  # half a year from when it was made, looked up or not
        assert await book.who(DEVICE, device) is None
        again = await book.add(DEVICE, ALICE, "192.0.2.1")
        assert await book.take(DEVICE, again) == ALICE and await book.who(DEVICE, again) is None

    run(book, go)


def test_a_remembered_key_is_one_pass_for_its_name_and_the_password_it_was_given_with(held):
    """A key given again with the password is the same pass made anew; it is found only
    under the name and the password it was given with (a new password forgets every
    key), and no other kind of pass answers to its token."""
    book, clock = held
    token = key_token("SHA256:doras-key", "dora", "swordfish")
    assert token != key_token("SHA256:doras-key", "erin", "swordfish")  # another name
    assert token != key_token("SHA256:doras-key", "dora", "marlin")  # a new password
    assert "swordfish" not in token and "dora" not in token
    dora, mallory = password_account("dora"), password_account("mallory")

    async def go(book):
        assert await book.add(KEY, dora, "192.0.2.1", token) == token
        clock.now += 100 * 86400
        assert await book.add(KEY, dora, "192.0.2.7", token) == token  # given again: anew
        clock.now += 100 * 86400
        assert await book.who(KEY, token) == dora
        assert await book.who(DEVICE, token) is None and await book.who(SIGN_IN, token) is None
        others = key_token("SHA256:doras-key", "mallory", "swordfish")
        await book.add(KEY, mallory, "192.0.2.9", others)  # her key, offered as mallory
        assert await book.who(KEY, token) == dora and await book.who(KEY, others) == mallory

    run(book, go)


def test_past_the_most_open_links_the_oldest_lapses(held):
    book, clock = held
    two = attrs.evolve(LINK, most=2)

    async def go(links):
        a, b, c = [await links.add(two, password_account(n)) for n in "abc"]
        assert await links.who(two, a) is None
        assert (await links.who(two, b)).name == "b" and (await links.who(two, c)).name == "c"

    run(book, go)


def test_one_party_cannot_evict_anothers_one_time_link(held):
    book, clock = held
    links_at_most = attrs.evolve(LINK, most=40)

    async def go(links):
        kept = await links.add(links_at_most, BOB)
        mallory = password_account("mallory")
        made = [await links.add(links_at_most, mallory) for _ in range(60)]  # L pressed 60 times
        assert await links.who(links_at_most, kept) == BOB
        assert sum([await links.who(links_at_most, t) is not None for t in made]) == LINK.per_player
        for i in range(60):  # and as 60 made-up names: more than the whole bound
            await links.add(links_at_most, password_account(f"m{i}"))
        assert await links.who(links_at_most, kept) == BOB  # a key holder's link stays

    run(book, go)


def test_one_party_cannot_sign_everyone_out_of_the_browser(held):
    book, clock = held
    sign_in = attrs.evolve(SIGN_IN, most=50)

    async def go(book):
        hers, his = await book.add(sign_in, ALICE, "192.0.2.1"), await book.add(sign_in, BOB, "192.0.2.2")
        flood = [
            await book.add(sign_in, password_account(f"m{i}"), "203.0.113.9") for i in range(80)
        ]  # more sign-ins from one address than the whole bound
        assert await book.who(sign_in, hers) == ALICE and await book.who(sign_in, his) == BOB
        assert sum([await book.who(sign_in, t) is not None for t in flood]) == SIGN_IN.per_address
        many = [await book.add(sign_in, ALICE, f"198.51.100.{i}") for i in range(15)]  # her browsers
        assert sum([await book.who(sign_in, t) is not None for t in [hers, *many]]) == SIGN_IN.per_player
        assert await book.who(sign_in, many[-1]) == ALICE and await book.who(sign_in, his) == BOB

    run(book, go)


def test_a_lapsed_pass_counts_against_no_bound(held):
    """A link past its ten minutes goes first when a new one is made, never a good one."""
    book, clock = held
    two = attrs.evolve(LINK, most=2)

    async def go(links):
        old = await links.add(two, password_account("mallory"))
        clock.now += 9 * 60
        good = await links.add(two, BOB)
        clock.now += 2 * 60  # mallory's has lapsed, bob's has not
        newer = await links.add(two, Account("SHA256:carols-key", "carol"))
        assert await links.who(two, good) == BOB and (await links.who(two, newer)).name == "carol"
        assert await links.who(two, old) is None

    run(book, go)


def test_every_worker_knows_a_sign_in_and_a_link_is_used_once_among_them(url):
    prepare(url)

    async def go():
        one, other = StoredPasses(url), StoredPasses(url)
        try:
            token = await one.add(SIGN_IN, ALICE, "192.0.2.1")
            assert await other.who(SIGN_IN, token) == ALICE  # the next request, another worker
            link = await one.add(LINK, BOB)
            with psycopg.connect(url) as conn:  # a copy of the store signs no one in
                kept = {row[0] for row in conn.execute("SELECT token_hash FROM plot_passes")}
            digests = {hashlib.sha256(t.encode()).hexdigest() for t in (token, link)}
            assert kept == digests and not kept & {token, link}
            won = await asyncio.gather(one.take(LINK, link), other.take(LINK, link))
            assert sorted(w is not None for w in won) == [False, True]
            assert await other.take(SIGN_IN, token) == ALICE  # signed out through either
            assert await one.who(SIGN_IN, token) is None
        finally:
            await one.close()
            await other.close()

    asyncio.run(go())


def test_a_store_that_does_not_answer_is_said_not_hung_on(tmp_path):
    async def go():
        book = StoredPasses(f"postgresql://plot:sekrit@/nowhere?host={tmp_path}")
        with pytest.raises(StoreError) as info:
            await book.who(SIGN_IN, "some-token")
        assert "did not answer" in str(info.value) and "sekrit" not in str(info.value)

    asyncio.run(go())


def test_the_web_door_says_when_the_store_cannot_check_a_sign_in(rules, tmp_path, capfd):
    """The page says to try again (503), the host's log says why, and no token is logged."""
    from aiohttp.test_utils import TestClient, TestServer

    from plot_server.guard import PasswordThrottle
    from plot_server.hub import Hub
    from plot_server.server import ConnectionCount, Limits
    from plot_server.web import make_app

    hub = Hub(rules, tmp_path / "server")
    hub.passes = StoredPasses(f"postgresql://plot@/nowhere?host={tmp_path}")
    app = make_app(
        hub, password="swordfish", limits=Limits(), gauge=ConnectionCount(), throttle=PasswordThrottle()
    )

    async def go():
        async with TestClient(TestServer(app)) as client:
            page = await client.get("/", cookies={"plot_session": "a-cookie-of-yesterday"})
            assert page.status == 503 and "cannot check sign-ins just now" in await page.text()
            signed = await client.post("/signin", data={"name": "carol", "password": "swordfish"})
            assert signed.status == 503 and "Try again in a minute" in await signed.text()
            link = await client.get("/link/the-token-in-an-email")
            assert link.status == 503

    asyncio.run(go())
    said = capfd.readouterr().out
    assert "web door: GET /link/{token} not answered: the store" in said
    assert "the-token-in-an-email" not in said and "a-cookie-of-yesterday" not in said


def test_a_store_gone_silent_holds_a_page_up_for_seconds_not_minutes():
    """A server that takes the connection and never answers (a dead host, a hung
    proxy): the page is answered "try again" within the bound, and the next tries afresh."""
    quiet = socket.socket()
    quiet.bind(("127.0.0.1", 0))
    quiet.listen()
    held: list[socket.socket] = []
    threading.Thread(target=lambda: held.append(quiet.accept()[0]), daemon=True).start()
    port = quiet.getsockname()[1]

    async def go():
        book = StoredPasses(f"postgresql://plot@127.0.0.1:{port}/plot", within=0.5)
        started = asyncio.get_running_loop().time()
        with pytest.raises(StoreError, match="did not answer in 0.5 s"):
            await book.who(SIGN_IN, "some-token")
        assert asyncio.get_running_loop().time() - started < 3
        await book.close()

    try:
        asyncio.run(go())
    finally:
        quiet.close()
        for s in held:
            s.close()


def test_a_store_that_holds_a_statement_is_given_up_on_and_the_next_call_goes_on(url):
    """A statement the store holds up (here: a row another connection has locked) is
    given up on within the bound; the next call, on a connection of its own, goes on."""
    prepare(url)

    async def go():
        book = StoredPasses(url, within=0.5)
        token = await book.add(SIGN_IN, ALICE, "192.0.2.1")
        locker = await psycopg.AsyncConnection.connect(url)
        try:
            await locker.execute("SELECT * FROM plot_passes FOR UPDATE")  # held, uncommitted
            started = asyncio.get_running_loop().time()
            with pytest.raises(StoreError, match="did not answer in 0.5 s"):
                await book.take(SIGN_IN, token)
            assert asyncio.get_running_loop().time() - started < 2
        finally:
            await locker.rollback()
            await locker.close()
        again = await book.add(SIGN_IN, ALICE, "192.0.2.1")  # the next call goes on
        assert await book.who(SIGN_IN, again) == ALICE
        await book.close()

    asyncio.run(go())
