"""The test doubles the suite shares: time that the test moves on, instead of waiting.

Every limit that depends on time (idle connections, the password throttle, join codes,
talk's pace, input budgets, the collector) takes a clock, and the hub takes a ``later``
to put work off; a test hands them these and moves them on itself.
"""

from __future__ import annotations

from collections.abc import Callable


class Ticks:
    """A clock the test sets: ``now``, in seconds, returned when it is called."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Later:
    """The hub's ``later(delay, callback)``: callbacks wait here until ``run``."""

    def __init__(self) -> None:
        self.waiting: list[Callable[[], object]] = []

    def __call__(self, delay: float, callback: Callable[[], object]) -> None:
        self.waiting.append(callback)

    def run(self) -> int:
        """Run what waits, and what that puts off in turn; how many ran."""
        n = 0
        while self.waiting:
            self.waiting.pop(0)()
            n += 1
        return n
