"""A rematch, sides swapped, at a finished table: offered by one player, answered by the
other (who may be away when it is made), kept with the table through a restart; against
the computer, a new game at once. The hub's rules first, then the served app (the
same app the SSH and web doors run) moving both players to the new table."""

from __future__ import annotations

import json
import random

import pytest

from fakes import Later
from plot_core import Player
from plot_server.connection_limits import ConnectionLimits
from plot_server.guard import CodeLimit
from plot_server.hub import Hub, Refused
from plot_server.rematch import DECLINED
from plot_server.server import ServedApp
from plot_session.session import Seat
from plot_tui.game import GameScreen
from plot_tui.screens import ConfirmScreen, GameOverScreen
from tui.helpers import until

from .test_hub import ALICE, BOB, CAROL, play


def finished(hub: Hub, seed: int = 5):
    """alice (SS) and bob (Abwehr) play a game to its end; both are still at the table."""
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=seed)
    guests = {
        Player.SS: hub.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    }
    play(guests, 20_000, random.Random(seed))
    assert table.over
    return table, guests


def test_an_offer_accepted_makes_a_table_with_the_sides_swapped_and_no_code_asked(hub):
    table, guests = finished(hub)
    assert "R: a rematch, sides swapped." in hub.note_for(table, Player.SS)
    assert hub.rematches.ask(guests[Player.ABWEHR]) is None  # bob offers: a question for alice
    assert "bob offers a rematch, sides swapped (you would play the Abwehr): R to answer." in hub.note_for(
        table, Player.SS
    )
    assert "waits for your opponent's answer" in hub.note_for(table, Player.ABWEHR)
    with pytest.raises(Refused, match="offered a rematch already"):
        hub.rematches.ask(guests[Player.ABWEHR])
    new = hub.rematches.answer(guests[Player.SS], yes=True)
    assert new is not None and new.id != table.id and not new.over
    assert new.owners == {Player.SS: BOB, Player.ABWEHR: ALICE}  # swapped, both taken
    assert new.session.seats == {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.HUMAN}
    assert table.rematch is not None and table.rematch.table == new.id
    assert f"The rematch is table {new.id}: you play the Abwehr there." in hub.note_for(table, Player.SS)
    assert f"The rematch is table {new.id}." in hub.note_for(table, None)
    with pytest.raises(Refused, match=f"already table {new.id}"):
        hub.rematches.ask(guests[Player.SS])
    # bob sits at his new side without a join code; alice too
    assert hub.sit(new.id, BOB, codes=CodeLimit(5)).chair.side is Player.SS
    assert hub.sit(new.id, ALICE, codes=CodeLimit(5)).chair.side is Player.ABWEHR


def test_a_declined_offer_is_said_and_not_made_again(hub):
    table, guests = finished(hub, seed=6)
    hub.rematches.ask(guests[Player.SS])
    assert hub.rematches.answer(guests[Player.ABWEHR], yes=False) is None
    assert table.rematch is not None and table.rematch.answer == DECLINED
    assert "Your offer of a rematch was declined." in hub.note_for(table, Player.SS)
    assert "You declined the rematch." in hub.note_for(table, Player.ABWEHR)
    for side in Player:  # a side offers once: no pestering
        with pytest.raises(Refused, match="declined; a side offers once"):
            hub.rematches.ask(guests[side])
    with pytest.raises(Refused, match="No offer of a rematch waits"):
        hub.rematches.answer(guests[Player.ABWEHR], yes=True)
    assert len(hub.tables) == 1


def test_only_the_players_of_a_finished_game_ask(hub):
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=7)
    guests = {
        Player.SS: hub.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    }
    with pytest.raises(Refused, match="when the game is over"):
        hub.rematches.ask(guests[Player.SS])
    play(guests, 20_000, random.Random(7))
    with pytest.raises(Refused, match="Only the players"):
        hub.rematches.ask(hub.watch(table.id, CAROL))
    with pytest.raises(Refused, match="No offer of a rematch waits"):
        hub.rematches.answer(guests[Player.SS], yes=True)  # nobody offered


def test_against_the_computer_the_rematch_is_a_new_game_at_once(hub, clock):
    table = hub.create(ALICE, Player.SS, opponent=Seat.COMPUTER, level="random", seed=8)
    guest = hub.sit(table.id, ALICE, codes=CodeLimit(5))
    rnd = random.Random(8)
    while not table.over:
        if guest.chair.my_move():
            guest.chair.act(rnd.choice(guest.chair.legal()))
        else:
            assert clock.run() > 0
    new = hub.rematches.ask(guest)
    assert new is not None and new.owners == {Player.ABWEHR: ALICE}
    assert new.session.seats[Player.SS] is Seat.COMPUTER and new.session.levels[Player.SS] == "random"


def test_an_offer_waits_through_a_restart_and_a_bad_one_in_a_file_is_left_out(rules, hub, tmp_path, capfd):
    table, guests = finished(hub, seed=9)
    hub.rematches.ask(guests[Player.SS])
    again = Hub(rules, tmp_path / "server", later=Later())  # the server comes back
    assert again.restore() == []
    back = again.table(table.id)
    assert back.rematch == table.rematch
    bob = again.sit(table.id, BOB, codes=CodeLimit(5))  # bob comes back to his finished game: the offer waits
    assert "alice offers a rematch" in again.note_for(back, Player.ABWEHR)
    assert again.rematches.answer(bob, yes=True) is not None

    meta = json.loads(table.meta_path.read_text())
    meta["rematch"] = {"by": "allies", "answer": ""}  # no such side: damaged by hand
    table.meta_path.write_text(json.dumps(meta))
    third = Hub(rules, tmp_path / "server", later=Later())
    assert third.restore() == []  # the table and its game come back; the rematch does not
    assert third.table(table.id).rematch is None
    assert "its rematch could not be read" in capfd.readouterr().out


