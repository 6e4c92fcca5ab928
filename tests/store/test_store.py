"""The tables in PostgreSQL, shared by server processes, against a real
PostgreSQL server started for these tests (tools/pgcluster.py). Each hub here stands
for one server process: its own connections, its own threads, its own copy of every
table, and a loop (``Loop``) the test turns by hand."""

from __future__ import annotations

import json
import random
import time

import psycopg
import pytest

from fakes import Later
from plot_core import Player
from plot_record.store import parse_raw
from plot_record.timeline import check
from plot_server.guard import CodeLimit
from plot_server.hub import RECONNECTING, Hub
from plot_server.passes import password_account
from plot_server.pgstore import SCHEMA_VERSION, StoreError, prepare
from plot_server.shared import PRESENCE_TTL
from plot_session.session import Seat
from served.test_hub import ALICE, BOB

from .processes import Processes


def stored_record(url, table_id, rules):
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT text FROM plot_lines WHERE table_id = %s ORDER BY line", (table_id,)
        ).fetchall()
    return check(parse_raw("".join(f"{r[0]}\n" for r in rows).encode(), table_id), rules)


def test_an_empty_database_gets_the_schema_and_another_version_is_refused(url):
    prepare(url)
    prepare(url)  # a second start finds it as it left it
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT version FROM plot_schema").fetchall() == [(SCHEMA_VERSION,)]
        conn.execute("UPDATE plot_schema SET version = 99")
    with pytest.raises(StoreError, match=f"schema is version \\[99\\].*uses version {SCHEMA_VERSION}"):
        prepare(url)


def test_a_store_made_by_an_older_version_is_brought_up_to_date_and_keeps_its_tables(rules, tmp_path, url):
    prepare(url)
    with psycopg.connect(url) as conn:  # as version 1 left it: no results, passes, notices kept
        conn.execute(
            "DROP TABLE plot_results, plot_passes, plot_notice_addresses, plot_notices_sent, plot_bans, "
            "plot_puzzle_records, plot_puzzle_ratings"
        )
        conn.execute("DROP SEQUENCE plot_pass_order")
        conn.execute("UPDATE plot_schema SET version = 1")
    procs = Processes(rules, tmp_path, url)  # each starts (and prepares) the store
    try:
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT version FROM plot_schema").fetchall() == [(SCHEMA_VERSION,)]
            assert conn.execute("SELECT count(*) FROM plot_results").fetchone() == (0,)
            assert conn.execute("SELECT count(*) FROM plot_passes").fetchone() == (0,)
            assert conn.execute("SELECT count(*) FROM plot_notice_addresses").fetchone() == (0,)
            assert conn.execute("SELECT count(*) FROM plot_puzzle_records").fetchone() == (0,)
    finally:
        procs.close()


def test_a_store_that_cannot_be_reached_is_named_without_its_password(tmp_path):
    with pytest.raises(StoreError) as info:
        prepare(f"postgresql://plot:sekrit@/nowhere?host={tmp_path}")
    assert "cannot reach the store" in str(info.value) and "sekrit" not in str(info.value)


def test_players_on_two_processes_play_a_whole_game_through_the_store(procs, url, rules):
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=11)
    ss = a.sit(table.id, ALICE, codes=CodeLimit(5))
    procs.load(b, table.id)  # B heard of it (NOTIFY), and loads it
    ab = b.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    procs.until(lambda: a.tables[table.id].owners[Player.ABWEHR] == BOB)
    guests = {Player.SS: ss, Player.ABWEHR: ab}
    rnd = random.Random(5)
    moves = 0
    while a.tables[table.id].session.state.outcome is None and moves < 4000:
        side = a.tables[table.id].session.state.to_act
        chair = guests[side].chair
        procs.until(chair.my_move)  # their own process has every line
        chair.act(rnd.choice(chair.legal()))
        moves += 1
        procs.until(
            lambda c=chair, o=guests[side.enemy].chair: (
                o.table.session.actions == c.table.session.actions and not c.table.session.unsaved
            )
        )
    assert a.tables[table.id].session.state.outcome is not None
    # both processes, and the store's record replayed, end in the same game
    final = a.tables[table.id].session.state
    assert b.tables[table.id].session.state == final
    record = stored_record(url, table.id, rules)
    assert record.finished and record.timeline.final == final
    # the lobby's replay (R) reads the same record from the store, on a connection of
    # its own (a worker thread's)
    seen = b.replays.record(b.tables[table.id])
    assert seen.finished and seen.timeline.final == final and str(seen.path) == f"store:{table.id}"


