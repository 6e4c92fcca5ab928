"""The tutorial's lessons (rules_data/lessons/*.toml): a position, a few paragraphs, and a
goal the engine checks on the game state after every action.

A lesson file:

    title = "Harassment and retreats"
    side = "abwehr"                   # the learner's side; the computer plays the other
    cases = ["10.0", "10.6"]          # what the rules screen should show first
    text = '''Paragraphs in our words.'''
    goal = "Make Hanke give up 2210 and advance into it."
    teaches = ["harass", "advance"]   # the verbs the goal cannot be reached without (a test
                                      # searches every other way and finds none)
    hints = ["First hint", "Second hint"]
    solution = ["activate 301", "harass 011", "advance 2210"]   # the tests play it
    hint_steps = [0, 2]               # the solution's step (from 0) each hint is for:
                                      # a learner is given the hint for where they are
    position = '''(a position file, see position.py)'''

    [check]                           # the goal, as the engine reads it
    kind = "stands_on"                # see GOALS
    unit = "301"
    hex = "2210"

Lessons are words and positions, no number of the game: they are left out of the
rules-data version (rules.WORDS_ONLY).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from .data.reader import Node, Source
from .engine.actions import Action, Verb, parse_action
from .engine.position import load_position
from .engine.state import HITLER, Box, GameState, Phase
from .errors import DataError
from .hexgrid import label, parse_hex
from .parties import Player
from .rules import Rules, load_rules

# What each kind of goal needs, and what it means.
GOALS = {
    "next_to": ("unit", "other"),  # unit ends its move beside other (9.14)
    "in_area": ("unit", "area"),  # unit stands in the area
    "stands_on": ("unit", "hex"),  # unit stands on the hex
    "recruited": ("unit", "side"),  # unit recruited (not semi) by side (12.31)
    "in_box": ("unit", "box"),  # unit in a holding box (e.g. the Interrogation Cell)
    "free": ("unit",),  # unit belongs to no one (unrecruited, 12.83)
    "on_map_at": ("unit", "phase"),  # unit still on the map when the phase begins
    "coup_on": (),  # the Walkyrie roll succeeded (18.15)
    "winner": ("side",),  # the game is won by side (18.7)
}


T = TypeVar("T")


def _given(value: T | None) -> T:
    """A field the goal's kind has (GOALS; the loader checks every one is there)."""
    if value is None:
        raise AssertionError("a lesson's goal lacks a field its kind needs")
    return value


@attrs.frozen
class Goal:
    kind: str
    unit: str | None = None
    other: str | None = None
    area: str | None = None
    hex: int | None = None
    side: Player | None = None
    box: Box | None = None
    phase: Phase | None = None

    def met(self, state: GameState) -> bool:
        k = self.kind
        if k == "coup_on":
            return state.coup is not None
        if k == "winner":
            return state.outcome is not None and state.outcome.winner == _given(self.side).value
        u = state.unit(_given(self.unit))
        if k == "next_to":
            o = state.unit(_given(self.other))
            return (
                u.hex is not None
                and o.hex is not None
                and state.active != self.unit
                and o.hex in state.rules.map.neighbours.get(u.hex, ())
            )
        if k == "in_area":
            return u.hex is not None and state.rules.map.area_of[u.hex] == self.area
        if k == "stands_on":
            return u.hex == self.hex
        if k == "recruited":
            return u.recruited and not u.semi and u.controller is self.side
        if k == "in_box":
            return u.box is self.box
        if k == "free":
            return u.hex is not None and u.controller is None
        if k == "on_map_at":
            return state.phase is self.phase and u.hex is not None
        raise AssertionError(k)

    def missed(self, state: GameState, taken: Sequence[Action] = ()) -> str | None:
        """Why the goal is out of reach the way the learner went (an undo may take it
        back), in words; None while it may still be met. A goal about where a unit
        stands is missed once the unit is placed (4.3) or has ended its move (9.14)
        elsewhere, or for Hitler, once his hex was chosen (9.62: ``taken``, the
        learner's actions); a recruitment goal, once the attempt on the unit failed (a
        unit is the target of one attempt a phase, 12.22)."""
        if self.unit is None or state.pending or self.met(state):
            return None  # (a decision still open, such as an advance, may yet meet it)
        u, name = state.unit(self.unit), state.info(self.unit).short
        if self.kind in ("next_to", "in_area", "stands_on"):
            placed = state.phase is Phase.SETUP and u.hex is not None
            chosen = self.unit == HITLER and any(a.verb is Verb.HITLER for a in taken)
            moved = self.unit in state.activated and state.active != self.unit
            if u.hex is not None and (placed or chosen or moved):
                return f"{name} {'ended the move' if moved else 'was placed'} at {label(u.hex)}"
        if self.kind == "recruited" and self.unit in state.targeted:
            return f"the attempt to recruit {name} failed"
        return None


