"""A position written from one side's view: the moment as that side sees it, in the
position format (position.py), so that loading it gives the side the same view.

Written from a view, not a state, so nothing the side may not see can reach the
text: the other side's hand is only its size (dealt from the cup by the seed when
the position is loaded), the face-down Allied units are those left unlisted (an
Allied unit not listed waits in the holding box), and the dice are the seed's.

Some moments cannot be written: a finished game, a rolled German assignment still
being carried out (7.22), an Allied unit being placed that the side has not seen
(7.11), or a step the format cannot start at. ``position_text`` refuses those with
``Unwritable``, saying which.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import attrs

from ..data.units import Sides
from ..hexgrid import label
from ..parties import Player
from ..rules import Rules
from .pending import Decision
from .position import off_the_map, steps_of
from .state import Phase, UnitState
from .view import PlayerView

HIDDEN = "?"  # the view's name for a face-down Allied unit


class Unwritable(ValueError):
    """This moment cannot be written as a position; the message says why."""


@cache
def _unlisted(rules: Rules) -> dict[str, UnitState]:
    """Each unit as a position leaves it when it is not listed (base = "empty")."""
    from .api import new_game

    return {u.id: off_the_map(rules, u) for u in new_game(0, rules=rules).units}


def _q(value: Any) -> str:
    """A TOML value: strings, numbers, booleans and lists of them (JSON's forms are TOML's)."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_q(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)


def _unit(rules: Rules, u: UnitState) -> str:
    info = rules.units[u.id]
    fields: list[tuple[str, object]] = [("hex", label(u.hex))] if u.hex is not None else [("box", str(u.box))]
    printed = info.control
    if u.controller is not printed:
        fields.append(("controller", u.controller.value if u.controller else "none"))
    if u.recruited != (info.sides is Sides.RECRUITMENT and u.controller is not None):
        fields.append(("recruited", u.recruited))
    if u.suspected:
        fields.append(("suspected", True))
    if u.semi:
        fields.append(("semi", True))
    if u.marker is not None:
        fields.append(("marker", str(u.marker)))
    return f"{_q(u.id)} = {{ " + ", ".join(f"{k} = {_q(v)}" for k, v in fields) + " }"


def _decision(d: Decision) -> list[str]:
    lines = ["", "[[pending]]", f"kind = {_q(str(d.kind))}", f"player = {_q(d.player.value)}"]
    for f in attrs.fields(type(d)):
        value = getattr(d, f.name)
        if f.name in ("player", "kind") or value is None or value == f.default:
            continue
        if f.name == "unit" and value == HIDDEN:
            raise Unwritable("an Allied unit is being placed that this side has not seen (7.11)")
        if f.name == "hex":
            value = label(value)
        elif f.name == "options":
            value = [label(h) for h in value]
        elif f.name == "party":
            value = value.value
        lines.append(f"{f.name} = {_q(value)}")
    return lines


def position_text(v: PlayerView, rules: Rules, *, seed: int) -> str:
    """The position ``v`` shows, as its side sees it; ``seed`` deals what it cannot see."""
    if v.side is None:
        raise Unwritable("a spectator's view has no hand to write")
    if v.outcome is not None:
        raise Unwritable("the game is over")
    if v.german_assignment is not None:
        raise Unwritable("a rolled German assignment is being carried out (7.22)")
    if v.step not in steps_of(v.phase):
        raise Unwritable(f"a position cannot start at step {v.step.value} of {v.phase.value}")
    if v.phase in (Phase.SETUP, Phase.GAME_OVER):
        raise Unwritable(f"a position cannot start in {v.phase.value}")
    lines = [
        f"# as the {v.side.title} player sees it",
        f"turn = {v.turn}",
        f"phase = {_q(str(v.phase))}",
        f"phasing = {_q(v.phasing.value)}",
        f"step = {_q(str(v.step))}",
        'base = "empty"',
        f"seed = {seed}",
    ]
    if v.active is not None:
        lines.append(f"active = {_q(v.active)}")
    if v.mp_spent:
        lines.append(f"mp_spent = {v.mp_spent}")
    if v.activated - {v.active}:
        lines.append(f"activated = {_q(sorted(v.activated - {v.active}))}")
    if v.targeted:
        lines.append(f"targeted = {_q(sorted(v.targeted))}")
    unlisted = _unlisted(rules)
    shown = [u for u in v.units if u.id != HIDDEN and u != unlisted[u.id]]
    if shown:
        lines += ["", "[units]"] + [_unit(rules, u) for u in shown]
    other = Player.ABWEHR if v.side is Player.SS else Player.SS
    lines += ["", "[chits]", f"{v.side.value} = {_q(list(v.own_chits))}"]
    if v.chit_counts[other.value]:
        lines.append(f"{other.value}_hidden = {v.chit_counts[other.value]}")
    if v.laid:
        lines.append("laid = { " + ", ".join(f"{c} = {_q(u)}" for c, u in sorted(v.laid.items())) + " }")
    if v.coup is not None:
        c = v.coup
        lines += [
            "",
            "[coup]",
            f"penalty = {c.penalty}",
            f"bonus = {c.bonus}",
            f"abwehr_bonus = {c.abwehr_bonus}",
            f"units = {c.interphase_units}",
            f"turn = {c.turn}",
        ]
        if c.passed:
            lines.append(f"passed = {_q(sorted(p.value for p in c.passed))}")
    for d in v.pending:
        lines += _decision(d)
    return "\n".join(lines) + "\n"
