"""The server's tables without SSH: seats bound to identities, join codes, the shared
game, what each chair may see, and a restart that loses nothing."""

from __future__ import annotations

import json
import random

import pytest

from fakes import Later
from plot_core import IllegalAction, Player
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub, Refused
from plot_session.session import Seat

ALICE = Account("key SHA256:alice", "alice")
BOB = Account("key SHA256:bob", "bob")
CAROL = Account("key SHA256:carol", "carol")


def play(guests: dict[Player, object], steps: int, rnd: random.Random) -> int:
    """Both humans act in turn, each through their own chair; returns the actions made."""
    done = 0
    for _ in range(steps):
        session = guests[Player.SS].chair.table.session
        side = session.state.to_act
        if side is None:
            break
        chair = guests[side].chair
        chair.act(rnd.choice(chair.legal()))
        done += 1
    return done


def two_players(hub):
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=7)
    told = {Player.SS: 0, Player.ABWEHR: 0}

    def counter(side):
        def bump():
            told[side] += 1

        return bump

    ss = hub.sit(table.id, ALICE, on_change=counter(Player.SS), codes=CodeLimit(5))
    ab = hub.sit(table.id, BOB, code=table.code, on_change=counter(Player.ABWEHR), codes=CodeLimit(5))
    return table, {Player.SS: ss, Player.ABWEHR: ab}, told


def test_the_creator_sits_on_the_chosen_side_and_the_code_admits_the_other(hub):
    table = hub.create(ALICE, Player.ABWEHR, opponent=Seat.HUMAN, seed=3)
    assert table.free_sides() == [Player.SS]
    assert f"join code {table.code}" in table.note_for(Player.ABWEHR)
    with pytest.raises(Refused, match="not the join code"):
        hub.sit(table.id, BOB, code="WRONG1", codes=CodeLimit(5))
    guest = hub.sit(table.id, BOB, code=table.code.lower(), codes=CodeLimit(5))  # typed in small letters
    assert guest.chair.side is Player.SS and table.owners[Player.SS] == BOB
    assert "join code" not in table.note_for(Player.ABWEHR)


def test_a_third_player_is_refused_a_taken_side_and_told_who_has_it(hub):
    table, _, _ = two_players(hub)
    with pytest.raises(Refused) as info:
        hub.sit(table.id, CAROL, code=table.code, codes=CodeLimit(5))
    assert "no free side" in str(info.value) and "alice" in str(info.value) and "bob" in str(info.value)
    with pytest.raises(Refused, match="no table"):
        hub.sit("T99", CAROL, code=table.code, codes=CodeLimit(5))


def test_both_players_act_through_their_own_chairs_and_each_hears_of_the_other(hub):
    table, guests, told = two_players(hub)
    before = dict(told)
    assert play(guests, 40, random.Random(1)) == 40
    assert table.session.actions == 40
    assert told[Player.SS] > before[Player.SS] and told[Player.ABWEHR] > before[Player.ABWEHR]
    # a chair may act only for its own side (5.2)
    side = table.session.state.to_act
    idle = guests[side.enemy].chair
    assert idle.legal() == [] and not idle.my_move()
    with pytest.raises(IllegalAction):
        idle.act(guests[side].chair.legal()[0])


def test_each_chair_sees_only_its_own_chits_and_a_spectator_none(hub):
    table, guests, _ = two_players(hub)
    play(guests, 30, random.Random(2))
    state = table.session.state
    for side, guest in guests.items():
        v = guest.chair.view()
        assert v.side is side
        assert list(v.own_chits) == state.chits_of(side.value)
        # the other hand is a count only
        assert v.chit_counts[side.enemy.value] == len(state.chits_of(side.enemy.value))
        assert not set(v.own_chits) & set(state.chits_of(side.enemy.value))
        assert all(ln.event.seen_by(side) for ln in guest.chair.snapshot().log)
    watcher = hub.watch(table.id, CAROL)
    v = watcher.chair.view()
    assert v.side is None and not v.own_chits and not watcher.chair.legal()
    assert all(ln.event.seen_by(None) for ln in watcher.chair.snapshot().log)
    assert "1 watching" in table.note_for(Player.SS)


