"""The shortest walk of the moving unit to a hex, as single legal steps.

A player who points at a hex two or three steps away means "go there". The walk is
found by trying the steps themselves (``legal_actions`` and ``apply``), breadth first,
so it obeys every movement rule (9.1, 9.13, 11.3x, 16.14) exactly as taking the steps
one by one would; the caller then takes them one by one, so undo still goes step by step.
"""

from __future__ import annotations

from collections import deque

from ..hexgrid import Hex
from .actions import Verb
from .api import apply, legal_actions
from .state import GameState

MAX_STATES = 5_000      # far above any allowance's walks; a guard, not a rule


def path_to(state: GameState, dest: Hex) -> list[Hex] | None:
    """The hexes, in order, of a shortest walk of the active unit to ``dest`` (each step
    a legal ``move``; nothing rolled or asked before the last), or None if there is none."""
    uid = state.active
    if uid is None or state.pending:
        return None
    start = state.unit(uid).hex
    if dest == start:
        return None                          # it is there: no walk
    seen = {(start, state.mp_spent)}
    queue: deque[tuple[GameState, list[Hex]]] = deque([(state, [])])
    while queue and len(seen) < MAX_STATES:
        here, walk = queue.popleft()
        for a in legal_actions(here):
            if a.verb is not Verb.MOVE:
                continue
            after = apply(here, a)
            if after.unit(uid).hex == dest:
                return walk + [a.hex]
            if after.active != uid or after.pending or any(e.roll for e in after.events):
                continue                     # the move stopped, or something happened: no further
            key = (after.unit(uid).hex, after.mp_spent)
            if key not in seen:
                seen.add(key)
                queue.append((after, walk + [a.hex]))
    return None
