"""The tutorial's lessons: each loads, is not done at its start, and its
solution reaches its goal whatever the computer answers for the other side."""

from __future__ import annotations

import pytest

from plot_core import apply, legal_actions, load_rules, parse_action
from plot_core.data.reader import Source
from plot_core.errors import DataError
from plot_core.lessons import load_lesson, load_lessons

RULES = load_rules()
LESSONS = load_lessons(RULES)


def reaches(lesson, state, steps: list[str], depth: int = 0) -> bool:
    """The goal is met after the learner's steps, for every answer of the other side."""
    if lesson.check.met(state):
        return True
    if state.outcome is not None or depth > 40:
        return False
    if state.to_act is lesson.side:
        if not steps:
            return False
        return reaches(lesson, apply(state, parse_action(steps[0])), steps[1:], depth + 1)
    return all(reaches(lesson, apply(state, a), steps, depth + 1) for a in legal_actions(state))


def test_there_are_six_to_eight_lessons_covering_the_topics():
    assert 6 <= len(LESSONS) <= 8
    titles = " ".join(lesson.title.lower() for lesson in LESSONS)
    for topic in ("movement", "harassment", "travel", "recruitment", "investigation",
                  "coup", "victory"):
        assert topic in titles


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.key for lesson in LESSONS])
def test_each_lesson_is_reached_by_its_solution_and_not_before(lesson):
    start = lesson.start(RULES)
    assert start.to_act is lesson.side
    assert not lesson.check.met(start)
    assert reaches(lesson, start, list(lesson.solution))
    assert lesson.text.strip() and lesson.goal and lesson.hints
    assert lesson.set_dice == bool(start.dice)
    assert all(c in RULES.cases.cases for c in lesson.cases)


def test_a_bad_lesson_file_names_the_file_and_the_field():
    text = (RULES.directory / "lessons" / "01-movement.toml").read_text(encoding="utf-8")
    bad = text.replace('kind = "next_to"', 'kind = "teleport"')
    with pytest.raises(DataError) as err:
        load_lesson(Source("lessons/01-movement.toml", bad), "01-movement", RULES)
    assert "lessons/01-movement.toml" in str(err.value) and "kind" in str(err.value)
    bad = text.replace('other = "100"', 'other = "999"')
    with pytest.raises(DataError, match="there is no unit '999'"):
        load_lesson(Source("x.toml", bad), "x", RULES)
    bad = text.replace('"303" = { hex = "1813"', '"303" = { hex = "9999"')
    with pytest.raises(DataError, match="position"):
        load_lesson(Source("x.toml", bad), "x", RULES)
