"""Puzzles (rules_data/puzzles/*.toml): a decision from a real game where one plan is
clearly best, seen from the mover's eyes, with the plans weighed and why.

A puzzle file (written by tools/make_puzzles.py, from the expert's own games):

    side = "abwehr"                    # the solver's side
    phase = "status"                   # tags: the phase, and what it is about
    theme = "the coup"
    rating = 1620                      # its starting rating (Glicko-2, as players')
    margin = 0.21                      # the best plan's lead, in chance of winning
    explanation = '''Why, in game terms, with the cases.'''
    position = '''(a position from the side's eyes, see position.py)'''

    [[log]]                            # the phase so far as the side saw it, oldest
    case = "9.14"                      # first (each line an event of the game's log:
    text = "..."                       # its case, words, and any roll, table, row,
    roll = [4]                         # column and result); none: the phase begins
                                       # at the decision
    [[choices]]                        # the plans weighed closely, the best first
    actions = ["no-reveal"]            # in the actions' notation
    text = "no coup now"
    win = 0.62                         # the side's chance of winning after it
    tempting = false                   # the rules of thumb's favourite

A move of a unit is judged by where it stops and what it does there, not by the way it
walked: a plan is compared as its actions with each run of steps folded into the hex it
ends on.

Puzzles are words and positions, no number of the game: they are left out of the
rules-data version (rules.WORDS_ONLY).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import cast

import attrs

from .data.reader import Node, Source
from .engine.actions import Action, Verb, parse_action
from .engine.position import load_position
from .engine.state import Event, GameState, Phase
from .errors import DataError
from .parties import Player
from .rules import Rules, load_rules

THEMES = (
    "the coup",
    "the Coup-Turns",
    "recruitment",
    "investigation",
    "harassment",
    "movement",
    "Hitler",
    "assignment",
    "OKW panic",
)


@attrs.frozen
class Choice:
    """One plan of a decision as weighed (plot_ai.weighing) and as a puzzle shows it:
    its actions, words and estimated chance of winning."""

    actions: tuple[Action, ...]
    text: str
    win: float
    tempting: bool = False  # the rules of thumb's favourite


class Verdict(Enum):
    GOING = "going"  # the answer so far may still be the best plan
    RIGHT = "right"
    WRONG = "wrong"


Step = tuple[str, object]  # ("do", an action), ("to", a hex) or ("all", the actions of a run)
UNORDERED = (Verb.JOIN, Verb.REVEAL)  # helpers joining an attempt, chits committed to a coup


def folded(actions: Sequence[Action]) -> tuple[Step, ...]:
    """The plan as compared: each run of steps by the hex it ends on, and each run of
    helpers joining (12.25) or chits committed (18.12) by who or what, in any order."""
    out: list[Step] = []
    for a in actions:
        last = out[-1] if out else None
        if a.verb is Verb.MOVE and last is not None and last[0] == "to":
            out[-1] = ("to", a.hex)
        elif a.verb is Verb.MOVE:
            out.append(("to", a.hex))
        elif a.verb in UNORDERED and last is not None and last[0] == "all" and a.verb is _verb_of(last):
            out[-1] = ("all", cast(frozenset[Action], last[1]) | {a})
        elif a.verb in UNORDERED:
            out.append(("all", frozenset({a})))
        else:
            out.append(("do", a))
    return tuple(out)


def _verb_of(step: Step) -> Verb:
    return next(iter(cast(frozenset[Action], step[1]))).verb


def _may_grow_into(mine: Step, want: Step, *, walking: bool) -> bool:
    """Can the answer's last step, not finished, still become the best plan's?"""
    if mine == want:
        return True
    if mine[0] == want[0] == "to":
        return walking  # still on its way: it may stop where the best plan stops
    if mine[0] == want[0] == "all":
        return cast(frozenset[Action], mine[1]) < cast(frozenset[Action], want[1])
    return False


def _judged(played: Sequence[Action], plan: Sequence[Action], *, moving: bool, over: bool = False) -> Verdict:
    """``played`` against one plan: it, on its way to it, or not it."""
    mine, want = folded(played), folded(plan)
    if over:
        return Verdict.RIGHT if mine == want else Verdict.WRONG
    walking = moving and bool(played) and played[-1].verb is Verb.MOVE
    if mine == want and not walking:
        return Verdict.RIGHT
    n = len(mine)
    if n == 0:
        return Verdict.GOING
    if n > len(want) or mine[: n - 1] != want[: n - 1]:
        return Verdict.WRONG
    return Verdict.GOING if _may_grow_into(mine[-1], want[n - 1], walking=walking) else Verdict.WRONG


@attrs.frozen
class Puzzle:
    key: str  # the file's name without .toml
    side: Player
    phase: str
    theme: str
    rating: float
    margin: float
    explanation: str
    position: str
    choices: tuple[Choice, ...]
    log: tuple[Event, ...] = ()  # the phase so far, as the side saw it

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def start(self, rules: Rules) -> GameState:
        """The position, its log the phase so far (the side's alone to read)."""
        state = load_position(self.position, name=f"puzzle {self.key}", rules=rules)
        return attrs.evolve(state, events=(*self.log, *state.events)) if self.log else state

    def verdict(self, played: Sequence[Action], *, moving: bool, over: bool = False) -> Verdict:
        """The answer ``played`` so far: right once it is the best plan, wrong once it
        can no longer be, going while it may. ``moving``: the unit that took the last
        step may still move on (its walk is not over); ``over``: the game has ended
        (18.7), so the answer is whole, whatever it is."""
        return _judged(played, self.best.actions, moving=moving, over=over)

    def begun(self, played: Sequence[Action]) -> Choice | None:
        """The weighed plan the answer is, or is on its way to (a wrong answer judged as
        soon as it leaves the best plan may be the start of another one)."""
        return next(
            (c for c in self.choices if _judged(played, c.actions, moving=True) is not Verdict.WRONG), None
        )

    def matching(self, played: Sequence[Action]) -> Choice | None:
        """The weighed plan the answer played is, if it is one."""
        mine = folded(played)
        return next((c for c in self.choices if folded(c.actions) == mine), None)


def _choice(node: Node) -> Choice:
    actions = tuple(
        node.list_of("actions", lambda n, k, v: _action(n, k, v), min_length=1),
    )
    choice = Choice(
        actions=actions,
        text=node.str("text"),
        win=node.float("win", lo=0.0, hi=1.0),
        tempting=node.bool("tempting", default=False),
    )
    node.done()
    return choice


LOG_MOST = 60  # lines of the phase's log a puzzle may carry
TEXT_MOST = 400  # characters of one line


def _event(node: Node, side: Player) -> Event:
    """One line of the phase so far, seen by ``side``: private to it, as it saw it."""
    event = Event(
        case=node.str("case", pattern=r"[0-9A-Za-z.]{0,12}", what="a case number or nothing"),
        text=node.str("text", pattern=rf"[^\x00-\x1f\x7f]{{1,{TEXT_MOST}}}", what="one line of text"),
        roll=tuple(node.list_of("roll", lambda n, k, v: n.check_int(k, v, lo=1, hi=6), default=[])),
        table=node.str("table", default=None),
        row=node.int("row", lo=0, hi=99, default=None),
        column=node.int("column", lo=0, hi=99, default=None),
        result=node.str("result", default=None),
        private=side,
    )
    node.done()
    return event


def _action(node: Node, key: str, text: object) -> Action:
    try:
        return parse_action(str(text))
    except ValueError as e:
        node.fail(key, f"{text!r} is not an action: {e}")


def load_puzzle(source: Source, key: str, rules: Rules) -> Puzzle:
    root = source.parse_toml()
    side = Player(root.str("side", choices=["ss", "abwehr"]))
    choices = tuple(_choice(n) for n in root.array_of_tables("choices", lambda d, i: f"choice {i + 1}"))
    if len(choices) < 2:
        root.fail("choices", "a puzzle weighs at least two plans")
    log = (
        tuple(_event(n, side) for n in root.array_of_tables("log", lambda d, i: f"log line {i + 1}"))
        if root.has("log")
        else ()
    )
    if len(log) > LOG_MOST:
        root.fail("log", f"at most {LOG_MOST} lines of the phase so far, not {len(log)}")
    puzzle = Puzzle(
        key=key,
        side=side,
        phase=root.str("phase", choices=[p.value for p in Phase]),
        theme=root.str("theme", choices=list(THEMES)),
        rating=root.float("rating", lo=0.0, hi=4000.0),
        margin=root.float("margin", lo=0.0, hi=1.0),
        explanation=root.str("explanation").strip(),
        position=root.str("position"),
        choices=choices,
        log=log,
    )
    root.done()
    try:
        start = puzzle.start(rules)
    except DataError as exc:  # the position's own error, inside the puzzle
        raise source.error(f"position: {exc}", line=root.line_of("position")) from None
    if start.to_act is not side:
        acting = f"the {start.to_act.title}" if start.to_act is not None else "no one"
        root.fail("side", f"the position has {acting} to act, not the {side.title}")
    return puzzle


def puzzles_dir(rules: Rules) -> Path:
    return rules.directory / "puzzles"


def load_puzzles(rules: Rules | None = None) -> list[Puzzle]:
    """Every puzzle, in the order of their files' names (a puzzle's name is its file's,
    and stays: a player's record of it is kept by name)."""
    rules = rules or load_rules()
    return [
        load_puzzle(Source.read(rules.directory, f"puzzles/{path.name}"), path.stem, rules)
        for path in sorted(puzzles_dir(rules).glob("*.toml"))
    ]