@attrs.frozen
class Lesson:
    key: str  # the file's name without .toml: "03-travel"
    title: str
    side: Player
    cases: tuple[str, ...]
    text: str
    goal: str
    teaches: tuple[Verb, ...]
    hints: tuple[str, ...]
    solution: tuple[str, ...]
    position: str
    check: Goal
    set_dice: bool = False  # its position scripts the dice (the card says so)
    hint_steps: tuple[int, ...] = ()  # the solution's step each hint is for

    def progress(self, taken: Sequence[Action]) -> int:
        """How many of the solution's steps the learner has taken, in its order (other
        actions between them, such as a walk of their own, count for nothing)."""
        steps, done = _steps(self.solution), 0
        for action in taken:
            if done < len(steps) and action == steps[done]:
                done += 1
        return done

    def hint_now(self, taken: Sequence[Action]) -> int:
        """The hint for where the learner is: the first of those for the furthest step of
        the solution reached (-1: the lesson has none)."""
        if not self.hints:
            return -1
        reached = self.progress(taken)
        return self.hint_steps.index(max(s for s in self.hint_steps if s <= reached))

    def hint_for(self, taken: Sequence[Action]) -> str:
        now = self.hint_now(taken)
        return self.hints[now] if now >= 0 else ""

    def hints_to_show(self, taken: Sequence[Action], shown: int) -> int:
        """How many hints a learner who asks (L, or `hint`) sees, ``shown`` seen so far:
        up to the one for where they are; asked again there, one more."""
        now = self.hint_now(taken)
        return now + 1 if shown <= now else min(shown + 1, len(self.hints))

    def missed(
        self, state: GameState, *, taken: Sequence[Action] = (), keys: tuple[str, str] = ("u", "q")
    ) -> str | None:
        """What a learner is told once a move misses the goal (Goal.missed): what went
        wrong, the goal, how to go back, and the hint for where they are (``taken``: the
        actions so far); None while it may be met.
        ``keys``: the door's words for undo and for leaving ("undo", "quit" in plain
        text). After a roll there is no going back (undo stops at a die), so then
        only leaving is said."""
        why = self.check.missed(state, taken)
        rolled = self.check.kind == "recruited"  # (missed by a die: no going back past it)
        if why is None and self._coup_failed(state, taken):
            why, rolled = "the coup failed (18.8)", True
        if why is None:
            return None
        undo, leave = keys
        hint = self.hint_for(taken)
        back = "" if rolled else f"{undo} takes steps back; "
        return (
            f"That misses the goal: {why}. The goal: {self.goal} "
            f"{back}{leave} leaves, and the lesson starts again from the list."
            + ("" if rolled or not hint else f" Hint: {hint}")
        )

    def _coup_failed(self, state: GameState, taken: Sequence[Action]) -> bool:
        """A lesson whose way goes through a coup (its solution rolls one) cannot be
        done once the learner's coup has failed (18.8): no coup is under way after it."""
        return (
            state.coup is None
            and any(a.verb is Verb.COUP for a in _steps(self.solution))
            and any(a.verb is Verb.COUP for a in taken)
        )

    def start(self, rules: Rules, *, seed: int = 0) -> GameState:
        return load_position(self.position, name=f"lesson {self.key}", rules=rules, seed=seed)


