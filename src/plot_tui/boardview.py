"""Units and overlays as the map draws them, from one side's view.

A unit is its three-character id on its party's colour (the first digit says the party
too). Who controls it is said by the text colour and, so that colour is never the only
sign, by the type (bold for the SS, bold italic for the Abwehr, plain for no one) and,
where the unit has no state to show, by a letter after the id (s the SS, a the Abwehr).
The cell after the id shows its state first:

    m masked   n neutralized   ~ semi-recruited   ? suspected   . moved   + more units
"""

from __future__ import annotations

from rich.style import Style

from plot_core import Action, Player, PlayerView, Rules
from plot_core.engine import ANY_TIME_VERBS, Marker, Overlays, UnitState
from plot_session.choices import action_hexes, unit_hexes

from .mapview import Board
from .palettes import STANDARD, Palette

LEGEND = [
    ("m", "masked (11.23)"),
    ("n", "neutralized (10.5)"),
    ("~", "semi-recruited (12.35)"),
    ("?", "suspected (12.7)"),
    (".", "has moved or acted this phase"),
    ("+", "more than one unit in the hex"),
]


CONTROL_LETTER: dict[Player | None, str] = {Player.SS: "s", Player.ABWEHR: "a", None: " "}


def unit_style(rules: Rules, u: UnitState, palette: Palette = STANDARD) -> Style:
    party = rules.units[u.id].party
    # the controller in the type as well as the colour (underline is taken: a hex you
    # can act on)
    return Style(
        bgcolor=palette.party[party],
        color=palette.control[u.controller],
        bold=u.controller is not None,
        italic=u.controller is Player.ABWEHR,
    )


def state_glyph(u: UnitState, v: PlayerView) -> str:
    if u.marker is Marker.MASKED:
        return "m"
    if u.marker is Marker.NEUTRALIZED:
        return "n"
    if u.semi:
        return "~"
    if u.suspected:
        return "?"
    if u.id in v.activated:
        return "."
    return " "


def build_board(
    rules: Rules, v: PlayerView, ov: Overlays, legal: list[Action], palette: Palette = STANDARD
) -> Board:
    here: dict[int, list[UnitState]] = {}
    for u in v.units:
        if u.hex is not None:
            here.setdefault(u.hex, []).append(u)
    units = {}
    for h, us in here.items():
        # The moving unit is drawn on top of any friend it passes through.
        us.sort(key=lambda u: u.id != v.active)
        top = us[0]
        glyph = "+" if len(us) > 1 else state_glyph(top, v)
        if glyph == " ":  # nothing else to say there: whose it is, in a letter
            glyph = CONTROL_LETTER[top.controller]
        # the first cell stays blank: it keeps each label apart from its neighbour's
        units[h] = (f" {top.id:<3.3}{glyph}", unit_style(rules, top, palette))
    where = unit_hexes(v)
    targets = {h for a in legal for h in action_hexes(a, where)}
    # the hexes of the units the decision's actions name: Tab visits them first, as the
    # prompt asks for a unit before where it goes (7.23); not those of what may be done
    # beside any decision (an exposure, 12.75), which a player seldom came for
    named = {
        where[a.unit]
        for a in legal
        if a.unit is not None and a.unit in where and a.verb not in ANY_TIME_VERBS
    }
    return Board(
        units=units,
        targets=frozenset(targets),
        unit_targets=frozenset(named & targets),
        reachable=ov.reachable,
        zones_ss=ov.zones[Player.SS],
        zones_abwehr=ov.zones[Player.ABWEHR],
        influence=ov.influence,
    )
