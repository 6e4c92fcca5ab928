"""IllegalAction: an action the rules forbid, with the case that forbids it."""

from __future__ import annotations

from collections.abc import Callable


class IllegalAction(Exception):
    """A refusal: the case that forbids the action, and why in words.

    The reason may be given as a function that writes it. A check asked of many
    candidates while the legal actions are listed (every target a harasser might
    name, say) refuses most of them and shows none of those refusals: it says at once
    whether and by which case, and the sentence is written only if someone reads it.
    """

    __slots__ = ("case", "_reason")

    def __init__(self, case: str, reason: str | Callable[[], str]):
        # (Exception's own __init__ is not called: made this often, every call counts,
        # and __str__, __repr__ and __reduce__ below say everything it would)
        self.case = case
        self._reason = reason

    @property
    def reason(self) -> str:
        if not isinstance(self._reason, str):
            self._reason = self._reason()
        return self._reason

    def __str__(self) -> str:
        return f"{self.reason} ({self.case})" if self.case else self.reason

    def __repr__(self) -> str:
        return f"IllegalAction({str(self)!r})"

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str]]:
        # (a copy or a pickle carries the sentence, not the function that writes it)
        return (IllegalAction, (self.case, self.reason))
