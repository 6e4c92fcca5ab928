"""ctrl+p, the command palette: a search over what can be done on the screen below it.

On a game it finds the legal actions by their words, notation and area; on every
screen it finds the keys panel. It is ours rather than Textual's CommandPalette because
that one searches in a worker and on timers: a key typed as it closed started a search
that ran on against its list after the list had gone (the SSH fuzz test found it). This
one searches as each key arrives, on the event loop (a few hundred lines compared by
substring), so nothing of it is left running once it has closed.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from plot_core.english import plain_letters

from .closing import OnceModal
from .screens import AskingLine

Run = Callable[[], object]


@attrs.frozen
class Found:
    """One line the palette offers: what it shows, what is at stake, what it does, and
    what to say before it does it (a roll, a spent chit), as the action list asks."""

    prompt: Text
    help: str
    run: Run
    ask: str = ""


Search = Callable[[str], list[Found]]

NO_MATCHES = "No matches found"


class CommandFinder(OnceModal[Run | None]):
    """Typing searches; the arrows move the highlight; Enter runs the highlighted line
    (the first if none is); Escape closes. A line that asks first (a roll, a spent
    chit) says so at the top on the first Enter and goes ahead on the second, as the
    action list does. The result is what to run, or None."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("down", "cursor(1)", "Next", show=False),
        Binding("up", "cursor(-1)", "Previous", show=False),
        Binding("enter", "pick", "Run", show=False),
    ]

    def __init__(self, search: Search) -> None:
        super().__init__()
        self.search = search
        self.found: list[Found] = []
        # held, not looked up: a palette closed by a key before it was mounted (over
        # SSH) mounts with its parts already gone, and has nothing to look for
        self.box = Input(placeholder="Search for actions…", select_on_focus=False)
        self.asking = AskingLine()
        self.options = OptionList()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield self.box
            yield self.asking
            yield self.options

    def on_mount(self) -> None:
        self.box.focus()
        self._show("")

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show(event.value)

    def _show(self, query: str) -> None:
        self.found = self.search(query)
        self.asking.forget()
        options = self.options
        options.clear_options()
        if not self.found and query.strip():
            options.add_option(Option(Text(NO_MATCHES, style="italic"), disabled=True))
            return
        options.add_options(Option(self._prompt(f)) for f in self.found)
        if self.found:
            options.highlighted = 0

    @staticmethod
    def _prompt(found: Found) -> Text:
        if not found.help:
            return found.prompt
        return Text.assemble(found.prompt, "\n", Text(found.help, style="dim"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_pick()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self.found):
            self.asking.moved_to(self.found[event.option_index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._run(event.option_index)

    def action_cursor(self, step: int) -> None:
        """The arrows move the highlight while the typing stays in the search box."""
        if step > 0:
            self.options.action_cursor_down()
        else:
            self.options.action_cursor_up()

    def action_pick(self) -> None:
        highlighted = self.options.highlighted
        self._run(0 if highlighted is None else highlighted)

    def action_close(self) -> None:
        self.dismiss(None)

    def _run(self, k: int) -> None:
        if not 0 <= k < len(self.found):
            return
        found = self.found[k]
        if self.asking.goes_ahead(found, found.ask):
            self.dismiss(found.run)


KEYS_WORDS = "keys help panel"


def with_keys(search: Search, show_keys: Run) -> Search:
    """``search``, with the line that opens the keys panel wherever the query fits it."""
    keys = Found(Text("Keys"), "Show the keys this screen answers to", show_keys)

    def found(query: str) -> list[Found]:
        wanted = plain_letters(query).split()  # (as the actions' search compares)
        return search(query) + ([keys] if all(w in KEYS_WORDS for w in wanted) else [])

    return found


def nothing_found(query: str) -> list[Found]:
    return []
