"""Starting the client on a position, and reading what its screen shows."""

from __future__ import annotations

import textwrap

import attrs
from textual.geometry import Region

from plot_core import Player, load_position
from plot_core.engine.state import GameState
from plot_session.controller import Controller
from plot_session.session import Seat, Session
from plot_session.settings import Settings, SettingsFile
from plot_session.table import InlineScheduler, Table
from plot_tui.app import PlotApp
from plot_tui.game import GameScreen
from plot_tui.mapview import MapView

HOTSEAT = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.HUMAN}


# Schellenberg (002) next to a suspected Bonhoeffer (305), the SS phasing: a harassment
DUEL = """
phasing = "ss"
dice = [1]
[units]
"002" = { hex = "2110" }
"305" = { hex = "2210", suspected = true }
"""
# 13.19's worked example: Himmler, Hanke and Strölin (the SS's) investigate Bonhoeffer;
# the Abwehr holds Hanke's and Strölin's Loyalty chits (13.17), the SS an alibi (13.18).
INVESTIGATION_13_19 = """
phase = "investigation"
phasing = "ss"
dice = [4]
[units]
"305" = { hex = "2210", suspected = true }
"000" = { hex = "2110" }
"011" = { hex = "2310" }
"108" = { hex = "2209", controller = "ss" }
[chits]
abwehr = ["L011", "L108"]
ss = ["AA1"]
"""
# The Assignment Inter-Phase (7.0) with three Abwehr units in Berlin and FR1 in the
# Abwehr's hand; the dice ({first}, {second}) pick the Assignment Table's cell.
ASSIGNING = """
turn = 1
phase = "assignment"
step = "roll"
dice = [{first}, {second}, 4]
[units]
"301" = {{ hex = "1810" }}
"302" = {{ hex = "1812" }}
"303" = {{ hex = "1910" }}
"013" = {{ hex = "2310" }}
[chits]
abwehr = ["FR1"]
"""
# Stauffenberg (401), nobody's, among three Abwehr recruiters: Dohnanyi (301), Canaris
# (300) and Gisevius (302); die 1: R. A success makes all three suspected (12.73).
THREE_RECRUITERS = """
phase = "recruitment"
phasing = "abwehr"
dice = [1]
[units]
"401" = { hex = "2210", controller = "none" }
"301" = { hex = "2110" }
"300" = { hex = "2310" }
"302" = { hex = "2211" }
"""
# Schellenberg alone, the SS phasing: its phases end at once (the coup asked after each)
SS_ALONE = 'phasing = "ss"\ndice = [1]\n[units]\n"002" = { hex = "2110" }\n'


def pos(text: str) -> GameState:
    return load_position(textwrap.dedent(text))


def quick() -> SettingsFile:
    """Settings that act on the first key: the tests of what a key does (the asking
    before a roll has tests of its own, in test_odds_panel.py)."""
    f = SettingsFile(None)
    f.save(Settings(ask_before_rolling=False))
    return f


def app_for(state: GameState, *, human: Player | None = None, asks: bool = False) -> PlotApp:
    """Hot-seat unless ``human`` names the one human side (the other is the computer)."""
    seats = HOTSEAT if human is None else {p: Seat.HUMAN if p is human else Seat.COMPUTER for p in Player}
    return PlotApp(session=Session(state, seats), settings=None if asks else quick())


def game(app: PlotApp) -> GameScreen:
    """The game screen, even under a hand-off or a menu."""
    screens = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    assert screens, f"no game screen; the screen is {app.screen!r}"
    return screens[-1]


def fold_the_choices(app: PlotApp) -> None:
    """The prompt shown again with a newest news too long for the pane to grow to (the
    newest is never dropped): the choices fold to their keys, as on a crowded screen."""
    g = game(app)
    names = ("Canaris", "Oster", "Beck", "Gehre", "Dohnanyi", "Gisevius", "Goerdeler", "Trott")
    caused = "; ".join(f"{name} falls under suspicion (12.73)" for name in names)
    news = f"Oster tries to recruit Tresckow: +1, die 1: R (12.9); {caused}"
    g.prompt_pane.show(attrs.evolve(g.controller.asking(), news=(news,)))
    assert g.prompt_pane.keys_alone


def shared_table(session: Session) -> Table:
    """A table several screens share (as a server's), its computer run by hand."""
    return Table(session, InlineScheduler())


def seat_at(table: Table, side: Player | None) -> Controller:
    """One screen's place at a shared table, as the server gives each connection: one
    side's eyes (None: a spectator's), the server running the table for all."""
    return Controller(table, [side] if side is not None else [], local=False)


def session_of(app: PlotApp) -> Session:
    """The game at the screen, as the judge sees it (every secret in it): the tests read
    its state; the screen itself is drawn from its table's snapshots only."""
    return game(app).controller.table.session


def prompt(app: PlotApp) -> str:
    return str(game(app).query_one("#prompt").render())


def prompt_seen(app: PlotApp) -> str:
    """The prompt as far as the screen shows it (a short box cuts what does not fit),
    its wrapped lines joined into one line of words."""
    pane = game(app).query_one("#prompt")
    w, h = pane.outer_size
    return " ".join(" ".join(strip.text for strip in pane.render_lines(Region(0, 0, w, h))).split())


def panel(app: PlotApp, selector: str) -> str:
    return str(game(app).query_one(selector).render())


async def until(pilot, test, what: str, tries: int = 500) -> None:
    """Wait on a condition the screen shows, not on a clock: the pause between tries only
    lets the app run, and the test fails naming what never came."""
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"waited in vain for {what}; the screen is {pilot.app.screen!r}")


async def cursor_to(pilot, app: PlotApp, h: int) -> None:
    game(app).query_one(MapView).move_to(h)
    await pilot.pause()


async def act_on(pilot, app: PlotApp, *hexes: int) -> None:
    """Enter on each hex in turn, as a player moving the cursor there would."""
    for h in hexes:
        await cursor_to(pilot, app, h)
        await pilot.press("enter")
