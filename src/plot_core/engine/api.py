"""The engine's public face: new_game, legal_actions, apply, outcome.

``apply`` never mutates: it returns the next state, or raises IllegalAction
naming the rules case that forbids the action. ``state.events`` holds what
the action caused (rolls, table cells, results), each with its case number.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..dice import seed_state
from ..hexgrid import label
from ..parties import Player
from ..rules import Rules, load_rules
from . import (
    coup,
    sequence,
    setup,
)
from .actions import Action, Verb, need, spoken_word
from .decisions import DECISION_RULES, peek
from .errors import IllegalAction
from .registry import case
from .rolls import OUTSIDE
from .state import Box, Event, GameState, Outcome, Phase, Step, UnitState, chit_ids, evolve
from .table import ANY_TIME, PHASES, any_time_actions

SETUPS = ("standard", "choose")


@case("4.0", "4.2", "4.36", "4.37")
def new_game(
    seed: int,
    *,
    setup: str = "standard",
    rules: Rules | None = None,
    outside_chance: bool = False,
    dice: tuple[int, ...] = (),
    picks: tuple[int, ...] = (),
) -> GameState:
    """A fresh game. ``setup="choose"`` leaves the set-up (4.3) to the players as
    decisions; ``"standard"`` plays the quick standard set-up through the same rules.
    ``outside_chance``: the game draws nothing itself; every roll and pick comes from
    ``dice`` and ``picks`` and, past them, raises rolls.ChanceNeeded (rolls.py)."""
    if setup not in SETUPS:
        raise ValueError(f"unknown set-up {setup!r}; choose one of {', '.join(SETUPS)}")
    rules = rules or load_rules()
    rng = OUTSIDE if outside_chance else seed_state(seed)
    if setup == "standard":
        # The standard set-up rolls no die before the first chits are drawn (4.1), so
        # every game's set-up is the same until then: done once per Rules.
        placed = _standard_placements(rules)
        return sequence.settle(evolve(placed, seed=seed, rng=rng, dice=dice, picks=picks))
    return sequence.settle(evolve(_unplaced(seed, rules), rng=rng, dice=dice, picks=picks))


def _unplaced(seed: int, rules: Rules) -> GameState:
    units = []
    for uid, info in rules.units.items():
        box = Box.ALLIED_HOLDING if not info.party.german else Box.UNPLACED  # 4.2
        units.append(UnitState(uid, box=box, controller=info.control))  # 4.36, 4.37
    return GameState(
        rules=rules,
        seed=seed,
        turn=0,
        phase=Phase.SETUP,
        phasing=Player.SS,
        step=Step.NAMED,
        units=tuple(units),
        chits=("cup",) * len(chit_ids(rules)),  # 4.1
        rng=seed_state(seed),
    )


def standard_setup(rules: Rules | None = None) -> GameState:
    """The standard set-up made (4.3), before the first chits are drawn (4.1): where
    every standard game stands before its first draw."""
    return _standard_placements(rules or load_rules())


@functools.cache
def _standard_placements(rules: Rules) -> GameState:
    """The standard set-up's last placement made, as ``apply`` would leave it but for
    the automatic steps from the first draws on (which roll dice)."""
    state = sequence.settle(_unplaced(0, rules), stop_at=Step.DONE)
    while state.step != Step.DONE:
        choice = setup_module_choice(state)
        state = setup.place(evolve(state, events=()), need(choice.unit, "a unit"), need(choice.hex, "a hex"))
        state = sequence.settle(state, stop_at=Step.DONE)
    # one line for the whole set-up, not the last of its placements alone
    return evolve(state, events=(Event("4.3", "Both sides' units are set up the standard way"),))


def setup_module_choice(state: GameState) -> Action:
    return setup.standard_choice(state)


def outcome(state: GameState) -> Outcome | None:
    return state.outcome


def legal_actions(state: GameState) -> Sequence[Action]:
    """Every legal action for ``state.to_act``, small enough to list in a menu."""
    if state.outcome is not None:
        return []
    d = peek(state)
    actions = (
        DECISION_RULES[d.kind].answers(state, d) if d is not None else PHASES[state.phase].actions(state)
    )
    return actions + any_time_actions(state)


# Verbs that only ever answer a decision: alone they mean nothing.
_DECISION_ONLY = set().union(*(rule.verbs for rule in DECISION_RULES.values())) - {Verb.ROLL}


def apply(state: GameState, action: Action) -> GameState:
    if state.outcome is not None:
        raise IllegalAction("18.7", "the game is over")
    _known(state, action)
    if state.events:
        state = evolve(state, events=())
    d = peek(state)
    verb = action.verb
    actor = state.to_act
    if verb in ANY_TIME:
        state = ANY_TIME[verb](state, action)
    elif d is not None:
        rule = DECISION_RULES[d.kind]
        answer = rule.reducers.get(verb)
        if answer is None:
            raise IllegalAction(rule.case, f"waiting for {d.player.title} to choose {rule.choose}")
        state = answer(state, d, action)
    elif verb in _DECISION_ONLY:
        # in every word it is typed as: "no-coup" is refused as what the player typed
        said = " or ".join(f"'{w}'" for w in (spoken_word(verb), verb.value) if w)
        raise IllegalAction("5.2", f"nothing is waiting for {said} now")
    else:
        rules = PHASES[state.phase]
        reducer = rules.reducers.get(verb)
        if reducer is None:
            raise rules.refuse(state, verb)
        state = reducer(state, action)
    return coup.check_victory(sequence.settle(state), actor)


def _known(state: GameState, action: Action) -> None:
    """Names from outside (a record, the network) are checked before a rule reads them."""
    rules = state.rules
    if action.unit is not None and action.unit not in rules.units:
        raise IllegalAction("", f"there is no unit {action.unit!r}")
    if action.hex is not None and action.hex not in rules.map.area_of:
        raise IllegalAction("", f"{label(action.hex)} is not a hex of the map")
    if action.chit is not None and action.chit not in rules.chits.by_id():
        raise IllegalAction("", f"there is no chit {action.chit!r}")
