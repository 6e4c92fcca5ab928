"""Positions: a human-writable TOML description of a moment in a game.

    turn = 3
    phase = "movement"            # assignment, movement, recruitment, ...; "setup" (with
                                  #   only a seed): a new game, its players placing units
    phasing = "abwehr"
    base = "empty"                # "empty": unlisted German units are off the map
                                  # "standard": start from the standard set-up
    dice = [3, 5]                 # scripted rolls, used before the seeded generator
    active = "301"                # optional: the unit moving now (in a movement
    mp_spent = 2                  #   phase only, 9.11), and the points it has spent

    [units]
    "301" = { hex = "1614", suspected = true }
    "401" = { hex = "1612", controller = "abwehr" }     # recruited when controlled
    "402" = { hex = "1812", controller = "abwehr", recruited = false, semi = true }
    "002" = { hex = "1714", marker = "masked" }
    "000" = { box = "eliminated" }

    activated = ["302"]           # optional: units that have moved, recruited or
    targeted = ["105"]            #   investigated this phase, and units recruited or
                                  #   investigated at it (the active unit is activated)

    [chits]                       # every chit not listed is in the cup
    ss = ["TR1", "L305"]
    abwehr = ["FR1"]
    abwehr_hidden = 2             # optional: chits the SS has not seen, dealt from the
                                  #   cup by the seed (a position from the SS's eyes)
    laid = { FA2 = "301" }        # optional: chits laid on units in a Coup-Turn (18.61)

    [coup]                        # for phase = "coup_interphase", "coup_movement", "coup_status"
    penalty = 2                   # 18.17
    bonus = 5                     # 18.18
    abwehr_bonus = 3              # optional, default = bonus (18.52)
    units = 2                     # interphase units (18.22)
    turn = 1                      # Coup-Turn; 0 in the interphase
    passed = ["ss"]               # optional: who will move no more units (18.33)

    [[pending]]                   # optional: decisions waiting, the last one first to answer
    kind = "expose_investigators" # a kind of decision (engine/pending.py) and what it is
    player = "abwehr"             #   about: unit, units, hex, options, area, count,
    unit = "305"                  #   party, chits, cleared, double_cross, case; each
    units = ["003", "004"]        #   kind takes its own

Errors name the line and key, like the rules_data loaders.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from ..data.reader import Node, Source
from ..data.units import Sides
from ..errors import DataError
from ..hexgrid import label, parse_hex
from ..parties import Player
from ..rules import Rules, load_rules
from .decisions import DECISION_RULES
from .pending import Decision, DecisionKind, Exposure
from .sequence import PLAYER_TURN, settle
from .state import (
    CUP,
    Box,
    CoupState,
    GameState,
    Marker,
    Phase,
    Step,
    UnitState,
    chit_ids,
    evolve,
)
from .table import MOVING_PHASES

PLAY_PHASES = [p.value for p in Phase if p not in (Phase.SETUP, Phase.GAME_OVER)]
COUP_PHASES = (Phase.COUP_INTERPHASE, Phase.COUP_MOVEMENT, Phase.COUP_STATUS)
FIRST_STEP = {Phase.ASSIGNMENT: Step.HITLER8, Phase.INTERROGATION: Step.INTERROGATE}
# The steps of a phase a position may start at (sequence.py); every other phase has one.
STEPS = {
    Phase.ASSIGNMENT: (Step.HITLER8, Step.ADVANCE, Step.ROLL, Step.GERMAN, Step.RANDOMIZER),
    Phase.MOVEMENT: (Step.FREE, Step.HITLER),
    Phase.INTERROGATION: (Step.INTERROGATE, Step.FREE),
    Phase.STATUS: (Step.RETIRE, Step.FREE, Step.PANIC, Step.COUP_WINDOW, Step.AFTER_WINDOW),
    Phase.COUP_MOVEMENT: (Step.FREE, Step.HANDOFF),
}
WINDOW = (Step.COUP_WINDOW, Step.AFTER_WINDOW)
# 18.11: the coup's window ends each phase of a Player-Turn (not the Assignment
# Inter-Phase, nor a phase of the coup itself, which is under way)
WINDOW_PHASES = frozenset(p for phases in PLAYER_TURN.values() for p in phases)


def steps_of(phase: Phase) -> tuple[Step, ...]:
    """The steps of ``phase`` a position may start at."""
    own = STEPS.get(phase, (Step.FREE,))
    return own + tuple(s for s in WINDOW if s not in own and phase in WINDOW_PHASES)


class PositionError(DataError):
    """A position file is wrong; the message says where and what."""


def load_position(
    text: str, *, name: str = "position", rules: Rules | None = None, seed: int = 0
) -> GameState:
    from .api import new_game

    rules = rules or load_rules()
    src = Source(name, text)
    try:
        root = src.parse_toml()
        return _build(root, rules, seed, new_game)
    except DataError as err:
        raise PositionError(err.file, err.message, line=err.line, where=err.where) from None


def _player(node: Node, key: str, default: str | None = None, allow_none: bool = False) -> Player | None:
    choices = ["ss", "abwehr"] + (["none"] if allow_none else [])
    value = node.str(key, choices=choices, default=default)
    return None if value in (None, "none") else Player(value)


def _units(root: Node, rules: Rules, state: GameState, base: str, active: str | None) -> dict[str, UnitState]:
    """Every unit where the base puts it, then as the [units] table says. One unit to a
    hex (8.0), but the unit moving may be passing through another's (8.11)."""
    units = {u.id: u for u in state.units}
    if base == "empty":
        units = {uid: off_the_map(rules, u) for uid, u in units.items()}
    table: Node | None = None
    if root.has("units"):
        table = root.table("units")
        for uid in list(table.data):
            if uid not in rules.units:
                table.fail(uid, f"there is no unit {uid!r}")
            raw = table.raw(uid)
            if not isinstance(raw, dict):
                table.fail(uid, 'expected { hex = "1614", ... }')
            node = Node(table.source, raw, where=f"unit {uid}", line=table.line_of(uid))
            units[uid] = _unit(node, rules, units[uid])
    where: dict[int, str] = {}
    for u in units.values():
        if u.hex is not None and u.id != active:
            if u.hex in where and table is not None:
                # The line that put one there: the standard set-up puts no two units
                # on one hex, so a [units] table listed at least one of them.
                listed = u.id if u.id in table.data else where[u.hex]
                table.fail(listed, f"units {where[u.hex]} and {u.id} are both on {label(u.hex)}")
            where[u.hex] = u.id
    mover = units.get(active) if active is not None else None
    if mover is not None and mover.hex in where and table is not None:
        other = units[where[mover.hex]]
        if other.controller is not mover.controller and other.marker is not Marker.NEUTRALIZED:
            table.fail(
                active if active in table.data else other.id,
                f"the moving unit {active} may stand only where it passes through a friendly or "
                f"a neutralized unit (8.11, 8.12), not on {other.id} at {label(mover.hex)}",
            )
    return units


