"""Harassment (10.0): differential, table, result; retreats and advances (10.6)."""

from __future__ import annotations

from ..hexgrid import Hex, label
from . import coup as coup_mod
from .actions import Action, Verb, act, need
from .board import enemy_controlled, hq_at, hq_friendly, hq_name, impassable, is_enemy, zoc_of
from .decisions import DecisionRule, declare, finish_activation, pop, push, top
from .errors import IllegalAction
from .investigation import advance_investigator
from .pending import Advance, Retreat
from .registry import case
from .rolls import roll
from .state import (
    Box,
    Event,
    GameState,
    Marker,
    UnitState,
    defence,
    effectiveness,
    evolve,
    is_allied,
    is_unrecruited,
    is_unsuspected_abwehr,
    movement_allowance,
    retirement_box,
)
from .terms import Term

HARASS_COST = 1  # 10.11; the coup changes it (18.17)


@case("18.17", "18.56", "18.23")
def harass_cost(state: GameState) -> int:
    return state.coup.penalty if state.coup is not None else HARASS_COST


@case("18.18", "18.52")
def differential_bonus(state: GameState) -> int:
    """The coup bonus: the SS always has it in full; the Abwehr's falls while Hitler lives."""
    return state.coup.bonus_for(state.phasing) if state.coup is not None else 0


# -- who may harass whom -------------------------------------------------------------


@case("10.41")
def harassment_defence(state: GameState, target: UnitState) -> int:
    """Defence against harassment: +4 for a unit in an HQ friendly to it."""
    d = defence(state.rules, target)
    if hq_friendly(state, target.at, target.id):
        d += state.rules.game.hq_defence_bonus
    return d


@case(
    "8.13",
    "10.21",
    "10.22",
    "10.23",
    "10.24",
    "10.25",
    "10.31",
    "10.32",
    "10.33",
    "10.34",
    "11.51",
    "12.72",
    "17.24",
    "18.46",
    "18.61",
)
def harass_problem(
    state: GameState, target: str | None = None, hq_hex: Hex | None = None
) -> IllegalAction | None:
    """Why the active unit may not harass this target now, or None if it may."""
    return harasser_problem(state) or _target_problem(state, target, hq_hex)


def harasser_problem(state: GameState) -> IllegalAction | None:
    """Why the active unit may not harass anyone now, or None."""
    rules = state.rules
    uid = state.active
    if uid is None:
        return IllegalAction("9.14", "no unit is moving; activate one first")
    me = state.unit(uid)
    if (marker := me.marker) is not None:
        return IllegalAction("10.22", lambda: f"{_name(state, uid)} is {marker.value} and cannot harass")
    if len(state.occupancy().get(me.at, ())) > 1:
        return IllegalAction("8.13", lambda: f"{_name(state, uid)} must harass from a hex it has to itself")
    if coup_mod.pinned(state, uid):
        return IllegalAction(
            "18.61",
            lambda: f"{_name(state, uid)}'s Loyalty chit lies on it: it may not harass this Coup-Turn",
        )
    if state.mp_spent + harass_cost(state) > movement_allowance(rules, me):
        return IllegalAction("10.23", lambda: f"{_name(state, uid)} has no movement points left to harass")
    return None


