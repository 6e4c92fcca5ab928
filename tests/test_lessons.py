"""The tutorial's lessons: each loads, is not done at its start, and its
solution reaches its goal whatever the computer answers for the other side."""

from __future__ import annotations

import re

import pytest

from plot_core import Verb, apply, legal_actions, load_rules, parse_action
from plot_core.data.reader import Source
from plot_core.engine.pending import DecisionKind
from plot_core.engine.state import Phase
from plot_core.errors import DataError
from plot_core.hexgrid import parse_hex
from plot_core.lessons import load_lesson, load_lessons
from plot_core.parties import Player

RULES = load_rules()
LESSONS = load_lessons(RULES)


def reaches(lesson, state, steps: list[str], depth: int = 0) -> bool:
    """The goal is met after the learner's steps, for every answer of the other side,
    and no step on the way is said to miss it."""
    if lesson.check.met(state):
        return True
    assert lesson.check.missed(state) is None, (lesson.key, lesson.check.missed(state))
    if state.outcome is not None or depth > 40:
        return False
    if state.to_act is lesson.side:
        if not steps:
            return False
        return reaches(lesson, apply(state, parse_action(steps[0])), steps[1:], depth + 1)
    return all(reaches(lesson, apply(state, a), steps, depth + 1) for a in legal_actions(state))


def forces(lesson, state, banned, budget: int, memo: dict) -> bool:
    """Can the learner reach the goal against every answer of the other side, never
    using the verb ``banned``, within ``budget`` actions of its own?"""
    if lesson.check.met(state):
        return True
    if state.outcome is not None or budget <= 0:
        return False
    key = (state, budget)
    if key not in memo:
        if state.to_act is lesson.side:
            memo[key] = any(
                forces(lesson, apply(state, a), banned, budget - 1, memo)
                for a in legal_actions(state)
                if a.verb is not banned
            )
        else:
            memo[key] = all(
                forces(lesson, apply(state, a), banned, budget, memo) for a in legal_actions(state)
            )
    return memo[key]


def learners_decisions(lesson) -> set[tuple[Phase, DecisionKind | None]]:
    """Where the learner acts along the lesson's solution (the other side taking its
    first choice): the phase, and the kind of decision answered (None: a free action)."""
    state, steps, seen = lesson.start(RULES), list(lesson.solution), set()
    while not lesson.check.met(state):
        if state.to_act is lesson.side:
            seen.add((state.phase, state.pending[-1].kind if state.pending else None))
            state = apply(state, parse_action(steps.pop(0)))
        else:
            state = apply(state, legal_actions(state)[0])
    return seen


def test_the_lessons_cover_the_topics_in_their_order():
    titles = " ".join(lesson.title.lower() for lesson in LESSONS)
    for topic in (
        "setting up",
        "assignment",
        "movement",
        "harassment",
        "travel",
        "recruitment",
        "investigation",
        "interrogation",
        "status",
        "hitler",
        "coup",
        "victory",
        "ss wins",
    ):
        assert topic in titles
    assert LESSONS[0].key == "00-setting-up" and LESSONS[-1].key == "08-how-the-ss-wins"
    assert {ls.side for ls in LESSONS} == set(Player)


def test_every_phase_and_every_kind_of_decision_is_practised_in_some_lesson():
    seen = set().union(*(learners_decisions(lesson) for lesson in LESSONS))
    assert {kind for _, kind in seen} >= set(DecisionKind)
    assert {phase for phase, _ in seen} == set(Phase) - {Phase.GAME_OVER}


