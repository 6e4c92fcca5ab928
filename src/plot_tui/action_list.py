"""The legal actions as lists a player searches: the `a` list (grouped by the unit they
are about, each roll with its odds, a roll or a spent chit confirmed in the list) and
the command palette (ctrl+p), which finds them by their words and notation. Both are
made from the game screen's snapshot and answered through its controller."""

from __future__ import annotations

import heapq
from functools import partial
from typing import TYPE_CHECKING, cast

import attrs
from rich.text import Text
from textual.command import DiscoveryHit, Hit, Hits, Provider

from plot_core import Action, PlayerView, Rules, Verb
from plot_core.english import plain_letters, searchable
from plot_core.wording import describe, words
from plot_session.choices import PHASE_GROUP, action_hex, area_words, group_of, search_words, unit_hexes
from plot_session.controller import ROLLING, Controller

from .screens import MenuItem

if TYPE_CHECKING:
    from .game import GameScreen


def line_for(controller: Controller, rules: Rules, v: PlayerView, a: Action) -> str:
    """A list's line for ``a``: its words and notation, and its odds if it rolls."""
    text = describe(rules, v, a)
    odds = controller.odds(a) if a.verb in ROLLING else []
    return f"{text}   {odds[0].line()}" if odds else text


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


class ActionCommands(Provider):
    """The command palette searches the legal actions by their words and notation."""

    _found: list[PaletteLine] | None = None

    def _items(self) -> list[PaletteLine]:
        """The palette's lines, worked out once each time the palette opens (a provider
        lives as long as it is open)."""
        if self._found is None:
            self._found = self._work_out()
        return self._found

    def _work_out(self) -> list[PaletteLine]:
        from .game import GameScreen

        screen = self.screen
        if not isinstance(screen, GameScreen):
            return []
        shot, rules, controller = screen.shot, screen.rules, screen.controller
        v = shot.view
        out = []
        for a in shot.legal:
            area = area_words(rules, action_hex(a, unit_hexes(v)))
            text = describe(rules, v, a) + (f" · {area}" if area else "")
            help_ = controller.stakes_words(a, words(rules, v, a)) or (
                line_for(controller, rules, v, a)[len(describe(rules, v, a)) :].strip()
            )
            out.append(PaletteLine(text, searchable(text), searchable(search_words(rules, v, a)), help_, a))
        return out

    # What the palette shows of an action is what the list and the prompt would say
    # first, so picking it goes ahead at once.
    async def discover(self) -> Hits:
        for line in self._items()[:PALETTE_LINES]:  # (typing finds the rest)
            yield DiscoveryHit(
                Text(line.text), partial(self._game.act, line.action, asked=True), help=line.help or None
            )

    async def search(self, query: str) -> Hits:
        # Every word of the query somewhere in the action's words (not Textual's fuzzy
        # match: on hundreds of long lines it takes seconds a key); the shown words first.
        wanted = plain_letters(query).split()  # (accents and case aside: muller finds Müller)
        found = [
            ((1 + sum(w in line.shown for w in wanted)) / (1 + len(wanted)), -k, line)
            for k, line in enumerate(self._items())
            if all(w in line.shown or w in line.more for w in wanted)
        ]
        # The best that a screen can show, in the list's order among equals: a travel
        # phase has hundreds of lines, and the palette draws each it is given at every key.
        for score, _, line in heapq.nlargest(PALETTE_LINES, found, key=lambda f: f[:2]):
            shown = Text(line.text)
            shown.highlight_words(wanted, style="bold", case_sensitive=False)
            yield Hit(score, shown, partial(self._game.act, line.action, asked=True), help=line.help or None)

    @property
    def _game(self) -> GameScreen:
        return cast("GameScreen", self.screen)  # the palette opens over a game only
