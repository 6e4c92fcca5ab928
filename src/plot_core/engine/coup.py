"""The coup (18.0): declaring it, the Abwehr movement interphase, the Coup-Turns'
alternating movement, Hitler's death, Loyalty chits laid on units, and victory."""

from __future__ import annotations

from ..data.chits import ChitKind
from ..data.tables import CoupResult
from ..data.units import Sides
from ..parties import Party, Player
from .actions import Action, Verb, act, need
from .board import party_in_streets
from .decisions import DecisionRule, declare, peek, pop, push, top
from .errors import IllegalAction
from .facts import Basis, derived
from .pending import CoupOffer
from .registry import case
from .rolls import roll
from .state import (
    CUP,
    HITLER,
    Box,
    CoupState,
    Event,
    GameState,
    Outcome,
    Phase,
    Step,
    evolve,
    game_over,
)

# -- declaring ---------------------------------------------------------------------


def fuhrer_access_chits(state: GameState) -> list[str]:
    by_id = state.rules.chits.by_id()
    return [c for c in state.chits_of(Player.ABWEHR.value) if by_id[c].kind is ChitKind.FUHRER_ACCESS]


@case("18.11")
def offer(state: GameState) -> GameState:
    """At the end of every phase of a Game-Turn the Abwehr may try once (18.11). He is
    always asked, so the question tells the SS nothing about his chits."""
    return push(state, CoupOffer(Player.ABWEHR))


def offer_actions(state: GameState) -> list[Action]:
    d = top(state, CoupOffer)
    out = [act(Verb.REVEAL, None, None, c) for c in fuhrer_access_chits(state)][:1]
    out.append(act(Verb.COUP))
    if not d.chits:
        out.append(act(Verb.NO_REVEAL))
    return out


MUST_ATTEMPT = "the coup must be attempted"  # once a chit is committed (18.12)


def binds_to_the_coup(state: GameState, action: Action) -> bool:
    """Is ``action`` the first Führer Access chit committed, after which "no coup now"
    is no longer an answer (18.12)?"""
    d = peek(state)
    return isinstance(d, CoupOffer) and not d.chits and action.verb is Verb.REVEAL


@case("18.12")
def commit_chit(state: GameState, chit: str) -> GameState:
    d = top(state, CoupOffer)
    if chit not in fuhrer_access_chits(state):
        raise IllegalAction("18.12", f"{chit} is not a Führer Access chit you hold")
    state = pop(state).with_chit(chit, CUP)
    state = state.log(Event("18.12", f"Abwehr commits Führer Access chit {chit} to a coup"))
    return push(state, evolve(d, chits=d.chits + (chit,)))


def decline(state: GameState) -> GameState:
    d = top(state, CoupOffer)
    if d.chits:
        raise IllegalAction("18.12", f"chits are committed: {MUST_ATTEMPT}")
    return pop(state)


@case("18.13", "18.14", "18.15", "18.16", "18.17", "18.18", "18.8")
def attempt(state: GameState) -> GameState:
    d = top(state, CoupOffer)
    state = pop(state)
    rules = state.rules
    die, state = roll(state)
    total = die + len(d.chits)
    result = rules.tables.walkyrie.result(total)
    bands = rules.tables.walkyrie.bands
    column = next(
        i
        for i, (lo, hi, _) in enumerate(bands, start=1)
        if lo <= min(max(total, bands[0][0]), bands[-1][1]) <= hi
    )
    text = (
        "fails"
        if result is None
        else (
            f"succeeds: harassment costs {result.penalty}, bonus +{result.bonus}, {result.units} units move"
        )
    )
    state = state.log(
        Event(
            "18.8",
            f"Walkyrie: die {die} + {len(d.chits)} Führer Access = {total}: the coup {text}",
            roll=(die,),
            table="walkyrie",
            row=1,
            column=column,
            result="-" if result is None else f"{result.penalty}/{result.bonus}/{result.units}",
        )
    )
    if result is None:
        return state
    return begin(state, coup_set_by(result))


@case("18.15", "18.17", "18.18", "18.22")
def coup_set_by(result: CoupResult) -> CoupState:
    """The coup a passed Walkyrie roll sets (18.15): its harassment penalty (18.17), the
    differential bonus, the Abwehr's the same at first (18.18), and the Abwehr units
    that move in the interphase (18.22)."""
    return CoupState(
        penalty=result.penalty,
        bonus=result.bonus,
        abwehr_bonus=result.bonus,
        interphase_units=result.units,
    )


@case("18.21", "18.22", "18.42", "18.45", "13.27", "14.15", "18.44", "16.12")
def begin(state: GameState, coup: CoupState) -> GameState:
    """The Game-Turns stop (no more investigation, interrogation, panic or Military
    Advance); every Abwehr unit is suspected (18.45, Goerdeler with them, 12.74); the
    retired count as eliminated (18.42); the Abwehr moves his interphase units (18.21)."""
    units = []
    for u in state.units:
        info = state.rules.units[u.id]
        if info.sides is Sides.SUSPICION:
            u = evolve(u, suspected=True)
        if u.box in (Box.SS_RETIREMENT, Box.ABWEHR_RETIREMENT):
            u = evolve(u, box=Box.ELIMINATED)
        units.append(u)
    state = evolve(
        state,
        units=tuple(units),
        coup=coup,
        phase=Phase.COUP_INTERPHASE,
        phasing=Player.ABWEHR,
        step=Step.FREE,
        active=None,
        mp_spent=0,
        activated=frozenset(),
        targeted=frozenset(),
        pending=(),
    )
    return state.log(
        Event(
            "18.21",
            f"The coup is on: the Abwehr may move {coup.interphase_units} units before the first Coup-Turn",
        )
    )


