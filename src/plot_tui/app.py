"""The Textual application: a new-game screen, then the game screen."""

from __future__ import annotations

from textual.app import App

from plot_core import Player, Rules, load_rules, new_game

from .game import GameScreen
from .screens import ConfirmScreen, GameSetup, HelpScreen, NewGameScreen
from .session import Seat, Session

__all__ = ["GameSetup", "HelpScreen", "PlotApp"]


class PlotApp(App[None]):
    TITLE = "The Plot to Assassinate Hitler"
    SUB_TITLE = "SPI 1976 · reconstructed map"

    def __init__(self, rules: Rules | None = None, *, setup: GameSetup | None = None,
                 session: Session | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.rules = rules or load_rules()
        self._setup, self._session, self._seed = setup, session, seed

    def on_mount(self) -> None:
        if self._session is not None:
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
        if setup.hotseat:
            seats = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.HUMAN}
        else:
            seats = {p: Seat.HUMAN if p is setup.side else Seat.COMPUTER for p in Player}
        side = "hot-seat" if setup.hotseat else f"you play the {setup.side.title}"
        self.sub_title = f"seed {setup.seed} · {side}"
        self.play(Session(state, seats, seed=setup.seed))

    def play(self, session: Session) -> None:
        self.push_screen(GameScreen(session, self.rules), self._game_ended)

    def _game_ended(self, result: str | None) -> None:
        if result == "new":
            self.ask_new_game()

    def action_quit_game(self) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen) and screen.session.state.outcome is None:
            self.push_screen(ConfirmScreen("Quit this game? It is not saved (game records "
                                           "and resume come with issue 7)."),
                             lambda yes: self.exit() if yes else None)
        else:
            self.exit()
