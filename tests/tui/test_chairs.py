"""The game screen at a shared table: one side's eyes, redrawn when another screen
acts (it hears the table's every version), and both hands shown once the game is over."""

from __future__ import annotations

import random

import pytest
from textual.app import App
from textual.widgets import Footer

from plot_core import Player, new_game
from plot_session.controller import Controller
from plot_session.session import Session
from plot_tui.app import STYLESHEET
from plot_tui.game import GameScreen

from .helpers import HOTSEAT, seat_at, shared_table

pytestmark = pytest.mark.asyncio


class ChairApp(App[None]):
    CSS_PATH = STYLESHEET

    def __init__(self, chair: Controller) -> None:
        super().__init__()
        self.chair = chair

    def on_mount(self) -> None:
        self.push_screen(GameScreen(self.chair, self.chair.table.session.state.rules))


def text(app: App, selector: str) -> str:
    """From the game screen, even under the game-over box."""
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    return str(screen.query_one(selector).render())


def footer_keys(app: App) -> str:
    return " ".join(str(k.render()) for k in app.screen.query_one(Footer).query("*"))


async def test_a_screen_at_a_shared_table_follows_the_other_players_moves():
    session = Session(new_game(7), HOTSEAT)
    table = shared_table(session)
    ss, abwehr = seat_at(table, Player.SS), seat_at(table, Player.ABWEHR)
    app = ChairApp(ss)
    async with app.run_test(size=(100, 30)) as pilot:
        assert "Waiting for the Abwehr to place the Allied unit" in text(app, "#prompt")
        while session.state.to_act is Player.ABWEHR:  # the other screen acts
            abwehr.act(abwehr.legal()[0])
        await pilot.pause()
        assert "Waiting" not in text(app, "#prompt").split("\n")[0]
        assert ss.my_move()


async def test_once_the_game_is_over_a_spectator_sees_both_hands_and_not_before():
    session = Session(new_game(7), HOTSEAT)
    table = shared_table(session)
    chairs = {p: seat_at(table, p) for p in Player}
    app = ChairApp(seat_at(table, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("w")  # the chits panel
        assert "SS chits" not in text(app, "#chitbox")
        rnd = random.Random(5)
        while session.state.outcome is None:
            side = session.state.to_act
            chairs[side].act(rnd.choice(chairs[side].legal()))
        await pilot.pause()
        assert "over" in app.screen.__class__.__name__.lower()  # the game-over box
        shown = text(app, "#chitbox")
        state = session.state
        assert f"SS chits ({len(state.chits_of('ss'))})" in shown
        assert f"Abwehr chits ({len(state.chits_of('abwehr'))})" in shown


async def test_a_spectator_is_not_offered_undo_and_a_player_is():
    session = Session(new_game(7), HOTSEAT)
    for side, offered in ((None, False), (Player.SS, True)):
        app = ChairApp(seat_at(shared_table(session), side))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert ("Undo" in footer_keys(app)) is offered
            assert app.screen.check_action("undo", ()) is offered


@pytest.mark.asyncio
async def test_a_chair_at_a_shared_table_uses_the_new_keys_too():
    """The Cell before 14.0, the fixed letters and the walk, at a shared table (as `plot
    serve` gives each player) - a side's screen has no full log, only the side's."""
    from .helpers import pos

    state = pos("""
        phase = "investigation"
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        "305" = { box = "interrogation_cell", suspected = true }
        """)
    session = Session(state, HOTSEAT)
    app = ChairApp(seat_at(shared_table(session), Player.SS))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        assert "Nothing to roll now" in text(app, "#prompt") or "Roll: not now" in text(app, "#prompt")
        await pilot.press("P")
        assert "In the Interrogation Cell: Bonhoeffer (305)" in " ".join(text(app, "#prompt").split())
        assert session.actions == 0
        await pilot.press("P")
        assert session.actions == 1


async def test_a_stale_answer_goes_and_the_waiting_side_reads_what_the_other_is_asked():
    """The SS pressed a key while the Abwehr was to act ("It is the Abwehr player's
    move"); once the Abwehr has acted and it is the SS's turn the line must not stay."""
    session = Session(new_game(7), HOTSEAT)
    table = shared_table(session)
    ss, abwehr = seat_at(table, Player.SS), seat_at(table, Player.ABWEHR)
    app = ChairApp(ss)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("1")
        assert "It is the Abwehr player's move." in text(app, "#prompt")
        while session.state.to_act is Player.ABWEHR:
            abwehr.act(abwehr.legal()[0])
        await pilot.pause()
        assert "It is the Abwehr player's move." not in text(app, "#prompt")
