"""The 69 unit counters (3.31), loaded from rules_data/counters.toml."""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

import attrs

from ..parties import Party, Player
from .reader import Node, Source

HITLER = "100"  # the one unit with rules of his own (9.6, 9.59, 18.5)


class Sides(StrEnum):
    SINGLE = "single"  # SS units, Hitler, Allied units
    RECRUITMENT = "recruitment"  # front Recruited / back Unrecruited (2.2)
    SUSPICION = "suspicion"  # front Suspected / back Unsuspected (2.2, 12.74)


@attrs.frozen
class Ratings:
    """One side of a counter. A defence-only side has no effectiveness or movement."""

    effectiveness: int | None
    defence: int
    movement: int | None

    def __str__(self) -> str:
        if self.effectiveness is None:
            return f"[{self.defence}]"
        return f"{self.effectiveness}-{self.defence}-{self.movement}"


@attrs.frozen
class Unit:
    id: str
    short: str  # the name messages use: "Stauffenberg"
    label: str  # as printed on the counter: "Staufnbg"
    name: str  # the person's full name
    party: Party
    sides: Sides
    front: Ratings
    back: Ratings | None
    leader: bool
    control: Player | None  # 4.37: who controls it at the start
    role: str

    @property
    def side_names(self) -> tuple[str, str] | None:
        return {
            Sides.RECRUITMENT: ("recruited", "unrecruited"),
            Sides.SUSPICION: ("suspected", "unsuspected"),
        }.get(self.sides)


_RATINGS = re.compile(r"(\d)-(\d)-(\d)|\[(\d)\]")


def _ratings(node: Node, key: str) -> Ratings:
    text = node.str(key)
    m = _RATINGS.fullmatch(text)
    if not m:
        node.fail(
            key,
            f"expected ratings like '8-7-8' (effectiveness-defence-movement) "
            f"or '[7]' (defence only), got {text!r}",
        )
    if m.group(4) is not None:
        return Ratings(None, int(m.group(4)), None)
    return Ratings(int(m.group(1)), int(m.group(2)), int(m.group(3)))


def _unit(node: Node) -> Unit:
    uid = node.str("id", pattern=r"\d{3}", what="a three-digit unit id")
    party = Party(node.str("party", choices=[p.value for p in Party]))
    sides = Sides(node.str("sides", choices=[s.value for s in Sides]))
    front = _ratings(node, "front")
    back = _ratings(node, "back") if node.has("back") else None
    control = node.str("control", choices=["ss", "abwehr", "none"])
    unit = Unit(
        id=uid,
        short=node.str("short", pattern=r"\S.{0,15}", what="a name of 1-16 characters"),
        label=node.str("label", pattern=r"\S.{0,9}", what="a counter label of 1-10 characters"),
        name=node.str("name", pattern=r"\S.*", what="a name"),
        party=party,
        sides=sides,
        front=front,
        back=back,
        leader=node.bool("leader", default=False),
        control=None if control == "none" else Player(control),
        role=node.str("role", default=""),
    )
    node.done()
    # The shape of each side must match what 2.2 says the counter shows.
    if sides is Sides.SINGLE and back is not None:
        node.fail("back", "a single-sided unit has no back")
    if sides is not Sides.SINGLE and back is None:
        node.fail(None, f"missing key 'back' (a {sides.value} unit has two sides)")
    if sides is Sides.RECRUITMENT and back is not None and back.effectiveness is not None:
        node.fail("back", "the unrecruited side shows only a defence strength, like '[7]'")
    if sides is Sides.SUSPICION and back is not None and back.effectiveness is None:
        node.fail("back", "the unsuspected side shows full ratings, like '8-7-8'")
    if party is not Party.ALLIED and front.effectiveness is None:
        node.fail("front", "a German unit's front shows full ratings, like '8-7-8'")
    if party is Party.ALLIED and front.effectiveness is not None:
        node.fail("front", "an Allied unit shows only a defence strength, like '[6]' (10.25)")
    return unit


def load_units(source: Source) -> Mapping[str, Unit]:
    root = source.parse_toml()
    units: dict[str, Unit] = {}
    for node in root.array_of_tables("unit", lambda d, i: f"unit {d.get('id', '#' + str(i + 1))}"):
        unit = _unit(node)
        if unit.id in units:
            node.fail("id", f"unit id {unit.id} appears twice")
        units[unit.id] = unit
    root.done()
    if not units:
        raise source.error("no [[unit]] entries")
    return MappingProxyType(dict(sorted(units.items())))
