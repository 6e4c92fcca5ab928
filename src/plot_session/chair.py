"""One screen's place at a game that several screens share (a table served over SSH).

A Chair answers the game screen's questions the way a Session does, but always with
one side's eyes (or none: a spectator), and it may act only for that side. The game
itself — state, log, record, undo — stays in the one Session all chairs share, so
two players can never hold two different games.
"""

from __future__ import annotations

from collections.abc import Callable

from plot_core import Action, GameState, Player, PlayerView
from plot_core import view as view_of
from plot_core.engine.odds import Odds, Stakes
from plot_core.engine.overlays import Overlays
from plot_core.engine.state import Event
from plot_core.hexgrid import Hex
from plot_record import ChatLine, ThinkLine

from .session import NO_STAKES, LogLine, Seat, Session


class Chair:
    drives_computer = False  # the table runs the computer once, for every screen
    hotseat = False
    shared = True

    def __init__(
        self, session: Session, side: Player | None, *, note: Callable[[], str] = lambda: ""
    ) -> None:
        self.session = session
        self.side = side
        self._note = note
        # the server's way to say something at the table; it raises with why
        # a line is refused
        self.talk: Callable[[str], object] | None = None

    @property
    def chat(self) -> list[ChatLine]:
        return self.session.chat

    def last_thought(self) -> ThinkLine | None:
        return self.session.last_thought()

    @property
    def thinking(self) -> bool:
        return self.session.thinking

    # -- the shared game, read-only ------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def seats(self) -> dict[Player, Seat]:
        return self.session.seats

    @property
    def actions(self) -> int:
        return self.session.actions

    @property
    def recorder(self) -> None:
        return None  # the record is the server's: its path means nothing here

    @property
    def record_problem(self) -> str | None:
        return self.session.record_problem

    @property
    def unsaved(self) -> bool:
        return self.session.unsaved

    def retry_saving(self) -> bool:
        return self.session.retry_saving()

    @property
    def viewer(self) -> Player | None:
        return self.side

    def humans(self) -> list[Player]:
        return [self.side] if self.side is not None else []

    # -- this chair's questions -----------------------------------------------------------
    def needs_handoff(self) -> bool:
        return False  # nobody else looks at this screen

    def hand_over(self) -> None:
        pass

    def my_move(self) -> bool:
        return self.session.may_act(self.side)

    def computer_to_act(self) -> bool:
        return self.session.computer_to_act()

    def status_note(self) -> str:
        return self._note()

    def view(self) -> PlayerView:
        return view_of(self.session.state, self.side)

    def everyone(self) -> tuple[PlayerView, PlayerView] | None:
        """Both sides' views (SS, Abwehr) once the game is over, when nothing is secret
        any more; None before."""
        state = self.session.state
        if state.outcome is None:
            return None
        return view_of(state, Player.SS), view_of(state, Player.ABWEHR)

    def overlays(self) -> Overlays:
        return self.session.overlays()

    def legal(self) -> list[Action]:
        return self.session.legal_for(self.side)

    def visible_log(self) -> list[LogLine]:
        return self.session.log_for(self.side)

    def act(self, action: Action) -> list[Event]:
        return self.session.act_as(self.side, action)

    def why_not(self, action: Action) -> str | None:
        return self.session.why_not(action)

    def odds(self, action: Action) -> list[Odds]:
        return self.session.odds(action) if self.session.may_act(self.side) else []

    def stakes(self, action: Action) -> Stakes:
        # the chits it names are the acting side's own: asked only by that side
        return self.session.stakes(action) if self.session.may_act(self.side) else NO_STAKES

    def walk_to(self, h: Hex) -> list[Hex] | None:
        return self.session.walk_to(h) if self.session.may_act(self.side) else None

    def why_not_walk(self, h: Hex) -> str | None:
        return self.session.why_not_walk(h)

    def can_undo(self) -> bool:
        return self.session.can_undo_for(self.side)

    def undo(self) -> bool:
        return self.session.undo_for(self.side)
