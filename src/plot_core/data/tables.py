"""The printed tables (3.21), loaded from rules_data/tables/*.toml.

Each lookup takes the raw quantity (a differential, a ratio, a total) and
applies the rulebook's limits, citing the case that sets each one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType

import attrs

from ..parties import Player
from .reader import Node, Source


@attrs.frozen
class Grid:
    """A die-row by column table of result codes."""

    case: str
    name: str
    provenance: str
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    cells: tuple[tuple[str, ...], ...]
    results: Mapping[str, str]

    def cell(self, row: int, column: int) -> str:
        return self.cells[self.rows.index(row)][self.columns.index(column)]

    def column_label(self, column: int, *, short: bool = False) -> str:
        """A column as the odds and the Tables tab both name it: a differential (+3,
        10.71, 10.72, 12.9), odds (3:1, 13.36) or the prisoner's defence (defence 3,
        14.34; ``short``: 3, under a heading that says so)."""
        if self.case == "13.36":
            return f"{column}:1"
        if self.columns_are:
            return str(column) if short else f"defence {column}"
        return f"{column:+d}"

    @property
    def columns_are(self) -> str:
        """What a short column label counts, where the number alone does not say."""
        return "the prisoner's defence" if self.case == "14.34" else ""


@attrs.frozen
class GermanAssignment:
    """'2/Ab/BR': two Abwehr units to Berne (7.22)."""

    count: int
    player: Player
    area: str

    def __str__(self) -> str:
        return f"{self.count}/{'SS' if self.player is Player.SS else 'Ab'}/{self.area}"


@attrs.frozen
class AssignmentTable:
    case: str
    name: str
    provenance: str
    allied: tuple[tuple[str, ...], ...]
    german: tuple[tuple[GermanAssignment | None, ...], ...]

    def result(self, first: int, second: int) -> tuple[str, GermanAssignment | None]:
        """7.0: the first die picks the row, the second the column."""
        return self.allied[first - 1][second - 1], self.german[first - 1][second - 1]


@attrs.frozen
class Draw:
    player: Player
    count: int


@attrs.frozen
class RandomizerTable:
    case: str
    name: str
    provenance: str
    cells: tuple[tuple[Draw | None, ...], ...]  # [die-1][column-1]

    def result(self, die: int, game_turn: int) -> Draw | None:
        """6.23: die against Game-Turn; turns past the last column use it (see the rules notes)."""
        column = min(game_turn, len(self.cells[0]))
        return self.cells[die - 1][column - 1]


@attrs.frozen
class CoupResult:
    """18.15: penalty/bonus/units, e.g. 3/5/2."""

    penalty: int
    bonus: int
    units: int


@attrs.frozen
class WalkyrieTable:
    case: str
    name: str
    provenance: str
    bands: tuple[tuple[int, int, CoupResult | None], ...]

    def result(self, total: int) -> CoupResult | None:
        """18.13: die + Führer Access chits; above the last band reads as the last."""
        total = max(self.bands[0][0], min(total, self.bands[-1][1]))
        for lo, hi, res in self.bands:
            if lo <= total <= hi:
                return res
        raise AssertionError("bands cover every total")  # validated at load


@attrs.frozen
class PanicTable:
    case: str
    name: str
    provenance: str
    counts: tuple[int, ...]

    def result(self, die: int) -> int:
        return self.counts[die - 1]


@attrs.frozen
class Tables:
    assignment: AssignmentTable
    randomizer: RandomizerTable
    harassment: Grid
    coup_harassment: Grid
    recruitment: Grid
    investigation: Grid
    interrogation: Grid
    walkyrie: WalkyrieTable
    okw_panic: PanicTable

    # -- lookups with the rulebook's limits ------------------------------
    def harassment_result(self, differential: int, die: int, *, coup: bool = False) -> str | None:
        """10.34: none below 0; above the last column (+6) use it (rules notes, 18.18)."""
        grid = self.coup_harassment if coup else self.harassment
        if differential < grid.columns[0]:
            return None
        return grid.cell(die, min(differential, grid.columns[-1]))

    def recruitment_result(self, differential: int, die: int) -> str | None:
        """12.53: none below +1; 12.54: above +7 uses +7."""
        grid = self.recruitment
        if differential < grid.columns[0]:
            return None
        return grid.cell(die, min(differential, grid.columns[-1]))

    def investigation_column(self, effectiveness: int, defence: int) -> int | None:
        """13.0: ratio rounded down for the defender; 13.21 none below 2:1; 13.23 cap 5:1."""
        ratio = effectiveness // defence
        grid = self.investigation
        if ratio < grid.columns[0]:
            return None
        return min(ratio, grid.columns[-1])

    def investigation_result(self, effectiveness: int, defence: int, die: int) -> str | None:
        column = self.investigation_column(effectiveness, defence)
        return None if column is None else self.investigation.cell(die, column)

    def interrogation_result(self, defence: int, roll: int) -> str:
        """14.22-14.23: the roll (with Alibi chits) counts at most 8; columns clamp (see the rules notes)."""
        grid = self.interrogation
        roll = max(grid.rows[0], min(roll, grid.rows[-1]))
        column = max(grid.columns[0], min(defence, grid.columns[-1]))
        return grid.cell(roll, column)


# -- loading ---------------------------------------------------------------


def _header(node: Node, case: str) -> tuple[str, str, str]:
    got = node.str("case")
    if got != case:
        node.fail("case", f"this file holds table {case}, but says case {got!r}")
    return (
        case,
        node.str("name"),
        node.str(
            "provenance", pattern=r"(printed|reconstructed).*", what="'printed...' or 'reconstructed: why'"
        ),
    )


def _int_axis(node: Node, key: str, expect: list[int] | None = None) -> tuple[int, ...]:
    values = tuple(node.list_of(key, lambda n, k, v: n.check_int(key, v, what=f"a number at {k}")))
    if expect is not None and list(values) != expect:
        node.fail(key, f"expected {expect}, got {list(values)}")
    if len(values) < 1 or list(values) != sorted(set(values)):
        node.fail(key, "expected increasing numbers")
    return values


def _grid(
    node: Node, rows: tuple[int, ...], columns: tuple[int, ...], key: str, codes: set[str] | None
) -> tuple[tuple[str, ...], ...]:
    raw = node.list(key, length=len(rows))
    out = []
    for r, row in zip(rows, raw, strict=True):
        if not isinstance(row, list) or len(row) != len(columns):
            n = len(row) if isinstance(row, list) else "not a list"
            node.fail(key, f"row for die {r}: expected {len(columns)} cells, got {n}")
        for c, cell in zip(columns, row, strict=True):
            if not isinstance(cell, str):
                node.fail(key, f"row {r}, column {c}: expected a result code, got {cell!r}")
            if codes is not None and cell not in codes:
                node.fail(
                    key,
                    f"row {r}, column {c}: unknown result {cell!r} "
                    f"(expected one of {', '.join(sorted(codes))})",
                )
        out.append(tuple(row))
    return tuple(out)


def _load_grid(
    source: Source, case: str, *, columns: list[int] | None = None, rows: list[int] | None = None
) -> Grid:
    node = source.parse_toml()
    case, name, prov = _header(node, case)
    r = _int_axis(node, "rows", rows)
    c = _int_axis(node, "columns", columns)
    res = node.table("results")
    results = {k: res.str(k) for k in list(res.data)}
    res.done()
    cells = _grid(node, r, c, "cells", set(results))
    node.done()
    return Grid(case, name, prov, r, c, cells, MappingProxyType(results))


_GERMAN = re.compile(r"(\d)/(SS|Ab)/([A-Z]{2})")


def _load_assignment(source: Source) -> AssignmentTable:
    node = source.parse_toml()
    case, name, prov = _header(node, "7.6")
    dice = [1, 2, 3, 4, 5, 6]
    _int_axis(node, "rows", dice)
    _int_axis(node, "columns", dice)
    allied = _grid(node, tuple(dice), tuple(dice), "allied", None)
    for r, row in zip(dice, allied, strict=True):
        for c, code in zip(dice, row, strict=True):
            if not re.fullmatch(r"[A-Z]{2}", code):
                node.fail("allied", f"row {r}, column {c}: expected an area code, got {code!r}")
    german_raw = _grid(node, tuple(dice), tuple(dice), "german", None)
    german = []
    for r, row in zip(dice, german_raw, strict=True):
        out: list[GermanAssignment | None] = []
        for c, text in zip(dice, row, strict=True):
            if text == "-":
                out.append(None)
                continue
            m = _GERMAN.fullmatch(text)
            if not m or int(m.group(1)) < 1:
                node.fail(
                    "german", f"row {r}, column {c}: expected 'N/SS/XX', 'N/Ab/XX' or '-', got {text!r}"
                )
            player = Player.SS if m.group(2) == "SS" else Player.ABWEHR
            out.append(GermanAssignment(int(m.group(1)), player, m.group(3)))
        german.append(tuple(out))
    node.done()
    return AssignmentTable(case, name, prov, allied, tuple(german))


def _load_randomizer(source: Source) -> RandomizerTable:
    node = source.parse_toml()
    case, name, prov = _header(node, "6.27")
    rows = _int_axis(node, "rows", [1, 2, 3, 4, 5, 6])
    cols = _int_axis(node, "columns")
    if list(cols) != list(range(1, len(cols) + 1)):
        node.fail("columns", f"expected Game-Turns 1, 2, 3 ... in order, got {list(cols)}")
    raw = _grid(node, rows, cols, "cells", None)
    cells = []
    for r, row in zip(rows, raw, strict=True):
        out: list[Draw | None] = []
        for c, text in zip(cols, row, strict=True):
            m = re.fullmatch(r"([AS])(\d{1,2})", text)
            if text == "-":
                out.append(None)
            elif m:
                out.append(Draw(Player.SS if m.group(1) == "S" else Player.ABWEHR, int(m.group(2))))
            else:
                node.fail("cells", f"row {r}, column {c}: expected 'A<n>', 'S<n>' or '-', got {text!r}")
        cells.append(tuple(out))
    node.done()
    return RandomizerTable(case, name, prov, tuple(cells))


def _load_walkyrie(source: Source) -> WalkyrieTable:
    node = source.parse_toml()
    case, name, prov = _header(node, "18.8")
    totals = node.list("totals", min_length=1)
    cells = node.list("cells", length=len(totals))
    node.done()
    bands = []
    expect = None
    for i, (band, cell) in enumerate(zip(totals, cells, strict=True)):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", band) if isinstance(band, str) else None
        if not m:
            node.fail("totals", f"entry {i + 1}: expected a total like '7' or '8-10', got {band!r}")
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if hi < lo or (expect is not None and lo != expect):
            node.fail(
                "totals",
                f"entry {i + 1}: bands must run on without gaps; got {band!r} "
                f"after a band ending at {expect - 1 if expect else '?'}",
            )
        expect = hi + 1
        cm = re.fullmatch(r"(\d)/(\d)/(\d)", cell) if isinstance(cell, str) else None
        if cell == "-":
            res = None
        elif cm:
            res = CoupResult(*(int(x) for x in cm.groups()))
        else:
            node.fail("cells", f"entry {i + 1}: expected 'P/B/U' like '3/5/2' or '-', got {cell!r}")
        bands.append((lo, hi, res))
    return WalkyrieTable(case, name, prov, tuple(bands))


def _load_panic(source: Source) -> PanicTable:
    node = source.parse_toml()
    case, name, prov = _header(node, "12.82")
    _int_axis(node, "rows", [1, 2, 3, 4, 5, 6])
    counts = node.list_of(
        "cells", lambda n, k, v: n.check_int("cells", v, lo=0, hi=18, what=f"{k} a number of units"), length=6
    )
    node.done()
    return PanicTable(case, name, prov, tuple(counts))


TABLE_FILES = {
    "assignment": "tables/assignment.toml",
    "randomizer": "tables/randomizer.toml",
    "harassment": "tables/harassment.toml",
    "coup_harassment": "tables/coup_harassment.toml",
    "recruitment": "tables/recruitment.toml",
    "investigation": "tables/investigation.toml",
    "interrogation": "tables/interrogation.toml",
    "walkyrie": "tables/walkyrie.toml",
    "okw_panic": "tables/okw_panic.toml",
}


def load_tables(read: Callable[[str], Source]) -> Tables:
    """``read(relative_path) -> Source``."""
    f = TABLE_FILES
    return Tables(
        assignment=_load_assignment(read(f["assignment"])),
        randomizer=_load_randomizer(read(f["randomizer"])),
        harassment=_load_grid(read(f["harassment"]), "10.71", columns=[0, 1, 2, 3, 4, 5, 6]),
        coup_harassment=_load_grid(read(f["coup_harassment"]), "10.72", columns=[0, 1, 2, 3, 4, 5, 6]),
        recruitment=_load_grid(read(f["recruitment"]), "12.9", columns=[1, 2, 3, 4, 5, 6, 7]),
        investigation=_load_grid(read(f["investigation"]), "13.36"),
        interrogation=_load_grid(read(f["interrogation"]), "14.34", rows=[1, 2, 3, 4, 5, 6, 7, 8]),
        walkyrie=_load_walkyrie(read(f["walkyrie"])),
        okw_panic=_load_panic(read(f["okw_panic"])),
    )
