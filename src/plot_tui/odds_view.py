"""The odds panel: which roll's odds it shows (the one at the map's cursor, else the
one a key would make now), and its text: what plot_core.engine.odds worked out, laid
out for a narrow panel. Nothing of the odds themselves is computed here."""

from __future__ import annotations

from rich.text import Text

from plot_core import IllegalAction, Rules
from plot_core.engine import Odds
from plot_core.hexgrid import Hex
from plot_session.choices import actions_at, fixed
from plot_session.controller import ROLLING, Controller
from plot_session.intent import attempts
from plot_session.snapshot import Snapshot


class OddsFinder:
    """The odds a game screen shows; what r, d or P would roll depends on the snapshot
    alone, worked out once for it (ending a phase is played on a copy to see)."""

    def __init__(self, controller: Controller, rules: Rules) -> None:
        self.controller, self.rules = controller, rules
        self._keys: tuple[int, list[Odds]] = (-1, [])

    def at(self, shot: Snapshot, cursor: Hex) -> list[Odds]:
        if not shot.my_move:
            return []
        c = self.controller
        legal = list(shot.legal)
        here = actions_at(legal, shot.view, cursor)
        for a in here:
            if a.verb in ROLLING:
                return c.odds(a)
        # what Enter would try there: its odds too when the differential alone forbids
        # the roll, so a refusal for 10.34 or 12.53 comes with its arithmetic; not when
        # another rule forbids it (a unit of one's own is no target: 12.11)
        if not here:
            for a in [a for a in attempts(self.rules, shot.view, cursor) if a.verb in ROLLING][:1]:
                odds = c.odds(a)
                if odds and not odds[0].allowed and explains(odds[0], c.refusal(a)):
                    return odds
        if self._keys[0] != shot.version:
            lettered = fixed(legal)
            got = next(
                (o for key in ("r", "d", "P") if key in lettered for o in [c.odds(lettered[key])] if o), []
            )
            self._keys = (shot.version, got)
        return self._keys[1]


def explains(o: Odds, refusal: IllegalAction | None) -> bool:
    """Do the odds say why the engine refuses the roll (they cite its case)?"""
    return refusal is not None and f"({refusal.case})" in " ".join(o.notes)


def odds_text(o: Odds) -> Text:
    """Title, arithmetic, column and chances, notes: short lines for a 44-column pane."""
    t = Text()
    t.append(o.title, style="bold")
    t.append(f" · {o.table} ({o.case})", style="cyan")
    sums = o.arithmetic()
    if sums and sums != "die":
        t.append(f"\n{sums}")
    if o.allowed:
        t.append(f"\ncolumn {o.column}: " if o.column else "\nchances: ", style="bold")
        t.append(o.chances(), style="bold yellow")
    else:
        t.append(f"\n{o.line()}", style="bold red")
    if o.allowed and o.notes:
        t.append("\n" + " ".join(o.notes), style="dim")
    return t
