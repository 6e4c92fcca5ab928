"""A table: one game and everything that runs it, owned in one place.

The table holds the game (a Session: the state, the record, undo, the talk, the clock,
the computer players of its seats) and is the only thing that changes it. Every screen
at it, local or served, full screen or plain text, asks it for a snapshot of what one
set of eyes may see (snapshot.py), and hears of every change as ``Changed(version)``:
the version counts changes, so a screen draws once per version and never a half-made
one. The table also decides, in one place (``_drive``), when the computer moves: after
every change, if a computer's seat is to act, it schedules the next step on its
``Scheduler`` at the table's pace, sends a search to the think pool when the step needs
one, and plays the answer if the game is still where the search left it.

Local play runs a table on the app's event loop (``AsyncioScheduler``); a server runs
each of its tables the same way, behind its hub; tests and the blocking plain-text loop
run one inline (``InlineScheduler``), which runs what the table schedules when asked.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Protocol

import attrs

from plot_ai.pool import Answer, Job, decide
from plot_core import GameState, IllegalAction, Player, Verb, legal_actions
from plot_core.engine import DecisionKind

from .session import Seat, Session
from .snapshot import Snapshot, snapshot_of

Eyes = Player | None  # whose eyes a screen shows: a side's, or a spectator's (None)
FRAME_BUDGET = 0.03  # skipping ahead: how long the computer plays before screens draw


@attrs.frozen
class Changed:
    """The table changed; ``version`` counts every change since it was opened."""

    version: int


class Scheduler(Protocol):
    """Where a table's timed work runs: ``later`` calls back after ``delay`` seconds;
    ``think`` runs an expert's search away from the screens and calls ``done`` with the
    answer (None: the search failed) where the table lives."""

    def later(self, delay: float, callback: Callable[[], None]) -> None: ...

    def think(self, job: Job, done: Callable[[Answer | None], None]) -> None: ...


class AsyncioScheduler:
    """The running event loop (a Textual app's, or a server's); searches in the shared
    pool of worker processes (plot_ai.pool), their answers back on the loop."""

    def later(self, delay: float, callback: Callable[[], None]) -> None:
        import asyncio

        asyncio.get_running_loop().call_later(delay, callback)

    def think(self, job: Job, done: Callable[[Answer | None], None]) -> None:
        import asyncio

        from plot_ai.pool import shared_pool

        try:
            future = asyncio.wrap_future(shared_pool().submit(job))
        except Exception:  # a broken pool (a worker killed): the table thinks here instead
            asyncio.get_running_loop().call_soon(done, None)
            return

        def back(f: asyncio.Future[Answer]) -> None:
            done(None if f.cancelled() or f.exception() is not None else f.result())

        future.add_done_callback(back)


class CallbackScheduler:
    """A scheduler made of two functions (a server's, or a test's)."""

    def __init__(
        self,
        later: Callable[[float, Callable[[], None]], None],
        think: Callable[[Job, Callable[[Answer | None], None]], None],
    ) -> None:
        self._later, self._think = later, think

    def later(self, delay: float, callback: Callable[[], None]) -> None:
        self._later(delay, callback)

    def think(self, job: Job, done: Callable[[Answer | None], None]) -> None:
        self._think(job, done)


class InlineScheduler:
    """Nothing runs by itself: ``run()`` runs what waits (and what that schedules in
    turn), at once, in order; searches run in this process. Tests and the plain-text
    loop at one keyboard use it."""

    def __init__(self) -> None:
        self.waiting: list[Callable[[], None]] = []
        self.delays: list[float] = []  # the delays asked for, in order (tests read them)

    def later(self, delay: float, callback: Callable[[], None]) -> None:
        self.delays.append(delay)
        self.waiting.append(callback)

    def think(self, job: Job, done: Callable[[Answer | None], None]) -> None:
        self.waiting.append(lambda: done(decide(job)))

    def run(self, *, until: Callable[[], bool] = lambda: False) -> int:
        """Run what waits until nothing does (or ``until()`` holds); how many ran."""
        n = 0
        while self.waiting and not until():
            self.waiting.pop(0)()
            n += 1
        return n


class Table:
    """One game's owner. ``pace``: seconds between the computer's steps (a screen's
    player may change it); ``moves_computer()``: whether this process moves the computer
    here (a server on a shared store moves it only where its players sit); ``until``:
    a state where the computer stops (a lesson's goal)."""

    def __init__(
        self,
        session: Session,
        scheduler: Scheduler,
        *,
        pace: float = 0.15,
        moves_computer: Callable[[], bool] = lambda: True,
        until: Callable[[GameState], bool] = lambda state: False,
        clock: Callable[[], float] = time.perf_counter,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        """``on_error``: told of a computer's step that failed (a server tells its host);
        without it, the error is raised where the step ran."""
        self.scheduler, self.pace = scheduler, pace
        self.on_error = on_error
        self.moves_computer, self.until, self.clock = moves_computer, until, clock
        self.version = 0
        self.skipping = False  # the computer plays on without pausing (a screen's s)
        self.closed = False
        self._listeners: list[Callable[[Changed], None]] = []
        self._snapshots: dict[Eyes, Snapshot] = {}
        self._stepping = False  # a step (or a search) is on its way
        self._generation = 0  # counts sessions: a step scheduled for an older one is dropped
        # a seat's standing answer to the coup question (18.11): no coup this Game-Turn
        self.no_coup_in: dict[Player, int] = {}
        self.session = session
        session.listeners.append(self.changed)

    # -- changes ------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Changed], None]) -> Callable[[], None]:
        """``listener`` hears of every change; returns what stops it."""
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    def changed(self) -> None:
        """Something changed (the session says so after every action, line or grant):
        a new version for every screen, and the computer's next step if it is its turn."""
        self.version += 1
        self._snapshots.clear()
        if self._answer_standing():
            return  # (the answer's own change told everyone: nobody hears it was asked)
        change = Changed(self.version)
        for listener in list(self._listeners):
            listener(change)
        self._drive()

    def _answer_standing(self) -> bool:
        """The coup question, asked of a seat whose player answered it for this
        Game-Turn (18.11), answered at once: no prompt, no notice of a move to make,
        at the table or away from it. True if it answered."""
        s = self.session
        state, side = s.state, s.state.to_act
        if side is None or self.no_coup_in.get(side) != state.turn or s.seats.get(side) is not Seat.HUMAN:
            return False
        if not state.pending or state.pending[-1].kind != DecisionKind.COUP:
            return False
        no = next((a for a in legal_actions(state) if a.verb is Verb.NO_REVEAL), None)
        if no is None:
            return False
        try:
            s.act_as(side, no)  # (tells the table again, at the next question)
        except IllegalAction:  # the record cannot take it now: asked as ever
            return False
        return True

    def snapshot(self, eyes: Eyes) -> Snapshot:
        """What ``eyes`` may see now, made once per version however many screens ask."""
        shot = self._snapshots.get(eyes)
        if shot is None:
            # the overlays are public (where units stand): one for every pair of eyes
            shown = next((s.overlays for s in self._snapshots.values()), None)
            shot = self._snapshots[eyes] = snapshot_of(self.session, eyes, self.version, shown)
        return shot

    def replace_session(self, session: Session) -> None:
        """The game read again from where it is kept (a server on a shared store whose
        line lost a race): every screen goes on at the table, on the game as stored."""
        if self.changed in self.session.listeners:
            self.session.listeners.remove(self.changed)
        self.session = session
        self._stepping = False
        self._generation += 1  # what was on its way for the old session is dropped
        session.thinking = False
        session.listeners.append(self.changed)
        self.changed()

    def close(self) -> None:
        """Nobody plays here any more: the computer stops, nobody is told."""
        self.closed = True
        self._listeners.clear()
        if self.changed in self.session.listeners:
            self.session.listeners.remove(self.changed)

    # -- the computer: the one place that decides when it moves --------------------------
    @property
    def busy(self) -> bool:
        """Is the computer moving here, or about to (the table must stay loaded)?"""
        return self._stepping or self._computer_may_move()

    def start(self) -> None:
        """Set the computer going if it is to act (a table opened or brought back)."""
        self._drive()

    def skip(self) -> None:
        """Play the computer's steps without pausing until a human is to act."""
        self.skipping = True
        self._drive(at_once=True)

    def _computer_may_move(self) -> bool:
        s = self.session
        return (
            not self.closed
            and s.computer_to_act()
            and s.state.outcome is None
            and not self.until(s.state)
            and self.moves_computer()
        )

    def _drive(self, *, at_once: bool = False) -> None:
        if not self._computer_may_move():
            if not self.session.computer_to_act():
                self.skipping = False  # a human's turn: skipping is over
            return
        if self._stepping:
            return
        self._stepping = True
        delay = 0.0 if self.skipping or at_once else self.pace
        self.scheduler.later(delay, functools.partial(self._guarded, self._step, self._generation))

    def _guarded(self, step: Callable[[], None], generation: int) -> None:
        """Run ``step`` for the session it was scheduled for; a step that fails leaves
        the table able to move again (and says so), never stuck "on its way"."""
        if generation != self._generation or self.closed:
            return
        try:
            step()
        except Exception as exc:
            self._stepping = False
            self.session.thinking = False
            if self.on_error is None:
                raise
            self.on_error(exc)

    def _step(self) -> None:
        self._stepping = False
        deadline = self.clock() + FRAME_BUDGET
        while self._computer_may_move():
            s = self.session
            job = s.thought_job()
            if job is not None:  # a search: never on the loop that draws the screens
                self._stepping = True
                s.thinking = True
                self.changed()  # (the screens say the computer is thinking)
                back = functools.partial(self._answer_back, job, self._generation)
                self.scheduler.think(job, back)
                return
            self._stepping = True  # (the change it makes must not schedule another)
            s.computer_step()
            self._stepping = False
            if not self.skipping or self.clock() > deadline:
                break
        self._drive()

    def _answer_back(self, job: Job, generation: int, answer: Answer | None) -> None:
        self._guarded(functools.partial(self._thought_back, job, answer), generation)

    def _thought_back(self, job: Job, answer: Answer | None) -> None:
        self._stepping = False
        s = self.session
        s.thinking = False
        if self.closed or not self._computer_may_move():
            self.changed()
            return
        self._stepping = True
        played = s.computer_step() if answer is None else s.take_thought(job, answer)
        self._stepping = False
        if played is None:  # stale: the game moved on meanwhile; think again
            self.changed()
        else:
            self._drive()
