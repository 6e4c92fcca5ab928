"""A table's correspondence clock at the server: set when the table is made, shown to
both players, run from the record's times (so the same after a restart, and on another
worker process: tests/store/test_store.py), a loss on time when it runs out (looked
for on the hub's clock, here advanced by hand), and extra time given."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from fakes import Later
from plot_core import Player
from plot_record import load_record
from plot_record.clock import ClockRule, stamp
from plot_server.connection_limits import ConnectionLimits
from plot_server.guard import CodeLimit
from plot_server.hub import Hub, Refused
from plot_session.session import Seat

from .moves import pass_the_move
from .test_hub import ALICE, BOB
from .test_plain_door import Player_

RULE = ClockRule(1, 2)  # a day each, two hours a move


class Wall:
    """The server's date and time, moved on by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def stamp(self) -> str:
        return stamp(self.now)

    def wait(self, **kw: float) -> None:
        self.now += timedelta(**kw)


def clocked_table(hub: Hub, wall: Wall):
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=21, clock=RULE)
    table.session.stamp = wall.stamp
    guests = {
        Player.SS: hub.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    }
    return table, guests


def test_the_clock_is_shown_runs_for_the_side_to_act_and_a_side_out_of_time_loses(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    table, guests = clocked_table(hub, wall)
    assert load_record(table.record, rules).header.clock == RULE  # kept in the record
    note = hub.note_for(table, Player.SS)
    assert "Clock (1 day each + 2 h a move): you 1 day, bob 1 day." in note  # not yet begun
    pass_the_move(guests[Player.ABWEHR])  # the Abwehr begins (7.1): its first action is free
    wall.wait(hours=5)
    note = hub.note_for(table, Player.SS)
    assert "you 19 h (running), bob 1 day 2 h." in note  # bob earned the bonus
    (mine,) = hub.games_of(ALICE)  # her list of games says both
    assert (mine.left, mine.their_left) == (19 * 3600, 26 * 3600)
    assert hub.clocks.check() == []
    pass_the_move(guests[Player.SS])  # 5 h of alice's day gone, and her bonus for passing the move
    wall.wait(hours=20)
    assert "alice 21 h, you 6 h (running)." in hub.note_for(table, Player.ABWEHR)
    wall.wait(hours=6)  # bob's day and his bonus run out
    loser = table.session.state.to_act
    assert loser is Player.ABWEHR
    assert hub.clocks.check() == [table.id]
    assert table.over and table.session.state.outcome.case == "clock"
    assert table.session.state.outcome.reason == "the Abwehr player's clock ran out: the SS wins on time"
    assert table.listing().status() == f"over: {loser.enemy.title} won"
    record = load_record(table.record, rules)
    assert record.finished and record.timeline.final.outcome == table.session.state.outcome


def test_a_clock_runs_through_a_restart_from_the_records_times(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    table, guests = clocked_table(hub, wall)
    pass_the_move(guests[Player.ABWEHR])
    wall.wait(hours=3)
    before = table.session.time_left(wall())
    again = Hub(rules, tmp_path, later=Later(), wall=wall)  # the server comes back
    assert again.restore() == []
    assert again.table(table.id).session.time_left(wall()) == before  # to the second
    wall.wait(days=2)  # it was down while the SS's time ran out
    assert again.clocks.check() == [table.id]
    assert again.table(table.id).session.state.outcome.winner == "abwehr"


def test_the_clock_is_looked_at_on_the_hubs_own_timer(rules, tmp_path):
    wall, later = Wall(), Later()
    hub = Hub(rules, tmp_path, later=later, wall=wall)
    table, guests = clocked_table(hub, wall)
    pass_the_move(guests[Player.ABWEHR])
    hub.clocks.watch()  # the server starts it after restoring its tables
    wall.wait(days=3)
    later.waiting.pop(0)()  # a minute on: the look it put off
    assert table.over and later.waiting  # and it looks again later


def test_extra_time_is_given_by_the_other_player_only(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    table, guests = clocked_table(hub, wall)
    pass_the_move(guests[Player.ABWEHR])
    hub.clocks.give_time(guests[Player.ABWEHR], 24)  # bob gives alice (to move) a day
    assert "you 2 days (running)" in hub.note_for(table, Player.SS)
    with pytest.raises(Refused, match="more than 0 and at most 720 hours"):
        hub.clocks.give_time(guests[Player.ABWEHR], 0)
    with pytest.raises(Refused, match="Only a player"):
        hub.clocks.give_time(hub.watch(table.id, BOB.__class__("key c", "carol")), 5)
    assert load_record(table.record, rules).grants[0].hours == 24


def test_a_clock_is_for_two_players(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    with pytest.raises(Refused, match="A clock is for a game between two players"):
        hub.create(ALICE, Player.SS, opponent=Seat.COMPUTER, clock=RULE)
    with pytest.raises(Refused, match="This table has no clock"):
        t = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN)
        hub.clocks.give_time(hub.sit(t.id, ALICE, codes=CodeLimit(5)), 5)


def test_in_plain_text_a_clocked_table_is_made_shown_and_time_given(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    alice, bob = Player_(hub, ALICE), Player_(hub, BOB)
    alice.visit.start(), bob.visit.start()
    assert "Which clock?" in alice.type("new ss clock")
    assert "Refused: a clock's days must be more than 0 and at most 60" in alice.type("new ss clock 99")
    said = alice.type("new ss clock 1+2")
    table = hub.tables["T1"]
    assert table.session.clock == RULE and "Clock (1 day each + 2 h a move)" in said
    table.session.stamp = wall.stamp
    bob.type(f"join T1 {table.code}")
    said = bob.type("give 5")
    assert "Given: 5 h more on your opponent's clock." in said
    bob.type("leave")
    games = bob.type("games")
    assert "your time: 1 day, theirs: 1 day 5 h" in games


async def new_table_at(pilot, app, selector: str) -> None:
    """The lobby's new-table form (n), tabbed through to the widget ``selector`` names."""
    from plot_server.lobby import NewTableScreen

    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, NewTableScreen)
    widget = app.screen.query_one(selector)
    for _ in range(10):  # tab: the next group or field
        if widget.has_focus:
            break
        await pilot.press("tab")
    assert widget.has_focus


@pytest.mark.asyncio
async def test_a_new_table_in_the_lobby_gets_a_clock_from_the_list(rules, tmp_path):
    from plot_server.server import ServedApp

    hub = Hub(rules, tmp_path, later=Later())
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        await new_table_at(pilot, app, "#clock")
        await pilot.press("down", "space", "enter")  # the first preset: a day and 2 h
        await pilot.pause()
        table = hub.tables["T1"]
        assert table.session.clock == RULE
        assert "Clock (1 day each + 2 h a move): you 1 day" in str(app.screen.prompt_pane.render())


@pytest.mark.asyncio
async def test_a_clock_of_ones_own_is_typed_and_a_wrong_one_is_named(rules, tmp_path):
    from plot_server.lobby import NewTableScreen
    from plot_server.server import ServedApp

    hub = Hub(rules, tmp_path, later=Later())
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 40)) as pilot:
        await new_table_at(pilot, app, "#own-clock")
        await pilot.press(*"9+x", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen) and not hub.tables  # nothing made
        error = str(app.screen.query_one("#error").render())
        assert "Your own clock: a clock is days and hours a move, like 3+12" in error
        await pilot.press("backspace", "3", "6", "enter")  # 9 days each, 36 h a move
        await pilot.pause()
        assert hub.tables["T1"].session.clock == ClockRule(9, 36)


@pytest.mark.asyncio
async def test_g_at_the_table_gives_the_opponent_time(rules, tmp_path):
    from plot_server.lobby import GiveTimeScreen
    from plot_server.server import ServedApp

    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    table, guests = clocked_table(hub, wall)
    hub.leave(guests[Player.ABWEHR])
    app = ServedApp(None, hub, BOB, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.take_seat(table.id, "")
        await pilot.pause(0.2)
        await pilot.press("G")
        await pilot.pause()
        assert isinstance(app.screen, GiveTimeScreen)
        await pilot.press("x", "enter")  # not a number: said, still asked
        await pilot.pause()
        assert "A number of hours" in str(app.screen.query_one("#error").render())
        await pilot.press("backspace", "1", "2", "enter")
        await pilot.pause()
        assert table.session.grants[0].side is Player.SS and table.session.grants[0].hours == 12
        assert "Given: 12 h more on your opponent's clock." in str(app.screen.prompt_pane.render())
        assert "alice 1 day 12 h" in str(app.screen.prompt_pane.render())


@pytest.mark.parametrize("hours", [0.0005, 0.01, 1 / 12, 0.1, 719.99, 720])
def test_any_grant_the_server_takes_reads_back_after_a_restart(rules, tmp_path, hours):
    """One check for the live grant and the record's reader: a losing player once gave
    0.0005 h, which the server took and its reader then refused, so the game was gone
    after a restart. Whatever the server takes now comes back, to the second."""
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    table, guests = clocked_table(hub, wall)
    pass_the_move(guests[Player.ABWEHR])
    try:
        hub.clocks.give_time(guests[Player.ABWEHR], hours)
    except Refused as exc:
        assert hours * 60 < 5 and "at least 5 minutes" in str(exc)
        # what an older server took and wrote: read back all the same
        table.session.give_time(Player.SS, hours, wall.stamp())
    before = table.session.time_left(wall())
    again = Hub(rules, tmp_path, later=Later(), wall=wall)
    assert again.restore() == []
    assert again.table(table.id).session.time_left(wall()) == before
    assert again.table(table.id).session.grants[-1].hours == hours


def test_grants_are_bounded_while_the_move_stands(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    table, guests = clocked_table(hub, wall)
    pass_the_move(guests[Player.ABWEHR])
    for _ in range(3):
        hub.clocks.give_time(guests[Player.ABWEHR], 1)
    with pytest.raises(Refused, match="given time 3 times since the last move"):
        hub.clocks.give_time(guests[Player.ABWEHR], 1)
    with pytest.raises(Refused, match="at least 5 minutes"):
        hub.clocks.give_time(guests[Player.SS], 0.05)
    wall.wait(minutes=10)
    pass_the_move(guests[Player.SS])  # the move passes: the Abwehr's turn to be given time
    hub.clocks.give_time(guests[Player.SS], 1)
    assert len(load_record(table.record, rules).grants) == 4


def test_the_list_a_player_joins_from_says_each_tables_clock(rules, tmp_path):
    """A trap clock was invisible until one sat down: the lobby's list of tables and
    plain text's `tables` say it first."""
    from .test_plain_door import Player_

    hub = Hub(rules, tmp_path, later=Later())
    clocked = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=2, clock=RULE)
    plain = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=3)
    assert clocked.listing().status(clock=True) == "turn 1, Abwehr to act; clock 1d+2h"
    assert plain.listing().status(clock=True) == "turn 1, Abwehr to act"
    bob = Player_(hub, BOB)
    bob.visit.start()
    listed = bob.type("tables")
    assert f"{clocked.id}: SS alice (away), Abwehr free; turn 1, Abwehr to act; clock 1d+2h" in listed


@pytest.mark.asyncio
async def test_the_form_asks_the_clock_of_two_players_and_the_level_of_the_computer_in_24_rows(
    rules, tmp_path
):
    """With both parts the form was taller than 24 rows; each is asked only where it
    counts, and a clock picked before choosing the computer makes no clock."""
    from plot_server.lobby import NewTableScreen
    from plot_server.server import ServedApp
    from tui.helpers import until

    hub = Hub(rules, tmp_path, later=Later())
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        await new_table_at(pilot, app, "#clock")
        form = app.screen
        assert isinstance(form, NewTableScreen)
        box = form.query_one("#box").region
        assert box.y >= 0 and box.bottom <= 23, box  # above the footer, nothing scrolled off
        assert form.query_one("#clocks").display and not form.query_one("#levels").display
        await pilot.press("down", "space")  # a clock: a day and 2 h
        await pilot.press("shift+tab", "down", "space")  # then the computer after all
        await pilot.pause()
        assert form.query_one("#levels").display and not form.query_one("#clocks").display
        assert form.query_one("#box").region.bottom <= 23
        await pilot.press("enter")
        await until(pilot, lambda: "T1" in hub.tables, "the table")
        assert hub.tables["T1"].session.seats[Player.ABWEHR] is Seat.COMPUTER
        assert hub.tables["T1"].session.clock is None