def _target_problem(
    state: GameState, target: str | None, hq_hex: Hex | None, zone: frozenset[Hex] | None = None
) -> IllegalAction | None:
    rules = state.rules
    uid = state.mover
    if hq_hex is not None:  # 10.69: a vacant HQ
        me = state.unit(uid)
        zone = zoc_of(state, me) if zone is None else zone
        hq = hq_at(state, hq_hex)
        if hq is None or hq_hex in state.occupancy():
            return IllegalAction("10.69", lambda: f"{label(hq_hex)} is not a vacant HQ hex")
        if hq.friendly_to(uid, state.info(uid).party):
            return IllegalAction("10.69", lambda: f"{hq.name} is friendly to {_name(state, uid)}")
        if hq_hex not in zone:
            return IllegalAction(
                "10.21", lambda: f"{label(hq_hex)} is not in {_name(state, uid)}'s zone of control"
            )
        if effectiveness(rules, me) - rules.game.hq_defence_bonus + differential_bonus(state) < 0:
            return IllegalAction("10.34", "the differential would be below zero")
        return None
    if target is None:
        return no_target()
    t = state.unit(target)
    neutral = is_unrecruited(rules, t) or t.semi
    if t.hex is not None and neutral and state.coup is None:
        return IllegalAction(
            "10.31", lambda: f"{_name(state, target)} is unrecruited or semi-recruited and cannot be harassed"
        )
    if (
        t.hex is None
        or t.controller is state.phasing
        or (not neutral and not is_enemy(state, state.phasing, t))
    ):
        return IllegalAction("10.21", lambda: f"{_name(state, target)} is not an enemy unit on the map")
    if is_unsuspected_abwehr(rules, t):
        return IllegalAction("12.72", lambda: f"{_name(state, target)} is unsuspected and cannot be harassed")
    me = state.unit(uid)
    zone = zoc_of(state, me) if zone is None else zone
    if t.hex not in zone:
        return IllegalAction(
            "10.21", lambda: f"{_name(state, target)} is not in {_name(state, uid)}'s zone of control"
        )
    if effectiveness(rules, me) - harassment_defence(state, t) + differential_bonus(state) < 0:
        return IllegalAction(
            "10.34", lambda: f"the differential against {_name(state, target)} would be below zero"
        )
    return None


def no_target() -> IllegalAction:
    """10.21: a harassment names its target, a unit or a vacant HQ hex."""
    return IllegalAction("10.21", "name a unit or a vacant HQ hex to harass")


def need_target(target: str | None) -> str:
    """The unit a harassment names, or the refusal of one that names none."""
    if target is None:
        raise no_target()
    return target


def _name(state: GameState, uid: str) -> str:
    return state.info(uid).short


def harass_targets(state: GameState) -> list[Action]:
    me = state.unit(state.mover)
    zone = zoc_of(state, me)
    occ = state.occupancy()
    # Only occupied hexes and vacant HQ hexes in the zone can hold a target (10.21,
    # 10.69): with none there, there is nothing to ask.
    hq_of = state.rules.map.hq_of
    candidates = []
    for h in zone:
        if h in occ or h in hq_of:
            candidates.append(h)
    if not candidates or harasser_problem(state):
        return []
    out = []
    if len(candidates) > 1:
        candidates.sort()
    for h in candidates:
        there = occ.get(h)
        if there is None:  # a vacant HQ hex (10.69)
            if _target_problem(state, None, h, zone) is None:
                out.append(act(Verb.HARASS, None, h))
            continue
        for t in there:
            if _target_problem(state, t, None, zone) is None:
                out.append(act(Verb.HARASS, t))
    return out


# -- resolving -----------------------------------------------------------------------


def harassment_terms(
    state: GameState, target: str | None = None, hq_hex: Hex | None = None
) -> tuple[Term, ...]:
    """The differential's parts (10.3): the harasser's effectiveness, less the target's
    defence (+4 in an HQ friendly to it, 10.41; a vacant HQ defends with the 4 alone,
    10.69), plus the coup bonus (18.18). ``harass`` and the odds both sum these."""
    rules = state.rules
    me = state.unit(state.mover)
    terms = [Term(state.info(me.id).short, effectiveness(rules, me))]
    if hq_hex is not None:
        terms.append(Term(f"vacant {hq_name(state, hq_hex)}", -rules.game.hq_defence_bonus, "10.69"))
    else:
        target = need_target(target)
        t = state.unit(target)
        terms.append(Term(state.info(target).short, -defence(rules, t)))
        if hq_friendly(state, t.at, target):
            terms.append(Term("in its HQ", -rules.game.hq_defence_bonus, "10.41"))
    bonus = differential_bonus(state)
    if bonus:
        terms.append(Term("coup bonus", bonus, "18.18"))
    return tuple(terms)


