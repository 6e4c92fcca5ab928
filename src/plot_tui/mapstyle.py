"""How the map looks in a terminal: cell geometry, colours, labels.

One text line per hex row, five cells per hex: a space, then a label of three (an id,
an HQ, an area code) and a fourth for a mark. The space keeps every label apart from
its neighbour's. Odd rows are drawn two cells to the right, as in rules_data/map/map.txt.
"""

from __future__ import annotations

from functools import cache

from rich.color import Color
from rich.style import Style

from plot_core.data import HexMap
from plot_core.hexgrid import Hex, axial, column_of, hex_at, row_of

CELL = 5
LABEL = slice(1, 5)  # the cells of a hex that carry its label and mark

HQ_LABELS = {
    "fuhrer": "FHQ",
    "gestapo": "GES",
    "ss_garrison": "SSG",
    "rastenburg": "RAS",
    "foreign_office": "FOR",
    "communications": "COM",
    "abwehr": "ABW",
    "okw": "OKW",
    "ob_heimat": "OBH",
}
MARK_LETTERS = {"ss": "s", "nazi": "n", "abwehr": "a", "civilian": "c", "okw": "o", "common": "x"}


def row_offset(row: int) -> int:
    return 2 if row % 2 == 1 else 0


def line_width(hexmap: HexMap) -> int:
    return hexmap.columns * CELL + 3


def hex_x(h: Hex) -> int:
    """Left cell of hex ``h`` on its line."""
    return (column_of(h) - 1) * CELL + row_offset(row_of(h))


def hex_under(hexmap: HexMap, x: int, y: int) -> Hex | None:
    """The hex drawn at virtual cell (x, y), if any."""
    row = y + 1
    if not 1 <= row <= hexmap.rows:
        return None
    col = (x - row_offset(row)) // CELL + 1
    h = hex_at(col, row)
    return h if 1 <= col <= hexmap.columns and h in hexmap else None


@cache
def _luminance(colour: str) -> float:
    r, g, b = Color.parse(colour).get_truecolor()
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def area_style(colour: str, *, hq: bool = False) -> Style:
    fg = "black" if _luminance(colour) > 140 else "bright_white"
    if hq:
        return Style(bgcolor=colour, color="bright_yellow", bold=True)
    return Style(bgcolor=colour, color=fg)


def area_label_hexes(hexmap: HexMap) -> dict[Hex, str]:
    """One hex per area, near its middle and not an HQ, to carry the area code."""
    out = {}
    for code in hexmap.areas:
        cells = [h for h in hexmap.hexes_in(code) if h not in hexmap.hq_of]
        if not cells:
            continue
        qs = [axial(h) for h in cells]
        mq = sum(q for q, _ in qs) / len(qs)
        mr = sum(r for _, r in qs) / len(qs)
        best = min(cells, key=lambda h: ((axial(h)[0] - mq) ** 2 + (axial(h)[1] - mr) ** 2, h))
        out[best] = code
    return out
