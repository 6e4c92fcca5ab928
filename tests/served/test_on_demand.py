"""Tables loaded on demand: a table nobody is at leaves memory and is listed from the
listing kept beside its record; sitting, watching or its clock brings it back, with
nothing of its game lost; a restart reads listings, not games."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

import attrs
import pytest

from fakes import Later
from plot_core import Player
from plot_record.clock import ClockRule
from plot_server.guard import CodeLimit
from plot_server.hub import IDLE_AFTER, MAX_TABLES, Account, Hub, Refused
from plot_server.listing import listing_from
from plot_session.session import Seat

from .test_hub import ALICE, BOB, CAROL, play, two_players

START = datetime.now(UTC)  # (a game's record stamps its moves with the real time)


class Clock:
    """The hub's monotonic clock and wall clock, moved by the test."""

    def __init__(self) -> None:
        self.t = 1000.0

    def now(self) -> float:
        return self.t

    def wall(self) -> datetime:
        return START + timedelta(seconds=self.t - 1000.0)


def hub_at(rules, home, later, clock: Clock) -> Hub:
    return Hub(rules, home, later=later, now=clock.now, wall=clock.wall)


def listed_fields(listing) -> dict:
    """What a list shows of a table (not where it was made from)."""
    skip = ("size", "present", "watchers")
    return {k: v for k, v in attrs.asdict(listing, recurse=False).items() if k not in skip}


def test_a_table_nobody_is_at_leaves_memory_and_comes_back_with_nothing_lost(rules, tmp_path):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    table, guests, _ = two_players(hub)
    play(guests, 40, random.Random(5))
    guests[Player.SS].chair.talk("back tomorrow")
    actions, state, chat = table.session.actions, table.session.state, list(table.session.chat)
    for g in guests.values():
        hub.leave(g)
    before = table.listing()
    later.run()
    clock.t += IDLE_AFTER - 1
    assert hub.drop_idle() == []  # not idle long enough
    clock.t += 2
    assert hub.drop_idle() == [table.id]
    assert table.id not in hub.tables and hub.unfinished() == 1
    # the lists still say it as it was: whose move, the stage, who plays
    after = hub.listing(table.id)
    assert after is not None and listed_fields(after) == listed_fields(before)
    assert [g.table.id for g in hub.games_of(ALICE)] == [table.id]
    mover = ALICE if state.to_act is Player.SS else BOB
    assert hub.moves_of(mover) == {table.id}
    # sitting brings it back: the same game, its talk, and it plays on
    back = hub.sit(table.id, mover, codes=CodeLimit(5))
    loaded = hub.tables[table.id]
    assert loaded is not table and loaded.session.actions == actions
    assert loaded.session.state == state and loaded.session.chat == chat
    back.chair.act(back.chair.legal()[0])
    assert loaded.session.actions == actions + 1


def test_a_table_with_someone_at_it_or_the_computer_to_move_stays(rules, tmp_path):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    watched = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=3)
    hub.watch(watched.id, CAROL)
    computer = hub.create(BOB, Player.SS, opponent=Seat.COMPUTER, seed=4, both=True)
    clock.t += IDLE_AFTER + 1
    # the computer's game against itself: its next step waits on the test's clock
    assert computer.runtime.busy
    assert hub.drop_idle() == []


def test_a_restart_lists_the_tables_without_reading_their_games(rules, tmp_path, monkeypatch):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    table, guests, _ = two_players(hub)
    play(guests, 25, random.Random(2))
    for g in guests.values():
        hub.leave(g)
    clock.t += IDLE_AFTER + 1
    hub.drop_idle()
    before = hub.listing(table.id)
    again = hub_at(rules, tmp_path / "server", Later(), clock)
    read = []
    monkeypatch.setattr(Hub, "_load", lambda self, path: read.append(path))
    assert again.restore() == []
    assert read == [] and again.tables == {}
    assert again.listing(table.id) == before
    assert again.unfinished() == 1 and [t.id for t in again.listed_for(ALICE)] == [table.id]


def test_a_listing_older_than_its_record_is_made_again_at_the_restart(rules, tmp_path):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    table, guests, _ = two_players(hub)
    kept = json.loads(table.meta_path.read_text())["listing"]
    play(guests, 30, random.Random(9))  # (a crash: the table file keeps the listing of move 0)
    assert json.loads(table.meta_path.read_text())["listing"] == kept
    again = hub_at(rules, tmp_path / "server", Later(), clock)
    assert again.restore() == []
    listing = again.listing(table.id)
    assert listing is not None and listing.actions == table.session.actions == 30
    assert listing.to_act is table.session.state.to_act
    # ... and kept, so the next restart reads it without the game
    assert listing_from(json.loads(table.meta_path.read_text())["listing"]).actions == 30


