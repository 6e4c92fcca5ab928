"""Words for the screen: decisions and whose turn, as a player reads them. Actions,
chits and units in words are plot_core.wording (a record's account uses them too)."""

from __future__ import annotations

import re
from pathlib import Path

from plot_core import Action, Party, Player, PlayerView, Rules, Verb
from plot_core.data import ChitKind
from plot_core.engine import (
    DECISION_RULES,
    HITLER,
    Box,
    CoupOffer,
    DecisionKind,
    Phase,
    PlaceAllied,
    Retreat,
    Return,
    UnitState,
    marked_units,
    movement_allowance,
    units_in_streets,
)
from plot_core.hexgrid import label
from plot_core.wording import unit_name

SIDE = {Player.SS: "SS", Player.ABWEHR: "Abwehr", None: "spectator"}
WINNERS = {
    "ss": "the SS player wins",
    "abwehr": "the Abwehr player wins",
    "allies": "the Allies win, both players lose",
}
# a retreat the Recruitment Table's Ar imposes on the recruiters (12.32), not a harassed unit
REPULSED = {Phase.RECRUITMENT: "recruiting"}
MOVING = (Phase.MOVEMENT, Phase.COUP_INTERPHASE, Phase.COUP_MOVEMENT)  # the phases of harassment


def acted(side: Player, text: str) -> str:
    """A side's action as the log says it: "SS: Move Schellenberg (002)"."""
    return f"{SIDE[side]}: {text}"


def area_name(rules: Rules, code: str) -> str:
    """An area as a player reads it: "Paris (PR)", since the code alone may mislead."""
    area = rules.map.areas.get(code)
    return f"{area.name} ({code})" if area is not None else code


# The keys a prompt names, as the full screen reads them; a plain-text player types the
# letters (P, e), and nobody but the side to act presses anything
_ENTER = re.compile(r" \((?:Enter on it|Enter)\)")
_LETTERS = re.compile(r" \((?:P|e)\)")


def awaited(prompt_text: str, who: str) -> str:
    """What the side to act is doing, for the other side's "Waiting for ..." line:
    without the keys (they are not this reader's) and without the side's name said
    twice ("Waiting for the SS: SS: choose ...")."""
    text = _LETTERS.sub("", _ENTER.sub("", prompt_text))
    if text.startswith(f"{who} to "):
        return f"Waiting for the {who} to {text[len(who) + 4 :]}."
    return f"Waiting for the {who}: {text.removeprefix(f'{who}: ')}."


def plain_prompt(prompt_text: str, who: str) -> str:
    """A prompt as plain text says it after "Your move, SS:": the letters it types
    kept, the screen's Enter and the side's name (said already) left out."""
    return _ENTER.sub("", prompt_text).removeprefix(f"{who}: ").removeprefix(f"{who} to ")


