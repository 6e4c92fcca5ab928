"""Recruitment (12.0), Double-Cross (12.6) and Abwehr suspicion (12.7).

An attempt is a short conversation: ``recruit T`` names the target, ``join U``
adds each recruiter, ``roll`` resolves it (``cancel`` drops it unrolled).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..data.chits import ChitKind
from ..data.units import Sides
from ..english import listed
from ..parties import Party, Player
from ..rules import Rules
from .actions import Action, Verb, act, need
from .board import zones_of as _zones_of
from .chitdraw import draw_chits
from .decisions import DecisionRule, declare, peek, pop, push, top
from .errors import IllegalAction
from .harassment import retreat_or_retire
from .pending import Recruit
from .registry import case
from .rolls import roll
from .rules_lookup import lookup
from .state import (
    CUP,
    Event,
    GameState,
    UnitState,
    defence,
    effectiveness,
    evolve,
    is_unsuspected_abwehr,
)
from .terms import Term

# 12.12-12.16: whom each player may recruit without a Loyalty chit
FREE_PARTY = {Player.SS: Party.NAZI, Player.ABWEHR: Party.OKW}
# 12.66: never recruited by that player, not even by Double-Cross
NEVER = {Player.SS: Party.ABWEHR, Player.ABWEHR: Party.SS}


def loyalty_chit(uid: str) -> str:
    return f"L{uid}"


def _holds(state: GameState, player: Player, chit: str) -> bool:
    return state.holds(player, chit)  # a Player is the str its holder box is named by


def double_cross_chit(rules: Rules, held: Iterable[str]) -> str | None:
    """The Double-Cross chit an attempt spends (12.62): the first of those held."""
    by_id = rules.chits.by_id()
    return next((c for c in held if by_id[c].kind is ChitKind.DOUBLE_CROSS), None)


def _double_cross_chit(state: GameState, player: Player) -> str | None:
    return double_cross_chit(state.rules, state.chits_of(player.value))


# -- who can recruit whom ---------------------------------------------------------------


@case("12.21", "12.22", "12.25", "12.51", "15.21", "15.22", "12.43", "12.44")
def recruiters_for(state: GameState, target: str) -> list[str]:
    """Unused friendly units whose zone holds the target (12.21, 12.25, 12.51).

    A unit without a zone (masked, neutralized, semi-recruited) cannot recruit (15.21,
    15.22, 12.43); a unit with no effectiveness adds nothing and is left out."""
    h = state.unit(target).hex
    return _zones_of(state, _can_recruit).get(h, []) if h is not None else []


def _can_recruit(state: GameState, u: UnitState) -> bool:
    return (
        u.controller is state.phasing
        and u.hex is not None
        and u.id not in state.activated
        and effectiveness(state.rules, u) > 0
    )


@case(
    "12.11", "12.12", "12.13", "12.14", "12.15", "12.16", "12.42", "12.61", "12.66", "12.67", "12.24", "12.52"
)
def target_problem(state: GameState, target: str) -> IllegalAction | None:
    """Why the phasing player may not try to recruit ``target`` now, or None."""
    rules = state.rules
    player = state.phasing
    t = state.unit(target)
    info = rules.units[target]
    name = info.short
    if t.hex is None:
        return IllegalAction("12.21", f"{name} is not on the map")
    if info.party is NEVER[player] or info.party is Party.ALLIED:
        return IllegalAction("12.66", f"{player.title} can never recruit {name}")
    if info.sides is not Sides.RECRUITMENT:
        return IllegalAction("12.11", f"{name} cannot be recruited")
    if target in state.targeted:
        return IllegalAction("12.22", f"{name} has already been the target of a recruitment this phase")
    if t.semi:
        return IllegalAction("12.42", f"{name} is semi-recruited and cannot be recruited again")
    if t.recruited:
        if t.controller is player:
            return IllegalAction("12.11", f"{name} is already yours")
        if not (_double_cross_chit(state, player) and _holds(state, player, loyalty_chit(target))):
            return IllegalAction(
                "12.61",
                f"{name} is recruited by the enemy: it takes a Double-Cross chit and its Loyalty chit",
            )
    elif info.party is not FREE_PARTY[player] and not _holds(state, player, loyalty_chit(target)):
        return IllegalAction(loyalty_case(info.party, player), f"recruiting {name} takes its Loyalty chit")
    if not recruiters_for(state, target):
        return IllegalAction(
            "12.21", f"{name} is not in the zone of any of your units that may still recruit this phase"
        )
    return None


def recruitment_actions(state: GameState) -> list[Action]:
    d = peek(state)
    if not isinstance(d, Recruit):  # the phase's own choices: nothing pending
        # only a unit some recruiter's zone holds can pass target_problem (12.21)
        near = _zones_of(state, _can_recruit)
        out = [
            act(Verb.RECRUIT, u.id)
            for u in state.units
            if u.hex is not None and u.hex in near and target_problem(state, u.id) is None
        ]
        return out + [act(Verb.END_PHASE)]
    out = [act(Verb.JOIN, r) for r in recruiters_for(state, d.unit) if r not in d.units]
    if d.units and _differential(state, d) >= state.rules.game.recruit_min:
        out.append(act(Verb.ROLL))
    return out + [act(Verb.CANCEL)]


def start(state: GameState, target: str) -> GameState:
    problem = target_problem(state, target)
    if problem:
        raise problem
    double_cross = state.unit(target).recruited
    return push(state, Recruit(state.phasing, unit=target, double_cross=double_cross))


def join(state: GameState, uid: str) -> GameState:
    d = top(state, Recruit)
    if uid in d.units:
        raise IllegalAction("12.22", f"{state.info(uid).short} has already joined")
    if uid not in recruiters_for(state, d.unit):
        raise IllegalAction(
            "12.25",
            f"{state.info(uid).short} cannot join: it must be yours, "
            f"unused this phase, with {state.info(d.unit).short} in "
            "its zone",
        )
    return push(pop(state), evolve(d, units=d.units + (uid,)))


def cancel(state: GameState) -> GameState:
    return pop(state)


def _differential(state: GameState, d: Recruit) -> int:
    return sum(t.value for t in recruitment_terms(state, d.unit, d.units))


def recruitment_terms(state: GameState, target: str, units: Iterable[str]) -> tuple[Term, ...]:
    """12.0: the recruiters' effectiveness together, less the target's defence. The roll
    and the odds both sum these."""
    rules = state.rules
    terms = [Term(rules.units[u].short, effectiveness(rules, state.unit(u))) for u in units]
    return (*terms, Term(rules.units[target].short, -defence(rules, state.unit(target))))


def loyalty_case(party: Party, player: Player) -> str:
    """Which case asks for the Loyalty chit: Civilians (12.14), Nazis for the Abwehr
    (12.15), OKW for the SS (12.16)."""
    if party is Party.CIVILIAN:
        return "12.14"
    return "12.15" if player is Player.ABWEHR else "12.16"


@case(
    "12.0",
    "12.26",
    "12.27",
    "12.31",
    "12.32",
    "12.33",
    "12.34",
    "12.35",
    "12.41",
    "12.53",
    "12.54",
    "12.62",
    "12.63",
    "12.64",
    "12.65",
    "12.73",
    "12.74",
    "12.9",
)
def resolve(state: GameState) -> GameState:
    d = top(state, Recruit)
    player = d.player
    rules = state.rules
    if not d.units:
        raise IllegalAction("12.25", "name at least one recruiting unit first")
    diff = _differential(state, d)
    if diff < rules.game.recruit_min:
        raise IllegalAction(
            "12.53", f"the differential is {diff:+d}; recruitment needs at least {rules.game.recruit_min:+d}"
        )
    state = pop(state)
    target, name = d.unit, rules.units[d.unit].short
    # Chits spent on the attempt go back to the cup (12.14, 12.62).
    spent = []
    if d.double_cross:
        chit = _double_cross_chit(state, player)
        if chit is None:  # held when the attempt began (12.61)
            raise AssertionError("the Double-Cross chit has gone")
        spent.append(chit)
    if d.double_cross or rules.units[target].party is not FREE_PARTY[player]:
        spent.append(loyalty_chit(target))
    for c in spent:
        state = state.with_chit(c, CUP)
    if d.double_cross:  # 12.62: both go back to the cup
        state = state.log(
            Event("12.62", f"{player.title} spends {spent[0]} and {spent[1]} on a Double-Cross")
        )
    elif spent:
        state = state.log(
            Event(loyalty_case(rules.units[target].party, player), f"{player.title} reveals {spent[0]}")
        )
    state = evolve(state, activated=state.activated | set(d.units), targeted=state.targeted | {target})
    die, state = roll(state)
    grid = rules.tables.recruitment
    column = min(diff, grid.columns[-1])
    result = rules.tables.recruitment_result(diff, die)
    names = " + ".join(rules.units[u].short for u in d.units)
    tries = "tries" if len(d.units) == 1 else "try"
    state = state.log(
        Event(
            "12.9",
            f"{names} {tries} to recruit {name}"
            f"{' (Double-Cross)' if d.double_cross else ''}: {diff:+d}, "
            f"die {die}: {result}",
            roll=(die,),
            table="recruitment",
            row=die,
            column=column,
            result=result,
        )
    )
    if result in ("R", "Sr"):
        suspects = success_suspects(state, d.units)
        for u in suspects:  # 12.73
            state = state.with_unit(u, suspected=True)
        if suspects:
            state = state.log(Event("12.73", suspicion_words(rules, suspects)))
    if result == "R" or (result == "Sr" and (player is Player.SS or d.double_cross)):
        state = state.with_unit(target, recruited=True, controller=player, semi=False)
        return state.log(Event("12.31", f"{name} is recruited by {player.title}"))
    if result == "Sr":  # 12.35
        state = state.with_unit(target, semi=True, controller=player)
        return state.log(Event("12.35", f"{name} is semi-recruited"))
    if result == "Ar":  # 12.32
        for u in reversed(d.units):
            state = retreat_or_retire(state, u, attacker=True)
        return state
    return draw_chits(state, player.enemy, 1, case_no="12.33")  # Ep


# -- suspicion -----------------------------------------------------------------------


def success_suspects(state: GameState, units: Iterable[str]) -> list[str]:
    """The recruiters an R or Sr puts under suspicion: each unsuspected Abwehr unit
    (12.73), and Goerdeler, who counts as one (12.74)."""
    return [u for u in units if is_unsuspected_abwehr(state.rules, state.unit(u))]


def suspicion_words(rules: Rules, suspects: list[str]) -> str:
    """ "Canaris and Oster fall under suspicion" (the log's line, the odds' note)."""
    falls = "falls" if len(suspects) == 1 else "fall"
    return f"{listed([rules.units[u].short for u in suspects])} {falls} under suspicion"


def exposable(state: GameState) -> list[str]:
    """Abwehr units whose Loyalty chit the SS holds and which are still unsuspected."""
    party = lookup(state.rules).party
    return [
        uid
        for uid in state.loyalty_held(Player.SS)
        if party[uid] is Party.ABWEHR and state.unit(uid).hex is not None and not state.unit(uid).suspected
    ]


@case("12.75", "12.71", "12.72")
def expose(state: GameState, uid: str) -> GameState:
    """12.75: at any point the SS may reveal an Abwehr unit's Loyalty chit: it becomes
    suspected, and the chit goes back to the cup."""
    if state.info(uid).party is not Party.ABWEHR:
        raise IllegalAction("12.75", f"{state.info(uid).short} is not an Abwehr unit")
    if not _holds(state, Player.SS, loyalty_chit(uid)):
        raise IllegalAction("12.75", f"you do not hold {loyalty_chit(uid)}")
    state = state.with_chit(loyalty_chit(uid), CUP).with_unit(uid, suspected=True)
    return state.log(
        Event("12.75", f"SS reveals {loyalty_chit(uid)}: {state.info(uid).short} is now suspected")
    )


# -- the decision of a recruitment ---------------------------------------------------------
declare(
    DecisionRule[Recruit](
        Recruit,
        "12.25",
        "the recruiters, then roll",
        "add recruiters, then roll (12.25)",
        lambda s, d: recruitment_actions(s),
        {
            Verb.JOIN: lambda s, d, a: join(s, need(a.unit, "a unit")),
            Verb.ROLL: lambda s, d, a: resolve(s),
            Verb.CANCEL: lambda s, d, a: cancel(s),
        },
    )
)
