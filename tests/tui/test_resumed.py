"""A resumed game keeps its title: who plays what; the new-game screen offers the
unfinished game, and R goes on with it."""

from __future__ import annotations

import attrs
import pytest

from plot_core import Player, load_rules, new_game
from plot_record import Recorder, load_record
from plot_session.session import Seat, Session
from plot_tui.app import PlotApp
from record.helpers import header

pytestmark = pytest.mark.asyncio


async def offered(pilot, app: PlotApp, path):
    """The new-game screen, once it offers the game saved at ``path``."""
    from plot_tui.screens import NewGameScreen

    from .helpers import until

    await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
    screen = app.screen
    await until(pilot, lambda: screen.unfinished == path, "the unfinished game offered")
    return screen


def left_game(path, rules) -> Session:
    """A game against the computer saved to ``path`` after the SS's first move."""
    seats = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}
    session = Session(
        new_game(5, rules=rules), seats, seed=5, recorder=Recorder(path, header(rules, 5, seats=seats))
    )
    while session.state.to_act is Player.ABWEHR:
        session.computer_step()
    session.act(session.legal()[0])
    return session


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_resumed_game_says_who_plays_what_as_a_new_one_does(tmp_path, size):
    rules = load_rules()
    seats = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}
    path = tmp_path / "g.plot.jsonl"
    h = attrs.evolve(header(rules, 5, seats=seats), levels={"abwehr": "hard"})
    session = Session(
        new_game(5, rules=rules), seats, seed=5, levels={Player.ABWEHR: "hard"}, recorder=Recorder(path, h)
    )
    while session.state.to_act is Player.ABWEHR:
        session.computer_step()
    session.recorder.close()
    record = load_record(path, rules)
    app = PlotApp(rules, session=Session.resume(record, Recorder(path, truncate_to=record.good_bytes)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.sub_title.startswith(f"game {record.header.game} · ")
        assert app.sub_title.endswith(" · you play the SS against the computer (hard)")


async def test_the_new_game_screen_offers_the_unfinished_game_and_r_goes_on_with_it(tmp_path):
    """`make run` opens the new-game screen: a player back for the game they left is
    offered it there (the one `plot resume` would take), and R goes on from where it
    stopped, saving to the same file."""
    from plot_tui.game import GameScreen

    from .helpers import quick, until

    rules = load_rules()
    path = tmp_path / "left.plot.jsonl"
    session = left_game(path, rules)  # the SS's first move made: a game under way
    session.recorder.close()
    left = session.actions
    app = PlotApp(rules, settings=quick(), records=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await offered(pilot, app, path)
        said = " ".join(str(screen.query_one("#unfinished").render()).split())
        game = load_record(path, rules).header.game
        assert said.startswith(f"Unfinished: game {game}, you play the SS against the computer (easy), ")
        assert said.endswith("R: go on with it.")
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        resumed = app.screen.controller.table.session
        # (the computer, whose move it was, goes on at once)
        assert resumed.actions >= left and resumed.recorder is not None and resumed.recorder.path == path
        assert f"Resumed {path.name} after action {left}." in str(app.screen.prompt_pane.notice)


async def test_with_no_unfinished_game_the_new_game_screen_offers_none(tmp_path):
    from plot_tui.screens import NewGameScreen

    from .helpers import quick, until

    app = PlotApp(load_rules(), settings=quick(), records=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        await app.workers.wait_for_complete()
        await pilot.press("R")  # nothing to go on with: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and not app.screen.unfinished
        assert str(app.screen.query_one("#unfinished").render()).strip() == ""


async def test_r_reads_the_offered_game_again_played_on_since_or_gone(tmp_path):
    """The offer is read when the screen opens; the game may be played on elsewhere, or
    removed, before R: R reads it again (nothing of what was played since is cut), and a
    game that is gone is said on the new-game screen, the program going on."""
    from plot_tui.game import GameScreen
    from plot_tui.screens import NewGameScreen

    from .helpers import quick, until

    rules = load_rules()
    path = tmp_path / "left.plot.jsonl"
    left_game(path, rules).recorder.close()
    app = PlotApp(rules, settings=quick(), records=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await offered(pilot, app, path)
        record = load_record(path, rules)  # played on in another terminal, the same file
        on = Session.resume(record, Recorder(path, truncate_to=record.good_bytes))
        for _ in range(2):
            while on.state.to_act is Player.ABWEHR:
                on.computer_step()
            on.act(on.legal()[0])
        on.recorder.close()
        played = on.actions
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        resumed = app.screen.controller.table.session
        assert resumed.actions >= played and load_record(path, rules).timeline.final.turn >= 1
        assert f"after action {played}." in str(app.screen.prompt_pane.notice)
    path.unlink()
    other = tmp_path / "other.plot.jsonl"
    left_game(other, rules).recorder.close()
    app = PlotApp(rules, settings=quick(), records=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await offered(pilot, app, other)
        other.unlink()  # removed before R
        await pilot.press("R")
        await until(
            pilot,
            lambda: isinstance(app.screen, NewGameScreen) and app.screen is not screen,
            "a new-game screen again",
        )
        await pilot.pause()
        said = str(app.screen.query_one("#error").render())
        assert said.startswith("The game cannot be resumed: ") and app.is_running
