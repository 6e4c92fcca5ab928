"""Errors plot_core raises on purpose. Everything else is a bug."""

from __future__ import annotations


class DataError(Exception):
    """A rules_data file is broken. The message names the file, line and key."""

    def __init__(self, file: str, message: str, *, line: int | None = None, where: str = ""):
        self.file = file
        self.line = line
        self.where = where
        self.message = message
        loc = file if line is None else f"{file}, line {line}"
        super().__init__(f"{loc}: {where + ': ' if where else ''}{message}")
