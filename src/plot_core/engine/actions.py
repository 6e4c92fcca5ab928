"""Actions: one small step of one player, with a short text notation.

An action is a verb plus the unit, hex or chit it concerns. The text form
is what logs, tests and records show: ``move 1615``, ``harass 305``,
``travel 3207 TR2``, ``retreat 1716``, ``end``.
"""

from __future__ import annotations

import functools
import re
from enum import StrEnum
from typing import TypeVar

import attrs

from ..hexgrid import Hex, label, parse_hex
from .errors import IllegalAction


class Verb(StrEnum):
    PLACE = "place"  # 4.3 set-up: a unit on a hex
    PLACE_ALLIED = "allied"  # 7.11: the Allied unit on a hex
    REVEAL = "reveal"  # 7.4, 7.5: an assignment chit
    NO_REVEAL = "no-reveal"  # 7.54: decline to reveal
    ASSIGN = "assign"  # 7.23: send a unit to a hex of the area
    ACTIVATE = "activate"  # 9.14: start moving a unit
    MOVE = "move"  # 9.13: one hex
    TRAVEL = "travel"  # 9.5: with a Travel chit
    HARASS = "harass"  # 10.0: a unit, or a vacant HQ hex (10.69)
    RETREAT = "retreat"  # 10.65: where a retreating unit goes
    ADVANCE = "advance"  # 10.67
    STAY = "stay"  # 10.67: decline the advance
    HITLER = "hitler"  # 9.62: Hitler's hex in his HQ
    DISPLACE = "displace"  # 9.63: who leaves Führer HQ for Hitler
    RECRUIT = "recruit"  # 12.0: name the unit to recruit
    INVESTIGATE = "investigate"  # 13.0: name the unit to investigate
    JOIN = "join"  # 12.25, 13.25: add a unit to the attempt
    ROLL = "roll"  # resolve the attempt
    CANCEL = "cancel"  # drop the attempt before rolling
    EXPOSE = "expose"  # 12.75: SS reveals an Abwehr unit's Loyalty chit
    ALIBI = "alibi"  # 13.18: an Alibi/Arrest chit covers an exposed investigator
    RETURN = "return"  # 14.33, 15.12: where a unit comes back
    CLEAR = "clear"  # 15.11: take a marker off
    PANIC = "panic"  # 12.83: an OKW unit that panics
    COUP = "coup"  # 18.13: roll the Walkyrie Table with the chits committed
    PIN = "pin"  # 18.61: lay an enemy unit's Loyalty chit on it
    END = "end"  # finish the active unit (9.14)
    END_PHASE = "end-phase"


# What a player deciding on a coup (18.11) types for the reveal verbs: chits are
# committed to it, or none is (the record keeps the verbs themselves).
SPOKEN = {"commit": Verb.REVEAL, "no-coup": Verb.NO_REVEAL}


def spoken_word(verb: Verb) -> str | None:
    """The word typed for ``verb`` on the coup's question, if it has one of its own."""
    return next((word for word, v in SPOKEN.items() if v is verb), None)


# Every word an action may begin with, as parse_action reads it
VERB_WORDS = (*(v.value for v in Verb), *SPOKEN)


@attrs.frozen
class Action:
    verb: Verb
    unit: str | None = None
    hex: Hex | None = None
    chit: str | None = None

    def __str__(self) -> str:
        parts = [self.verb.value]
        if self.unit is not None:
            parts.append(self.unit)
        if self.hex is not None:
            parts.append(("@" if self.verb is Verb.HARASS else "") + label(self.hex))
        if self.chit is not None:
            parts.append(self.chit)
        return " ".join(parts)


T = TypeVar("T")


def need(value: T | None, what: str) -> T:
    """A part the action must carry (a unit, a hex, a chit), or a refusal naming it."""
    if value is None:
        raise IllegalAction("", f"this action needs {what}")
    return value


@functools.cache
def act(verb: Verb, unit: str | None = None, hex: Hex | None = None, chit: str | None = None) -> Action:
    """The Action with these fields, made once: actions are values, so the legal-action
    lists of many states can share them (four times cheaper than building one)."""
    return Action(verb, unit, hex, chit)


class NotationError(ValueError):
    pass


_UNIT = re.compile(r"\d{3}")
_CHIT = re.compile(r"[A-Z]{1,3}\d{1,3}")


def parse_action(text: str) -> Action:
    """The inverse of ``str(action)``; raises NotationError saying what was wrong."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    try:
        verb = SPOKEN.get(words[0]) or Verb(words[0])
    except ValueError:
        known = ", ".join(VERB_WORDS)
        raise NotationError(f"unknown verb {words[0]!r} (known: {known})") from None
    unit = hex_ = chit = None
    for w in words[1:]:
        if w.startswith("@") and parse_hex(w[1:]) is not None and hex_ is None:
            hex_ = parse_hex(w[1:])
        elif _UNIT.fullmatch(w) and unit is None:
            unit = w
        elif parse_hex(w) is not None and hex_ is None:
            hex_ = parse_hex(w)
        elif _CHIT.fullmatch(w) and chit is None:
            chit = w
        else:
            raise NotationError(
                f"in {text!r}: cannot read {w!r} (expected a unit id like 301, "
                "a hex like 1615, or a chit like TR2)"
            )
    return Action(verb, unit, hex_, chit)
