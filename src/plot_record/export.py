"""A readable account of a recorded game, turn by turn and phase by phase.

Whose eyes it is written for matters: an account "as the SS" holds only what the
SS saw (its own draws, never the Abwehr's); "all" holds everything and is only
given for a finished game, where nothing is secret any more.
"""

from __future__ import annotations

from collections.abc import Iterator

from plot_core import Player
from plot_core.engine import PHASE_TITLES, Event, Phase
from plot_core.english import counted
from plot_core.wording import describe

from .format import ChatLine, RecordError
from .notes import Note
from .timeline import Record

SIDE = {Player.SS: "SS", Player.ABWEHR: "Abwehr"}
ALL = "all"


def check_perspective(record: Record, eyes: str) -> Player | None:
    """The side whose account is wanted (None for everything); refuses to leak."""
    side = None if eyes == ALL else Player(eyes)
    problem = record.eyes_problem(side)
    if problem is not None:
        raise RecordError(f"{record.path}: {problem}")
    return side


def text_account(
    record: Record, eyes: str = ALL, *, chat: bool = True, notes: list[Note] | None = None
) -> Iterator[str]:
    """``chat``: the talk at the table, where it was said; ``notes``: a
    study's notes (notes.py), each at its position."""
    side = check_perspective(record, eyes)
    said: dict[int, list[ChatLine]] = {}
    for line in record.chat if chat else []:
        said.setdefault(min(line.after, len(record.timeline)), []).append(line)
    noted: dict[int, list[Note]] = {}
    for n in notes or []:
        noted.setdefault(min(n.at, len(record.timeline)), []).append(n)

    def extras(i: int) -> Iterator[str]:
        for c in said.get(i, []):
            yield f"{'':15}» {c.name} ({c.role}, {c.time[11:16]}): {c.text}"
        for n in noted.get(i, []):
            yield f"{'':15}Note: {n.text}"

    h, tl = record.header, record.timeline
    start = h.start.get("setup") or f"position {h.start.get('name', '')}".strip()
    players = ", ".join(f"{SIDE[p]} {h.players[p.value]}" for p in Player)
    yield "The Plot to Assassinate Hitler — account of a recorded game"
    yield f"Record:  {record.path.name} ({h.program}, {h.created})"
    yield f"Game:    {h.seed_words(tl.final.outcome is not None)}, {start} set-up; {players}"
    yield (
        "Seen by: everyone (the game is over)" if side is None else f"Seen by: the {SIDE[side]} player only"
    )
    yield from (f"Warning: {w}" for w in record.warnings)
    yield ""
    yield from _events(tl.start.events, side)
    yield from extras(0)
    last_turn = last_phase = None
    for step in tl.steps:
        key = tl.phase_key(step.i - 1)
        turn = key[:2]
        if turn != last_turn and key[2] is not Phase.SETUP:
            yield ""
            yield (f"Game-Turn {turn[0]}" if not turn[1] else f"Game-Turn {turn[0]}, Coup-Turn {turn[1]}")
            last_phase = None
        if key[2:] != last_phase:
            whose = f"{key[3].title} Player-Turn: " if key[3] is not None else ""
            yield f"  {whose}{PHASE_TITLES[key[2]]}"
        last_turn, last_phase = turn, key[2:]
        before = tl.state_at(step.i - 1)
        yield f"  {step.i:>5}  {SIDE[step.side]:<6}  {describe(before.rules, before, step.action)}"
        yield from _events(step.events, side)
        yield from extras(step.i)
    final = tl.final
    yield ""
    if final.outcome is not None:
        o = final.outcome
        yield f"Result: {_winner(o.winner)} win ({o.case}): {o.reason}"
    else:
        yield (
            f"Not finished: {counted(len(tl), 'action')} so far; "
            f"{SIDE[final.to_act] if final.to_act else 'nobody'} to act."
        )


def _events(events: tuple[Event, ...], side: Player | None) -> Iterator[str]:
    for e in events:
        if side is not None and not e.seen_by(side):
            continue
        mark = f" [{SIDE[e.private]} only]" if e.private is not None and side is None else ""
        yield f"{'':15}{e.text} ({e.case}){mark}"


def _winner(w: str) -> str:
    return {"ss": "SS", "abwehr": "Abwehr", "allies": "Allied"}.get(w, w)
