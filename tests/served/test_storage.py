"""Storage: files that are not what they claim, numbers never reused,
nothing half made when the disk says no."""

from __future__ import annotations

import errno
import json
import os

import pytest

from plot_cli.main import main
from plot_core import Player
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub
from plot_session.session import Seat

from .test_hub import ALICE, BOB, CAROL

NESTED = "[" * 100_000 + "]" * 100_000


def test_a_broken_table_file_keeps_its_number(rules, hub, tmp_path, clock):
    hub.create(ALICE, Player.SS, opponent=Seat.HUMAN)
    broken = hub.create(BOB, Player.SS, opponent=Seat.HUMAN)  # the highest number
    broken.meta_path.write_text("{not json", encoding="utf-8")
    again = Hub(rules, tmp_path / "server", later=clock)
    assert len(again.restore()) == 1
    new = again.create(CAROL, Player.SS, opponent=Seat.HUMAN)
    assert new.id == "T3" and new.meta_path != broken.meta_path
    assert broken.meta_path.read_text() == "{not json"  # never written over
    # a number only a record or a leftover .tmp holds is not reused either
    (again.tables_dir / "T4.tmp").write_text("")
    (again.games_dir / "T5-abc.jsonl").write_text("")
    assert again.create(CAROL, Player.SS, opponent=Seat.HUMAN).id == "T6"


def test_start_up_names_and_keeps_every_unreadable_file_and_restores_the_rest(rules, hub, tmp_path, clock):
    good = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN)
    nested_record = hub.create(BOB, Player.SS, opponent=Seat.HUMAN)
    piped_record = hub.create(CAROL, Player.SS, opponent=Seat.HUMAN)
    nested_table = hub.create(Account("key d", "dora"), Player.SS, opponent=Seat.HUMAN)
    for t in (nested_record, piped_record):
        t.session.recorder.close()
    nested_record.record.write_text(NESTED + "\n")
    piped_record.record.unlink()
    os.mkfifo(piped_record.record)  # reading it would wait for ever
    nested_table.meta_path.write_text("[" * 5000 + "]" * 5000)
    again = Hub(rules, tmp_path / "server", later=clock)
    problems = again.restore()  # returns: no hang, no RecursionError
    assert {t.id for t in again.listings()} == {good.id}
    assert len(problems) == 3
    assert any("nested" in p and str(nested_record.record) in p for p in problems)
    assert any("not a regular file" in p for p in problems)
    assert any("nested" in p and str(nested_table.meta_path) in p for p in problems)
    assert nested_table.meta_path.read_text().startswith("[[[")  # kept as it was


def test_a_table_the_disk_refuses_leaves_nothing_behind(rules, hub, monkeypatch):
    def full(table):
        hub.tables_dir.mkdir(parents=True, exist_ok=True)
        (hub.tables_dir / f"{table.id}.tmp").write_text("{")  # as a short write leaves it
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(hub, "_save", full)
    with pytest.raises(OSError):
        hub.create(ALICE, Player.SS, opponent=Seat.HUMAN)
    assert hub.tables == {}
    assert list(hub.tables_dir.iterdir()) == [] and list(hub.games_dir.iterdir()) == []


@pytest.mark.parametrize("command", [["replay"], ["resume"], ["export", "--text"]])
@pytest.mark.parametrize("kind", ["nested", "pipe", "zero"])
def test_a_record_that_is_not_one_is_refused_with_its_name(tmp_path, capsys, command, kind):
    path = tmp_path / "bad.plot.jsonl"
    if kind == "nested":
        path.write_text(NESTED + "\n")
    elif kind == "pipe":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    argv = [command[0], str(path), *command[1:]]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert str(path) in err
    assert ("nested" in err) if kind == "nested" else ("not a regular file" in err)


def test_a_record_line_too_long_is_refused(tmp_path, rules):
    from plot_record import RecordError, read_raw
    from record.helpers import recorded_game

    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 3, limit=3)
    with path.open("a") as f:
        f.write(json.dumps({"i": 4, "side": "ss", "x": "y" * 2_000_000}) + "\n")
    with pytest.raises(RecordError, match="line 5: 2,000,03[0-9] bytes long"):
        read_raw(path)


def test_a_table_that_cannot_be_read_back_is_listed_as_damaged_never_dropped(rules, hub, tmp_path, clock):
    """A record the server wrote but cannot read back (damaged on disk, or written by a
    version whose checks differed): the host is told which and why, and its players see
    the table as damaged in every list, not gone; sitting at it says why."""
    from .test_plain_door import Player_

    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN)
    hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    table.session.recorder.close()
    with open(table.record, "a", encoding="utf-8") as f:
        f.write('{"grant": {"side": "ss", "hours": "lots", "time": "2026-11-27T10:00:00Z"}}\n')
    again = Hub(rules, tmp_path / "server", later=clock)
    (problem,) = again.restore()
    assert "listed as damaged" in problem and str(table.record) in problem and "hours" in problem
    assert table.id not in again.listed and again.damaged[table.id].owners[Player.ABWEHR] == BOB
    bob = Player_(again, BOB)
    said = bob.type("games")
    assert f"{table.id}: SS alice, Abwehr bob; damaged: its record cannot be read" in said
    assert "you play the Abwehr" in said
    assert "damaged" in Player_(again, CAROL).type("tables")  # everyone sees it listed
    said = bob.type(f"sit {table.id}")
    assert f"Refused: Table {table.id} is damaged" in said and "nothing of it was deleted" in said
    assert again.create(CAROL, Player.SS, opponent=Seat.HUMAN).id != table.id  # its number kept
