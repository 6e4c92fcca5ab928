"""Investigation (13.0): the SS names investigators and a target; the Abwehr may expose
investigators by revealing their Loyalty chits (13.17); the SS may cover exposed ones
with Alibi/Arrest chits (13.18); then the ratio decides whether it happens (13.21,
13.22) and the die what it finds."""

from __future__ import annotations

from collections.abc import Iterable

from ..data.chits import ChitKind
from ..data.units import Sides
from ..hexgrid import label
from ..parties import Party, Player
from .actions import Action, Verb, act, need
from .board import hq_friendly, hq_name, unfriendly_hq, zones_of
from .decisions import DecisionRule, declare, peek, pop, push, top
from .errors import IllegalAction
from .pending import Advance, Alibi, ExposeInvestigators, Exposure, Investigate
from .registry import case
from .rolls import pick, roll
from .state import (
    CUP,
    Box,
    Event,
    GameState,
    Marker,
    UnitState,
    chit_ids,
    defence,
    effectiveness,
    evolve,
    is_unrecruited,
    is_unsuspected_abwehr,
)
from .terms import Term

INVESTIGATORS = (Party.SS, Party.NAZI)  # 13.15


def loyalty_chit(uid: str) -> str:
    return f"L{uid}"


def alibi_chits(state: GameState, player: Player) -> list[str]:
    by_id = state.rules.chits.by_id()
    return [c for c in state.chits_of(player.value) if by_id[c].kind is ChitKind.ALIBI_ARREST]


@case("13.13", "13.14", "13.15", "13.24", "13.25")
def investigators_for(state: GameState, target: str) -> list[str]:
    """SS-controlled SS and Nazi units, unmarked, unused, with the target in their zone."""
    h = state.unit(target).hex
    return zones_of(state, _can_investigate).get(h, []) if h is not None else []


def _can_investigate(state: GameState, u: UnitState) -> bool:
    return (
        u.controller is Player.SS
        and u.hex is not None
        and u.id not in state.activated
        and state.info(u.id).party in INVESTIGATORS
        and u.marker is None
        and effectiveness(state.rules, u) > 0
    )


@case("13.11", "13.12", "13.16", "13.24", "13.26", "17.24")
def target_problem(state: GameState, target: str) -> IllegalAction | None:
    rules = state.rules
    t = state.unit(target)
    name = rules.units[target].short
    if t.hex is None or t.controller is not Player.ABWEHR:  # 17.24: Allied units are no one's
        return IllegalAction("13.12", f"{name} is not an Abwehr-controlled unit on the map")
    if is_unrecruited(rules, t) and not t.semi:
        return IllegalAction("13.16", f"{name} cannot be investigated")
    if rules.units[target].sides is Sides.SUSPICION and is_unsuspected_abwehr(rules, t):
        return IllegalAction("13.12", f"{name} is unsuspected")
    if target in state.targeted:
        return IllegalAction("13.24", f"{name} has already been investigated this phase")
    if not investigators_for(state, target):
        return IllegalAction(
            "13.13", f"{name} is not in the zone of any SS or Nazi unit that may still investigate"
        )
    return None


def _ratio(state: GameState, units: Iterable[str], target: str) -> int:
    """13.0: total effectiveness to defence, rounded down in the defender's favour."""
    *investigators, against = investigation_terms(state, target, units)
    return sum(t.value for t in investigators) // -against.value


def investigation_terms(state: GameState, target: str, units: Iterable[str]) -> tuple[Term, ...]:
    """13.0: each investigator's effectiveness, then the target's defence (negative: the
    ratio is the sum of the others to it)."""
    rules = state.rules
    terms = [Term(rules.units[u].short, effectiveness(rules, state.unit(u))) for u in units]
    return (*terms, Term(rules.units[target].short, -defence(rules, state.unit(target))))


def counting_investigators(d: Exposure) -> tuple[str, ...]:
    """Investigators still in: not exposed, or exposed and covered by an Alibi (13.17-13.18)."""
    exposed = {c[1:] for c in d.chits}
    return tuple(u for u in d.units if u not in exposed or u in d.cleared)


