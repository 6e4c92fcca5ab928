"""The legal actions as lists a player searches: the `a` list (grouped by the unit they
are about, each roll with its odds, a roll or a spent chit confirmed in the list) and
the command palette (ctrl+p), which finds them by their words and notation. Both are
made from the game screen's snapshot and answered through its controller."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from functools import partial

import attrs
from rich.text import Text

from plot_core import Action, PlayerView, Rules, Verb
from plot_core.english import finds, plain_letters, searchable
from plot_core.wording import describe, words
from plot_session.choices import PHASE_GROUP, action_hex, area_words, group_of, search_words, unit_hexes
from plot_session.controller import ROLLING, Controller
from plot_session.snapshot import Snapshot

from .command_finder import Found, Search
from .screens import MenuItem


def line_for(controller: Controller, rules: Rules, v: PlayerView, a: Action) -> str:
    """A list's line for ``a``: its words and notation, and its odds if it rolls."""
    text = describe(rules, v, a)
    odds = controller.odds(a) if a.verb in ROLLING else []
    return f"{text}   {odds[0].choice_line()}" if odds else text


def menu_items(controller: Controller, rules: Rules, v: PlayerView, actions: list[Action]) -> list[MenuItem]:
    """The actions grouped by the unit they are about: the moving unit first, the
    phase's own last; typing narrows them by unit, area, hex or verb."""
    items = [
        MenuItem(
            a,
            line_for(controller, rules, v, a),
            group_of(rules, v, a),
            search_words(rules, v, a),
            ask=controller.stakes_words(a, words(rules, v, a)),
        )
        for a in actions
    ]
    first = {item.group: -k for k, item in enumerate(reversed(items))}
    mover = group_of(rules, v, Action(Verb.END)) if v.active else None
    items.sort(key=lambda i: (i.group != mover, i.group == PHASE_GROUP, first[i.group]))
    return items


PALETTE_LINES = 60  # more than the tallest terminal shows at once


@attrs.frozen
class PaletteLine:
    """One legal action as the palette shows it and searches it."""

    text: str  # what is shown
    shown: str  # the same, as a search compares it (worked out once, not at every key)
    more: str  # what else it is found by, as a search compares it
    help: str  # what is at stake
    action: Action
    ask: str = ""  # said before it goes ahead (a roll, a spent chit), as the list asks


def palette_lines(controller: Controller, rules: Rules, shot: Snapshot) -> list[PaletteLine]:
    """The palette's lines, worked out once each time the palette opens."""
    v = shot.view
    out = []
    for a in shot.legal:
        area = area_words(rules, action_hex(a, unit_hexes(v)))
        text = describe(rules, v, a) + (f" · {area}" if area else "")
        ask = controller.stakes_words(a, words(rules, v, a))
        help_ = ask or line_for(controller, rules, v, a)[len(describe(rules, v, a)) :].strip()
        out.append(PaletteLine(text, searchable(text), searchable(search_words(rules, v, a)), help_, a, ask))
    return out


def palette_search(lines: list[PaletteLine], query: str) -> list[tuple[PaletteLine, Text]]:
    """The best lines for ``query``, each as shown with the query's words in bold: every
    word somewhere in the action's words (not a fuzzy match: on hundreds of long lines
    that takes seconds a key), the lines with more of them in their shown words first,
    in the list's order among equals. A palette shows at most PALETTE_LINES (a travel
    phase has hundreds of lines; typing finds the rest); an empty query, the first."""
    wanted = plain_letters(query).split()  # (accents and case aside: muller finds Müller)
    if not wanted:
        return [(line, Text(line.text)) for line in lines[:PALETTE_LINES]]
    found = [
        ((1 + sum(finds(line.shown, w) for w in wanted)) / (1 + len(wanted)), -k, line)
        for k, line in enumerate(lines)
        if all(finds(line.shown, w) or finds(line.more, w) for w in wanted)
    ]
    out = []
    for _, _, line in heapq.nlargest(PALETTE_LINES, found, key=lambda f: f[:2]):
        shown = Text(line.text)
        shown.highlight_words(wanted, style="bold", case_sensitive=False)
        out.append((line, shown))
    return out


def action_search(
    controller: Controller, rules: Rules, shot: Snapshot, act: Callable[[Action, bool], object]
) -> Search:
    """The palette's search over the legal actions of ``shot``; a line picked is acted,
    told whether the palette asked first (if not, and the table has changed since so
    that it must ask now, the prompt asks)."""
    lines = palette_lines(controller, rules, shot)
    return lambda query: [
        Found(shown, line.help, partial(act, line.action, bool(line.ask)), line.ask)
        for line, shown in palette_search(lines, query)
    ]
