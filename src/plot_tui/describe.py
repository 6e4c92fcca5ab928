"""Words for the screen: decisions and whose turn, as a player reads them. Actions,
chits and units in words are plot_core.wording (a record's account uses them too)."""

from __future__ import annotations

from plot_core import Player, PlayerView, Rules
from plot_core.engine.state import Phase
from plot_core.wording import unit_name

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