@pytest.mark.parametrize(
    ("lesson", "verb"),
    [(ls, v) for ls in LESSONS for v in ls.teaches],
    ids=[f"{ls.key}-{v.value}" for ls in LESSONS for v in ls.teaches],
)
def test_no_lesson_can_be_done_without_the_decision_it_teaches(lesson, verb):
    """Searched over every way of playing the learner's side (a few actions more than
    the solution takes) against every answer of the other."""
    assert not forces(lesson, lesson.start(RULES), verb, len(lesson.solution) + 2, {})


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.key for lesson in LESSONS])
def test_each_lesson_is_reached_by_its_solution_and_not_before(lesson):
    start = lesson.start(RULES)
    assert start.to_act is lesson.side
    assert not lesson.check.met(start)
    assert reaches(lesson, start, list(lesson.solution))
    assert lesson.text.strip() and lesson.goal and lesson.hints
    assert lesson.set_dice == bool(start.dice)
    assert all(c in RULES.cases.cases for c in lesson.cases)


BY_KEY = {lesson.key: lesson for lesson in LESSONS}


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.key for lesson in LESSONS])
def test_every_lesson_is_a_position_a_game_can_reach(lesson):
    """Each unit in one place, each chit in one, no two units in a hex, and Hitler on the
    map (a lesson without him had the coup panel say he was dead, and its Abwehr bonus
    contradict 18.55); the set-up lesson's units are all still to be placed (4.3)."""
    from engine.test_view_and_json import check_invariants

    state = lesson.start(RULES)
    check_invariants(state)
    assert state.unit("100").hex is not None or state.phase is Phase.SETUP
    if state.coup is not None:  # the bonus shrinks only while Hitler lives (18.52, 18.55)
        assert state.coup.abwehr_bonus <= state.coup.bonus


@pytest.mark.parametrize(
    "key, steps, said",
    [
        ("00-setting-up", ["place 001 2316"], "Heydrich was placed at 2316"),  # 4.3, not next to Hitler
        ("01-movement", ["activate 303", "move 1912", "end"], "Oster ended the move at 1912"),  # 9.14
        ("03-travel", ["activate 302", "end"], "Gisevius ended the move at 1714"),
    ],
)
def test_a_move_that_misses_the_goal_is_said_to_miss_it(key, steps, said):
    lesson = BY_KEY[key]
    state = lesson.start(RULES)
    for step in steps[:-1]:
        state = apply(state, parse_action(step))
        assert lesson.check.missed(state) is None  # not yet: the unit may still get there
    state = apply(state, parse_action(steps[-1]))
    assert lesson.check.missed(state) == said


def test_a_failed_attempt_misses_a_recruitment_goal_and_no_undo_is_offered_past_the_die():
    import attrs

    lesson = BY_KEY["04-recruitment"]
    state = attrs.evolve(lesson.start(RULES), dice=(5,))  # one recruiter, die 5: Ep (12.9)
    for step in ("recruit 401", "join 301", "roll"):
        state = apply(state, parse_action(step))
    assert lesson.check.missed(state) == "the attempt to recruit Stauffenberg failed"  # 12.22
    said = lesson.missed(state)
    assert said is not None and "takes steps back" not in said and "q leaves" in said


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.key for lesson in LESSONS])
def test_the_solution_walks_the_hints_in_their_order(lesson):
    """Each solution step taken moves the learner along, the other side's answers
    between them counting for nothing; the hint given is never for a step ahead."""
    taken = []
    for n, step in enumerate(lesson.solution):
        now = lesson.hint_now(taken)
        assert lesson.progress(taken) == n
        assert lesson.hint_steps[now] <= n  # never a hint for a step still ahead
        taken.append(parse_action(step))
    assert lesson.progress(taken) == len(lesson.solution)


