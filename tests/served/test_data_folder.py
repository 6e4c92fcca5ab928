"""A files-based server's data folder is whole in itself: copied (a backup restored, a
move to another machine), the copy restores its tables and plays on in its own
records, never the original's."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from fakes import Later
from plot_core import Player
from plot_server.guard import CodeLimit
from plot_server.hub import Hub
from plot_session.session import Seat

from .test_hub import ALICE, BOB, play


def a_game_on(hub: Hub):
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=9)
    guests = {
        Player.SS: hub.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    }
    play(guests, 12, random.Random(4))
    return table


@pytest.mark.parametrize("older", [False, True], ids=["this version", "an older table file"])
def test_a_copied_data_folder_restores_and_plays_on_in_its_own_records(rules, tmp_path, older):
    first = Hub(rules, tmp_path / "a", later=Later())
    table = a_game_on(first)
    meta_file = tmp_path / "a" / "tables" / f"{table.id}.json"
    assert json.loads(meta_file.read_text())["record"] == f"games/{table.record.name}"
    if older:  # as an older version wrote it: the record's absolute path
        meta = json.loads(meta_file.read_text())
        meta_file.write_text(json.dumps(dict(meta, record=str(table.record))))
    original = table.record.read_bytes()
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    copy = Hub(rules, tmp_path / "b", later=Later())
    assert copy.restore() == []
    again = copy.table(table.id)
    assert again.session.actions == table.session.actions
    guests = {
        Player.SS: copy.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: copy.sit(table.id, BOB, codes=CodeLimit(5)),
    }
    assert play(guests, 6, random.Random(5)) == 6
    assert table.record.read_bytes() == original  # the original's record untouched
    mine = tmp_path / "b" / "games" / table.record.name
    assert len(mine.read_bytes()) > len(original)  # the copy wrote its own


@pytest.mark.parametrize(
    ("kept", "why"),
    [
        ("../../etc/T1-passwd.jsonl", "its record must be in the data folder's games/"),
        ("games/T2-abcdef.jsonl", "its record must be table T1's own"),  # two would write one
    ],
)
def test_a_table_file_naming_a_record_not_its_own_is_listed_as_damaged(rules, tmp_path, kept, why):
    first = Hub(rules, tmp_path, later=Later())
    table = a_game_on(first)
    meta_file = tmp_path / "tables" / f"{table.id}.json"
    meta = json.loads(meta_file.read_text())
    meta_file.write_text(json.dumps(dict(meta, record=kept)))
    again = Hub(rules, tmp_path, later=Later())
    [problem] = again.restore()
    assert why in problem
    assert table.id in again.damaged
