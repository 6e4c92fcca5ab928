"""The stack of pending decisions: who must choose what before play goes on."""

from __future__ import annotations

import attrs

from .actions import Verb
from .state import Decision, GameState, Phase, evolve


@attrs.frozen
class Kind:
    """One kind of pending decision: what answers it, and how it is said."""

    answers: frozenset[Verb] = attrs.field(converter=frozenset)   # the verbs that answer it
    case: str                   # cited when anything else is tried
    choose: str                 # in "waiting for the SS to choose ..."
    task: str                   # in the prompt "SS to ...", with its cases


_CHIP_IN = {Verb.JOIN, Verb.ROLL, Verb.CANCEL}
_REVEAL_OR_NOT = {Verb.REVEAL, Verb.NO_REVEAL}
KINDS = {
    "place_allied": Kind({Verb.PLACE_ALLIED}, "7.11", "where the Allied unit goes",
                         "place the Allied unit in its area (7.11)"),
    "assignment_chits": Kind(_REVEAL_OR_NOT, "7.54", "whether to reveal an assignment chit",
                             "reveal an assignment chit, or not (7.4, 7.5)"),
    "assign": Kind({Verb.ASSIGN}, "7.23", "which unit goes on assignment",
                   "choose a unit to send on assignment (7.23)"),
    "retreat": Kind({Verb.RETREAT}, "10.65", "where the unit retreats",
                    "choose where the harassed unit retreats (10.65)"),
    "advance": Kind({Verb.ADVANCE, Verb.STAY}, "10.67", "whether to advance",
                    "advance into the emptied hex, or stay (10.67)"),
    "hitler": Kind({Verb.HITLER}, "9.62", "Hitler's hex", "choose Hitler's hex (9.62)"),
    "displace": Kind({Verb.DISPLACE}, "9.63", "who leaves Führer HQ",
                     "choose who leaves Führer HQ for Hitler (9.63)"),
    "recruit": Kind(_CHIP_IN, "12.25", "the recruiters, then roll",
                    "add recruiters, then roll (12.25)"),
    "investigate": Kind(_CHIP_IN, "13.25", "the investigators, then roll",
                        "add investigators, then roll (13.25)"),
    "expose_investigators": Kind(_REVEAL_OR_NOT, "13.17",
                                 "whether to reveal investigators' Loyalty chits",
                                 "reveal investigators' Loyalty chits, or not (13.17)"),
    "alibi": Kind({Verb.ALIBI, Verb.NO_REVEAL}, "13.18",
                  "whether to answer with Alibi/Arrest chits",
                  "cover exposed investigators with Alibi/Arrest chits, or not (13.18)"),
    "interrogation_alibi": Kind(_REVEAL_OR_NOT, "14.21", "whether to reveal Alibi/Arrest chits",
                                "reveal Alibi/Arrest chits for the prisoner, or not (14.21)"),
    "return": Kind({Verb.RETURN}, "15.12", "where the returning unit goes",
                   "choose where the returning unit goes (14.33, 15.12)"),
    "panic": Kind({Verb.PANIC}, "12.83", "which OKW units panic",
                  "choose which OKW unit panics (12.83)"),
    "coup": Kind({Verb.REVEAL, Verb.COUP, Verb.NO_REVEAL}, "18.11",
                 "whether to attempt a coup", "attempt a coup now, or not (18.11)"),
}


def push(state: GameState, decision: Decision) -> GameState:
    return evolve(state, pending=state.pending + (decision,))


def pop(state: GameState) -> GameState:
    return evolve(state, pending=state.pending[:-1])


def top(state: GameState) -> Decision | None:
    return state.pending[-1] if state.pending else None


def finish_activation(state: GameState) -> GameState:
    """The moving unit is done (9.14); in a Coup-Turn the other player's move comes next."""
    step = "handoff" if state.phase is Phase.COUP_MOVEMENT else state.step
    return evolve(state, active=None, mp_spent=0, step=step)
