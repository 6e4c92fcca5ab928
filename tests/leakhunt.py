"""The leak hunter: play whole games through the real client from one chair
and collect every string the screen shows, failing on anything that side may not know.

What a side may know is worked out here from the full state, independently of the
screens: the chits it holds or has held, chits laid on the board (18.61), chits named
in the lines it is meant to see, and Allied units it has seen face up. A chit id
outside that, a face-down Allied unit's name, or the seed of an unfinished game on
the screen is a leak.
"""

from __future__ import annotations

import io
import random
import re

from rich.console import Console
from textual.app import App
from textual.widgets import Static

from plot_ai import make
from plot_core import Player, Rules, legal_actions, view
from plot_core.engine.state import CUP, Box, GameState, chit_ids
from plot_server.guard import CodeLimit
from plot_session.controller import Controller
from plot_session.session import Seat, Session
from plot_session.table import InlineScheduler, Table
from plot_tui.app import STYLESHEET
from plot_tui.game import GameScreen
from plot_tui.panels import LogView

HUMANS = {p: Seat.HUMAN for p in Player}


class Knowledge:
    """What one side (None: a spectator) may know so far."""

    def __init__(self, rules: Rules, side: Player | None) -> None:
        self.rules, self.side = rules, side
        self.chits: set[str] = set()
        self.allied: set[str] = set()
        self.all_chits = set(chit_ids(rules))
        self.allied_names = {u.id: (u.name, u.short) for u in rules.units.values() if not u.party.german}
        self._chit_re = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(sorted(self.all_chits)) + r")(?![0-9])")

    def learn(self, state: GameState) -> None:
        """Everything ``state`` lets the side know (call it after every action)."""
        own = self.side.value if self.side is not None else None
        for cid, where in zip(chit_ids(self.rules), state.chits, strict=True):
            if where == own or where not in (CUP, Player.SS.value, Player.ABWEHR.value):
                self.chits.add(cid)  # in hand, or laid on a unit in the open (18.61)
        for e in state.events:
            # the rule itself (6.21), not Event.seen_by: the hunter must not share the
            # gate it is checking
            if e.private is None or e.private is self.side:
                self.chits.update(self._chit_re.findall(e.text))
        for u in state.units:
            if u.id in self.allied_names and u.box is not Box.ALLIED_HOLDING:
                self.allied.add(u.id)  # placed face up: public from then on (7.11)
        for d in state.pending:
            if d.kind == "place_allied" and d.player is self.side and d.unit:
                self.allied.add(d.unit)  # the Abwehr drew it: his to see (7.11)

    def see_action(self, action) -> None:
        """Every action is done in the open (a revealed chit is shown to both, 7.4)."""
        self.chits.update(self._chit_re.findall(str(action)))

    def leaks(self, text: str, state: GameState, seed: int) -> list[str]:
        # once the game is over both hands are open to everyone: nothing is hidden then
        hidden = self.chits if state.outcome is None else self.all_chits
        found = [f"chit {c}" for c in set(self._chit_re.findall(text)) - hidden]
        for uid, names in self.allied_names.items():
            if uid in self.allied or state.unit(uid).box is not Box.ALLIED_HOLDING:
                continue
            found += [f"face-down Allied unit {n}" for n in names if n in text]
        # (a short seed's digits turn up anywhere; the hunt's seeds are long, as real ones are)
        if state.outcome is None and seed >= 10**9 and str(seed) in text:
            found.append(f"the seed {seed}")
        return found


class OneScreen(App[None]):
    """The game screen for one chair, as `plot serve` shows it to one player."""

    CSS_PATH = STYLESHEET

    def __init__(self, chair: Controller) -> None:
        super().__init__()
        self.chair = chair

    def on_mount(self) -> None:
        self.push_screen(GameScreen(self.chair, self.chair.table.session.state.rules))


