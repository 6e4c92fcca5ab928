"""Words for the screen: actions, decisions, phases, chits and units as a player reads them."""

from __future__ import annotations

from plot_core import Action, Player, PlayerView, Rules, Verb
from plot_core.data.chits import ChitKind
from plot_core.engine.state import Phase
from plot_core.hexgrid import label

DECISIONS = {
    "place_allied": "place the Allied unit in its area (7.11)",
    "assignment_chits": "reveal an assignment chit, or not (7.4, 7.5)",
    "assign": "choose a unit to send on assignment (7.23)",
    "retreat": "choose where the harassed unit retreats (10.65)",
    "advance": "advance into the emptied hex, or stay (10.67)",
    "hitler": "choose Hitler's hex (9.62)",
    "displace": "choose who leaves Führer HQ for Hitler (9.63)",
    "recruit": "add recruiters, then roll (12.25)",
    "investigate": "add investigators, then roll (13.25)",
    "expose_investigators": "reveal investigators' Loyalty chits, or not (13.17)",
    "alibi": "cover exposed investigators with Alibi/Arrest chits, or not (13.18)",
    "interrogation_alibi": "reveal Alibi/Arrest chits for the prisoner, or not (14.21)",
    "return": "choose where the returning unit goes (14.33, 15.12)",
    "panic": "choose which OKW unit panics (12.83)",
    "coup": "attempt a coup now, or not (18.11)",
}

SIDE = {Player.SS: "SS", Player.ABWEHR: "Abwehr", None: "spectator"}


def chit_name(rules: Rules, chit: str) -> str:
    c = rules.chits.by_id()[chit]
    if c.kind is ChitKind.LOYALTY:
        return f"Loyalty chit of {rules.units[c.unit].short} ({chit})"
    return f"{rules.chits.names[c.kind]} {chit}"


def unit_name(rules: Rules, uid: str | None) -> str:
    if uid is None or uid == "?":
        return "a face-down unit"
    return f"{rules.units[uid].short} ({uid})"


def prompt(rules: Rules, v: PlayerView) -> str:
    """What the side to act must do now, in a line."""
    if v.outcome is not None:
        return "The game is over."
    if v.pending:
        d = v.pending[-1]
        who = SIDE[d.player]
        what = DECISIONS.get(d.kind, d.kind)
        if d.unit and d.kind in ("retreat", "return"):
            what += f": {unit_name(rules, d.unit)}"
        return f"{who} to {what}"
    who = SIDE[v.to_act]
    if v.phase is Phase.SETUP:
        return f"{who}: place your units (4.3)"
    if v.active is not None:
        return f"{who}: move {unit_name(rules, v.active)} — step, harass, travel, or end its move (e)"
    if v.phase in (Phase.MOVEMENT, Phase.COUP_INTERPHASE, Phase.COUP_MOVEMENT):
        return f"{who}: choose a unit to move (Enter on it), or end the phase (P)"
    if v.phase is Phase.RECRUITMENT:
        return f"{who}: choose a unit to recruit (Enter on it), or end the phase (P)"
    if v.phase is Phase.INVESTIGATION:
        return f"{who}: choose a unit to investigate (Enter on it), or end the phase (P)"
    if v.phase in (Phase.STATUS, Phase.COUP_STATUS):
        return f"{who}: take markers off your units (Enter), or end the phase (P)"
    return f"{who}: end the phase (P)"


def describe(rules: Rules, v: PlayerView, a: Action) -> str:
    """An action as a menu line: plain words, then the notation."""
    return f"{words(rules, v, a)}   [{a}]"


def words(rules: Rules, v: PlayerView, a: Action) -> str:
    u = unit_name(rules, a.unit) if a.unit else ""
    h = label(a.hex) if a.hex is not None else ""
    kind = v.pending[-1].kind if v.pending else None
    match a.verb:
        case Verb.PLACE:
            return f"Place {u} at {h}"
        case Verb.PLACE_ALLIED:
            return f"Place the Allied unit at {h}"
        case Verb.REVEAL if kind == "coup":
            return f"Commit {chit_name(rules, a.chit)} to the coup"
        case Verb.REVEAL:
            return f"Reveal {chit_name(rules, a.chit)}"
        case Verb.NO_REVEAL if kind == "coup":
            return "No coup now"
        case Verb.NO_REVEAL:
            return "Reveal nothing (more)"
        case Verb.ASSIGN:
            return f"Send {u} to {h}"
        case Verb.ACTIVATE:
            return f"Move {u}"
        case Verb.MOVE:
            return f"Step to {h}"
        case Verb.TRAVEL:
            return f"Travel to {h} with {chit_name(rules, a.chit)}"
        case Verb.HARASS if a.hex is not None:
            return f"Harass the vacant HQ at {h}"
        case Verb.HARASS:
            return f"Harass {u}"
        case Verb.RETREAT:
            return f"Retreat to {h}"
        case Verb.ADVANCE:
            return f"Advance {u + ' ' if u else ''}into {h}"
        case Verb.STAY:
            return "Stay (do not advance)"
        case Verb.HITLER:
            return f"Put Hitler at {h}"
        case Verb.DISPLACE:
            return f"{u} makes room for Hitler"
        case Verb.RECRUIT:
            return f"Try to recruit {u}"
        case Verb.INVESTIGATE:
            return f"Investigate {u}"
        case Verb.JOIN:
            return f"Add {u} to the attempt"
        case Verb.ROLL:
            return "Roll the die"
        case Verb.CANCEL:
            return "Call the attempt off"
        case Verb.EXPOSE if v.phase.value.startswith("coup"):
            return f"Unmask {u}: reveal its Loyalty chit (18.64)"
        case Verb.EXPOSE:
            return f"Expose {u}: reveal its Loyalty chit (12.75)"
        case Verb.ALIBI:
            return f"Cover {u} with {chit_name(rules, a.chit)}"
        case Verb.RETURN:
            return f"Return the unit to {h}"
        case Verb.CLEAR:
            return f"Take the marker off {u}"
        case Verb.PANIC:
            return f"{u} panics"
        case Verb.COUP:
            return "Roll on the Walkyrie Table: the coup"
        case Verb.PIN:
            return f"Lay the Loyalty chit on {u} (it may not harass, 18.61)"
        case Verb.END:
            return f"End {unit_name(rules, v.active)}'s move"
        case Verb.END_PHASE if v.phase is Phase.COUP_MOVEMENT:
            return "Move no more units this Coup-Turn"
        case Verb.END_PHASE:
            return "End the phase"
    return str(a)
