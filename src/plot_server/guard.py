"""What the server asks of strangers before and after they sign in: acceptable user
names, and how fast wrong passwords and wrong join codes may come (issue 23)."""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Callable

MAX_NAME = 32
# Beside letters, digits and spaces: punctuation a name may reasonably hold. No brackets
# (markup), no backslash, quotes other than the apostrophe, or anything invisible.
NAME_PUNCTUATION = set(" .,-_'@+!?()&:;#/")


def normal_name(name: str) -> str:
    return unicodedata.normalize("NFC", name)


def name_problem(name: str) -> str | None:
    """Why ``name`` may not be a player's name here, or None if it may."""
    n = normal_name(name)
    if not n.strip():
        return "a user name is needed (ssh -p PORT yourname@host)"
    if len(n) > MAX_NAME:
        return f"a user name may have at most {MAX_NAME} characters; yours has {len(n)}"
    if n != n.strip():
        return "a user name may not begin or end with a space"
    for ch in n:
        cat = unicodedata.category(ch)
        if not (cat.startswith("L") or cat == "Nd" or ch in NAME_PUNCTUATION):
            what = unicodedata.name(ch, "a control or unnamed character")
            return (f"a user name may hold letters, digits, spaces and "
                    f"{''.join(sorted(NAME_PUNCTUATION - {' '}))} only, not U+{ord(ch):04X} "
                    f"({what.lower()})")
    return None


class Window:
    """Counts events in a sliding window of ``span`` seconds."""

    def __init__(self, span: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.span, self.clock = span, clock
        self.times: deque[float] = deque()

    def count(self) -> int:
        now = self.clock()
        while self.times and now - self.times[0] > self.span:
            self.times.popleft()
        return len(self.times)

    def add(self) -> int:
        self.count()
        self.times.append(self.clock())
        return len(self.times)

    def wait(self) -> float:
        """Seconds until the oldest event leaves the window."""
        if not self.times:
            return 0.0
        return max(0.0, self.span - (self.clock() - self.times[0]))


class PasswordThrottle:
    """Wrong passwords from one address slow down: the first ``free`` in a minute are
    answered at once, each further one waits twice as long as the last (at most
    ``cap`` seconds). The operator hears of a burst once, when it reaches ``tell``."""

    def __init__(self, *, free: int = 3, cap: float = 8.0, tell: int = 5,
                 clock: Callable[[], float] = time.monotonic,
                 say: Callable[[str], None] = lambda text: None) -> None:
        self.free, self.cap, self.tell, self.clock, self.say = free, cap, tell, clock, say
        self.failures: dict[str, Window] = {}

    def delay(self, address: str) -> float:
        """How long to wait before answering the next attempt from ``address``."""
        w = self.failures.get(address)
        n = w.count() if w is not None else 0
        if n < self.free:
            return 0.0
        return min(self.cap, 0.5 * 2 ** (n - self.free))

    def failed(self, address: str) -> None:
        w = self.failures.setdefault(address, Window(60.0, self.clock))
        if w.add() == self.tell:
            self.say(f"{self.tell} wrong passwords from {address} within a minute; "
                     "its further attempts are slowed down")
        if len(self.failures) > 10_000:          # forget quiet addresses
            self.failures = {a: v for a, v in self.failures.items() if v.count()}


class CodeLimit:
    """Wrong join codes: at most ``most`` in ``span`` seconds, then a pause."""

    def __init__(self, most: int, span: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.most = most
        self.window = Window(span, clock)

    def blocked_for(self) -> float:
        """Seconds until another try is taken (0: now)."""
        return self.window.wait() if self.window.count() >= self.most else 0.0

    def wrong(self) -> None:
        self.window.add()