def _goal(node: Node, rules: Rules) -> Goal:
    kind = node.str("kind", choices=list(GOALS))
    values: dict[str, Any] = {}
    for field in GOALS[kind]:
        if field in ("unit", "other"):
            uid = node.str(field)
            if uid not in rules.units:
                node.fail(field, f"there is no unit {uid!r}")
            values[field] = uid
        elif field == "area":
            code = node.str(field)
            if code not in rules.map.areas:
                node.fail(field, f"there is no area {code!r}")
            values[field] = code
        elif field == "hex":
            try:
                values[field] = parse_hex(node.str(field))
            except ValueError as exc:
                node.fail(field, str(exc))
        elif field == "side":
            values[field] = Player(node.str(field, choices=[p.value for p in Player]))
        elif field == "box":
            values[field] = Box(node.str(field, choices=[b.value for b in Box]))
        elif field == "phase":
            values[field] = Phase(node.str(field, choices=[p.value for p in Phase]))
    node.done()
    return Goal(kind, **values)


def load_lesson(source: Source, key: str, rules: Rules) -> Lesson:
    node = source.parse_toml()
    title = node.str("title")
    side = Player(node.str("side", choices=[p.value for p in Player]))
    cases = tuple(node.list_of("cases", lambda n, k, v: str(v)))
    for number in cases:
        if number not in rules.cases.cases:
            node.fail("cases", f"there is no case {number!r}")
    text, goal = node.str("text"), node.str("goal")
    teaches = tuple(
        Verb(v)
        for v in node.list_of(
            "teaches", lambda n, k, v: n.check_choice(k, v, [x.value for x in Verb]), min_length=1
        )
    )
    hints = tuple(node.list_of("hints", lambda n, k, v: str(v)))
    solution = tuple(node.list_of("solution", lambda n, k, v: str(v), min_length=1))
    for i, step in enumerate(solution):
        try:
            parse_action(step)
        except ValueError as exc:
            node.fail(f"solution[{i}]", str(exc))
    hint_steps = tuple(
        node.list_of(
            "hint_steps",
            lambda n, k, v: n.check_int(k, v, lo=0, hi=len(solution) - 1),
            length=len(hints),
        )
    )
    if hint_steps and (hint_steps[0] != 0 or list(hint_steps) != sorted(hint_steps)):
        node.fail("hint_steps", "the first hint is for step 0, each later one for that step or a later one")
    position = node.str("position")
    check = _goal(node.table("check"), rules)
    node.done()
    lesson = Lesson(
        key, title, side, cases, text, goal, teaches, hints, solution, position, check, hint_steps=hint_steps
    )
    try:
        start = lesson.start(rules)
    except DataError as exc:  # the position's own error, inside the lesson
        raise source.error(f"position: {exc}", line=node.line_of("position")) from None
    return attrs.evolve(lesson, set_dice=bool(start.dice))


@functools.cache
def _steps(solution: tuple[str, ...]) -> tuple[Action, ...]:
    return tuple(parse_action(step) for step in solution)


def lessons_dir(rules: Rules) -> Path:
    return rules.directory / "lessons"


ORDER_FILE = "order.toml"


def load_lessons(rules: Rules | None = None) -> list[Lesson]:
    """Every lesson, in the order order.toml gives (a lesson's name is its file's, and
    stays: the player's progress is kept by name)."""
    rules = rules or load_rules()
    root = lessons_dir(rules)
    files = {p.stem for p in root.glob("*.toml") if p.name != ORDER_FILE}
    order_src = Source.read(rules.directory, f"lessons/{ORDER_FILE}")
    node = order_src.parse_toml()
    order = node.list_of("lessons", lambda n, k, v: n.check_choice(k, v, sorted(files)))
    node.done()
    if len(set(order)) != len(order):
        node.fail("lessons", "a lesson is listed twice")
    if missing := sorted(files - set(order)):
        node.fail("lessons", f"every lesson file must be listed; missing {', '.join(missing)}")
    return [load_lesson(Source.read(rules.directory, f"lessons/{key}.toml"), key, rules) for key in order]
