"""The odds panel: which roll's odds it shows (the one at the map's cursor, else the
one a key would make now), and its text: what plot_core.engine.odds worked out, laid
out for a narrow panel. Nothing of the odds themselves is computed here."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from plot_core import IllegalAction, Rules, Verb
from plot_core.data import CaseInventory
from plot_core.engine import Odds
from plot_core.hexgrid import Hex
from plot_session.choices import actions_at, fixed
from plot_session.controller import ROLLING, Controller, coup_asked
from plot_session.intent import attempts
from plot_session.snapshot import Snapshot

from .rules_screen import link_cases


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
            # at the coup's window, a Führer Access chit to commit comes first: its odds
            # count every one held (18.13), the coup a player weighs; r's, those committed
            committing = [a for a in legal if a.verb is Verb.REVEAL][:1] if coup_asked(shot) else []
            keyed = [lettered[key] for key in ("r", "d", "P") if key in lettered]
            got = next((o for a in [*committing, *keyed] for o in [c.odds(a)] if o), [])
            self._keys = (shot.version, got)
        return self._keys[1]


def show_odds(
    panel: Static,
    shown: list[Odds],
    cases: CaseInventory,
    *,
    fallback_width: int,
    most_rows: int | None = None,
) -> None:
    """The first of ``shown`` in ``panel``, fitted to it (whole results, whole notes,
    the cases cited as links) and to ``most_rows`` if given, or the panel hidden when
    there are none."""
    panel.display = bool(shown)
    if not shown:
        panel.update("")
        return
    room = panel.styles.max_height
    rows = int(room.value) if room is not None and room.is_cells else 0
    if most_rows is not None:  # (2: its border and a line; the text's shortest form may exceed it)
        rows = max(2, min(rows, most_rows) if rows else most_rows)
    lines = rows - 1 if rows else 0  # (its border; 0 lines: no bound)
    text = odds_text(shown[0], panel.content_size.width or fallback_width, lines)
    panel.update(link_cases(text, cases))


def explains(o: Odds, refusal: IllegalAction | None) -> bool:
    """Do the odds say why the engine refuses the roll (they cite its case)?"""
    return refusal is not None and f"({refusal.case})" in " ".join(o.notes)


def odds_lines(o: Odds, width: int, lines: int) -> int:
    """How many lines ``odds_text`` takes at ``width`` with at most ``lines`` (1: its
    shortest form)."""
    return len(odds_text(o, width, lines).wrap(_MEASURE, width))


def odds_text(o: Odds, width: int = 0, lines: int = 0) -> Text:
    """Title, arithmetic, column and chances, what the results mean, notes, for a pane
    ``width`` columns wide showing at most ``lines`` lines (0: no bound). The chances
    break between results, never inside one ("Ep" / "33%"). What the roll brings about
    (12.73: who falls under suspicion) comes first among the notes; where not all fits,
    the other notes go first, then what the results mean (the Tables tab says it too),
    then the arithmetic (the column is still said), then that: nothing is cut
    mid-sentence."""
    brings = list(o.brings) if o.allowed else []
    others = list(o.notes) if o.allowed else []
    tries: tuple[tuple[bool, bool, list[str]], ...] = (
        (True, True, brings + others),
        (True, True, brings),
        (True, False, brings),
        (False, False, brings),
        (True, False, []),
        (False, False, []),
    )
    for with_sums, legend, said in tries:
        t = _odds_text(o, width, with_sums, legend, said)
        if not (width and lines) or len(t.wrap(_MEASURE, width)) <= lines:
            break
    return t


def _odds_text(o: Odds, width: int, with_sums: bool, legend: bool, notes: list[str]) -> Text:
    t = Text()
    t.append(o.title, style="bold")
    t.append(f" · {o.table} ({o.case})", style="cyan")
    sums = o.arithmetic()
    if with_sums and sums and sums != "die":
        t.append(f"\n{sums}")
    if o.allowed:
        head = f"column {o.column}: " if o.column else "chances: "
        t.append("\n" + head, style="bold")
        _append_chances(t, o.chances().split(" · "), len(head), width)
    else:
        t.append(f"\n{o.line()}", style="bold red")
    if legend and o.allowed and o.meanings:
        t.append(f"\n{o.legend()}", style="dim italic")
    if notes:
        t.append("\n" + " ".join(notes), style="dim")
    return t


_MEASURE = Console(width=200)  # (lines are counted at the pane's width, given each time)


def _append_chances(t: Text, results: list[str], column: int, width: int) -> None:
    for k, result in enumerate(results):
        if k:
            if width and column + 3 + len(result) > width:
                t.append(" ·\n", style="bold yellow")
                column = 0
            else:
                t.append(" · ", style="bold yellow")
                column += 3
        t.append(result, style="bold yellow")
        column += len(result)