def test_two_processes_racing_at_one_table_keep_one_move_and_tell_the_other(procs, url, rules):
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=3)
    procs.load(b, table.id)
    b.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    procs.until(lambda: a.tables[table.id].owners[Player.ABWEHR] == BOB)
    who = {Player.SS: ALICE, Player.ABWEHR: BOB}[table.session.state.to_act]
    here = a.sit(table.id, who, codes=CodeLimit(5))
    there = b.sit(table.id, who, codes=CodeLimit(5))  # the same player from a second server
    assert here.chair.my_move() and there.chair.my_move()
    legal = here.chair.legal()
    assert len(legal) > 1
    first, second = legal[0], legal[-1]
    here.chair.act(first)
    there.chair.act(second)  # both before either store write is heard
    procs.until(
        lambda: (
            not here.chair.table.session.unsaved
            and not there.chair.table.session.unsaved
            and here.chair.table.session.actions == there.chair.table.session.actions
            and here.chair.table.session.state == there.chair.table.session.state
        )
    )
    record = stored_record(url, table.id, rules)
    assert len(record.timeline) == here.chair.table.session.actions == 1
    kept = record.timeline.steps[0].action
    assert kept in (first, second)
    loser = there if kept == first else here
    assert "was not kept" in loser.chair.note()


def test_a_store_restart_is_waited_out_and_loses_nothing(procs, cluster, url, rules):
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=4)
    guests = {Player.SS: a.sit(table.id, ALICE, codes=CodeLimit(5))}
    procs.load(b, table.id)
    guests[Player.ABWEHR] = b.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    procs.until(lambda: a.tables[table.id].owners[Player.ABWEHR] == BOB)
    mover = guests[table.session.state.to_act].chair
    cluster.stop()
    try:
        mover.act(mover.legal()[0])  # shown at once, saved when it can be
        procs.until(lambda: mover.table.session.record_problem == RECONNECTING)
        assert not mover.my_move() and mover.table.session.unsaved
    finally:
        cluster.start()
    procs.until(
        lambda: (
            not mover.table.session.unsaved
            and not mover.table.session.record_problem
            and a.tables[table.id].session.actions == 1
            and b.tables[table.id].session.actions == 1
        ),
        timeout=20,
    )
    again = b.create(BOB, Player.ABWEHR, opponent=Seat.HUMAN, seed=5)  # lobby calls too
    procs.load(a, again.id)
    assert len(stored_record(url, table.id, rules).timeline) == 1


def test_a_files_based_servers_tables_move_into_the_store(rules, tmp_path, url, capsys):
    from plot_cli.main import main
    from served.test_hub import play, two_players

    home = tmp_path / "old"
    old = Hub(rules, home, later=Later())
    table, guests, _ = two_players(old)
    play(guests, 5, random.Random(3))
    (home / "tables" / "T9.json").write_text("{not json")  # a damaged table file
    assert main(["serve", "--store", url, "--import", str(home)]) == 1  # one was bad
    out, err = capsys.readouterr()
    assert "imported table T1 -> T1" in out and "1 table imported" in out
    assert "not imported" in err and "T9.json" in err and "T1.json" not in err
    (home / "tables" / "T9.json").unlink()
    assert main(["serve", "--store", url, "--import", str(home)]) == 0  # again: nothing
    out = capsys.readouterr().out
    assert "imported before" in out and "0 tables imported" in out
    procs = Processes(rules, tmp_path, url, n=1)
    try:
        # listed from its game at the first start (its file's listing is not carried in)
        listed = procs.hubs[0].listing("T1")
        assert listed is not None and listed.actions == 5 and listed.id == "T1"
        assert "listing" not in procs.hubs[0].shared.store.table("T1")[0]
        moved = procs.hubs[0].table("T1")
        assert moved.session.state == table.session.state and moved.owners == table.owners
        assert moved.code == table.code and moved.session.actions == 5
    finally:
        procs.close()


