"""Which actions a player may take back.

A player may undo his own steps back to the last thing chance decided or the
opponent learned: a die roll, a chit drawn, a chit revealed or laid, or the
turn passing to the other player (who may then have seen the board).
"""

from __future__ import annotations

from .actions import Action, Verb
from .state import GameState

# Verbs that show the opponent something or call on chance, whatever their outcome.
_COMMITTING = frozenset(
    {Verb.REVEAL, Verb.ALIBI, Verb.EXPOSE, Verb.PIN, Verb.ROLL, Verb.COUP, Verb.PLACE_ALLIED}
)


def can_take_back(before: GameState, action: Action, after: GameState) -> bool:
    return (
        action.verb not in _COMMITTING
        and after.outcome is None
        and after.to_act is before.to_act
        and after.rng == before.rng
        and after.dice == before.dice  # no die, no draw
        and after.picks == before.picks
        and after.chits == before.chits  # no chit moved
        and not any(e.roll for e in after.events)
    )