def test_hints_follow_the_learner_not_the_count_of_asking():
    """Once the phase is ended, the coup lesson's hint is no longer "P ends the
    Recruitment Phase" but what comes next; a walk of one's own between the steps does
    not lose one's place; asked again where one is, the next hint."""
    lesson = BY_KEY["06-coup"]
    taken = []
    assert lesson.hint_for(taken) == "P ends the Recruitment Phase; the coup question follows."
    taken.append(parse_action("end-phase"))
    assert lesson.hint_for(taken) == "Reveal both Führer Access chits with their numbers."
    assert lesson.hints_to_show(taken, 0) == 2  # the first asking shows up to the one for here
    assert lesson.hints_to_show(taken, 2) == 3  # asked again: one more
    taken += [parse_action("reveal FA1"), parse_action("reveal FA2")]
    assert lesson.hint_for(taken) == "Then roll the Walkyrie Table (r, twice)."
    taken += [parse_action("coup"), parse_action("activate 303"), parse_action("move 1913")]
    assert lesson.hint_for(taken).startswith("In the interphase, activate Oster")
    said = lesson.missed(apply(lesson.start(RULES), parse_action("end-phase")), taken=taken[:1])
    assert said is None  # (nothing missed yet: no hint said)


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
    bad = text.replace("hint_steps = [0, 1, 4]", "hint_steps = [0, 4, 1]")
    with pytest.raises(DataError, match="hint_steps: the first hint is for step 0, each later one"):
        load_lesson(Source("x.toml", bad), "x", RULES)
    bad = text.replace("hint_steps = [0, 1, 4]", "hint_steps = [0, 1]")
    with pytest.raises(DataError, match="hint_steps: expected a list of 3 entries, got 2"):
        load_lesson(Source("x.toml", bad), "x", RULES)
    bad = text.replace("hint_steps = [0, 1, 4]", "hint_steps = [0, 1, 8]")
    with pytest.raises(DataError, match=r"hint_steps\[2\]: expected a whole number in 0..7, got 8"):
        load_lesson(Source("x.toml", bad), "x", RULES)


@pytest.mark.parametrize(
    ("order", "says"),
    [
        (
            'lessons = ["01-movement", "01-movement"]',
            "lessons/order.toml, line 1: lessons: a lesson is listed twice",
        ),
        ('lessons = ["01-movement"]', "every lesson file must be listed; missing 00-setting-up"),
        (
            'lessons = ["01-movement", "99-flying"]',
            "lessons[1]: expected one of 00-setting-up, 01-movement, ",
        ),
    ],
)
def test_the_order_of_the_lessons_lists_every_lesson_once(tmp_path, order, says):
    import shutil

    import attrs

    shutil.copytree(RULES.directory / "lessons", tmp_path / "lessons")
    (tmp_path / "lessons" / "order.toml").write_text(order + "\n", encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(says)):
        load_lessons(attrs.evolve(RULES, directory=tmp_path))


def test_hitler_put_elsewhere_misses_a_goal_about_where_he_stands():
    """9.62: the SS chooses Hitler's hex; choosing another than the goal's misses it
    (the lesson had carried on without a word)."""
    lesson = BY_KEY["15-hitler-to-rastenburg"]
    state = lesson.start(RULES)
    other = next(a for a in legal_actions(state) if a.verb is Verb.HITLER and a.hex != parse_hex("3405"))
    taken = [other]
    state = apply(state, other)
    said = lesson.missed(state, taken=taken)
    assert said is not None
    assert said.startswith(f"That misses the goal: Hitler was placed at {other.hex:04d}.")
    assert "u takes steps back" in said and "Hint: The die is set at 5" in said


def test_a_coup_that_fails_misses_a_lesson_that_goes_through_the_coup_and_offers_no_undo():
    """18.8: rolled without the Führer Access chits, the coup lesson's coup fails; the
    lesson says so, and offers only leaving (no undo past a die, no hint to follow)."""
    lesson = BY_KEY["06-coup"]
    state, taken = lesson.start(RULES), []
    for step in ("end-phase", "coup"):
        taken.append(parse_action(step))
        state = apply(state, taken[-1])
    said = lesson.missed(state, taken=taken)
    assert said is not None and said.startswith("That misses the goal: the coup failed (18.8).")
    assert "takes steps back" not in said and "Hint" not in said and "q leaves" in said
