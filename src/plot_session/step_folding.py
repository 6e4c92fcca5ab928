"""A unit's move said as one line of the log: its steps folded into the line that
starts it ("Move Heydrich (001) → 2612 → 2513, and ends its move"). The full screen's
log and plain text fold the same way."""

from __future__ import annotations

from plot_core import Player, Verb
from plot_core.hexgrid import label

from .session import LogLine

STARTS = (Verb.ACTIVATE, Verb.MOVE)  # a line a unit's next steps fold into
FOLDED = (Verb.MOVE, Verb.END)  # the steps folded into it


class StepFolding:
    """Reads the log line by line; says what each line adds to the one before it."""

    def __init__(self) -> None:
        self.moving: Player | None = None  # whose unit the last line left on its way
        self.stepped = False  # ... and whether it has taken a step since

    def tail(self, ln: LogLine) -> str | None:
        """What ``ln`` adds to the line before it (" → 2612", ", and ends its move"), or
        None when it is a line of its own."""
        a = ln.action
        if a is not None and self.moving is not None and ln.side is self.moving and a.verb in FOLDED:
            if a.verb is Verb.END or a.hex is None:
                self.moving, stepped = None, self.stepped
                return ", and ends its move" if stepped else ", and ends its move where it stands"
            self.stepped = True
            return f" → {label(a.hex)}"
        self.moving = ln.side if a is not None and a.verb in STARTS else None
        self.stepped = a is not None and a.verb is Verb.MOVE  # (a first step starts a line too)
        return None
