"""The reconstructed map (docs/rules/map.md), loaded from rules_data/map/.

map.txt holds the areas as text art; map.toml holds area names, Military
Advance turns, HQs and set-up marks. Validation enforces what docs/rules/map.md asks
of any map: every hex in one known area, every area connected, HQ hexes
inside their area, and marks on real, distinct hexes.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

import attrs

from ..hexgrid import Hex, adjacent_ids, hex_at, label, parse_hex
from ..hexgrid import distance as _distance
from ..parties import Party
from .reader import Node, Source

SETUP_KINDS = ("ss", "nazi", "abwehr", "civilian", "okw", "common")
BOX_KEYS = (
    "cup",
    "ss_chits",
    "abwehr_chits",
    "ss_retirement",
    "abwehr_retirement",
    "allied_holding",
    "interrogation_cell",
    "eliminated",
)


@attrs.frozen
class Area:
    code: str
    name: str
    military_advance: int | None  # 16.11: Game-Turn it is occupied, None = never
    colour: str


@attrs.frozen
class Headquarters:
    key: str
    name: str
    area: str
    friendly_parties: frozenset[Party]
    friendly_units: frozenset[str]
    hexes: tuple[Hex, ...]

    def friendly_to(self, unit_id: str, party: Party) -> bool:
        """9.22-9.23: friendliness goes by party (or named unit), never by controller."""
        return party in self.friendly_parties or unit_id in self.friendly_units


@attrs.frozen
class HexMap:
    columns: int
    rows: int
    provenance: str
    area_of: Mapping[Hex, str]
    areas: Mapping[str, Area]
    hqs: Mapping[str, Headquarters]
    hq_of: Mapping[Hex, str]
    named_setup: Mapping[str, Hex]
    setup_marks: Mapping[str, tuple[Hex, ...]]
    boxes: Mapping[str, str]
    neighbours: Mapping[Hex, tuple[Hex, ...]]

    def __contains__(self, h: object) -> bool:
        return h in self.area_of

    def distance(self, a: Hex, b: Hex) -> int:
        return _distance(a, b)

    def is_border(self, a: Hex, b: Hex) -> bool:
        """2.2: a border is a hexside where the area changes."""
        return self.area_of[a] != self.area_of[b]

    def hexes_in(self, area: str) -> tuple[Hex, ...]:
        return tuple(h for h, a in self.area_of.items() if a == area)

    def bordering_areas(self, area: str) -> frozenset[str]:
        return frozenset(
            self.area_of[n]
            for h in self.hexes_in(area)
            for n in self.neighbours[h]
            if self.area_of[n] != area
        )


def connected(hexes: Iterable[Hex], neighbours: Mapping[Hex, tuple[Hex, ...]]) -> bool:
    pool = set(hexes)
    if not pool:
        return True
    start = next(iter(pool))
    seen = {start}
    todo = deque([start])
    while todo:
        for n in neighbours[todo.popleft()]:
            if n in pool and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(pool)


# -- map.txt ---------------------------------------------------------------

_ROW = re.compile(r"^(\d+)\s*\|(.*)$")


def parse_art(source: Source, columns: int, rows: int) -> dict[Hex, str]:
    """Rows look like ``07 |    PR  PR  CC ...``: a row number, a bar, one token per column."""
    area_of: dict[Hex, str] = {}
    expect = 1
    for n, line in enumerate(source.lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _ROW.match(line)
        if not m:
            raise source.error(
                "expected a map row like '07 |  PR  PR  CC ...' (row number, '|', one area code per column)",
                line=n,
            )
        row = int(m.group(1))
        if row != expect:
            raise source.error(f"expected row {expect:02d} next, found row {row:02d}", line=n)
        tokens = m.group(2).split()
        if len(tokens) != columns:
            raise source.error(
                f"row {row:02d} has {len(tokens)} hexes; map.toml says columns = {columns}", line=n
            )
        for col, tok in enumerate(tokens, start=1):
            if tok == "..":
                continue
            if not re.fullmatch(r"[A-Z]{2}", tok):
                raise source.error(
                    f"hex {label(hex_at(col, row))}: expected a two-letter area code or '..', got {tok!r}",
                    line=n,
                )
            area_of[hex_at(col, row)] = tok
        expect += 1
    if expect - 1 != rows:
        raise source.error(f"the art has {expect - 1} rows; map.toml says rows = {rows}")
    return area_of


# -- map.toml --------------------------------------------------------------


def _hex(node: Node, key: str, value: object, area_of: Mapping[Hex, str]) -> Hex:
    h = parse_hex(value) if isinstance(value, str) else None
    if h is None:
        node.fail(key.split("[")[0], f"{key}: expected a hex id like '0512', got {value!r}")
    if h not in area_of:
        node.fail(key.split("[")[0], f"{key}: hex {value} is not on the map")
    return h


def _areas(
    root: Node, meta_src: Source, area_of: dict[Hex, str], neighbours: dict[Hex, tuple[Hex, ...]]
) -> dict[str, Area]:
    """The [areas] of map.toml, each used by the art and each one connected piece."""
    areas: dict[str, Area] = {}
    for code, node in root.subtables("areas"):
        if not re.fullmatch(r"[A-Z]{2}", code):
            node.fail(None, f"area code must be two capital letters, got {code!r}")
        adv = node.raw("military_advance")
        if adv != "never":
            adv = node.check_int("military_advance", adv, lo=1, hi=99, what='a Game-Turn number or "never"')
        areas[code] = Area(
            code,
            node.str("name"),
            None if adv == "never" else adv,
            node.str("colour", pattern=r"#[0-9a-fA-F]{6}", what="a colour like '#7a6a55'"),
        )
        node.done()
    for h, code in area_of.items():
        if code not in areas:
            raise meta_src.error(
                f"map.txt uses area code {code} (hex {label(h)}) but map.toml has no [areas.{code}]"
            )
    for code in areas:
        cells = [h for h, a in area_of.items() if a == code]
        if not cells:
            raise meta_src.error(
                f"area {code} has no hexes in the map art", line=meta_src.find(rf"^\[areas\.{code}\]")
            )
        if not connected(cells, neighbours):
            raise meta_src.error(
                f"area {code} ({areas[code].name}) is split into separate "
                "pieces; every area must be one connected region (docs/rules/map.md)",
                line=meta_src.find(rf"^\[areas\.{code}\]"),
            )
    return areas


def _hqs(
    root: Node, areas: dict[str, Area], area_of: dict[Hex, str], neighbours: dict[Hex, tuple[Hex, ...]]
) -> tuple[dict[str, Headquarters], dict[Hex, str]]:
    """The [hqs]: each in one area, its hexes touching, no hex in two."""
    hqs: dict[str, Headquarters] = {}
    hq_of: dict[Hex, str] = {}
    parties = {p.value for p in Party}
    for key, node in root.subtables("hqs"):
        area = node.str("area", choices=list(areas))
        fp = node.list("friendly_parties")
        for p in fp:
            if p not in parties:
                node.fail("friendly_parties", f"unknown party {p!r} (known: {', '.join(sorted(parties))})")
        fu = node.list_of(
            "friendly_units",
            lambda n, k, v: (
                v
                if isinstance(v, str) and re.fullmatch(r"\d{3}", v)
                else n.fail("friendly_units", f"{k}: expected a unit id like '100', got {v!r}")
            ),
        )
        hexes = tuple(node.list_of("hexes", lambda n, k, v: _hex(n, k, v, area_of), min_length=1))
        for h in hexes:
            if area_of[h] != area:
                node.fail("hexes", f"hex {label(h)} is in area {area_of[h]}, not {area}")
            if h in hq_of:
                node.fail("hexes", f"hex {label(h)} is already part of {hqs[hq_of[h]].name}")
            hq_of[h] = key
        if not connected(hexes, neighbours):
            node.fail("hexes", "the HQ's hexes must touch one another")
        hqs[key] = Headquarters(
            key, node.str("name"), area, frozenset(Party(p) for p in fp), frozenset(fu), hexes
        )
        node.done()
    return hqs, hq_of


def _setup(
    root: Node, meta_src: Source, area_of: dict[Hex, str]
) -> tuple[dict[str, Hex], dict[str, tuple[Hex, ...]]]:
    """The set-up's named hexes and marks (4.3): one unit to a hex."""
    setup = root.table("setup")
    named_node = setup.table("named")
    named = {}
    for uid in list(named_node.data):
        if not re.fullmatch(r"\d{3}", uid):
            named_node.fail(uid, f"expected a unit id like '000', got {uid!r}")
        named[uid] = _hex(named_node, uid, named_node.raw(uid), area_of)
    named_node.done()
    marks_node = setup.table("marks")
    marks = {k: tuple(marks_node.list_of(k, lambda n, key, v: _hex(n, key, v, area_of))) for k in SETUP_KINDS}
    marks_node.done()
    setup.done()
    placed: dict[Hex, str] = {}
    for what, hexes in [
        *((f"{k} mark", v) for k, v in marks.items()),
        *((f"named hex of unit {u}", (h,)) for u, h in named.items()),
    ]:
        for h in hexes:
            if h in placed:
                raise meta_src.error(
                    f"hex {label(h)} is both the {placed[h]} and the {what}; "
                    "each set-up hex takes one unit (4.3)",
                    line=meta_src.find(label(h)),
                )
            placed[h] = what
    return named, marks