@case("10.0", "10.11", "10.12", "10.5", "10.69", "10.71", "10.72", "17.25", "18.41")
def harass(state: GameState, target: str | None = None, hq_hex: Hex | None = None) -> GameState:
    problem = harass_problem(state, target, hq_hex)
    if problem:
        raise problem
    rules = state.rules
    uid = state.mover
    me = state.unit(uid)
    state = evolve(state, mp_spent=state.mp_spent + harass_cost(state))
    if hq_hex is not None:
        d = rules.game.hq_defence_bonus
        what = f"the vacant {hq_name(state, hq_hex)} ({label(hq_hex)})"
    else:
        target = need_target(target)
        d = harassment_defence(state, state.unit(target))
        what = state.info(target).short
    bonus = differential_bonus(state)
    diff = sum(t.value for t in harassment_terms(state, target, hq_hex))
    die, state = roll(state)
    coup = state.coup is not None  # 18.41
    grid = rules.tables.coup_harassment if coup else rules.tables.harassment
    column = min(diff, grid.columns[-1])
    result = rules.tables.harassment_result(diff, die, coup=coup)
    plus = f" + {bonus}" if bonus else ""
    state = state.log(
        Event(
            "10.72" if coup else "10.71",
            f"{state.info(uid).short} harasses {what}: "
            f"{effectiveness(rules, me)} - {d}{plus} = {diff:+d}, "
            f"die {die}: {result}",
            roll=(die,),
            table="coup_harassment" if coup else "harassment",
            row=die,
            column=column,
            result=result,
        )
    )
    if result == "Ae":  # 10.72: the attacker dies
        state = finish_activation(state)
        return coup_mod.eliminate(state, uid, case_no="10.72")
    if hq_hex is not None:
        if result in ("Dr", "De"):  # 10.69
            return push(state, Advance(state.phasing, hex=hq_hex, unit=uid))
        if result == "Ar":
            return retreat_or_retire(state, uid, attacker=True)
        return state  # M, N: no effect on an empty HQ
    target = need_target(target)
    if result in ("M", "N"):
        marker = Marker.MASKED if result == "M" else Marker.NEUTRALIZED
        return state.with_unit(target, marker=marker)  # 10.5: replaces an earlier one
    if result == "De":  # 10.72: the defender dies
        vacated = state.unit(target).at
        if is_allied(rules, state.unit(target)):
            state = state.with_unit(target, hex=None, box=Box.ALLIED_HOLDING, marker=None)
        else:
            state = coup_mod.eliminate(state, target, case_no="10.72")
        return offer_advance(state, uid, vacated)
    if result == "Dr":
        t = state.unit(target)
        if is_allied(rules, t):  # 17.25
            state = state.with_unit(target, hex=None, box=Box.ALLIED_HOLDING, marker=None)
            state = state.log(
                Event(
                    "17.25",
                    f"{state.info(target).short} is destroyed and returns to the Allied Unit Holding Box",
                )
            )
            return offer_advance(state, uid, t.at)
        own_hq = bool(hq_friendly(state, t.at, target))
        return retreat_or_retire(state, target, attacker=False, harasser=uid, no_advance=own_hq)
    return retreat_or_retire(state, uid, attacker=True)  # Ar


# -- retreat and advance -------------------------------------------------------------


@case("10.62", "10.66", "11.41", "16.14", "17.26")
def retreat_hexes(state: GameState, uid: str) -> list[Hex]:
    """Empty neighbouring hexes the unit may retreat into."""
    m = state.rules.map
    u = state.unit(uid)
    occ = state.occupancy()
    # A unit without an owner (harassed in the coup, 18.46) flees the harassing side's zones.
    ezoc = enemy_controlled(state, u.controller or state.phasing.enemy)
    return [
        n
        for n in m.neighbours[u.at]
        if n not in occ
        and n not in ezoc
        and not impassable(state, m.area_of[n])
        and hq_friendly(state, n, uid) is not False
    ]


@case("9.24")
def offer_advance(state: GameState, uid: str, h: Hex) -> GameState:
    """10.67: the harasser may advance into the hex its target left, but 9.24 lets a
    unit into an HQ unfriendly to it only after harassing that HQ while it was vacant
    (10.69): never by advancing after a unit in it was driven out or eliminated."""
    if hq_friendly(state, h, uid) is False:
        return state.log(
            Event(
                "9.24", f"{state.info(uid).short} may not advance into {hq_name(state, h)}: unfriendly to it"
            )
        )
    return push(state, Advance(state.phasing, hex=h, unit=uid))


