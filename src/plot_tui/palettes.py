"""The colours, three ways: the standard ones, a set safe for colour-blind players
(Okabe and Ito's eight colours, told apart in every common kind of colour blindness),
and a high-contrast one (light on black). Each is a set of map colours and a Textual
theme for the rest of the screen (the panels, the prompt, the dialogs). Colour is never
the only signal: a unit's first digit says its party, its type and a letter who controls
it, its mark cell its state, and each area carries its code; the palettes make the
colours themselves easier to read.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
from textual.app import App
from textual.theme import Theme

from plot_core import Party, Player


@attrs.frozen
class Palette:
    key: str  # kept in the player's settings
    title: str  # said when chosen
    party: Mapping[Party, str]  # a unit's ground: its party
    control: Mapping[Player | None, str]  # a unit's text: who controls it
    area: str | None = None  # every area's ground (None: its own colour)
    theme: str = "textual-dark"  # the rest of the screen: a Textual theme


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
    theme="plot-colour-blind",
)

HIGH_CONTRAST = Palette(
    "high-contrast",
    "high contrast: light on black",
    {party: "#000000" for party in Party},
    {Player.SS: "#FFFFFF", Player.ABWEHR: "#FFFF00", None: "#BBBBBB"},
    area="#000000",
    theme="plot-high-contrast",
)

# The themes of the two sets: Okabe and Ito's colours for every role (blue, orange,
# vermilion, green, reddish purple); and white, yellow and cyan on black.
THEMES = {
    "plot-colour-blind": Theme(
        name="plot-colour-blind",
        primary="#0072B2",
        secondary="#56B4E9",
        accent="#CC79A7",
        warning="#E69F00",
        error="#D55E00",
        success="#009E73",
        foreground="#F0F0F0",
        background="#1A1A1A",
        surface="#242424",
        panel="#303030",
        dark=True,
    ),
    "plot-high-contrast": Theme(
        name="plot-high-contrast",
        primary="#FFFF00",
        secondary="#00FFFF",
        accent="#FFFFFF",
        warning="#FFFF00",
        error="#FF5555",
        success="#55FF55",
        foreground="#FFFFFF",
        background="#000000",
        surface="#000000",
        panel="#1C1C1C",
        dark=True,
    ),
}


def use_theme(app: App, palette: Palette) -> None:
    """The rest of the screen in the palette's theme (registered with the app once)."""
    if palette.theme in THEMES and palette.theme not in app.available_themes:
        app.register_theme(THEMES[palette.theme])
    if app.theme != palette.theme:
        app.theme = palette.theme


PALETTES = {p.key: p for p in (STANDARD, COLOUR_BLIND, HIGH_CONTRAST)}
# A player's settings name one of these by key (settings.PALETTE_NAMES, read without the
# client); tests/tui/test_map.py checks the two agree.


def next_palette(key: str) -> Palette:
    keys = list(PALETTES)
    return PALETTES[keys[(keys.index(key) + 1) % len(keys)] if key in PALETTES else keys[0]]


__all__ = [
    "COLOUR_BLIND",
    "HIGH_CONTRAST",
    "PALETTES",
    "STANDARD",
    "THEMES",
    "Palette",
    "next_palette",
    "use_theme",
]
