"""Talk at a table and in the lobby: the limits a stranger's words meet.

A line is at most ``CHAT_MAX`` characters; a person may say ``BURST`` lines in
``BURST_SECONDS`` (the next is refused with how long to wait); a table's talk holds
``TABLE_TALK`` lines, all kept in its record (past that, talk there is refused, with
why, and the lobby's talk is still open). Words are kept as
they were typed; every screen shows them as text (plot_tui.plain), never as markup.
"""

from __future__ import annotations

import time
from collections import deque

from plot_core.outside_text import MARKS_ON_ONE, blank_looking, hidden_character, piled_marks, shows_nothing
from plot_record import ChatLine
from plot_record.format import REMOVED
from plot_tui.talk import TALK_MAX

CHAT_MAX = TALK_MAX  # the input field holds no more either
BURST = 5
BURST_SECONDS = 10.0
LOBBY_KEEP = 50  # lines of lobby talk held in memory
TABLE_TALK = 1000  # lines a table's talk holds: its record stays small and readable
WATCHERS_TALK = 200  # of them, the watchers' share: a crowd cannot silence the players
WATCHING = "watching"  # a watcher's line's role (a player's is their side)


class TooFast(ValueError):
    pass


def text_problem(text: str) -> str:
    """Why ``text`` cannot be said, or ''."""
    if not text.strip():
        return "Nothing to say: the line is empty."
    if len(text) > CHAT_MAX:
        return f"A line holds at most {CHAT_MAX} characters ({len(text)} typed)."
    if text.strip().casefold() == REMOVED.casefold():  # (only the host's removal reads so)
        return f"{REMOVED!r} is how a line the host took back reads: say it another way."
    hidden = hidden_character(text.strip())
    if hidden is not None:
        return (
            f"A line may not hold {hidden}: it is unseen, and would change how others' screens show the text."
        )
    if shows_nothing(text):
        blank = blank_looking(text)
        return f"Nothing to say: the line shows nothing{f' (it is {blank} and the like)' if blank else ''}."
    piled = piled_marks(text)
    if piled is not None:
        marks, letters = piled
        return (
            f"A line may hold no more combining marks than letters ({marks} on {letters}), "
            f"nor more than {MARKS_ON_ONE} on one letter: piled up, they are drawn over the other lines."
        )
    return ""


class Pace:
    """At most BURST lines in BURST_SECONDS for each person (by identity key)."""

    def __init__(self, clock=time.monotonic) -> None:
        self.clock = clock
        self._said: dict[str, deque[float]] = {}

    def check(self, key: str) -> None:
        """Count a line of ``key``'s, or raise TooFast saying how long to wait."""
        now = self.clock()
        said = self._said.setdefault(key, deque())
        while said and now - said[0] >= BURST_SECONDS:
            said.popleft()
        if len(said) >= BURST:
            wait = BURST_SECONDS - (now - said[0])
            raise TooFast(
                f"Not so fast: {BURST} lines in {BURST_SECONDS:g} s at most; wait {max(1, round(wait))} s."
            )
        said.append(now)


class Lobby:
    """The lobby's shared talk: the newest LOBBY_KEEP lines, in memory only."""

    def __init__(self) -> None:
        self.lines: deque[ChatLine] = deque(maxlen=LOBBY_KEEP)

    def add(self, line: ChatLine) -> None:
        self.lines.append(line)
