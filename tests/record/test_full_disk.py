"""A disk that refuses a write (full) loses nothing. The record's one writing
call is swapped for one that fails as a full disk does, part-way through a line too."""

from __future__ import annotations

import errno
import os

import pytest

import plot_record.store as store
from plot_core import IllegalAction, Player, legal_actions, new_game
from plot_record import Header, Recorder, load_record
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub
from plot_session.session import Seat, Session

HUMANS = {p: Seat.HUMAN for p in Player}


class Disk:
    """os.write as a disk that can fill up: when full, it takes a few bytes of a line
    (as a real short write may) and then refuses with ENOSPC."""

    def __init__(self) -> None:
        self.full = False

    def __call__(self, fd, data) -> int:
        if self.full:
            if len(data) > 5:
                return os.write(fd, bytes(data[:5]))  # part of the line reaches the file
            raise OSError(errno.ENOSPC, "No space left on device")
        return os.write(fd, data)


@pytest.fixture
def disk(monkeypatch):
    d = Disk()
    monkeypatch.setattr(store, "write_bytes", d)
    return d


def header(rules, seed: int = 5):
    return Header(
        rules_hash=rules.version,
        seed=seed,
        start={"setup": "standard"},
        players={p.value: "human" for p in Player},
        chosen_seed=True,
    )


def act(s: Session, n: int) -> None:
    for _ in range(n):
        side = s.state.to_act
        s.act_as(side, list(legal_actions(s.state))[0])


def test_a_full_disk_stops_the_game_and_loses_nothing(tmp_path, rules, disk):
    path = tmp_path / "g.plot.jsonl"
    s = Session(new_game(5, rules=rules), HUMANS, seed=5, recorder=Recorder(path, header(rules)))
    act(s, 3)
    disk.full = True
    side = s.state.to_act
    s.act_as(side, list(legal_actions(s.state))[0])  # shown on screen: acknowledged
    assert s.unsaved and "cannot be saved" in s.record_problem and "nothing is lost" in s.record_problem
    assert not s.may_act(s.state.to_act) and not s.legal_for(s.state.to_act)  # the game waits
    with pytest.raises(IllegalAction, match="your last move is not saved yet"):
        s.act_as(s.state.to_act, list(legal_actions(s.state))[0])  # refused, and said why
    with pytest.raises(IllegalAction, match="not your move \\(5.2\\)"):
        s.act_as(s.state.to_act.enemy, list(legal_actions(s.state))[0])
    assert not s.retry_saving()  # still full
    disk.full = False
    assert s.retry_saving() and not s.unsaved and s.record_problem is None
    assert s.may_act(s.state.to_act)  # the game goes on
    act(s, 2)
    record = load_record(path, rules)  # whole lines only, all of them
    assert len(record.timeline) == s.actions == 6 and not record.warnings
    assert record.timeline.final == s.state


def test_the_computer_waits_for_the_disk_too_and_the_game_ends_saved(tmp_path, rules, disk):
    path = tmp_path / "g.plot.jsonl"
    s = Session(
        new_game(6, rules=rules),
        {p: Seat.COMPUTER for p in Player},
        seed=6,
        recorder=Recorder(path, header(rules, 6)),
    )
    while s.state.outcome is None:
        if s.actions == 40:
            disk.full = True  # full from here to the end
        if s.unsaved:
            break
        s.computer_step()
    assert s.unsaved and not s.computer_to_act()  # the computer waits as well
    disk.full = False
    assert s.retry_saving()
    while s.state.outcome is None:
        s.computer_step()
    record = load_record(path, rules)
    assert record.finished and len(record.timeline) == s.actions


def test_a_served_table_waits_tells_the_operator_once_and_retries(tmp_path, rules, disk, capfd):
    class Later:
        def __init__(self):
            self.waiting = []

        def __call__(self, delay, callback):
            self.waiting.append(callback)

        def run_one(self):
            self.waiting.pop(0)()

    later = Later()
    hub = Hub(rules, tmp_path / "server", later=later)
    alice, bob = Account("key a", "alice"), Account("key b", "bob")
    table = hub.create(alice, Player.SS, opponent=Seat.HUMAN, seed=9)
    guests = {
        Player.SS: hub.sit(table.id, alice, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, bob, code=table.code, codes=CodeLimit(5)),
    }
    disk.full = True
    side = table.session.state.to_act
    guests[side].chair.act(guests[side].chair.legal()[0])
    for _ in range(3):  # the hub keeps trying
        later.run_one()
    out = capfd.readouterr().out
    assert out.count("cannot be saved") == 1 and "retrying" in out
    assert str(table.record) in out  # the host is told which file ...
    for p in Player:  # ... the players are told the game waits, never where the host keeps it
        said = guests[p].chair.saving_news()
        assert said is not None and "cannot be saved" in said.text and str(tmp_path) not in said.text
    assert not guests[table.session.state.to_act].chair.legal()
    disk.full = False
    later.run_one()
    assert "saved again" in capfd.readouterr().out
    assert guests[table.session.state.to_act].chair.legal()
    assert len(load_record(table.record, rules).timeline) == table.session.actions


@pytest.mark.asyncio
async def test_the_screen_says_why_the_game_waits_and_when_it_goes_on(tmp_path, rules, disk, monkeypatch):
    import plot_tui.game as game_module
    from plot_tui.app import PlotApp
    from tui.helpers import game, prompt, until

    monkeypatch.setattr(game_module, "SAVE_RETRY", 0.1)
    path = tmp_path / "g.plot.jsonl"
    s = Session(new_game(5, rules=rules), HUMANS, seed=5, recorder=Recorder(path, header(rules)))
    app = PlotApp(rules, session=s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # hot-seat: take the keyboard
        disk.full = True
        game(app).act(s.legal()[0])
        await until(pilot, lambda: "cannot be saved" in prompt(app), "the warning")
        assert "it waits" in prompt(app) and "nothing is lost" in prompt(app)
        disk.full = False
        await until(pilot, lambda: "Saved again" in prompt(app), "the all-clear")
    assert len(load_record(path, rules).timeline) == s.actions == 1
