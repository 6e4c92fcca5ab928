"""Screens that close once, and only from the top. Keys can arrive faster than screens
come and go (the SSH fuzz test found both): a second `dismiss` would hand the screen's
result over again (Textual raises InvalidStateError), and a `dismiss` of a screen that
another one (the command palette) now covers would pop that other screen instead,
leaving this one open with its result already spent. Textual's `dismiss` pops whatever
is on top, so these bases dismiss only a screen that is on top, and only once."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

R = TypeVar("R")


class _ClosesOnce:
    closing = False
    app: Any  # the screen's, once mixed into one

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self.closing or self.app.screen is not self:
            return AwaitComplete.nothing()  # a late key: the screen it meant has gone
        self.closing = True
        return super().dismiss(result)  # type: ignore[misc]

    def on_screen_resume(self) -> None:
        self.closing = False  # shown again: it may close again


class OnceScreen(_ClosesOnce, Screen[R]):
    pass


class OnceModal(_ClosesOnce, ModalScreen[R]):
    pass
