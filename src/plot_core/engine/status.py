"""Status Adjustment (15.0): markers off friendly units, returns from General
Retirement; and, after the SS's, OKW panic (12.8)."""

from __future__ import annotations

from collections.abc import Iterable

from ..data.units import Sides
from ..parties import Party, Player
from .actions import Action, Verb, act, need
from .board import hq_at
from .decisions import DecisionRule, declare, pop, push, top
from .errors import IllegalAction
from .pending import Panic, Return
from .registry import case
from .rolls import roll
from .state import Event, GameState, UnitState, evolve, retirement_box

OKW_FRIENDLY_PANICKERS = (Party.SS, Party.NAZI, Party.CIVILIAN)  # 12.81


def marked_units(units: Iterable[UnitState], player: Player) -> list[str]:
    """The units whose Mask or Neutralized markers ``player`` may take off in his Status
    Adjustment (15.11): his own, on the map, with a marker. Markers are public (12.28),
    so the side that waits reads the same answer from its view."""
    return [u.id for u in units if u.controller is player and u.hex is not None and u.marker is not None]


def clear_actions(state: GameState) -> list[Action]:
    return [act(Verb.CLEAR, uid) for uid in marked_units(state.units, state.phasing)]


@case("15.11")
def clear(state: GameState, uid: str) -> GameState:
    """The phasing player may take Mask and Neutralized markers off his units."""
    u = state.unit(uid)
    if u.controller is not state.phasing or u.marker is None:
        raise IllegalAction("15.11", f"{state.info(uid).short} is not one of your marked units")
    state = state.with_unit(uid, marker=None)
    return state.log(Event("15.11", f"{state.info(uid).short} loses its {u.marker.value} marker"))


@case("15.0", "15.12", "15.14")
def retirement_rolls(state: GameState) -> GameState:
    """One die for each unit in the phasing player's General Retirement box: 1-2 returns
    it to a friendly HQ hex (the owner picks), 3-6 it stays. Returning units come back
    unrecruited or unsuspected, and returned Nazi, Civilian and OKW units belong to
    no one (15.14)."""
    player = state.phasing
    box = retirement_box(player)
    back = []
    for u in state.units:
        if u.box is not box:
            continue
        die, state = roll(state)
        ok = die in state.rules.game.retirement_return_rolls
        state = state.log(
            Event(
                "15.12",
                f"{state.info(u.id).short} in General Retirement: die {die}: {'returns' if ok else 'stays'}",
                roll=(die,),
            )
        )
        if ok:
            back.append(u.id)
    for uid in reversed(back):
        info = state.info(uid)
        if info.sides is Sides.RECRUITMENT:
            state = state.with_unit(uid, recruited=False, semi=False, controller=None)
        elif info.sides is Sides.SUSPICION:
            state = state.with_unit(uid, suspected=False)
        state = push(state, Return(player, unit=uid, case="15.12"))
    return state


@case("12.81", "12.84")
def panic_rolls(state: GameState) -> GameState:
    """End of the SS Status Adjustment Phase of a Game-Turn: one die on the OKW Panic
    Table for each SS-controlled SS, Nazi or Civilian unit in an HQ friendly to OKW."""
    total = 0
    for u in state.units:
        if u.controller is not Player.SS or u.hex is None:
            continue
        hq = hq_at(state, u.hex)
        if hq is None or Party.OKW not in hq.friendly_parties:
            continue
        if state.info(u.id).party not in OKW_FRIENDLY_PANICKERS:
            continue
        die, state = roll(state)
        n = state.rules.tables.okw_panic.result(die)
        total += n
        units = "unit panics" if n == 1 else "units panic"
        state = state.log(
            Event(
                "12.82",
                f"{state.info(u.id).short} stands in {hq.name}: OKW Panic die {die}: {n} Abwehr OKW {units}",
                roll=(die,),
                table="okw_panic",
                row=die,
                result=str(n),
            )
        )
    if total and panickers(state):
        return push(state, Panic(Player.ABWEHR, count=total))
    return state


def panickers(state: GameState) -> list[str]:
    """12.83: Abwehr-controlled OKW units, recruited or semi-recruited."""
    return [
        u.id
        for u in state.units
        if state.info(u.id).party is Party.OKW and u.controller is Player.ABWEHR and (u.recruited or u.semi)
    ]


@case("12.83")
def panic(state: GameState, uid: str) -> GameState:
    d = top(state, Panic)
    if uid not in panickers(state):
        raise IllegalAction("12.83", f"{state.info(uid).short} is not an OKW unit of yours")
    state = pop(state).with_unit(uid, recruited=False, semi=False, controller=None)
    state = state.log(Event("12.83", f"{state.info(uid).short} panics and is unrecruited"))
    if d.count > 1 and panickers(state):
        state = push(state, evolve(d, count=d.count - 1))
    return state


# -- the decision of a panic ------------------------------------------------------------------
def _panic_forced(state: GameState, d: Panic) -> GameState | None:
    """12.83: as many panic as must, each without a choice; with none left, none does."""
    who = panickers(state)
    if len(who) > d.count:
        return None
    return panic(state, who[0]) if who else pop(state)


declare(
    DecisionRule[Panic](
        Panic,
        "12.83",
        "which OKW units panic",
        "choose which OKW unit panics (12.83)",
        lambda s, d: [act(Verb.PANIC, u) for u in panickers(s)],
        {Verb.PANIC: lambda s, d, a: panic(s, need(a.unit, "a unit"))},
        forced=_panic_forced,
    )
)
