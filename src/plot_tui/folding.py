"""Plain text folded to the player's terminal: a line wider than it is broken between
words, not wherever the terminal's edge falls ("end the p" / "hase")."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import TextIO

from rich.cells import cell_len, chop_cells

# "leave                back to the lobby": a help line's second column, where its
# folded lines go on
_TWO_COLUMNS = re.compile(r"\s*\S+(?: \S+)*\s{2,}(?=\S)")
# "alice (SS) says: gg": a player's talk, where its folded lines go on
_SAYS = re.compile(r"\S.*? says: (?=\S)")
# "  3. Oster …", "- a point": a list item's text, where its folded lines go on
_ITEM = re.compile(r"\s*(?:\d+[.)]|[-*•])\s+(?=\S)")
NARROWEST = 20  # narrower than this, folding helps nobody: lines are sent whole
HANG = 2  # the least indent of a folded line's continuation
# the least indent of talk's continuation: deeper than the game's news and list items
# begin (2 to 5 columns), so no folded word of a player's reads as news
TALK_HANG = 6
_WORDS = re.compile(r"(\s*)(\S+)")  # each word and the space before it


def _hang(line: str, width: int, talk: re.Match[str] | None) -> str:
    """The indent of a folded line's continuation: never none, so that a folded part
    never reads as a line of its own; a player's talk (``talk``: where its words begin)
    goes on under its words, where no line of the game's own begins."""
    if talk is not None:  # under the words where they leave room, and never shallow
        return " " * max(TALK_HANG, min(cell_len(line[: talk.end()]), width - NARROWEST))
    for pattern in (_TWO_COLUMNS, _ITEM):
        m = pattern.match(line)
        if m is not None and (column := cell_len(line[: m.end()])) <= width // 2:
            return " " * column
    return " " * max(HANG, len(line) - len(line.lstrip(" ")))


def fold_line(line: str, width: int) -> list[str]:
    """``line`` as lines no wider than ``width`` terminal columns (a Chinese letter takes
    two) where a space allows; a word wider than the terminal stays whole (a link, a long
    name), for the terminal to wrap; but not in talk, where the terminal's wrap would put
    a player's word at the left edge: there it is cut to the room under the words."""
    if width < NARROWEST or cell_len(line) <= width:
        return [line]
    talk = _SAYS.match(line)
    hang = _hang(line, width, talk)
    words = _WORDS.findall(line)
    if talk is not None:
        room = width - len(hang)
        words = [
            (space if n == 0 else "", part)
            for space, word in words
            for n, part in enumerate(chop_cells(word, room))
        ]
    lines: list[str] = []
    now = ""
    for space, word in words:
        if not now:  # a line's first word: after the line's own indent, or the hang
            now = (space if not lines else hang) + word
        elif cell_len(now) + cell_len(space) + cell_len(word) > width:
            lines.append(now)
            now = hang + word
        else:
            now += space + word
    return [*lines, now] if now else lines or [line]


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
