"""A state's caches only save work: every step of a seeded random game is taken twice,
by the engine as it runs (the state carrying facts forward from earlier states) and on
a copy of the same state that carries nothing. The two must list the same legal
actions in the same order, reach equal states (events included), and refuse the same
illegal steps with the same case and reason. And where a rule has a generator and a
refusal (the active unit's steps: movement._walk and move_problem), they agree.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import attrs

from plot_core.engine.actions import Action, Verb
from plot_core.engine.api import apply, legal_actions, new_game
from plot_core.engine.errors import IllegalAction
from plot_core.engine.movement import legal_steps, move_problem
from plot_core.engine.randomplay import busy_policy, uniform_policy
from plot_core.engine.state import GameState

POLICIES = {"uniform": uniform_policy, "busy": busy_policy}


def _outcome(fn, *args):
    """What the call returns, or the refusal it raises (as case and text)."""
    try:
        return fn(*args)
    except IllegalAction as e:
        return ("refused", e.case, str(e))


def _near_misses(state: GameState, legal: list[Action]) -> list[Action]:
    """Steps just outside the legal list: moves to neighbours it leaves out."""
    if state.active is None or state.unit(state.active).hex is None:
        return []
    return [
        Action(Verb.MOVE, hex=n)
        for n in state.rules.map.neighbours[state.unit(state.active).hex]
        if Action(Verb.MOVE, hex=n) not in legal
    ][:2]


def _walk_and_refusal_disagree(state: GameState) -> str | None:
    """The active unit's steps as the walker lists them, and as move_problem judges each
    neighbour (9.12-9.13, 8.11-8.12, 11.23-11.32, 16.14, 17.22-17.23, 18.36)."""
    uid = state.active
    if uid is None or state.unit(uid).hex is None or state.pending:
        return None
    walked = set(legal_steps(attrs.evolve(state), uid))
    judged = {
        n
        for n in state.rules.map.neighbours[state.unit(uid).hex]
        if move_problem(attrs.evolve(state), uid, n) is None
    }
    if walked != judged:
        return f"steps of {uid}: walked {sorted(walked)}, judged {sorted(judged)}"
    return None


def compare_game(seed: int, policy: str) -> tuple[int, str | None]:
    """Play one game both ways: (actions played, the first difference or None)."""
    choose, rnd = POLICIES[policy], random.Random(seed)
    state = new_game(seed)
    if state != attrs.evolve(new_game(seed)):
        return 0, f"{policy} {seed}: new_game differs"
    n = 0
    while state.outcome is None:
        plain = attrs.evolve(state)  # the same state, carrying nothing
        fast, slow = list(legal_actions(state)), list(legal_actions(plain))
        if fast != slow:
            return n, (
                f"{policy} {seed} action {n}: legal actions differ\n cached: "
                f"{[str(a) for a in fast]}\n fresh: {[str(a) for a in slow]}"
            )
        if n % 7 == 0:
            for miss in _near_misses(state, fast):
                a, b = _outcome(apply, state, miss), _outcome(apply, plain, miss)
                if a != b:
                    return n, f"{policy} {seed} action {n}: {miss} gives {a} against {b}"
            problem = _walk_and_refusal_disagree(plain)
            if problem:
                return n, f"{policy} {seed} action {n}: {problem}"
        action = choose(state, fast, rnd)
        nxt, ref = apply(state, action), apply(plain, action)
        if nxt != ref:
            return n, f"{policy} {seed} action {n} ({action}): the states differ"
        state, n = nxt, n + 1
    return n, None


def _chunk(games: list[tuple[int, str]]) -> tuple[int, list[str]]:
    total, problems = 0, []
    for seed, policy in games:
        n, problem = compare_game(seed, policy)
        total += n
        if problem:
            problems.append(problem)
    return total, problems


def compare_games(games: list[tuple[int, str]], workers: int = 2) -> tuple[int, list[str]]:
    """Every game both ways, on ``workers`` processes: (actions compared, differences)."""
    chunks = [games[i::workers] for i in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_chunk, chunks))
    return sum(r[0] for r in results), [p for r in results for p in r[1]]
