"""Actions, chits and units in plain words, as a player reads them.

Shared by the screens and by a record's written account (plot_record.export), which
is why it lives below both. The words name only what the action itself names, and an
action is public once taken, so an account for one side may print the other's.
"""

from __future__ import annotations

from collections.abc import Callable

from .data.chits import ChitKind
from .engine.actions import Action, Verb, spoken_word
from .engine.board import hex_in_area
from .engine.recruitment import FREE_PARTY, double_cross_chit, loyalty_case, loyalty_chit
from .engine.state import DecisionKind, Event, GameState, Phase
from .engine.view import PlayerView
from .english import mid_sentence
from .hexgrid import label
from .rules import Rules


def chit_name(rules: Rules, chit: str | None) -> str:
    if chit is None:
        return "a chit"
    c = rules.chits.by_id()[chit]
    if c.kind is ChitKind.LOYALTY and c.unit is not None:
        return f"Loyalty chit of {rules.units[c.unit].short} ({chit})"
    return f"{rules.chits.names[c.kind]} chit {chit}"


def unit_name(rules: Rules, uid: str | None) -> str:
    if uid is None or uid == "?":
        return "a face-down unit"
    return f"{rules.units[uid].short} ({uid})"


def _recruit_cost(rules: Rules, v: PlayerView | GameState, uid: str | None) -> str:
    """The chits a recruitment attempt on ``uid`` would spend, said before it is chosen:
    a Double-Cross chit and the Loyalty chit for an enemy's unit (12.61, 12.62), the
    Loyalty chit for a party not free to the side (12.14-12.16). Chit names only for the
    side that holds them: anyone else (the other side, an account of the game) learns
    only what taking the action shows."""
    side = v.phasing  # recruitment is the phasing player's (12.0)
    unit = next((x for x in v.units if x.id == uid), None)
    if unit is None:
        return ""
    own = isinstance(v, PlayerView) and v.side is side
    loyalty = loyalty_chit(unit.id)
    if unit.recruited and unit.controller is not side:
        if not isinstance(v, PlayerView) or v.side is not side:
            return " by Double-Cross (12.62)"
        dc = double_cross_chit(rules, v.own_chits) or "a Double-Cross chit"
        return f" by Double-Cross (spends {dc} and {loyalty}, 12.62)"
    party = rules.units[unit.id].party
    if party is not FREE_PARTY[side] and own:  # that the side holds it is its secret
        return f" (spends {loyalty}, {loyalty_case(party, side)})"
    return ""


def describe(rules: Rules, v: PlayerView | GameState, a: Action) -> str:
    """An action as a menu line: plain words, then the notation."""
    return f"{words(rules, v, a)}   [{notation(v, a)}]"


def notation(v: PlayerView | GameState, a: Action) -> str:
    """The action as a player types it in the position ``v``: on the coup's question
    (18.11) its reveal verbs are said as what they do, ``commit FR3`` and ``no-coup``."""
    if v.pending and v.pending[-1].kind == DecisionKind.COUP:
        spoken = spoken_word(a.verb)
        if spoken is not None:
            return str(a).replace(a.verb.value, spoken, 1)
    return str(a)


# Each verb's words, from the unit's name (u), the hex's label (h) and the chit's name
# (c); the verbs whose words depend on the position are in words() below.
_SAID: dict[Verb, Callable[[str, str, str], str]] = {
    Verb.PLACE: lambda u, h, c: f"Place {u} at {h}",
    Verb.PLACE_ALLIED: lambda u, h, c: f"Place the Allied unit at {h}",
    Verb.ASSIGN: lambda u, h, c: f"Send {u} to {h}",
    Verb.ACTIVATE: lambda u, h, c: f"Move {u}",
    Verb.MOVE: lambda u, h, c: f"Step to {h}",
    Verb.RETREAT: lambda u, h, c: f"Retreat to {h}",
    Verb.ADVANCE: lambda u, h, c: f"Advance {u + ' ' if u else ''}into {h}",
    Verb.STAY: lambda u, h, c: "Stay (do not advance)",
    Verb.HITLER: lambda u, h, c: f"Put Hitler at {h}",
    Verb.DISPLACE: lambda u, h, c: f"{u} makes room for Hitler",
    Verb.INVESTIGATE: lambda u, h, c: f"Investigate {u}",
    Verb.JOIN: lambda u, h, c: f"Add {u} to the attempt",
    Verb.ROLL: lambda u, h, c: "Roll the die",
    Verb.CANCEL: lambda u, h, c: "Call the attempt off",
    Verb.ALIBI: lambda u, h, c: f"Cover {u} with {c}",
    Verb.RETURN: lambda u, h, c: f"Return the unit to {h}",
    Verb.CLEAR: lambda u, h, c: f"Take the marker off {u}",
    Verb.PANIC: lambda u, h, c: f"{u} panics",
    Verb.COUP: lambda u, h, c: "Roll on the Walkyrie Table: the coup",
    Verb.PIN: lambda u, h, c: f"Lay the Loyalty chit on {u} (it may not harass, 18.61)",
}


# Verbs whose hex lies in an area far from where play is (off Berlin): the hex is said
# with its area's name, "Stockholm (3601)".
FAR_AWAY = frozenset({Verb.PLACE_ALLIED, Verb.ASSIGN, Verb.TRAVEL})