@pytest.mark.asyncio
async def test_r_at_the_end_offers_and_the_answer_takes_the_player_to_the_new_table(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table, guests = finished(hub, seed=10)
    hub.leave(guests[Player.SS])  # alice watches the end on her screen instead
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.take_seat(table.id, "")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game's end")
        assert "r rematch, sides swapped" in " ".join(str(s.render()) for s in app.screen.query("Static"))
        await pilot.press("r")
        await until(pilot, lambda: table.rematch is not None, "the offer")
        assert isinstance(app.screen, GameScreen)
        assert "Rematch offered" in str(app.screen.prompt_pane.message)
        new = hub.rematches.answer(guests[Player.ABWEHR], yes=True)  # bob, elsewhere, accepts
        assert new is not None
        await until(pilot, lambda: app.guest is not None and app.guest.table_id == new.id, "alice moved")
        assert app.guest.chair.side is Player.ABWEHR and isinstance(app.screen, GameScreen)
        assert (
            app.screen.controller.table.session.state.outcome is None and f"table {new.id}" in app.sub_title
        )


@pytest.mark.asyncio
async def test_an_offer_made_while_away_is_asked_on_coming_back(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table, guests = finished(hub, seed=11)
    hub.leave(guests[Player.SS])
    hub.rematches.ask(guests[Player.ABWEHR])  # bob offers while alice is away
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.take_seat(table.id, "")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "bob offers a rematch, sides swapped (you would play the Abwehr). Play it?" in str(
            app.screen.question
        )
        await pilot.press("y")
        await until(pilot, lambda: table.rematch is not None and table.rematch.table is not None, "accepted")
        new = table.rematch.table
        await until(pilot, lambda: app.guest is not None and app.guest.table_id == new, "alice moved")
        assert app.guest.chair.side is Player.ABWEHR and isinstance(app.screen, GameScreen)
        assert hub.tables[new].owners[Player.SS] == BOB


def test_in_plain_text_rematch_offers_and_the_other_player_types_rematch_to_play_it(rules, tmp_path):
    from .test_plain_door import Player_

    hub = Hub(rules, tmp_path, later=Later())
    table, guests = finished(hub, seed=12)
    for guest in guests.values():
        hub.leave(guest)
    alice, bob = Player_(hub, ALICE), Player_(hub, BOB)
    alice.visit.start(), bob.visit.start()
    said = alice.type(f"sit {table.id}")
    assert "rematch: a rematch, sides swapped." in said and "R:" not in said
    assert "Refused: No offer of a rematch waits" in alice.type("decline")
    assert "Rematch offered, sides swapped" in alice.type("rematch")
    said = bob.type(f"sit {table.id}")
    assert "alice offers a rematch, sides swapped (you would play the SS): rematch to play it" in said
    said = bob.type("rematch")
    new = table.rematch.table if table.rematch is not None else None
    assert new is not None and f"The rematch is table {new}." in said and "you are the SS" in said
    said = alice.new()  # alice, still at the old table, is taken to hers
    assert f"The rematch is table {new}." in said and "you are the Abwehr" in said
    assert hub.tables[new].owners == {Player.SS: BOB, Player.ABWEHR: ALICE}


@pytest.mark.asyncio
async def test_a_player_who_sits_at_the_old_game_after_the_rematch_was_made_stays_to_look(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table, guests = finished(hub, seed=14)
    hub.rematches.ask(guests[Player.SS])
    new = hub.rematches.answer(guests[Player.ABWEHR], yes=True)
    assert new is not None
    hub.leave(guests[Player.SS])
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.take_seat(table.id, "")  # to look at the finished game again
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game's end")
        await pilot.press("b")
        await pilot.pause(0.2)
        assert app.guest is not None and app.guest.table_id == table.id
        assert f"The rematch is table {new.id}" in " ".join(str(app.screen.prompt_pane.render()).split())


def test_in_plain_text_the_old_game_can_be_looked_at_after_its_rematch(rules, tmp_path):
    from .test_plain_door import Player_

    hub = Hub(rules, tmp_path, later=Later())
    table, guests = finished(hub, seed=15)
    hub.rematches.ask(guests[Player.SS])
    new = hub.rematches.answer(guests[Player.ABWEHR], yes=True)
    hub.leave(guests[Player.SS])
    alice = Player_(hub, ALICE)
    alice.visit.start()
    said = alice.type(f"sit {table.id}")
    assert f"The rematch is table {new.id}: you play the Abwehr there." in said
    assert alice.visit.guest is not None and alice.visit.guest.table_id == table.id


def test_an_offer_waiting_for_a_player_heads_their_games(rules, tmp_path):
    from .test_plain_door import Player_

    hub = Hub(rules, tmp_path, later=Later())
    old, guests = finished(hub, seed=16)
    ongoing = hub.create(BOB, Player.ABWEHR, opponent=Seat.HUMAN, seed=17)  # bob's move: not alice's
    hub.sit(ongoing.id, ALICE, code=ongoing.code, codes=CodeLimit(5))
    assert [g.table.id for g in hub.games_of(ALICE)] == [ongoing.id, old.id]
    hub.rematches.ask(guests[Player.ABWEHR])  # bob offers: alice has something to answer
    assert [g.table.id for g in hub.games_of(ALICE)] == [old.id, ongoing.id]
    alice = Player_(hub, ALICE)
    alice.visit.start()
    alice.new()
    said = alice.type("games")
    assert f"{old.id}: you play the SS against bob 1500?; {old.listing().status()}" in said
    assert "a rematch is offered to you (sit, then rematch or decline)" in said
