"""A player's own games, in the lobby (m) and in plain text (games): every table where
they have a side, theirs to move first, then the most recently moved, with when the
last move was made (from the record's times, so the same after a restart)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fakes import Later
from plot_core import Player
from plot_server.connection_limits import ConnectionLimits
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub
from plot_server.lobby import CLOCKS_COLUMN, MY_COLUMNS
from plot_server.server import ServedApp
from plot_server.tables import ago
from plot_session.session import Seat
from plot_tui.game import GameScreen
from tui.narrow import cut_at_80x24

from .moves import pass_the_move
from .test_hub import ALICE, BOB, CAROL
from .test_plain_door import Player_

NOW = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def moved(guest, at: str) -> None:
    """``guest``'s side acts, at ``at``, until it is the other side's move."""
    guest.chair.table.session.stamp = lambda: at
    pass_the_move(guest)


def three_games(hub: Hub):
    """alice's games: T1 waits for her (last moved 10:00), T2 for bob (11:30), T3 not begun;
    T4 is carol's and bob's."""
    tables = []
    for seed in (1, 2, 3):
        t = hub.create(BOB, Player.ABWEHR, opponent=Seat.HUMAN, seed=seed)  # the Abwehr moves first
        hub.sit(t.id, ALICE, code=t.code, codes=CodeLimit(5))
        tables.append(t)
    bob = [hub.sit(t.id, BOB, codes=CodeLimit(5)) for t in tables]
    moved(bob[0], "2026-11-27T10:00:00Z")  # now alice's move at T1
    moved(bob[1], "2026-11-27T11:00:00Z")
    moved(hub.sit(tables[1].id, ALICE, codes=CodeLimit(5)), "2026-11-27T11:30:00Z")  # T2: back to bob
    assert tables[1].session.state.to_act is Player.ABWEHR and tables[0].your_move(ALICE)
    other = hub.create(CAROL, Player.SS, opponent=Seat.HUMAN, seed=4)
    hub.sit(other.id, BOB, code=other.code, codes=CodeLimit(5))
    return tables


def test_ago_says_the_largest_whole_unit():
    assert ago(datetime(2026, 11, 27, 11, 59, 30, tzinfo=UTC), NOW) == "just now"
    assert ago(datetime(2026, 11, 27, 11, 55, tzinfo=UTC), NOW) == "5 min ago"
    assert ago(datetime(2026, 11, 27, 9, 0, tzinfo=UTC), NOW) == "3 h ago"
    assert ago(datetime(2026, 11, 26, 11, 0, tzinfo=UTC), NOW) == "1 day ago"
    assert ago(datetime(2026, 11, 24, 12, 0, tzinfo=UTC), NOW) == "3 days ago"
    assert ago(datetime(2026, 11, 28, 12, 0, tzinfo=UTC), NOW) == "just now"  # a clock behind


def test_a_players_games_come_theirs_to_move_first_then_the_latest_moved(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later(), wall=lambda: NOW)
    t1, t2, t3 = three_games(hub)
    assert [g.table.id for g in hub.games_of(ALICE)] == [t1.id, t2.id, t3.id]
    assert (t1.listing().last_move(NOW), t2.listing().last_move(NOW), t3.listing().last_move(NOW)) == (
        "2 h ago",
        "30 min ago",
        "not yet",
    )
    assert [g.table.id for g in hub.games_of(CAROL)] == ["T4"]
    # the times come from the record: a restarted server says the same
    again = Hub(rules, tmp_path, later=Later(), wall=lambda: NOW)
    assert again.restore() == []
    assert [g.table.id for g in again.games_of(ALICE)] == [t1.id, t2.id, t3.id]
    assert again.listing(t2.id).last_move(NOW) == "30 min ago"


async def my_games(app: ServedApp, pilot):
    """The lobby's list after m: the player's own games."""
    await pilot.pause()
    await pilot.press("m")
    await pilot.pause()
    return app.lobby.query_one("DataTable")


def labels(table) -> tuple[str, ...]:
    return tuple(str(c.label) for c in table.columns.values())


@pytest.mark.asyncio
async def test_m_in_the_lobby_lists_ones_games_and_enter_sits_down(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later(), wall=lambda: NOW)
    t1, t2, t3 = three_games(hub)
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_games(app, pilot)
        assert labels(table) == MY_COLUMNS  # no clocks
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert rows == [
            [t1.id, "SS ▶ your move", "bob", "turn 1", "2 h ago"],
            [t2.id, "SS", "bob", "turn 1", "30 min ago"],
            [t3.id, "SS", "bob", "set-up" if t3.session.state.turn == 0 else "turn 1", "not yet"],
        ]
        assert fits(table, 80)
        await pilot.press("enter")  # the first: her move
        for _ in range(100):
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, GameScreen)
        assert app.guest is not None and app.guest.table_id == t1.id and app.guest.chair.my_move()
        await pilot.press("q", "y")  # leave the table (her game waits)
        for _ in range(100):
            if app.screen is app.lobby:
                break
            await pilot.pause(0.02)
        assert app.screen is app.lobby
        await pilot.press("m")  # and back to every table
        await pilot.pause()
        assert app.lobby.query_one("DataTable").row_count == 4


def fits(table, columns: int) -> bool:
    """Every column of the list drawn whole within ``columns`` (none scrolled off)."""
    return sum(c.get_render_width(table) for c in table.columns.values()) <= columns


@pytest.mark.asyncio
async def test_ones_games_with_clocks_and_the_computer_fit_80_columns(rules, tmp_path):
    """A clocked game beside one against the expert: the clocks' column comes, in its
    short form, and every column is drawn within 80 columns (a name of more than a
    dozen letters, away, may still push the last one off)."""
    from plot_record.clock import parse_clock

    hub = Hub(rules, tmp_path, later=Later(), wall=lambda: NOW)
    clocked = hub.create(BOB, Player.ABWEHR, opponent=Seat.HUMAN, seed=5, clock=parse_clock("7+24"))
    hub.sit(clocked.id, ALICE, code=clocked.code, codes=CodeLimit(5))
    expert = hub.create(ALICE, Player.ABWEHR, opponent=Seat.COMPUTER, level="expert", seed=6)
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_games(app, pilot)
        assert labels(table) == (*MY_COLUMNS[:-1], CLOCKS_COLUMN, "Last move")
        rows = {str(r[0]): [str(cell) for cell in r] for r in map(table.get_row_at, range(table.row_count))}
        assert rows[clocked.id][4] == "7d / 7d" and rows[expert.id][4] == ""
        assert "expert" in rows[expert.id][2]
        assert fits(table, 80), [c.get_render_width(table) for c in table.columns.values()]
        assert await cut_at_80x24(pilot, app) == []  # nor a word cut anywhere on the lobby
        await pilot.press("m")  # every table
        assert await cut_at_80x24(pilot, app) == []


def test_a_clock_in_a_lists_narrow_column():
    from plot_record.clock import span

    day, hour = 86400, 3600
    seconds = (6 * day + 23 * hour + 59, 7 * day, 3 * hour + 1200, 720, 30, 0)
    assert [span(s, short=True) for s in seconds] == [
        "6d23h",
        "7d",
        "3h20m",
        "12m",
        "<1m",
        "0",
    ]


def test_games_in_plain_text(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later(), wall=lambda: NOW)
    t1, t2, t3 = three_games(hub)
    alice = Player_(hub, ALICE)
    alice.visit.start()
    alice.new()
    said = alice.type("games")
    assert "Your 3 games:" in said
    lines = [ln.strip() for ln in said.splitlines() if ln.startswith("  T")]
    assert lines == [
        f"{t1.id}: you play the SS against bob; {t1.listing().status()}; last move: 2 h ago; your move.",
        f"{t2.id}: you play the SS against bob; {t2.listing().status()}; last move: 30 min ago.",
        f"{t3.id}: you play the SS against bob; {t3.listing().status()}; last move: not yet.",
    ]
    assert "You have no side at any table yet" in Player_(hub, Account("key SHA256:dave", "dave")).type(
        "games"
    )