def investigation_actions(state: GameState) -> list[Action]:
    d = peek(state)
    if d is None:
        # only a unit some investigator's zone holds can pass target_problem (13.13)
        near = zones_of(state, _can_investigate)
        out = [
            act(Verb.INVESTIGATE, u.id)
            for u in state.units
            if u.controller is Player.ABWEHR and u.hex in near and target_problem(state, u.id) is None
        ]
        return out + [act(Verb.END_PHASE)]
    if isinstance(d, Investigate):
        out = [act(Verb.JOIN, u) for u in investigators_for(state, d.unit) if u not in d.units]
        if d.units and _ratio(state, d.units, d.unit) >= state.rules.game.investigate_min:
            out.append(act(Verb.ROLL))
        return out + [act(Verb.CANCEL)]
    if isinstance(d, ExposeInvestigators):
        held = state.chits_of(Player.ABWEHR.value)
        return [act(Verb.REVEAL, None, None, loyalty_chit(u)) for u in d.units if loyalty_chit(u) in held] + [
            act(Verb.NO_REVEAL)
        ]
    if isinstance(d, Alibi):
        alibis = alibi_chits(state, Player.SS)
        covered = (
            [Action(Verb.ALIBI, unit=c[1:], chit=alibis[0]) for c in d.chits if c[1:] not in d.cleared]
            if alibis
            else []
        )
        return covered + [act(Verb.NO_REVEAL)]
    raise AssertionError(d)


def start(state: GameState, target: str) -> GameState:
    problem = target_problem(state, target)
    if problem:
        raise problem
    return push(state, Investigate(Player.SS, unit=target))


def join(state: GameState, uid: str) -> GameState:
    d = top(state, Investigate)
    if uid in d.units or uid not in investigators_for(state, d.unit):
        raise IllegalAction(
            "13.15",
            f"{state.info(uid).short} cannot join: investigators are "
            "unmarked SS or Nazi units, unused this phase, with the "
            "target in their zone",
        )
    return push(pop(state), evolve(d, units=d.units + (uid,)))


@case("13.21", "13.17")
def announce(state: GameState) -> GameState:
    """The SS commits: the investigators and target are used for the phase (13.24); the
    Abwehr may now expose investigators (13.17)."""
    d = top(state, Investigate)
    if not d.units:
        raise IllegalAction("13.25", "name at least one investigating unit first")
    if _ratio(state, d.units, d.unit) < state.rules.game.investigate_min:
        raise IllegalAction("13.21", "investigations need at least 2 to 1")
    state = pop(state)
    state = evolve(state, activated=state.activated | set(d.units), targeted=state.targeted | {d.unit})
    names = " + ".join(state.info(u).short for u in d.units)
    state = state.log(Event("13.0", f"SS investigates {state.info(d.unit).short} with {names}"))
    return push(state, ExposeInvestigators(Player.ABWEHR, unit=d.unit, units=d.units))


def expose_investigator(state: GameState, chit: str) -> GameState:
    d = top(state, ExposeInvestigators)
    if chit not in (loyalty_chit(u) for u in d.units):
        raise IllegalAction("13.17", f"{chit} is not the Loyalty chit of an investigating unit")
    if chit not in state.chits_of(Player.ABWEHR.value):
        raise IllegalAction("13.17", f"you do not hold {chit}")
    state = pop(state).with_chit(chit, CUP)
    state = state.log(
        Event("13.17", f"Abwehr reveals {chit}: {state.info(chit[1:]).short} drops out of the investigation")
    )
    return push(state, evolve(d, chits=d.chits + (chit,)))


@case("13.18")
def done_exposing(state: GameState) -> GameState:
    d = top(state, ExposeInvestigators)
    state = pop(state)
    if d.chits:
        return push(state, Alibi(Player.SS, unit=d.unit, units=d.units, chits=d.chits, cleared=d.cleared))
    return carry_out(state, d)


def cover(state: GameState, uid: str, chit: str) -> GameState:
    """13.18: an Alibi/Arrest chit cancels one revealed Loyalty chit, the SS's choice."""
    d = top(state, Alibi)
    if chit not in alibi_chits(state, Player.SS):
        raise IllegalAction("13.18", f"{chit} is not an Alibi/Arrest chit you hold")
    if loyalty_chit(uid) not in d.chits or uid in d.cleared:
        raise IllegalAction("13.18", f"{state.info(uid).short} has no exposure left to cancel")
    state = pop(state).with_chit(chit, CUP)
    state = state.log(Event("13.18", f"SS reveals {chit}: {state.info(uid).short} investigates after all"))
    return push(state, evolve(d, cleared=d.cleared + (uid,)))


def done_covering(state: GameState) -> GameState:
    d = top(state, Alibi)
    return carry_out(pop(state), d)


