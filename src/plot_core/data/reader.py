"""Checked access to parsed TOML, so a broken file gives one clear message.

Every read names what it expected; every error carries the file, the line
(found by searching the source text for the table's header, then for the key
within it) and a path such as ``unit 301 > front``. Unknown keys are errors too: a misspelt key
would otherwise be silently ignored.
"""

from __future__ import annotations

import builtins
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn, cast

from ..errors import DataError

_MISSING: Any = object()


class Source:
    """One data file: its display name and text, for locating lines."""

    def __init__(self, name: str, text: str):
        self.name = name
        self.lines = text.splitlines()

    @classmethod
    def read(cls, root: Path, relative: str, name: str | None = None) -> Source:
        """``root / relative``, called ``name`` (default ``relative``) in its errors."""
        name = name or relative
        try:
            text = (root / relative).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataError(name, "file is missing") from None
        except UnicodeDecodeError as exc:
            raise DataError(name, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        except OSError as exc:
            raise DataError(name, f"cannot read: {exc.strerror}") from None
        return cls(name, text)

    def find(self, pattern: str, start: int = 1) -> int | None:
        """1-based number of the first line at or after ``start`` matching ``pattern``."""
        rx = re.compile(pattern)
        for i in range(max(start, 1) - 1, len(self.lines)):
            if rx.search(self.lines[i]):
                return i + 1
        return None

    def error(self, message: str, *, line: int | None = None, where: str = "") -> DataError:
        return DataError(self.name, message, line=line, where=where)

    def parse_toml(self) -> Node:
        try:
            data = tomllib.loads("\n".join(self.lines))
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"\(at line (\d+), column \d+\)", str(exc))
            # an error "at end of document" is on the last line
            line = int(m.group(1)) if m else len(self.lines) or None
            msg = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))
            raise self.error(f"not valid TOML: {msg}", line=line) from None
        return Node(self, data, where="", line=1)


def _describe(value: Any) -> str:
    kind = {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "a table",
    }.get(type(value), type(value).__name__)
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{kind} {shown}" if not isinstance(value, (list, dict)) else kind


def _key_pattern(key: str) -> str:
    key = re.sub(r"\[\d+\]$", "", key)  # an item of a list: the line of the list
    return rf'^\s*"?{re.escape(key)}"?\s*='


def _header_pattern(keys: tuple[str, ...], *, array: bool = False) -> str:
    """``[a.b]`` (``[[a.b]]`` for an array) for keys ("a", "b"), spaces and quotes allowed."""
    dotted = r"\s*\.\s*".join(rf'"?{re.escape(k)}"?' for k in keys)
    opening, closing = (r"\[\[", r"\]\]") if array else (r"\[", r"\]")
    return rf"^\s*{opening}\s*{dotted}\s*{closing}"


