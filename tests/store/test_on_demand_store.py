"""Tables loaded on demand with the shared store: each process lists every table from
the listings kept in the store, loads only the tables its players are at, and lets
them go when nobody is; a process started later reads listings, not games."""

from __future__ import annotations

import time

import psycopg

from plot_core import Player
from plot_server.hub import IDLE_AFTER, Hub
from plot_session.session import Seat
from served.test_hub import ALICE, BOB

from .processes import Loop


def test_another_process_lists_a_table_without_loading_it_and_sits_down_there(procs, rules):
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=11)
    ss = a.sit(table.id, ALICE)
    procs.until(lambda: table.id in b.listed)
    assert table.id not in b.tables  # known to B's lists, not in its memory
    assert b.listing(table.id).free_sides() == [Player.ABWEHR]
    ab = b.sit(table.id, BOB, code=table.code)  # loaded where Bob sits
    assert table.id in b.tables
    procs.until(lambda: a.tables[table.id].owners[Player.ABWEHR] == BOB)
    procs.pass_the_move(ss if ss.chair.side is a.tables[table.id].session.state.to_act else ab)
    procs.until(lambda: a.tables[table.id].session.actions == b.tables[table.id].session.actions)


def test_a_process_started_later_reads_listings_and_a_stale_one_is_made_again(procs, rules, tmp_path, url):
    a, _ = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=12)
    guests = [a.sit(table.id, ALICE), a.sit(table.id, BOB, code=table.code)]
    procs.pass_the_move(next(g for g in guests if g.chair.side is table.session.state.to_act))
    procs.until(lambda: _stored_size(url, table.id) == table.session.recorder.next_line - 1)
    later = Hub(rules, tmp_path / "later", later=Loop().clock)
    later.use_store(url, lambda callback: None)
    try:
        assert later.restore() == []
        assert later.tables == {}
        assert later.listing(table.id).to_act is table.session.state.to_act
        assert later.listing(table.id).actions == table.session.actions
    finally:
        later.shared.stop()
    with psycopg.connect(url) as conn:  # (as a store from before listings were kept)
        conn.execute("UPDATE plot_tables SET listing = NULL")
    again = Hub(rules, tmp_path / "again", later=Loop().clock)
    again.use_store(url, lambda callback: None)
    try:
        assert again.restore() == []
        assert again.tables == {} and again.listing(table.id).actions == table.session.actions
        # ... and kept for the next start
        assert _wait(lambda: _stored_size(url, table.id) == table.session.recorder.next_line - 1)
    finally:
        again.shared.stop()


def test_a_table_let_go_by_one_process_is_taken_up_again_with_nothing_lost(procs):
    a, b = procs.hubs
    clock = [0.0]
    a.now = lambda: clock[0]
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=13)
    guests = [a.sit(table.id, ALICE), a.sit(table.id, BOB, code=table.code)]
    procs.pass_the_move(next(g for g in guests if g.chair.side is table.session.state.to_act))
    guests[0].chair.talk("see you")
    procs.until(lambda: not table.session.unsaved)
    actions, chat = table.session.actions, list(table.session.chat)
    for g in guests:
        a.leave(g)
    procs.until(lambda: not a._busy(table))
    clock[0] += IDLE_AFTER + 1
    assert a.drop_idle() == [table.id]
    procs.until(lambda: b.listing(table.id) is not None and b.listing(table.id).actions == actions)
    back = a.sit(table.id, ALICE)
    again = a.tables[table.id]
    assert again.session.actions == actions and again.session.chat == chat
    assert back.chair.side is Player.SS


def _stored_size(url, table_id: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT (listing->>'size')::integer FROM plot_tables WHERE id = %s", (table_id,))
        found = row.fetchone()
    return -1 if found is None or found[0] is None else found[0]


def _wait(condition, timeout: float = 30.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return False
