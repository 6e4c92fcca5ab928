"""IllegalAction: an action the rules forbid, with the case that forbids it."""

from __future__ import annotations


class IllegalAction(Exception):
    def __init__(self, case: str, reason: str):
        self.case = case
        self.reason = reason
        super().__init__(f"{reason} ({case})" if case else reason)