@case("13.22", "13.23", "13.31", "13.32", "13.33", "13.34", "13.35", "13.36", "13.0", "9.24")
def carry_out(state: GameState, d: Exposure) -> GameState:
    rules = state.rules
    target = d.unit
    t = state.unit(target)
    units = counting_investigators(d)
    *investigators, against = investigation_terms(state, target, units)
    total, dfn = sum(x.value for x in investigators), -against.value
    column = rules.tables.investigation_column(total, dfn)
    if column is None:
        return state.log(Event("13.22", f"{total} to {dfn} is below 2 to 1: the investigation is called off"))
    if t.marker is not None:
        state = state.with_unit(target, marker=None)
        state = state.log(Event("13.31", f"{state.info(target).short} loses its {t.marker.value} marker"))
    die, state = roll(state)
    result = rules.tables.investigation.cell(die, column)
    state = state.log(
        Event(
            "13.36",
            f"Investigation of {state.info(target).short}: {total} to "
            f"{dfn} ({column}:1), die {die}: {result}",
            roll=(die,),
            table="investigation",
            row=die,
            column=column,
            result=result,
        )
    )
    if result == "Ss":
        return take_from_abwehr(state, 1, case_no="13.32")
    if result == "N":
        return state.with_unit(target, marker=Marker.NEUTRALIZED)
    # Ic: to the Interrogation Cell; one investigator may advance (13.35, per 10.6).
    there = t.at
    state = state.with_unit(target, hex=None, box=Box.INTERROGATION, marker=None)
    state = state.log(Event("13.34", f"{state.info(target).short} goes to the Interrogation Cell"))
    if hq_friendly(state, there, target):
        return state.log(Event("10.68", "no advance into the enemy's own HQ"))
    # 13.35 follows 10.6, and so 9.24: only into an HQ friendly to the advancing unit.
    allowed = tuple(u for u in units if unfriendly_hq(state, there, u) is None)
    if not allowed:
        return state.log(
            Event("9.24", f"no investigator may advance into {hq_name(state, there)}: unfriendly to them")
        )
    return push(state, Advance(Player.SS, hex=there, units=allowed))


def take_from_abwehr(state: GameState, n: int, *, case_no: str) -> GameState:
    """13.32, 14.31: the SS picks chits at random from the Abwehr box, not the cup."""
    ids = chit_ids(state.rules)
    got = []
    for _ in range(n):
        pool = [i for i, where in enumerate(state.chits) if where == Player.ABWEHR.value]
        if not pool:
            break
        k, state = pick(state, len(pool))
        got.append(ids[pool[k]])
        state = state.with_chit(ids[pool[k]], Player.SS.value)
    taken = f"SS takes {len(got)} chit{'s' if len(got) != 1 else ''} from the Abwehr box"
    if len(got) < n:  # (how many each side holds is public, 6.21)
        held = f"it held only {len(got)}" if got else "it was empty"
        taken = f"SS takes {len(got)} of the {n} chits it could from the Abwehr box: {held}"
    state = state.log(Event(case_no, taken))
    if got:
        # each side's own line, naming the side: everyone reads both once the game is over
        state = state.log(Event(case_no, f"SS took {', '.join(got)}", private=Player.SS))
        state = state.log(Event(case_no, f"Abwehr lost {', '.join(got)} to the SS", private=Player.ABWEHR))
    return state


def advance_investigator(state: GameState, uid: str | None) -> GameState:
    d = top(state, Advance)
    state = pop(state)
    if uid is None:
        return state
    if uid not in d.units:
        if (refusal := unfriendly_hq(state, d.hex, uid)) is not None:
            raise refusal
        raise IllegalAction("13.35", "only an investigating unit may advance")
    if d.hex in state.occupancy():
        raise IllegalAction("13.35", f"{label(d.hex)} is no longer empty")
    state = state.with_unit(uid, hex=d.hex)
    return state.log(Event("13.35", f"{state.info(uid).short} advances into {label(d.hex)}"))


# -- the decisions of an investigation -------------------------------------------------------
declare(
    DecisionRule[Investigate](
        Investigate,
        "13.25",
        "the investigators, then roll",
        "add investigators, then roll (13.25)",
        lambda s, d: investigation_actions(s),
        {
            Verb.JOIN: lambda s, d, a: join(s, need(a.unit, "a unit")),
            Verb.ROLL: lambda s, d, a: announce(s),
            Verb.CANCEL: lambda s, d, a: pop(s),
        },
    )
)
declare(
    DecisionRule[ExposeInvestigators](
        ExposeInvestigators,
        "13.17",
        "whether to reveal investigators' Loyalty chits",
        "reveal investigators' Loyalty chits, or not (13.17)",
        lambda s, d: investigation_actions(s),
        {
            Verb.REVEAL: lambda s, d, a: expose_investigator(s, need(a.chit, "a chit")),
            Verb.NO_REVEAL: lambda s, d, a: done_exposing(s),
        },
    )
)
declare(
    DecisionRule[Alibi](
        Alibi,
        "13.18",
        "whether to answer with Alibi/Arrest chits",
        "cover exposed investigators with Alibi/Arrest chits, or not (13.18)",
        lambda s, d: investigation_actions(s),
        {
            Verb.ALIBI: lambda s, d, a: cover(s, need(a.unit, "a unit"), need(a.chit, "a chit")),
            Verb.NO_REVEAL: lambda s, d, a: done_covering(s),
        },
    )
)
