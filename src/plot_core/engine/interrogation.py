"""Interrogation (14.0): every unit in the Interrogation Cell, one by one; the Abwehr
may add Alibi/Arrest chits to each roll (14.21-14.24)."""

from __future__ import annotations

from ..parties import Player
from .actions import Action, Verb, act, need
from .decisions import DecisionRule, declare, pop, push, top
from .errors import IllegalAction
from .investigation import alibi_chits, take_from_abwehr
from .pending import InterrogationAlibi, Return
from .registry import case
from .rolls import roll
from .state import CUP, Box, Event, GameState, defence, evolve, retirement_box


def next_prisoner(state: GameState) -> str | None:
    """14.11-14.12: the units in the cell not yet interrogated this phase, in id order."""
    return next(
        (u.id for u in state.units if u.box is Box.INTERROGATION and u.id not in state.targeted), None
    )


@case("14.11", "14.12", "14.13", "14.14", "14.21")
def announce(state: GameState, uid: str) -> GameState:
    state = state.log(Event("14.21", f"SS interrogates {state.info(uid).short}"))
    return push(state, InterrogationAlibi(Player.ABWEHR, unit=uid))


def alibi_actions(state: GameState) -> list[Action]:
    return [act(Verb.REVEAL, None, None, c) for c in alibi_chits(state, Player.ABWEHR)][:1] + [
        act(Verb.NO_REVEAL)
    ]


def add_alibi(state: GameState, chit: str) -> GameState:
    d = top(state, InterrogationAlibi)
    if chit not in alibi_chits(state, Player.ABWEHR):
        raise IllegalAction("14.21", f"{chit} is not an Alibi/Arrest chit you hold")
    state = pop(state).with_chit(chit, CUP)
    state = state.log(Event("14.22", f"Abwehr reveals {chit}: +1 to the interrogation roll"))
    return push(state, evolve(d, chits=d.chits + (chit,)))


@case("14.0", "14.22", "14.23", "14.24", "14.31", "14.32", "14.33", "14.34")
def interrogate(state: GameState) -> GameState:
    d = top(state, InterrogationAlibi)
    state = pop(state)
    uid = d.unit
    rules = state.rules
    u = state.unit(uid)
    die, state = roll(state)
    total = min(die + len(d.chits), rules.game.interrogation_max_roll)
    dfn = defence(rules, u)
    result = rules.tables.interrogation_result(dfn, total)
    grid = rules.tables.interrogation
    column = max(grid.columns[0], min(dfn, grid.columns[-1]))
    state = evolve(state, targeted=state.targeted | {uid})
    state = state.log(
        Event(
            "14.34",
            f"Interrogation of {rules.units[uid].short}: die {die}"
            f"{f' + {len(d.chits)}' if d.chits else ''} = {total} "
            f"against defence {dfn}: {result}",
            roll=(die,),
            table="interrogation",
            row=total,
            column=column,
            result=result,
        )
    )
    if result == "Ss":
        state = state.with_unit(uid, box=Box.ELIMINATED)
        state = state.log(Event("14.31", f"{rules.units[uid].short} is eliminated"))
        return take_from_abwehr(state, dfn, case_no="14.31")
    if result == "Gr":
        state = state.with_unit(uid, box=retirement_box(u.controller or Player.ABWEHR))
        return state.log(Event("14.32", f"{rules.units[uid].short} goes to General Retirement"))
    return push(state, Return(u.controller or Player.ABWEHR, unit=uid, case="14.33"))


# -- the decision of an interrogation --------------------------------------------------------
declare(
    DecisionRule[InterrogationAlibi](
        InterrogationAlibi,
        "14.21",
        "whether to reveal Alibi/Arrest chits",
        "reveal Alibi/Arrest chits for the prisoner, or not (14.21)",
        lambda s, d: alibi_actions(s),
        {
            Verb.REVEAL: lambda s, d, a: add_alibi(s, need(a.chit, "a chit")),
            Verb.NO_REVEAL: lambda s, d, a: interrogate(s),
        },
    )
)