def terminal_text(app: App, *, behind: bool = True) -> str:
    """Every character on the terminal now, as text; ``behind``: with the screens under
    a dialog (False: the top screen alone)."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system=None,
    )
    under = app._background_screens if behind else []
    console.print(app.screen._compositor.render_update(full=True, screen_stack=under))
    return console.export_text()


def screen_text(app: App, *, terminal: bool = True, widgets: bool = True) -> str:
    """Every text widget's whole content (a tab behind another, a log scrolled away, a
    log pane's lines waiting for it to be shown), and with ``terminal`` every character
    on the terminal now (the map is drawn line by line, not held as text)."""
    parts = []
    if terminal:
        parts.append(terminal_text(app))
    for screen in app.screen_stack if widgets else ():
        parts += [pane.shown_text() for pane in screen.query(LogView)]
        parts += [str(w.render()) for w in screen.query(Static)]
    parts.append(str(app.title) + " " + str(app.sub_title))
    return "\n".join(parts)


def next_choice(state: GameState, players: dict, rnd: random.Random):
    """The side to act's next action, by its player from its own view (a lone legal
    action needs no asking)."""
    actions = list(legal_actions(state))
    if len(actions) == 1:
        return actions[0]
    return players[state.to_act].decide(view(state, state.to_act), actions, rnd)


async def hunt(
    rules: Rules,
    seed: int,
    side: Player | None,
    *,
    limit: int,
    level: str = "random",
    size: tuple[int, int] = (120, 40),
    terminal_every: int = 8,
) -> tuple[int, list[str]]:
    """Play ``limit`` actions of ``new_game(seed)`` with both seats human; ``side``'s chair
    acts through its screen, the other by the session (as the other terminal would).
    The widgets' text is read after every action; the terminal itself, drawn (which is
    what costs), after every ``terminal_every`` actions and at the end.
    Returns how many actions were played and the leaks seen."""
    from plot_core import new_game

    session = Session(new_game(seed, rules=rules), HUMANS, seed=seed, game="hunt")
    chair = Controller(Table(session, InlineScheduler()), [side] if side else [], local=False)
    players = {p: make(level, rules, seed=seed) for p in Player}
    rnd = random.Random(f"hunt/{seed}")
    know = Knowledge(rules, side)
    know.learn(session.state)
    leaks: list[str] = []
    app = OneScreen(chair)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        for _ in range(limit):
            state = session.state
            if state.outcome is not None:
                break
            to_act = state.to_act
            choice = next_choice(state, players, rnd)
            if to_act is side:
                before = session.actions
                screen.act(choice)  # the screen's own path: message line
                if session.actions == before:  # a roll or a spent chit is said first:
                    leaks += [
                        f"before action {session.actions + 1}: {leak}"
                        for leak in know.leaks(screen_text(app, terminal=False), state, seed)
                    ]
                    screen.act(choice)  # what it said is checked, then it acts
            else:
                session.act_as(to_act, choice)
            screen.catch_up()  # (it would draw on its next turn of the loop)
            know.see_action(choice)
            know.learn(session.state)
            drawn = session.actions % terminal_every == 0 or session.state.outcome is not None
            if drawn:
                await pilot.pause()
            text = screen_text(app, terminal=drawn)
            leaks += [
                f"after action {session.actions}: {leak}" for leak in know.leaks(text, session.state, seed)
            ]
            if leaks:
                break
    return session.actions, leaks


def plain_hunt(
    rules: Rules, seed: int, side: Player | None, home, *, limit: int, level: str = "random"
) -> tuple[int, list[str]]:
    """The same hunt through the served plain-text door: ``side``'s player (None: a
    spectator) sits at a table of two through a plain visit and plays through its
    lines; the other side plays through its own seat. Everything the visit says is
    checked after every action. Returns how many actions were played and the leaks."""
    from plot_server.hub import Account, Hub
    from plot_server.plain_door import PlainVisit

    ss, ab, watcher = (
        Account("key ss", "ss player"),
        Account("key ab", "abwehr player"),
        Account("key w", "watcher"),
    )
    hub = Hub(rules, home, later=lambda delay, callback: None)
    table = hub.create(ss, Player.SS, opponent=Seat.HUMAN, seed=seed)
    owner = {Player.SS: ss, Player.ABWEHR: ab}
    if side is not Player.ABWEHR:
        # the Abwehr's seat taken first, by its player
        hub.sit(table.id, ab, code=table.code, codes=CodeLimit(5))
    out = io.StringIO()
    visit = PlainVisit(hub, owner[side] if side is not None else watcher, out, later=lambda f: f())
    assert visit.line(f"join {table.id} {table.code}" if side is Player.ABWEHR else f"sit {table.id}")
    if side is None:
        assert visit.line("leave") and visit.line(f"watch {table.id}")
    seats = {p: visit.guest.chair if p is side else None for p in Player}
    for p in Player:  # the others' seats, each through its own player
        if seats[p] is None:
            seats[p] = hub.sit(table.id, owner[p], code=table.code, codes=CodeLimit(5)).chair
    players = {p: make(level, rules, seed=seed) for p in Player}
    rnd = random.Random(f"plain hunt/{seed}")
    typing = random.Random(f"plain hunt typing/{seed}")  # (the game's choices stay as they were)
    know = Knowledge(rules, side)
    know.learn(table.session.state)
    leaks: list[str] = []
    read = 0
    for _ in range(limit):
        state = table.session.state
        if state.outcome is not None:
            break
        to_act = state.to_act
        choice = next_choice(state, players, rnd)
        if to_act is side:
            before = table.session.actions
            # typed as the player would: by its number as listed, half the time, where it
            # has one (a roll or a spent chit is then said first, and the same again goes
            # ahead: the words said first are hunted too), else in full
            assert visit.seat is not None
            number = next((n for n, c in visit.seat.choices.items() if c == choice), None)
            typed = str(number) if number is not None and typing.random() < 0.5 else str(choice)
            assert visit.line(typed)
            if table.session.actions == before and typed != str(choice):
                assert visit.line(typed)
            assert table.session.actions > before, out.getvalue()[-300:]
        else:
            seats[to_act].act(choice)
        know.see_action(choice)
        know.learn(table.session.state)
        said, read = out.getvalue()[read:], len(out.getvalue())
        leaks += [
            f"after action {table.session.actions}: {leak}"
            for leak in know.leaks(said, table.session.state, seed)
        ]
        if leaks:
            break
    return table.session.actions, leaks
