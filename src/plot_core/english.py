"""Small pieces of English the screens and the engine's event texts share."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 trial', '2 trials', '1,204 trials'; ``plural`` where adding an s is wrong."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


__all__ = ["counted"]
