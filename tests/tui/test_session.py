"""The table rules of a local game, without a screen: seats, hand-off, undo, the log.
(The hand-off is the screen's part: its Controller, plot_session.controller.)"""

from __future__ import annotations

import pytest

from plot_core import IllegalAction, Player, new_game, parse_action
from plot_session.controller import Controller
from plot_session.session import Seat, Session
from plot_session.table import InlineScheduler, Table

from .helpers import DUEL, HOTSEAT, pos


def screen_at(session: Session) -> Controller:
    """A screen at one keyboard for every human side, its table run by hand."""
    scheduler = InlineScheduler()
    return Controller(Table(session, scheduler, pace=0), session.humans())


def test_hot_seat_hands_over_when_the_other_player_must_decide():
    c = screen_at(Session(pos(DUEL), HOTSEAT))
    assert c.eyes is Player.SS and not c.needs_handoff()
    c.act(parse_action("activate 002"))
    c.act(parse_action("harass 305"))  # Dr: the Abwehr picks the retreat
    assert c.needs_handoff() and not c.my_move() and c.legal() == []
    with pytest.raises(IllegalAction):
        c.act(parse_action("retreat 2310"))  # not before the hand-off
    assert c.handoff_words() == ("Abwehr", "Your opponent has finished; it is your decision now.")
    c.hand_over()
    assert c.eyes is Player.ABWEHR and c.my_move()
    assert all(a.verb.value == "retreat" for a in c.legal())


def test_against_the_computer_the_screen_stays_with_the_human():
    s = Session(new_game(2), {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}, seed=2)
    c = screen_at(s)
    c.table.start()
    c.table.scheduler.run()  # type: ignore[attr-defined]  # the computer plays till the SS is asked
    assert c.my_move() and not c.needs_handoff()
    assert c.eyes is Player.SS
    assert all(ln.event.private in (None, Player.SS) for ln in c.snapshot().log)
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


def test_each_side_reads_its_own_lines_after_an_undo_and_a_different_action():
    """The lines a side may read are kept as the log grows; an undo takes back what was
    read, and the log then read is the one that stands."""
    s = Session(pos(DUEL), HOTSEAT)

    def fresh(side):
        return [ln for ln in s.log if ln.event.seen_by(side)]

    s.act(parse_action("activate 002"))
    s.act(parse_action("move 2010"))
    for side in (Player.SS, Player.ABWEHR, None):
        assert s.log_for(side) == fresh(side)
    assert s.undo()
    assert [ln.action for ln in s.log_for(None)][-1] == parse_action("activate 002")
    s.act(parse_action("move 2011"))
    for side in (Player.SS, Player.ABWEHR, None):
        assert s.log_for(side) == fresh(side)
        assert parse_action("move 2010") not in [ln.action for ln in s.log_for(side)]
    s.log_for(Player.SS).clear()  # a caller's copy: the kept lines are not touched
    assert s.log_for(Player.SS) == fresh(Player.SS)


def test_why_not_names_the_rule():
    s = Session(pos(DUEL), HOTSEAT)
    s.act(parse_action("activate 002"))
    assert s.why_not(parse_action("move 2111")).endswith("(11.32)")
    assert s.why_not(parse_action("move 2010")) is None


def test_a_resumed_hot_seat_game_hands_over_as_a_game_going_on_not_an_opponent_done():
    s = Session(pos(DUEL), HOTSEAT)
    s.act(parse_action("activate 002"))  # a game under way, as a resumed one is
    c = screen_at(s)
    assert c.eyes is None and c.needs_handoff()
    assert c.handoff_words() == ("SS", "The game goes on where it was left: the next decision is yours.")
    c.hand_over()
    assert c.eyes is Player.SS and c.my_move()