class Node:
    """A TOML table being read. ``line`` is where the table starts in the file."""

    def __init__(
        self,
        source: Source,
        data: dict[builtins.str, Any],
        *,
        where: builtins.str,
        line: builtins.int | None,
        keys: tuple[builtins.str, ...] = (),
    ):
        self.source = source
        self.data = data
        self.where = where
        self.line = line
        self.keys = keys  # the TOML keys from the file's top to this table, for its header
        self._used: set[builtins.str] = set()

    # -- errors ----------------------------------------------------------
    def line_of(self, key: builtins.str) -> builtins.int | None:
        if self.line is None:
            return None
        found = self.source.find(_key_pattern(key), self.line)
        return found if found is not None else self.line

    def path(self, key: builtins.str | None = None) -> builtins.str:
        parts = [p for p in (self.where, key) if p]
        return " > ".join(parts)

    def fail(self, key: builtins.str | None, message: builtins.str) -> NoReturn:
        line = self.line_of(key) if key else self.line
        raise self.source.error(message, line=line, where=self.path(key))

    # -- typed reads -----------------------------------------------------
    def has(self, key: builtins.str) -> builtins.bool:
        return key in self.data

    def raw(self, key: builtins.str, default: Any = _MISSING) -> Any:
        self._used.add(key)
        if key not in self.data:
            if default is _MISSING:
                self.fail(None, f"missing key '{key}'")
            return default
        return self.data[key]

    def str(
        self,
        key: builtins.str,
        *,
        choices: Any = None,
        pattern: builtins.str | None = None,
        default: Any = _MISSING,
        what: builtins.str | None = None,
    ) -> builtins.str:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return cast(builtins.str, value)  # the caller's default, of the caller's type
        if not isinstance(value, str):
            self.fail(key, f"expected {what or 'text'}, got {_describe(value)}")
        if choices is not None and value not in choices:
            self.fail(key, f"expected one of {', '.join(sorted(map(str, choices)))}; got {value!r}")
        if pattern is not None and not re.fullmatch(pattern, value):
            self.fail(key, f"expected {what or 'text matching ' + pattern}, got {value!r}")
        return value

    def int(
        self,
        key: builtins.str,
        *,
        lo: builtins.int | None = None,
        hi: builtins.int | None = None,
        default: Any = _MISSING,
    ) -> builtins.int:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return cast(builtins.int, value)
        return self.check_int(key, value, lo=lo, hi=hi)

    def float(self, key: builtins.str, *, lo: builtins.float, hi: builtins.float) -> builtins.float:
        """A number in lo..hi (both allowed); an integer is read as one."""
        value = self.raw(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(key, f"expected a number, got {_describe(value)}")
        if not lo <= value <= hi:
            self.fail(key, f"expected a number in {lo:g}..{hi:g}, got {value:g}")
        return builtins.float(value)

    def check_choice(
        self, key: builtins.str, value: Any, choices: builtins.list[builtins.str]
    ) -> builtins.str:
        """An item that must be one of ``choices``."""
        if not isinstance(value, str) or value not in choices:
            self.fail(key, f"expected one of {', '.join(sorted(choices))}; got {value!r}")
        return value

    def check_int(
        self,
        key: builtins.str,
        value: Any,
        *,
        lo: builtins.int | None = None,
        hi: builtins.int | None = None,
        what: builtins.str = "a whole number",
    ) -> builtins.int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"expected {what}, got {_describe(value)}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            rng = (
                f"in {lo}..{hi}"
                if lo is not None and hi is not None
                else (f"of at least {lo}" if lo is not None else f"of at most {hi}")
            )
            self.fail(key, f"expected {what} {rng}, got {value}")
        return value

    def bool(self, key: builtins.str, *, default: Any = _MISSING) -> builtins.bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            self.fail(key, f"expected true or false, got {_describe(value)}")
        return value

    def list(
        self,
        key: builtins.str,
        *,
        length: builtins.int | None = None,
        min_length: builtins.int = 0,
        default: Any = _MISSING,
    ) -> builtins.list[Any]:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return cast(builtins.list[Any], value)
        if not isinstance(value, list):
            self.fail(key, f"expected a list, got {_describe(value)}")
        if length is not None and len(value) != length:
            self.fail(key, f"expected a list of {length} entries, got {len(value)}")
        if len(value) < min_length:
            self.fail(
                key,
                f"expected at least {min_length} "
                f"{'entry' if min_length == 1 else 'entries'}, got {len(value)}",
            )
        return value

    def list_of(
        self, key: builtins.str, convert: Callable[[Node, builtins.str, Any], Any], **kw: Any
    ) -> builtins.list[Any]:
        """A list whose items are checked by ``convert(self, 'key[i]', item)``."""
        items = self.list(key, **kw)
        return [convert(self, f"{key}[{i}]", item) for i, item in enumerate(items)]

    def table(self, key: builtins.str) -> Node:
        """Table ``key``, at its ``[... .key]`` header, or its line if written inline."""
        value = self.raw(key)
        if not isinstance(value, dict):
            self.fail(key, f"expected a table, got {_describe(value)}")
        keys = (*self.keys, key)
        line = self.source.find(_header_pattern(keys)) or self.line_of(key)
        return Node(self.source, value, where=self.path(key), line=line, keys=keys)

    def subtables(self, key: builtins.str) -> Iterator[tuple[builtins.str, Node]]:
        """The tables inside table ``key`` (``[key.NAME]`` sections), in file order."""
        outer = self.table(key)
        for name, value in outer.data.items():
            outer._used.add(name)
            if not isinstance(value, dict):
                outer.fail(name, f"expected a table, got {_describe(value)}")
            keys = (*outer.keys, name)
            line = self.source.find(_header_pattern(keys)) or outer.line_of(name)
            yield name, Node(self.source, value, where=f"{outer.path()} {name}".strip(), line=line, keys=keys)
        outer.done()

    def array_of_tables(
        self,
        key: builtins.str,
        label: Callable[[dict[builtins.str, Any], builtins.int], builtins.str],
    ) -> Iterator[Node]:
        """Entries of ``[[key]]``; ``label`` names an entry in messages."""
        items = self.raw(key)
        if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
            self.fail(key, f"expected [[{key}]] entries, got {_describe(items)}")
        keys = (*self.keys, key)
        line = 0
        for i, item in enumerate(items):
            found = self.source.find(_header_pattern(keys, array=True), line + 1)
            line = found if found is not None else line
            yield Node(self.source, item, where=label(item, i), line=found, keys=keys)

    def done(self) -> None:
        """Refuse keys nobody read: they are misspellings or leftovers."""
        extra = [k for k in self.data if k not in self._used]
        if extra:
            known = ", ".join(sorted(self._used)) or "none"
            self.fail(extra[0], f"unknown key '{extra[0]}' (known keys here: {known})")
