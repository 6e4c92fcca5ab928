"""The shortest walk of the moving unit to a hex, as single legal steps.

A player who points at a hex two or three steps away means "go there". The walk is
found by trying the steps themselves (``legal_actions`` and ``apply``), breadth first,
so it obeys every movement rule (9.1, 9.13, 11.3x, 16.14) exactly as taking the steps
one by one would; the caller then takes them one by one, so undo still goes step by step.
"""

from __future__ import annotations

from collections import deque

from ..hexgrid import Hex, distance, label
from .actions import Verb
from .api import apply, legal_actions
from .errors import IllegalAction
from .movement import move_problem
from .state import GameState, movement_allowance

MAX_STATES = 5_000  # far above any allowance's walks; a guard, not a rule


def path_to(state: GameState, dest: Hex) -> list[Hex] | None:
    """The hexes, in order, of a shortest walk of the active unit to ``dest`` (each step
    a legal ``move``; nothing rolled or asked before the last), or None if there is none."""
    return _search(state, dest)[0]


def walk_problem(state: GameState, dest: Hex) -> IllegalAction | None:
    """Why the active unit cannot walk to ``dest`` this move, or None if it can: for a
    hex next to one it can reach, the rule that forbids that last step; else that its
    movement points run out first (9.12) or that no way gets there."""
    walk, reached = _search(state, dest)
    if walk is not None:
        return None
    uid = state.active
    if uid is None or state.pending:
        return IllegalAction("9.14", "no unit is moving; activate one first")
    name = state.info(uid).short
    if dest == state.unit(uid).hex:
        return IllegalAction("9.13", f"{name} is already on {label(dest)}")
    for here in reached:  # nearest first: the last step that fails
        if dest in state.rules.map.neighbours[here.unit(uid).at]:
            problem = move_problem(here, uid, dest)
            if problem is not None:
                return problem
    left = movement_allowance(state.rules, state.unit(uid)) - state.mp_spent
    if distance(state.unit(uid).at, dest) > left:
        return IllegalAction(
            "9.12",
            f"{label(dest)} is {distance(state.unit(uid).at, dest)} "
            f"hexes away and {name} has {left} movement point"
            f"{'s' if left != 1 else ''} left",
        )
    return IllegalAction("9.13", f"no way to {label(dest)} is open to {name} this move")


def _search(state: GameState, dest: Hex) -> tuple[list[Hex] | None, list[GameState]]:
    """Breadth first from the active unit: the walk to ``dest`` as hexes (None if there
    is none), and every position the search reached, nearest first."""
    uid = state.active
    if uid is None or state.pending:
        return None, []
    start = state.unit(uid).at
    if dest == start:
        return None, [state]  # it is there: no walk
    seen = {(start, state.mp_spent)}
    reached = [state]
    queue: deque[tuple[GameState, list[Hex]]] = deque([(state, [])])
    while queue and len(seen) < MAX_STATES:
        here, walk = queue.popleft()
        for a in legal_actions(here):
            if a.verb is not Verb.MOVE:
                continue
            after = apply(here, a)
            if after.unit(uid).hex == dest:
                return walk + [dest], reached
            if after.active != uid or after.pending or any(e.roll for e in after.events):
                continue  # the move stopped, or something happened: no further
            key = (after.unit(uid).at, after.mp_spent)
            if key not in seen:
                seen.add(key)
                reached.append(after)
                queue.append((after, walk + [after.unit(uid).at]))
    return None, reached
