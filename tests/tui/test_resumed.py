"""A resumed game keeps its title: who plays what."""

from __future__ import annotations

import attrs
import pytest

from plot_core import Player, load_rules, new_game
from plot_record import Recorder, load_record
from plot_session.session import Seat, Session
from plot_tui.app import PlotApp
from record.helpers import header

pytestmark = pytest.mark.asyncio


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
