"""One number of a roll's arithmetic, with the case that puts it there."""

from __future__ import annotations

import attrs


@attrs.frozen
class Term:
    """Himmler 9, in its HQ -4 (10.41): the resolvers sum these; Odds.arithmetic shows them."""

    what: str
    value: int
    case: str = ""
