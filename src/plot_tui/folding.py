"""Plain text folded to the player's terminal: a line wider than it is broken between
words, not wherever the terminal's edge falls ("end the p" / "hase")."""

from __future__ import annotations

import io
import re
import textwrap
from collections.abc import Callable
from typing import TextIO

# "leave                back to the lobby": a help line's second column, where its
# folded lines go on
_TWO_COLUMNS = re.compile(r"\s*\S+(?: \S+)*\s{2,}(?=\S)")
# "  3. Oster …", "- a point": a list item's text, where its folded lines go on
_ITEM = re.compile(r"\s*(?:\d+[.)]|[-*•])\s+(?=\S)")
NARROWEST = 20  # narrower than this, folding helps nobody: lines are sent whole


def _hang(line: str, width: int) -> str:
    """The indent of a folded line's continuation."""
    for pattern in (_TWO_COLUMNS, _ITEM):
        m = pattern.match(line)
        if m is not None and m.end() <= width // 2:
            return " " * m.end()
    return " " * (len(line) - len(line.lstrip(" ")))


def fold_line(line: str, width: int) -> list[str]:
    """``line`` as lines no wider than ``width`` where a space allows; a word wider than
    the terminal stays whole (a link, a long name), for the terminal to wrap."""
    if width < NARROWEST or len(line) <= width:
        return [line]
    return textwrap.wrap(
        line,
        width,
        subsequent_indent=_hang(line, width),
        break_long_words=False,
        break_on_hyphens=False,
        drop_whitespace=True,
        replace_whitespace=False,
    ) or [line]


def fold(text: str, width: int) -> str:
    """Each line of ``text`` folded to ``width`` (0: as it is)."""
    if width < NARROWEST:
        return text
    return "\n".join("\n".join(fold_line(line, width)) for line in text.split("\n"))


class FoldedText(io.TextIOBase):
    """``out`` with each line written to it folded to ``width()`` columns (asked at each
    write: a terminal may be resized)."""

    def __init__(self, out: TextIO, width: Callable[[], int]) -> None:
        self.out, self.width = out, width

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.out.write(fold(text, self.width()))
        return len(text)

    def flush(self) -> None:
        self.out.flush()


__all__ = ["FoldedText", "fold", "fold_line"]