@pytest.mark.parametrize(
    "store,message",
    [
        ("mysql://somewhere/db", "wants a PostgreSQL address"),
        ("postgresql://plot:sekrit@/none?host=/nonexistent", "cannot reach the store"),
    ],
)
def test_a_bad_store_is_named_before_anything_starts(capsys, tmp_path, store, message):
    from plot_cli.main import main

    (tmp_path / "pw").write_text("swordfish\n")
    assert main(["serve", "--store", store, "--password-file", str(tmp_path / "pw")]) == 2
    err = capsys.readouterr().err
    assert message in err and "sekrit" not in err


def test_talk_said_at_once_on_two_processes_is_all_kept(procs, url, rules):
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=6)
    procs.load(b, table.id)
    ss = a.sit(table.id, ALICE, codes=CodeLimit(5))
    ab = b.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    a.say(ss, "first")
    b.say(ab, "second")  # both before either is heard: a race
    procs.until(
        lambda: (
            all(not h.tables[table.id].session.unsaved for h in (a, b))
            and len(a.tables[table.id].session.chat) == 2
            and len(b.tables[table.id].session.chat) == 2
        )
    )
    said = {h: [c.text for c in h.tables[table.id].session.chat] for h in (a, b)}
    assert sorted(said[a]) == ["first", "second"] and said[a] == said[b]
    assert sorted(c.text for c in stored_record(url, table.id, rules).chat) == ["first", "second"]


def test_the_computer_moves_where_its_opponent_sits_not_where_someone_watches(procs):
    from served.test_hub import CAROL

    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.COMPUTER, level="easy", seed=8)
    ss = a.sit(table.id, ALICE, codes=CodeLimit(5))
    procs.load(b, table.id)
    b.watch(table.id, CAROL)
    moved_on_b = []
    b.tables[table.id].session.computer_step = lambda: moved_on_b.append(1)
    rnd = random.Random(4)
    for _ in range(40):
        procs.until(lambda: ss.chair.my_move() or ss.chair.table.session.state.outcome is not None)
        if ss.chair.table.session.state.outcome is not None:
            break
        ss.chair.act(rnd.choice(ss.chair.legal()))
    procs.until(lambda: b.tables[table.id].session.actions == ss.chair.table.session.actions)
    assert ss.chair.table.session.actions > 40 and not moved_on_b  # the computer moved, on A only
    assert b.tables[table.id].session.state == ss.chair.table.session.state


def test_others_lines_heard_before_ours_is_confirmed_wait_for_it(procs):
    """Lines another process wrote can be heard while a line of this process still
    waits for its writer's word: they wait for that word, then are made (they used to
    be dropped, and a game's last moves could then never reach this process)."""
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=9)
    procs.load(b, table.id)
    chairs = {
        Player.SS: a.sit(table.id, ALICE, codes=CodeLimit(5)).chair,
        Player.ABWEHR: b.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)).chair,
    }
    procs.until(lambda: a.tables[table.id].owners[Player.ABWEHR] == BOB)
    rnd = random.Random(1)
    while table.session.state.to_act is Player.SS:  # until B's player is to move
        chairs[Player.SS].act(rnd.choice(chairs[Player.SS].legal()))
        procs.until(
            lambda: b.tables[table.id].session.actions == table.session.actions and not table.session.unsaved
        )
    there = chairs[Player.ABWEHR]
    there.act(rnd.choice(there.legal()))
    rec = table.session.recorder
    rows: list = []
    end = time.monotonic() + 10
    while not rows and time.monotonic() < end:  # only B's loop turns
        procs.loops[1].turn()
        rows = b.shared.store.lines(table.id, rec.next_line - 1)
    before = table.session.actions
    rec.unsaved.append("a line of A's own, not yet confirmed")
    a.stored.lines_from_store(table.id, rows)
    assert table.held_rows == rows and table.session.actions == before  # waits
    rec.saved()  # the writer's word comes
    assert table.held_rows == [] and table.session.actions == before + 1
    assert table.session.state == b.tables[table.id].session.state


def test_a_player_seated_through_another_process_is_not_shown_away(procs):
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=3)
    guest = a.sit(table.id, ALICE, codes=CodeLimit(5))
    procs.load(b, table.id)
    there = b.tables[table.id]
    procs.until(lambda: there.seat_label(Player.SS) == ALICE.name)  # not "(away)"
    assert "away" not in there.note_for(Player.ABWEHR)
    a.leave(guest)  # gone from A: away on B as well
    procs.until(lambda: there.seat_label(Player.SS) == f"{ALICE.name} (away)")
    assert f"({ALICE.name}) is away" in there.note_for(Player.ABWEHR)


