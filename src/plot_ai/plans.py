"""Plans: the choices the expert weighs, at the level a player thinks.

A plan is the run of one side's own actions from the present decision up to the
first thing it does not control: a die roll, a hand-off to the other side, or the
end of what it set out to do. So a unit's whole move (activate, the steps, a
harassment or the end of its move) is one plan; so is a recruitment with its
recruiters and the roll, an investigation, a coup declared with some number of
Führer Access chits, or declining it. What follows the roll is a new decision.

Plans are found on one state drawn from the side's view, through the engine's own
``legal_actions`` and ``apply``, so every rule of movement holds for them; they use
only the public board and the side's own chits, so they are legal in every state
drawn from the same view.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import cast

import attrs

from plot_core import Action, GameState, Player, Verb, apply, legal_actions
from plot_core.data import ChitKind
from plot_core.engine import CoupOffer, DecisionKind, Investigate, Recruit
from plot_core.hexgrid import label
from plot_core.wording import unit_name, words

MAX_WALK_STATES = 400  # a guard on one unit's walks; far above a real allowance's
HARASS_STOPS = 3  # the nearest stops kept from which to make each harassment


@attrs.frozen
class Plan:
    actions: tuple[Action, ...]
    text: str  # in a player's words
    private: bool = False  # names or spends chits the other side has not seen
    public: str = ""  # a private plan in words the other side may read: only where
    # the plan's mere existence tells nothing (a Travel plan would tell a chit is held)
    prior: float = 0.0  # a rule of thumb's opinion, to order and to break ties

    def __str__(self) -> str:
        return self.text


def rolled(state: GameState) -> bool:
    return any(e.roll for e in state.events)


def plans(
    state: GameState, legal: Sequence[Action], *, units: Callable[[list[str]], list[str]] | None = None
) -> list[Plan]:
    """Every plan open to the side to act in ``state`` (a full state drawn from its view).
    ``units`` picks which of the units that may move are worth walking out in full (all,
    if not given): listing every walk of every unit costs more than weighing a few."""
    top = state.pending[-1] if state.pending else None
    if top is not None:
        if top.kind == DecisionKind.COUP:
            return coup_plans(state, legal)
        if top.kind in (DecisionKind.RECRUIT, DecisionKind.INVESTIGATE):
            return attempt_plans(state, legal)
        return [Plan((a,), words(state.rules, state, a), private=_private(state, a)) for a in legal]
    if state.active is not None:
        return unit_plans(state, state.active, activated=True)
    out: list[Plan] = []
    movers = [a.unit for a in legal if a.verb is Verb.ACTIVATE and a.unit is not None]
    walked = set(units(movers) if units is not None else movers)
    for a in legal:
        if a.verb is Verb.ACTIVATE:
            if a.unit is not None and a.unit in walked:
                out += unit_plans(apply(state, a), a.unit, first=a)
        elif a.verb in (Verb.RECRUIT, Verb.INVESTIGATE):
            out += attempt_plans(apply(state, a), None, first=a)
        else:
            out.append(Plan((a,), words(state.rules, state, a), private=_private(state, a)))
    return out


def _private(state: GameState, a: Action) -> bool:
    """Does the action name a chit of the side's own hand (not yet shown to the other)?"""
    return a.chit is not None and state.holds(state.actor.value, a.chit)


# -- a unit's move ----------------------------------------------------------------------


def hex_label(a: Action) -> str:
    """The hex an action names, as a map label."""
    return label(a.hex) if a.hex is not None else "?"


