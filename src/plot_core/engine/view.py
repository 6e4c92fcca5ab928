"""What one side may see (6.21): the board, its own chits, counts of the rest.

A view holds no generator state and no scripted dice, so nobody can foresee
a roll; the enemy's chits are only a number, the cup is a number, and the
Allied units waiting face-down in their box (4.2) are a number too.
"""

from __future__ import annotations

import attrs

from ..data.tables import GermanAssignment
from ..parties import Player
from .pending import PlaceAllied
from .state import (
    CUP,
    Box,
    CoupState,
    Decision,
    Event,
    GameState,
    Outcome,
    Phase,
    Step,
    UnitState,
    chit_ids,
    evolve,
)


@attrs.frozen(kw_only=True)
class PlayerView:
    side: Player | None  # None: a spectator, who sees neither side's chits
    turn: int
    phase: Phase
    phasing: Player
    step: Step
    to_act: Player | None
    units: tuple[UnitState, ...]  # 12.28: both sides of every counter are public
    own_chits: tuple[str, ...]
    chit_counts: dict[str, int]  # cup, ss, abwehr
    allied_in_holding: int
    pending: tuple[Decision, ...]
    active: str | None
    mp_spent: int
    activated: frozenset[str]
    events: tuple[Event, ...]
    outcome: Outcome | None
    # public facts a player at the table knows, for computer players reasoning from a view
    targeted: frozenset[str] = frozenset()  # recruited/investigated this phase
    german_assignment: GermanAssignment | None = None  # 7.22: the rolled assignment
    coup: CoupState | None = None  # 18.15: the Walkyrie result in force
    laid: dict[str, str] = attrs.field(factory=dict)  # 18.61: chit -> the unit it lies on


def view(state: GameState, side: Player | None) -> PlayerView:
    holding = [u for u in state.units if u.box is Box.ALLIED_HOLDING]
    # Units in the holding box are face-down: show them as unknown placeholders.
    units = tuple(evolve(u, id="?") if u.box is Box.ALLIED_HOLDING else u for u in state.units)
    counts = {
        holder: sum(1 for c in state.chits if c == holder)
        for holder in (CUP, Player.SS.value, Player.ABWEHR.value)
    }
    own = tuple(state.chits_of(side.value)) if side is not None else ()
    ids = chit_ids(state.rules)
    laid = {
        ids[i]: where
        for i, where in enumerate(state.chits)
        if where not in (CUP, Player.SS.value, Player.ABWEHR.value)
    }
    events = tuple(e for e in state.events if e.seen_by(side))
    # 7.11: the Abwehr player draws the Allied unit face-down; others learn it when placed.
    pending = tuple(
        evolve(d, unit="?") if isinstance(d, PlaceAllied) and side is not d.player else d
        for d in state.pending
    )
    return PlayerView(
        side=side,
        turn=state.turn,
        phase=state.phase,
        phasing=state.phasing,
        step=state.step,
        to_act=state.to_act,
        units=units,
        own_chits=own,
        chit_counts=counts,
        allied_in_holding=len(holding),
        pending=pending,
        active=state.active,
        mp_spent=state.mp_spent,
        activated=state.activated,
        events=events,
        outcome=state.outcome,
        targeted=state.targeted,
        german_assignment=state.german_assignment,
        coup=state.coup,
        laid=laid,
    )
