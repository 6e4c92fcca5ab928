"""Small helpers so a rules test reads like the rulebook: a position, actions, outcome."""

from __future__ import annotations

import textwrap

import pytest

from plot_core.engine.actions import parse_action
from plot_core.engine.api import apply, legal_actions
from plot_core.engine.errors import IllegalAction
from plot_core.engine.position import load_position
from plot_core.engine.state import GameState
from plot_core.hexgrid import parse_hex


def pos(text: str) -> GameState:
    return load_position(textwrap.dedent(text))


def play(state: GameState, *actions: str) -> GameState:
    for a in actions:
        state = apply(state, parse_action(a))
    return state


def illegal(state: GameState, action: str, case: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, parse_action(action))
    assert info.value.case == case, f"expected case {case}, got {info.value}"
    return info.value


def legal(state: GameState) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def at(state: GameState, uid: str) -> str | None:
    h = state.unit(uid).hex
    return None if h is None else f"{h:04d}"


def H(text: str) -> int:
    return parse_hex(text)


def to_phase(state: GameState, phase: str, phasing: str, limit: int = 500) -> list[GameState]:
    """Play on to the next start of ``phasing``'s ``phase`` (the next Game-Turn's, if
    it is that phase now): each phase ended as soon as it may be, every question
    answered no, anything else the first legal choice. Every state on the way, the
    one reached last."""
    start = (state.turn, state.phase.value, state.phasing.value)
    seen = [state]
    while (state.phase.value, state.phasing.value) != (phase, phasing) or (
        state.turn,
        state.phase.value,
        state.phasing.value,
    ) == start:
        acts = legal_actions(state)
        pick = next((a for a in acts if str(a) == "end-phase"), None)
        pick = pick or next((a for a in acts if str(a) in ("no-reveal", "stay")), None) or acts[0]
        state = apply(state, pick)
        seen.append(state)
        assert len(seen) < limit, f"never reached {phasing}'s {phase}"
    return seen
