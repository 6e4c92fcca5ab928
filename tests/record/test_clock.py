"""Correspondence clocks worked out from a record's times (plot_record.clock): the rule,
the time each side has left, extra time given, and a loss on time read back as the
game's end."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from plot_core import Player, legal_actions, new_game
from plot_record import Recorder, RecordError, load_record
from plot_record.clock import (
    DAY,
    HOUR,
    PRESETS,
    ClockRule,
    Grant,
    clock_from_json,
    parse_clock,
    span,
    time_left,
)
from plot_record.format import Header
from plot_session.session import Seat, Session

SS, AB = Player.SS, Player.ABWEHR
RULE = ClockRule(3, 12)


def at(day: int, hour: int, minute: int = 0) -> str:
    return f"2026-11-{day:02d}T{hour:02d}:{minute:02d}:00Z"


def when(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=UTC)


def test_the_time_between_two_actions_is_the_second_actors_and_a_passed_move_earns_the_bonus():
    moves = [(AB, at(1, 10)), (AB, at(1, 11)), (SS, at(2, 11)), (SS, at(2, 12)), (AB, at(2, 18))]
    left = time_left(RULE, moves, SS, when(3, 6))
    # the Abwehr: 1 h (its second action) and 6 h (after the SS's); two moves passed from it
    assert left[AB] == 3 * DAY - 7 * HOUR + 2 * 12 * HOUR
    # the SS: a day before its first action and 1 h to its second, and running 12 h
    # since the Abwehr's last; one move passed from it
    assert left[SS] == 3 * DAY - (24 + 1 + 12) * HOUR + 12 * HOUR
    # nothing runs once the game is over; the first action's own time is free
    assert time_left(RULE, moves, None, when(9, 0))[SS] == 3 * DAY - 25 * HOUR + 12 * HOUR
    assert time_left(RULE, [], AB, when(9, 0)) == {SS: 3 * DAY, AB: 3 * DAY}


def test_extra_time_given_and_actions_without_times():
    moves = [(AB, at(1, 10)), (SS, None), (SS, at(1, 20))]  # (a line written before times)
    left = time_left(RULE, moves, SS, when(1, 20), [Grant(SS, 24, at(1, 15))])
    # the SS's 10 h run from the Abwehr's action to its own timed one; a day given
    assert left[SS] == 3 * DAY - 10 * HOUR + 24 * HOUR
    assert left[AB] == 3 * DAY + 12 * HOUR  # the move passed from it once


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("3+12", ClockRule(3, 12)),
        ("3d+12h", ClockRule(3, 12)),
        ("7", ClockRule(7, 0)),
        ("0.5 days + 2 hours", ClockRule(0.5, 2)),
        ("7d+1d", ClockRule(7, 24)),  # as the lists say what was typed 7+24
        ("1h+0h", ClockRule(1 / 24, 0)),
        ("1 day 12 h each + 1 h 30 min a move", ClockRule(1.5, 1.5)),
        ("1d12h+1h30m", ClockRule(1.5, 1.5)),
        ("0.5+90m", ClockRule(0.5, 1.5)),
        ("none", None),
    ],
)
def test_a_clock_is_written_as_days_and_hours(text, rule):
    assert parse_clock(text) == rule


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("three days", r"like 3\+12"),
        ("0+12", "more than 0"),
        ("90", "at most 60"),
        ("3+999", "0 to 336 hours"),
        ("0.00001", "each side 1 hour at least"),  # a trap of 0.86 s a side
        ("\u0663+12", r"like 3\+12"),  # an Arabic-Indic three: not read as a number unseen
        ("12 h 1 day", r"like 3\+12"),  # the larger unit first
        ("3 3+12", r"like 3\+12"),
        ("3d+", r"like 3\+12"),
    ],
)
def test_a_clock_that_is_not_one_says_why(text, why):
    with pytest.raises(ValueError, match=why):
        parse_clock(text)


def test_a_record_made_with_a_shorter_clock_still_reads():
    """The hour is asked of a new clock only: a game an older version let start with
    less is read back as it was made."""
    assert clock_from_json({"days": 0.00001, "bonus_hours": 0}) == ClockRule(0.00001, 0)


def test_time_is_said_in_its_largest_units():
    assert span(2 * DAY + 4 * HOUR + 59) == "2 days 4 h"
    assert span(DAY) == "1 day"
    assert span(3 * HOUR + 20 * 60) == "3 h 20 min"
    assert span(12 * 60) == "12 min"
    assert span(30) == "under a minute" and span(-5) == "none"


def clocked(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    header = Header(
        rules_hash=rules.version,
        seed=4,
        start={"setup": "standard"},
        players={"ss": "human", "abwehr": "human"},
        clock=RULE,
    )
    session = Session(
        new_game(4, rules=rules),
        {p: Seat.HUMAN for p in Player},
        seed=4,
        clock=RULE,
        recorder=Recorder(path, header),
    )
    return session, path


def test_a_loss_on_time_ends_the_game_in_the_record_and_is_read_back(tmp_path, rules):
    session, path = clocked(tmp_path, rules)
    session.stamp = lambda: at(1, 10)
    session.act(legal_actions(session.state)[0])  # the Abwehr begins (7.1)
    session.give_time(AB, 6, at(1, 11))
    loser = session.state.to_act
    assert session.out_of_time(when(1, 12)) is None
    assert session.time_left(when(1, 12))[AB] == 3 * DAY + 6 * HOUR + (12 * HOUR if loser is SS else 0)
    assert session.out_of_time(when(9, 0)) is loser
    session.lose_on_time(loser, at(9, 0))
    o = session.state.outcome
    assert o is not None and o.winner == loser.enemy.value and o.case == "clock"
    assert f"the {loser.title} player's clock ran out: the {loser.enemy.title} wins on time" == o.reason
    assert legal_actions(session.state) == []
    record = load_record(path, rules)
    assert record.finished and record.timeline.final.outcome == o
    assert record.header.clock == RULE and record.grants == [Grant(AB, 6.0, at(1, 11))]
    back = Session.resume(record)
    assert back.clock == RULE and back.state.outcome == o
    assert back.time_left(when(9, 0)) == session.time_left(when(9, 0))


def test_clock_lines_out_of_place_are_refused_naming_the_line(tmp_path, rules):
    session, path = clocked(tmp_path, rules)
    session.stamp = lambda: at(1, 10)
    session.act(legal_actions(session.state)[0])
    session.lose_on_time(session.state.to_act, at(9, 0))
    lines = path.read_text().splitlines()
    action = json.loads(lines[1])
    action["i"] = 2
    path.write_text("\n".join([*lines, json.dumps(action)]) + "\n")
    with pytest.raises(RecordError, match="line 4: nothing may follow the end of the game"):
        load_record(path, rules)
    head = json.loads(lines[0])
    del head["clock"]
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    with pytest.raises(RecordError, match="line 3: a clock's line in a game without a clock"):
        load_record(path, rules)
    head["clock"] = {"days": 0, "bonus_hours": 1}
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    with pytest.raises(RecordError, match="line 1: a clock's days must be more than 0"):
        load_record(path, rules)


def test_a_clock_is_said_in_the_units_time_left_is_said_in():
    """A clock of 0.0417 days was shown as "0.0417 days each"."""
    assert ClockRule(3, 12).words() == "3 days each + 12 h a move" and ClockRule(3, 12).short() == "3d+12h"
    assert ClockRule(0.0417, 0).words() == "1 h each" and ClockRule(0.0417, 0).short() == "1h+0h"
    assert ClockRule(1.5, 1.5).words() == "1 day 12 h each + 1 h 30 min a move"
    assert ClockRule(7, 0).short() == "7d+0h"
    for rule in PRESETS:  # what a list or a form says can be typed back
        assert parse_clock(rule.short()) == parse_clock(rule.words()) == rule
