"""The host's hand on a running server (plot admin), through the answers one process
gives: who is on, the tables, a table closed (its players told, its record kept, not
read back), a name barred (its sessions ended, it and its look-alikes refused at
sign-in, kept over a restart) and the bar lifted."""

from __future__ import annotations

import asyncio
import json

import attrs
import pytest

from fakes import Later
from plot_core import Player
from plot_server.admin import Admin, ask, open_admin
from plot_server.bans import MUTE
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub
from plot_server.passes import password_account
from plot_session.session import Seat

from .test_hub import ALICE, BOB, CAROL


@attrs.define(eq=False)
class Connected:
    """A session as the hub's list of sessions holds it (a full screen or a plain one)."""

    who: Account
    door_words: str = "over SSH"
    address: str = "192.0.2.7"
    since: str = "2026-11-28T10:00:00Z"
    guest: object = None
    goodbye: str = ""
    ended: bool = False

    def exit(self) -> None:
        self.ended = True


def test_who_is_on_says_each_sessions_door_address_and_place(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    hub.sessions.add(Connected(ALICE, guest=hub.sit(table.id, ALICE, codes=CodeLimit(5))))
    hub.sessions.add(Connected(BOB, "in the browser", "198.51.100.4", guest=hub.watch(table.id, BOB)))
    hub.sessions.add(Connected(CAROL, "in plain text over SSH"))
    answer = Admin(hub).answer({"command": "who"})["answer"]
    assert [(s["name"], s["door"], s["address"], s["where"]) for s in answer] == [
        ("alice", "over SSH", "192.0.2.7", f"{table.id}, the SS"),
        ("bob", "in the browser", "198.51.100.4", f"{table.id}, watching"),
        ("carol", "in plain text over SSH", "192.0.2.7", "the lobby"),
    ]


def test_a_closed_table_sends_its_players_to_the_lobby_keeps_its_record_and_stays_closed(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    other = hub.create(BOB, Player.ABWEHR, opponent=Seat.COMPUTER, seed=2)
    told: list[str] = []
    hub.sit(table.id, ALICE, on_closed=told.append, codes=CodeLimit(5))
    hub.watch(table.id, CAROL, on_closed=told.append)
    admin = Admin(hub)
    listed = admin.answer({"command": "tables", "player": "bob"})["answer"]
    assert [t["id"] for t in listed] == [other.id]
    assert listed[0]["players"] == {"SS": "the computer (easy)", "Abwehr": "bob"}
    closed = admin.answer({"command": "close", "table": table.id, "why": "moved to the club's new server"})
    assert closed["answer"]["closed"] == "moved to the club's new server"
    said = f"The host closed table {table.id}: moved to the club's new server. Its record is kept."
    assert told == [said, said] and table.id not in hub.tables and not table.guests
    assert table.record.exists() and json.loads(table.meta_path.read_text())["closed"]
    # a restart leaves it closed, not damaged; the others come back
    again = Hub(rules, tmp_path, later=Later())
    assert again.restore() == []
    assert {t.id for t in again.listings()} == {other.id} and not again.damaged
    assert "There is no table" in admin.answer({"command": "close", "table": "T99"})["error"]


def test_a_barred_name_is_ended_refused_with_its_look_alikes_and_kept_over_a_restart(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    on = Connected(password_account("troll"))
    hub.sessions |= {on, Connected(BOB)}
    admin = Admin(hub)
    answer = admin.answer({"command": "ban", "name": "troll", "why": "spam in the lobby"})
    assert answer == {"answer": {"name": "troll", "ended": 1}}
    assert (
        on.ended
        and on.goodbye == "plot: the host of this server has barred the name 'troll': spam in the lobby."
    )
    for name in ("troll", "tro1l", "troII", "ｔｒｏｌｌ"):
        assert (
            hub.name_problem(name) == "the host of this server has barred the name 'troll': spam in the lobby"
        )
    assert hub.name_problem("bob") is None
    again = Hub(rules, tmp_path, later=Later())
    again.restore()
    assert again.name_problem("troll") is not None  # kept in the data folder
    assert [b["name"] for b in Admin(again).answer({"command": "bans"})["answer"]] == ["troll"]
    lifted = {"name": "troll", "lifted": True, "was": "barred"}
    assert Admin(again).answer({"command": "unban", "name": "troll"}) == {"answer": lifted}
    assert again.name_problem("troll") is None
    assert not Admin(again).answer({"command": "unban", "name": "troll"})["answer"]["lifted"]


def test_a_request_that_is_not_one_is_named():
    admin = Admin(None)  # type: ignore[arg-type]  # (no request reaches the hub)
    assert "no such request: 'reboot'" in admin.answer({"command": "reboot"})["error"]
    assert "no such request" in admin.answer(["who"])["error"]


def test_plot_admin_reaches_the_process_through_its_socket_in_the_data_folder(rules, tmp_path):
    """Only the server's user may ask (the folder is 0700, the socket 0600); a socket
    left by a process that died is removed and the live one answers."""
    hub = Hub(rules, tmp_path, later=Later())
    hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)

    async def go():
        admin = await open_admin(hub)
        path = admin.path
        dead = tmp_path / "admin" / "1-dead00.sock"  # a process gone: nobody listens there
        dead.touch()
        try:
            answers = await asyncio.to_thread(ask, tmp_path, {"command": "tables"})
            assert path.stat().st_mode & 0o777 == 0o600 and path.parent.stat().st_mode & 0o777 == 0o700
        finally:
            admin.close()
        assert [[t["id"] for t in a["answer"]] for a in answers] == [["T1"]]
        assert not dead.exists() and not path.exists()  # and its own goes with it

    asyncio.run(go())


@pytest.mark.asyncio
async def test_at_a_closed_table_the_full_screen_goes_back_to_the_lobby_and_says_why(rules, tmp_path):
    from plot_server.connection_limits import ConnectionLimits
    from plot_server.server import ServedApp
    from plot_tui.game import GameScreen

    from .test_replays import text, until

    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.take_seat(table.id, "")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "at the table")
        await pilot.press("question_mark")  # a dialog open on the game: closed with it
        await pilot.pause()
        hub.close(table.id, "the club moved")
        await until(pilot, lambda: app.screen is app.lobby, "back in the lobby")
        await pilot.pause()
        said = f"The host closed table {table.id}: the club moved. Its record is kept."
        assert said in text(app, "#message")
        app.lobby.refresh_rows()  # the list's own hint ("No tables yet") waits for a key
        assert said in text(app, "#message")


def test_at_a_closed_table_the_plain_door_says_why_and_is_back_in_the_lobby(rules, tmp_path):
    from .test_plain_door import Player_

    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    alice, bob = Player_(hub, ALICE), Player_(hub, BOB)
    alice.visit.start()
    bob.visit.start()
    alice.type(f"sit {table.id}")
    bob.type(f"watch {table.id}")
    alice.new(), bob.new()
    hub.close(table.id, "the club moved")
    for player in (alice, bob):
        said = player.new()
        assert f"The host closed table {table.id}: the club moved. Its record is kept." in said
        assert "Back in the lobby." in said
        assert player.visit.guest is None


def test_a_browser_signed_in_before_the_ban_is_turned_away_with_the_reason(rules, tmp_path):
    from aiohttp.test_utils import TestClient, TestServer

    from plot_server.guard import PasswordThrottle
    from plot_server.server import ConnectionCount, Limits
    from plot_server.web import make_app

    hub = Hub(rules, tmp_path, later=Later())
    app = make_app(
        hub, password="swordfish", limits=Limits(), gauge=ConnectionCount(), throttle=PasswordThrottle()
    )

    async def go():
        async with TestClient(TestServer(app)) as client:
            signed = await client.post("/signin", data={"name": "troll", "password": "swordfish"})
            assert signed.status == 200 and client.session.cookie_jar.filter_cookies(client.make_url("/"))
            hub.ban("troll", "abuse in the lobby")
            page = await client.get("/")
            said = await page.text()
            assert page.status == 403 and "barred the name &#x27;troll&#x27;: abuse in the lobby" in said
            play = await client.get("/ws", headers={"Origin": str(client.make_url(""))})
            assert play.status == 403 and "abuse in the lobby" in await play.text()

    asyncio.run(go())


def test_a_muted_name_plays_on_but_talks_nowhere_until_the_mute_is_lifted(rules, tmp_path, capfd):
    from plot_server.hub import Refused

    hub = Hub(rules, tmp_path, later=Later())
    chatter = password_account("chatter")
    table = hub.create(chatter, Player.SS, opponent=Seat.HUMAN, seed=1)
    guest = hub.sit(table.id, chatter, codes=CodeLimit(5))
    admin = Admin(hub)
    assert admin.answer({"command": "mute", "name": "chatter", "why": "insults"}) == {
        "answer": {"name": "chatter"}
    }
    said = "You may not talk here: the host of this server has muted the name 'chatter': insults."
    assert admin.answer({"command": "mute", "name": "quiet", "why": ""}) == {"answer": {"name": "quiet"}}
    assert capfd.readouterr().out.endswith("the host of this server has muted the name 'quiet'\n")  # no colon
    admin.answer({"command": "unmute", "name": "quiet"})
    for talk in (lambda: hub.say(guest, "hello"), lambda: hub.say_in_lobby(chatter, "hello")):
        try:
            talk()
        except Refused as exc:
            assert str(exc) == said
        else:
            raise AssertionError("a muted name talked")
    assert guest in table.guests and guest.chair.side is Player.SS  # still seated, still playing
    assert hub.name_problem("chatter") is None  # a mute is not a bar
    again = Hub(rules, tmp_path, later=Later())
    again.restore()
    listed = Admin(again).answer({"command": "bans"})["answer"]
    assert [(b["name"], b["what"], b["why"]) for b in listed] == [("chatter", "muted", "insults")]
    lifted = {"name": "chatter", "lifted": True, "was": "muted"}
    assert Admin(again).answer({"command": "unmute", "name": "chatter"}) == {"answer": lifted}
    assert again.bans.muting("chatter") is None
    assert not Admin(again).answer({"command": "unmute", "name": "chatter"})["answer"]["lifted"]
    hub.lift("chatter", MUTE)
    assert hub.say(guest, "sorry").text == "sorry"


def test_a_closed_table_plays_no_more_and_its_record_stays_as_it_was(rules, tmp_path):
    """The computer against itself, closed after a few steps: nothing more is played,
    written or rated (a closed table's game once went on to its end)."""
    clock = Later()
    hub = Hub(rules, tmp_path, later=clock)
    table = hub.create(ALICE, Player.SS, opponent=Seat.COMPUTER, level="easy", seed=5, both=True)
    hub.watch(table.id, BOB)
    for _ in range(6):  # a few of its steps, each of which puts off the next
        clock.waiting.pop(0)()
    assert table.session.actions > 0
    hub.close(table.id, "enough")
    played, size = table.session.actions, table.record.stat().st_size
    clock.run()
    assert table.session.actions == played and table.record.stat().st_size == size
    assert not hub.results.knows(table.id)


def test_a_key_holder_barred_under_one_name_is_barred_under_any(rules, tmp_path):
    """A key may sign in under any user name: the keys seen under a barred name are
    barred with it."""
    hub = Hub(rules, tmp_path, later=Later())
    troll = Account("key SHA256:trollkey", "troll")
    hub.sessions.add(Connected(troll))
    hub.ban("troll", "abuse")
    assert hub.signed_in_problem(Account("key SHA256:trollkey", "angel")) == (
        "the host of this server has barred the name 'troll': abuse"
    )
    assert hub.signed_in_problem(Account("key SHA256:another", "angel")) is None
    again = Hub(rules, tmp_path, later=Later())
    again.restore()
    assert again.signed_in_problem(Account("key SHA256:trollkey", "angel")) is not None  # kept with the bar
    assert hub.bans.barring("TROLL") is not None and hub.bans.barring("Troll") is not None
