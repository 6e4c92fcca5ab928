"""Random legal play, for tests, soak runs and benchmarks (not an opponent).

``busy_policy`` still picks at random among legal actions, but leans towards
doing things (rolling, joining, harassing) rather than ending phases at once,
so that random games reach every table and every result.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..hexgrid import distance
from ..parties import Party, Player
from .actions import Action, Verb
from .api import apply, legal_actions, new_game
from .state import GameState

Policy = Callable[[GameState, Sequence[Action], random.Random], Action]

_WEIGHTS = {Verb.END_PHASE: 0.15, Verb.CANCEL: 0.05, Verb.TRAVEL: 0.02, Verb.ROLL: 6.0,
            Verb.JOIN: 3.0, Verb.HARASS: 3.0, Verb.RECRUIT: 2.0, Verb.INVESTIGATE: 4.0,
            Verb.EXPOSE: 0.5, Verb.END: 0.5, Verb.ADVANCE: 4.0}
_STORM_HQ = 30.0        # harassing a vacant HQ hex (10.69): rare by chance, so favoured


def uniform_policy(state: GameState, actions: Sequence[Action], rnd: random.Random) -> Action:
    return rnd.choice(actions)


_TOWARDS_OKW_HQ = 4.0   # SS steps that close on an OKW-friendly HQ, where panic starts (12.81)


def busy_policy(state: GameState, actions: Sequence[Action], rnd: random.Random) -> Action:
    weights = [_weight(state, a) for a in actions]
    return rnd.choices(actions, weights=weights)[0]


def _weight(state: GameState, a: Action) -> float:
    if a.verb is Verb.HARASS and a.hex is not None:
        return _STORM_HQ
    if a.verb is Verb.MOVE and state.phasing is Player.SS and state.active is not None:
        targets = _okw_hq_hexes(state)
        here = state.unit(state.active).hex
        if min(distance(a.hex, t) for t in targets) < min(distance(here, t) for t in targets):
            return _TOWARDS_OKW_HQ
    return _WEIGHTS.get(a.verb, 1.0)


def _okw_hq_hexes(state: GameState) -> list[int]:
    return [h for hq in state.rules.map.hqs.values() if Party.OKW in hq.friendly_parties
            for h in hq.hexes]


def play_random(seed: int, policy: Policy = uniform_policy, *, limit: int = 50_000,
                on_state: Callable[[GameState], None] | None = None) -> tuple[GameState, int]:
    """Play one game from ``new_game(seed)`` to its end; returns the last state and the
    number of actions taken."""
    rnd = random.Random(seed)
    state = new_game(seed)
    n = 0
    while state.outcome is None and n < limit:
        if on_state:
            on_state(state)
        state = apply(state, policy(state, legal_actions(state), rnd))
        n += 1
    if on_state:
        on_state(state)
    return state, n
