"""The table rules of a local game, without a screen: seats, hand-off, undo, the log."""

from __future__ import annotations

import pytest

from plot_core import IllegalAction, Player, new_game, parse_action
from plot_session.session import Seat, Session

from .helpers import HOTSEAT, pos

DUEL = """
phasing = "ss"
dice = [1]
[units]
"002" = { hex = "2110" }
"305" = { hex = "2210", suspected = true }
"""


def test_hot_seat_hands_over_when_the_other_player_must_decide():
    s = Session(pos(DUEL), HOTSEAT)
    assert s.viewer is Player.SS and not s.needs_handoff()
    s.act(parse_action("activate 002"))
    s.act(parse_action("harass 305"))  # Dr: the Abwehr picks the retreat
    assert s.needs_handoff() and not s.my_move() and s.legal() == []
    with pytest.raises(IllegalAction):
        s.act(parse_action("retreat 2310"))  # not before the hand-off
    s.hand_over()
    assert s.viewer is Player.ABWEHR and s.my_move()
    assert all(a.verb.value == "retreat" for a in s.legal())


def test_against_the_computer_the_screen_stays_with_the_human():
    s = Session(new_game(2), {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}, seed=2)
    steps = 0
    while not s.my_move():
        assert s.computer_to_act() and not s.needs_handoff()
        s.computer_step()
        steps += 1
        assert steps < 5000
    assert s.viewer is Player.SS
    assert all(ln.event.private in (None, Player.SS) for ln in s.visible_log())
    assert any(ln.event.private is Player.ABWEHR for ln in s.log)  # there, but not shown


def test_undo_goes_back_step_by_step_to_the_last_roll():
    s = Session(pos(DUEL), HOTSEAT)
    start = s.state
    s.act(parse_action("activate 002"))
    s.act(parse_action("move 2010"))
    n = len(s.log)
    assert s.undo() and s.state.unit("002").hex == 2110
    assert s.undo() and s.state == start and s.actions == 0
    assert not s.undo()
    s.act(parse_action("activate 002"))
    s.act(parse_action("harass 305"))
    assert not s.can_undo()  # a die was rolled (10.7)
    assert len(s.log) >= n


def test_why_not_names_the_rule():
    s = Session(pos(DUEL), HOTSEAT)
    s.act(parse_action("activate 002"))
    assert s.why_not(parse_action("move 2111")).endswith("(11.32)")
    assert s.why_not(parse_action("move 2010")) is None
