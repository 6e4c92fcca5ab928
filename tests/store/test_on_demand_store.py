"""Tables loaded on demand with the shared store: each process lists every table from
the listings kept in the store, loads only the tables its players are at, and lets
them go when nobody is; a process started later reads listings, not games."""

from __future__ import annotations

import time

import psycopg
import pytest

from plot_core import Player
from plot_server.guard import CodeLimit
from plot_server.hub import IDLE_AFTER, Hub
from plot_session.session import Seat
from served.test_hub import ALICE, BOB

from .processes import Loop, Processes


def test_another_process_lists_a_table_without_loading_it_and_sits_down_there(procs, rules):
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=11)
    ss = a.sit(table.id, ALICE, codes=CodeLimit(5))
    procs.until(lambda: table.id in b.listed)
    assert table.id not in b.tables  # known to B's lists, not in its memory
    assert b.listing(table.id).free_sides() == [Player.ABWEHR]
    ab = b.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))  # loaded where Bob sits
    assert table.id in b.tables
    procs.until(lambda: a.tables[table.id].owners[Player.ABWEHR] == BOB)
    procs.pass_the_move(ss if ss.chair.side is a.tables[table.id].session.state.to_act else ab)
    procs.until(lambda: a.tables[table.id].session.actions == b.tables[table.id].session.actions)


def test_a_process_started_later_reads_listings_and_a_stale_one_is_made_again(procs, rules, tmp_path, url):
    a, _ = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=12)
    guests = [
        a.sit(table.id, ALICE, codes=CodeLimit(5)),
        a.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    ]
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
    guests = [
        a.sit(table.id, ALICE, codes=CodeLimit(5)),
        a.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    ]
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
    back = a.sit(table.id, ALICE, codes=CodeLimit(5))
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


def test_a_damaged_table_stays_damaged_when_the_store_s_marks_are_read_again(rules, tmp_path, url):
    procs = Processes(rules, tmp_path / "a", url, n=1)
    try:
        (a,) = procs.hubs
        broken = a.create(BOB, Player.SS, opponent=Seat.HUMAN, seed=22)
        procs.until(lambda: not broken.session.unsaved)
    finally:
        procs.close()
    with psycopg.connect(url) as conn:
        conn.execute("INSERT INTO plot_lines VALUES (%s, 2, %s)", (broken.id, "{not json"))
    later = Processes(rules, tmp_path / "b", url, n=1)
    try:
        (b,) = later.hubs
        assert broken.id in b.damaged and broken.id not in b.listed
        # the listener's catch-up after (re)connecting: the damaged table is left be
        b.stored.marks_heard(b.shared.store.marks(b.keep_finished))
        later.until(lambda: True)
        assert broken.id not in b.listed and [t.id for t in b.listed_for(BOB)] == []
    finally:
        later.close()


def test_a_store_that_does_not_answer_at_sitting_down_leaves_the_table_listed(procs, monkeypatch):
    from plot_server.hub import Refused
    from plot_server.pgstore import StoreError

    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=14)
    procs.until(lambda: table.id in b.listed)

    def away(table_id):
        raise StoreError("the store did not answer")

    monkeypatch.setattr(b.stored, "_read_stored", away)
    with pytest.raises(Refused, match="cannot reach its store.*Try again"):
        b.sit(table.id, ALICE, codes=CodeLimit(5))
    assert table.id in b.listed and table.id not in b.damaged and table.id not in b.shared.known
    monkeypatch.undo()
    assert b.sit(table.id, ALICE, codes=CodeLimit(5)).chair.side is Player.SS  # the store back: it is read


def test_a_table_being_read_is_followed_from_before_its_lines_are_read(procs, monkeypatch):
    """A line another process commits while a table is read is fetched by the
    listener once the table is open (it was once dropped as a table not followed)."""
    a, b = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=15)
    procs.until(lambda: table.id in b.listed)
    followed = []
    read = b.stored._read_stored

    def reading(table_id):
        followed.append(table_id in b.shared.known)
        return read(table_id)

    monkeypatch.setattr(b.stored, "_read_stored", reading)
    b.table(table.id)
    assert followed == [True]


def test_a_seat_taken_while_a_process_was_not_listening_is_read_at_its_catch_up(procs, url):
    """A process whose listener was not yet listening (at its start, or while its link
    was lost) hears nothing of a seat taken meanwhile: its catch-up reads the seats of
    the tables it holds, not only their lines."""
    import json

    from plot_server.pgstore import Store

    a, _ = procs.hubs
    table = a.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=16)
    meta, _version = a.shared.store.table(table.id)
    meta["owners"]["abwehr"] = {"key": BOB.key, "name": BOB.name}
    with psycopg.connect(url) as conn:  # taken with no NOTIFY: as if A was not listening
        conn.execute(
            "UPDATE plot_tables SET meta = %s, version = version + 1 WHERE id = %s",
            (json.dumps(meta), table.id),
        )
    procs.until(lambda: True)
    assert table.owners[Player.ABWEHR] is None
    store = Store(url)
    try:
        a.shared._catch_up(store)
    finally:
        store.close()
    procs.until(lambda: table.owners[Player.ABWEHR] == BOB)
