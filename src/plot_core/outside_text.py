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


__all__ = ["HIDDEN_CATEGORIES", "hidden_character", "is_hidden"]
