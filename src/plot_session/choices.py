"""The keys under the map: letters that never move, numbers that keep their items.

A player's fingers learn keys. Rolling, declining and ending always have the same
letter, whatever else is offered, so habit can never roll a coup with no chits
committed or decline what it meant to take. The other choices are numbered once per
decision and keep their numbers while it lasts: taking choice 1 leaves 2 as 2.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

import attrs

from plot_core import Action, PlayerView, Rules, Verb
from plot_core.english import plain_letters, starts_a_word
from plot_core.hexgrid import Hex, label

from .describe import area_name


def unit_hexes(v: PlayerView) -> dict[str, int]:
    return {u.id: u.hex for u in v.units if u.hex is not None}


def active_hex(v: PlayerView) -> int | None:
    """Where the moving unit stands (None: no unit is moving, or it is off the map)."""
    if v.active is None:
        return None
    return next((u.hex for u in v.units if u.id == v.active), None)


def action_hex(a: Action, where: dict[str, int]) -> int | None:
    """The hex this action is about: the one it names, else where its unit stands; None
    for what no hex stands for (end, roll, reveal ...)."""
    if a.hex is not None:
        return a.hex
    return where.get(a.unit) if a.unit is not None else None


def action_hexes(a: Action, where: dict[str, int]) -> tuple[int, ...]:
    """Every hex a player may point at for this action: the one it is about and, when it
    names a hex and also a unit standing elsewhere (a unit sent on assignment, one
    advancing after combat), that unit's hex too, so either end can be chosen first."""
    about = action_hex(a, where)
    if about is None:
        return ()
    stands = where.get(a.unit) if a.unit is not None else None
    return (about,) if stands is None or stands == about else (about, stands)


def actions_at(legal: list[Action], v: PlayerView, h: int) -> list[Action]:
    """The legal actions that name hex ``h`` or a unit standing in it."""
    where = unit_hexes(v)
    return [a for a in legal if h in action_hexes(a, where)]


# key -> the verbs it answers; at most one of them is legal at any moment
FIXED: dict[str, frozenset[Verb]] = {
    "r": frozenset({Verb.ROLL, Verb.COUP}),
    "d": frozenset({Verb.NO_REVEAL, Verb.STAY, Verb.CANCEL}),
    "e": frozenset({Verb.END}),
    "P": frozenset({Verb.END_PHASE}),
}
KEY_OF: dict[Verb, str] = {verb: key for key, verbs in FIXED.items() for verb in verbs}
MAX_NUMBER = 9
PHASE_GROUP = "The phase and the decision"  # the list's heading for what no unit is about


def fixed(legal: list[Action]) -> dict[str, Action]:
    """The legal action each letter takes now (a letter with two is left to the numbers)."""
    found: dict[str, list[Action]] = {}
    for a in legal:
        if a.verb in KEY_OF:
            found.setdefault(KEY_OF[a.verb], []).append(a)
    return {key: acts[0] for key, acts in found.items() if len(acts) == 1}


def listed(legal: list[Action], v: PlayerView) -> list[Action]:
    """The actions worth a number: all when few, else those no hex can be pointed at
    (the map and `a` have the rest); never one a fixed letter takes."""
    lettered = set(fixed(legal).values())
    # Exposing (12.75) and laying Loyalty chits (18.61) are open at nearly every moment;
    # they stay on the map (Enter on the unit), in the list (a) and the palette.
    core = [a for a in legal if a not in lettered and a.verb not in (Verb.EXPOSE, Verb.PIN)]
    # a moving unit's steps and harassments are on the map: numbers for them would shift
    # at every step
    if len(core) <= 4 and (v.active is None or v.pending):
        return core
    where = unit_hexes(v)
    return [a for a in core if action_hex(a, where) is None]


def decision_of(v: PlayerView) -> tuple[object, ...]:
    """What one decision is: numbers last while this stays the same. A decision about a
    unit is about it where it stands: a unit harassed twice in a phase (10.32) retreats
    twice, from two hexes, and the second retreat's hexes are numbered from 1 again."""
    top = v.pending[-1] if v.pending else None
    subject = top.subject if top else None
    return (
        v.turn,
        v.phase,
        v.step,
        v.to_act,
        v.active,
        top.kind if top else None,
        subject,
        unit_hexes(v).get(subject) if subject is not None else None,
    )


@attrs.frozen
class HexChoice:
    """Actions alike but for the hex they name (a journey's destination, a hex of the
    area an assignment goes to): one choice, which the player finishes by naming a hex.
    It stays the same choice while its verb, unit and chit do, as its hexes are taken."""

    verb: Verb
    unit: str | None
    chit: str | None
    hexes: tuple[Hex, ...] = attrs.field(eq=False)

    def at(self, h: Hex | None) -> Action:
        """The action at hex ``h`` (None: the action with its hex still to name)."""
        return Action(self.verb, self.unit, h, self.chit)

    def notation(self) -> str:
        """``travel HEX TR2``: the action's notation with the hex to be named."""
        return " ".join(p for p in (self.verb.value, self.unit, "HEX", self.chit) if p is not None)