def test_the_seats_of_a_process_that_stops_speaking_are_empty_after_a_while(procs):
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=3)
    a.sit(table.id, ALICE, codes=CodeLimit(5))
    # (B lists the table without loading it: its listing hears where players sit too)
    procs.until(lambda: (t := b.listing(table.id)) is not None and t.seat_label(Player.SS) == ALICE.name)
    later = time.monotonic() + PRESENCE_TTL + 1  # (as if A's worker had died)
    b.presence.now = lambda: later
    b.presence.tick()
    assert b.listing(table.id).seat_label(Player.SS) == f"{ALICE.name} (away)"


def test_a_presence_note_stays_under_notifys_limit_however_many_seats():
    from plot_server.shared import PRESENCE, Hooks, Shared

    sent = []

    class Conn:
        def execute(self, sql, args):
            sent.append(args)

    shared = Shared.__new__(Shared)  # no store: only the note is made
    shared.process, shared.post = "p1", lambda f: None
    shared.hooks = Hooks(lambda *a: None, lambda *a: None, lambda *a: None)
    shared._seated = frozenset(
        (f"T{n}", side, 1_764_345_600_123) for n in range(100_000, 110_000) for side in ("ss", "abwehr")
    )
    shared._tell_presence(Conn())
    channel, payload = sent[0]
    assert channel == PRESENCE and len(payload.encode()) < 8000


def test_a_rematch_offered_on_one_process_is_accepted_on_the_other(procs):
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=13)
    ss = a.sit(table.id, ALICE, codes=CodeLimit(5))
    procs.load(b, table.id)
    ab = b.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    guests = {Player.SS: ss, Player.ABWEHR: ab}
    rnd = random.Random(13)
    while a.tables[table.id].session.state.outcome is None:
        side = a.tables[table.id].session.state.to_act
        chair = guests[side].chair
        procs.until(chair.my_move)
        chair.act(rnd.choice(chair.legal()))
        # (both processes have the move before the next is chosen from A's game)
        procs.until(
            lambda c=chair, o=guests[side.enemy].chair: (
                o.table.session.actions == c.table.session.actions and not c.table.session.unsaved
            )
        )
    procs.until(lambda: b.tables[table.id].over)
    assert b.rematches.ask(ab) is None  # bob offers on B; alice, on A, is asked
    procs.until(lambda: a.tables[table.id].rematch is not None)
    assert "bob offers a rematch" in a.note_for(a.tables[table.id], Player.SS)
    new = a.rematches.answer(ss, yes=True)
    assert new is not None
    procs.until(
        lambda: new.id in b.listed and (r := b.tables[table.id].rematch) is not None and r.table == new.id
    )
    assert b.listed[new.id].owners == {Player.SS: BOB, Player.ABWEHR: ALICE}
    assert b.sit(new.id, BOB, codes=CodeLimit(5)).chair.side is Player.SS  # no join code: his seat already


def test_a_clock_runs_the_same_on_another_worker_and_a_loss_on_time_reaches_both(rules, tmp_path, url):
    from served.test_clocks import RULE, Wall

    wall = Wall()
    procs = Processes(rules, tmp_path, url, wall=wall)
    try:
        a, b = procs.hubs
        table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=21, clock=RULE)
        table.session.stamp = wall.stamp
        ss = a.sit(table.id, ALICE, codes=CodeLimit(5))
        procs.load(b, table.id)
        ab = b.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
        b.tables[table.id].session.stamp = wall.stamp
        procs.pass_the_move(ab)  # bob, on B
        procs.until(lambda: ss.chair.my_move())
        wall.wait(hours=5)
        procs.pass_the_move(ss)  # alice, on A
        procs.until(lambda: ab.chair.my_move() and not ss.chair.table.session.unsaved)
        wall.wait(hours=3)
        left = a.tables[table.id].session.time_left(wall())
        assert b.tables[table.id].session.time_left(wall()) == left  # from the stored times
        wall.wait(days=2)
        assert b.clocks.check() == [table.id]  # B looks first and writes the loss
        procs.until(lambda: a.tables[table.id].over)
        assert a.tables[table.id].session.state.outcome == b.tables[table.id].session.state.outcome
        assert a.tables[table.id].session.state.outcome.case == "clock"
        assert a.clocks.check() == []  # nothing left to end
    finally:
        procs.close()


