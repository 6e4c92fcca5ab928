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
