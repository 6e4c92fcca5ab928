"""Players' ratings: Glicko-2 against its author's worked example, the server's rules for
applying it (a side's pool, the Allies' win as a draw, the computer's fixed levels,
time away), the results they are worked out from (kept once, read again after a
restart, rebuilt from the tables when lost), and where a player sees them: the
lobby, its leaderboard (r) and plain text. (Two processes of a shared store:
tests/store/test_store.py.)"""

from __future__ import annotations

import json
import random
from datetime import timedelta

import attrs
import pytest

from fakes import Later
from plot_core import Player
from plot_record.clock import stamp
from plot_server.connection_limits import ConnectionLimits
from plot_server.guard import CodeLimit
from plot_server.hub import Hub
from plot_server.leaderboard import LeaderboardScreen
from plot_server.ratings import LEVEL_RATINGS, Contestant, Result, standings, when
from plot_server.result_book import ACTIONS_BEFORE_TIME_RATES, RESULTS_FILE, ResultBook
from plot_server.server import ServedApp
from plot_session.glicko import MIN_RD, NEW, NEW_RD, Rating, away, rated
from plot_session.session import Seat

from .moves import pass_the_move
from .test_clocks import RULE, Wall
from .test_hub import ALICE, BOB, CAROL
from .test_plain_door import Player_

A = Contestant(key="ka", name="alice")
B = Contestant(key="kb", name="bob")


def result(n: int, winner: str, ss: Contestant = A, abwehr: Contestant = B, *, day: int = 1) -> Result:
    return Result(f"T{n}", f"2026-11-{day:02d}T12:00:00Z", winner, "18.71", ss, abwehr)


