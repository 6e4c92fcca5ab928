"""Names that look alike. "alice", "аlice" (its first letter Cyrillic) and "a1ice" are
one name to the eye, so one could pass for the other at a table, in the talk or in the
ratings.

Unicode lists the characters that are drawn alike (its confusables data, which the
confusable_homoglyphs package ships: thousands of characters, not ours to copy by
hand). Characters linked there, directly or through others, are one shape; a name's
skeleton is its characters' shapes, after compatibility forms (fullwidth, mathematical
letters) are folded to plain ones. Two names with one skeleton are not told apart by
anyone reading them. And a name may not mix Latin, Cyrillic and Greek letters: those
three scripts share most of their shapes, so a mix is how a look-alike is made.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import categories, confusables

# scripts whose letters are drawn alike ("a", "а", "α"): a name keeps to one of them
ALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
MARKS = "\u200e\u200f"  # the data wraps right-to-left characters in direction marks


@functools.cache
def _shapes() -> dict[str, str]:
    """Each character the data lists, to one character standing for every character
    drawn like it (the least of them: any fixed choice would do)."""
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while (up := parent.get(ch, ch)) != ch:
            parent[ch] = parent.get(up, up)  # (halving the path keeps this quick)
            ch = up
        return ch

    for ch, alike in confusables.confusables_data.items():
        for entry in alike:
            other = str(entry["c"]).strip(MARKS)
            if len(ch) == 1 and len(other) == 1:
                a, b = root(ch), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {ch: root(ch) for ch in parent}


@functools.lru_cache(maxsize=1 << 16)  # (asked of every known name at each sign-in)
def skeleton(name: str) -> str:
    """What ``name`` looks like: names with one skeleton are not told apart by the eye."""
    shapes = _shapes()
    return "".join(shapes.get(ch, ch) for ch in unicodedata.normalize("NFKC", name))


def mixed_scripts(name: str) -> list[str]:
    """The look-alike scripts ``name``'s letters come from, if more than one."""
    used = {categories.alias(ch) for ch in name if ch.isalpha()}
    mixed = [script for script in ALIKE_SCRIPTS if script in used]
    return mixed if len(mixed) > 1 else []


def lookalike(name: str, known: Iterable[str]) -> str | None:
    """A name among ``known``, other than ``name``, that looks just like it."""
    drawn = skeleton(name)
    return next((other for other in known if other != name and skeleton(other) == drawn), None)
