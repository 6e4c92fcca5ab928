"""A state's caches change no rule: whole seeded random games, every step taken on the
state as the engine carries it and on a copy that carries nothing (see
differential.py): 30 here, 1,800 more under `make bench`. And what a step carries
forward, and what a copy keeps or forgets, checked fact by fact."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import attrs
import pytest

from plot_core.engine import facts, movement
from plot_core.engine.actions import Action, Verb
from plot_core.engine.api import apply, legal_actions, new_game
from plot_core.engine.errors import IllegalAction
from plot_core.engine.facts import Basis
from plot_core.engine.state import Event
from plot_core.engine.state import evolve as state_evolve

from .differential import POLICIES, compare_game, compare_games

# Seeds no one tuned the engine on; uniform games are short, busy ones reach every table.
QUICK = [(s, "uniform") for s in range(100000, 100020)] + [(s, "busy") for s in range(100000, 100010)]
LONG = [(s, "uniform") for s in range(110000, 111500)] + [(s, "busy") for s in range(110000, 110300)]


def test_thirty_games_take_the_same_steps_with_and_without_caches():
    actions, problems = compare_games(QUICK)
    assert not problems, "\n".join(problems[:3])
    assert actions > 20_000  # whole games, every step compared


@pytest.mark.slow
def test_eighteen_hundred_more_games_take_the_same_steps_with_and_without_caches():
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


def test_a_refused_step_names_its_case():
    """9.13: a step to a hex that is not next to the unit, refused by move_problem."""
    state = _moving(3)
    here = state.unit(state.active).hex
    far = next(h for h in state.rules.map.area_of if h != here and h not in state.rules.map.neighbours[here])
    with pytest.raises(IllegalAction) as e:
        apply(state, Action(Verb.MOVE, hex=far))
    assert e.value.case == "9.13"


def test_one_game_compared_in_this_process():
    """The same comparison without the process pool, so a failure shows its traceback."""
    n, problem = compare_game(100000, "busy")
    assert problem is None and n > 500


def _fresh(state, kept):
    """What a state that carries nothing computes for the kept answer ``kept``."""
    fact, rest = facts.split(kept)
    known = facts.FACTS[fact]
    plain, args = attrs.evolve(state), rest
    if known.also is not None:  # as the state was when it was kept
        extra, args = rest[0], rest[1:]
        name = fact.__name__  # (mutation testing renames the functions it copies)
        if "zones_of" in name:
            plain = attrs.evolve(plain, phasing=extra[0], activated=extra[1])
        else:
            raise AssertionError(f"a fact this test does not know: {fact.__name__}")
    value = known.compute(plain, *args)
    return (state.chits, value) if known.basis is Basis.UNITS_AND_CHITS else value


@pytest.mark.parametrize(
    "seed,policy", [(100000, "busy"), (100001, "busy"), (100002, "busy"), (100003, "uniform")]
)
def test_what_a_step_carries_forward_is_what_the_new_state_would_compute(seed, policy):
    """A step hands the next state the facts it cannot change (the enemy's
    zones, the occupancy with the mover moved, who is in Berlin's streets, 18.71, who
    may move, 9.11-9.33): each
    one, checked the moment it is handed on, equals a fresh count."""
    rnd, state, checked = random.Random(seed), new_game(seed), Counter()
    while state.outcome is None:
        acts = legal_actions(state)
        state = apply(state, POLICIES[policy](state, acts, rnd))
        for key, value in list(state._memo.items()):
            fact, _ = facts.split(key)
            if facts.FACTS[fact].basis is Basis.UNITS_AND_CHITS and value[0] is not state.chits:
                continue  # kept for chits that have since changed: unread
            assert value == _fresh(state, key), f"{policy} {seed}: {key!r} carried wrongly"
            checked[fact.__name__] += 1

    def times(name):
        return sum(n for fact, n in checked.items() if name in fact)

    assert times("occupancy") > 100 and times("party_in_streets") > 50 and times("enemy_controlled") > 50
    assert times("_fit_to_move") > 50  # who may move, for both sides, past either side's steps


@pytest.mark.parametrize("seed", [100004, 100005])
def test_either_sides_movable_units_are_the_ones_check_activate_lets_move(seed):
    """9.11-9.33 asked for the phasing player and for his enemy (18.33 asks whether the
    other side can still move), between two units' moves as the engine asks it: the
    list, and check_activate asked of each unit, agree."""
    rnd, state, asked = random.Random(seed), new_game(seed), 0
    while state.outcome is None and asked < 400:
        if state.phase.name.endswith("MOVEMENT") and state.active is None:
            for player in (state.phasing, state.phasing.enemy):
                listed = movement.movable(attrs.evolve(state), player)
                probe, allowed = state_evolve(state, phasing=player), []
                for u in state.units:
                    try:
                        movement.check_activate(probe, u.id)
                    except IllegalAction:
                        continue
                    allowed.append(u.id)
                assert listed == allowed, f"{seed}: {player} at action {asked}"
                asked += 1
        state = apply(state, POLICIES["busy"](state, legal_actions(state), rnd))
    assert asked > 50


# -- what a copy of a state carries (state.evolve) ---------------------------------------


def _worked_out(seed: int):
    """A state whose memos hold answers: who stands where, who holds which chits, and
    (as legal_steps leaves it) the active unit's steps."""
    s = new_game(seed)
    s.occupancy()
    s.chits_of("ss")
    s.holders()
    s._scratch[facts.key(movement.legal_steps, "001")] = [1234]
    return s


def test_a_copy_forgets_what_it_changed():
    """A copy with other units or other chits works its answers out again; and a copy
    that changes anything but the log forgets the active unit's steps (on a copy that
    moved it, the old ones would be wrong)."""
    s = _worked_out(100006)
    in_cup = next(i for i, where in enumerate(s.chits) if where == "cup")
    chit = s.rules.chits.chits[in_cup].id
    uid = next(u.id for u in s.units if u.hex is not None)
    drawn = s.with_chit(chit, "ss")
    assert drawn._chitmemo == {} and drawn._scratch == {}
    assert chit in drawn.chits_of("ss") and chit not in s.chits_of("ss")
    moved = s.with_unit(uid, hex=None)
    assert moved._memo == {} and moved._scratch == {}
    assert uid not in [u for here in moved.occupancy().values() for u in here]
    assert state_evolve(s, active="001")._scratch == {}
    assert state_evolve(s, events=s.events, active="001")._scratch == {}


def test_a_copy_that_only_adds_to_the_log_keeps_every_answer():
    """The log decides nothing, so a step's log line keeps what was worked out (most
    copies are one more line of the log)."""
    s = _worked_out(100007)
    logged = s.log(Event("5.2", "a line"))
    assert logged._memo is s._memo and logged._chitmemo is s._chitmemo
    assert logged._scratch is s._scratch


def test_occupancy_is_counted_once_per_state_and_shared():
    s = new_game(100008)
    assert s.occupancy() is s.occupancy()


def test_the_stores_are_reached_only_through_derived_facts():
    """One way of keeping facts (facts.py): outside it, only the state that holds the
    stores and the step that hands kept answers on name them."""
    root = Path(facts.__file__).parent.parent
    allowed = {"engine/facts.py", "engine/state.py", "engine/movement.py"}
    named = {
        str(p.relative_to(root))
        for p in root.rglob("*.py")
        if re.search(r"_memo\b|_chitmemo\b|_scratch\b", p.read_text())
    }
    assert named <= allowed, sorted(named - allowed)
    assert len(facts.FACTS) >= 15  # every kept fact is declared where it is computed
