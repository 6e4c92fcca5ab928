"""One number of a roll's arithmetic, with the case that puts it there."""

from __future__ import annotations

import attrs


@attrs.frozen
class Term:
    """'Himmler 6', 'HQ +4 (10.41)': the resolvers sum these, and the odds show them."""

    what: str
    value: int
    case: str = ""

    def __str__(self) -> str:
        return f"{self.what} {self.value:+d}" + (f" ({self.case})" if self.case else "")