# -- Glicko-2 ----------------------------------------------------------------------------
def test_glicko2_gives_glickmans_worked_example():
    # "Example of the Glicko-2 system" (Glickman, 2013): a 1500 (RD 200) player beats a
    # 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300)
    after = rated(
        Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_time_away_widens_a_ratings_doubt_up_to_a_newcomers():
    settled = Rating(1600, 60, 0.06)
    week, year = away(settled, 7), away(settled, 365)
    assert week.rating == year.rating == 1600
    assert 60 < week.rd < year.rd < NEW_RD
    assert away(settled, 100 * 365).rd == NEW_RD
    assert away(settled, 0) == settled


def test_a_deviation_never_falls_below_its_floor():
    r = Rating(1500, 60, 0.001)  # a steady player: little volatility to widen it again
    for _ in range(300):  # a long run of even games against a sure opponent
        r = rated(r, [(Rating(1500, 50), 0.5)])
    assert r.rd == pytest.approx(MIN_RD)


# -- the server's rules for applying it ---------------------------------------------------
def test_a_win_raises_the_winner_and_lowers_the_loser_overall_and_in_the_side_each_played():
    table = standings([result(1, "ss")])
    alice, bob = table["ka"], table["kb"]
    assert alice.overall.rating > 1500 > bob.overall.rating
    assert alice.overall.rating - 1500 == pytest.approx(1500 - bob.overall.rating)
    assert alice.ss.rating > 1500 > bob.abwehr.rating
    assert alice.abwehr == NEW and bob.ss == NEW  # a side not played is not rated
    assert alice.words() == f"{alice.overall} (SS {alice.ss}, Abwehr —)"
    assert (alice.games, alice.won, alice.lost) == (1, 1, 0)
    assert (bob.games, bob.won, bob.lost) == (1, 0, 1)
    assert alice.overall.provisional  # one game says little


def test_the_allies_win_is_a_loss_for_both_so_between_them_a_draw():
    even = standings([result(1, "allies")])
    assert even["ka"].overall.rating == pytest.approx(1500)
    assert even["ka"].overall.rd < NEW_RD  # a game was played: surer, no better
    assert (even["ka"].won, even["ka"].lost) == (0, 0)
    # after alice has won one, a draw with bob costs her and gives to him
    table = standings([result(1, "ss"), result(2, "allies", B, A, day=2)])
    after_win = standings([result(1, "ss")])
    assert table["ka"].overall.rating < after_win["ka"].overall.rating
    assert table["kb"].overall.rating > after_win["kb"].overall.rating


def test_the_computer_keeps_its_fixed_rating_and_a_win_over_a_stronger_level_counts_more():
    weak, strong = Contestant(level="random"), Contestant(level="expert")
    over_weak = standings([result(1, "ss", A, weak)])
    over_strong = standings([result(1, "ss", A, strong)])
    assert set(over_weak) == {"ka"}  # the level is never rated
    assert over_strong["ka"].overall.rating > over_weak["ka"].overall.rating > 1500
    # against the level's side rating in the side pool: an Abwehr loss to the expert's SS
    lost = standings([result(1, "ss", strong, A)])
    expected = rated(NEW, [(Rating(LEVEL_RATINGS["expert"].ss, 50), 0.0)])
    assert lost["ka"].abwehr.rating == pytest.approx(expected.rating)


def test_games_of_the_computer_against_itself_or_of_a_player_against_themself_rate_nobody():
    both_computer = result(1, "ss", Contestant(level="easy"), Contestant(level="hard"))
    alone = result(2, "ss", A, A)
    assert not both_computer.rated and not alone.rated
    assert standings([both_computer, alone]) == {}


def test_results_count_in_the_order_their_games_ended_whatever_order_they_are_kept_in():
    results = [result(n, random.Random(n).choice(["ss", "abwehr", "allies"]), day=n) for n in range(1, 25)]
    shuffled = results[:]
    random.Random(3).shuffle(shuffled)
    assert standings(shuffled) == standings(results)
    assert standings(results) != standings(results[1:])  # (each game counts)


def test_a_servers_standings_count_each_new_game_as_a_fold_of_all_of_them_would(tmp_path):
    book = ResultBook(tmp_path)
    book.standings()
    kept = []
    # in the order they end, then one heard late (it ended before the last), then more
    for r in [result(n, "ss" if n % 3 else "allies", day=n) for n in (1, 2, 3, 5)] + [
        result(4, "abwehr", B, A, day=4),
        result(6, "abwehr", day=6),
    ]:
        book.add(r)
        kept.append(r)
        assert book.standings() == standings(kept)
    changes: dict = {}
    standings(kept, changes)
    assert all(book.change(t, k) == changes[t][k] for t in changes for k in changes[t])


def test_a_player_away_for_months_comes_back_less_sure_and_moves_further():
    early = [result(n, "ss", day=n) for n in range(1, 11)]  # alice wins ten in ten days
    soon = standings([*early, Result("T20", "2026-11-12T12:00:00Z", "abwehr", "18.72", A, B)])
    later = standings([*early, Result("T20", "2027-06-12T12:00:00Z", "abwehr", "18.72", A, B)])
    before = standings(early)["ka"].overall.rating
    assert before - later["ka"].overall.rating > before - soon["ka"].overall.rating > 0


def test_a_result_round_trips_through_json_and_a_bad_one_is_named():
    r = result(3, "allies", A, Contestant(level="hard"))
    assert Result.from_json(json.loads(json.dumps(r.to_json())), "here") == r
    bad = dict(r.to_json(), winner="nobody")
    with pytest.raises(ValueError, match="here: the winner is one of ss, abwehr, allies, not 'nobody'"):
        Result.from_json(bad, "here")
    with pytest.raises(ValueError, match="here: abwehr: a side is"):
        Result.from_json(dict(r.to_json(), abwehr={"level": "grandmaster"}), "here")
    with pytest.raises(ValueError, match="'ended' is not a date and time"):
        Result.from_json(dict(r.to_json(), ended="yesterday"), "here")


# -- a server's results ----------------------------------------------------------------------
def played_enough(session) -> bool:
    """Has each side played the actions a game lost on time needs to be rated?"""
    return all(session.actions_by(p) >= ACTIONS_BEFORE_TIME_RATES for p in Player)


def test_a_game_lost_on_time_before_both_sides_played_is_not_rated(rules, tmp_path):
    """A trap table (a short clock, the joiner waited out before moving) farms no rating."""
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=21, clock=RULE)
    table.session.stamp = wall.stamp
    bob = hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    hub.sit(table.id, ALICE, codes=CodeLimit(5))
    bob.chair.act(bob.chair.legal()[0])  # the Abwehr's first action; then no more
    wall.wait(days=3)
    assert hub.clocks.check() == [table.id] and table.over
    assert not hub.results.knows(table.id) and hub.results.standings() == {}
    assert hub.results.rating_words(BOB.key) == "not yet rated"


