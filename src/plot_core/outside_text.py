"""Characters in text from outside (talk, notes, names) that a reader cannot see but that
change what others are shown: controls, and the format characters that reorder or hide
text (U+202E right-to-left override, U+2066 isolates, U+200B zero-width space...)."""

from __future__ import annotations

import unicodedata

# Cc controls, Cf format characters (bidi controls, zero-width characters), and the
# Unicode line and paragraph separators. (Not unassigned code points: a newer emoji
# than this Python knows is one.)
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
CONTROL_NAMES = {
    0x07: "bell",
    0x08: "backspace",
    0x09: "tab",
    0x0A: "line break",
    0x0D: "carriage return",
    0x1B: "escape",
    0x7F: "delete",
}
EMOJI_JOINER = "\u200d"  # joins emoji into one (a family, a flag): shown, not hidden


def is_hidden(ch: str) -> bool:
    return ch != EMOJI_JOINER and unicodedata.category(ch) in HIDDEN_CATEGORIES


def hidden_character(text: str, *, line_breaks: bool = False) -> str | None:
    """'U+202E (right-to-left override)' for the first hidden character of ``text``, or
    None; ``line_breaks``: a plain line break is allowed."""
    for ch in text:
        if is_hidden(ch) and not (line_breaks and ch == "\n"):
            name = CONTROL_NAMES.get(ord(ch)) or unicodedata.name(ch, "a control character")
            name = str(name).lower()
            return f"U+{ord(ch):04X} ({name})"
    return None


# Letters and symbols that draw as nothing at all: the Hangul fillers and the blank
# braille cell (a name or a line of them looks empty, or like someone else's name).
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
MARKS = frozenset({"Mn", "Me"})  # combining marks: drawn on the character before them


def blank_looking(text: str) -> str | None:
    """'U+3164 (hangul filler)' for the first character of ``text`` that draws as
    nothing though it is no space, or None."""
    for ch in text:
        if ch in BLANK_LOOKING:
            return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'a blank character').lower()})"
    return None


def shows_nothing(text: str) -> bool:
    """Would ``text`` look empty: only spaces, unseen characters, blank-looking ones and
    combining marks with nothing to sit on?"""
    return not any(
        not ch.isspace()
        and not is_hidden(ch)
        and ch not in BLANK_LOOKING
        and unicodedata.category(ch) not in MARKS
        for ch in text
    )


MARKS_ON_ONE = 4  # combining marks one character may carry (Vietnamese uses two)


def piled_marks(text: str) -> tuple[int, int] | None:
    """(marks, characters) when ``text`` has more combining marks than characters for
    them to sit on, or more than MARKS_ON_ONE on one character: piled up, they are
    drawn over the lines above and below."""
    marks = bases = run = most = 0  # run: the marks on the character before them
    for ch in text:
        if unicodedata.category(ch) in MARKS:
            marks, run = marks + 1, run + 1
            most = max(most, run)
        else:
            bases, run = bases + (not ch.isspace()), 0
    return (marks, bases) if marks > bases or most > MARKS_ON_ONE else None


__all__ = [
    "BLANK_LOOKING",
    "HIDDEN_CATEGORIES",
    "MARKS_ON_ONE",
    "blank_looking",
    "hidden_character",
    "is_hidden",
    "piled_marks",
    "shows_nothing",
]
