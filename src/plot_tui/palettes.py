"""The map's colours, three ways: the standard ones, a set safe for colour-blind players
(Okabe and Ito's eight colours, told apart in every common kind of colour blindness),
and a high-contrast one (light on black). Colour is never the only signal: a unit's
first digit says its party, its style who controls it, its mark cell its state, and
each area carries its code; the palettes make the colours themselves easier to read.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from plot_core import Player
from plot_core.parties import Party


@attrs.frozen
class Palette:
    key: str  # kept in the player's settings
    title: str  # said when chosen
    party: Mapping[Party, str]  # a unit's ground: its party
    control: Mapping[Player | None, str]  # a unit's text: who controls it
    area: str | None = None  # every area's ground (None: its own colour)


STANDARD = Palette(
    "standard",
    "the standard colours",
    {
        Party.SS: "grey15",
        Party.NAZI: "dark_orange3",
        Party.ABWEHR: "blue3",
        Party.OKW: "dark_green",
        Party.CIVILIAN: "purple4",
        Party.ALLIED: "red3",
    },
    {Player.SS: "bright_white", Player.ABWEHR: "bright_yellow", None: "grey58"},
)

COLOUR_BLIND = Palette(
    "colour-blind",
    "colours safe for colour-blind players",
    {
        Party.SS: "#000000",
        Party.NAZI: "#E69F00",
        Party.ABWEHR: "#0072B2",
        Party.OKW: "#009E73",
        Party.CIVILIAN: "#CC79A7",
        Party.ALLIED: "#D55E00",
    },
    {Player.SS: "#FFFFFF", Player.ABWEHR: "#F0E442", None: "#999999"},
)

HIGH_CONTRAST = Palette(
    "high-contrast",
    "high contrast: light on black",
    {party: "#000000" for party in Party},
    {Player.SS: "#FFFFFF", Player.ABWEHR: "#FFFF00", None: "#BBBBBB"},
    area="#000000",
)

PALETTES = {p.key: p for p in (STANDARD, COLOUR_BLIND, HIGH_CONTRAST)}
# A player's settings name one of these by key (settings.PALETTE_NAMES, read without the
# client); tests/tui/test_map.py checks the two agree.


def next_palette(key: str) -> Palette:
    keys = list(PALETTES)
    return PALETTES[keys[(keys.index(key) + 1) % len(keys)] if key in PALETTES else keys[0]]


__all__ = ["COLOUR_BLIND", "HIGH_CONTRAST", "PALETTES", "STANDARD", "Palette", "next_palette"]