def test_a_result_kept_by_one_process_rates_on_every_process_and_old_games_are_rated_at_start(
    rules, tmp_path, url
):
    from served.test_clocks import RULE, Wall
    from served.test_ratings import played_enough

    wall = Wall()
    procs = Processes(rules, tmp_path, url, wall=wall)
    try:
        a, b = procs.hubs
        table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=21, clock=RULE)
        table.session.stamp = wall.stamp
        guests = {
            Player.SS: a.sit(table.id, ALICE, codes=CodeLimit(5)),
            Player.ABWEHR: a.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
        }
        procs.until(guests[Player.ABWEHR].chair.my_move)
        # both play a few actions (a loss on time before that is not rated), then bob
        # passes the move ...
        while not played_enough(table.session) or table.session.state.to_act is not Player.SS:
            procs.pass_the_move(guests[table.session.state.to_act])
        wall.wait(days=3)  # and alice lets her clock run out
        assert a.clocks.check() == [table.id]
        procs.until(lambda: table.id in b.tables and b.tables[table.id].over)
        # B saw it end, and kept it too (once); A rates it once the store has taken its
        # own last line (a busy machine may be slower to say so than B is to read it)
        procs.until(lambda: a.results.knows(table.id) and b.results.knows(table.id))
        assert a.results.standings() == b.results.standings()
        assert b.results.of(BOB.key).overall.rating > 1500
        with psycopg.connect(url) as conn:
            rows = conn.execute("SELECT table_id, entry FROM plot_results").fetchall()
            assert [r[0] for r in rows] == [table.id] and rows[0][1]["winner"] == "abwehr"
            conn.execute("DELETE FROM plot_results")  # as a store from before ratings
    finally:
        procs.close()
    later = Processes(rules, tmp_path / "later", url, n=1, wall=wall)
    try:
        (c,) = later.hubs
        assert c.results.standings() == a.results.standings()  # read again from the game
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT count(*) FROM plot_results").fetchone() == (1,)
    finally:
        later.close()


def test_a_tiny_grant_reads_back_from_the_store_and_a_damaged_table_is_listed(rules, tmp_path, url):
    """The store's reader is the files' reader: a grant an older server took (0.0005 h)
    reads back, and a table whose rows cannot be read is listed as damaged, not gone."""
    from served.test_clocks import RULE, Wall

    wall = Wall()
    procs = Processes(rules, tmp_path, url, n=1, wall=wall)
    try:
        (a,) = procs.hubs
        clocked = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=21, clock=RULE)
        clocked.session.stamp = wall.stamp
        a.sit(clocked.id, ALICE, codes=CodeLimit(5))
        ab = a.sit(clocked.id, BOB, code=clocked.code, codes=CodeLimit(5))
        procs.pass_the_move(ab)
        clocked.session.give_time(Player.SS, 0.0005, wall.stamp())  # as an older server did
        broken = a.create(BOB, Player.SS, opponent=Seat.HUMAN, seed=22)
        procs.until(lambda: not clocked.session.unsaved and not broken.session.unsaved)
        with psycopg.connect(url) as conn:
            line = conn.execute(
                "SELECT max(line) FROM plot_lines WHERE table_id = %s", (broken.id,)
            ).fetchone()[0]
            conn.execute("INSERT INTO plot_lines VALUES (%s, %s, %s)", (broken.id, line + 1, "{not json"))
        left = clocked.session.time_left(wall())
    finally:
        procs.close()
    again = Processes(rules, tmp_path / "again", url, n=1, wall=wall)
    try:
        (b,) = again.hubs
        assert b.listing(clocked.id).time_left(wall()) == left  # listed, not read
        assert b.table(clocked.id).session.time_left(wall()) == left
        assert b.table(clocked.id).session.grants[-1].hours == 0.0005
        assert broken.id not in b.listed and b.damaged[broken.id].owners[Player.SS] == BOB
        assert [d.id for d in b.damaged_of(BOB)] == [broken.id]
    finally:
        again.close()