def test_a_table_where_the_computer_is_to_move_is_opened_at_the_restart(rules, tmp_path):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    both = hub.create(ALICE, Player.SS, opponent=Seat.COMPUTER, seed=6, both=True)
    again = hub_at(rules, tmp_path / "server", Later(), clock)
    again.restore()
    assert both.id in again.tables  # its game runs by itself, for watchers to find
    people = hub.create(BOB, Player.SS, opponent=Seat.HUMAN, seed=7)
    third = hub_at(rules, tmp_path / "server", Later(), clock)
    third.restore()
    assert people.id not in third.tables and third.listing(people.id) is not None


def test_a_listed_clock_runs_as_the_game_s_and_runs_out_with_the_table_unloaded(rules, tmp_path):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=7, clock=ClockRule(1, 2))
    guests = {
        Player.SS: hub.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    }
    rnd = random.Random(3)
    play(guests, 6, rnd)
    listing = table.listing()
    for later_on in (0, 3600, 20 * 3600):
        at = clock.wall() + timedelta(seconds=later_on)
        assert listing.time_left(at) == table.session.time_left(at)
    for g in guests.values():
        hub.leave(g)
    later.run()
    clock.t += IDLE_AFTER + 1
    assert hub.drop_idle() == [table.id]
    loser = listing.to_act
    clock.t += 2 * 86400
    assert hub.clocks.check() == [table.id]  # loaded for it, and ended on time
    assert hub.tables[table.id].over
    over = hub.listing(table.id)
    assert over is not None and over.over and "clock ran out" in over.reason
    assert loser is not None and f"the {loser.title} player's clock" in over.reason


def test_the_server_keeps_tens_of_thousands_of_games_by_default(rules, tmp_path):
    assert MAX_TABLES >= 10_000 and Hub(rules, tmp_path).max_tables == MAX_TABLES


def test_a_player_with_a_table_not_loaded_is_still_known_to_the_limits(rules, tmp_path):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    hub.max_tables_per_player = 1
    hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    clock.t += IDLE_AFTER + 1
    hub.drop_idle()
    assert hub.tables == {}
    with pytest.raises(Refused, match="finish one of them first"):
        hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=2)


def test_a_busy_server_lists_a_player_s_own_tables_and_the_others_up_to_a_limit(rules, tmp_path):
    from .test_plain_door import Player_

    hub = hub_at(rules, tmp_path / "server", Later(), Clock())
    hub.index.rows = 3
    mine = hub.create(CAROL, Player.SS, opponent=Seat.HUMAN, seed=1)  # the oldest
    others = [
        hub.create(Account(f"key {k}", f"p{k}"), Player.SS, opponent=Seat.HUMAN, seed=k) for k in range(6)
    ]
    for t in others[:4]:  # four of them full: the two still open come first
        hub.sit(t.id, BOB, code=t.code, codes=CodeLimit(5))
    # hers, and the three others every lobby lists: the open ones first (hers is one)
    assert [t.id for t in hub.listed_for(CAROL)] == [mine.id, others[4].id, others[5].id]
    assert [t.id for t in hub.listed_for(BOB)] == [
        *(t.id for t in others[:4]),
        mine.id,
        others[4].id,
        others[5].id,
    ]
    said = Player_(hub, CAROL).type("tables")
    assert "4 more tables are not listed" in said and f"{mine.id}:" in said
    assert hub.index.total == 7 and [g.table.id for g in hub.games_of(CAROL)] == [mine.id]


def test_a_table_with_a_standing_no_coup_answer_stays_loaded_for_its_game_turn(rules, tmp_path):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    table, guests, _ = two_players(hub)
    for g in guests.values():
        hub.leave(g)
    later.run()
    # the Abwehr answered the coup question ahead for this Game-Turn (18.11): held in
    # the table's memory, so the table is not let go while the answer stands
    table.runtime.no_coup_in[Player.ABWEHR] = table.session.state.turn
    clock.t += IDLE_AFTER + 1
    assert hub.drop_idle() == []
    table.runtime.no_coup_in[Player.ABWEHR] = table.session.state.turn - 1  # a turn gone by
    assert hub.drop_idle() == [table.id]


