"""The observation tensor: everything a side's observation string says, in numbers.

Each piece is named (the observer's ``dict``). The board: each unit's place, box,
controller, sides and marker; the chits: the side's own, the counts, the ones laid on
units (18.61); the sequence: turn, phase, phasing side, step, who acts, the unit
moving and its movement points spent, the units that have acted and been targeted
this phase, the Allied units in holding, the rolled German assignment (7.22), the coup
(18.15); the decisions pending (how many of each kind, and the last one's every field:
the one being answered); and the attempts this adapter no longer offers in the phase
(a recruitment or investigation declared and taken back). Two points whose tensors
are equal have the same observation string and the same legal actions (a test walks
games to hold it).
"""

from __future__ import annotations

import types
from typing import Any, Union, get_args, get_origin, get_type_hints

import attrs
import numpy as np

from plot_core import Action, Player, PlayerView, Rules, Verb
from plot_core.engine import DECISION_RULES, Box, Decision, DecisionKind, Marker, Phase, Step, chit_ids

PLAYERS = (Player.SS, Player.ABWEHR)  # OpenSpiel's player 0 and 1
NUMBER = {p: n for n, p in enumerate(PLAYERS)}
SCALE = 10.0  # counts, bonuses and movement points are given over ten


def decision_classes() -> list[type[Decision]]:
    """Every kind of pending decision, each once (its class), in a fixed order."""
    return sorted((r.cls for r in DECISION_RULES.values()), key=lambda c: list(DecisionKind).index(c.kind))