def test_the_plain_door_on_the_store_asks_again_when_the_same_player_decides_twice(procs):
    """A blind player's only door: after an action that leaves the move with the same
    player (placing the Allied unit, then the next decision), the store's confirmation
    comes later, and the plain door must then offer the choices, not "Waiting for" its
    own side."""
    from plain_reader import CHOICE, play_choice
    from served.test_plain_door import Player_

    a = procs.hubs[0]
    alice, bob = Player_(a, ALICE), Player_(a, BOB)
    alice.visit.start(), bob.visit.start()
    alice.type("new ss")
    table = next(iter(a.tables.values()))
    procs.until(lambda: not table.session.unsaved)
    said = bob.type(f"join {table.id} {table.code}")
    twice = 0
    for _ in range(30):
        procs.until(lambda: not table.session.unsaved)
        side = table.session.state.to_act
        p = alice if side is Player.SS else bob
        said += p.new()
        shown = said if CHOICE.search(said) else p.type("choices")
        assert CHOICE.search(shown), said[-400:]
        said = play_choice(p.type, shown)
        procs.until(lambda: not table.session.unsaved)
        said += p.new()
        if table.session.state.to_act is side:  # the same player decides again
            twice += 1
            waiting = f"Waiting for the {'SS' if side is Player.SS else 'Abwehr'}"
            assert CHOICE.search(said) and waiting not in said.splitlines()[-1], said[-400:]
    assert twice >= 3


def test_a_table_the_host_closes_on_one_process_closes_on_the_other_and_stays_closed(
    procs, rules, tmp_path, url
):
    """plot admin asks one process to close a table: a player seated through the other
    is sent to the lobby and told why; the rows stay; a process started afterwards
    leaves it be."""
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=3)
    other = a.create(ALICE, Player.ABWEHR, opponent=Seat.HUMAN, seed=4)
    procs.until(lambda: table.id in b.listed and other.id in b.listed)
    told: list[str] = []
    b.sit(table.id, BOB, code=table.code, on_closed=told.append, codes=CodeLimit(5))
    a.close(table.id, "a test of the host's hand")
    procs.until(lambda: told)
    assert told == [f"The host closed table {table.id}: a test of the host's hand. Its record is kept."]
    assert table.id not in b.tables and table.id not in a.tables and table.id not in b.listed
    assert stored_record(url, table.id, rules).header.seed == 3  # its record is kept
    later = Processes(rules, tmp_path / "later", url, n=1)
    try:
        assert table.id not in later.hubs[0].listed and other.id in later.hubs[0].listed
        assert not later.hubs[0].damaged
    finally:
        later.close()


def test_a_notice_read_before_the_host_closed_a_table_does_not_open_it_again(procs):
    """The listener reads a notice beside the loop: one about a seat taken a moment
    before the host's closing, heard after it, is older than the closing and changes
    nothing (it once opened the table again on the process that closed it)."""
    a, _ = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=3)
    store = a.shared.store
    meta, version, listing = store.listed(table.id)  # the row as it stood before the closing
    rows = store.lines(table.id)
    a.close(table.id, "a test of the host's hand")
    a.stored.table_from_store(table.id, meta, version, rows)
    a.stored.listings_heard([(table.id, meta, version, listing)])  # nor list it again
    assert table.id not in a.tables and table.id not in a.listed and a.listing(table.id) is None


def test_a_line_of_talk_taken_back_on_one_process_is_removed_on_the_other(procs, url, rules):
    from plot_record.format import REMOVED

    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=6)
    ss = a.sit(table.id, ALICE, codes=CodeLimit(5))
    procs.load(b, table.id)
    b.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    a.say(ss, "a rude word")
    procs.until(lambda: len(b.tables[table.id].session.chat) == 1)
    procs.until(lambda: not a.tables[table.id].session.unsaved)
    a.unsay(table.id, 0)
    procs.until(lambda: b.tables[table.id].session.chat[0].text == REMOVED)
    assert [c.text for c in stored_record(url, table.id, rules).chat] == [REMOVED]


def test_a_player_who_sits_again_through_another_process_keeps_only_the_newer_connection(procs):
    """One live connection per seat, whichever machine it came through: alice at her
    seat through A sits down again through B; A's connection is closed with the reason
    (two connections once moved the same unit), B's plays on."""
    from plot_server.tables import seat_taken

    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=7)
    kicked_a: list[str] = []
    on_a = a.sit(table.id, ALICE, on_kick=kicked_a.append, codes=CodeLimit(5))
    procs.until(lambda: (t := b.listing(table.id)) is not None and Player.SS in t.present)
    time.sleep(0.002)  # (a later sitting, to the millisecond)
    kicked_b: list[str] = []
    on_b = b.sit(table.id, ALICE, on_kick=kicked_b.append, codes=CodeLimit(5))
    procs.until(lambda: kicked_a)
    assert kicked_a == [seat_taken(table.id)] and on_a not in a.tables[table.id].guests
    # and B's stays once A says it holds the seat no more
    procs.until(lambda: not any(s[:2] == (table.id, "ss") for s in b.presence.elsewhere[a.shared.process][0]))
    assert not kicked_b and on_b in b.tables[table.id].guests


