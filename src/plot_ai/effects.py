"""What a plan changes, in a player's words: the reason beside the expert's figures.

A plan's estimate ("wins 48%") says how much the expert likes it, not why. The why is in
what the plan does to the facts the game is won by (18.71-18.74): whose party units
stand in Berlin's streets, who is next to Hitler, suspicion, the markers that idle a
unit, the chits a side holds, and the roll the plan ends on with its odds.

The plan is played on the state the expert drew from its own view, up to its first
roll (what follows a roll is chance, not plan): every fact named is one the side may
see. A plan that spends chits is already marked private (plans.py), and its effect is
hidden from the other side with its words.
"""

from __future__ import annotations

from plot_core import Action, GameState, IllegalAction, Party, Player, apply
from plot_core.data import ChitKind
from plot_core.engine import BERLIN, HITLER, Marker, lookup, stakes
from plot_core.hexgrid import distance
from plot_core.wording import unit_name

PARTY = {Player.SS: Party.SS, Player.ABWEHR: Party.ABWEHR}
CHIT_WORDS = {
    ChitKind.TRAVEL: "Travel",
    ChitKind.FUHRER_ACCESS: "Führer Access",
    ChitKind.LOYALTY: "Loyalty",
    ChitKind.DOUBLE_CROSS: "Double-Cross",
    ChitKind.ALIBI_ARREST: "Alibi/Arrest",
}
MARKER_WORDS = {Marker.MASKED: "Mask", Marker.NEUTRALIZED: "Neutralized"}
MOST_SAID = 4  # facts named; the rest would bury the point


def _in_streets(state: GameState, uid: str) -> bool:
    h = state.unit(uid).hex
    return h is not None and h in lookup(state.rules).streets


def _in_berlin(state: GameState, uid: str) -> bool:
    h = state.unit(uid).hex
    return h is not None and state.rules.map.area_of.get(h) == BERLIN


def _near_hitler(state: GameState, uid: str) -> bool:
    h, hitler = state.unit(uid).hex, state.unit(HITLER).hex
    return h is not None and hitler is not None and distance(h, hitler) <= 1


def _to_streets(state: GameState, uid: str) -> int | None:
    h = state.unit(uid).hex
    streets = lookup(state.rules).streets
    return None if h is None else min(distance(h, s) for s in streets)


def _held(state: GameState, side: Player) -> dict[ChitKind, int]:
    out: dict[ChitKind, int] = {}
    for chit, where in zip(state.rules.chits.chits, state.chits, strict=True):
        if where == side.value:
            out[chit.kind] = out.get(chit.kind, 0) + 1
    return out


def played(state: GameState, actions: tuple[Action, ...]) -> tuple[GameState, str]:
    """``state`` after the plan's actions up to its first roll, and that roll's odds in
    words ("" if the plan rolls nothing)."""
    for a in actions:
        st = stakes(state, a)
        if st.rolls:
            odds = "; ".join(f"{o.title}: {o.chances()}" for o in st.odds if o.allowed)
            return state, odds or "a roll"
        try:
            state = apply(state, a)
        except IllegalAction:
            break
    return state, ""


def changes(before: GameState, after: GameState, side: Player) -> list[str]:
    """The facts the game is won by that differ between two states, for ``side``."""
    rules = before.rules
    party = lookup(rules).party
    said: list[str] = []
    for uid in rules.units:
        name = unit_name(rules, uid)
        was, now = before.unit(uid), after.unit(uid)
        own = party.get(uid) in (Party.SS, Party.ABWEHR)
        if own and _in_streets(before, uid) != _in_streets(after, uid):
            who = "SS" if party[uid] is Party.SS else "Abwehr"
            said.append(
                f"{name} {'reaches' if _in_streets(after, uid) else 'leaves'} "
                f"Berlin's streets ({who}, 18.71-18.72)"
            )
        elif was.controller is side and _in_berlin(after, uid) and not _in_berlin(before, uid):
            said.append(f"{name} enters Berlin")
        elif was.controller is side and now.hex != was.hex and now.hex is not None:
            a, b = _to_streets(before, uid), _to_streets(after, uid)
            if a is not None and b is not None and b < a:
                said.append(f"{name} comes {a - b} hex{'es' if a - b > 1 else ''} nearer Berlin's streets")
        if (
            side is Player.ABWEHR
            and was.controller is side
            and _near_hitler(after, uid)
            and not _near_hitler(before, uid)
        ):
            said.append(f"{name} stands next to Hitler")
        if now.suspected and not was.suspected:
            said.append(f"{name} falls under suspicion")
        if was.marker is not None and now.marker is None:
            said.append(f"{name} is rid of its {MARKER_WORDS[was.marker]} marker")
        if now.controller is not was.controller and now.controller is not None:
            said.append(f"{name} joins the {'SS' if now.controller is Player.SS else 'Abwehr'}")
    held_before, held_after = _held(before, side), _held(after, side)
    for kind, what in CHIT_WORDS.items():
        n = held_before.get(kind, 0) - held_after.get(kind, 0)
        if n > 0:
            said.append(f"spends {n} {what} chit{'s' if n > 1 else ''}")
    return said


def effect(state: GameState, actions: tuple[Action, ...]) -> str:
    """What a plan of the side to act changes, in one line; "" if nothing it controls."""
    side = state.to_act
    if side is None:
        return ""
    after, roll = played(state, actions)
    said = changes(state, after, side)[:MOST_SAID]
    if roll:
        said.append(f"then {'the ' + roll[4:] if roll.startswith('The ') else roll}")  # (mid-sentence)
    return "; ".join(said)


__all__ = ["changes", "effect", "played"]