def words(rules: Rules, v: PlayerView | GameState, a: Action) -> str:
    """The action in plain words; ``v`` is the position it is taken in."""
    u = unit_name(rules, a.unit) if a.unit else ""
    h = "" if a.hex is None else hex_in_area(rules, a.hex) if a.verb in FAR_AWAY else label(a.hex)
    kind = v.pending[-1].kind if v.pending else None
    said = _SAID.get(a.verb)
    if said is not None:
        return said(u, h, chit_name(rules, a.chit))
    match a.verb:
        case Verb.REVEAL if kind == DecisionKind.COUP:
            return f"Commit {chit_name(rules, a.chit)} to the coup"
        case Verb.REVEAL:
            return f"Reveal {chit_name(rules, a.chit)}"
        case Verb.NO_REVEAL if kind == DecisionKind.COUP:
            return "No coup now"
        case Verb.NO_REVEAL:
            return "Reveal nothing (more)"
        case Verb.TRAVEL if a.hex is not None:  # a journey is chosen by its destination
            return f"Travel to {h} with {chit_name(rules, a.chit)}"
        case Verb.HARASS if a.hex is not None:
            return f"Harass the vacant HQ at {h}"
        case Verb.HARASS:
            return f"Harass {u}"
        case Verb.RECRUIT:
            return f"Try to recruit {u}{_recruit_cost(rules, v, a.unit)}"
        case Verb.EXPOSE if v.phase.value.startswith("coup"):
            return f"Unmask {u}: reveal its Loyalty chit (18.64)"
        case Verb.EXPOSE:
            return f"Expose {u}: reveal its Loyalty chit (12.75)"
        case Verb.END:
            return f"End {unit_name(rules, v.active)}'s move"
        case Verb.END_PHASE if v.phase is Phase.COUP_MOVEMENT:
            return "Move no more units this Coup-Turn"
        case Verb.END_PHASE:
            return "End the phase"
    return str(a)


def words_before_its_hex(rules: Rules, v: PlayerView | GameState, a: Action, hexes: str = "a hex") -> str:
    """An action whose hex the player is yet to name, ``hexes`` saying which it may be:
    "Travel to a hex of Paris (PR) with Travel chit TR2", "Send Heydrich (001) to a hex"."""
    if a.verb is Verb.TRAVEL:
        return f"Travel to {hexes} with {chit_name(rules, a.chit)}"
    said = _SAID.get(a.verb)
    if said is None:
        return words(rules, v, a)
    return said(unit_name(rules, a.unit) if a.unit else "", hexes, chit_name(rules, a.chit))


# -- what just happened, in a sentence ---------------------------------------------------
# What a roll's result brings about at once, said on the roll's own line: a unit
# recruited or suspected (12.31, 12.35, 12.73), a retreat with nowhere to go (10.64),
# the chit an investigation's Ss takes (13.32; each side reads its own line of it), a
# unit taken to the Cell (13.34), an interrogation's outcome (14.31-14.33), an Allied
# unit destroyed (17.25), Hitler's death and what follows it (18.55, 18.57).
CAUSED_BY_A_ROLL = frozenset(
    {
        "12.31",
        "12.35",
        "12.73",
        "10.64",
        "13.32",
        "13.34",
        "14.31",
        "14.32",
        "14.33",
        "17.25",
        "18.55",
        "18.57",
    }
)
# Beside every die roll and table result, the events a player must not miss: those, and
# news of their own (the interphase, the coup's bonus, an overrun, a revealed Loyalty
# chit, a unit sent away on assignment), where a unit retreated to (10.61: its owner's
# choice after the roll), and the chits revealed that change a roll about to be made
# (13.17, 13.18 in an investigation; 14.22 before an interrogation).
NOTABLE = CAUSED_BY_A_ROLL | frozenset(
    {"18.21", "18.52", "18.64", "16.13", "12.75", "7.21", "10.61", "13.17", "13.18", "14.22"}
)


def rolled(event: Event) -> bool:
    """A die was rolled or a table read: the news its consequences belong to."""
    return bool(event.roll) or event.table is not None


def is_news(event: Event) -> bool:
    """Worth the message line, not only the log: a roll, a table's result, or NOTABLE."""
    return rolled(event) or event.case in NOTABLE


def result_meaning(rules: Rules, event: Event) -> str | None:
    """What a table's result code in ``event`` means, as its table says it, lower case
    mid-sentence ("Ae": "attacker eliminated"); None if it reads no table, or its text
    says it already."""
    grid = getattr(rules.tables, event.table, None) if event.table else None
    found = getattr(grid, "results", {}).get(event.result or "") if grid is not None else None
    meaning = str(found) if found else ""
    if not meaning or meaning.lower() in event.text.lower():
        return None
    return mid_sentence(meaning)


def meaning_said(rules: Rules, event: Event) -> str:
    """What the result means, said after it: " (masked)"; a meaning with brackets of
    its own after a dash, not in brackets inside brackets (" — semi-recruited (Abwehr) /
    recruited (SS)"); "" when there is none to say."""
    meaning = result_meaning(rules, event)
    if not meaning:
        return ""
    return f" — {meaning}" if "(" in meaning else f" ({meaning})"


def news(rules: Rules, event: Event) -> str:
    """One sentence: what was rolled, the result, what the result means, and the case."""
    text = event.text + meaning_said(rules, event)
    return f"{text} ({event.case})" if event.case and f"({event.case})" not in text else text
