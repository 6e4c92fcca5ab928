"""The fast paths change no rule (issue 16): 2,000 whole seeded random games
played through the fast path and the reference path, step by step (see
differential.py): 200 here, 1,800 more under `make bench`."""

from __future__ import annotations

import attrs
import pytest

from plot_core.engine import fastpath, movement
from plot_core.engine.actions import Action, Verb
from plot_core.engine.api import apply, legal_actions, new_game
from plot_core.engine.errors import IllegalAction
from plot_core.engine.movement import legal_steps

from .differential import compare_game, compare_games

# Seeds no one tuned the engine on; uniform games are short, busy ones reach every table.
QUICK = [(s, "uniform") for s in range(100000, 100160)] + [(s, "busy") for s in range(100000, 100040)]
LONG = [(s, "uniform") for s in range(110000, 111500)] + [(s, "busy") for s in range(110000, 110300)]


def test_two_hundred_games_take_the_same_steps_both_ways():
    actions, problems = compare_games(QUICK)
    assert not problems, "\n".join(problems[:3])
    assert actions > 150_000               # whole games, every step compared


@pytest.mark.slow
def test_eighteen_hundred_more_games_take_the_same_steps_both_ways():
    actions, problems = compare_games(LONG)
    assert not problems, "\n".join(problems[:3])
    assert actions > 1_000_000


def _moving(seed: int):
    """The game from ``seed`` at its first moment with a unit activated."""
    state = new_game(seed)
    while state.active is None:
        acts = legal_actions(state)
        state = apply(state, next((a for a in acts if a.verb is Verb.ACTIVATE), acts[0]))
    return state


def test_the_switch_really_switches_the_fast_paths_off(monkeypatch):
    """The comparison means something only if the reference path runs other code:
    with the switch off, every neighbour goes through move_problem (9.13 ... 18.36)."""
    asked = []
    real = movement.move_problem
    monkeypatch.setattr(movement, "move_problem", lambda *a, **k: asked.append(a[2]) or real(*a, **k))
    state = _moving(3)
    legal_steps(attrs.evolve(state), state.active)
    assert asked == []
    fastpath.set_enabled(False)
    try:
        legal_steps(attrs.evolve(state), state.active)
    finally:
        fastpath.set_enabled(True)
    assert set(asked) >= set(state.rules.map.neighbours[state.unit(state.active).hex])


def test_a_refused_step_names_its_case_on_the_fast_path_too():
    """9.13: a step to a hex that is not next to the unit, refused by move_problem."""
    state = _moving(3)
    here = state.unit(state.active).hex
    far = next(h for h in state.rules.map.area_of if h != here
               and h not in state.rules.map.neighbours[here])
    with pytest.raises(IllegalAction) as e:
        apply(state, Action(Verb.MOVE, hex=far))
    assert e.value.case == "9.13"


def test_one_game_compared_in_this_process():
    """The same comparison without the process pool, so a failure shows its traceback."""
    n, problem = compare_game(100000, "busy")
    assert problem is None and n > 500