def test_a_presence_note_reads_as_pairs_to_the_version_before_and_its_pairs_read_here():
    """A rolling upgrade: the workers of the version before read "seats" as (table,
    side) pairs, and their notes (no times) are read here as seats long taken."""
    from plot_server.shared import Hooks, Shared

    sent, heard = [], []

    class Conn:
        def execute(self, sql, args):
            sent.append(args)

    shared = Shared.__new__(Shared)
    shared.process, shared.post = "p1", lambda f: f()
    shared.hooks = Hooks(lambda *a: None, lambda *a: None, lambda *a: None, lambda p, s: heard.append((p, s)))
    shared._seated = frozenset({("T3", "ss", 1_764_345_600_123)})
    shared._tell_presence(Conn())
    note = json.loads(sent[0][1])
    assert [tuple(x) for x in note["seats"]] == [("T3", "ss")]  # what the version before reads
    shared._heard_presence(json.dumps({"process": "old", "seats": [["T4", "abwehr"]]}))
    assert heard == [("old", frozenset({("T4", "abwehr", 0)}))]


def test_a_name_barred_or_muted_through_one_process_is_so_on_every_one(procs, rules, tmp_path):
    """With a store, bars and mutes are the store's: a bar made through A ends the
    barred player's session on B at once, a mute made through B silences them on A, a
    lifted bar lets them in everywhere, and a process started later knows them all."""
    from plot_server.admin import Admin
    from plot_server.hub import Refused
    from served.test_admin import Connected

    a, b = procs.hubs
    troll = password_account("troll")
    on_b = Connected(troll)
    b.sessions.add(on_b)
    assert Admin(a).answer({"command": "ban", "name": "troll", "why": "spam"}) == {
        "answer": {"name": "troll", "ended": 0}  # (not connected through A)
    }
    procs.until(lambda: on_b.ended)
    assert on_b.goodbye == "plot: the host of this server has barred the name 'troll': spam."
    assert b.name_problem("tro1l") == "the host of this server has barred the name 'troll': spam"
    Admin(b).answer({"command": "mute", "name": "chatter", "why": "insults"})
    procs.until(lambda: a.bans.muting("chatter") is not None)
    with pytest.raises(Refused, match="muted the name 'chatter': insults"):
        a.say_in_lobby(password_account("chatter"), "hello")
    later = Hub(rules, tmp_path / "p9", later=Later())
    later.use_store(procs.hubs[0].shared.url, lambda f: None)
    try:
        later.restore()
        listed = Admin(later).answer({"command": "bans"})["answer"]
        assert sorted((x["name"], x["what"]) for x in listed) == [("chatter", "muted"), ("troll", "barred")]
    finally:
        later.shared.stop()
    assert Admin(b).answer({"command": "unban", "name": "troll"})["answer"]["lifted"]
    procs.until(lambda: a.name_problem("troll") is None)


def test_the_bans_a_data_folder_kept_before_its_server_had_a_store_are_carried_in_once(rules, tmp_path, url):
    from plot_server.admin import Admin
    from plot_server.bans import CARRIED

    home = tmp_path / "p0"
    before = Hub(rules, home, later=Later())  # the server before it had a store
    before.ban("troll", "spam")
    before.mute("chatter", "insults")
    procs = Processes(rules, tmp_path, url)  # its data folder, now with a store
    try:
        a, b = procs.hubs
        for hub in (a, b):
            assert hub.name_problem("troll") is not None and hub.bans.muting("chatter") is not None
        assert not (home / "bans.json").exists() and (home / f"bans.json{CARRIED}").exists()
        Admin(a).answer({"command": "unban", "name": "troll"})
        procs.until(lambda: b.name_problem("troll") is None)
    finally:
        procs.close()
    again = Processes(rules, tmp_path, url, n=1)  # a restart does not bring the lifted bar back
    try:
        assert again.hubs[0].name_problem("troll") is None
    finally:
        again.close()
