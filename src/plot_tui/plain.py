"""Text from outside — a player's name, a file name, an error read from a bad file —
shown as text: never read as Rich/Textual markup, never sent to a terminal as an
escape sequence. Everything such text passes through here on its way to a screen."""

from __future__ import annotations

import re

from rich.text import Text

from plot_core.outside_text import is_hidden

# C0 and C1 control characters (ESC among them) and DEL, but the line break: shown as
# visible \\x.. codes.
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def _written_out(ch: str) -> str:
    n = ord(ch)
    if n <= 0xFF:
        return f"\\x{n:02x}"
    return f"\\u{n:04x}" if n <= 0xFFFF else f"\\U{n:08x}"


def clean(text: object) -> str:
    """``text`` with every control character written out (ESC becomes \\x1b), and every
    character that would reorder or hide text on others' screens (bidi controls,
    zero-width characters: U+202E becomes \\u202e)."""
    s = _CONTROL.sub(lambda m: _written_out(m.group()), str(text))
    if s.isascii():
        return s
    return "".join(_written_out(ch) if ch != "\n" and is_hidden(ch) else ch for ch in s)


def plain(text: object, style: str = "") -> Text:
    """``text`` as a Text: no markup is parsed in it, whatever brackets it holds."""
    return Text(clean(text), style=style)


def join(*parts: str | Text | tuple[str, str]) -> Text:
    """Our own words and outside text side by side: strings are ours (read as plain
    text, not markup), Text is already safe, (text, style) pairs are outside text."""
    out = Text()
    for part in parts:
        if isinstance(part, tuple):
            out.append_text(plain(*part))
        elif isinstance(part, Text):
            out.append_text(part)
        else:
            out.append(part)
    return out
