"""Hex geometry for the map: pointy-top hexes in offset rows.

A hex is the int ``column * 100 + row`` (so hex "0512" is 512), 1-based.
Odd-numbered rows sit half a hex to the right of even ones (docs/rules/map.md).
Internally we convert to axial coordinates for neighbours and distance.
"""

from __future__ import annotations

import re

Hex = int

_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def hex_at(column: int, row: int) -> Hex:
    return column * 100 + row


def column_of(h: Hex) -> int:
    return h // 100


def row_of(h: Hex) -> int:
    return h % 100


def label(h: Hex) -> str:
    """The four-digit id shown to players: '0512'."""
    return f"{h:04d}"


def parse_hex(text: str) -> Hex | None:
    """'0512' -> 512, or None if it is not a four-digit id with column and row >= 1."""
    if not re.fullmatch(r"\d{4}", text):
        return None
    h = int(text)
    return h if column_of(h) >= 1 and row_of(h) >= 1 else None


def axial(h: Hex) -> tuple[int, int]:
    c, r = column_of(h), row_of(h)
    return (2 * c + (r & 1) - r) // 2, r


def from_axial(q: int, r: int) -> tuple[int, int]:
    x = 2 * q + r
    return (x - (r & 1)) // 2, r


def distance(a: Hex, b: Hex) -> int:
    (q1, r1), (q2, r2) = axial(a), axial(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent_ids(h: Hex) -> list[tuple[int, int]]:
    """The six (column, row) positions around ``h``, on the map or not."""
    q, r = axial(h)
    return [from_axial(q + dq, r + dr) for dq, dr in _DIRECTIONS]
