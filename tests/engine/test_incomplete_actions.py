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

from .helpers import play
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
            yield part, "a unit or an HQ hex"                # 10.69: one or the other
        elif action.verb is Verb.TRAVEL and part == "chit":
            yield part, "a Travel chit"
        else:
            yield part, WORDS[part]


def check_each_part(state: GameState, seen: set[tuple[str, str]]) -> None:
    for action in legal_actions(state):
        for part, words in needed(action):
            if (action.verb.value, part) in seen:
                continue
            seen.add((action.verb.value, part))
            with pytest.raises(IllegalAction) as info:
                apply(state, attrs.evolve(action, **{part: None}))
            assert str(info.value) == f"this action needs {words}", (str(action), part)
            assert info.value.case == "", (str(action), part)      # no rule: a malformed action


def test_every_part_an_action_needs_is_named_when_it_is_missing():
    seen: set[tuple[str, str]] = set()
    for seed in range(5):
        play_random(seed, busy_policy, on_state=lambda s: check_each_part(s, seen))
    # What random games rarely reach, from positions: set-up by hand (4.3), Führer HQ
    # full at Game-Turn 8 (9.63), an Alibi chit (13.3).
    check_each_part(new_game(1, setup="choose"), seen)
    check_each_part(fuhrer_hq_full(), seen)
    s = investigating(EXAMPLE, dice="4", chits='abwehr = ["L011", "L108"]\n        ss = ["AA1"]')
    check_each_part(play(s, "investigate 305", "join 000", "join 011", "join 108", "roll",
                         "reveal L011", "reveal L108", "no-reveal"), seen)
    assert seen == {
        ("activate", "unit"), ("advance", "unit"), ("alibi", "chit"), ("alibi", "unit"),
        ("allied", "hex"), ("assign", "hex"), ("assign", "unit"), ("clear", "unit"),
        ("displace", "unit"), ("expose", "unit"), ("harass", "hex"), ("harass", "unit"),
        ("hitler", "hex"), ("investigate", "unit"), ("join", "unit"), ("move", "hex"),
        ("panic", "unit"), ("pin", "unit"), ("place", "hex"), ("place", "unit"),
        ("recruit", "unit"), ("retreat", "hex"), ("return", "hex"), ("reveal", "chit"),
        ("travel", "chit"), ("travel", "hex")}
