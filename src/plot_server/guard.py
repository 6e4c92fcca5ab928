"""What the server asks of strangers before and after they sign in: acceptable user
names, how fast wrong passwords and wrong join codes may come, and how often an idle
connection is looked at."""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Callable

from rich.cells import cell_len

from plot_core.outside_text import blank_looking

from .listing import COMPUTER_SEAT, FREE_SEAT
from .lookalikes import mixed_scripts

MAX_NAME = 32
IDLE_CHECK = 5.0  # seconds between looks at a connection's idle time, at most


def idle_check_every(idle: float) -> float:
    """How often to look whether a connection has been idle ``idle`` seconds: often
    enough that it is closed soon after, never more than every IDLE_CHECK seconds."""
    return min(IDLE_CHECK, idle / 4)


# Beside letters, digits and spaces: punctuation a name may reasonably hold. No brackets
# (markup), no parentheses (the lists' own marks: "(away)", "(SS)"), no backslash, quotes
# other than the apostrophe, or anything invisible.
NAME_PUNCTUATION = set(" .,-_'@+!?&;:#/")
# What names taken before those rules may still hold: their players keep their seats,
# games and ratings (new_name_problem, asked once the password or key is right).
OLDER_PUNCTUATION = NAME_PUNCTUATION | set("()")
SEAT_WORDS = (FREE_SEAT, COMPUTER_SEAT)


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
    blank = blank_looking(n)
    if blank is not None:  # "alice" and "alice" + U+3164 would look the same
        return f"a user name may not hold {blank}: it draws as nothing"
    mixed = mixed_scripts(n)
    if mixed:  # "аlice", its first letter Cyrillic, would pass for "alice"
        return (
            f"a user name may not mix {' and '.join(s.title() for s in mixed)} letters: "
            "many of them look alike"
        )
    return _characters_problem(n, OLDER_PUNCTUATION)


def new_name_problem(name: str) -> str | None:
    """Why ``name``, which passed name_problem, may not be taken by a new player, or None:
    it would read as the lists' own words or overflow their room. Asked once the password
    or key is right; a name already known here keeps its place (Hub.signed_in_problem)."""
    n = normal_name(name)
    if cell_len(n) > MAX_NAME:  # (the lists leave a name that much room)
        return (
            f"a user name may be at most {MAX_NAME} columns wide on a terminal; yours is "
            f"{cell_len(n)} (a Chinese or Japanese letter takes two)"
        )
    if n.casefold() in SEAT_WORDS:
        return f"a user name may not be {n!r}: the lists say it of a seat with no player"
    return _characters_problem(n, NAME_PUNCTUATION)


def _characters_problem(n: str, punctuation: set[str]) -> str | None:
    for ch in n:
        cat = unicodedata.category(ch)
        if not (cat.startswith("L") or cat == "Nd" or ch in punctuation):
            what = unicodedata.name(ch, "a control or unnamed character")
            return (
                f"a user name may hold letters, digits, spaces and "
                f"{''.join(sorted(NAME_PUNCTUATION - {' '}))} only, not U+{ord(ch):04X} "
                f"({what.lower()})"
            )
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
    """Password attempts from one address, across both doors, take turns: each attempt
    takes the next slot in that address's queue, so guessers in parallel wait behind one
    another rather than side by side. The first ``free`` attempts in ``span`` seconds
    are answered at once; each further one waits twice as long after the one before
    (at most ``cap`` seconds apart): from one address, a few dozen answers an hour.
    A right password gives its attempt back, so players sharing an address (a club, a
    household) are not slowed by signing in. The operator hears of a burst once, when
    ``tell`` wrong ones come within a minute."""

    def __init__(
        self,
        *,
        free: int = 3,
        cap: float = 120.0,
        span: float = 3600.0,
        tell: int = 5,
        clock: Callable[[], float] = time.monotonic,
        say: Callable[[str], None] = lambda text: None,
    ) -> None:
        self.free, self.cap, self.span, self.tell = free, cap, span, tell
        self.clock, self.say = clock, say
        self.attempts: dict[str, Window] = {}  # attempts not given back, per address
        self.wrong: dict[str, Window] = {}  # wrong ones in the last minute, to tell
        self.next_slot: dict[str, float] = {}  # when the address's queue is free

    def delay(self, address: str) -> float:
        """Take the next slot for an attempt from ``address``: how long to wait first."""
        now = self.clock()
        w = self.attempts.setdefault(address, Window(self.span, self.clock))
        n = w.count()
        step = 0.0 if n < self.free else min(self.cap, 0.5 * 2 ** min(n - self.free, 16))
        start = max(now, self.next_slot.get(address, now)) + step
        self.next_slot[address] = start
        w.add()
        self._forget_quiet()
        return start - now

    def passed(self, address: str) -> None:
        """The attempt's password was right: it gives its count back."""
        w = self.attempts.get(address)
        if w is not None and w.times:
            w.times.pop()

    def failed(self, address: str) -> None:
        w = self.wrong.setdefault(address, Window(60.0, self.clock))
        if w.add() == self.tell:
            self.say(
                f"{self.tell} wrong passwords from {address} within a minute; "
                "its further attempts wait their turn, longer each time"
            )

    def _forget_quiet(self) -> None:
        if len(self.attempts) > 10_000:  # forget quiet addresses
            now = self.clock()
            self.attempts = {a: w for a, w in self.attempts.items() if w.count()}
            self.next_slot = {a: t for a, t in self.next_slot.items() if t > now}
            self.wrong = {a: w for a, w in self.wrong.items() if w.count()}


class CodeLimit:
    """Wrong join codes: at most ``most`` in ``span`` seconds, then a pause."""

    def __init__(self, most: int, span: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.most = most
        self.window = Window(span, clock)

    def blocked_for(self) -> float:
        """Seconds until another try is taken (0: now)."""
        return self.window.wait() if self.window.count() >= self.most else 0.0

    def wrong(self) -> None:
        self.window.add()


class TableCodeLimit:
    """Wrong join codes at one table, from everyone. Past ``most`` in ``span`` seconds
    the table pauses for those who have guessed wrong there in that time, not for the
    rest: the opponent given the code still sits at once while strangers guess. Past
    ``most_of_all`` it pauses for everyone (guessers that keep changing names)."""

    def __init__(
        self, most: int, most_of_all: int, span: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.most, self.most_of_all, self.span, self.clock = most, most_of_all, span, clock
        self.window = Window(span, clock)
        self.guessed: dict[str, float] = {}  # who guessed wrong, and when last

    def blocked_for(self, who: str) -> float:
        """Seconds until ``who`` may try a code here (0: now)."""
        n = self.window.count()
        last = self.guessed.get(who)
        guessed = last is not None and self.clock() - last < self.span
        if n >= self.most_of_all or (guessed and n >= self.most):
            return self.window.wait()
        return 0.0

    def wrong(self, who: str) -> None:
        self.window.add()
        now = self.clock()
        self.guessed[who] = now
        if len(self.guessed) > 1000:  # forget the quiet ones
            self.guessed = {k: t for k, t in self.guessed.items() if now - t < self.span}