@pytest.mark.asyncio
async def test_a_lobby_hears_a_change_made_where_no_app_runs(rules, tmp_path):
    """A change may come from anywhere (a clock, the store's news, another connection
    leaving): the served lobby still draws it (its timer was once set outside any app,
    and the lobby froze)."""
    import asyncio
    import contextvars

    from plot_server.connection_limits import ConnectionLimits
    from plot_server.server import ServedApp
    from tui.helpers import until

    hub = Hub(rules, tmp_path / "server", later=Later())
    app = ServedApp(None, hub, CAROL, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.lobby, "the lobby")
        made: list[str] = []

        def make() -> None:
            made.append(hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=3).id)

        asyncio.get_running_loop().call_soon(make, context=contextvars.Context())  # no app here
        await until(pilot, lambda: made and made[0] in app.lobby.query_one("DataTable").rows, "the new table")
        assert not app._lobby_due


def test_a_finished_table_is_not_let_go_while_its_end_is_still_being_told(rules, tmp_path, monkeypatch):
    clock, later = Clock(), Later()
    hub = Hub(rules, tmp_path / "server", later=later, now=clock.now, wall=clock.wall, keep_finished=0)
    table, guests, _ = two_players(hub)
    play(guests, 20_000, random.Random(5))
    assert table.over
    busy = {table.id}
    monkeypatch.setattr(hub, "_busy", lambda t: t.id in busy)
    for g in guests.values():
        hub.leave(g)  # (each leave prunes the finished games past keep_finished)
    assert table.id in hub.tables  # its listing, notices or result still on their way
    busy.clear()
    hub.prune()
    assert table.id not in hub.tables and hub.listing(table.id) is None


def test_a_listing_let_go_says_nobody_is_at_the_table(rules, tmp_path):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=2)
    table.elsewhere = frozenset({Player.SS})  # (seated through another process, as heard)
    assert Player.SS in table.listing().present
    clock.t += IDLE_AFTER + 1
    assert hub.drop_idle() == [table.id]
    # what is kept says nothing of who was there: the presence heard now says it
    assert hub.listed[table.id].present == frozenset() and hub.listing(table.id).present == frozenset()


def test_a_clock_running_low_at_a_table_not_loaded_is_told_with_who_is_there(rules, tmp_path):
    clock, later = Clock(), Later()
    hub = hub_at(rules, tmp_path / "server", later, clock)
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=7, clock=ClockRule(1, 0))
    guests = {
        Player.SS: hub.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    }
    play(guests, 3, random.Random(1))
    to_act = table.session.state.to_act
    for g in guests.values():
        hub.leave(g)
    later.run()
    clock.t += IDLE_AFTER + 1
    assert hub.drop_idle() == [table.id]
    told = []

    class Notices:
        def clock_low(self, listing, side, left):
            told.append((listing, side))

    hub.notices = Notices()  # type: ignore[assignment]
    hub.presence.elsewhere["other"] = (frozenset({(table.id, to_act.value, 0)}), hub.presence.now())
    hub.presence._by_table = None
    clock.t += 86400 - 3600  # an hour left on the clock of the side to act
    assert hub.clocks.check() == []
    assert [(listing.id, side) for listing, side in told] == [(table.id, to_act)]
    assert to_act in told[0][0].present  # seated through another process: not away


@pytest.mark.asyncio
async def test_home_and_end_reach_the_lobby_s_first_and_last_table_and_the_title_names_the_table(
    rules, tmp_path
):
    from plot_server.connection_limits import ConnectionLimits
    from plot_server.server import ServedApp
    from tui.helpers import until

    hub = Hub(rules, tmp_path / "server", later=Later())
    made = [
        hub.create(Account(f"key {k}", f"p{k}"), Player.SS, opponent=Seat.HUMAN, seed=k).id for k in range(9)
    ]
    app = ServedApp(None, hub, CAROL, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.lobby, "the lobby")
        rows = app.lobby.query_one("DataTable")
        await pilot.press("end")
        assert rows.cursor_row == len(made) - 1
        await pilot.press("home")
        assert rows.cursor_row == 0
        await pilot.press("end", "j")  # the last table's join dialog
        await until(pilot, lambda: app.screen is not app.lobby, "the join dialog")
        for c in hub.tables[made[-1]].code:
            await pilot.press(c)
        await pilot.press("enter")
        await until(pilot, lambda: app.game_screen is not None, "the game")
        # at 80 columns the header ends at the game's id: the table comes first
        assert app.sub_title.startswith(f"table {made[-1]}: carol plays the Abwehr")
