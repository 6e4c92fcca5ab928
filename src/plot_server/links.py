"""One-time sign-in links: a player in an SSH session makes one for their
browser, so the seats of a key (which a browser cannot show) are theirs there too.

A link is a long random token, good once and for a few minutes; it lives in this
process's memory only, so a restarted server has none.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable

import attrs

LINK_MINUTES = 10
MOST_LINKS = 1000  # open links at once; past it the oldest lapses
PER_PLAYER = 3  # open links of one player; past it their own oldest lapses


def by_password(who) -> bool:
    """Signed in with the server's password (anyone who has it may take any name), not
    with a key the operator authorized."""
    return who.key.startswith("password ")


def evict(held: OrderedDict, who, per_player: int, most: int) -> None:
    """Keep ``held`` (token -> (who, ...), oldest first) within its bounds after ``who``
    added one: a player's own oldest goes first; past the whole bound the oldest of the
    same kind (password or key) goes, so that names made up with the password can push
    out only other such names, never a key holder's."""
    own = [t for t, kept in held.items() if kept[0].key == who.key]
    for token in own[: max(0, len(own) - per_player)]:
        del held[token]
    while len(held) > most:
        kind = by_password(who)
        oldest = next((t for t, kept in held.items() if by_password(kept[0]) == kind), next(iter(held)))
        del held[oldest]


@attrs.define
class Links:
    minutes: float = LINK_MINUTES
    most: int = MOST_LINKS
    clock: Callable[[], float] = time.monotonic
    _open: OrderedDict = attrs.Factory(OrderedDict)  # token -> (who, made)

    def make(self, who) -> str:
        token = secrets.token_urlsafe(24)
        self._open[token] = (who, self.clock())
        evict(self._open, who, PER_PLAYER, self.most)
        return token

    def peek(self, token: str):
        """Who the link signs in, if it is still good; it stays good."""
        kept = self._open.get(token)
        if kept is None:
            return None
        who, made = kept
        if self.clock() - made > self.minutes * 60:
            del self._open[token]
            return None
        return who

    def use(self, token: str):
        """Who the link signs in, once: after this it is gone."""
        who = self.peek(token)
        if who is not None:
            del self._open[token]
        return who
