"""Plain text play: the game as lines of sentences, for screen readers and braille.

No cursor addressing, no box drawing, no colour: each line is a sentence. After every
move it says what happened since the player last acted, then whose move it is, the
phase and its case, and the choices, numbered and grouped by unit, each roll with its
odds. The player answers with a number, the action's notation (`move 2010`), or a
question (`help` lists them). It plays through the same session as the full screen
(records, autosave, undo, hidden information, the computer levels, hot-seat hand-off),
so a game can be resumed in either.

Textual-free: it reads and writes text streams, which is also how it is tested.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from plot_core import Action, IllegalAction, Player, parse_action
from plot_core.engine.state import PHASE_TITLES, Box
from plot_core.english import counted
from plot_core.hexgrid import label, parse_hex
from plot_core.wording import unit_name, words

from .choices import group_of
from .describe import SIDE, WINNERS, area_name, coup_lines, prompt
from .plain import clean
from .session import LogLine, Session

HELP = """Commands (a number, or an action's notation such as "move 2010", plays a move):
  choices        the numbered choices again (also: an empty line)
  where NAME     where a unit is (Himmler, 000)
  look HEX       a hex: its area, HQ and units (look 2110)
  chits          your chits, and how many the others hold
  streets        who stands in Berlin's streets, and the coup's numbers
  log N          the last N lines of the log (log 10)
  rules CASE     a rules case in our words (rules 11.32)
  undo           take back your last action
  help           this list
  quit           stop; the game is saved and `plot resume` goes on with it"""


class LineMode:
    """One player's (or, hot-seat, two players') plain text game."""

    def __init__(self, session: Session, read: Callable[[], str | None], out: TextIO) -> None:
        self.session, self.rules = session, session.state.rules
        self.read, self.out = read, out
        self.shown = 0                  # log lines already said to this viewer
        self.choices: list[Action] = []

    def say(self, text: str = "") -> None:
        print(clean(text), file=self.out, flush=True)

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> int:
        s = self.session
        self.say(f"plot, plain text. You play {self._who()}. Type help for the commands.")
        if s.recorder is not None:
            self.say(f"Saving to {s.recorder.path}.")
        while True:
            while s.state.outcome is None and s.computer_to_act():
                s.computer_step()
            if s.needs_handoff():
                self._news()
                self.say(f"Pass the keyboard to the {SIDE[s.state.to_act]} player, then "
                         "press Enter.")
                if self.read() is None:
                    return 0
                s.hand_over()
                self.shown = len(s.visible_log()) - self._new_for(s.viewer)
            self._news()
            if s.state.outcome is not None:
                o = s.state.outcome
                self.say(f"The game is over: {WINNERS[o.winner]} ({o.case}). {o.reason}.")
                return 0
            self._ask()
            if not self._answer():
                self.say("Stopped. The game is saved: plot resume goes on with it.")
                return 0

    def _who(self) -> str:
        humans = self.session.humans()
        if len(humans) == 2:
            return "both sides, hot-seat"
        if not humans:
            return "no side: the computer plays both, you watch"
        return f"the {SIDE[humans[0]]}"

    def _new_for(self, side: Player | None) -> int:
        """How many of the last log lines came since ``side`` last acted."""
        lines = self.session.log_for(side)
        n = 0
        for ln in reversed(lines):
            if ln.side is side and ln.action is not None:
                break
            n += 1
        return n

    def _news(self) -> None:
        lines = self.session.visible_log()
        for ln in lines[self.shown:]:
            self.say(self._line(ln))
        self.shown = len(lines)

    def _line(self, ln: LogLine) -> str:
        case = f" ({ln.event.case})" if ln.event.case else ""
        if ln.action is not None and ln.side is not None:
            return f"{SIDE[ln.side]}: {ln.event.text}."
        return f"  {ln.event.text}{case}."

    def _ask(self) -> None:
        s = self.session
        v = s.view()
        legal = s.legal()
        phase = PHASE_TITLES[v.phase]
        turn = f"Coup-Turn {v.coup.turn}" if v.coup is not None else f"Game-Turn {v.turn}"
        self.say(f"{turn}, {phase}. Your move, {SIDE[v.to_act]}: {prompt(self.rules, v, legal)}")
        self._list(legal)

    def _list(self, legal: list[Action]) -> None:
        v = self.session.view()
        self.choices = list(legal)
        group = None
        for n, a in enumerate(self.choices, start=1):
            g = group_of(self.rules, v, a)
            if g != group:
                self.say(f"{g}:")
                group = g
            odds = self.session.odds(a)
            extra = f" Chances: {odds[0].chances()}." if odds and odds[0].allowed else ""
            self.say(f"  {n}. {words(self.rules, v, a)} ({a}).{extra}")

    def _answer(self) -> bool:
        """One line of input; False to stop."""
        while True:
            text = self.read()
            if text is None:
                return False
            text = text.strip()
            word, _, rest = text.partition(" ")
            word = word.lower()
            if word in ("quit", "q", "exit"):
                return False
            if word in ("", "choices"):
                self._list(self.choices)
                continue
            question = QUESTIONS.get(word)
            if question is not None:
                question(self, rest.strip())
                continue
            if word == "undo":
                if self.session.undo():
                    self.shown = 0
                    self.say("Taken back.")
                    return True
                self.say("Nothing of yours to take back.")
                continue
            action = self._action(text)
            if action is None:
                continue
            try:
                self.session.act(action)
            except IllegalAction as exc:
                self.say(f"Refused: {exc}")
                continue
            return True

    def _action(self, text: str) -> Action | None:
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(self.choices):
                return self.choices[n - 1]
            self.say(f"There is no choice {n}: the choices go from 1 to {len(self.choices)}.")
            return None
        try:
            return parse_action(text)
        except ValueError as exc:
            self.say(f"Not understood: {exc}. Type a number, an action such as "
                     "\"move 2010\", or help.")
            return None

    # -- questions ---------------------------------------------------------------------------
    def where(self, name: str) -> None:
        v = self.session.view()
        key = name.lower()
        found = [u for u in v.units if u.id != "?" and (
            u.id == key or self.rules.units[u.id].short.lower().startswith(key)
            or self.rules.units[u.id].name.lower().startswith(key))] if key else []
        if not found:
            self.say(f"No unit is called {name!r}: give a name (Himmler) or a counter id (000).")
            return
        for u in found:
            if u.hex is not None:
                area = area_name(self.rules, self.rules.map.area_of[u.hex])
                self.say(f"{unit_name(self.rules, u.id)} is at {label(u.hex)}, {area}.")
            else:
                box = u.box.value.replace("_", " ") if isinstance(u.box, Box) else "off the map"
                self.say(f"{unit_name(self.rules, u.id)} is in the {box}.")

    def look(self, text: str) -> None:
        h = parse_hex(text)
        m = self.rules.map
        if h is None or h not in m.area_of:
            self.say(f"{text!r} is not a hex of the map: give four digits, as 2110.")
            return
        v = self.session.view()
        words = [f"Hex {label(h)}, {area_name(self.rules, m.area_of[h])}"]
        hq = m.hq_of.get(h)
        if hq is not None:
            words.append(f"{m.hqs[hq].name}")
        here = [unit_name(self.rules, u.id) if u.id != "?" else "a face-down unit"
                for u in v.units if u.hex == h]
        words.append("units: " + ", ".join(here) if here else "no units")
        self.say("; ".join(words) + ".")

    def chits(self, _: str) -> None:
        v = self.session.view()
        own = ", ".join(v.own_chits) if v.own_chits else "none"
        self.say(f"Your chits: {own}.")
        for holder, n in v.chit_counts.items():
            if holder != (v.side.value if v.side else None):
                who = "the cup" if holder == "cup" else f"the {SIDE[Player(holder)]}'s hand"
                self.say(f"{counted(n, 'chit')} in {who}.")

    def streets(self, _: str) -> None:
        for line in coup_lines(self.rules, self.session.view()):
            self.say(line)

    def log(self, text: str) -> None:
        n = int(text) if text.isdigit() else 10
        for ln in self.session.visible_log()[-n:]:
            self.say(self._line(ln))

    def rules_case(self, text: str) -> None:
        case = self.rules.cases.cases.get(text.strip())
        if case is None:
            self.say(f"There is no case {text!r} in the rulebook's list: give a number such as "
                     "11.32.")
            return
        self.say(f"{text.strip()} {case.title}: {case.says}")

    def help(self, _: str) -> None:
        for line in HELP.splitlines():
            self.say(line)


QUESTIONS: dict[str, Callable[[LineMode, str], None]] = {
    "where": LineMode.where, "look": LineMode.look, "chits": LineMode.chits,
    "streets": LineMode.streets, "log": LineMode.log, "rules": LineMode.rules_case,
    "help": LineMode.help, "?": LineMode.help,
}


def play_lines(session: Session, inp: TextIO, out: TextIO) -> int:
    """Play ``session`` reading lines from ``inp`` and writing sentences to ``out``."""
    def read() -> str | None:
        print("> ", end="", file=out, flush=True)
        line = inp.readline()
        return None if line == "" else line.rstrip("\n")

    return LineMode(session, read, out).run()


__all__ = ["HELP", "LineMode", "play_lines"]
