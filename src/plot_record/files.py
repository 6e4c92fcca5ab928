"""Reading a file that may not be what it claims, and writing a small one whole.

Reading: a file that may not be what it claims: a record or a table file could be a
named pipe (reading would wait for ever), a link to /dev/zero (reading would never
end), or hold JSON nested deep enough to exhaust the interpreter. Only regular files
of a bounded size are read, and JSON is bounded in nesting."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

MAX_FILE = 64 * 1024 * 1024  # far beyond any game (a 5,000-action record is ~0.5 MB)
MAX_NESTING = 32  # our formats nest 4 deep at most


class Unreadable(ValueError):
    """The file is not one to read; the message says why (and names the file)."""


def is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def read_regular(path: Path, *, limit: int = MAX_FILE, what: str = "file") -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes."""
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise Unreadable(f"{path}: cannot read the {what}: {exc.strerror}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Unreadable(f"{path}: not a regular file (a pipe, a device or a folder), so it is not read")
        if st.st_size > limit:
            raise Unreadable(
                f"{path}: {st.st_size:,} bytes, more than the {limit:,} a file of this kind may have"
            )
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
        if len(data) > limit:
            raise Unreadable(f"{path}: grew past {limit:,} bytes while being read")
        return data
    finally:
        os.close(fd)


def loads(text: str | bytes, where: str) -> object:
    """JSON with its nesting bounded; errors are ValueErrors naming ``where``."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    depth = max_brackets(text)
    if depth > MAX_NESTING:
        raise Unreadable(f"{where}: JSON nested {depth} deep; at most {MAX_NESTING} is read")
    try:
        return json.loads(text)
    except RecursionError:
        raise Unreadable(f"{where}: JSON nested too deep to read") from None


def max_brackets(text: str) -> int:
    """An upper bound of the JSON nesting in ``text`` (brackets inside strings count too,
    which only errs on the side of refusing)."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return 0
    depth = deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def write_whole(path: Path, text: str, *, tmp: Path | None = None) -> None:
    """``text`` into ``path`` at once: written beside it, synced, renamed into place, so
    a crash leaves the old file or the new, never half of one (table files, notes,
    settings). OSError if the disk refuses."""
    tmp = tmp or path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, path)
