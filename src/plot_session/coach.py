"""The coach of a guided first game (`plot learn --game`): a line under the prompt
saying where the game stands in the Game-Turn and what a sensible player weighs now.
Our words; the rules' cases in brackets. It decides nothing and sees only the view of
the side it coaches."""

from __future__ import annotations

from plot_core import Player, PlayerView
from plot_core.engine import PLAYER_TURN, DecisionKind, Phase

SIDE = {Player.SS: "SS", Player.ABWEHR: "Abwehr"}

PHASE_NAMES = {
    Phase.SETUP: "the set-up",
    Phase.ASSIGNMENT: "the Assignment Inter-Phase",
    Phase.MOVEMENT: "Movement",
    Phase.RECRUITMENT: "Recruitment",
    Phase.INVESTIGATION: "Investigation",
    Phase.INTERROGATION: "Interrogation",
    Phase.STATUS: "Status Adjustment",
    Phase.COUP_INTERPHASE: "the coup's interphase",
    Phase.COUP_MOVEMENT: "Coup-Turn movement",
    Phase.COUP_STATUS: "Coup-Turn status",
    Phase.GAME_OVER: "the end",
}

# What a sensible player weighs in each phase: the same for both sides in some phases,
# for each side in the others.
BOTH_SIDES = {
    Phase.ASSIGNMENT: "nothing to do until a result names you; the Randomizer then hands out chits (6.23).",
    Phase.STATUS: "take markers off your units: a masked or neutralized unit has no zone and "
    "cannot harass (15.11).",
    Phase.GAME_OVER: "the log tells how it was won; plot analyse finds the turning points.",
}
PHASE_ADVICE: dict[tuple[Phase, Player], str] = {
    **{(phase, side): text for phase, text in BOTH_SIDES.items() for side in Player},
    (Phase.SETUP, Player.SS): "strong units beside Hitler and in Berlin's streets: the coup is "
    "fought there (4.32, 18.72).",
    (Phase.SETUP, Player.ABWEHR): "plotters within reach of OKW units to recruit, but not in the "
    "zones of SS units that could investigate them (4.34, 13.13).",
    (Phase.MOVEMENT, Player.SS): "close in on suspected plotters so that investigators have them "
    "in their zones; keep units in the streets; stay out of "
    "OKW-friendly HQs, or the OKW may panic in your favour (12.8).",
    (Phase.MOVEMENT, Player.ABWEHR): "bring recruiters next to the OKW, Nazi and Civilian units "
    "you want; keep suspected units out of SS zones (13.13).",
    (Phase.RECRUITMENT, Player.SS): "recruit Nazis free, others with their Loyalty chit; every "
    "unit you take is one the Abwehr cannot (12.12).",
    (Phase.RECRUITMENT, Player.ABWEHR): "OKW units are free to recruit, Nazis and Civilians take "
    "their Loyalty chit; a differential of +4 or more is "
    "much safer than +1 (12.5).",
    (Phase.INVESTIGATION, Player.SS): "investigate suspected Abwehr units at 2 to 1 or better; "
    "only a 6 sends one to the cell, so try often (13.36).",
    (Phase.INVESTIGATION, Player.ABWEHR): "reveal an investigator's Loyalty chit when it drops "
    "the ratio below 2 to 1 (13.17, 13.22).",
    (Phase.INTERROGATION, Player.SS): "the cell's prisoners are questioned in turn; the die decides (14.34).",
    (Phase.INTERROGATION, Player.ABWEHR): "Alibi/Arrest chits add one each to the die: spend "
    "them on a prisoner worth saving (14.22).",
    (Phase.COUP_INTERPHASE, Player.SS): "the Abwehr alone moves now (18.21).",
    (Phase.COUP_INTERPHASE, Player.ABWEHR): "move your strongest units into Berlin's streets, "
    "next to SS units you can harass (18.21).",
    (Phase.COUP_MOVEMENT, Player.SS): "harass the Abwehr's units out of the streets; while "
    "Hitler lives, time is on your side (18.52, 18.72).",
    (Phase.COUP_MOVEMENT, Player.ABWEHR): "clear the SS out of Berlin's streets quickly: your "
    "bonus falls every Coup-Turn while Hitler lives "
    "(18.52, 18.71).",
    (Phase.COUP_STATUS, Player.SS): "markers off your units, ready for the next Coup-Turn (18.34).",
    (Phase.COUP_STATUS, Player.ABWEHR): "markers off your units; then the bonus falls if "
    "Hitler lives (18.52).",
}

