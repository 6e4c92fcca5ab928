"""A recorded game replayed in plain text (`plot replay --plain`): a sentence a line, for
a screen reader or a braille display. The replay model is the full-screen viewer's
(plot_session.replay): the same positions, jumps and eyes, so an unfinished game is seen
only as one side saw it; the questions about the board are the plain game's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from plot_core import Player, PlayerView, view
from plot_core.engine import PHASE_TITLES, Overlays
from plot_core.english import sentence
from plot_core.wording import words
from plot_session.describe import SIDE, WINNERS
from plot_session.replay import EVERYONE, Replay

from .line_mode import Answers, Board, line_reader

HELP = """Commands:
  next [N], back [N]   N actions on or back (Enter alone: the next action)
  turn, phase, roll, coup   on to the next Game-Turn, phase, roll or coup
  back turn, back phase, back roll, back coup   back to the one before
  start, end, go N     the start, the end, the position after action N
  eyes [ss|abwehr|everyone]   whose eyes: one side's, or (a finished game) everyone's
  where NAME, look HEX, near HEX, boxes, chits, streets   the board, as the eyes see it
  log N                the last N lines of the log up to here
  rules CASE           a rules case in our words
  help, quit"""

JUMPS = {
    "turn": "next-turn",
    "phase": "next-phase",
    "roll": "next-roll",
    "coup": "next-coup",
    "start": "start",
    "end": "end",
}
BACK_JUMPS = {"turn": "prev-turn", "phase": "prev-phase", "roll": "prev-roll", "coup": "prev-coup"}
EYES = {"ss": Player.SS, "abwehr": Player.ABWEHR, "everyone": EVERYONE, "all": EVERYONE}


class ReplayBoard:
    """The replay's position, as the board the questions read."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay

    def view(self) -> PlayerView:
        return self.replay.view()

    def overlays(self) -> Overlays:
        return self.replay.overlays()


class ReplayLines(Answers):
    def __init__(self, replay: Replay, read: Callable[[], str | None], out: TextIO) -> None:
        self.replay, self.rules = replay, replay.timeline.final.rules
        self.board: Board = ReplayBoard(replay)
        self.read, self.out = read, out

    def run(self) -> int:
        r = self.replay
        h = r.record.header
        end = (
            f"it ended: {WINNERS[o.winner]} ({o.case})"
            if (o := r.timeline.final.outcome) is not None
            else "it is not finished"
        )
        self.say(
            f"Replay of game {h.game}: {len(r.timeline)} actions; {end}. Seen by "
            f"{r.eyes_name()}. Type help for the commands."
        )
        self._moved(-1)  # the opening: set-up, first draws
        while True:
            text = self.next_line()
            if text is None:
                return 0
            word, _, rest = text.strip().partition(" ")
            word, rest = word.lower(), rest.strip()
            if word in ("quit", "q", "exit"):
                return 0
            self._command(word, rest)

    def _command(self, word: str, rest: str) -> None:
        r = self.replay
        if (
            word in ("", "next", "n", "back", "b")
            and rest in JUMPS
            or (word in ("back", "b") and rest in BACK_JUMPS)
        ):
            self._jump(BACK_JUMPS[rest] if word in ("back", "b") else JUMPS[rest])
        elif word in ("", "next", "n", "back", "b"):
            n = int(rest) if rest.isdigit() else 1
            before = r.i
            r.go(r.i + n if word in ("", "next", "n") else r.i - n)
            if r.i == before:
                self.say(
                    "At the end of the game." if word in ("", "next", "n") else "At the start of the game."
                )
                return
            self._moved(before)
        elif word in JUMPS:
            self._jump(JUMPS[word])
        elif word == "go" and rest.isdigit():
            before = r.i
            r.go(int(rest))
            self._moved(before)
        elif word == "eyes":
            self._eyes(rest)
        elif word == "log":
            n = int(rest) if rest.isdigit() else 10
            self.say_paged([self.log_line(ln) for ln in r.log()[-n:]])
        elif word in QUESTIONS:
            QUESTIONS[word](self, rest)
        elif word in ("help", "?"):
            for line in HELP.splitlines():
                self.say(line)
        else:
            self.say(f"Not understood: {word!r}. Type help for the commands.")

    def _jump(self, where: str) -> None:
        before = self.replay.i
        why = self.replay.jump(where)
        if why is not None:
            self.say(sentence(why))
            return
        self._moved(before)

    def _eyes(self, name: str) -> None:
        r = self.replay
        try:
            if name:
                if name.lower() not in EYES:
                    self.say("Give ss, abwehr or everyone.")
                    return
                r.look(EYES[name.lower()])
            else:
                r.next_eyes()
        except ValueError as exc:
            self.say(f"{exc}.")
            return
        self.say(r.eyes_words())
        self._where_now()

    def _moved(self, before: int) -> None:
        """What happened from ``before`` to here (going forward), then where it is."""
        r = self.replay
        if r.i > before:
            self.say_paged([self.log_line(ln) for ln in r.log() if ln.index > before])
        self._where_now()

    def _where_now(self) -> None:
        r = self.replay
        state = r.timeline.state_at(r.i)
        turn = (
            f"Coup-Turn {state.coup.turn}"
            if state.coup is not None and state.coup.turn
            else f"Game-Turn {state.turn}"
        )
        step = r.step()
        last = ""
        if step is not None:
            before = view(r.timeline.state_at(r.i - 1), r.eyes)  # said as the eyes saw it
            last = f" Last: the {SIDE[step.side]}: {words(self.rules, before, step.action)}."
        self.say(f"Position {r.i} of {len(r.timeline)}: {turn}, {PHASE_TITLES[state.phase]}.{last}")


QUESTIONS: dict[str, Callable[[ReplayLines, str], None]] = {
    "where": ReplayLines.where,
    "look": ReplayLines.look,
    "near": ReplayLines.near,
    "boxes": ReplayLines.boxes,
    "chits": ReplayLines.chits,
    "streets": ReplayLines.streets,
    "rules": ReplayLines.rules_case,
}


def replay_lines(replay: Replay, inp: TextIO, out: TextIO) -> int:
    return ReplayLines(replay, line_reader(inp, out), out).run()


__all__ = ["ReplayLines", "replay_lines"]
