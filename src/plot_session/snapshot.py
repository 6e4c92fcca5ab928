"""What one set of eyes may see of a table at one version, made once and read by every
screen that shows it: the full screen, the plain text, the web page, a spectator's.

A snapshot is a value: it holds the side's view (plot_core.view: the other side's
chits as counts, face-down units unknown, no dice to come), what that side may do now,
the overlays, the log lines it may read, the question the rules ask, and no more. A
screen never builds a view itself; it draws the snapshot it was handed, so two screens
at one table cannot disagree, and N spectators cost one snapshot.
"""

from __future__ import annotations

import attrs

from plot_core import Action, Player, PlayerView, legal_actions
from plot_core import view as view_of
from plot_core.engine import Overlays, overlays
from plot_record import ChatLine, ThinkLine

from .describe import prompt
from .session import LogLine, Session


@attrs.frozen
class Snapshot:
    version: int
    eyes: Player | None  # whose eyes: a side's, or a spectator's (None)
    view: PlayerView
    legal: tuple[Action, ...]  # what the eyes' side may do now (none but on its move)
    overlays: Overlays
    log: tuple[LogLine, ...]  # every line of the log these eyes may read
    prompt: str  # what the rules ask now, of whoever is to act
    my_move: bool  # the eyes' side is to act, and a human sits there
    computer_to_act: bool
    thinking: bool  # the computer's search is running
    can_undo: bool  # the eyes' side may take its last action back
    actions: int  # actions played so far
    unsaved: bool  # moves the record has not taken yet: nobody may act
    record_problem: str | None  # why the game is not being saved, if it is not
    humans: tuple[Player, ...]  # the sides a human plays
    chat: tuple[ChatLine, ...]  # talk at the table (everyone hears it)
    last_thought: ThinkLine | None  # the computer's reasons for its last plan
    its_turn: tuple[ThinkLine, ...]  # ... and for each plan since its opponent last acted
    # both sides' views once the game is over and nothing is secret; None before
    everyone: tuple[PlayerView, PlayerView] | None

    @property
    def over(self) -> bool:
        return self.view.outcome is not None

    @property
    def saving(self) -> bool:
        """A move is on its way to the record: a moment (a store's commit), not a record
        that cannot be written (which waits for the host, and says why)."""
        return self.unsaved and not self.record_problem


def snapshot_of(
    session: Session, eyes: Player | None, version: int, shown: Overlays | None = None
) -> Snapshot:
    """``shown``: the overlays of this version, if another pair of eyes had them made."""
    state = session.state
    mine = session.may_act(eyes)
    legal = tuple(legal_actions(state)) if mine else ()
    v = view_of(state, eyes)
    over = state.outcome is not None
    return Snapshot(
        version=version,
        eyes=eyes,
        view=v,
        legal=legal,
        overlays=shown if shown is not None else overlays(state),
        log=tuple(session.log_for(eyes)),
        prompt=prompt(state.rules, v, list(legal) if mine else None),
        my_move=mine,
        computer_to_act=session.computer_to_act(),
        thinking=session.thinking,
        can_undo=session.can_undo_for(eyes),
        actions=session.actions,
        unsaved=session.unsaved,
        record_problem=session.record_problem,
        humans=tuple(session.humans()),
        chat=tuple(session.chat),
        last_thought=session.last_thought(),
        its_turn=tuple(session.thoughts_of_its_turn()),
        everyone=(view_of(state, Player.SS), view_of(state, Player.ABWEHR)) if over else None,
    )
