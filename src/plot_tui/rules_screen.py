"""The rules at one key: every case of rules_data/cases.toml by number and
title, filtered by number or words, with what it says in our words, its kind, and our
reading where the OCR is garbled. The cases just cited on screen come first."""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from plot_core.data import Case, CaseInventory

from .closing import OnceModal

CASE_NUMBER = re.compile(r"(?<![\d.])(\d{1,2}\.\d{1,2})(?![\d.])")


def cited(text: str, cases: CaseInventory) -> list[str]:
    """The case numbers in ``text`` that are cases, in order, each once."""
    out: list[str] = []
    for n in CASE_NUMBER.findall(text):
        if n in cases.cases and n not in out:
            out.append(n)
    return out


def link_cases(text: Text, cases: CaseInventory) -> Text:
    """Make every case number in ``text`` a click that opens it (where the terminal
    reports the mouse); the keyboard's way is R. The text itself is not re-read."""
    for m in CASE_NUMBER.finditer(text.plain):
        if m.group(1) in cases.cases:
            text.stylize(
                Style.from_meta({"@click": f"screen.open_case('{m.group(1)}')"}), m.start(1), m.end(1)
            )
    return text


def reading_order(number: str) -> tuple[int, str]:
    """The rulebook's order: 3.2, 3.21, 3.22, 3.3 (the part after the point is decimal)."""
    major, _, minor = number.partition(".")
    return int(major), minor


def matches(case: Case, query: str) -> bool:
    """A number matches its own case and those under it ('10.3' finds 10.31-10.34);
    words must all be in the title, the text or the reading."""
    q = query.strip().lower()
    if not q:
        return True
    if re.fullmatch(r"[\d.]+", q):
        return case.number == q or case.number.startswith(q if q.endswith(".") else q)
    hay = " ".join((case.number, case.title, case.says, case.reading or "")).lower()
    return all(w in hay for w in q.split())


def case_text(case: Case) -> Text:
    t = Text()
    t.append(f"{case.number}  {case.title}", style="bold")
    t.append(f"   ({case.kind.value})", style="dim")
    t.append(f"\n{case.says}")
    if case.reading:
        t.append("\nOur reading: ", style="bold yellow")
        t.append(case.reading, style="yellow")
    if case.absent:
        t.append("\nThe printed rulebook skips this number.", style="dim")
    return t


class RulesScreen(OnceModal[None]):
    BINDINGS = [Binding("escape", "close", "Close")]
    MOVES = {"up": -1, "down": 1, "pageup": -8, "pagedown": 8}

    def __init__(self, cases: CaseInventory, first: list[str] | None = None) -> None:
        super().__init__()
        self.cases = cases
        self.first = [n for n in (first or []) if n in cases.cases]
        self.shown: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Input(
                placeholder="a case number (10.34) or words (retreat HQ)",
                id="rules-filter",
                select_on_focus=False,
            )
            yield OptionList(id="rules-list")
            yield Static(id="case-text")
            yield Static("↑↓ choose · type to filter · Esc closes", id="rules-hint")

    def on_mount(self) -> None:
        self._fill("")
        for field in self.query(Input).results(Input):
            field.focus()

    def _fill(self, query: str) -> None:
        # over SSH keys can outrun the screen: it may be gone, or not built yet
        if not (self.query("#rules-list") and self.query("#case-text")):
            return
        rest = sorted((n for n in self.cases.cases if n not in self.first), key=reading_order)
        order = self.first + rest
        self.shown = [n for n in order if matches(self.cases[n], query)]
        box = self.query_one("#rules-list", OptionList)
        box.clear_options()
        cited_now = set(self.first)
        box.add_options(
            [
                Option(
                    Text.assemble(
                        (f"{n:>5} ", "bold cyan" if n in cited_now else "cyan"), self.cases[n].title
                    ),
                    id=n,
                )
                for n in self.shown
            ]
        )
        if self.shown:
            box.highlighted = 0
        self._show(self.shown[0] if self.shown else None)

    def _show(self, number: str | None) -> None:
        text = (
            case_text(self.cases[number]) if number is not None else Text("No case matches.", style="italic")
        )
        self.query_one("#case-text", Static).update(text)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.query("#case-text"):
            self._show(event.option.id)

    def on_key(self, event: events.Key) -> None:
        # the filter keeps the keyboard; the arrows and page keys move through the list
        if event.key in self.MOVES:
            event.stop()
            box = next(self.query("#rules-list").results(OptionList), None)
            if box is not None and self.shown:
                now = box.highlighted or 0
                box.highlighted = max(0, min(len(self.shown) - 1, now + self.MOVES[event.key]))

    def action_close(self) -> None:
        self.dismiss()
