"""The leak hunter: games driven through the real game screen from the SS's
chair, the Abwehr's and a spectator's, every string shown checked after every action.
`make test` plays the opening of a game from each chair; `make bench` plays whole games
(PLOT_LEAK_GAMES of them per chair, 34 unless told: about a hundred in all)."""

from __future__ import annotations

import os

import pytest

from leakhunt import hunt, plain_hunt
from plot_core import Player
from plot_core.engine import state as state_module

VIEWERS = [Player.SS, Player.ABWEHR, None]
IDS = ["ss", "abwehr", "spectator"]
# Seeds far above any typed one, so the seed's digits on a screen cannot be a coincidence.
SEED = 7_306_219_844_019_775_211
SOAK = int(os.environ.get("PLOT_LEAK_GAMES", "34"))


@pytest.mark.asyncio
@pytest.mark.parametrize("side", VIEWERS, ids=IDS)
async def test_no_screen_shows_what_its_side_may_not_know(rules, side):
    played, leaks = await hunt(rules, SEED, side, limit=120, size=(100, 30))
    assert played == 120
    assert not leaks, leaks


@pytest.mark.asyncio
async def test_the_hunter_catches_a_private_line_shown_to_everyone(rules, monkeypatch):
    """The net has no hole: make every private line public and it must be caught."""
    monkeypatch.setattr(state_module.Event, "seen_by", lambda self, side: True)
    _, leaks = await hunt(rules, SEED, Player.SS, limit=40, size=(100, 30))
    assert leaks and "chit" in leaks[0]


@pytest.mark.parametrize("side", VIEWERS, ids=IDS)
def test_the_plain_text_door_says_nothing_its_side_may_not_know(rules, side, tmp_path):
    played, leaks = plain_hunt(rules, SEED + 1, side, tmp_path, limit=400)
    assert played == 400
    assert not leaks, leaks


def test_the_plain_hunter_catches_a_private_line_said_to_everyone(rules, monkeypatch, tmp_path):
    monkeypatch.setattr(state_module.Event, "seen_by", lambda self, side: True)
    _, leaks = plain_hunt(rules, SEED + 1, Player.SS, tmp_path, limit=60)
    assert leaks and "chit" in leaks[0]


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize("side", VIEWERS, ids=IDS)
@pytest.mark.parametrize("k", range(SOAK))
async def test_leak_hunt_soak(rules, k, side):
    played, leaks = await hunt(
        rules,
        SEED + 100 + k,
        side,
        limit=100_000,
        terminal_every=20,
        level=("random", "easy", "hard")[k % 3],
        size=(100, 30),
    )
    assert not leaks, leaks