def on_time(hub: Hub, wall: Wall, ss, abwehr, loser: Player, seed: int = 21):
    """``ss`` and ``abwehr`` play at a table with a clock until ``loser``'s runs out."""
    table = hub.create(ss, Player.SS, opponent=Seat.HUMAN, seed=seed, clock=RULE)
    table.session.stamp = wall.stamp
    guests = {
        Player.SS: hub.sit(table.id, ss, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, abwehr, code=table.code, codes=CodeLimit(5)),
    }
    # both sides play a few actions (a loss on time before that is not rated), then
    # the move is the loser's
    while not played_enough(table.session) or table.session.state.to_act is not loser:
        pass_the_move(guests[table.session.state.to_act])  # the Abwehr begins (7.1)
    wall.wait(days=3)
    assert hub.clocks.check() == [table.id]
    for guest in guests.values():
        hub.leave(guest)
    return table


def test_a_finished_game_is_rated_once_and_the_same_after_a_restart(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    assert hub.restore() == []
    assert hub.results.rating_words(ALICE.key) == "not yet rated"
    table = on_time(hub, wall, ALICE, BOB, loser=Player.ABWEHR)
    lines = (tmp_path / RESULTS_FILE).read_text().splitlines()
    assert len(lines) == 1
    kept = Result.from_json(json.loads(lines[0]), "the file")
    assert (kept.table, kept.winner, kept.how) == (table.id, "ss", "clock")
    assert kept.ended == wall.stamp()  # when the clock ran out
    assert kept.ss == Contestant(ALICE.key, "alice") and kept.abwehr == Contestant(BOB.key, "bob")
    alice = hub.results.of(ALICE.key)
    assert alice is not None and alice.overall.rating > 1500
    assert hub.results.rating_words(ALICE.key) == f"rated {alice.words()}"
    gain = round(alice.overall.rating - 1500)
    assert f"Your rating: 1500? → {alice.overall} (+{gain})." in hub.note_for(table, Player.SS)
    bob = hub.results.of(BOB.key)
    assert bob is not None and f"Your rating: 1500? → {bob.overall} (-{gain})." in hub.note_for(
        table, Player.ABWEHR
    )
    assert "Your rating" not in hub.note_for(table, None)  # a spectator has none
    hub._changed(table)  # told again: not counted again
    assert len((tmp_path / RESULTS_FILE).read_text().splitlines()) == 1
    again = Hub(rules, tmp_path, later=Later(), wall=wall)
    assert again.restore() == []
    assert again.results.standings() == hub.results.standings()


def test_lost_or_damaged_results_are_rebuilt_from_the_finished_tables(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall, keep_finished=0)
    hub.restore()
    on_time(hub, wall, ALICE, BOB, loser=Player.ABWEHR)
    on_time(hub, wall, CAROL, ALICE, loser=Player.SS, seed=22)
    assert hub.tables == {}  # both pruned from the lobby: their records stay
    standing = hub.results.standings()
    path = tmp_path / RESULTS_FILE
    first, second = path.read_text().splitlines()
    path.write_text(first[:30] + "\n" + second + "\n")  # the first line cut short
    again = Hub(rules, tmp_path, later=Later(), wall=wall, keep_finished=0)
    problems = again.restore()
    assert len(problems) == 1 and f"{path} line 1" in problems[0]
    assert again.results.standings() == standing  # the first game read from its table
    path.unlink()
    third = Hub(rules, tmp_path, later=Later(), wall=wall, keep_finished=0)
    assert third.restore() == []
    assert third.results.standings() == standing
    assert len(path.read_text().splitlines()) == 2


def test_a_game_against_the_computer_rates_its_player(rules, tmp_path):
    clock = Later()
    hub = Hub(rules, tmp_path, later=clock)
    table = hub.create(ALICE, Player.ABWEHR, opponent=Seat.COMPUTER, level="random", seed=8)
    guest = hub.sit(table.id, ALICE, codes=CodeLimit(5))
    rnd = random.Random(8)
    for _ in range(20_000):
        clock.run()
        if table.over:
            break
        if guest.chair.my_move():
            guest.chair.act(rnd.choice(guest.chair.legal()))
    assert table.over
    kept = hub.results.results[table.id]
    assert kept.ss == Contestant(level="random") and kept.abwehr == Contestant(ALICE.key, "alice")
    alice = hub.results.of(ALICE.key)
    assert alice is not None and alice.games == 1 and alice.ss == NEW
    assert set(hub.results.standings()) == {ALICE.key}


def test_a_game_not_over_or_with_a_free_side_is_not_rated(hub):
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=3)
    hub.sit(table.id, ALICE, codes=CodeLimit(5))
    assert hub.results.results == {}


