"""A recorded game as a timeline of positions: checked once, then seekable at once.

Position ``i`` is the game after its first ``i`` actions (0: the start). Loading
replays every action through the engine, so an illegal or altered line is found
and named; it keeps every ``SNAPSHOT_EVERY``-th state, so reaching any position
costs at most that many ``apply`` calls however long the game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from plot_core import (
    Action,
    DataError,
    GameState,
    IllegalAction,
    Player,
    Rules,
    apply,
    load_position,
    new_game,
    same_game,
)
from plot_core.engine import Event, Phase, Verb, player_turn

from .clock import Grant, on_time
from .format import (
    ActionLine,
    ChatLine,
    EndLine,
    FlagLine,
    Header,
    RecordError,
    ThinkLine,
    UndoLine,
    UnsayLine,
    human_sides,
    take_back,
)
from .store import RawRecord, read_raw

SNAPSHOT_EVERY = 32


@attrs.frozen
class Step:
    """One action and where it left the game."""

    i: int
    line: int  # line of the record it came from
    side: Player
    action: Action
    events: tuple[Event, ...]  # what it caused (private ones included)
    turn: int  # Game-Turn after it
    phase: Phase
    coup_turn: int
    player_turn: Player | None = None  # whose Player-Turn (5.2), in a Game-Turn

    @property
    def rolled(self) -> bool:
        return any(e.roll for e in self.events)

    @property
    def coup(self) -> bool:
        return self.action.verb is Verb.COUP


def start_state(header: Header, rules: Rules, where: str = "header") -> GameState:
    start = header.start
    if "position" in start:
        try:
            return load_position(
                start["position"], name=f"{where} (start position)", rules=rules, seed=header.seed
            )
        except DataError as exc:
            raise RecordError(f"{where}: the start position is not valid: {exc}") from None
    return new_game(header.seed, setup=start["setup"], rules=rules)


class Timeline:
    def __init__(self, start: GameState) -> None:
        self.start = start
        self.steps: list[Step] = []
        self._snapshots: dict[int, GameState] = {0: start}
        self._last: tuple[int, GameState] = (0, start)
        self.ended: GameState | None = None  # the final position, adjudicated on time

    # -- growing (loading, or a game being played) -------------------------------------
    def push(self, side: Player, action: Action, *, line: int = 0) -> GameState:
        """Apply the next action; raises IllegalAction, leaving the timeline as it was."""
        state = self.final
        after = apply(state, action)
        i = len(self.steps) + 1
        self.steps.append(
            Step(
                i,
                line,
                side,
                action,
                after.events,
                after.turn,
                after.phase,
                after.coup.turn if after.coup else 0,
                player_turn(after),
            )
        )
        if i % SNAPSHOT_EVERY == 0:
            self._snapshots[i] = after
        self._last = (i, after)
        return after

    def end_on_time(self, loser: Player) -> GameState:
        """``loser``'s clock ran out: the last position, ended on time (clock.py)."""
        self.ended = on_time(self.final, loser)
        return self.ended

    def pop(self) -> None:
        self.ended = None
        i = len(self.steps)
        self.steps.pop()
        self._snapshots.pop(i, None)
        self._last = (i - 1, self.state_at(i - 1))

    # -- reading --------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.steps)

    @property
    def final(self) -> GameState:
        return self.state_at(len(self.steps))

    def state_at(self, i: int) -> GameState:
        if not 0 <= i <= len(self.steps):
            raise IndexError(f"position {i} is outside 0..{len(self.steps)}")
        if self.ended is not None and i == len(self.steps):
            return self.ended
        last_i, last = self._last
        if last_i == i:
            return last
        base_i = (i // SNAPSHOT_EVERY) * SNAPSHOT_EVERY
        if last_i < i and last_i > base_i:  # stepping on: start from where we are
            base_i, state = last_i, last
        else:
            state = self._snapshots[base_i]
        for step in self.steps[base_i:i]:
            state = apply(state, step.action)
        self._last = (i, state)
        return state

    def events_at(self, i: int) -> tuple[Event, ...]:
        return self.steps[i - 1].events if i else self.start.events

    def turn_key(self, i: int) -> tuple[int, int]:
        s = self.steps[i - 1] if i else None
        return (s.turn, s.coup_turn) if s else (self.start.turn, 0)

    def phase_key(self, i: int) -> tuple[int, int, Phase, Player | None]:
        """Which phase position ``i`` is in: Game-Turn, Coup-Turn, phase, and whose
        Player-Turn (each side has its own Movement, Recruitment and Status, 5.2)."""
        s = self.steps[i - 1] if i else None
        if s is None:
            return (self.start.turn, 0, self.start.phase, player_turn(self.start))
        return (s.turn, s.coup_turn, s.phase, s.player_turn)

    # -- jumps ----------------------------------------------------------------------------
    def next_change(self, i: int, key: Callable[[int], object]) -> int:
        """The first position after ``i`` where ``key`` differs (or the end)."""
        here = key(i)
        for j in range(i + 1, len(self.steps) + 1):
            if key(j) != here:
                return j
        return len(self.steps)

    def prev_change(self, i: int, key: Callable[[int], object]) -> int:
        """The start of the stretch ``i`` is in, or of the one before if ``i`` starts it."""
        if i == 0:
            return 0
        j = i - 1 if key(i - 1) != key(i) else i
        here = key(j)
        while j > 0 and key(j - 1) == here:
            j -= 1
        return j

    def next_where(self, i: int, test: Callable[[Step], bool]) -> int | None:
        for step in self.steps[i:]:
            if test(step):
                return step.i
        return None

    def prev_where(self, i: int, test: Callable[[Step], bool]) -> int | None:
        for step in reversed(self.steps[: max(i - 1, 0)]):
            if test(step):
                return step.i
        return None


@attrs.define
class Record:
    """A record read from disk and checked: its header, timeline and any warnings."""

    path: Path
    header: Header
    timeline: Timeline
    warnings: list[str]
    good_bytes: int
    chat: list[ChatLine] = attrs.Factory(list)  # what was said at the table
    thoughts: list[ThinkLine] = attrs.Factory(list)  # why the computer moved
    times: list[str | None] = attrs.Factory(list)  # when each action was made, if said
    grants: list[Grant] = attrs.Factory(list)  # extra time given on the clock
    flag: FlagLine | None = None  # the loss on time that ended it, if one did

    @property
    def finished(self) -> bool:
        return self.timeline.final.outcome is not None

    def sides_shown(self) -> tuple[Player, ...]:
        """The sides the game may be seen through, one at a time: both once it is over;
        while it goes on, its human seats only (a computer's seat still holds chits and
        draws its human opponent may not see), or both if no human plays."""
        return tuple(Player) if self.finished else human_sides(self.header.players)

    def eyes_problem(self, eyes: Player | None) -> str | None:
        """Why the game may not be shown through ``eyes`` (None: both sides' secrets at
        once), or None if it may: every door that shows a record asks this."""
        if self.finished:
            return None
        sides = self.sides_shown()
        named = " or ".join(p.value for p in sides)
        if eyes is None:
            return (
                f"the game is not finished, so it can only be seen as one side saw it ({named}): "
                "the other side's chits are still secret"
            )
        if eyes not in sides:
            return (
                f"the game is not finished and the computer plays the {eyes.title}: its chits and "
                f"draws are still secret, so the game can only be seen as the {eyes.enemy.title} saw it"
            )
        return None


def load_record(path: Path, rules: Rules) -> Record:
    raw = read_raw(path)
    return check(raw, rules)


def _check_thought(tl: Timeline, entry: ThinkLine, where: str) -> None:
    """The reasons explain the last action, and it was the computer's side's."""
    if entry.after != len(tl) or not tl.steps or tl.steps[-1].side is not entry.side:
        raise RecordError(
            f"{where}: think: it explains action {entry.after}, but "
            f"the last action is {len(tl)}" + ("" if not tl.steps else f", the {tl.steps[-1].side.value}'s")
        )


def _play(tl: Timeline, entry: ActionLine, where: str, line: int) -> None:
    """The next action, by the side to act, legal where it is played."""
    n = len(tl)
    if entry.i != n + 1:
        raise RecordError(f"{where}: action number {entry.i}, expected {n + 1}")
    state = tl.final
    if state.outcome is not None:
        raise RecordError(f"{where}: the game was already over ({state.outcome.case})")
    if entry.side is not state.to_act:
        raise RecordError(
            f"{where}: action {entry.i} '{entry.action}' is the "
            f"{entry.side.value}'s, but the "
            f"{state.to_act.value if state.to_act else 'nobody'} is to act"
        )
    try:
        tl.push(entry.side, entry.action, line=line)
    except IllegalAction as exc:
        raise RecordError(f"{where}: action {entry.i} '{entry.action}' is not legal here: {exc}") from None


def _check_end(tl: Timeline, entry: EndLine, where: str) -> None:
    """The end the record says is the end the replay reaches, after the same action."""
    final, n = tl.final, len(tl)
    if entry.i != n or final.outcome != entry.outcome:
        got = f"{final.outcome.winner} by {final.outcome.case}" if final.outcome else "no end yet"
        raise RecordError(
            f"{where}: the record says the game ended after action "
            f"{entry.i} with {entry.outcome.winner} by "
            f"{entry.outcome.case}, but replaying it gives {got} "
            f"after action {n}"
        )


def check(raw: RawRecord, rules: Rules) -> Record:
    h, path = raw.header, raw.path
    if not same_game(h.rules_hash, rules):
        raise RecordError(
            f"{path} line 1: the game was recorded under rules data "
            f"{h.rules_hash}, but this program has rules data {rules.version}; "
            f"it cannot be replayed exactly (use the plot version that made it: "
            f"{h.program or 'unknown'})"
        )
    tl = Timeline(start_state(h, rules, f"{path} line 1"))
    ended = False
    chat: list[ChatLine] = []
    thoughts: list[ThinkLine] = []
    times: list[str | None] = []
    grants: list[Grant] = []
    flag: FlagLine | None = None
    for line, entry in raw.entries:
        where = f"{path} line {line}"
        if isinstance(entry, ChatLine):  # talk: the game neither checks nor undoes it
            chat.append(entry)
            continue
        if isinstance(entry, UnsayLine):  # a line of talk the host took back
            take_back(chat, entry, where)
            continue
        if isinstance(entry, ThinkLine):  # the computer's reasons for an action of its
            _check_thought(tl, entry, where)
            thoughts.append(entry)
            continue
        if ended:
            raise RecordError(f"{where}: nothing may follow the end of the game")
        if isinstance(entry, Grant | FlagLine) and h.clock is None:
            raise RecordError(f"{where}: a clock's line in a game without a clock")
        if isinstance(entry, Grant):
            grants.append(entry)
            continue
        if isinstance(entry, FlagLine):
            if tl.final.outcome is not None:
                raise RecordError(f"{where}: a clock ran out after the game was over")
            tl.end_on_time(entry.side)
            flag = entry
            ended = True
            continue
        n = len(tl)
        if isinstance(entry, ActionLine):
            _play(tl, entry, where, line)
            times.append(entry.at)
        elif isinstance(entry, UndoLine):
            if entry.i != n or n == 0:
                raise RecordError(f"{where}: undo of action {entry.i}, but the last action is {n}")
            tl.pop()
            times.pop()
        elif isinstance(entry, EndLine):
            _check_end(tl, entry, where)
            ended = True
    # an undone action takes its reasons with it
    thoughts = [t for t in thoughts if t.after <= len(tl)]
    return Record(path, h, tl, raw.warnings, raw.good_bytes, chat, thoughts, times, grants, flag)
