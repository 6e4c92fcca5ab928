"""Game records: what is written is what replays, position by position."""

from __future__ import annotations

import json
import random
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plot_core import Player, legal_actions, load_position, new_game
from plot_record import Recorder, load_record
from plot_record.format import STAMP
from plot_record.timeline import SNAPSHOT_EVERY
from plot_session.controller import Controller
from plot_session.session import Seat, Session
from plot_session.table import InlineScheduler, Table

from .helpers import header, lines, recorded_game, uninterrupted

HOTSEAT = {p: Seat.HUMAN for p in Player}


@pytest.mark.parametrize("seed", range(12))
def test_record_replays_to_identical_states(tmp_path, rules, seed):
    path = tmp_path / "g.plot.jsonl"
    session, states = recorded_game(path, rules, seed)
    record = load_record(path, rules)
    assert record.finished and record.warnings == []
    assert len(record.timeline) == len(states) - 1 == session.actions
    for i, state in enumerate(states):
        assert record.timeline.state_at(i) == state, f"position {i} differs"
    assert lines(path)[-1].startswith('{"end"')


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_hotseat_games_with_undos_replay_exactly(tmp_path_factory, rules, seed, walk):
    """Human moves with take-backs mixed in: the record keeps the undo lines, and the
    replay is the game as it stands, undone moves gone."""
    path = tmp_path_factory.mktemp("rec") / "g.plot.jsonl"
    session = Session(
        new_game(seed, rules=rules),
        HOTSEAT,
        seed=seed,
        recorder=Recorder(path, header(rules, seed, seats=HOTSEAT)),
    )
    rnd = random.Random(walk)
    states = [session.state]
    undos = 0
    for _ in range(400):
        if session.state.outcome is not None:
            break
        if session.can_undo() and rnd.random() < 0.2:
            assert session.undo()
            states.pop()
            undos += 1
            continue
        session.act(rnd.choice(list(legal_actions(session.state))))
        states.append(session.state)
    record = load_record(path, rules)
    assert len(record.timeline) == len(states) - 1
    assert [record.timeline.state_at(i) for i in range(len(states))] == states
    assert sum('"undo"' in line for line in lines(path)) == undos


def test_a_game_from_a_position_records_its_start(tmp_path, rules):
    text = textwrap.dedent("""
        turn = 2
        phase = "movement"
        phasing = "ss"
        base = "standard"
    """)
    start = load_position(text, rules=rules, seed=9)
    path = tmp_path / "p.plot.jsonl"
    session = Session(
        start,
        HOTSEAT,
        seed=9,
        recorder=Recorder(path, header(rules, 9, start={"position": text}, seats=HOTSEAT)),
    )
    rnd = random.Random(3)
    for _ in range(30):
        session.act(rnd.choice(list(legal_actions(session.state))))
    record = load_record(path, rules)
    assert record.timeline.start == start
    assert record.timeline.final == session.state


def test_choose_setup_games_replay(tmp_path, rules):
    path = tmp_path / "c.plot.jsonl"
    session = Session(
        new_game(4, setup="choose", rules=rules),
        HOTSEAT,
        seed=4,
        recorder=Recorder(path, header(rules, 4, start={"setup": "choose"}, seats=HOTSEAT)),
    )
    rnd = random.Random(4)
    for _ in range(60):
        session.act(rnd.choice(list(legal_actions(session.state))))
    assert load_record(path, rules).timeline.final == session.state


def test_each_line_is_json_with_action_text(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 1, limit=20)
    head, *rest = [json.loads(x) for x in lines(path)]
    assert head["format"] == "plot-record" and head["version"] == 5
    assert head["rules_hash"] == rules.version and head["seed"] == 1
    assert head["players"] == {"ss": "computer", "abwehr": "computer"}
    assert [r["i"] for r in rest] == list(range(1, 21))
    assert all(r["side"] in ("ss", "abwehr") and r["text"] and r["action"]["verb"] for r in rest)
    assert all(STAMP.fullmatch(r["at"]) for r in rest)  # when each was made (UTC)


