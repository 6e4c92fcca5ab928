"""The odds panel's text: what plot_core.engine.odds worked out, laid out for a narrow
panel. Nothing is computed here."""

from __future__ import annotations

from rich.text import Text

from plot_core.engine.odds import Odds


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