def unit_plans(
    state: GameState, uid: str, *, first: Action | None = None, activated: bool = False
) -> list[Plan]:
    """Every stop the unit can walk to this activation, and from each every harassment
    (or Travel) it could make there; one plan each. ``state``: the unit active."""
    if state.active != uid or state.pending or state.outcome is not None:
        # activating ended at once (a unit with nowhere to go): the activation is the plan
        return [Plan((first,), words(state.rules, state, first))] if first else []
    rules = state.rules
    name = unit_name(rules, uid)
    head = (first,) if first is not None else ()
    out: list[Plan] = []
    seen = {state.unit(uid).at}  # the first walk to a hex is a shortest one
    queue: deque[tuple[GameState, tuple[Action, ...]]] = deque([(state, ())])
    travels: list[Plan] = []
    from_where: dict[Action, int] = {}  # harassments kept per target
    while queue and len(seen) < MAX_WALK_STATES:
        here, walk = queue.popleft()
        where = label(here.unit(uid).at)
        to = f" to {where}" if walk else (" where it is" if not activated else "")
        for a in legal_actions(here):
            if a.verb is Verb.MOVE and a.hex is not None:
                if a.hex in seen:
                    # reached already by a walk no longer than this one, whose plans
                    # (stopping there, or going on) cover this one's
                    continue
                after = apply(here, a)
                if after.active != uid or after.pending or rolled(after) or after.outcome is not None:
                    out.append(Plan(head + walk + (a,), f"{name}: to {label(a.hex)}"))
                    continue
                seen.add(a.hex)
                queue.append((after, walk + (a,)))
            elif a.verb is Verb.HARASS:
                if from_where.get(a, 0) >= HARASS_STOPS:
                    continue
                from_where[a] = from_where.get(a, 0) + 1
                whom = unit_name(rules, a.unit) if a.unit else f"the vacant HQ at {hex_label(a)}"
                out.append(Plan(head + walk + (a,), f"{name}{to}, harass {whom}"))
            elif a.verb is Verb.END:
                out.append(
                    Plan(
                        head + walk + (a,), f"{name}: stays{to}" if not walk else f"{name}{to}, ends its move"
                    )
                )
            elif a.verb is Verb.TRAVEL and not walk:
                travels.append(
                    Plan(head + (a,), f"{name}: travels to {hex_label(a)} with a Travel chit", private=True)
                )
    return out + travels


# -- recruitment and investigation ------------------------------------------------------


def attempt_plans(
    state: GameState, legal: Sequence[Action] | None, *, first: Action | None = None
) -> list[Plan]:
    """A recruitment or investigation: everyone who can join, then the roll; or fewer
    helpers (the strongest first) when more would only expose them; or calling it off."""
    head = (first,) if first is not None else ()
    rules = state.rules
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, (Recruit, Investigate)):
        return [Plan(head, words(rules, state, first))] if first else []
    target = unit_name(rules, top.unit)
    what = "recruit" if top.kind == DecisionKind.RECRUIT else "investigate"
    out: list[Plan] = []
    s, joined = state, cast(tuple[Action, ...], ())
    for _ in range(20):
        legal_now = legal_actions(s)
        if any(a.verb is Verb.ROLL for a in legal_now):
            helpers = ", ".join(unit_name(rules, u) for u in top.units + tuple(a.unit or "" for a in joined))
            out.append(
                Plan(
                    head + joined + (Action(Verb.ROLL),),
                    f"{what} {target}" + (f" with {helpers}" if helpers else ""),
                    private=first is not None and _private(state, first),
                )
            )
        joins = [a for a in legal_now if a.verb is Verb.JOIN]
        if not joins:
            break
        best = max(joins, key=lambda a: (rules.units[a.unit or ""].front.effectiveness or 0, a.unit or ""))
        s = apply(s, best)
        joined += (best,)
    if not first and legal is not None and any(a.verb is Verb.CANCEL for a in legal):
        out.append(Plan((Action(Verb.CANCEL),), f"call off the attempt on {target}"))
    if first and not out:
        return []  # an attempt that cannot come to a roll
    return out


# -- the coup -----------------------------------------------------------------------------


def coup_plans(state: GameState, legal: Sequence[Action]) -> list[Plan]:
    """No coup now, or a coup with every Führer Access chit held (18.12).

    The chits do nothing but add to the Walkyrie roll (18.13), whose results only get
    better as the total rises (18.8), and a failed attempt costs only the chits it
    committed: so a coup is best made with all of them. (A free try with none while
    holding some would keep them for later, but win only the weakest coup, at a moment
    the die picks.)

    On the last Game-Turn (5.1) waiting is not offered: the coup is declared at its
    first window. Trials judge "wait" by the evaluation of the game before the coup,
    which is weakest there; measured, not waiting won more (tuning seeds
    960000-960059, think 1 s, against hard: 39 of 60 Abwehr wins, 36 when it could wait)."""
    by_id = state.rules.chits.by_id()
    held = [c for c in state.chits_of(Player.ABWEHR.value) if by_id[c].kind is ChitKind.FUHRER_ACCESS]
    out = []
    last_turn = state.turn >= state.rules.game.game_turns
    if any(a.verb is Verb.NO_REVEAL for a in legal) and not last_turn:
        out.append(Plan((Action(Verb.NO_REVEAL),), "no coup now"))
    offer = state.pending[-1]
    n = len(offer.chits if isinstance(offer, CoupOffer) else ()) + len(held)
    out.append(
        Plan(
            tuple(Action(Verb.REVEAL, chit=c) for c in held) + (Action(Verb.COUP),),
            f"declare the coup with {n} Führer Access chit{'s' * (n != 1)}",
            private=True,
            public="declare the coup",  # open to the Abwehr at every window: no secret
        )
    )
    return out
