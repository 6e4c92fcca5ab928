"""A finished table's game replayed from the lobby (R), in the served app itself (the
same app the SSH and web doors run): the record as saved, everyone's eyes, the chart of
the chances and its turning points; an unfinished game is refused, and notes are not
written beside the server's record. (The store's record: tests/store/test_store.py.)"""

from __future__ import annotations

import random

import pytest

from fakes import Later
from plot_core import Player
from plot_server.connection_limits import ConnectionLimits
from plot_server.guard import CodeLimit
from plot_server.hub import Hub
from plot_server.server import ServedApp
from plot_session.replay import EVERYONE
from plot_session.session import Seat
from plot_tui.replay_screen import ReplayScreen

from .test_hub import ALICE, BOB, CAROL, play

pytestmark = pytest.mark.asyncio


async def until(pilot, test, what: str, tries: int = 600) -> None:
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"never: {what}")


def text(app, selector: str) -> str:
    return " ".join(str(app.screen.query_one(selector).render()).split())


def finished_table(hub: Hub, seed: int):
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=seed)
    guests = {
        Player.SS: hub.sit(table.id, ALICE, codes=CodeLimit(5)),
        Player.ABWEHR: hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)),
    }
    play(guests, 20_000, random.Random(seed))
    assert table.over
    for guest in guests.values():
        hub.leave(guest)
    return table


async def test_r_replays_a_finished_table_with_its_chances_and_back_to_the_lobby(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table = finished_table(hub, 5)
    app = ServedApp(None, hub, CAROL, limits=ConnectionLimits(idle=600))  # carol did not play it
    async with app.run_test(size=(140, 44)) as pilot:
        await pilot.pause()
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay opens")
        screen = app.screen
        replay = screen.replay
        assert replay.eyes is EVERYONE and replay.i == 0  # over: nothing is hidden
        assert replay.timeline.final == table.session.state  # the game as it was played
        assert f"table {table.id}" in app.sub_title and "replay" in app.sub_title
        await until(pilot, lambda: bool(replay.chances), "the chances are worked out")
        assert len(replay.chances) == len(replay.timeline) + 1  # a point per position
        assert "(the expert's evaluation); e: next turning point" in text(app, "#timeline")
        await pilot.press("e")
        await pilot.pause()
        assert replay.i == replay.turning[0] > 0
        await until(pilot, lambda: replay.turning[0] in replay.better, "the expert's answer")
        assert "A turning point (" in text(app, "#prompt")
        await pilot.press("N", *"mine", "enter")  # notes are the viewer's own, not the server's
        await pilot.pause()
        assert "No note: notes are kept only on your own records" in text(app, "#prompt")
        assert not list(hub.games_dir.glob("*notes*"))
        await pilot.press("q")
        await until(pilot, lambda: app.screen is app.lobby, "back in the lobby")
        assert app.sub_title.endswith(CAROL.name)
        # a second viewer finds the chances already worked out
        assert hub.replays.analysis(replay.record).chances == replay.chances


async def test_r_on_a_game_still_being_played_is_refused_with_the_reason(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=5)
    app = ServedApp(None, hub, CAROL, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("R")
        await pilot.pause()
        assert app.screen is app.lobby
        said = text(app, "#message")
        assert f"Table {table.id}'s game is not over: press w to watch it" in said
