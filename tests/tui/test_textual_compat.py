"""The private Textual names plot relies on (plot_tui.textual_compat) are all still
there: an upgrade of Textual that removes one fails here, naming it."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest
from textual.app import App
from textual.driver import Driver

from plot_tui import textual_compat as compat


def test_the_escape_sequence_parser_is_still_there():
    module = importlib.import_module("textual._xterm_parser")
    assert module.XTermParser is compat.XTermParser
    assert "feed" in dir(compat.XTermParser), "XTermParser.feed is gone"


@pytest.mark.parametrize("name", compat.APP_OVERRIDES)
def test_the_app_methods_plot_overrides_are_still_textuals(name):
    assert inspect.isfunction(getattr(App, name, None)), f"textual's App.{name} is gone"


@pytest.mark.asyncio
@pytest.mark.parametrize("name", compat.APP_ATTRIBUTES)
async def test_the_app_attributes_a_served_session_uses_are_still_there(name):
    app = App()
    async with app.run_test():
        assert hasattr(app, name), f"textual's App no longer has {name}"


@pytest.mark.parametrize("name", compat.DRIVER_ATTRIBUTES)
def test_the_driver_attributes_a_served_driver_uses_are_still_set(name):
    source = inspect.getsource(Driver.__init__)
    assert f"self.{name} =" in source, f"textual's Driver no longer sets {name}"


def test_no_private_textual_name_is_used_outside_the_compatibility_module():
    """Outside textual_compat, only the overridden methods carry private names."""
    import re

    src = Path(compat.__file__).parents[1]
    private = set(compat.APP_ATTRIBUTES) | set(compat.DRIVER_ATTRIBUTES)
    found = []
    for p in [*src.glob("plot_tui/*.py"), *src.glob("plot_server/*.py")]:
        if p.name == "textual_compat.py":
            continue
        text = p.read_text(encoding="utf-8")
        found += [
            f"{p.name}: {m.group(0)}" for m in re.finditer(r"\.(_[a-z_]+)\b", text) if m.group(1) in private
        ]
        found += [f"{p.name}: {m.group(0)}" for m in re.finditer(r"textual\._\w+", text)]
    assert not found, found


def test_the_styles_cache_keeps_no_widget_alive():
    """Textual's StylesCache.get_inner_outer was an lru_cache on a method, keeping the
    last 1,024 widgets' caches alive: plot's replacement is cached on the colours only.
    When Textual mends it, this fails: drop the replacement."""
    from textual._styles_cache import StylesCache
    from textual.color import Color

    original = inspect.getsource(StylesCache).split("def get_inner_outer")[0].rstrip().splitlines()[-1]
    assert "lru_cache" in original, "Textual's get_inner_outer is no longer an lru_cache: drop the patch"
    assert "get_inner_outer" in compat.STYLES_CACHE_PATCHED
    a, b = StylesCache(), StylesCache()
    red, blue = Color(255, 0, 0), Color(0, 0, 255)
    assert a.get_inner_outer(red, blue) is b.get_inner_outer(red, blue)  # cached, not per widget
    inner, outer = a.get_inner_outer(red, blue)
    assert outer.background == red and inner.background == red + blue


@pytest.mark.asyncio
async def test_keys_a_footer_no_longer_shows_are_not_kept():
    """The Footer binds each key it shows to its own reactive; Textual drops the closed
    ones from the watchers only when that reactive changes, which it never does. Screens
    with other keys opened and closed again and again must not pile them up."""
    from textual.binding import Binding
    from textual.screen import ModalScreen
    from textual.widgets import Footer

    class Other(ModalScreen[None]):
        BINDINGS = [Binding(k, "dismiss", f"key {k}") for k in "abcdefgh"]

        def compose(self):
            yield Footer()

    class Keys(App[None]):
        BINDINGS = [Binding(k, "bell", f"key {k}") for k in "stuvwxyz"]

        def compose(self):
            yield Footer()

    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        for _ in range(30):
            await app.push_screen(Other())
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
        kept = getattr(footer, compat.WATCHERS, {}).get("compact", [])
        assert len(kept) <= 3 * 8, f"{len(kept)} keys kept by the footer"


@pytest.mark.asyncio
async def test_a_footers_keys_are_styled_once_as_they_are_made_and_look_as_before():
    """Each key starts as it will be drawn, so making the keys restyles none of them
    (each was restyled twice); they look as before (the 80x24 snapshots hold that)."""
    from textual.binding import Binding
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    class Keys(App[None]):
        BINDINGS = [Binding(k, f"notify('{k}')", f"key {k}") for k in "stuvwxyz"]

        def compose(self):
            yield Footer()

    app = Keys()
    restyled: list[object] = []
    async with app.run_test(size=(120, 10)) as pilot:
        await pilot.pause()
        old = list(app.screen.query(FooterKey))
        real = app.update_styles
        app.update_styles = lambda node=None, animate=True: (restyled.append(node), real(node, animate))[1]
        app.screen.refresh_bindings()  # the keys made anew, as at every screen opened
        await pilot.pause()
        await pilot.pause()
        keys = list(app.screen.query(FooterKey))
        assert not set(keys) & set(old), "the keys were not made anew"
        # as Textual draws them: the bound keys as their Footer (not compact), the
        # palette's own key compact
        assert [k.has_class("-compact") for k in keys] == [False] * 8 + [True]
        assert not [n for n in restyled if isinstance(n, FooterKey)]
        assert "key s" in str(keys[0].render())
