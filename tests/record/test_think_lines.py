"""Why the computer moved, kept in the record: a searching player's reasons
are written after the action they led to, read back, resumed, and checked like any line."""

from __future__ import annotations

import json

import pytest

from plot_ai import make
from plot_ai.pool import decide
from plot_core import Player, new_game
from plot_record import PlanLine, Recorder, ThinkLine, load_record
from plot_record.format import RecordError
from plot_session.session import Session

from .helpers import COMPUTERS, header, lines


def expert_game(path, rules, seed: int = 11) -> Session:
    session = Session(
        new_game(seed, rules=rules),
        COMPUTERS,
        seed=seed,
        recorder=Recorder(path, header(rules, seed)),
        levels={Player.ABWEHR: "expert"},
    )
    session.computers[Player.ABWEHR] = make("expert", rules, trials=30)
    return session


def test_a_new_plan_writes_its_reasons_after_its_action_and_they_come_back(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    session = expert_game(path, rules)
    while len(session.thoughts) < 4:
        session.computer_step()
    assert all(t.side is Player.ABWEHR and t.level == "expert" for t in session.thoughts)
    written = [json.loads(ln) for ln in lines(path)]
    for t in session.thoughts:
        k = next(n for n, d in enumerate(written) if d.get("i") == t.after)
        assert written[k + 1]["think"]["after"] == t.after  # right after its action
        assert written[k]["side"] == "abwehr"
    record = load_record(path, rules)
    assert record.thoughts == session.thoughts
    resumed = Session.resume(record)
    assert resumed.last_thought() == session.last_thought()


def test_a_plan_played_on_writes_no_new_reasons(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    session = expert_game(path, rules)
    for _ in range(400):
        session.computer_step()
    # an expert step that continues its plan (no new thought) is common in any game
    afters = {t.after for t in session.thoughts}
    abwehr_steps = [ln for ln in session.log if ln.action is not None and ln.side is Player.ABWEHR]
    assert len(afters) < len(abwehr_steps)


def test_a_worker_answers_the_same_job_and_a_stale_answer_is_not_played(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    session = expert_game(path, rules)
    job = None
    for _ in range(200):
        job = session.thought_job()
        if job is not None:
            break
        session.computer_step()
    assert job is not None and session.state.to_act is Player.ABWEHR
    answer = decide(job)  # what a worker process runs
    before = session.actions
    assert session.take_thought(job, answer) is not None
    assert session.actions == before + 1 and session.last_thought().after == before + 1
    assert session.take_thought(job, answer) is None  # the game moved on: stale
    assert session.actions == before + 1


def think(after: int, side: str = "abwehr", **over) -> str:
    data = {
        "after": after,
        "side": side,
        "level": "expert",
        "trials": 10,
        "seconds": 0.5,
        "plans": [{"text": "Oster (303): to 1416", "win": 0.4, "trials": 6, "private": False}],
    }
    data.update(over)
    return json.dumps({"think": data}) + "\n"


@pytest.fixture
def short(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    session = expert_game(path, rules)
    for _ in range(3):
        session.computer_step()
    return path


@pytest.mark.parametrize(
    ("line", "says"),
    [
        (
            lambda other: think(3, side=other),
            "think: it explains action 3, but the last action is 3, the (ss|abwehr)'s",
        ),
        (lambda other: think(2), "think: it explains action 2, but the last action is 3"),
        (lambda other: think(3, trials=-1), "think: trials must be a whole number, got -1"),
        (lambda other: think(3, plans=[]), "think: plans must be a list of 1 to 3"),
        (
            lambda other: think(3, plans=[{"text": "x", "win": 1.5, "trials": 1}]),
            "think: plan 1 must give text",
        ),
        (lambda other: think(3, seconds="soon"), "think: seconds must be a number from 0 to 3600"),
        (
            lambda other: think(3, plans=[{"text": "x", "win": 0.5, "trials": 1, "effect": 7}]),
            "think: plan 1 must give text and effect",
        ),
        (
            lambda other: think(3, plans=[{"text": "x", "win": 0.5, "trials": 1, "effect": "y" * 201}]),
            "think: plan 1 must give text and effect",
        ),
        (
            lambda other: think(3, plans=[{"text": "x", "win": 0.5, "trials": 1, "feared": ["a die"]}]),
            "think: plan 1 must give text and effect .* what it feared",
        ),
    ],
)
def test_a_bad_think_line_is_refused_naming_its_line(short, rules, line, says):
    kept = [ln for ln in lines(short) if '"think"' not in ln]
    side = json.loads(kept[-1])["side"]  # action 3 is the record's last
    other = "ss" if side == "abwehr" else "abwehr"
    text = "".join(kept) + line(other)
    short.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=rf"line {len(kept) + 1}: {says}"):
        load_record(short, rules)


def test_think_lines_round_trip(tmp_path, rules):
    t = ThinkLine(
        3,
        Player.SS,
        "expert",
        120,
        0.75,
        (
            PlanLine("a", 0.5, 60, False, "Canaris reaches Berlin's streets", "", "the next die coming up 1"),
            PlanLine("b", 0.25, 40, True),
        ),
    )
    from plot_record.format import parse_entry, think_line

    assert parse_entry(json.loads(think_line(t)), "here") == t
    older = json.loads(think_line(t))  # written before plans said their effect and fears
    for plan in older["think"]["plans"]:
        del plan["effect"], plan["feared"]
    assert parse_entry(older, "here").plans[0].effect == parse_entry(older, "here").plans[0].feared == ""
