"""What an older version left, read by this one: a files-based server's data folder and
a store, both made by the version of 25 November 2026 (7e2a47f: records of format
version 3, table files of version 1 with the record's absolute path, a store of
schema 1) with tools/older_server_data.py. Their games in progress come back and are
played on, and the finished one is still over; the store is brought to this schema."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import psycopg

from fakes import Later
from plot_server.guard import CodeLimit
from plot_server.hub import Hub
from plot_server.pgstore import SCHEMA_VERSION

from .moves import pass_the_move

OLDER = Path(__file__).resolve().parents[1] / "data" / "older-server"


def play_on(hub: Hub, settle=lambda: None) -> int:
    """The player whose move it is at the older two-player game sits and passes the
    move; how many actions the game then has."""
    duel = hub.table("T1")
    side = duel.session.state.to_act
    guest = hub.sit("T1", duel.owners[side], codes=CodeLimit(5))
    pass_the_move(guest, settle)
    settle()
    hub.leave(guest)
    return duel.session.actions


def check_older_games(hub: Hub) -> None:
    duel, solo, done = (hub.table(t) for t in ("T1", "T2", "T3"))
    assert not duel.over and not solo.over and done.over
    assert [o.name for o in duel.owners.values()] == ["alice", "bob"]
    assert done.session.state.outcome is not None and done.session.state.outcome.case == "18.73"


def test_a_data_folder_left_by_an_older_version_is_read_and_played_on(rules, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(OLDER / "data", data)
    hub = Hub(rules, data, later=Later())
    assert hub.restore() == []
    check_older_games(hub)
    played = play_on(hub)
    again = Hub(rules, data, later=Later())  # a restart reads the game as played on
    assert again.restore() == []
    assert again.table("T1").session.actions == played
    # the copy wrote into its own games, not where the older table file names its record
    kept = (OLDER / "data" / "games" / "T1-353cfea0.jsonl").read_bytes()
    mine = (data / "games" / "T1-353cfea0.jsonl").read_bytes()
    assert mine.startswith(kept) and len(mine) > len(kept)
    # its table file, written again with the game's listing, names its record in the
    # data folder, as this version writes it
    kept_file = json.loads((data / "tables" / "T1.json").read_text())
    assert kept_file["record"] == "games/T1-353cfea0.jsonl" and kept_file["listing"]["actions"] == played


def test_a_store_left_by_an_older_version_is_brought_up_to_date_and_played_on(rules, tmp_path, url):
    from tools import pgcluster

    psql = pgcluster.find("psql")
    assert psql is not None, "PostgreSQL's psql is not installed"
    subprocess.run(
        [psql, "-q", "-v", "ON_ERROR_STOP=1", "-f", str(OLDER / "store.sql"), url],
        check=True,
        capture_output=True,
    )
    waiting: list = []
    later = Later()

    def settle() -> None:
        for _ in range(500):
            while waiting:
                waiting.pop(0)()
            if not any(t.session.unsaved for t in hub.tables.values()):
                return
            time.sleep(0.01)

    hub = Hub(rules, tmp_path / "process", later=later)
    hub.use_store(url, waiting.append)
    try:
        assert hub.restore() == []
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT version FROM plot_schema").fetchall() == [(SCHEMA_VERSION,)]
        check_older_games(hub)
        played = play_on(hub, settle)
    finally:
        hub.shared.stop()
    again = Hub(rules, tmp_path / "again", later=Later())
    again.use_store(url, lambda f: None)
    try:
        assert again.restore() == []
        assert again.table("T1").session.actions == played
    finally:
        again.shared.stop()
