"""An action missing the unit, hex or chit it needs is refused with a message naming what
is missing, never a crash: actions reach the engine from records, the network and the
computer players, not only from the parser (which already asks for every part)."""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from plot_core.engine.actions import Action, Verb
from plot_core.engine.api import apply, legal_actions, new_game
from plot_core.engine.errors import IllegalAction
from plot_core.engine.randomplay import busy_policy, play_random
from plot_core.engine.state import GameState

from .helpers import play, pos
from .test_investigation import EXAMPLE, investigating
from .test_setup_and_sequence import fuhrer_hq_full

# An advance after harassment names the hex the harassed unit left only as a check
# (10.67); without it the unit goes there all the same.
OPTIONAL = {(Verb.ADVANCE, "hex")}
WORDS = {"unit": "a unit", "hex": "a hex", "chit": "a chit"}


def needed(action: Action) -> Iterator[tuple[str, str]]:
    """Each part the action carries and must carry, with the words its refusal uses."""
    for part in ("unit", "hex", "chit"):
        if getattr(action, part) is None or (action.verb, part) in OPTIONAL:
            continue
        if action.verb is Verb.HARASS:
            yield part, "a unit or an HQ hex"  # 10.69: one or the other
        elif action.verb is Verb.TRAVEL and part == "chit":
            yield part, "a Travel chit"
        else:
            yield part, WORDS[part]


def context(state: GameState) -> str:
    """Where an action is answered: the same verb reaches different code in different
    decisions (a JOIN in a recruitment or an investigation)."""
    return state.pending[-1].kind if state.pending else state.phase.value


def check_each_part(state: GameState, seen: set[tuple[str, str, str]]) -> None:
    for action in legal_actions(state):
        for part, words in needed(action):
            key = (context(state), action.verb.value, part)
            if key in seen:
                continue
            seen.add(key)
            with pytest.raises(IllegalAction) as info:
                apply(state, attrs.evolve(action, **{part: None}))
            assert str(info.value) == f"this action needs {words}", (str(action), part)
            assert info.value.case == "", (str(action), part)  # no rule: a malformed action


def test_every_part_an_action_needs_is_named_when_it_is_missing():
    seen: set[tuple[str, str, str]] = set()
    for seed in range(5):
        play_random(seed, busy_policy, on_state=lambda s: check_each_part(s, seen))
    # What random games rarely reach, from positions: set-up by hand (4.3), Führer HQ
    # full at Game-Turn 8 (9.63), an Alibi chit (13.3).
    check_each_part(new_game(1, setup="choose"), seen)
    check_each_part(fuhrer_hq_full(), seen)
    s = investigating(EXAMPLE, dice="4", chits='abwehr = ["L011", "L108"]\n        ss = ["AA1"]')
    for action in (
        "investigate 305",
        "join 000",
        "join 011",
        "join 108",
        "roll",
        "reveal L011",
        "reveal L108",
        "no-reveal",
    ):
        s = play(s, action)
        check_each_part(s, seen)
    # The SS asked to advance after a Dr while it holds an unsuspected unit's Loyalty chit
    # (12.75 may be played at any point, so EXPOSE is offered beside the advance).
    s = play(
        pos("""
        phasing = "ss"
        dice = [1]
        [units]
        "002" = { hex = "2110" }
        "305" = { hex = "2210", suspected = true }
        "306" = { hex = "1614" }
        [chits]
        ss = ["L306"]
        """),
        "activate 002",
        "harass 305",
        "retreat 2310",
    )
    assert s.pending[-1].kind == "advance" and "expose 306" in [str(a) for a in legal_actions(s)]
    check_each_part(s, seen)
    # Each verb where it is answered: a REVEAL in the coup, in an interrogation's alibi,
    # in an investigation's exposure reaches different code. At least these were checked;
    # random play may reach more, and each of those was checked the same way.
    assert seen >= {
        ("advance", "advance", "unit"),
        ("advance", "expose", "unit"),
        ("advance", "pin", "unit"),
        ("alibi", "alibi", "chit"),
        ("alibi", "alibi", "unit"),
        ("assign", "assign", "hex"),
        ("assign", "assign", "unit"),
        ("assignment_chits", "expose", "unit"),
        ("assignment_chits", "reveal", "chit"),
        ("coup", "reveal", "chit"),
        ("coup_interphase", "activate", "unit"),
        ("coup_interphase", "harass", "hex"),
        ("coup_interphase", "harass", "unit"),
        ("coup_interphase", "move", "hex"),
        ("coup_interphase", "travel", "chit"),
        ("coup_interphase", "travel", "hex"),
        ("coup_movement", "activate", "unit"),
        ("coup_movement", "expose", "unit"),
        ("coup_movement", "harass", "hex"),
        ("coup_movement", "harass", "unit"),
        ("coup_movement", "move", "hex"),
        ("coup_movement", "pin", "unit"),
        ("coup_status", "clear", "unit"),
        ("displace", "displace", "unit"),
        ("expose_investigators", "reveal", "chit"),
        ("hitler", "expose", "unit"),
        ("hitler", "hitler", "hex"),
        ("interrogation_alibi", "reveal", "chit"),
        ("investigate", "expose", "unit"),
        ("investigate", "join", "unit"),
        ("investigation", "expose", "unit"),
        ("investigation", "investigate", "unit"),
        ("movement", "activate", "unit"),
        ("movement", "expose", "unit"),
        ("movement", "harass", "hex"),
        ("movement", "harass", "unit"),
        ("movement", "move", "hex"),
        ("movement", "travel", "chit"),
        ("movement", "travel", "hex"),
        ("panic", "panic", "unit"),
        ("place_allied", "allied", "hex"),
        ("recruit", "join", "unit"),
        ("recruitment", "recruit", "unit"),
        ("retreat", "retreat", "hex"),
        ("return", "return", "hex"),
        ("setup", "place", "hex"),
        ("setup", "place", "unit"),
        ("status", "clear", "unit"),
    }