class Layout:
    """Where each piece sits in the tensor, and how a view is written into it."""

    def __init__(self, rules: Rules, *, other_chits: bool) -> None:
        self.units = dict(rules.unit_order)
        self.chits = {c: i for i, c in enumerate(chit_ids(rules))}
        self.areas = {a: i for i, a in enumerate(sorted(set(rules.map.area_of.values())))}
        self.hexes = {h: i for i, h in enumerate(sorted(rules.map.area_of))}
        self.cases = {c: i for i, c in enumerate(sorted(rules.cases.cases))}
        self.box = {b: i for i, b in enumerate(Box)}
        self.marker = {m: i for i, m in enumerate(Marker)}
        self.phase = {p: i for i, p in enumerate(Phase)}
        self.step = {s: i for i, s in enumerate(Step)}
        self.kinds = {k: i for i, k in enumerate(DecisionKind)}
        self.per_unit = 3 + len(Box) + 3 + 3 + len(Marker)
        n_units, n_chits = len(self.units), len(self.chits)
        pieces = [
            ("units", n_units * self.per_unit),
            ("own_chits", n_chits),
            ("chit_counts", 3),
            ("turn", 1),
            ("phase", len(Phase)),
            ("step", len(Step)),
            ("to_act", 2),
            ("coup", 2),
            ("phasing", 2),
            ("active", n_units),
            ("mp_spent", 1),
            ("activated", n_units),
            ("targeted", n_units),
            ("allied_in_holding", 1),
            ("german_assignment", 1 + 1 + 2 + len(self.areas)),
            ("coup_detail", 4 + 2),
            ("laid", n_chits),
            ("pending_kinds", len(DecisionKind)),
            ("taken_back", n_units * 2),
        ]
        # the last pending decision, field by field: a block per kind of decision
        self.fields: dict[type[Decision], list[tuple[str, str, int]]] = {}
        for cls in decision_classes():
            hints = get_type_hints(cls)
            fields = []
            for f in attrs.fields(cls):
                if f.name == "player":
                    continue
                what = self._kind_of(f.name, hints[f.name])
                fields.append((f.name, what, self._size(what)))
            self.fields[cls] = fields
            pieces.append((f"pending_{cls.kind.value}", 2 + sum(n for *_, n in fields)))
        if other_chits:
            pieces.append(("other_chits", n_chits))
        self.pieces = pieces
        self.size = sum(n for _, n in pieces)

    @staticmethod
    def _kind_of(name: str, hint: Any) -> str:
        """How a decision's field is written: by what it holds."""
        if get_origin(hint) in (Union, types.UnionType):
            hint = next(a for a in get_args(hint) if a is not type(None))
        if get_origin(hint) is tuple:
            inner = get_args(hint)[0]
            return "hexes" if inner is int else ("units" if name == "units" else "chits")
        if hint is Player:
            return "player"
        if hint is bool:
            return "flag"
        if hint is int:
            return "hex" if name == "hex" else "count"
        if name == "unit":
            return "unit"
        if name == "area":
            return "area"
        if name == "case":
            return "case"
        raise TypeError(f"a decision's field {name}: {hint} has no encoding")

    def _size(self, what: str) -> int:
        return {
            "hexes": len(self.hexes),
            "units": len(self.units),
            "chits": len(self.chits),
            "player": 2,
            "flag": 1,
            "count": 1,
            "hex": 1 + len(self.hexes),
            "unit": len(self.units),
            "area": len(self.areas),
            "case": len(self.cases),
        }[what]

    def pieces_of(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        out, at = {}, 0
        for name, n in self.pieces:
            out[name] = tensor[at : at + n]
            at += n
        return out

    # -- writing ---------------------------------------------------------------------------
    def write_private(self, d: dict[str, np.ndarray], v: PlayerView, others: tuple[str, ...]) -> None:
        for c in v.own_chits:
            d["own_chits"][self.chits[c]] = 1.0
        for c in others:
            d["other_chits"][self.chits[c]] = 1.0

    def write_public(self, d: dict[str, np.ndarray], v: PlayerView, taken_back: frozenset[Action]) -> None:
        for u in v.units:
            i = self.units.get(u.id)
            if i is None:
                continue  # a face-down placeholder: nothing known of it
            row = d["units"][i * self.per_unit : (i + 1) * self.per_unit]
            if u.hex is not None:
                row[0], row[1], row[2] = 1.0, (u.hex // 100) / 100, (u.hex % 100) / 100
            if u.box is not None:
                row[3 + self.box[u.box]] = 1.0
            at = 3 + len(self.box)
            row[at + (0 if u.controller is None else 1 + NUMBER[u.controller])] = 1.0
            row[at + 3], row[at + 4], row[at + 5] = float(u.recruited), float(u.semi), float(u.suspected)
            if u.marker is not None:
                row[at + 6 + self.marker[u.marker]] = 1.0
        total = len(self.chits)
        for k, holder in enumerate(("cup", "ss", "abwehr")):
            d["chit_counts"][k] = v.chit_counts.get(holder, 0) / total
        d["turn"][0] = v.turn / 20
        d["phase"][self.phase[v.phase]] = 1.0
        d["step"][self.step[v.step]] = 1.0
        if v.to_act is not None:
            d["to_act"][NUMBER[v.to_act]] = 1.0
        d["phasing"][NUMBER[v.phasing]] = 1.0
        if v.active is not None:
            d["active"][self.units[v.active]] = 1.0
        d["mp_spent"][0] = v.mp_spent / SCALE
        for name, ids in (("activated", v.activated), ("targeted", v.targeted)):
            for u_id in ids:
                d[name][self.units[u_id]] = 1.0
        d["allied_in_holding"][0] = v.allied_in_holding / SCALE
        g = v.german_assignment
        if g is not None:
            block = d["german_assignment"]
            block[0], block[1] = 1.0, g.count / SCALE
            block[2 + NUMBER[g.player]] = 1.0
            block[4 + self.areas[g.area]] = 1.0
        if v.coup is not None:
            c = v.coup
            d["coup"][0], d["coup"][1] = 1.0, c.turn / 10
            detail = d["coup_detail"]
            detail[:4] = [x / SCALE for x in (c.penalty, c.bonus, c.abwehr_bonus, c.interphase_units)]
            for p in c.passed:
                detail[4 + NUMBER[p]] = 1.0
        n_units = len(self.units)
        for chit, unit in v.laid.items():
            d["laid"][self.chits[chit]] = (self.units[unit] + 1) / n_units
        for decision in v.pending:
            d["pending_kinds"][self.kinds[decision.kind]] += 1.0 / 3
        if v.pending:
            self._write_decision(d, v.pending[-1])
        for a in taken_back:
            if a.unit is not None:
                d["taken_back"][2 * self.units[a.unit] + (a.verb is Verb.INVESTIGATE)] = 1.0

    def _write_decision(self, d: dict[str, np.ndarray], decision: Decision) -> None:
        block = d[f"pending_{decision.kind.value}"]
        block[NUMBER[decision.player]] = 1.0
        at = 2
        for name, what, n in self.fields[type(decision)]:
            self._write_field(block[at : at + n], what, getattr(decision, name))
            at += n

    def _write_field(self, out: np.ndarray, what: str, value: Any) -> None:
        if value is None:
            return
        if what == "hexes":
            for h in value:
                out[self.hexes[h]] = 1.0
        elif what in ("units", "chits"):
            index = self.units if what == "units" else self.chits
            for x in value:
                if x in index:  # (a face-down unit, "?", is no unit known)
                    out[index[x]] = 1.0
        elif what == "player":
            out[NUMBER[value]] = 1.0
        elif what == "flag":
            out[0] = float(value)
        elif what == "count":
            out[0] = value / SCALE
        elif what == "hex":
            out[0] = 1.0
            out[1 + self.hexes[value]] = 1.0
        elif what == "unit":
            if value in self.units:  # (a face-down unit, "?", is no unit known)
                out[self.units[value]] = 1.0
        elif what == "area":
            out[self.areas[value]] = 1.0
        elif what == "case":
            out[self.cases[value]] = 1.0
