"""Hidden information (6.21), JSON forms, and random legal play through nine Game-Turns."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plot_core.engine import DECISION_RULES, pending
from plot_core.engine.actions import Action, NotationError, Verb, parse_action
from plot_core.engine.api import apply, legal_actions, new_game
from plot_core.engine.position import PLAY_PHASES, PositionError, load_position
from plot_core.engine.randomplay import busy_policy, play_random
from plot_core.engine.serial import (
    FormatError,
    action_from_json,
    action_to_json,
    state_from_json,
    state_to_json,
    view_to_json,
)
from plot_core.engine.state import Box
from plot_core.engine.view import view
from plot_core.parties import Player


def random_trail(seed: int, limit: int = 3000):
    rnd = random.Random(seed)
    s = new_game(seed)
    yield s
    for _ in range(limit):
        acts = legal_actions(s)
        if not acts:
            return
        s = apply(s, rnd.choice(acts))
        yield s


def check_view(s, side):
    v = view(s, side)
    mine = set(s.chits_of(side.value))
    theirs = set(s.chits_of(side.enemy.value))
    assert set(v.own_chits) == mine
    assert v.chit_counts[side.enemy.value] == len(theirs)
    text = view_to_json(v)
    data = json.loads(text)
    assert "rng" not in data and "dice" not in data  # no way to foresee rolls
    for e in v.events:
        assert e.private in (None, side)
    scrubbed = json.dumps({k: val for k, val in data.items() if k != "events"})
    for chit in theirs - mine:
        assert f'"{chit}"' not in scrubbed, f"{side.title} can see {chit}"
    for u in v.units:
        if u.box is Box.ALLIED_HOLDING:
            assert u.id == "?"  # 4.2: face-down


def check_invariants(s):
    rules = s.rules
    assert len(s.chits) == len(rules.chits.chits) == 97  # each chit in one place
    unit_ids = set(rules.units)
    for c in s.chits:  # 18.61: or on a unit
        assert c in ("cup", "ss", "abwehr") or (s.coup is not None and c in unit_ids)
    assert len(s.units) == 69
    for u in s.units:
        assert (u.hex is None) != (u.box is None)  # each unit in one place
    if s.active is None and not s.pending:  # 8.0: between units
        hexes = [u.hex for u in s.units if u.hex is not None]
        assert len(hexes) == len(set(hexes))
    assert (s.outcome is not None) == (s.to_act is None)


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_random_legal_play_keeps_every_invariant_and_every_view_clean(seed):
    """The busy policy recruits, investigates and interrogates, so the chit interrupts
    (13.17, 13.18, 14.21, 7.5) are all met along the way."""

    def check(s):
        check_invariants(s)
        for side in Player:
            check_view(s, side)

    last, _ = play_random(seed, busy_policy, on_state=check)
    assert last.outcome is not None and last.outcome.winner in ("ss", "abwehr", "allies")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_soak_random_games_to_the_end(seed):
    last = None
    for s in random_trail(seed, limit=20_000):
        check_invariants(s)
        last = s
    assert last.outcome is not None


def test_state_json_round_trip_along_a_game():
    for i, s in enumerate(random_trail(21, limit=300)):
        if i % 25 == 0:
            assert state_from_json(state_to_json(s), s.rules) == s


def test_a_state_pickles_as_its_json_along_a_game():
    # the worker processes of a search are handed states by pickle
    import pickle

    for i, s in enumerate(random_trail(7, limit=300)):
        if i % 50 == 0:
            again = pickle.loads(pickle.dumps(s))
            assert again == s and state_to_json(again) == state_to_json(s)


def test_state_json_refuses_other_rules_data(data_copy):
    from plot_core import load_rules

    (data_copy / "game.toml").write_text((data_copy / "game.toml").read_text() + "\n# edited\n")
    other = load_rules(data_copy)
    s = new_game(1)
    with pytest.raises(FormatError, match="saved under rules data"):
        state_from_json(state_to_json(s), other)
    with pytest.raises(FormatError, match="not JSON"):
        state_from_json("{oops", s.rules)


def test_action_notation_and_json_round_trip():
    for text in [
        "move 1615",
        "harass 305",
        "harass @2611",
        "travel 0412 TR1",
        "assign 301 1126",
        "reveal EN2",
        "no-reveal",
        "end",
        "end-phase",
        "place 001 2314",
    ]:
        a = parse_action(text)
        assert str(a) == text
        assert action_from_json(json.loads(json.dumps(action_to_json(a)))) == a
    assert parse_action("harass 305") == Action(Verb.HARASS, unit="305")
    # the coup's question in its own words: commit a chit (18.12), or no coup now (18.11)
    assert parse_action("commit FA2") == Action(Verb.REVEAL, chit="FA2")
    assert parse_action("no-coup") == Action(Verb.NO_REVEAL)


EXPECTED = "(expected a unit id like 301, a hex like 1615, or a chit like TR2)"


@pytest.mark.parametrize(
    "bad, says",
    [
        ("", "empty action"),
        (
            "fly 1615",
            "unknown verb 'fly' (known: place, allied, reveal, no-reveal, assign, activate, "
            "move, travel, harass, retreat, advance, stay, hitler, displace, recruit, "
            "investigate, join, roll, cancel, expose, alibi, return, clear, panic, coup, "
            "pin, end, end-phase, commit, no-coup)",
        ),
        ("move 16x5", f"in 'move 16x5': cannot read '16x5' {EXPECTED}"),
        ("move 1615 1616", f"in 'move 1615 1616': cannot read '1616' {EXPECTED}"),
        ("harass @zz", f"in 'harass @zz': cannot read '@zz' {EXPECTED}"),
        ("harass @2611 @2612", f"in 'harass @2611 @2612': cannot read '@2612' {EXPECTED}"),
    ],
)
def test_bad_notation_says_what_is_wrong(bad, says):
    with pytest.raises(NotationError) as info:
        parse_action(bad)
    assert str(info.value) == says


def test_the_pending_allied_unit_is_hidden_from_the_ss():
    s = new_game(5)
    assert s.pending[-1].kind == "place_allied"
    assert view(s, Player.SS).pending[-1].unit == "?"
    assert view(s, Player.ABWEHR).pending[-1].unit == s.pending[-1].unit


# -- every phase a position may name leads on ------------------------------------


@pytest.mark.parametrize("phase", PLAY_PHASES)
@pytest.mark.parametrize("phasing", ["ss", "abwehr"])
def test_every_phase_a_position_names_loads_and_leads_on(phase, phasing):
    """Even with a unit waiting in the Interrogation Cell (14.12): legal actions are
    offered, each one applies, and the game leaves the phase it started in."""
    coup = "\n[coup]\npenalty = 2\nbonus = 5\nturn = 1\n" if phase.startswith("coup") else ""
    if phasing == "abwehr" and phase in ("investigation", "interrogation"):
        with pytest.raises(PositionError, match="only the SS investigates"):  # 5.2
            load_position(f'phase = "{phase}"\nphasing = "abwehr"')
        return
    s = load_position(f'''
base = "standard"
turn = 2
phase = "{phase}"
phasing = "{phasing}"
[units]
"305" = {{ box = "interrogation_cell", suspected = true }}
{coup}''')
    rnd = random.Random(f"{phase}/{phasing}")
    start = (s.phase, s.phasing, s.turn)
    for _ in range(400):
        if s.outcome is not None or (s.phase, s.phasing, s.turn) != start:
            return
        actions = list(legal_actions(s))
        assert actions, f"no legal action at {s.phase} {s.step}"
        s = apply(s, rnd.choice(actions))
    pytest.fail(f"400 actions and still in {start}: {s.step}, {legal_actions(s)}")


def test_a_state_is_the_same_json_in_every_process():
    """Sets are written sorted, so a state's JSON does not depend on Python's hash seed:
    states can be compared and checksummed as text (the transcript anchors rely on it)."""
    import os
    import subprocess
    import sys

    code = (
        "from plot_core.engine.randomplay import play_random, busy_policy\n"
        "from plot_core.engine.serial import state_to_json, view_to_json\n"
        "from plot_core.engine.view import view\n"
        "from plot_core.parties import Player\n"
        "s, _ = play_random(5, busy_policy, limit=120)\n"
        "print(state_to_json(s), view_to_json(view(s, Player.SS)))\n"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": h},
        ).stdout
        for h in ("1", "2", "3")
    }
    assert len(outs) == 1 and '"activated"' in outs.pop()


def test_sets_are_written_sorted_in_this_process_too():
    """The same in-process (the test above runs other interpreters): a set of eight ids,
    whose order as a Python set follows the hash seed, is written in sorted order."""
    ids = ("310", "001", "405", "102", "207", "013", "301", "418")
    s = attrs.evolve(new_game(3), activated=frozenset(ids), targeted=frozenset(ids[:5]))
    data = json.loads(state_to_json(s))
    assert data["activated"] == sorted(ids) and data["targeted"] == sorted(ids[:5])
    seen = json.loads(view_to_json(view(s, Player.SS)))
    assert seen["activated"] == sorted(ids)


def test_a_bad_state_or_action_in_json_says_what_is_wrong():
    s = new_game(3)
    back = state_from_json(state_to_json(s), s.rules)
    assert back.rules is s.rules and back == s
    data = json.loads(state_to_json(s))
    data["turn"] = "x"
    with pytest.raises(FormatError) as info:
        state_from_json(json.dumps(data), s.rules)
    assert str(info.value) == "not a game state: invalid literal for int() with base 10: 'x' @ state.turn"
    data["turn"] = 3
    data["pending"] = [{"kind": "toss", "player": "ss"}]  # a kind the game does not have
    with pytest.raises(FormatError) as info:
        state_from_json(json.dumps(data), s.rules)
    assert str(info.value) == "not a game state: no decision is of the kind 'toss' @ state.pending[0]"
    data["turn"] = "x"  # two things wrong: each said, where it is
    with pytest.raises(FormatError) as info:
        state_from_json(json.dumps(data), s.rules)
    assert str(info.value) == (
        "not a game state: invalid literal for int() with base 10: 'x' @ state.turn; "
        "no decision is of the kind 'toss' @ state.pending[0]"
    )
    data["turn"], data["pending"] = 3, []
    del data["rules_version"]
    with pytest.raises(FormatError) as info:
        state_from_json(json.dumps(data), s.rules)
    assert str(info.value) == (
        f"this state was saved under rules data None, but the loaded rules data is {s.rules.version}"
    )
    with pytest.raises(FormatError) as info:
        action_from_json({"verb": "fly"})
    assert str(info.value) == "not an action: {'verb': 'fly'} ('fly' is not a valid Verb @ action.verb)"
    with pytest.raises(FormatError) as info:
        action_from_json({"verb": "move", "hex": "x"})
    assert str(info.value).endswith("(invalid literal for int() with base 10: 'x' @ action.hex)")
    with pytest.raises(FormatError) as info:
        action_from_json({"verb": "fly", "hex": "x"})
    assert str(info.value).endswith(
        "('fly' is not a valid Verb @ action.verb; invalid literal for int() with base 10: 'x' @ action.hex)"
    )


def test_a_state_or_action_that_is_not_a_table_or_lacks_a_field_says_so():
    """A damaged file: JSON of the wrong shape is refused with what was wrong, never a
    crash of the reader (a list or a number had no ``pop``)."""
    s = new_game(3)
    data = json.loads(state_to_json(s))
    del data["turn"]
    with pytest.raises(FormatError) as info:
        state_from_json(json.dumps(data), s.rules)
    assert str(info.value) == "not a game state: required field missing @ state.turn"
    data["turn"] = None
    with pytest.raises(FormatError) as info:
        state_from_json(json.dumps(data), s.rules)
    assert str(info.value) == "not a game state: invalid value for type, expected int @ state.turn"
    for shape, name in (([1, 2], "list"), (5, "int"), ("x", "str")):
        with pytest.raises(FormatError) as info:
            state_from_json(json.dumps(shape), s.rules)
        assert str(info.value) == f"not a game state: a JSON object was expected, not {name}"
    with pytest.raises(FormatError) as info:
        action_from_json(5)  # type: ignore[arg-type]
    assert str(info.value) == "not an action: 5 (invalid type (argument of type 'int' is not iterable))"
    with pytest.raises(FormatError) as info:
        action_from_json({"hex": 1})
    assert str(info.value) == "not an action: {'hex': 1} (required field missing @ action.verb)"


def test_every_side_sees_how_the_game_ended():
    """18.7: the outcome is public; each side's view and a spectator's carry it."""
    last, _ = play_random(7, busy_policy)
    assert last.outcome is not None
    for side in (Player.SS, Player.ABWEHR, None):
        assert view(last, side).outcome == last.outcome


def test_play_random_plays_to_its_limit_and_shows_every_state():
    seen = []
    last, n = play_random(3, busy_policy, limit=25, on_state=seen.append)
    assert n == 25 and len(seen) == 26 and seen[-1] is last
    assert seen[0] == new_game(3)
    again, _ = play_random(3, busy_policy, limit=25)
    assert again == last  # the seed decides everything
    assert last != play_random(4, busy_policy, limit=25)[0]
    state = seen[0]
    for nxt in seen[1:]:  # one legal action apart
        assert any(apply(state, a) == nxt for a in legal_actions(state))
        state = nxt


def test_sets_are_written_sorted_in_a_state_and_in_a_view():
    s = play_random(5, busy_policy, limit=60)[0]
    s = attrs.evolve(s, activated=frozenset({"305", "002", "110"}))
    assert json.loads(state_to_json(s))["activated"] == ["002", "110", "305"]
    assert json.loads(view_to_json(view(s, Player.SS)))["activated"] == ["002", "110", "305"]


# One example of every kind of pending decision, as the engine builds them.
_EVERY_DECISION = (
    pending.PlaceAllied(Player.ABWEHR, unit="501", area="PR"),
    pending.AssignmentChits(Player.SS, party=Player.SS, count=2, area="EE"),
    pending.Assign(Player.ABWEHR, party=Player.SS, count=1, area="EE"),
    pending.Retreat(Player.SS, unit="002"),
    pending.Advance(Player.SS, hex=2010, unit="003"),
    pending.Advance(Player.SS, hex=2010, units=("003", "004")),
    pending.HitlerHex(Player.SS, options=(3506, 3405)),
    pending.Displace(Player.SS, options=(2313,)),
    pending.Recruit(Player.ABWEHR, unit="305", double_cross=True, units=("301",)),
    pending.Investigate(Player.SS, unit="305", units=("003",)),
    pending.ExposeInvestigators(Player.ABWEHR, unit="305", units=("003", "004"), chits=("L003",)),
    pending.Alibi(Player.SS, unit="305", units=("003",), chits=("L003",), cleared=("003",)),
    pending.InterrogationAlibi(Player.ABWEHR, unit="305", chits=("A1",)),
    pending.Return(Player.ABWEHR, unit="305", case="14.33"),
    pending.Panic(Player.ABWEHR, count=2),
    pending.CoupOffer(Player.ABWEHR, chits=("F1",)),
)


def test_every_kind_of_decision_round_trips_through_a_states_json():
    assert {type(d) for d in _EVERY_DECISION} == {rule.cls for rule in DECISION_RULES.values()}
    s = attrs.evolve(new_game(seed=3), pending=_EVERY_DECISION)
    back = state_from_json(state_to_json(s))
    assert back.pending == _EVERY_DECISION
    assert [type(d) for d in back.pending] == [type(d) for d in _EVERY_DECISION]


def test_a_decision_is_saved_in_the_shape_saved_games_hold():
    # Tables stored by a server before decisions had a class per kind must still load:
    # every kind is one object with every field, "flag" for a Double-Cross, "area" for
    # the case that returns a unit, "unit" for Hitler's own decision.
    s = attrs.evolve(
        new_game(seed=3),
        pending=(
            pending.Recruit(Player.ABWEHR, unit="305", double_cross=True),
            pending.Return(Player.SS, unit="002", case="15.12"),
            pending.HitlerHex(Player.SS, options=(3506,)),
        ),
    )
    saved = json.loads(state_to_json(s))["pending"]
    assert saved[0] == {
        "kind": "recruit",
        "player": "abwehr",
        "unit": "305",
        "hex": None,
        "area": None,
        "count": 0,
        "party": None,
        "flag": True,
        "options": [],
        "units": [],
        "chits": [],
        "cleared": [],
    }
    assert (saved[1]["area"], saved[2]["unit"], saved[2]["options"]) == ("15.12", "100", [3506])