# What a sensible player weighs when the rules hand him a decision.
DECISION_ADVICE: dict[DecisionKind, str] = {
    DecisionKind.PLACE_ALLIED: "the Allied unit holds German units in its area (17.22): put it "
    "where it hinders the SS most.",
    DecisionKind.ASSIGNMENT_CHITS: "a Friendly chit lets you choose which units go, an Enemy "
    "chit sends the other side's instead (7.41, 7.51).",
    DecisionKind.ASSIGN: "send the units you can best spare, or the enemy's most dangerous (7.23).",
    DecisionKind.RETREAT: "retreat where the unit stays useful, out of enemy zones (10.62).",
    DecisionKind.ADVANCE: "advancing takes the hex for free; stay if the hex is exposed (10.67, 13.35).",
    DecisionKind.HITLER: "Hitler far from the plotters is Hitler alive (9.62, 18.52).",
    DecisionKind.DISPLACE: "the unit that leaves retreats one hex; Hitler takes its place (9.63).",
    DecisionKind.RECRUIT: "add recruiters until the odds are good; r rolls (12.25).",
    DecisionKind.INVESTIGATE: "add investigators until the ratio is 2 to 1 or better (13.25).",
    DecisionKind.EXPOSE_INVESTIGATORS: "reveal a Loyalty chit if it drops the ratio below 2 to 1 (13.17).",
    DecisionKind.ALIBI: "an Alibi/Arrest chit brings an exposed investigator back (13.18).",
    DecisionKind.INTERROGATION_ALIBI: "each Alibi/Arrest chit adds one to the die (14.22).",
    DecisionKind.RETURN: "bring the unit back where it helps next turn (14.33, 15.12).",
    DecisionKind.PANIC: "let the weaker units panic, keep the strong (12.83).",
    DecisionKind.COUP: "strike with four or more Führer Access chits, or before the last "
    "Game-Turn ends: no coup at all is a win for the SS (18.13, 18.74).",
}


def where(v: PlayerView) -> str:
    """Where the game stands in the Game-Turn, with the phases still to come."""
    if v.phase is Phase.SETUP:
        return "The set-up (4.3): the SS places first, then the Abwehr"
    if v.phase is Phase.GAME_OVER:
        return "The game is over"
    if v.phase in (Phase.COUP_INTERPHASE, Phase.COUP_MOVEMENT, Phase.COUP_STATUS):
        n = v.coup.turn if v.coup is not None else 0
        return (
            f"The coup, Coup-Turn {n}: {PHASE_NAMES[v.phase]}"
            if n
            else f"The coup: {PHASE_NAMES[v.phase]}, before the first Coup-Turn"
        )
    head = f"Game-Turn {v.turn}"
    if v.phase is Phase.ASSIGNMENT:
        return f"{head}: the Assignment Inter-Phase, then the Abwehr's player turn, then the SS's"
    phases = PLAYER_TURN[v.phasing]
    now = phases.index(v.phase) if v.phase in phases else 0
    later = ", ".join(PHASE_NAMES[p] for p in phases[now + 1 :])
    after = "then the SS's player turn" if v.phasing is Player.ABWEHR else "then the next Game-Turn"
    return (
        f"{head}, the {SIDE[v.phasing]}'s {PHASE_NAMES[v.phase]}"
        f"{f' (then {later}; {after})' if later else f' ({after})'}"
    )


def coach_line(v: PlayerView) -> str:
    """What the coach says to the side whose view ``v`` is: in a decision, what to weigh
    in it (the prompt has said what it is); else where the game stands, then what to
    weigh. (Each screen puts its own "Coach" before it.)"""
    side = v.side or Player.SS
    if v.pending and v.to_act is side:
        return DECISION_ADVICE[v.pending[-1].kind]
    if v.to_act is not side and v.outcome is None:
        return f"{where(v)}. The other side is playing: watch the map."
    return f"{where(v)}. Weigh: {PHASE_ADVICE[v.phase, side]}"
