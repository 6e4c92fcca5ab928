"""Words a narrow terminal cuts: what a screen shows at 80x24, against what it shows
with room to spare.

Each screen is drawn twice, at 160x50 and at 80x24, the same app resized (so the same
game and the same screen). A word drawn at 80x24 that is not drawn whole at 160x50, yet
begins or ends a word that is, was cut by an edge ("Last mo" for "Last move", "s 004s"
for a label cut at the map's edge). A word ended by an ellipsis ("Abwe…") is not
counted: the ellipsis tells the player there is more (80 columns still end the
header's line at the game's id that way). Text
that wraps is untouched by the check: wrapping breaks lines between words. A dialog's
own region is read alone, as what the screen behind it shows round its edges is cut
by the dialog, not by the terminal.
"""

from __future__ import annotations

import re

from textual.app import App
from textual.screen import ModalScreen

from leakhunt import terminal_text

WIDE, NARROW = (160, 50), (80, 24)
# blanks, and the box, block and arrow characters that frame and mark text
_BETWEEN = re.compile(r"[\s\u2190-\u21ff\u2500-\u259f\u25a0-\u25ff·⏎▏▕]+")
_PUNCTUATION = ",;:.!?()[]'\""


def drawn(app: App) -> str:
    """Every character of the top screen as drawn now (the screens behind it left out)."""
    lines = terminal_text(app, behind=False).splitlines()
    if not isinstance(app.screen, ModalScreen):
        return "\n".join(lines)
    own = []
    for widget in app.screen.children:
        r = widget.region
        own += [line[r.x : r.x + r.width] for line in lines[r.y : r.y + r.height]]
    return "\n".join(own)


def words(text: str) -> set[str]:
    """The words of ``text``, without the punctuation round them (a column's edge that
    falls after "1," of "turn 1, Abwehr to act" cuts no word)."""
    return {w.strip(_PUNCTUATION) or w for w in _BETWEEN.split(text) if w}


async def cut_at_80x24(pilot, app: App) -> list[str]:
    """The words the top screen, as it is now at 80x24, cuts (none: it fits). Then it
    is drawn with room to spare and left at 80x24 again (a map scrolled may have moved)."""
    assert tuple(app.size) == NARROW, f"the app is {app.size}, not 80x24"
    await pilot.pause()
    shown = words(drawn(app))
    await pilot.resize_terminal(*WIDE)
    await pilot.pause()
    whole = words(drawn(app))
    await pilot.resize_terminal(*NARROW)
    await pilot.pause()
    return sorted(
        w for w in shown - whole if any(o != w and (o.startswith(w) or o.endswith(w)) for o in whole)
    )
