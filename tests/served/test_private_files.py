"""A server's files are its user's alone (the records hold each game's secret seed):
whatever umask it starts with, and whatever an earlier version left behind."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from fakes import Later
from plot_core import Player
from plot_server.hub import Hub
from plot_server.private_files import keep_private, make_data_private
from plot_server.server import ensure_host_key
from plot_session.session import Seat

from .test_hub import ALICE


def loose(paths: list[Path]) -> list[str]:
    return [f"{p}: {stat.filemode(p.stat().st_mode)}" for p in paths if p.stat().st_mode & 0o077]


@pytest.fixture
def usual_umask():
    """The usual umask (022) while the test runs, and the worker's own after it."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def test_what_a_server_makes_is_its_users_alone_whatever_the_umask(rules, tmp_path, usual_umask):
    keep_private()
    ensure_host_key(tmp_path / "keys" / "host_key")
    hub = Hub(rules, tmp_path / "home", later=Later())
    hub.create(ALICE, Player.SS, opponent=Seat.COMPUTER, seed=3)
    made = [tmp_path / "keys" / "host_key", *(tmp_path / "home").rglob("*")]
    assert any(p.suffix == ".jsonl" for p in made) and any(p.suffix == ".json" for p in made)
    assert not loose(made)


def test_what_an_earlier_version_left_open_is_closed_at_start(tmp_path, usual_umask):
    home = tmp_path / "home"
    (home / "games").mkdir(parents=True)
    record = home / "games" / "T1-abc.jsonl"
    record.write_text("{}\n")
    key = tmp_path / "host_key"
    key.write_text("not really a key\n")
    assert loose([home, record, key])  # 0755 and 0644, as the umask made them
    make_data_private(home)
    ensure_host_key(key)  # a key already there: kept, and closed
    assert not loose([home, home / "games", record, key])
    assert key.read_text() == "not really a key\n"


def test_only_the_servers_own_entries_are_closed_and_no_link_is_followed(tmp_path, usual_umask):
    """`--data` may name a folder that holds other things: they are left as they are."""
    home = tmp_path / "home"
    (home / "games").mkdir(parents=True)
    (home / "games" / "T1-abc.jsonl").write_text("{}\n")
    mine = home / "holiday.jpg"  # not the server's
    mine.write_text("x")
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("y")
    (home / "games" / "link.jsonl").symlink_to(elsewhere)
    assert make_data_private(home) == []
    assert not loose([home, home / "games", home / "games" / "T1-abc.jsonl"])
    assert loose([mine]) and loose([elsewhere])  # left alone, through the link too


def test_a_socket_left_by_a_server_that_was_killed_is_no_problem(tmp_path, usual_umask):
    """A server killed outright (kill -9) leaves its admin socket; the next start says
    nothing of it (it was opened with open(), which a socket refuses: a false alarm)."""
    import socket

    home = tmp_path / "home"
    (home / "admin").mkdir(parents=True)
    left = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    left.bind(str(home / "admin" / "190-bee004.sock"))
    left.close()  # the file stays, as after a kill
    assert make_data_private(home) == []
    assert not loose([home, home / "admin"])