def off_the_map(rules: Rules, u: UnitState) -> UnitState:
    """A new game's unit as the empty base leaves it: an Allied unit in the holding box,
    a German one eliminated. It shows its printed side, unmarked, with its printed
    owner (test_an_empty_base_...): only where it is changes."""
    box = Box.ALLIED_HOLDING if not rules.units[u.id].party.german else Box.ELIMINATED
    return evolve(u, hex=None, box=box)


def _chits(
    root: Node, rules: Rules, seed: int, units: dict[str, UnitState], pending: tuple[Decision, ...]
) -> list[str]:
    """Each chit's holder: in the cup unless the [chits] table hands it to a side or lays
    it on a unit; a side's hidden chits are then dealt from the cup, by the seed (never
    a chit a pending decision names: chits committed to a coup are in the open, 18.12)."""
    chits = ["cup"] * len(chit_ids(rules))
    if root.has("chits"):
        table = root.table("chits")
        index = {c: i for i, c in enumerate(chit_ids(rules))}

        def give(key: str, c: object, holder: str) -> None:
            if not isinstance(c, str) or c not in index:
                table.fail(key, f"there is no chit {c!r}")
            if chits[index[c]] != CUP:
                table.fail(key, f"chit {c} is listed twice")
            chits[index[c]] = holder

        for holder in ("ss", "abwehr"):
            for c in table.list(holder, default=[]):
                give(holder, c, holder)
        laid = table.raw("laid", default={})
        if not isinstance(laid, dict):
            table.fail("laid", 'expected { FA2 = "301", ... }: each chit and the unit it lies on')
        for c, uid in laid.items():
            if not isinstance(uid, str) or uid not in units:
                table.fail("laid", f"chit {c} must lie on a unit (18.61), and there is no unit {uid!r}")
            give("laid", c, uid)
        hidden = {h: table.int(f"{h}_hidden", lo=0, hi=len(index), default=0) for h in ("ss", "abwehr")}
        named = {index[c] for d in pending for c in getattr(d, "chits", ()) if c in index}
        cup = [i for i, where in enumerate(chits) if where == CUP and i not in named]
        if sum(hidden.values()) > len(cup):
            key = "ss_hidden" if hidden["ss"] else "abwehr_hidden"
            table.fail(key, f"only {len(cup)} chits are left in the cup")
        random.Random(f"{seed}/hidden chits").shuffle(cup)
        for holder, n in hidden.items():
            for i in cup[:n]:
                chits[i] = holder
            cup = cup[n:]
        table.done()
    return chits


