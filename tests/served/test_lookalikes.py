"""A name that looks just like a player's is refused at every door: "аlice" (a Cyrillic
а), "a1ice", "𝐚𝐥𝐢𝐜𝐞" could each pass for alice at a table, in the talk or in the
ratings. Names of their own, in any one script, are welcome."""

from __future__ import annotations

import asyncio

import pytest

from fakes import Later
from plot_core import Player
from plot_server.guard import PasswordThrottle, name_problem
from plot_server.hub import Hub
from plot_server.lookalikes import lookalike, skeleton
from plot_server.passes import password_account
from plot_server.ratings import Contestant, Result
from plot_session.session import Seat

from .test_hub import ALICE, BOB


@pytest.mark.parametrize(
    ("name", "alike"),
    [
        ("аlice", True),  # a Cyrillic а
        ("a1ice", True),  # a digit one for the l
        ("aIice", True),  # a capital i for the l
        ("𝐚𝐥𝐢𝐜𝐞", True),  # mathematical bold letters
        ("ａｌｉｃｅ", True),  # fullwidth
        ("alice", True),
        ("Alice", False),  # a capital is drawn differently: another name
        ("alicia", False),
        ("Олег", False),
    ],
)
def test_a_skeleton_says_which_names_the_eye_cannot_tell_apart(name, alike):
    assert (skeleton(name) == skeleton("alice")) is alike


@pytest.mark.parametrize("name", ["аlice", "Ивaн", "Ρeter"])  # Cyrillic а, Latin a, Greek Ρ
def test_a_name_mixing_latin_cyrillic_or_greek_letters_is_refused(name):
    problem = name_problem(name)
    assert problem is not None and "may not mix" in problem and "letters: many of them look alike" in problem


@pytest.mark.parametrize("name", ["Олег", "Ελένη", "山田たろう", "Jörg Müller", "Ло Вэй"])
def test_a_name_in_one_script_is_welcome(name):
    assert name_problem(name) is None


def test_a_look_alike_of_a_player_at_a_table_watching_or_rated_is_refused(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    assert hub.lookalike_problem("a1ice") is None  # no alice here yet: nobody to pass for
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    for name in ("a1ice", "𝐚𝐥𝐢𝐜𝐞", "ａｌｉｃｅ"):
        problem = hub.lookalike_problem(name)
        assert problem == "a user name that looks just like 'alice', a player here, may not be taken"
        assert hub.name_problem(name) is None  # before the password: nobody's name said
    assert hub.lookalike_problem("alice") is None  # alice herself comes back
    assert hub.lookalike_problem("Alice") is None
    hub.watch(table.id, password_account("dave"))  # a watcher is a player here too
    assert "looks just like 'dave'" in (hub.lookalike_problem("ｄａｖｅ") or "")
    hub.results.add(
        Result(
            "T9",
            "2026-11-01T12:00:00Z",
            "ss",
            "18.71",
            Contestant(key="kb", name="bob"),
            Contestant(key="kc", name="coll"),
        )
    )
    assert "looks just like 'coll'" in (hub.lookalike_problem("co11") or "")  # in the ratings
    for n, name in enumerate(("bobl", "bob1")):  # rated before look-alikes were refused
        ss = Contestant(key=f"k{name}", name=name)
        hub.results.add(
            Result(f"T{10 + n}", "2026-11-02T12:00:00Z", "ss", "18.71", ss, Contestant(level="easy"))
        )
    assert hub.lookalike_problem("bob1") is None and hub.lookalike_problem("bobl") is None  # both keep theirs
    assert "looks just like 'bob" in (hub.lookalike_problem("bobI") or "")
    assert lookalike(BOB.name, ["bob"]) is None


def test_the_web_door_refuses_a_look_alike_with_the_reason(rules, tmp_path):
    from aiohttp.test_utils import TestClient, TestServer

    from plot_server.server import ConnectionCount, Limits
    from plot_server.web import make_app

    hub = Hub(rules, tmp_path, later=Later())
    hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    app = make_app(
        hub, password="swordfish", limits=Limits(), gauge=ConnectionCount(), throttle=PasswordThrottle()
    )

    async def go():
        async with TestClient(TestServer(app)) as client:
            page = await client.post("/signin", data={"name": "a1ice", "password": "not it"})
            said = await page.text()
            assert page.status == 403 and "alice" not in said.replace("a1ice", "")  # no name for guessers
            page = await client.post("/signin", data={"name": "a1ice", "password": "swordfish"})
            said = await page.text()
            assert page.status == 400 and "looks just like &#x27;alice&#x27;, a player here" in said, said
            page = await client.post("/signin", data={"name": "carol", "password": "swordfish"})
            assert page.status == 200 and "a1ice" not in await page.text()

    asyncio.run(go())
