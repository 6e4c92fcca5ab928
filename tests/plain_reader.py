"""Playing plain text as a script that reads only what it is shown would."""

from __future__ import annotations

import re
from collections.abc import Callable

from plot_tui.line_mode import same_again

CHOICE = re.compile(r"^  (\d+)\. (.*)$", re.M)  # a numbered choice and its words
AREA = re.compile(r"\(([A-Z]{2})\)")  # an area's code, as a choice names it
HEXES_THERE = re.compile(r"\([A-Z]{2}\): ([\d ]+)\. Type (\d+) and one of them")


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
        return confirmed(type_, number)
    there = HEXES_THERE.search(" ".join(type_(f"{number} {AREA.findall(words)[0]}").split()))
    assert there is not None and there[2] == number, words
    return confirmed(type_, f"{number} {there[1].split()[0]}")


def confirmed(type_: Callable[[str], str], line: str) -> str:
    """``line`` typed; a roll or a spent chit said first is typed again, as asked."""
    said = type_(line)
    return type_(line) if same_again(line) in said else said