def _coup(root: Node, rules: Rules) -> CoupState | None:
    """The coup under way, as the [coup] table says (none without one)."""
    if not root.has("coup"):
        return None
    c = root.table("coup")
    bonus = c.int("bonus", lo=0, hi=20)
    coup = CoupState(
        penalty=c.int("penalty", lo=1, hi=20),
        bonus=bonus,
        abwehr_bonus=c.int("abwehr_bonus", lo=0, hi=20, default=bonus),
        interphase_units=c.int("units", lo=0, hi=20, default=0),
        turn=c.int("turn", lo=0, hi=rules.game.coup_turns, default=1),
        passed=frozenset(c.list_of("passed", lambda n, k, v: _player_named(n, k, v), default=[])),
    )
    c.done()
    return coup


def _build(root: Node, rules: Rules, seed: int, new_game: Callable[..., GameState]) -> GameState:
    base = root.str("base", choices=["empty", "standard"], default="empty")
    seed = root.int("seed", default=seed)
    if root.str("phase", choices=[*PLAY_PHASES, "setup"], default="movement") == "setup":
        # 4.3: a new game whose players place their units themselves; nothing else to say
        for key in root.data:
            if key not in ("phase", "seed"):
                root.fail(key, "a set-up position is a new game's set-up: give only phase and seed")
        root.done()
        return new_game(seed, setup="choose", rules=rules)
    state = new_game(seed, rules=rules)
    phase = Phase(root.str("phase", choices=PLAY_PHASES, default="movement"))
    phasing = _player(root, "phasing", default="abwehr") or Player.ABWEHR
    if phase in (Phase.INVESTIGATION, Phase.INTERROGATION) and phase not in PLAYER_TURN[phasing]:
        root.fail(
            "phase",
            f"the {phasing.title} player has no {phase.value} phase (5.2): "
            "only the SS investigates and interrogates",
        )
    turn = root.int("turn", lo=1, hi=rules.game.game_turns, default=1)
    dice = root.list_of(
        "dice",
        lambda n, k, v: n.check_int("dice", v, lo=1, hi=rules.game.die_sides, what=f"a die roll at {k}"),
        default=[],
    )
    active = root.str("active", default=None)
    if active is not None and phase not in MOVING_PHASES:
        root.fail("active", f"no unit moves in the {phase.value} phase (9.11): leave active out")
    units = _units(root, rules, state, base, active)
    pending = (
        tuple(
            _decision(node, rules)
            for node in root.array_of_tables("pending", lambda d, i: f"pending {i + 1}")
        )
        if root.has("pending")
        else ()
    )
    chits = _chits(root, rules, seed, units, pending)
    coup = _coup(root, rules)
    if phase in COUP_PHASES and coup is None:
        root.fail("phase", f"phase {phase.value!r} needs a [coup] table")
    mp_spent = root.int("mp_spent", lo=0, hi=20, default=0)
    if active is not None and (active not in units or units[active].hex is None):
        root.fail("active", f"the active unit must be a unit on the map, got {active!r}")
    if mp_spent and active is None:  # 9.14: points are spent by the unit moving
        root.fail("mp_spent", "points spent belong to the unit moving now: give active too")
    # A phase that opens with automatic steps starts at its first one, so a position
    # named by its phase alone leads on: the Assignment Inter-Phase rolls its
    # tables (7.0), the Interrogation Phase takes each unit in the cell in turn (14.12).
    step = Step(
        root.str(
            "step",
            choices=[s.value for s in steps_of(phase)],
            default=FIRST_STEP.get(phase, Step.FREE).value,
        )
    )
    if step == Step.HITLER and phasing is not Player.SS:
        root.fail("step", "only the SS rolls for Hitler, at the start of his movement (9.61)")
    if (
        phase is Phase.INTERROGATION
        and step == Step.FREE
        and any(u.box is Box.INTERROGATION for u in units.values())
    ):
        root.fail(
            "step", "the units in the Interrogation Cell are interrogated first (14.12): leave step out"
        )
    listed = {
        key: frozenset(root.list_of(key, lambda n, k, v: _unit_id(n, k, v, rules), default=[]))
        for key in ("activated", "targeted")
    }
    root.done()
    # An announced investigation has used its investigators and its target this phase
    # (13.0), as announce() would have left them.
    used = {u for d in pending if isinstance(d, Exposure) for u in d.units} | listed["activated"]
    targeted = frozenset(d.unit for d in pending if isinstance(d, Exposure)) | listed["targeted"]
    state = evolve(
        state,
        turn=turn,
        phase=phase,
        phasing=phasing,
        step=step,
        units=tuple(units[uid] for uid in rules.units),
        chits=tuple(chits),
        dice=tuple(dice),
        pending=pending,
        active=active,
        mp_spent=mp_spent,
        activated=frozenset({active} if active else ()) | used,
        targeted=targeted,
        events=(),
        german_assignment=None,
        coup=coup,
    )
    return settle(state)