def test_a_side_is_taken_back_only_by_its_owner_and_the_newer_connection_wins(hub):
    table, guests, _ = two_players(hub)
    kicked = []
    first = hub.sit(table.id, BOB, on_kick=kicked.append, codes=CodeLimit(5))  # bob's second connection
    hub.leave(guests[Player.ABWEHR])  # (the first one's goodbye)
    assert first.chair.side is Player.ABWEHR
    again = hub.sit(table.id, BOB, codes=CodeLimit(5))  # no code needed: it is his
    assert kicked and "another connection" in kicked[0]
    assert table.seated(Player.ABWEHR) is again
    hub.leave(again)
    assert table.seat_label(Player.ABWEHR) == "bob (away)"
    note = table.note_for(Player.SS)
    assert "bob" in note and "away" in note


def test_the_computer_plays_its_side_of_a_table_on_the_hubs_clock(hub, clock):
    table = hub.create(ALICE, Player.SS, opponent=Seat.COMPUTER, level="easy", seed=11)
    guest = hub.sit(table.id, ALICE, codes=CodeLimit(5))
    assert table.session.state.to_act is Player.ABWEHR  # the Abwehr begins (7.1)
    assert not guest.chair.my_move()
    while table.session.state.to_act is not Player.SS and table.over is False:
        assert clock.run() > 0, "the computer's move was never scheduled"
    assert guest.chair.my_move() and table.session.actions > 0
    assert table.free_sides() == []  # no human seat left to join
    with pytest.raises(Refused, match="no free side"):
        hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))


