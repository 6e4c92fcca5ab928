"""SVG snapshots pin the main screens at 80x24 and 160x50.

After an intended change of look, review and refresh them with
`.venv/bin/pytest tests/tui/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from plot_core import Player, new_game
from plot_session.session import Seat, Session
from plot_tui.app import PlotApp

from .helpers import app_for, pos, quick

SIZES = [(80, 24), (160, 50)]

DUEL = """
phasing = "ss"
dice = [1]
[units]
"002" = { hex = "2110" }
"305" = { hex = "2210", suspected = true }
"013" = { hex = "2410" }
"308" = { hex = "1810", suspected = true }
[chits]
ss = ["TR1", "L305", "AA2"]
abwehr = ["FA1"]
"""


def at(*steps):
    """A run_before for snap_compare: for each (hex, keys...), the cursor to the hex and
    the keys pressed there, as a player would."""

    async def run(pilot):
        from plot_tui.mapview import MapView

        mapview = pilot.app.screen.query_one(MapView)
        for h, *keys in steps:
            mapview.move_to(h)
            if keys:
                await pilot.press(*keys)
        await pilot.pause()

    return run


def standard_game() -> PlotApp:
    seats = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.HUMAN}
    return PlotApp(session=Session(new_game(7), seats))


@pytest.mark.parametrize("size", SIZES)
def test_new_game_screen(snap_compare, size):
    assert snap_compare(PlotApp(seed=1944), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_screen_at_the_start(snap_compare, size):
    # hot-seat: the opening draw waits for its player to take the keyboard (its hand is its own)
    assert snap_compare(standard_game(), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES)
def test_a_unit_moving_with_its_reachable_hexes(snap_compare, size):
    assert snap_compare(app_for(pos(DUEL)), terminal_size=size, press=["enter"], run_before=at((2110,)))


@pytest.mark.parametrize("size", SIZES)
def test_hand_off_after_a_harassment(snap_compare, size):
    assert snap_compare(
        app_for(pos(DUEL)), terminal_size=size, run_before=at((2110, "enter"), (2210, "enter"))
    )


def test_tables_after_a_roll(snap_compare):
    harass_then_tables = at((2110, "enter"), (2210, "enter", "enter", "tab", "enter", "enter", "t"))
    assert snap_compare(app_for(pos(DUEL)), terminal_size=(160, 50), run_before=harass_then_tables)


def test_help_screen(snap_compare):
    assert snap_compare(standard_game(), terminal_size=(80, 24), press=["enter", "question_mark"])


def replay_of(tmp_path, seed: int, limit: int | None = None) -> PlotApp:
    from plot_core import load_rules
    from plot_record import load_record
    from plot_session.replay import Replay
    from record.helpers import recorded_game

    rules = load_rules()
    path = tmp_path / f"seed{seed}.plot.jsonl"
    recorded_game(path, rules, seed, limit=limit)
    return PlotApp(rules, replay=Replay(load_record(path, rules)))


async def analysed(pilot) -> None:
    """A finished game's chances are worked out in a worker: the picture waits for them."""
    from .helpers import until

    await until(pilot, lambda: bool(pilot.app.screen.replay.chances), "the analysis")


@pytest.mark.parametrize("size", SIZES)
def test_replay_at_the_coup_seen_by_everyone(snap_compare, tmp_path, size):
    assert snap_compare(replay_of(tmp_path, 7), press=["v", "w"], terminal_size=size, run_before=analysed)


def test_replay_of_an_unfinished_game_seen_by_the_ss(snap_compare, tmp_path):
    assert snap_compare(replay_of(tmp_path, 8, limit=150), press=["end"], terminal_size=(100, 30))


@pytest.mark.parametrize("size", SIZES)
def test_the_odds_of_a_harassment_before_the_roll(snap_compare, size):
    assert snap_compare(
        app_for(pos(DUEL), asks=True),
        terminal_size=size,
        run_before=at((2110, "enter"), (2210,)),
        press=["enter"],
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_screen_on_the_case_a_refusal_cited(snap_compare, size):
    async def refused_then_rules(pilot):
        from textual.widgets import Input

        await at((2110, "enter", "b", "l", "enter"))(pilot)  # zone to zone: 11.32
        await pilot.press("C")
        await pilot.pause()
        # the filter's cursor blinks every 0.5 s: whether it shows would depend on how
        # long a loaded machine takes to draw the picture
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    assert snap_compare(app_for(pos(DUEL)), terminal_size=size, run_before=refused_then_rules)


@pytest.mark.parametrize("size", SIZES)
def test_the_lessons(snap_compare, size):
    assert snap_compare(PlotApp(settings=quick(), learn=True), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_a_lessons_card(snap_compare, size):
    assert snap_compare(PlotApp(settings=quick(), learn=True), terminal_size=size, press=["down", "enter"])


@pytest.mark.parametrize("size", SIZES)
def test_a_lesson_on_the_board(snap_compare, size):
    assert snap_compare(
        PlotApp(settings=quick(), learn=True), terminal_size=size, press=["down", "enter", "enter"]
    )
