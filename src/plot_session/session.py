"""A game: who sits in each seat, undo, the log, the record, the talk, the clock, and
the computer players of its seats.

No Textual here, so the rules of the table are tested without a screen. The full
state stays inside the session; a table (table.py) owns it and is the only thing that
changes it, and every screen is drawn from a snapshot (snapshot.py) that holds only
``view(state, eyes)``: nothing those eyes may not see.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

import attrs

from plot_ai import ComputerPlayer, ExpertPlayer, make
from plot_ai.pool import Answer, Job, job_for, take
from plot_ai.search import Thought
from plot_core import (
    Action,
    GameState,
    IllegalAction,
    Player,
    Rules,
    apply,
    legal_actions,
)
from plot_core import view as view_of
from plot_core.engine import Event, can_take_back
from plot_core.lessons import Lesson
from plot_core.wording import words
from plot_record import (
    ChatLine,
    Header,
    PlanLine,
    Record,
    Recorder,
    RecordError,
    RecordWriter,
    ThinkLine,
    utc_stamp,
)
from plot_record.clock import ClockRule, Grant, on_time, time_left
from plot_record.format import THINK_TEXT, ActionLine, Entry, FlagLine, UndoLine, UnsayLine, take_back, unsaid
from plot_record.timeline import Timeline


class Seat(enum.StrEnum):
    HUMAN = "human"
    COMPUTER = "computer"


DEFAULT_LEVEL = "easy"


@attrs.define
class LogLine:
    index: int  # the number of the action that caused it
    side: Player | None  # who acted (None: the set-up before the first action)
    event: Event
    action: Action | None = None  # set on the line that says the action itself


def action_line(index: int, side: Player, before: GameState, action: Action) -> LogLine:
    """The line that says what ``side`` did, before what it caused: every step is in the
    log, the computer's too, and automatic events are not credited to the actor. An
    action is public once taken (plot_core.wording), so everyone sees this line."""
    return LogLine(index, side, Event("", words(before.rules, before, action)), action)


def timeline_log(tl: Timeline) -> list[LogLine]:
    """A loaded game's log: each action's line, then the events it caused."""
    lines = [LogLine(0, None, e) for e in tl.start.events]
    for st in tl.steps:
        lines.append(action_line(st.i, st.side, tl.state_at(st.i - 1), st.action))
        lines += [LogLine(st.i, st.side, e) for e in st.events]
    return lines


def header_seats(header: Header) -> tuple[dict[Player, Seat], dict[Player, str]]:
    """Who sits where in a record's game, and the computer's levels."""
    seats = {p: Seat(header.players[p.value]) for p in Player}
    return seats, {Player(side): level for side, level in header.levels.items()}


class Session:
    def __init__(
        self,
        state: GameState,
        seats: dict[Player, Seat],
        *,
        seed: int = 0,
        recorder: RecordWriter | None = None,
        levels: dict[Player, str] | None = None,
        think: float = 1.0,
        game: str = "",
        chosen_seed: bool = False,
        clock: ClockRule | None = None,
        coached: bool = False,
    ) -> None:
        """``seed`` is the game's secret (it deals both hands and every roll): it seeds the
        computer's choices and is never shown; ``game`` is the id screens show instead;
        ``chosen_seed``: a player picked the seed (--seed), so the screen warns that the
        deal is no secret; ``clock``: a correspondence clock (plot_record.clock), kept in
        the record's header; ``coached``: a guided game, whose screens add the coach's
        line (the header says so too, so a resumed one has it again)."""
        self.state = state
        self.clock = clock
        self.grants: list[Grant] = []  # extra time given on the clock
        self.flagged_at: str | None = None  # when a clock ran out, if one ended the game
        self.seats = dict(seats)
        self.seed = seed
        self.game = game
        self.chosen_seed = chosen_seed
        self.coached = coached
        # each computer seat: a player that sees only its side's view
        self.levels = {p: (levels or {}).get(p, DEFAULT_LEVEL) for p in Player if seats[p] is Seat.COMPUTER}
        self.computers: dict[Player, ComputerPlayer] = {
            p: make(level, state.rules, seed=seed, think=think) for p, level in self.levels.items()
        }
        self.actions = 0
        self.log: list[LogLine] = [LogLine(0, None, e) for e in state.events]
        self._undo: list[tuple[GameState, int]] = []
        # each side's readable lines, and how much of which log they were read from
        self._read: dict[Player | None, tuple[list[LogLine], int, list[LogLine]]] = {}
        self.recorder = recorder
        self.record_problem: str | None = None  # why the game is no longer being saved
        # a trouble's words name the record's file: at one's own keyboard, not at a
        # server (its paths are the host's, told to the host)
        self.names_paths = True
        self.listeners: list[Callable[[], None]] = []  # told after every change
        self.chat: list[ChatLine] = []  # said at a served table, kept in the record
        self.thoughts: list[ThinkLine] = []  # why a searching computer moved
        self.thinking = False  # a server's worker is searching for it now
        self.times: list[str | None] = []  # when each action was made (None: not said)
        self.actors: list[Player] = []  # ... and by whom (what a clock is worked out from)
        self.stamp: Callable[[], str] = utc_stamp  # the clock those times are read from

    @classmethod
    def begun(
        cls, state: GameState, header: Header, *, recorder: RecordWriter | None = None, think: float = 1.0
    ) -> Session:
        """The game ``header`` describes (who sits where, the computer's levels, the seed,
        the clock), at ``state``: a new game's, or a record's last position."""
        seats, levels = header_seats(header)
        return cls(
            state,
            seats,
            seed=header.seed,
            recorder=recorder,
            levels=levels,
            think=think,
            game=header.game,
            chosen_seed=header.chosen_seed,
            clock=header.clock,
            coached=header.coached,
        )

    @classmethod
    def resume(cls, record: Record, recorder: RecordWriter | None = None) -> Session:
        """The game of ``record`` where it stopped."""
        tl = record.timeline
        try:
            session = cls.begun(tl.final, record.header, recorder=recorder)
        except ValueError as exc:  # a level this program does not know
            raise RecordError(f"{record.path} line 1: {exc}") from None
        session.actions = len(tl)
        session.log = timeline_log(tl)
        session.chat = list(record.chat)
        session.thoughts = list(record.thoughts)
        session.times = list(record.times)
        session.actors = [st.side for st in tl.steps]
        session.grants = list(record.grants)
        session.flagged_at = record.flag.time if record.flag is not None else None
        return session

    # -- seats and eyes --------------------------------------------------------------
    def humans(self) -> list[Player]:
        return [p for p in Player if self.seats[p] is Seat.HUMAN]

    @property
    def hotseat(self) -> bool:
        return len(self.humans()) == 2

    def may_act(self, side: Player | None) -> bool:
        """``side``'s human player may act now (not while a move waits to be saved)."""
        to_act = self.state.to_act
        return to_act is not None and to_act is side and self.seats[to_act] is Seat.HUMAN and not self.unsaved

    def my_move(self) -> bool:
        """A human may act now (the side to act is a human's)."""
        return self.may_act(self.state.to_act)

    def computer_to_act(self) -> bool:
        to_act = self.state.to_act
        return to_act is not None and self.seats[to_act] is Seat.COMPUTER and not self.unsaved

    @property
    def unsaved(self) -> bool:
        """Moves made that the disk has not yet taken: the game waits for them (a full
        disk loses nothing)."""
        return self.recorder is not None and bool(self.recorder.unsaved)

    def retry_saving(self) -> bool:
        """Try again to write what the disk refused; True once the record is whole (the
        game then goes on, and everyone at it is told)."""
        if not self.unsaved:
            return True
        try:
            if self.recorder is not None:
                self.recorder.flush_unsaved()
        except OSError:
            return False
        self.record_problem = None
        if self.state.outcome is not None:
            self._close_record()
        self._tell()
        return True

    def saved(self) -> None:
        """A shared store committed every line: the game goes on."""
        self._tell()

    # -- what a side may see (a table's snapshots are made of these) ---------------------
    def legal_for(self, side: Player | None) -> list[Action]:
        return list(legal_actions(self.state)) if self.may_act(side) else []

    def legal(self) -> list[Action]:
        """What the side to act may do, if a human plays it."""
        return self.legal_for(self.state.to_act)

    def actions_of(self, side: Player) -> list[Action]:
        """The actions ``side`` has played in this game, in order (a lesson's progress)."""
        return [ln.action for ln in self.log if ln.action is not None and ln.side is side]

    def actions_by(self, side: Player) -> int:
        """How many actions ``side`` has played in this game."""
        return len(self.actions_of(side))

    def log_for(self, side: Player | None) -> list[LogLine]:
        """The lines ``side`` may read. Worked out once per line and side: the log only
        grows, but for an undo (which forgets what was read) or a log read anew."""
        log, read, lines = self._read.get(side, (None, 0, []))
        if log is not self.log:
            log, read, lines = self.log, 0, []
        if read < len(log):
            lines = lines + [ln for ln in log[read:] if ln.event.seen_by(side)]
            self._read[side] = (log, len(log), lines)
        return list(lines)

    # -- acting ---------------------------------------------------------------------------
    def act_as(self, side: Player | None, action: Action) -> list[Event]:
        """``side``'s human acts: what it caused, as far as ``side`` may see it (an Ep
        roll makes the enemy draw: 12.53's draw is the enemy's secret, 6.21). Raises
        IllegalAction with the rule's reason."""
        if not self.may_act(side):
            if self.unsaved and side is self.state.to_act:
                raise IllegalAction("", "your last move is not saved yet: the game waits for it")
            raise IllegalAction("5.2", "it is not your move")
        return [e for e in self._apply(action, undoable=True) if e.seen_by(side)]

    def act(self, action: Action) -> list[Event]:
        """The human to act acts (a table's screens act for their own side: act_as)."""
        return self.act_as(self.state.to_act, action)

    def why_not(self, action: Action) -> str | None:
        """The rule that forbids ``action`` now, in words, or None if it is legal."""
        refused = self.refusal(action)
        return None if refused is None else str(refused)

    def refusal(self, action: Action) -> IllegalAction | None:
        """The engine's refusal of ``action`` now (its case, its words), or None."""
        try:
            apply(self.state, action)
        except IllegalAction as exc:
            return exc
        return None

    def _computer_rnd(self) -> str:
        # Seeded by the game and the action's number, so a resumed game goes on as it would
        # have without the interruption (a searching player within its time budget: nearly).
        return f"computer/{self.seed}/{self.actions + 1}"

    def computer_step(self) -> list[Event]:
        """The computer to act decides here and now (see thought_job for a searching
        player's new plans, which a screen must not wait for)."""
        side = self.state.actor
        actions = list(legal_actions(self.state))
        if len(actions) == 1:
            return self._apply(actions[0], undoable=False)
        player = self.computers[side]
        # The player gets the side's view only.
        choice = player.decide(view_of(self.state, side), actions, random.Random(self._computer_rnd()))
        return self._computer_moved(side, choice, player.fresh_thought(), player)

    def thought_job(self) -> Job | None:
        """The search the computer to act needs before its next step, for a worker process
        (plot_ai.pool); None when its step is quick: one legal action, or the next step of
        a plan it already made (computer_step then plays it at once)."""
        side = self.state.to_act
        player = self.computers.get(side) if side is not None else None
        if not isinstance(player, ExpertPlayer) or not self.computer_to_act():
            return None
        actions = list(legal_actions(self.state))
        if len(actions) == 1 or player.expert.continues(actions):
            return None
        return job_for(player.expert, view_of(self.state, side), actions, self._computer_rnd())

    def take_thought(self, job: Job, answer: Answer) -> list[Event] | None:
        """A worker's answer to ``job``: played if the game is still where the job left it
        (None, and nothing done, if not: the table moved on, the answer is stale)."""
        side = self.state.to_act
        player = self.computers.get(side) if side is not None else None
        if (
            job.rnd != self._computer_rnd()
            or not isinstance(player, ExpertPlayer)
            or not self.computer_to_act()
            or side is None
        ):
            return None
        choice = take(player.expert, answer)
        if choice not in legal_actions(self.state):  # a guard: never an illegal step
            return self.computer_step()
        return self._computer_moved(side, choice, answer.thought, player)

    def _computer_moved(
        self, side: Player, choice: Action, thought: Thought | None, player: ComputerPlayer
    ) -> list[Event]:
        def reasons() -> None:
            if thought is not None:
                self._keep_thought(
                    ThinkLine(
                        self.actions,
                        side,
                        player.level,
                        thought.trials,
                        thought.seconds,
                        tuple(
                            PlanLine(
                                w.text,
                                w.win,
                                w.trials,
                                w.private,
                                w.effect[:THINK_TEXT],
                                w.public[:THINK_TEXT],
                                w.feared[:THINK_TEXT],
                            )
                            for w in thought.plans
                        ),
                    )
                )

        return self._apply(choice, undoable=False, reasons=reasons)

    def _keep_thought(self, line: ThinkLine) -> None:
        self.thoughts.append(line)
        if self.recorder is not None and self.state.outcome is None:
            try:
                self.recorder.think(line)
            except OSError as exc:
                self._cannot_save(exc)

    def last_thought(self) -> ThinkLine | None:
        """The computer's reasons for its last new plan (screens mask what the viewer may
        not see: plot_tui.why)."""
        return self.thoughts[-1] if self.thoughts else None

    def thoughts_of_its_turn(self) -> list[ThinkLine]:
        """Every plan the computer chose since its opponent last acted, oldest first:
        what W explains of its moves (thoughts_since_other_side)."""
        return thoughts_since_other_side(self.thoughts, self.actors, self.actions)

    def _apply(
        self,
        action: Action,
        *,
        undoable: bool,
        reasons: Callable[[], None] = lambda: None,
        at: str | None = None,
    ) -> list[Event]:
        """``reasons``: keeps a computer's reasons for the action (its think line comes
        after its action line), before anyone is told of the change. ``at``: when it was
        made elsewhere (a line another process wrote); by default, now."""
        before, side = self.state, self.state.actor
        after = apply(before, action)
        self.state = after
        self.actions += 1
        self.times.append(at if at is not None or self.recorder is None else self.stamp())
        self.actors.append(side)
        if undoable and can_take_back(before, action, after):
            self._undo.append((before, len(self.log)))
        else:
            self._undo.clear()  # chance or the opponent has seen it: no way back
        self.log.append(action_line(self.actions, side, before, action))
        self.log.extend(LogLine(self.actions, side, e) for e in after.events)
        self._record(side, action, after)
        reasons()
        self._tell()
        return list(after.events)

    def _tell(self) -> None:
        for listener in list(self.listeners):
            listener()

    # -- the record on disk -------------------------------------------------------------
    def _record(self, side: Player, action: Action, after: GameState) -> None:
        if self.recorder is None:
            return
        to_act = after.to_act
        # fsync when a human is to think (a power cut then costs nothing they saw).
        human_next = to_act is not None and self.seats[to_act] is Seat.HUMAN
        # Each line is queued before it is tried: a line the disk refuses is kept, with
        # those after it, until retry_saving gets them all out (nothing shown is lost).
        try:
            self.recorder.action(self.actions, side, action, sync=human_next, at=self.times[-1])
        except OSError as exc:
            self._cannot_save(exc)
        if after.outcome is not None:
            try:
                self.recorder.end(self.actions, after.outcome)
            except OSError as exc:
                self._cannot_save(exc)
            if not self.unsaved:
                self._close_record()

    def _close_record(self) -> None:
        if self.recorder is None:
            return
        try:
            self.recorder.close()
        except OSError as exc:
            self._cannot_save(exc)

    def _cannot_save(self, exc: OSError) -> None:
        where = self.recorder.path if self.recorder is not None and self.names_paths else "its file"
        self.record_problem = (
            f"the game cannot be saved to {where} "
            f"({exc.strerror or exc}); it waits, and goes on by itself "
            "once the disk takes it again: nothing is lost"
        )

    def say(self, line: ChatLine) -> None:
        """Talk at the table: kept, written to the record while the game is
        on (after its end, said but not kept), never taken back by an undo."""
        self.chat.append(line)
        if self.recorder is not None and self.state.outcome is None:
            try:
                self.recorder.chat(line)
            except OSError as exc:
                self._cannot_save(exc)
        self._tell()

    def unsay(self, n: int) -> ChatLine:
        """The host takes back the ``n``-th line of talk (from 0): shown as removed on
        every screen, and so written to the record (the words stay in the file above,
        read by no screen). IndexError if there is no such line."""
        if not 0 <= n < len(self.chat):
            raise IndexError(n)
        self.chat[n] = unsaid(self.chat[n])
        if self.recorder is not None and self.state.outcome is None:
            try:
                self.recorder.unsay(UnsayLine(n, self.stamp()))
            except OSError as exc:
                self._cannot_save(exc)
        self._tell()
        return self.chat[n]

    def can_undo_for(self, side: Player | None) -> bool:
        return bool(self._undo) and self.may_act(side)

    def can_undo(self) -> bool:
        return self.can_undo_for(self.state.to_act)

    def undo_for(self, side: Player | None) -> bool:
        if not self.can_undo_for(side):
            return False
        self._take_back()
        if self.recorder is not None:
            try:
                self.recorder.undo(self.actions)
            except OSError as exc:
                self._cannot_save(exc)
        self.actions -= 1
        self._tell()
        return True

    def undo(self) -> bool:
        return self.undo_for(self.state.to_act)

    def _take_back(self) -> None:
        self.state, log_len = self._undo.pop()
        del self.log[log_len:]
        self._read.clear()
        del self.times[self.actions - 1 :]
        del self.actors[self.actions - 1 :]

    # -- the clock (plot_record.clock) ------------------------------------------------------
    def time_left(self, now: datetime) -> dict[Player, float] | None:
        """Seconds each side has left on the clock at ``now``; None without a clock."""
        if self.clock is None:
            return None
        running = self.state.to_act if self.state.outcome is None else None
        return time_left(
            self.clock, list(zip(self.actors, self.times, strict=True)), running, now, self.grants
        )

    @property
    def clock_started(self) -> bool:
        """Has the clock started (it runs from the first action whose time is known)?"""
        return any(at is not None for at in self.times)

    def out_of_time(self, now: datetime) -> Player | None:
        """The side to act, if its clock has run out at ``now``."""
        left = self.time_left(now)
        side = self.state.to_act
        if left is None or side is None or self.state.outcome is not None or left[side] > 0:
            return None
        return side

    def lose_on_time(self, side: Player, time: str) -> None:
        """``side``'s clock ran out: the game ends on time, said and recorded."""
        self._clock_line(FlagLine(side, time))

    def give_time(self, side: Player, hours: float, time: str) -> None:
        """``hours`` more on ``side``'s clock, given by the other player."""
        self._clock_line(Grant(side, hours, time))

    def _clock_line(self, line: Grant | FlagLine, *, write: bool = True) -> None:
        if isinstance(line, Grant):
            self.grants.append(line)
            text = f"The {line.side.title} is given {line.hours:g} h more on the clock"
        else:
            self.state = on_time(self.state, line.side)
            self.flagged_at = line.time
            self._undo.clear()
            text = self.state.outcome.reason if self.state.outcome is not None else ""
        self.log.append(LogLine(self.actions, None, Event("", text)))
        if write and self.recorder is not None:
            try:
                self.recorder.clock(line)
            except OSError as exc:
                self._cannot_save(exc)
            if isinstance(line, FlagLine) and not self.unsaved:
                self._close_record()
        self._tell()

    @property
    def last_move_at(self) -> str | None:
        """When the last action was made (UTC, as the record says it), if known."""
        return self.times[-1] if self.times else None

    @property
    def ended_at(self) -> str | None:
        """When the game ended, if it has and the record says when: the loss on time, or
        the last action."""
        if self.state.outcome is None:
            return None
        return self.flagged_at or self.last_move_at

    # -- lines another server process wrote ---------------------------------
    def mirror(self, entry: Entry, where: str) -> None:
        """A line of this game that another server process wrote to the shared store:
        made here as it was made there (checked by the same rules), never written
        again. RecordError, naming ``where``, if it does not follow from this game."""
        recorder, self.recorder = self.recorder, None
        try:
            if isinstance(entry, ActionLine):
                if entry.i != self.actions + 1 or entry.side is not self.state.to_act:
                    raise RecordError(
                        f"{where}: action {entry.i} by {entry.side.value} does "
                        f"not follow action {self.actions} here"
                    )
                try:
                    # the maker's undo stack too, and the maker's time
                    self._apply(entry.action, undoable=True, at=entry.at)
                except IllegalAction as exc:
                    raise RecordError(f"{where}: {exc}") from None
            elif isinstance(entry, UndoLine):
                if entry.i != self.actions or not self._undo:
                    raise RecordError(f"{where}: undo of action {entry.i}, which cannot be taken back here")
                self._take_back()
                self.actions -= 1
                self._tell()
            elif isinstance(entry, ChatLine):
                self.chat.append(entry)
                self._tell()
            elif isinstance(entry, UnsayLine):
                take_back(self.chat, entry, where)
                self._tell()
            elif isinstance(entry, ThinkLine):
                self.thoughts.append(entry)
            elif isinstance(entry, Grant | FlagLine):
                self._clock_line(entry, write=False)
            # an EndLine says what the last action's state already says
        finally:
            self.recorder = recorder