def test_a_restart_restores_every_unfinished_table_with_nothing_lost(rules, hub, tmp_path, clock):
    table, guests, _ = two_players(hub)
    play(guests, 25, random.Random(3))
    lone = hub.create(CAROL, Player.SS, opponent=Seat.HUMAN, seed=5)
    state, code = table.session.state, table.code

    again = Hub(rules, tmp_path / "server", later=clock)  # the server comes back
    assert again.restore() == []
    assert {t.id for t in again.listings()} == {table.id, lone.id}
    t = again.table(table.id)
    assert t.session.state == state and t.code == code
    assert t.owners == {Player.SS: ALICE, Player.ABWEHR: BOB}
    assert again.table(lone.id).free_sides() == [Player.ABWEHR]
    # both come back to their own sides, and the game goes on, recorded
    back = {
        Player.SS: again.sit(t.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: again.sit(t.id, BOB, codes=CodeLimit(5)),
    }
    assert play(back, 10, random.Random(4)) == 10
    third = Hub(rules, tmp_path / "server", later=clock)
    third.restore()
    assert third.table(t.id).session.state == t.session.state
    assert third.create(ALICE, Player.SS, opponent=Seat.HUMAN).id == "T3"  # no id reused


def test_a_broken_table_file_is_reported_and_the_others_still_come_back(rules, hub, tmp_path, clock):
    good = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    bad = hub.create(BOB, Player.SS, opponent=Seat.HUMAN, seed=2)
    bad.meta_path.write_text("{not json", encoding="utf-8")
    gone = hub.create(CAROL, Player.SS, opponent=Seat.HUMAN, seed=3)
    meta = json.loads(gone.meta_path.read_text())
    gone.session.recorder.path.unlink()
    again = Hub(rules, tmp_path / "server", later=clock)
    problems = again.restore()
    assert {t.id for t in again.listings()} == {good.id}
    assert len(problems) == 2
    assert any(str(bad.meta_path) in p for p in problems)
    assert any(meta["record"] in p or str(gone.meta_path) in p for p in problems)
    assert bad.meta_path.read_text() == "{not json"  # left as it was


@pytest.mark.parametrize("odd", ["T\u00b2", "T\u0663", "Tx", "T"])  # ², Arabic-Indic 3
def test_an_oddly_named_table_file_is_named_and_skipped(rules, hub, tmp_path, clock, odd):
    good = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    meta = json.loads(good.meta_path.read_text())
    (good.meta_path.parent / f"{odd}.json").write_text(json.dumps(dict(meta, id=odd)))
    (good.meta_path.parent / f"{odd}.tmp").write_text("half written")
    again = Hub(rules, tmp_path / "server", later=clock)
    problems = again.restore()  # the server starts
    assert good.id in again.listed
    assert {t.id for t in again.listings()} == {good.id}
    assert len(problems) == 1 and f"{odd}.json" in problems[0]
    made = again.create(BOB, Player.SS, opponent=Seat.HUMAN, seed=2)
    assert made.id == "T2"  # numbering goes on from the real tables


def test_the_server_holds_at_most_its_limit_of_unfinished_games(rules, tmp_path, clock):
    hub = Hub(rules, tmp_path, max_tables=2, later=clock)
    hub.create(ALICE, Player.SS, opponent=Seat.HUMAN)
    hub.create(BOB, Player.SS, opponent=Seat.HUMAN)
    with pytest.raises(Refused, match="limit"):
        hub.create(CAROL, Player.SS, opponent=Seat.HUMAN)


def test_once_the_game_is_over_every_chair_may_see_both_hands(hub):
    table, guests, _ = two_players(hub)
    watcher = hub.watch(table.id, CAROL)
    assert watcher.chair.snapshot().everyone is None and guests[Player.SS].chair.snapshot().everyone is None
    play(guests, 20_000, random.Random(5))
    assert table.over
    ss, abwehr = watcher.chair.snapshot().everyone
    state = table.session.state
    assert list(ss.own_chits) == state.chits_of("ss")
    assert list(abwehr.own_chits) == state.chits_of("abwehr")
    assert "over" in table.listing().status()


def test_finished_games_leave_the_lobby_once_newer_ones_fill_it_and_a_restart_keeps_it(
    rules, tmp_path, clock
):
    hub = Hub(rules, tmp_path, keep_finished=1, later=clock)
    finished = []
    for seed in (5, 6):
        table, guests, _ = two_players(hub)
        play(guests, 20_000, random.Random(seed))
        assert table.over
        finished.append(table)
        assert table.id in hub.tables  # players still at it: listed
        for guest in guests.values():
            hub.leave(guest)
    open_table = hub.create(CAROL, Player.SS, opponent=Seat.HUMAN, seed=9)
    older, newer = finished
    assert set(hub.tables) == {newer.id, open_table.id}  # the older one has gone
    assert older.session.recorder.path.exists()  # from the lobby, not the disk

    again = Hub(rules, tmp_path, keep_finished=1, later=clock)
    assert again.restore() == []
    assert {t.id for t in again.listings()} == {newer.id, open_table.id}
    back = again.table(newer.id)
    assert back.over and back.session.state == newer.session.state
    assert back.session.recorder is None  # nothing more to write
    guest = again.sit(back.id, ALICE, codes=CodeLimit(5))  # its owner may look again
    assert guest.chair.snapshot().everyone is not None
    assert json.loads(back.meta_path.read_text())["record"] == f"games/{newer.record.name}"  # in the folder
    assert again.create(ALICE, Player.SS, opponent=Seat.HUMAN).id == "T4"


class Thinker:
    """The hub's ``think`` for tests: searches wait here, then run as a worker would."""

    def __init__(self) -> None:
        self.jobs = []

    def __call__(self, job, done) -> None:
        self.jobs.append((job, done))

    def run(self) -> int:
        from plot_ai.pool import decide

        n = 0
        while self.jobs:
            job, done = self.jobs.pop(0)
            done(decide(job))
            n += 1
        return n


def test_the_computer_plays_itself_at_a_table_everyone_watches_and_its_searches_go_out(tmp_path, rules):
    from plot_ai import make

    clock, thinker = Later(), Thinker()
    hub = Hub(rules, tmp_path, later=clock, think=thinker)
    table = hub.create(ALICE, Player.SS, opponent=Seat.COMPUTER, level="expert", seed=3, both=True)
    assert table.human_sides() == [] and table.owners == {}
    assert table.seat_label(Player.SS) == table.seat_label(Player.ABWEHR) == "computer (expert)"
    for side in Player:  # searches that count trials: the same every run
        table.session.computers[side] = make("expert", rules, trials=20)
    watcher = hub.watch(table.id, ALICE)
    assert watcher.chair.side is None
    with pytest.raises(Refused, match="no free side"):
        hub.sit(table.id, BOB, codes=CodeLimit(5))
    searched = 0
    for _ in range(40):
        clock.run()
        # a search out with a worker: every screen at the table can say so
        assert table.session.thinking == bool(thinker.jobs)
        searched += thinker.run()
        assert not table.session.thinking
    assert searched > 0 and table.session.actions > 10  # searches ran outside the loop
    assert table.session.thoughts and all(t.level == "expert" for t in table.session.thoughts)
    # a restart brings it back as it was: still nobody's, still the computer's both sides
    again = Hub(rules, tmp_path, later=Later(), think=Thinker())
    assert again.restore() == []
    assert again.table(table.id).human_sides() == []
    assert again.table(table.id).session.thoughts == table.session.thoughts


def test_games_of_the_computer_against_itself_are_limited(tmp_path, rules):
    hub = Hub(rules, tmp_path, later=Later(), think=Thinker())
    hub.max_watched = 2
    for _ in range(2):
        hub.create(ALICE, Player.SS, opponent=Seat.COMPUTER, level="easy", both=True)
    with pytest.raises(Refused, match="already runs 2 games of the computer against itself"):
        hub.create(BOB, Player.SS, opponent=Seat.COMPUTER, level="easy", both=True)
    hub.create(BOB, Player.SS, opponent=Seat.COMPUTER, level="easy")  # a player's: fine


def test_one_player_cannot_take_every_table(rules, tmp_path, clock):
    """One name once made all 100 unfinished tables in 15 s, and nobody else could set
    up even a game against the computer. Each player may hold only so many."""
    hub = Hub(rules, tmp_path, max_tables=10, max_tables_per_player=3, later=clock)
    made = [hub.create(ALICE, Player.SS, opponent=Seat.HUMAN) for _ in range(2)]
    made.append(hub.create(ALICE, Player.ABWEHR, opponent=Seat.COMPUTER))
    with pytest.raises(Refused, match="You already play 3 unfinished games here"):
        hub.create(ALICE, Player.SS, opponent=Seat.COMPUTER)
    other = hub.create(BOB, Player.SS, opponent=Seat.HUMAN)  # everyone else still may
    with pytest.raises(Refused, match="You already play 3 unfinished games"):
        hub.sit(other.id, ALICE, code=other.code, codes=CodeLimit(5))  # joining counts too
    assert hub.sit(other.id, CAROL, code=other.code, codes=CodeLimit(5)).chair.side is Player.ABWEHR
    assert hub.sit(made[0].id, ALICE, codes=CodeLimit(5)).chair.side is Player.SS  # her own seats as ever


def test_the_hosts_log_says_a_table_made_joined_and_its_game_over_once(rules, tmp_path, capfd):
    from served.test_clocks import RULE

    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=4, clock=RULE)
    hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    table.session.lose_on_time(Player.ABWEHR, "2026-11-30T09:00:00Z")  # tells the table
    table.runtime.changed()
    log = capfd.readouterr().out
    assert f"table {table.id} made by alice: the SS against a player" in log
    assert log.count(f"table {table.id}: bob joins as the Abwehr") == 1
    assert log.count(f"table {table.id} is over: ") == 1 and "time" in log
    again = Hub(rules, tmp_path, later=Later())
    again.restore()  # a game over when read back was said when it ended
    assert "is over" not in capfd.readouterr().out
