"""Playing plain text as a script that reads only what it is shown would."""

from __future__ import annotations

import re
from collections.abc import Callable

CHOICE = re.compile(r"^  (\d+)\. (.*)$", re.M)  # a numbered choice and its words
AREA = re.compile(r"\(([A-Z]{2})\)")  # an area's code, as a choice names it
HEXES_THERE = re.compile(r"\([A-Z]{2}\): ([\d ]+)\. Type (\d+) and one of them")
EXAMPLE = re.compile(r"by its number and the hex \((\d+) (\d{4})\)")  # the list's own example


def one_line(shown: str, pick: Callable[[list[tuple[str, str]]], tuple[str, str]] = lambda c: c[-1]) -> str:
    """The line that plays a choice listed in ``shown`` without asking anything first:
    its number, or for the choice the list's example names, its number and that hex."""
    number, words = pick(CHOICE.findall(shown))
    if " HEX" not in words:
        return number
    example = EXAMPLE.search(shown)
    assert example is not None and example[1] == number, f"choice {number} needs an area first: {words}"
    return f"{number} {example[2]}"


def play_choice(
    type_: Callable[[str], str],
    shown: str,
    pick: Callable[[list[tuple[str, str]]], tuple[str, str]] = lambda choices: choices[-1],
) -> str:
    """Plays a choice listed in ``shown`` (the last, unless ``pick`` says): its number,
    or for a choice that goes to a hex, its number and an area it names, then the first
    hex said to be open there. What the last line typed was answered."""
    number, words = pick(CHOICE.findall(shown))
    if " HEX" not in words:
        return type_(number)
    there = HEXES_THERE.search(type_(f"{number} {AREA.findall(words)[0]}"))
    assert there is not None and there[2] == number, words
    return type_(f"{number} {there[1].split()[0]}")