def thoughts_since_other_side(
    thoughts: Sequence[ThinkLine], actors: Sequence[Player], upto: int
) -> list[ThinkLine]:
    """Of ``thoughts`` up to action ``upto``, those of the last thinker since its
    opponent's last action (``actors``: who made each action, the first being 1): the
    plans of its phase, or of its run of steps."""
    made = [t for t in thoughts if t.after <= upto]
    if not made:
        return []
    side = made[-1].side
    last_other = max((i for i, who in enumerate(actors[:upto], start=1) if who is not side), default=0)
    return [t for t in made if t.side is side and t.after > last_other]


def lesson_session(lesson: Lesson, rules: Rules) -> Session:
    """A lesson's practice: the learner's side against the easy computer, unrecorded."""
    seats = {p: Seat.HUMAN if p is lesson.side else Seat.COMPUTER for p in Player}
    return Session(lesson.start(rules), seats, seed=0, levels={lesson.side.enemy: "easy"})


def seats_for(*, hotseat: bool = False, watch: bool = False, side: Player = Player.SS) -> dict[Player, Seat]:
    """Who sits where: both humans (hot-seat), both the computer (watch), or ``side``."""
    if watch:
        return {p: Seat.COMPUTER for p in Player}
    if hotseat:
        return {p: Seat.HUMAN for p in Player}
    return {p: Seat.HUMAN if p is side else Seat.COMPUTER for p in Player}


def new_session(
    rules: Rules,
    seats: dict[Player, Seat],
    *,
    level: str = "easy",
    seed: int | None = None,
    setup: str = "standard",
    think: float = 1.0,
    path: Path | None = None,
    records: Path | None = None,
    coached: bool = False,
) -> Session:
    """A new game with its record: the seed secret unless given (then the record says it
    was chosen), saved to ``path`` or a new file in ``records`` (the games folder)."""
    from plot_core import new_game
    from plot_record import new_record_path, secret_seed

    chosen = seed is not None
    seed = seed if seed is not None else secret_seed()
    levels = {p: level for p in Player if seats[p] is Seat.COMPUTER}
    header = Header(
        rules_hash=rules.version,
        seed=seed,
        chosen_seed=chosen,
        start={"setup": setup},
        players={p.value: seats[p].value for p in Player},
        levels={p.value: lv for p, lv in levels.items()},
        coached=coached,
    )
    session = Session.begun(new_game(seed, setup=setup, rules=rules), header, think=think)
    path = path or new_record_path(header, records)
    try:
        session.recorder = Recorder(path, header)
    except OSError as exc:
        session.record_problem = f"the game cannot be saved to {path}: {exc.strerror or exc}"
    return session