def _decision(node: Node, rules: Rules) -> Decision:
    """One pending decision: its kind names its class, which names the fields it takes."""
    kind = DecisionKind(node.str("kind", choices=[k.value for k in DecisionKind]))
    cls: type[Decision] = DECISION_RULES[kind].cls
    values: dict[str, Any] = {"player": _player(node, "player") or Player.ABWEHR}
    for f in attrs.fields(cls):
        if f.name == "player" or not node.has(f.name):
            continue
        if f.name == "unit":
            values[f.name] = _unit_id(node, f.name, node.str(f.name), rules)
        elif f.name in ("units", "cleared"):
            values[f.name] = tuple(node.list_of(f.name, lambda n, k, v: _unit_id(n, k, v, rules)))
        elif f.name == "hex":
            values[f.name] = _hex(node, f.name, node.str(f.name), rules)
        elif f.name == "options":
            values[f.name] = tuple(node.list_of(f.name, lambda n, k, v: _hex(n, k, v, rules)))
        elif f.name == "chits":
            values[f.name] = tuple(node.list_of(f.name, lambda n, k, v: _chit_id(n, k, v, rules)))
        elif f.name == "count":
            values[f.name] = node.int(f.name, lo=0, hi=20)
        elif f.name == "party":
            values[f.name] = _player(node, "party")
        elif f.name == "double_cross":
            values[f.name] = node.bool(f.name)
        elif f.name == "area":
            values[f.name] = node.str(f.name, choices=sorted(rules.map.areas))
        elif f.name == "case":
            values[f.name] = node.str(f.name, choices=["14.33", "15.12"])
    node.done()
    missing = [f.name for f in attrs.fields(cls) if f.name not in values and f.default is attrs.NOTHING]
    if missing:
        node.fail(None, f"the {kind.value} decision needs {', '.join(missing)}")
    return cls(**values)