FEWEST_FOR_A_HEX_CHOICE = 10  # fewer hexes than this are listed one choice each


def by_hex(legal: list[Action], fewest: int = FEWEST_FOR_A_HEX_CHOICE) -> list[Action | HexChoice]:
    """The legal actions with each set of at least ``fewest`` that differ only in their hex
    folded into one HexChoice, where the first of them stood: a journey to any of 900
    hexes is one choice, not 900 lines."""
    alike: dict[tuple[Verb, str | None, str | None], list[Hex]] = {}
    for a in legal:
        if a.hex is not None:
            alike.setdefault((a.verb, a.unit, a.chit), []).append(a.hex)
    out: list[Action | HexChoice] = []
    folded: set[tuple[Verb, str | None, str | None]] = set()
    for a in legal:
        key = (a.verb, a.unit, a.chit)
        hexes = alike.get(key, []) if a.hex is not None else []
        if len(hexes) < fewest:
            out.append(a)
        elif key not in folded:
            folded.add(key)
            out.append(HexChoice(a.verb, a.unit, a.chit, tuple(hexes)))
    return out


Choice = TypeVar("Choice", bound=Hashable)


class Numbers(Generic[Choice]):
    """Numbers given to a decision's choices, kept until the decision changes: a choice
    keeps its number while it stays a choice, so a number typed from memory never
    means another action. ``worth``: which choices get one (the full screen numbers a
    few actions, the map has the rest; plain text numbers every choice); ``most``: the
    highest."""

    def __init__(
        self,
        worth: Callable[[list[Choice], PlayerView], list[Choice]],
        most: int | None = MAX_NUMBER,
    ) -> None:
        self._decision: tuple[object, ...] | None = None
        self._given: dict[Choice, int] = {}
        self._most, self._worth = most, worth

    def keyed(self, legal: list[Choice], v: PlayerView) -> list[tuple[int, Choice]]:
        """(number, action) for the numbered choices now, in number order."""
        decision = decision_of(v)
        if decision != self._decision:
            self._decision, self._given = decision, {}
        for a in self._worth(legal, v):
            if a not in self._given:
                nxt = max(self._given.values(), default=0) + 1
                if self._most is not None and nxt > self._most:
                    break
                self._given[a] = nxt
        now = {c: c for c in legal}  # (the choice as it is now: a HexChoice's hexes change)
        return sorted(((n, now[c]) for c, n in self._given.items() if c in now), key=lambda pair: pair[0])

    def action(self, n: int, legal: list[Choice], v: PlayerView) -> Choice | None:
        return dict(self.keyed(legal, v)).get(n)


def group_of(rules: Rules, v: PlayerView, a: Action) -> str:
    """The heading an action is listed under: the unit it is about (the moving unit's
    steps under it), else what it settles."""
    uid = a.unit or (v.active if a.verb in (Verb.MOVE, Verb.TRAVEL, Verb.END) else None)
    if uid is None and v.pending:
        uid = v.pending[-1].subject
    if uid is None:
        return PHASE_GROUP
    where = unit_hexes(v).get(uid)
    info = rules.units[uid]
    at = f", {label(where)} {area_words(rules, where)}" if where is not None else ""
    full = f" · {info.name}" if info.name != info.short else ""
    return f"{info.short} ({uid}){full}{at}"


def area_words(rules: Rules, h: int | None) -> str:
    """ "Berne (BR)": the area a hex lies in, as a player searches for it."""
    if h is None or h not in rules.map.area_of:
        return ""
    return area_name(rules, rules.map.area_of[h])


def areas_named(rules: Rules, text: str) -> list[str]:
    """The areas ``text`` may mean, as a player types one: its code or its whole name
    (one area), else the start of its name or of a word in it ("alsace", "lorraine");
    none, or several to choose between."""
    key = plain_letters(text.strip())
    if not key:
        return []
    areas = rules.map.areas
    exact = [code for code in areas if key in (plain_letters(code), plain_letters(areas[code].name))]
    return exact or [code for code in areas if starts_a_word(key, areas[code].name)]


def search_words(rules: Rules, v: PlayerView, a: Action) -> str:
    """More words an action is found by than its own: full names, the area and the hex."""
    where = action_hex(a, unit_hexes(v))
    names = " ".join(rules.units[u].name for u in (a.unit, v.active) if u)
    hq = rules.map.hqs[rules.map.hq_of[where]].name if where is not None and where in rules.map.hq_of else ""
    return (
        f"{a.verb.value} {names} {area_words(rules, where)} {hq} {label(where) if where is not None else ''}"
    )
