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
