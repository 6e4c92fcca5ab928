"""The stack of pending decisions: who must choose what before play goes on."""

from __future__ import annotations

import attrs

from .state import Decision, GameState


def push(state: GameState, decision: Decision) -> GameState:
    return attrs.evolve(state, pending=state.pending + (decision,))


def pop(state: GameState) -> GameState:
    return attrs.evolve(state, pending=state.pending[:-1])


def top(state: GameState) -> Decision | None:
    return state.pending[-1] if state.pending else None


def finish_activation(state: GameState) -> GameState:
    """The moving unit is done (9.14); in a Coup-Turn the other player's move comes next."""
    from .state import Phase

    step = "handoff" if state.phase is Phase.COUP_MOVEMENT else state.step
    return attrs.evolve(state, active=None, mp_spent=0, step=step)