# -- where players see them ------------------------------------------------------------------
@pytest.mark.asyncio
async def test_the_lobby_shows_ones_rating_and_r_opens_the_leaderboard(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    hub.restore()
    on_time(hub, wall, ALICE, BOB, loser=Player.ABWEHR)
    waiting = hub.create(BOB, Player.SS, opponent=Seat.HUMAN, seed=4)
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    alice, bob = hub.results.of(ALICE.key), hub.results.of(BOB.key)
    assert alice is not None and bob is not None
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        title = str(app.lobby.query_one("#title").render())
        assert f"you are alice, rated {alice.words()}" in title
        table = app.lobby.query_one("DataTable")
        row = [str(c) for c in table.get_row(waiting.id)]
        assert row[2] == f"bob {bob.overall} (away)"  # the players' ratings in the list
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, LeaderboardScreen)
        board = app.screen.query_one("DataTable")
        rows = [[str(c) for c in board.get_row_at(i)] for i in range(board.row_count)]
        names = [r[1] for r in rows]
        best_first = sorted(LEVEL_RATINGS, key=lambda lv: -LEVEL_RATINGS[lv].overall)
        assert names[:4] == [f"computer ({lv})" for lv in best_first]
        assert names[4:] == ["alice", "bob"]  # provisional, after the sure ratings
        assert rows[4] == ["5", "alice", str(alice.overall), str(alice.ss), "—", "1", "1", "0"]
        assert rows[0][5:] == ["fixed", "", ""]
        await pilot.press("s")  # sorted by the SS rating
        await pilot.pause()
        assert "sorted as the SS" in str(app.screen.query_one("#ranked-title").render())
        ss_order = [board.get_row_at(i)[1].plain for i in range(4)]
        by_ss = sorted(LEVEL_RATINGS, key=lambda lv: -LEVEL_RATINGS[lv].ss)
        assert ss_order == [f"computer ({lv})" for lv in by_ss]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.lobby


@pytest.mark.asyncio
async def test_a_leaderboard_closed_before_it_is_mounted_is_not_a_crash(rules, tmp_path):
    """r then Esc faster than the board is built (the SSH fuzz test found it): its
    mount and a late s find no widgets, and do nothing."""
    hub = Hub(rules, tmp_path, later=Later(), wall=Wall())
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        for child in list(board.children):
            await child.remove()  # as if closed a moment ago, its widgets already gone
        board.on_mount()
        board.action_next_pool()
        assert board.pool == "ss" and app.is_running
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.lobby


def test_in_plain_text_ratings_lists_the_leaderboard_and_the_lobby_says_ones_own(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    hub.restore()
    on_time(hub, wall, ALICE, BOB, loser=Player.SS)
    bob = hub.results.of(BOB.key)
    assert bob is not None
    visit = Player_(hub, BOB)
    visit.visit.start()
    assert f"You are rated {bob.words()} (ratings: the leaderboard)." in visit.new()
    said = visit.type("ratings abwehr")
    assert "Ratings, sorted as the Abwehr" in said
    mine = next(line for line in said.splitlines() if "bob" in line)
    assert mine.endswith("<- you") and f"| {bob.abwehr} |" in mine
    assert "not one of" not in visit.type("ratings")
    assert visit.type("ratings chess") == "ratings, ratings ss, or ratings abwehr.\n"
    carol = Player_(hub, CAROL)
    carol.visit.start()
    assert "You are not yet rated" in carol.new()
    said = visit.type("sit T1")  # the finished game says what it did to bob's rating
    assert "Your rating: 1500? → " in said and said.index("Your rating") < said.rindex("leave: back")


def test_a_long_absence_is_counted_from_the_results_times(rules, tmp_path):
    wall = Wall()
    hub = Hub(rules, tmp_path, later=Later(), wall=wall)
    hub.restore()
    on_time(hub, wall, ALICE, BOB, loser=Player.ABWEHR)
    wall.wait(days=200)
    on_time(hub, wall, ALICE, BOB, loser=Player.ABWEHR, seed=23)
    first, second = sorted(hub.results.results.values(), key=lambda r: r.table)
    gap = hub.results.standings()
    a_day_later = stamp(when(first.ended) + timedelta(days=1))
    close = standings([first, attrs.evolve(second, ended=a_day_later)])
    # the same two games a day apart move alice less than with 200 days between them
    assert gap[ALICE.key].overall.rating - 1500 > close[ALICE.key].overall.rating - 1500 > 0
