"""Recorded games for the record tests: played through the same Session the client uses."""

from __future__ import annotations

from pathlib import Path

from plot_core import GameState, Player, Rules
from plot_record import Header, Recorder
from plot_session.session import Seat, Session

COMPUTERS = {p: Seat.COMPUTER for p in Player}


def header(
    rules: Rules, seed: int, *, start: dict | None = None, seats: dict[Player, Seat] = COMPUTERS
) -> Header:
    return Header(
        rules_hash=rules.version,
        seed=seed,
        start=start or {"setup": "standard"},
        players={p.value: seats[p].value for p in Player},
        created="2026-11-22T12:00:00Z",
        chosen_seed=True,
    )  # the same id each run


def recorded_game(
    path: Path, rules: Rules, seed: int, *, limit: int | None = None, start: GameState | None = None
) -> tuple[Session, list[GameState]]:
    """Computer against computer, recorded to ``path``; returns every position it passed."""
    from plot_core import new_game

    state = start or new_game(seed, rules=rules)
    session = Session(state, COMPUTERS, seed=seed, recorder=Recorder(path, header(rules, seed)))
    states = [session.state]
    while session.state.outcome is None and (limit is None or session.actions < limit):
        session.computer_step()
        states.append(session.state)
    return session, states


def uninterrupted(rules: Rules, seed: int) -> list[GameState]:
    """The positions of the same computer game played without a record."""
    from plot_core import new_game

    session = Session(new_game(seed, rules=rules), COMPUTERS, seed=seed)
    states = [session.state]
    while session.state.outcome is None:
        session.computer_step()
        states.append(session.state)
    return states


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines(keepends=True)