def _player_named(node: Node, key: str, name: object) -> Player:
    if name not in ("ss", "abwehr"):
        node.fail(key, f'expected "ss" or "abwehr", got {name!r}')
    return Player(name)


def _unit_id(node: Node, key: str, uid: object, rules: Rules) -> str:
    if not isinstance(uid, str) or uid not in rules.units:
        node.fail(key, f"there is no unit {uid!r}")
    return uid


def _chit_id(node: Node, key: str, chit: object, rules: Rules) -> str:
    if not isinstance(chit, str) or chit not in chit_ids(rules):
        node.fail(key, f"there is no chit {chit!r}")
    return chit


def _hex(node: Node, key: str, text: object, rules: Rules) -> int:
    h = parse_hex(text) if isinstance(text, str) else None
    if h is None or h not in rules.map:
        node.fail(key, f"{text!r} is not a hex of the map")
    return h


def _unit(node: Node, rules: Rules, u: UnitState) -> UnitState:
    info = rules.units[node.where.split()[-1]]
    hex_text = node.str("hex", default=None)
    box_text = node.str("box", choices=[b.value for b in Box], default=None)
    if (hex_text is None) == (box_text is None):
        node.fail(None, 'give exactly one of hex = "CCRR" or box = "..."')
    h = None
    if hex_text is not None:
        h = parse_hex(hex_text)
        if h is None or h not in rules.map:
            node.fail("hex", f"{hex_text!r} is not a hex of the map")
    controller = _player(
        node, "controller", default=(info.control.value if info.control else "none"), allow_none=True
    )
    recruited = node.bool("recruited", default=info.sides is Sides.RECRUITMENT and controller is not None)
    suspected = node.bool("suspected", default=False)
    semi = node.bool("semi", default=False)
    marker_text = node.str("marker", choices=[m.value for m in Marker], default=None)
    node.done()
    if controller is not None and not info.party.german:
        node.fail(
            "controller",
            f"{info.short} is Allied and belongs to neither player (2.2, 11.12): leave controller out",
        )
    if recruited and info.sides is not Sides.RECRUITMENT:
        node.fail("recruited", f"{info.short} has no recruited side")
    if suspected and info.sides is not Sides.SUSPICION:
        node.fail("suspected", f"{info.short} has no suspected side")
    if semi:  # 12.35, 12.41: the Abwehr's, on its Unrecruited side
        if info.sides is not Sides.RECRUITMENT:
            node.fail("semi", f"{info.short} has no Unrecruited side to be semi-recruited on")
        if controller is not Player.ABWEHR:
            node.fail("semi", 'only the Abwehr semi-recruits (12.35): give controller = "abwehr"')
        if recruited:
            node.fail(
                "semi", "a semi-recruited unit shows its Unrecruited side (12.41): give recruited = false too"
            )
    return evolve(
        u,
        hex=h,
        box=None if h is not None else Box(box_text),
        controller=controller,
        recruited=recruited,
        suspected=suspected,
        semi=semi,
        marker=Marker(marker_text) if marker_text else None,
    )
