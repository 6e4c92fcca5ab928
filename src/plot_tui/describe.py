"""Words for the screen: decisions and whose turn, as a player reads them. Actions,
chits and units in words are plot_core.wording (a record's account uses them too)."""

from __future__ import annotations

from plot_core import Action, Player, PlayerView, Rules, Verb
from plot_core.data.chits import ChitKind
from plot_core.engine.decisions import KINDS
from plot_core.engine.state import Phase
from plot_core.wording import unit_name

SIDE = {Player.SS: "SS", Player.ABWEHR: "Abwehr", None: "spectator"}
# a retreat the Recruitment Table's Ar imposes on the recruiters (12.32), not a harassed unit
REPULSED = {Phase.RECRUITMENT: "recruiting"}


def area_name(rules: Rules, code: str) -> str:
    """An area as a player reads it: "Paris (PR)", since the code alone may mislead."""
    area = rules.map.areas.get(code)
    return f"{area.name} ({code})" if area is not None else code


def prompt(rules: Rules, v: PlayerView, legal: list[Action] | None = None) -> str:
    """What the side to act must do now, in a line; ``legal`` (when given) keeps it from
    offering what is not allowed now, such as ending a move where the unit may not stop."""
    if v.outcome is not None:
        return "The game is over."
    if v.pending:
        d = v.pending[-1]
        who = SIDE[d.player]
        what = KINDS[d.kind].task
        if d.kind == "retreat" and v.phase in REPULSED:
            what = f"choose where the {REPULSED[v.phase]} unit retreats (12.32, 10.65)"
        if d.kind == "place_allied" and d.area:
            what = f"place the Allied unit in {area_name(rules, d.area)} (7.11)"
        if d.unit and d.kind in ("retreat", "return"):
            what += f": {unit_name(rules, d.unit)}"
        return f"{who} to {what}"
    who = SIDE[v.to_act]
    if v.phase is Phase.SETUP:
        return f"{who}: place your units (4.3)"
    if v.active is not None:
        # travel only for a side holding a Travel chit (9.4): no promise the rules withhold
        chits = rules.chits.by_id()
        travel = ", travel" if any(chits[c].kind is ChitKind.TRAVEL for c in v.own_chits) else ""
        can_end = legal is None or any(a.verb is Verb.END for a in legal)
        return (f"{who}: move {unit_name(rules, v.active)} — step, harass{travel}"
                + (", or end its move (e)" if can_end else
                   " (it shares a hex: it may not stop there, 8.11)"))
    if v.phase in (Phase.MOVEMENT, Phase.COUP_INTERPHASE, Phase.COUP_MOVEMENT):
        return f"{who}: choose a unit to move (Enter on it), or end the phase (P)"
    if v.phase is Phase.RECRUITMENT:
        return f"{who}: choose a unit to recruit (Enter on it), or end the phase (P)"
    if v.phase is Phase.INVESTIGATION:
        return f"{who}: choose a unit to investigate (Enter on it), or end the phase (P)"
    if v.phase in (Phase.STATUS, Phase.COUP_STATUS):
        return f"{who}: take markers off your units (Enter), or end the phase (P)"
    return f"{who}: end the phase (P)"
