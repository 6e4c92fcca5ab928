"""The Textual application: a new-game screen, then the game screen."""

from __future__ import annotations

from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual.app import App

from plot_core import Player, Rules, load_rules, new_game
from plot_record import Header, Recorder, new_record_path

from .game import GameScreen
from .replay import Replay
from .replay_screen import ReplayScreen
from .screens import ConfirmScreen, GameSetup, HelpScreen, NewGameScreen
from .session import Seat, Session

__all__ = ["GameSetup", "HelpScreen", "PlotApp"]


class PlotApp(App[None]):
    TITLE = "The Plot to Assassinate Hitler"
    SUB_TITLE = "SPI 1976 · reconstructed map"

    def __init__(self, rules: Rules | None = None, *, setup: GameSetup | None = None,
                 session: Session | None = None, seed: int | None = None,
                 records: Path | None = None, record_path: Path | None = None,
                 notice: str = "", replay: Replay | None = None) -> None:
        """``records``: the folder new games are saved in (default: the user's data
        folder); ``record_path``: the file for the first game; ``notice``: said at start."""
        super().__init__()
        self.rules = rules or load_rules()
        self._setup, self._session, self._seed = setup, session, seed
        self._records, self._record_path, self._notice = records, record_path, notice
        self._replay = replay

    def on_mount(self) -> None:
        if self._replay is not None:
            h = self._replay.record.header
            self.sub_title = f"replay of {self._replay.record.path.name} · seed {h.seed}"
            self.push_screen(ReplayScreen(self._replay, self.rules), lambda _: self.exit())
        elif self._session is not None:
            self.play(self._session)
        elif self._setup is not None:
            self.start(self._setup)
        else:
            self.ask_new_game()

    def ask_new_game(self) -> None:
        self.push_screen(NewGameScreen(self._seed), self.start)

    def start(self, setup: GameSetup | None) -> None:
        if setup is None:
            self.exit()
            return
        state = new_game(setup.seed, setup=setup.setup, rules=self.rules)
        if setup.watch:
            seats = {p: Seat.COMPUTER for p in Player}
            side = f"watching the computer ({setup.level}) play both sides"
        elif setup.hotseat:
            seats = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.HUMAN}
            side = "hot-seat"
        else:
            seats = {p: Seat.HUMAN if p is setup.side else Seat.COMPUTER for p in Player}
            side = f"you play the {setup.side.title} against the computer ({setup.level})"
        self.sub_title = f"seed {setup.seed} · {side}"
        levels = {p: setup.level for p in Player if seats[p] is Seat.COMPUTER}
        header = Header(rules_hash=self.rules.version, seed=setup.seed,
                        start={"setup": setup.setup},
                        players={p.value: seats[p].value for p in Player},
                        levels={p.value: level for p, level in levels.items()})
        session = Session(state, seats, seed=setup.seed, levels=levels)
        path = self._record_path or new_record_path(header, self._records)
        self._record_path = None                 # a second game gets a file of its own
        try:
            session.recorder = Recorder(path, header)
        except OSError as exc:
            session.record_problem = f"the game cannot be saved to {path}: {exc.strerror or exc}"
        self.play(session)

    def play(self, session: Session) -> None:
        screen = GameScreen(session, self.rules)
        if session.recorder is not None:
            screen.notice = Text(self._notice or f"Saving to {session.recorder.path}",
                                 style="dim")
        self._notice = ""
        self.push_screen(screen, self._game_ended)

    def _game_ended(self, result: str | None) -> None:
        if result == "new":
            self.ask_new_game()

    def action_quit_game(self) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen) and screen.session.state.outcome is None:
            rec = screen.session.recorder
            saved = (f"It is saved in {rec.path}; `plot resume` goes on from here."
                     if rec is not None else "It is NOT saved: "
                     + (screen.session.record_problem or "no record was kept") + ".")
            saved = escape(saved)                          # shown as markup
            self.push_screen(ConfirmScreen(f"Quit this game? {saved}"),
                             lambda yes: self.exit() if yes else None)
        else:
            self.exit()