def test_when_each_action_was_made_is_kept_taken_back_with_it_and_read_again(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    ticks = iter(f"2026-11-27T10:{m:02d}:00Z" for m in range(60))
    session = Session(
        new_game(4, rules=rules),
        {p: Seat.HUMAN for p in Player},
        seed=4,
        recorder=Recorder(path, header(rules, 4)),
    )
    session.stamp = lambda: next(ticks)
    assert session.last_move_at is None
    while not session.can_undo():  # to an action that can be taken back
        session.act(legal_actions(session.state)[0])
    n = session.actions
    assert session.times == [f"2026-11-27T10:{m:02d}:00Z" for m in range(n)]
    assert session.undo()  # taken back: its time goes with it
    assert session.times == [f"2026-11-27T10:{m:02d}:00Z" for m in range(n - 1)]
    session.act(legal_actions(session.state)[0])  # made again, later
    assert session.last_move_at == f"2026-11-27T10:{n:02d}:00Z"
    record = load_record(path, rules)
    assert record.times == session.times
    assert Session.resume(record).last_move_at == session.last_move_at


def test_a_resumed_computer_game_goes_on_as_if_never_stopped(tmp_path, rules):
    """The computer's choices are seeded by the action number, not by a running stream."""
    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 21, limit=90)
    record = load_record(path, rules)
    session = Session.resume(record, Recorder(path, truncate_to=record.good_bytes))
    while session.state.outcome is None:
        session.computer_step()
    whole = uninterrupted(rules, 21)
    assert session.state == whole[-1] and session.actions == len(whole) - 1
    tl = load_record(path, rules).timeline
    assert [tl.state_at(i) for i in range(len(whole))] == whole


def test_resume_rebuilds_the_log_and_hands_over_in_hotseat(tmp_path, rules):
    path = tmp_path / "h.plot.jsonl"
    session = Session(
        new_game(2, rules=rules), HOTSEAT, seed=2, recorder=Recorder(path, header(rules, 2, seats=HOTSEAT))
    )
    rnd = random.Random(2)
    for _ in range(25):
        session.act(rnd.choice(list(legal_actions(session.state))))
    back = Session.resume(load_record(path, rules))
    assert [(ln.index, ln.side, ln.event) for ln in back.log] == [
        (ln.index, ln.side, ln.event) for ln in session.log
    ]
    assert back.actions == 25 and back.state == session.state
    screen = Controller(Table(back, InlineScheduler()), Player)  # a hot-seat screen on it
    assert screen.eyes is None and screen.needs_handoff()  # nobody's chits until handed over


def test_seeking_matches_playing_through_in_any_order(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    _, states = recorded_game(path, rules, 5)
    tl = load_record(path, rules).timeline
    assert len(states) > 3 * SNAPSHOT_EVERY
    order = list(range(len(states)))
    random.Random(0).shuffle(order)
    for i in order + list(reversed(range(len(states)))):
        assert tl.state_at(i) == states[i]
    with pytest.raises(IndexError, match="outside"):
        tl.state_at(len(states))


def test_jumps_by_phase_turn_roll_and_coup(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 7)
    tl = load_record(path, rules).timeline
    n = len(tl)
    # phases: every jump lands where the phase changed, and none is skipped
    i, phases = 0, []
    while i < n:
        j = tl.next_change(i, tl.phase_key)
        assert all(tl.phase_key(k) == tl.phase_key(i) for k in range(i, j)) or j == n
        phases.append(j)
        i = j
    assert phases == sorted(set(phases))
    back = tl.prev_change(phases[2], tl.phase_key)
    assert back == phases[1]
    assert tl.prev_change(phases[2] + 1, tl.phase_key) == phases[2]
    # turns
    t = tl.next_change(0, tl.turn_key)
    assert tl.turn_key(t) != tl.turn_key(t - 1)
    # rolls: the next position where a die was rolled, and the previous one
    r = tl.next_where(0, lambda s: s.rolled)
    assert r is not None and any(e.roll for e in tl.events_at(r))
    assert not any(tl.steps[k].rolled for k in range(r - 1))
    r2 = tl.next_where(r, lambda s: s.rolled)
    assert r2 is not None and r2 > r
    assert tl.prev_where(r2, lambda s: s.rolled) == r
    # the coup, if one was declared
    c = tl.next_where(0, lambda s: s.coup)
    if tl.final.coup is not None:
        assert c is not None and tl.steps[c - 1].action.verb.value == "coup"