def load_map(read: Callable[[str], Source]) -> HexMap:
    """``read(relative_path) -> Source``."""
    meta_src = read("map/map.toml")
    root = meta_src.parse_toml()
    m = root.table("map")
    columns = m.int("columns", lo=1, hi=99)
    rows = m.int("rows", lo=1, hi=99)
    art_name = m.str("art", pattern=r"[\w.-]+", what="a file name beside map.toml")
    provenance = m.str("provenance")
    m.done()
    area_of = parse_art(read(f"map/{art_name}"), columns, rows)

    neighbours: dict[Hex, tuple[Hex, ...]] = {}
    for h in area_of:
        neighbours[h] = tuple(
            n
            for n in (hex_at(c, r) for c, r in adjacent_ids(h) if 1 <= c <= columns and 1 <= r <= rows)
            if n in area_of
        )

    areas = _areas(root, meta_src, area_of, neighbours)
    hqs, hq_of = _hqs(root, areas, area_of, neighbours)
    named, marks = _setup(root, meta_src, area_of)

    boxes_node = root.table("boxes")
    boxes = {k: boxes_node.str(k) for k in BOX_KEYS}
    boxes_node.done()
    root.done()
    return HexMap(
        columns=columns,
        rows=rows,
        provenance=provenance,
        area_of=MappingProxyType(area_of),
        areas=MappingProxyType(areas),
        hqs=MappingProxyType(hqs),
        hq_of=MappingProxyType(hq_of),
        named_setup=MappingProxyType(named),
        setup_marks=MappingProxyType(marks),
        boxes=MappingProxyType(boxes),
        neighbours=MappingProxyType(neighbours),
    )
