"""Words for the screen: decisions and whose turn, as a player reads them. Actions,
chits and units in words are plot_core.wording (a record's account uses them too)."""

from __future__ import annotations

from plot_core import Player, PlayerView, Rules
from plot_core.engine.decisions import KINDS
from plot_core.engine.state import Phase
from plot_core.wording import unit_name

SIDE = {Player.SS: "SS", Player.ABWEHR: "Abwehr", None: "spectator"}


def prompt(rules: Rules, v: PlayerView) -> str:
    """What the side to act must do now, in a line."""
    if v.outcome is not None:
        return "The game is over."
    if v.pending:
        d = v.pending[-1]
        who = SIDE[d.player]
        what = KINDS[d.kind].task
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