def prompt(rules: Rules, v: PlayerView, legal: list[Action] | None = None) -> str:
    """What the side to act must do now, in a line; ``legal`` (when given) keeps it from
    offering what is not allowed now, such as ending a move where the unit may not stop."""
    if v.outcome is not None:
        return "The game is over."
    if v.pending:
        d = v.pending[-1]
        who = SIDE[d.player]
        what = DECISION_RULES[d.kind].task
        if d.kind == DecisionKind.RETREAT and v.phase in REPULSED:
            what = f"choose where the {REPULSED[v.phase]} unit retreats (12.32, 10.65)"
        elif isinstance(d, Retreat) and v.phase in MOVING and _controller(v, d.unit) is v.phasing:
            # Ar: the side that harassed retreats its own unit (the tables' key under
            # 10.72: as Dr, whose owner picks, but the attacker); a harassed unit is the
            # other side's (10.61)
            what = "choose where the harassing unit retreats (Ar, 10.71, 10.72)"
        if isinstance(d, PlaceAllied):
            what = f"place the Allied unit in {area_name(rules, d.area)} (7.11)"
        # what revealing nothing more does, said: the die is rolled (a newcomer looked for r)
        what = ROLLED_BY_NOT.get(d.kind, what)
        if isinstance(d, CoupOffer) and d.chits:  # committed: no "not" left (18.13)
            more = legal is None or any(a.verb is Verb.REVEAL for a in legal)
            what = "roll on the Walkyrie Table (18.13)"
            if more:
                what = f"commit more Führer Access chits, or {what}"
        if isinstance(d, (Retreat, Return)):
            what += f": {unit_name(rules, d.unit)}"
        return f"{who} to {what}"
    who = SIDE[v.to_act]
    if v.phase is Phase.SETUP:
        return f"{who}: place your units (4.3)"
    if v.active is not None:
        # travel only where the rules allow it (9.4: a Travel chit, and somewhere to go):
        # the legal actions say so; without them, the side's own chits, and for the other
        # side's move nothing (its chits are its own)
        if legal is not None:
            can_travel = any(a.verb is Verb.TRAVEL for a in legal)
        else:
            chits = rules.chits.by_id()
            mine = v.side is v.to_act
            can_travel = mine and any(chits[c].kind is ChitKind.TRAVEL for c in v.own_chits)
        travel = ", travel" if can_travel else ""
        can_end = legal is None or any(a.verb is Verb.END for a in legal)
        return f"{who}: move {unit_name(rules, v.active)} — step, harass{travel}" + (
            ", or end its move (e)" if can_end else " (it shares a hex: it may not stop there, 8.11)"
        )
    if v.phase in MOVING:
        return f"{who}: choose a unit to move (Enter on it), or end the phase (P)"
    if v.phase is Phase.RECRUITMENT:
        return f"{who}: choose a unit to recruit (Enter on it), or end the phase (P)"
    if v.phase is Phase.INVESTIGATION:
        return f"{who}: choose a unit to investigate (Enter on it), or end the phase (P)"
    if v.phase in (Phase.STATUS, Phase.COUP_STATUS) and (
        any(a.verb is Verb.CLEAR for a in legal) if legal is not None else marked_units(v.units, v.phasing)
    ):
        return f"{who}: take markers off your units (Enter), or end the phase (P)"  # 15.11
    return f"{who}: end the phase (P)"


# decisions whose "reveal nothing (more)" rolls the die: their prompt says so
ROLLED_BY_NOT = {
    # (below 2 to 1 once the Loyalty chits are out, there is no roll: 13.22)
    DecisionKind.ALIBI: "cover exposed investigators with Alibi/Arrest chits, "
    "or go on to the roll (13.18; called off below 2 to 1, 13.22)",
    DecisionKind.INTERROGATION_ALIBI: "reveal Alibi/Arrest chits for the prisoner, "
    "or let the interrogation roll (14.21, 14.34)",
}


def _controller(v: PlayerView, uid: str) -> Player | None:
    return next((u.controller for u in v.units if u.id == uid), None)


def points_left(rules: Rules, v: PlayerView) -> str:
    """The moving unit's Movement Points left: "Schellenberg (002): 7 of 8 MP left" (9.1);
    "" when no unit is moving."""
    if v.active is None:
        return ""
    allowance = movement_allowance(rules, next(u for u in v.units if u.id == v.active))
    return f"{unit_name(rules, v.active)}: {allowance - v.mp_spent} of {allowance} MP left"


def street_units(rules: Rules, v: PlayerView) -> dict[Party, list[str]]:
    """The SS and Abwehr units in Berlin outside the HQs, by id: what wins or loses the
    coup (18.71, 18.72), counted as the engine counts them; the units' places are public."""
    where = {u.id: u.hex for u in v.units}
    return {party: list(units_in_streets(rules, party, where.get)) for party in (Party.SS, Party.ABWEHR)}


def in_streets(rules: Rules, v: PlayerView) -> dict[Party, int]:
    """How many of each (street_units)."""
    return {party: len(ids) for party, ids in street_units(rules, v).items()}


