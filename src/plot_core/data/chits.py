"""The 97 Randomizer chits (6.1), loaded from rules_data/chits.toml."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from enum import StrEnum

import attrs

from .reader import Node, Source


class ChitKind(StrEnum):
    FUHRER_ACCESS = "fuhrer_access"
    TRAVEL = "travel"
    ALIBI_ARREST = "alibi_arrest"
    DOUBLE_CROSS = "double_cross"
    FRIENDLY_ASSIGNMENT = "friendly_assignment"
    ENEMY_ASSIGNMENT = "enemy_assignment"
    LOYALTY = "loyalty"


@attrs.frozen
class Chit:
    id: str
    kind: ChitKind
    unit: str | None = None  # the unit a Loyalty chit belongs to


@attrs.frozen
class ChitSet:
    chits: tuple[Chit, ...]
    names: Mapping[ChitKind, str]

    def by_id(self) -> dict[str, Chit]:
        """Every chit by its id. Shared: do not change what it returns."""
        return self._by_id

    @functools.cached_property
    def _by_id(self) -> dict[str, Chit]:
        return {c.id: c for c in self.chits}

    def count(self, kind: ChitKind) -> int:
        return sum(1 for c in self.chits if c.kind is kind)

    def loyalty_units(self) -> frozenset[str]:
        return frozenset(c.unit for c in self.chits if c.unit is not None)


def _unit_id(node: Node, key: str, value: object) -> str:
    if not isinstance(value, str) or not (len(value) == 3 and value.isdigit()):
        node.fail(key.split("[")[0], f"{key}: expected a three-digit unit id, got {value!r}")
    return value


def load_chits(source: Source) -> ChitSet:
    root = source.parse_toml()
    chits: list[Chit] = []
    names: dict[ChitKind, str] = {}
    prefixes: dict[str, str] = {}
    for key, node in root.subtables("kinds"):
        if key not in {k.value for k in ChitKind} or key == ChitKind.LOYALTY:
            node.fail(
                None,
                f"unknown chit kind '{key}' (known: "
                f"{', '.join(k.value for k in ChitKind if k is not ChitKind.LOYALTY)})",
            )
        kind = ChitKind(key)
        names[kind] = node.str("name")
        count = node.int("count", lo=1, hi=99)
        prefix = node.str("prefix", pattern=r"[A-Z]{1,3}", what="1-3 capital letters")
        node.str("use", default="")
        node.done()
        if prefix in prefixes:
            node.fail("prefix", f"prefix {prefix} is already used by {prefixes[prefix]}")
        prefixes[prefix] = key
        chits += [Chit(f"{prefix}{n}", kind) for n in range(1, count + 1)]
    for kind in ChitKind:
        if kind is not ChitKind.LOYALTY and kind not in names:
            raise source.error(f"missing [kinds.{kind.value}]")
    loyalty = root.table("loyalty")
    names[ChitKind.LOYALTY] = loyalty.str("name")
    prefix = loyalty.str("prefix", pattern=r"[A-Z]{1,3}", what="1-3 capital letters")
    if prefix in prefixes:
        loyalty.fail("prefix", f"prefix {prefix} is already used by {prefixes[prefix]}")
    loyalty.str("use", default="")
    units = loyalty.list_of("units", _unit_id, min_length=1)
    loyalty.done()
    root.done()
    seen: set[str] = set()
    for u in units:
        if u in seen:
            loyalty.fail("units", f"unit {u} has two Loyalty chits")
        seen.add(u)
        chits.append(Chit(f"{prefix}{u}", ChitKind.LOYALTY, u))
    return ChitSet(tuple(chits), names)