@case("10.61", "10.64", "10.65")
def retreat_or_retire(
    state: GameState, uid: str, *, attacker: bool, harasser: str | None = None, no_advance: bool = False
) -> GameState:
    """Queue a one-hex retreat; its owner picks the hex when the time comes (10.65), so
    several units retreating one after another each see the board as it then is."""
    u = state.unit(uid)
    if attacker:
        state = finish_activation(state)  # a repulsed unit stops
    if not attacker and harasser is not None:
        if no_advance:
            state = state.log(Event("10.68", "no advance into the enemy's own HQ"))
        else:
            state = offer_advance(state, harasser, u.at)
    owner = u.controller or state.phasing.enemy  # 10.61: never the harasser
    return push(state, Retreat(owner, unit=uid))


@case("18.43")
def retire(state: GameState, uid: str) -> GameState:
    """10.64: nowhere to retreat: to the owner's General Retirement box, not the dead pile;
    in the coup, eliminated (18.43)."""
    u = state.unit(uid)
    if state.coup is not None or u.controller is None:
        return coup_mod.eliminate(state, uid, case_no="18.43")
    state = state.with_unit(uid, hex=None, box=retirement_box(u.controller), marker=None)
    return state.log(Event("10.64", f"{state.info(uid).short} cannot retreat and goes to General Retirement"))


def do_retreat(state: GameState, uid: str, dest: Hex) -> GameState:
    state = state.with_unit(uid, hex=dest, marker=None)  # 10.5: the marker goes
    return state.log(Event("10.61", f"{state.info(uid).short} retreats to {label(dest)}"))


def choose_retreat(state: GameState, dest: Hex) -> GameState:
    d = top(state, Retreat)
    options = retreat_hexes(state, d.unit)
    if dest not in options:
        raise IllegalAction(
            "10.62",
            f"{state.info(d.unit).short} cannot retreat to {label(dest)}; "
            f"choose one of {', '.join(label(h) for h in options)}",
        )
    return do_retreat(pop(state), d.unit, dest)


@case("10.67", "10.68", "11.42", "9.24")
def choose_advance(state: GameState, advance: bool) -> GameState:
    d = top(state, Advance)
    state = pop(state)
    if not advance or d.unit is None:  # (an investigators' advance names no one unit)
        return state
    if d.hex in state.occupancy():
        raise IllegalAction("10.67", f"{label(d.hex)} is no longer empty")
    state = state.with_unit(d.unit, hex=d.hex)
    return state.log(Event("10.67", f"{state.info(d.unit).short} advances into {label(d.hex)}"))


# -- the decisions a harassment hands a player --------------------------------------------
def _retreat_forced(state: GameState, d: Retreat) -> GameState | None:
    """10.64, 10.65: with nowhere to go the unit retires; with one hex it goes there."""
    options = retreat_hexes(state, d.unit)
    if not options:
        return retire(pop(state), d.unit)
    if len(options) == 1:
        return choose_retreat(state, options[0])
    return None


def _advance_answers(state: GameState, d: Advance) -> list[Action]:
    if d.units:  # 13.35: one investigator may advance
        return [act(Verb.ADVANCE, u, d.hex) for u in d.units] + [act(Verb.STAY)]
    return [act(Verb.ADVANCE, None, d.hex), act(Verb.STAY)]


def _advance(state: GameState, d: Advance, a: Action) -> GameState:
    if d.units:  # 13.35: an investigator, or none
        return advance_investigator(state, need(a.unit, "a unit") if a.verb is Verb.ADVANCE else None)
    if a.verb is Verb.ADVANCE and a.hex not in (None, d.hex):  # 10.67: that hex only
        raise IllegalAction(
            "10.67", f"the advance may go only into {label(d.hex)}, the hex the harassed unit left"
        )
    return choose_advance(state, a.verb is Verb.ADVANCE)


declare(
    DecisionRule[Retreat](
        Retreat,
        "10.65",
        "where the unit retreats",
        "choose where the harassed unit retreats (10.65)",
        lambda s, d: [act(Verb.RETREAT, None, h) for h in retreat_hexes(s, d.unit)],
        {Verb.RETREAT: lambda s, d, a: choose_retreat(s, need(a.hex, "a hex"))},
        forced=_retreat_forced,
    )
)
declare(
    DecisionRule[Advance](
        Advance,
        "10.67",
        "whether to advance",
        "advance into the emptied hex, or stay (10.67)",
        _advance_answers,
        {Verb.ADVANCE: _advance, Verb.STAY: _advance},
    )
)
