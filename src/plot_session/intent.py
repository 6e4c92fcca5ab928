"""What a key on a hex means when nothing there is legal, so that the refusal a player
reads is the engine's own for the action they meant (never a nearby rule's).

Enter on a hex with an enemy (or unrecruited) unit means "harass it", on a vacant
unfriendly HQ "harass the HQ", on any other hex next to the moving unit "step there",
and further off "walk there". With no unit moving it means "move", "recruit" or
"investigate" the unit there, by phase. No Textual here: the screen and the tests ask
the same questions.
"""

from __future__ import annotations

from typing import Protocol

from plot_core import Action, Player, PlayerView, Rules, Verb
from plot_core.engine import Phase
from plot_core.hexgrid import Hex, label
from plot_core.wording import unit_name

from .choices import action_hex, unit_hexes
from .describe import MOVING, prompt


def attempts(rules: Rules, v: PlayerView, h: Hex) -> list[Action]:
    """The actions Enter on ``h`` means, most likely first. A walk of more than one hex
    is no single action: ``walks`` says when Enter means one."""
    here = [u for u in v.units if u.hex == h]
    if v.pending:
        return []
    if v.active is not None:
        mover = next(u for u in v.units if u.id == v.active)
        if h == mover.hex:
            return []
        others = [u for u in here if u.controller is not v.side or u.controller is None]
        tries = [Action(Verb.HARASS, unit=u.id) for u in others]
        if not here and h in rules.map.hq_of:
            tries.append(Action(Verb.HARASS, hex=h))
        if mover.hex is not None and h in rules.map.neighbours[mover.hex]:
            tries.append(Action(Verb.MOVE, hex=h))
        return tries
    if v.phase in MOVING:
        return [Action(Verb.ACTIVATE, unit=u.id) for u in here if u.controller is v.side]
    if v.phase is Phase.RECRUITMENT:
        return [Action(Verb.RECRUIT, unit=u.id) for u in here]
    if v.phase is Phase.INVESTIGATION and v.side is Player.SS:
        return [Action(Verb.INVESTIGATE, unit=u.id) for u in here]
    return []


def far_from_mover(rules: Rules, v: PlayerView, h: Hex) -> bool:
    """Is ``h`` more than a step from the moving unit (a walk, if anything)?"""
    if v.active is None or v.pending:
        return False
    mover = next(u for u in v.units if u.id == v.active)
    return mover.hex is not None and h != mover.hex and h not in rules.map.neighbours[mover.hex]


def walks(rules: Rules, v: PlayerView, h: Hex) -> bool:
    """Does Enter on ``h`` mean "walk the moving unit there" (more than one step)? Not
    on another side's unit: Enter there means acting on it."""
    return far_from_mover(rules, v, h) and not any(u.hex == h and u.controller is not v.side for u in v.units)


class Asks(Protocol):
    """What refusal_at needs of a Session or a Controller."""

    def view(self) -> PlayerView: ...
    def legal(self) -> list[Action]: ...
    def why_not(self, action: Action) -> str | None: ...
    def why_not_walk(self, h: Hex) -> str | None: ...


def refusal_at(rules: Rules, s: Asks, h: Hex) -> str:
    """What to say when Enter on ``h`` finds nothing legal there: the engine's reason
    for the action the player meant, prefixed by the hex."""
    v = s.view()
    if v.active is not None:
        mover = next(u for u in v.units if u.id == v.active)
        if h == mover.hex:
            end = s.why_not(Action(Verb.END))
            then = "e ends its move" if end is None else f"it may not end its move here: {end}"
            return (
                f"{unit_name(rules, v.active)} is on {label(h)}: Enter on a hex next to it "
                f"steps there; {then}."
            )
        if walks(rules, v, h):
            why = s.why_not_walk(h)
            if why:
                return f"{label(h)}: {why}"
    for a in attempts(rules, v, h):
        why = s.why_not(a)
        if why:
            return f"{label(h)}: {why}"
    legal, where = s.legal(), unit_hexes(v)
    elsewhere = any(action_hex(a, where) is not None for a in legal)
    tab = " Tab goes to the hexes where you can." if elsewhere else ""  # (the map's key)
    return f"Nothing to do at {label(h)}. {prompt(rules, v, legal)}.{tab}"