# -- Hitler ------------------------------------------------------------------------------


def hitler_dead(state: GameState) -> bool:
    return state.unit(HITLER).box is Box.ELIMINATED


@case("18.51", "18.55", "18.57", "12.45")
def eliminate(state: GameState, uid: str, *, case_no: str) -> GameState:
    """A unit is eliminated. If it is Hitler, the Abwehr's bonus returns to its first
    value (18.55) and every semi-recruited unit comes over to the Abwehr (18.57)."""
    state = state.with_unit(uid, hex=None, box=Box.ELIMINATED, marker=None)
    state = state.log(Event(case_no, f"{state.info(uid).short} is eliminated"))
    coup = state.coup
    if uid != HITLER or coup is None:
        return state
    state = evolve(state, coup=evolve(coup, abwehr_bonus=coup.bonus))
    state = state.log(Event("18.55", f"Hitler is dead: the Abwehr's bonus is +{coup.bonus} again"))
    for u in state.units:
        if u.semi:
            state = state.with_unit(u.id, semi=False, recruited=True, controller=Player.ABWEHR)
            state = state.log(Event("18.57", f"{state.info(u.id).short} comes over to the Abwehr"))
    return state


# -- Loyalty chits in the coup (18.61, 18.64) -------------------------------------------------


def pinned(state: GameState, uid: str) -> bool:
    """18.61: a unit with its Loyalty chit lying on it may not harass this Coup-Turn."""
    return uid in state.holders()


def pin_targets(state: GameState, player: Player) -> list[str]:
    foe = player.enemy
    return [
        uid
        for uid in state.loyalty_held(player)
        if (u := state.unit(uid)).controller is foe and u.hex is not None and not u.semi
    ]


@case("18.61")
def pin(state: GameState, uid: str) -> GameState:
    player = state.actor
    if state.phase is Phase.COUP_INTERPHASE:
        raise IllegalAction("18.61", "Loyalty chits may not be laid during the interphase")
    if uid not in pin_targets(state, player):
        raise IllegalAction(
            "18.61",
            f"you cannot lay a Loyalty chit on {state.info(uid).short}: "
            "it must be an enemy unit whose chit you hold",
        )
    state = state.with_chit(f"L{uid}", uid)
    return state.log(
        Event(
            "18.61",
            f"{player.title} lays L{uid} on {state.info(uid).short}: it may not harass this Coup-Turn",
        )
    )


def semi_targets(state: GameState) -> list[str]:
    if hitler_dead(state):
        return []
    return [uid for uid in state.loyalty_held(Player.SS) if state.unit(uid).semi]


@case("18.64")
def expose_semi(state: GameState, uid: str) -> GameState:
    if uid not in semi_targets(state):
        raise IllegalAction(
            "18.64",
            f"{state.info(uid).short} is not a semi-recruited unit "
            "whose Loyalty chit you hold, or Hitler is dead",
        )
    state = state.with_chit(f"L{uid}", CUP).with_unit(uid, semi=False, controller=None)
    return state.log(Event("18.64", f"SS reveals L{uid}: {state.info(uid).short} is unrecruited again"))


def coup_chit_actions(state: GameState, player: Player) -> tuple[Action, ...]:
    if state.phase not in (Phase.COUP_MOVEMENT, Phase.COUP_STATUS):
        return ()
    return _coup_chit_actions(state, player)


# No unit's step changes a side, a chit, or who is semi-recruited.
@derived(Basis.UNITS_AND_CHITS, kept_by_step=lambda mover, party: [(p,) for p in Player])
def _coup_chit_actions(state: GameState, player: Player) -> tuple[Action, ...]:
    out = [act(Verb.PIN, u) for u in pin_targets(state, player)]
    if player is Player.SS:
        out += [act(Verb.EXPOSE, u) for u in semi_targets(state)]
    return tuple(out)


# -- victory -------------------------------------------------------------------------------


@case("18.71", "18.72", "18.7")
def check_victory(state: GameState, actor: Player | None) -> GameState:
    """At any moment of the coup: no SS units left in Berlin outside HQs and the Abwehr
    wins (18.71); no Abwehr units, and the SS wins (18.72). Other parties do not count.
    If one action empties both, the player who made it wins."""
    if state.coup is None or state.outcome is not None:
        return state
    ss_gone = not party_in_streets(state, Party.SS)
    ab_gone = not party_in_streets(state, Party.ABWEHR)
    if not (ss_gone or ab_gone):
        return state
    if ss_gone and ab_gone:
        winner = actor or Player.ABWEHR
    else:
        winner = Player.ABWEHR if ss_gone else Player.SS
    case_no = "18.71" if winner is Player.ABWEHR else "18.72"
    loser = winner.enemy
    return game_over(
        state, Outcome(winner.value, case_no, f"no {loser.title} units are left in Berlin outside the HQs")
    )


# -- the coup's question ----------------------------------------------------------------------
declare(
    DecisionRule[CoupOffer](
        CoupOffer,
        "18.11",
        "whether to attempt a coup",
        "attempt a coup now, or not (18.11)",
        lambda s, d: offer_actions(s),
        {
            Verb.REVEAL: lambda s, d, a: commit_chit(s, need(a.chit, "a chit")),
            Verb.COUP: lambda s, d, a: attempt(s),
            Verb.NO_REVEAL: lambda s, d, a: decline(s),
        },
    )
)
