"""What one side may not see never reaches its screen — the Ep draw, the seed."""

from __future__ import annotations

import re

import pytest

from leakhunt import Knowledge, screen_text
from plot_core import Player
from plot_core.engine.state import chit_ids
from tui.helpers import app_for, cursor_to, pos

EP = """
    base = "standard"
    turn = 1
    phase = "recruitment"
    phasing = "abwehr"
    dice = [6]
    """


@pytest.mark.asyncio
async def test_an_ep_result_shows_the_abwehr_nothing_of_the_ss_draw(rules):
    """12.53's Ep: the enemy draws a chit (6.21: only the drawer learns which)."""
    app = app_for(pos(EP), human=Player.ABWEHR)
    s = app._session
    before = set(s.state.chits_of("ss"))
    know = Knowledge(rules, Player.ABWEHR)
    know.learn(s.state)
    async with app.run_test(size=(120, 40)) as pilot:
        await cursor_to(pilot, app, s.state.unit("413").hex)
        await pilot.press("enter")  # recruit Hofacker (12.5)
        await cursor_to(pilot, app, s.state.unit("305").hex)
        await pilot.press("enter")  # with Bonhoeffer
        await pilot.press("r")
        await pilot.pause()
        drawn = set(s.state.chits_of("ss")) - before
        assert drawn, "the Ep result should have made the SS draw"
        assert any(e.result == "Ep" for ln in s.log for e in [ln.event])
        shown = screen_text(app)
        for chit in drawn:
            assert not re.search(rf"(?<![A-Z0-9]){chit}(?![0-9])", shown), shown
        assert re.search(r"SS holds \d+ chit", shown)
        know.learn(s.state)
        assert not know.leaks(shown, s.state, s.seed)


@pytest.mark.asyncio
async def test_the_drawer_sees_his_draw_named_by_side(rules):
    app = app_for(pos(EP), human=Player.SS)
    s = app._session
    before = set(s.state.chits_of("ss"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.5)  # the computer (Abwehr) plays its recruitments
        while s.state.phasing is Player.ABWEHR and s.state.outcome is None and not s.my_move():
            await pilot.pause(0.1)
            if s.actions > 400:
                break
        drawn = set(s.state.chits_of("ss")) - before
        lines = [ln.event.text for ln in s.log_for(Player.SS)]
        for chit in drawn:
            assert any(t.startswith("SS drew") and chit in t for t in lines), lines


def test_an_everyone_account_names_whose_draw_each_private_line_is(tmp_path, rules):
    from plot_record import load_record
    from plot_record.export import text_account
    from record.helpers import recorded_game

    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 12)
    text = "\n".join(text_account(load_record(path, rules)))
    assert "you drew" not in text and "you took" not in text
    assert re.search(r"SS drew \w+.* \[SS only\]", text)
    assert re.search(r"Abwehr drew \w+.* \[Abwehr only\]", text)


def test_chit_ids_are_what_the_hunter_looks_for(rules):
    know = Knowledge(rules, Player.SS)
    ids = chit_ids(rules)
    assert know._chit_re.findall(f"x {ids[0]}, {ids[-1]}.") == [ids[0], ids[-1]]


@pytest.mark.parametrize("side", [Player.SS, Player.ABWEHR])
def test_an_account_for_one_side_names_nothing_that_side_may_not_know(tmp_path, rules, side, capsys):
    """`plot export --as SIDE` of an unfinished game: no other chit, no seed."""
    from plot_cli.main import main
    from plot_record import load_record
    from record.helpers import recorded_game

    seed = 5_550_123_987_654_321_001
    path = tmp_path / "g.plot.jsonl"
    _, states = recorded_game(path, rules, seed, limit=400)
    know = Knowledge(rules, side)
    for st in states:
        know.learn(st)
    for step in load_record(path, rules).timeline.steps:
        know.see_action(step.action)
    assert main(["export", str(path), "--text", "--as", side.value]) == 0
    account = capsys.readouterr().out
    assert f"Seen by: the {side.title} player only" in account
    assert f"{side.title} drew" in account and f"{side.enemy.title} drew" not in account
    assert not know.leaks(account, states[-1], seed)


@pytest.mark.asyncio
async def test_hot_seat_hands_off_before_the_first_private_draw(rules):
    from plot_core import new_game
    from plot_session.session import Session
    from plot_tui.app import PlotApp
    from plot_tui.screens import HandoffScreen
    from tui.helpers import HOTSEAT

    state = new_game(4_000_000_017, rules=rules)
    first = state.to_act
    app = PlotApp(rules, session=Session(state, HOTSEAT))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)  # nothing of either hand shown
        shown = screen_text(app, widgets=False)  # the terminal, as drawn
        for chit in chit_ids(rules):
            assert not re.search(rf"(?<![A-Z0-9]){chit}(?![0-9])", shown)
        await pilot.press("enter")
        await pilot.pause()
        own = state.chits_of(first.value)
        assert own[0] in screen_text(app)  # now the player's own


@pytest.mark.asyncio
async def test_a_resumed_game_keeps_its_seed_secret(tmp_path, rules):
    from plot_core import new_game
    from plot_record import Header, Recorder, load_record, secret_seed
    from plot_session.session import Seat, Session
    from plot_tui.app import PlotApp

    seed = secret_seed()
    seats = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}
    header = Header(
        rules_hash=rules.version,
        seed=seed,
        start={"setup": "standard"},
        players={p.value: seats[p].value for p in Player},
        levels={"abwehr": "easy"},
    )
    path = tmp_path / f"x-{header.game}.plot.jsonl"
    s = Session(
        new_game(seed, rules=rules), seats, seed=seed, recorder=Recorder(path, header), game=header.game
    )
    while s.computer_to_act():
        s.computer_step()
    s.recorder.close()
    resumed = Session.resume(load_record(path, rules))
    assert resumed.seed == seed and resumed.game == header.game
    app = PlotApp(rules, session=resumed)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.sub_title.startswith(f"game {header.game} · ")  # who plays: no seed
        assert str(seed) not in app.sub_title and str(seed) not in screen_text(app)