def coup_lines(rules: Rules, v: PlayerView, *, who_at: str = "") -> list[str]:
    """The coup at a glance: the Coup-Turn, how many stand in Berlin's streets (who they
    are: ``street_units``, shown where ``who_at`` says), both bonuses, Hitler, and what
    each side needs."""
    c = v.coup
    if c is None:
        return []
    streets = in_streets(rules, v)  # (recruited units of other parties are not among them)
    hitler = next((u for u in v.units if u.id == HITLER), None)
    turns = rules.game.coup_turns
    turn = f"Coup-Turn {c.turn} of {turns}" if c.turn else "Before Coup-Turn 1"
    return [
        f"{turn} · harassing costs {c.penalty} MP",
        f"In Berlin's streets: SS {streets[Party.SS]} · Abwehr {streets[Party.ABWEHR]}"
        + (f" ({who_at})" if who_at else ""),
        f"Bonus: SS +{c.bonus} · Abwehr +{c.abwehr_bonus}",
        f"Hitler lives ({label(hitler.hex)}): the Abwehr's bonus drops 2 a Coup-Turn (18.52)"
        if hitler is not None and hitler.hex is not None
        else "Hitler is dead: the Abwehr's bonus stays (18.55)",
        f"To win: empty the streets of the other side's units (18.71, 18.72); "
        f"nobody by Coup-Turn {turns}: the Allies (18.73)",
    ]


def saving_words(path: str | Path) -> str:
    """Where the game is saved as it is played, from ~ (no full stop: on a screen it
    would be left alone at the start of a line where the path fills one)."""
    return f"Saving to {shown_path(path)}"


def last_played(path: Path) -> str:
    """When a record was last written, as `plot games`, `plot resume` and the new-game
    screen say it."""
    import time

    return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))


def kept_words(path: str | Path | None = None) -> str:
    """What a player leaving an unfinished game that is saved is told last: where it is
    kept, and how to go on with it."""
    where = f" in {shown_path(path)}" if path is not None else ""
    return f"The game is saved{where}: plot resume goes on with it."


def shown_path(path: str | Path, home: Path | None = None) -> str:
    """A file's path as a player reads it: under their home folder it starts with ~,
    as a shell takes it (a full path wrapped mid-name on an 80-column screen)."""
    text = str(path)
    home_text = str(home or Path.home())
    if home_text not in ("", "/") and (text == home_text or text.startswith(home_text + "/")):
        return "~" + text[len(home_text) :]
    return text


def counter_lines(rules: Rules, u: UnitState) -> tuple[str, str, str]:
    """A counter as a player reads both its sides (12.28: counters are public): its
    party, role and label; who controls it and how it stands; its ratings."""
    info = rules.units[u.id]
    kind = f'{info.party.value} · {info.role} · counter "{info.label}"'
    state = [SIDE[u.controller] + "-controlled" if u.controller else "uncontrolled"]
    if info.side_names:
        up = u.recruited if info.sides.value == "recruitment" else u.suspected
        state.append(info.side_names[0] if up else info.side_names[1])
    if u.semi:
        state.append("semi-recruited")
    if u.marker:
        state.append(u.marker.value)
    if info.back is None:
        ratings = f"ratings {info.front} (effect.-defence-move)"
    else:
        front, back = info.side_names or ("front", "back")
        ratings = f"ratings {front} {info.front} · {back} {info.back}"
    return kind, ", ".join(state), ratings


# the boxes off the map (3.23), each with the case that fills it
BOXES = [
    (
        Box.INTERROGATION,
        "Interrogation Cell",
        "13.34; interrogated at the end of the Investigation Phase, 14.0",
    ),
    (Box.SS_RETIREMENT, "SS General Retirement", "10.64, 14.32; back on 1-2, 15.12"),
    (Box.ABWEHR_RETIREMENT, "Abwehr General Retirement", "10.64, 14.32; back on 1-2, 15.12"),
    (Box.ELIMINATED, "Eliminated", "14.31, 18.43"),
    (Box.UNPLACED, "Not yet set up", "4.3"),
]
