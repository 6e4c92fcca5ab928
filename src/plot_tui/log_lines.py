"""The log's lines as the game and replay screens show them: each action on its line,
what it caused under it with its case, and a unit's steps folded into the line that
started its move (f unfolds them).

Each line is formatted once, when it first comes; an undo or another side's eyes
start the lines again. Both log panes (the Log tab and the wide log under the map)
show the same lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from plot_core import Player, Rules
from plot_core.wording import meaning_said
from plot_session.describe import SIDE
from plot_session.session import LogLine
from plot_session.step_folding import StepFolding

from .rules_screen import link_cases

INDENT = 12  # a line's number and side ("  41 Abwehr "), before its text


class LogLines:
    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cases = rules.cases
        self.folded = True
        self.texts: list[Text] = []  # what the panes show
        self._shown: list[LogLine] = []  # the log those texts were made from
        self._steps = StepFolding()  # a unit's steps into the line that starts its move
        self._puzzle_acted = False  # a puzzle's log has said who acted: what follows, it caused

    def follow(self, lines: list[LogLine], *, again: bool = False) -> list[LogLine] | None:
        """Bring the texts up to ``lines``: the lines new since the last call (all of
        them after an undo, another side's eyes or ``again``), or None if none changed."""
        shown = self._shown
        if lines == shown and not again:
            return None
        if lines[: len(shown)] == shown and not again:
            new = lines[len(shown) :]
        else:
            new, self.texts, self._steps, self._puzzle_acted = lines, [], StepFolding(), False
        for ln in new:
            self._add(ln)
        self._shown = list(lines)
        return new

    def _add(self, ln: LogLine) -> None:
        tail = self._steps.tail(ln) if self.folded else None
        if tail is not None:
            self.texts[-1] = self.texts[-1] + tail
        else:
            text = line_text(ln, self.rules, caused=self._puzzle_acted)
            self._puzzle_acted = self._puzzle_acted or puzzle_action(ln) is not None
            self.texts.append(link_cases(text, self.cases))


PUZZLE_SIDES = tuple(p.title for p in Player)  # a puzzle's log: "SS: ..." (make_puzzles)


def puzzle_action(ln: LogLine) -> tuple[str, str] | None:
    """(side, what it did) if ``ln`` is a puzzle's line of what a side did before the
    puzzle ("SS: Move H. Müller (003)", with no case), else None."""
    e = ln.event
    side, said, rest = e.text.partition(": ")
    if ln.index or ln.action is not None or e.case or not said or side not in PUZZLE_SIDES:
        return None
    return side, rest


def line_text(ln: LogLine, rules: Rules, *, caused: bool = False) -> Text:
    """One line of the log, unfolded; a table's result code is said in words after it.
    ``caused``: a line before any action is drawn as what the action above it caused (in
    a puzzle's log, after its first line of who acted), not as the set-up."""
    e = ln.event
    if ln.action is not None:  # what a side did
        text = Text(f"{ln.index:>4} {SIDE[ln.side]:<6} ", style="dim")  # (INDENT columns)
        text.append(e.text, style="bold")
        return text
    acted = puzzle_action(ln)
    if acted is not None:
        text = Text(f"{'':>4} {acted[0]:<6} ", style="dim")
        text.append(acted[1], style="bold")
        return text
    if not ln.index and not caused:  # the set-up, before any action
        text = Text(f"{'':>4} {'—':<6} ", style="dim")
    else:  # what it caused, by the rules
        text = Text(" " * INDENT)
    text.append(e.text, style="yellow" if e.roll else "")
    meaning = meaning_said(rules, e)
    if meaning:
        text.append(meaning, style="yellow" if e.roll else "")
    if e.case:  # (a puzzle's log says the actions before it as events with none)
        text.append(f"  ({e.case})", style="cyan")
    return text


class Hanging:
    """Log lines as a pane draws them: a line wider than the pane goes on under its own
    text, not under the action's number, so the column of numbers and sides stays
    clear to scan. (The talk: under the name, after the clock, so that no part of a
    player's line can pass for a line of its own.)"""

    def __init__(self, lines: Sequence[Text], indent: int = INDENT) -> None:
        self.lines, self.indent = lines, indent

    def __str__(self) -> str:
        return "\n".join(t.plain for t in self.lines)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width, indent = options.max_width, self.indent
        under = Text(" " * indent)
        for line in self.lines:
            if line.cell_len <= width or width < 2 * indent:  # (too narrow: wrapped as it comes)
                yield line
                continue
            head, body = line[:indent], line[indent:]
            for n, part in enumerate(body.wrap(console, width - indent, overflow="fold")):
                yield (head if n == 0 else under) + part
