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

import re
from collections.abc import Callable, Sequence
from typing import Protocol, TextIO

from plot_core import VERB_WORDS, Action, IllegalAction, Player, PlayerView, Rules, Verb, parse_action
from plot_core.data import ChitKind
from plot_core.engine import PHASE_TITLES, Box, Outcome, Overlays, legend
from plot_core.english import counted, one_slip, plain_letters, sentence, starts_a_word
from plot_core.hexgrid import Hex, label, parse_hex
from plot_core.lessons import Lesson
from plot_core.puzzles import Puzzle
from plot_core.wording import chit_name, news, notation, unit_name, words, words_before_its_hex
from plot_session.choices import HexChoice, Numbers, area_words, areas_named, by_hex, group_of
from plot_session.coach import coach_line
from plot_session.controller import Controller, coup_declinable
from plot_session.describe import (
    BOXES,
    SIDE,
    WINNERS,
    acted,
    area_name,
    counter_lines,
    coup_lines,
    kept_words,
    plain_prompt,
    points_left,
    saving_words,
    street_units,
)
from plot_session.intent import far_from_mover
from plot_session.puzzle_play import Attempt, SettingsBook, next_from, progress_words, solved_all
from plot_session.session import LogLine, Seat, Session, lesson_session
from plot_session.settings import SettingsFile
from plot_session.step_folding import STARTS, StepFolding
from plot_session.table import InlineScheduler, Table

from .plain import clean

# The commands, each with whom it is for: a player at the keyboard (``seat``), watching
# (``watch``), on a server (``served``: quit leaves the table there), in a lesson.
HELP_HEAD = 'Commands (a number, or an action\'s notation such as "move 2010", plays a move):'
HELP_LINES: tuple[tuple[str, str], ...] = (
    ("seat", "  choices        the numbered choices again (also: an empty line)"),
    ("seat", "  N HEX          a choice that goes to a hex: its number and the hex (7 0925);"),
    ("seat", "                 its number and an area lists the hexes open there (7 Berne)"),
    ("seat", "  move HEX       the moving unit to a hex further than a step: the way is"),
    ("seat", "                 said first, the same line again walks it (move 1910)"),
    ("seat watch", "  where NAME     where a unit is (Himmler, 000)"),
    ("seat watch", "  look HEX       a hex: its area, HQ, units (their ratings too) and whose"),
    ("seat watch", "                 zones of control hold it"),
    ("seat watch", "  near HEX       the six hexes around it, the same way (near 2110)"),
    ("seat", "  chits          your chits, and how many the others hold"),
    ("watch", "  chits          how many chits each side holds"),
    ("seat watch", "  boxes          who is off the map: retirement, the cell, eliminated, held back"),
    ("seat watch", "  streets        who stands in Berlin's streets, and the coup's numbers"),
    ("seat", "  odds           the chances of every choice now that rolls a die"),
    ("seat watch", "  log N          the last N lines of the log (log 10)"),
    ("seat watch", "  rules CASE     a rules case in our words (rules 11.32)"),
    ("seat", "  r d e P        roll, decline, end the move, end the phase: what the prompt"),
    ("seat", "                 names them by, as on the full screen"),
    ("abwehr", "  D              the Abwehr: no coup asked again this Game-Turn (18.11)"),
    ("seat", "  ask            rolls and spent chits said first, or not (kept)"),
    ("seat", "  undo           take back your last action"),
    ("lesson", "  hint           in a lesson: its goal and one more hint"),
    ("seat watch", "  help           this list"),
    ("local", "  quit           stop; the game is saved and `plot resume` goes on with it"),
    ("practice", "  quit           leave it (not saved; a puzzle left unanswered is not counted)"),
)
HELP_TAIL = "Long answers come 20 lines at a time: Enter for more, or type your next command."


def help_lines(
    *, watching: bool, abwehr: bool, served: bool, lesson: bool, puzzle: bool = False
) -> list[str]:
    """The commands this player may use: a watcher is not offered moves, undo or odds,
    nor a player on a server, in a lesson or at a puzzle `plot resume` (on a server,
    leave and quit go back to the lobby; a lesson or puzzle is not saved)."""
    who = {"watch" if watching else "seat"}
    who |= {"abwehr"} if abwehr and not watching else set()
    who |= {"lesson"} if lesson else set()
    who |= set() if served else {"practice"} if lesson or puzzle else {"local"}
    head = "Commands (you are watching: the moves are the players'):" if watching else HELP_HEAD
    return [head] + [line for kinds, line in HELP_LINES if who & set(kinds.split())] + [HELP_TAIL]


PAGE = 20  # lines of one answer said before asking to go on
HEXES_NAMED = 12  # a choice that goes to more hexes than this names their areas instead
ACTED, QUIT = "acted", "quit"  # what a line from the player did (LineMode.handle)
LETTER_KEYS = ("r", "d", "e", "P", "D")  # as typed: d declines, D answers the coup question


def same_again(line: str) -> str:
    """After a roll or a spent chit is said: how to go ahead."""
    return f"Type {line} again, as your next line, to go ahead."


def over_words(o: Outcome) -> str:
    """The end of a game, as the plain text says it."""
    return f"The game is over: {WINNERS[o.winner]} ({o.case}). {sentence(o.reason)}"


class Board(Protocol):
    """What the questions read: a position as one side (or everyone) sees it."""

    def view(self) -> PlayerView: ...
    def overlays(self) -> Overlays: ...


class Answers:
    """The questions about the board a plain text player asks, and how they are said;
    a game (LineMode) and a replay (ReplayLines) answer them the same way."""

    board: Board
    rules: Rules
    # the player's next line, waited for; None where lines come as they are typed (a
    # served session): a long answer's rest then waits for the next empty line
    read: Callable[[], str | None] | None
    out: TextIO

    typed_ahead: str | None = None
    more: list[str] = []  # a long answer's lines not yet said (lines as typed)

    def say(self, text: str = "") -> None:
        print(clean(text), file=self.out, flush=True)

    def next_line(self) -> str | None:
        """The player's next line: one typed at a "more" prompt comes first."""
        if self.typed_ahead is not None:
            line, self.typed_ahead = self.typed_ahead, None
            return line
        return self.read() if self.read is not None else None

    def say_paged(self, lines: list[str]) -> None:
        """A long answer, PAGE lines at a time: a screen reader's user hears a page and
        decides whether to hear more."""
        self.more = []
        for start in range(0, len(lines), PAGE):
            if start:
                self.say(f"{len(lines) - start} more lines: Enter for the next, or type your next command.")
                if self.read is None:  # the rest waits for the next line (go_on)
                    self.more = lines[start:]
                    return
                answer = self.read()
                if answer is None or answer.strip():
                    self.typed_ahead = answer  # not "more": the player's next command
                    return
            for line in lines[start : start + PAGE]:
                self.say(line)

    def go_on(self, text: str) -> bool:
        """Lines as typed: an empty line after "more lines" says the next page (True);
        anything else drops the rest (False: it is the player's next command)."""
        rest, self.more = self.more, []
        if rest and not text.strip():
            self.say_paged(rest)
            return True
        return False

    def where(self, name: str) -> None:
        v = self.board.view()
        key = plain_letters(name.strip())  # (accents and case aside: muller finds Müller)

        def named(uid: str) -> bool:  # its id, or the start of its name or of a word in it
            unit = self.rules.units[uid]
            return uid == key or starts_a_word(key, unit.short) or starts_a_word(key, unit.name)

        found = [u for u in v.units if u.id != "?" and named(u.id)] if key else []
        if not found:
            self.say(f"No unit is called {name!r}: give a name (Himmler) or a counter id (000).")
            return
        for u in found:
            if u.hex is not None:
                area = area_name(self.rules, self.rules.map.area_of[u.hex])
                marked = f", {u.marker.value} (15.2)" if u.marker else ""  # (it may not move: said)
                self.say(f"{unit_name(self.rules, u.id)} is at {label(u.hex)}, {area}{marked}.")
            else:
                titles = {b: title for b, title, _ in BOXES}
                if isinstance(u.box, Box) and u.box in titles:
                    where = f"is in the {titles[u.box]} box"
                else:  # (an Allied unit face-down, 7.11)
                    where = "is off the map"
                self.say(f"{unit_name(self.rules, u.id)} {where}.")

    def _hex(self, text: str) -> int | None:
        h = parse_hex(text)
        if not re.fullmatch(r"\d{4}", text.strip()):
            self.say(f"{text!r} is not a hex: give four digits, column then row, as 2110.")
            return None
        if h is None or h not in self.rules.map.area_of:
            hexes = self.rules.map.area_of
            cols, rows = sorted({x // 100 for x in hexes}), sorted({x % 100 for x in hexes})
            self.say(
                f"{text.strip()} is not a hex of the map: its columns run {cols[0]:02d}-{cols[-1]:02d} "
                f"and its rows {rows[0]:02d}-{rows[-1]:02d}, and not every hex of those is on it."
            )
            return None
        return h

    def _about(
        self, h: int, v: PlayerView, zones: dict[Player, frozenset[int]], *, counters: bool = False
    ) -> str:
        """A hex in one sentence: area, HQ, units (``counters``: with both sides of each
        counter, its ratings and how it stands, as the full screen's Hex tab), and whose
        zones of control hold it."""
        m = self.rules.map
        words = [f"{label(h)}, {area_name(self.rules, m.area_of[h])}"]
        hq = m.hq_of.get(h)
        if hq is not None:
            words.append(f"{m.hqs[hq].name}")
        here = [
            unit_name(self.rules, u.id)
            + (f" ({'; '.join(counter_lines(self.rules, u))})" if counters else "")
            if u.id != "?"
            else "a face-down unit"
            for u in v.units
            if u.hex == h
        ]
        words.append("units: " + ", ".join(here) if here else "no units")
        held = [SIDE[p] for p in Player if h in zones[p]]
        words.append(
            f"in the zone of control of the {' and the '.join(held)}" if held else "in no zone of control"
        )
        return "; ".join(words) + "."

    def log_line(self, ln: LogLine) -> str:
        """A line of the log as said: who acted, or what followed, a table's result in
        words and its case (as the message line says it)."""
        if ln.action is not None and ln.side is not None:
            return f"{acted(ln.side, ln.event.text)}."
        return f"  {news(self.rules, ln.event)}."

    def log_lines(self, lines: Sequence[LogLine]) -> list[str]:
        """Lines of the log as said, a unit's steps folded into the line that starts its
        move, as the full screen's log has them ("SS: Move Heydrich (001) → 2612 →
        2513, and ends its move."): a computer's phase was some 90 lines, a step each."""
        out: list[str] = []
        steps = StepFolding()
        for ln in lines:
            tail = steps.tail(ln)
            if tail is not None:
                out[-1] = out[-1].removesuffix(".") + tail + "."
            else:
                out.append(self.log_line(ln))
        return out

    def look(self, text: str) -> None:
        h = self._hex(text)
        if h is not None:
            self.say(f"Hex {self._about(h, self.board.view(), self.board.overlays().zones, counters=True)}")

    def near(self, text: str) -> None:
        h = self._hex(text)
        if h is None:
            return
        self.say(f"Around {label(h)}:")
        v, zones = self.board.view(), self.board.overlays().zones  # once for the six
        for n in sorted(self.rules.map.neighbours[h]):
            self.say(f"  {self._about(n, v, zones)}")

    def boxes(self, _: str) -> None:
        v = self.board.view()
        lines = []
        for box in Box:
            there = [
                unit_name(self.rules, u.id) if u.id != "?" else "a face-down unit"
                for u in v.units
                if u.hex is None and u.box is box
            ]
            if there and box not in (Box.UNPLACED, Box.ALLIED_HOLDING):  # (counted below)
                lines.append(f"{box.value.replace('_', ' ').capitalize()}: {', '.join(there)}.")
        if v.allied_in_holding:
            lines.append(f"{counted(v.allied_in_holding, 'Allied unit')} held back, face down.")
        self.say_paged(lines or ["Every unit is on the map."])

    def chits(self, _: str) -> None:
        v = self.board.view()
        if v.side is None:
            self.say("You are watching: neither side's chits are shown to you.")
        else:
            own = ", ".join(chit_name(self.rules, c) for c in v.own_chits) if v.own_chits else "none"
            self.say(f"Your chits: {own}.")
        for holder, n in v.chit_counts.items():
            if holder != (v.side.value if v.side else None):
                who = "the cup" if holder == "cup" else f"the {SIDE[Player(holder)]}'s hand"
                self.say(f"{counted(n, 'chit')} in {who}.")

    def streets(self, _: str) -> None:
        """Who stands in Berlin's streets (what wins or loses the coup, 18.71, 18.72),
        then the coup's numbers once it is under way."""
        v = self.board.view()
        lines = []
        for party, ids in street_units(self.rules, v).items():
            there = ", ".join(unit_name(self.rules, uid) for uid in ids)
            lines.append(f"{party.value} units in Berlin's streets: {there or 'none'}.")
        coup = coup_lines(self.rules, v)
        lines += coup or ["No coup is under way (18.11): these count once one is."]
        self.say_paged(lines)

    def rules_case(self, text: str) -> None:
        case = self.rules.cases.cases.get(text.strip())
        if case is None:
            self.say(f"There is no case {text!r} in the rulebook's list: give a number such as 11.32.")
            return
        self.say(f"{text.strip()} {case.title}: {case.says}")


class LineMode(Answers):
    """One player's (or, hot-seat, two players') plain text game: a view over the
    screen's Controller (plot_session.controller), as the full screen is."""

    def __init__(
        self,
        controller: Controller,
        read: Callable[[], str | None] | None,
        out: TextIO,
        *,
        lesson: Lesson | None = None,
        puzzle: Attempt | None = None,
        coach: bool = False,
        settle: Callable[[], int] = lambda: 0,
    ) -> None:
        """``settle()``: run what the table has scheduled (the computer's moves) until a
        human is to act, and say how many steps ran (a game at one keyboard; a served
        table runs by itself)."""
        self.controller, self.rules = controller, controller.table.session.state.rules
        self.board: Board = controller
        self.read, self.out, self.settle = self._heard(read), out, settle
        self.shown = 0  # log lines already said to this viewer
        self.numbers: Numbers[Action | HexChoice] = Numbers(lambda choices, v: choices, most=None)
        self.choices: dict[int, Action | HexChoice] = {}  # the numbers as last listed
        self.lesson = lesson  # a lesson's practice: its goal ends the game
        self.puzzle = puzzle  # a puzzle: judged once the solver's plan is over
        self.hints = 0  # the lesson's hints given so far
        self.lesson_done = False
        self._missed_said: str | None = None  # the lesson's last "that misses the goal"
        self.coach = coach  # a guided game: the coach's line at every move

    def _heard(self, read: Callable[[], str | None] | None) -> Callable[[], str | None] | None:
        """``read``, each line it gives told to the controller as it comes (the line
        after a roll said first must ask for it again, plot_session.controller.heard);
        lines that come as typed (a server's) are told by their door."""
        if read is None:
            return None

        def heard_read() -> str | None:
            line = read()
            self.controller.heard()
            return line

        return heard_read

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> int:
        """The whole game at one keyboard, lines waited for (a served seat is driven line
        by line instead: plot_server.plain_door). What the computer does is said as it
        does it."""
        c = self.controller
        self.say(f"plot, plain text. You play {self._who()}. Type help for the commands.")
        if c.record_path is not None:
            self.say(f"{saving_words(c.record_path)}.")  # (a line of its own: the terminal wraps it)
        stop = c.table.subscribe(lambda _change: self.news())
        c.table.start()  # the computer moves first if its side opens the game
        try:
            return self._play()
        finally:
            stop()

    def _play(self) -> int:
        c = self.controller
        while True:
            ran = self.settle()
            if c.needs_handoff():
                self.news()
                self.say(f"Pass the keyboard to the {c.handoff_words()[0]} player, then press Enter.")
                if self.next_line() is None:
                    return 0
                c.hand_over()
                self.shown = len(c.snapshot().log) - self._new_for(c.eyes)
            self.news()
            state = c.table.session.state
            if self.lesson is not None and self.lesson.check.met(state):
                self.lesson_done = True
                self.say(f"Lesson done: {self.lesson.goal}")
                return 0
            if self.puzzle is not None and self.puzzle.judged():
                for line in self.puzzle.words():
                    self.say(line)
                return 0
            missed = (
                self.lesson.missed(
                    state, taken=c.table.session.actions_of(self.lesson.side), keys=("undo", "quit")
                )
                if self.lesson is not None
                else None
            )
            if missed is not None and missed != self._missed_said:
                self.say(missed)  # once, not at every prompt after it
            self._missed_said = missed
            if state.outcome is not None:
                self.say(over_words(state.outcome))
                return 0
            if not c.my_move():
                if ran:
                    continue  # (the computer moved: settled above)
                self.say("Nobody at this keyboard can make the next move, and the computer does not.")
                return 1
            self.ask()
            if not self._answer():
                self.say(
                    "Back to the list of lessons."
                    if self.lesson is not None
                    else "The puzzle is left unsolved."
                    if self.puzzle is not None
                    else f"Stopped. {kept_words()}"
                )
                return 0

    def _who(self) -> str:
        sides = self.controller.sides
        if len(sides) == 2:
            return "both sides, hot-seat"
        if not sides:
            return "no side: the computer plays both, you watch"
        return f"the {SIDE[next(iter(sides))]}"

    def _new_for(self, side: Player | None) -> int:
        """How many of the last log lines came since ``side`` last acted."""
        n = 0
        for ln in reversed(self.controller.snapshot().log):
            if ln.side is side and ln.action is not None:
                break
            n += 1
        return n

    def news(self) -> None:
        c = self.controller
        lines = c.snapshot().log
        end = len(lines)
        if not c.my_move():  # a computer's unit on its way: said whole once its move ends
            while end > self.shown and self._computer_stepping(lines[end - 1]):
                end -= 1
        for said in self.log_lines(lines[self.shown : end]):
            self.say(said)
        self.shown = end

    def _computer_stepping(self, ln: LogLine) -> bool:
        a, seats = ln.action, self.controller.table.session.seats
        moving = a is not None and a.verb in STARTS
        return moving and ln.side is not None and seats[ln.side] is Seat.COMPUTER

    def ask(self) -> None:
        shot = self.controller.snapshot()
        v = shot.view
        phase = PHASE_TITLES[v.phase]
        turn = f"Coup-Turn {v.coup.turn}" if v.coup is not None else f"Game-Turn {v.turn}"
        moving = points_left(self.rules, v)  # (the full screen's turn track says it too)
        self.say(
            f"{turn}, {phase}. Your move, {SIDE[v.to_act]}: {plain_prompt(shot.prompt, SIDE[v.to_act])}"
            + (f". {moving}." if moving else "")
        )
        if self.coach:
            self.say(f"Coach: {coach_line(v)}")
        self._list(list(shot.legal))
        if self.controller.may_skip_coups() and coup_declinable(shot):
            self.say("Or D: no coup asked again this Game-Turn (18.11).")

    def _list(self, legal: list[Action]) -> None:
        v = self.controller.view()
        choices = by_hex(legal)  # (a journey to any of 900 hexes is one choice)
        number = {c: n for n, c in self.numbers.keyed(choices, v)}
        self.choices = {n: c for c, n in number.items()}
        grouped: dict[str, list[Action | HexChoice]] = {}
        for c in choices:  # (grouped as the rules list them)
            at = c if isinstance(c, Action) else c.at(c.hexes[0])
            grouped.setdefault(group_of(self.rules, v, at), []).append(c)
        lines = []
        for g, cs in grouped.items():
            lines.append(f"{g}:")
            # in the order of their numbers: a choice new to the decision, numbered after
            # the others, comes last rather than among them
            for c in sorted(cs, key=number.__getitem__):
                lines.append(f"  {number[c]}. {self._choice_words(c, v)}")
        first = next((c for c in choices if isinstance(c, HexChoice)), None)
        if first is not None:
            n, h = number[first], first.hexes[0]
            area = self.rules.map.areas[self.rules.map.area_of[h]].name
            lines.append(
                f"A choice that goes to a hex is played by its number and the hex ({n} {label(h)}); "
                f"its number and an area lists the hexes there ({n} {area})."
            )
        self.say_paged(lines)  # (a number typed at "more" plays that choice)

    def _choice_words(self, c: Action | HexChoice, v: PlayerView) -> str:
        if isinstance(c, HexChoice):
            return self._hex_choice(c, v)
        odds = self.controller.odds(c)
        said = odds[0].choice_line() if odds else ""  # (the full screen's words)
        extra = f" {sentence(said)}" if said else ""
        return f"{words(self.rules, v, c)} ({notation(v, c)}).{extra}"

    def _hex_choice(self, c: HexChoice, v: PlayerView) -> str:
        """ "Travel to one of 913 hexes with Travel chit TR2 (travel HEX TR2), in 18
        areas: Channel Coast (CC) 65, ..." — the hexes themselves when there are few."""
        a = c.at(None)
        areas: dict[str, list[int]] = {}
        for h in c.hexes:
            areas.setdefault(area_words(self.rules, h) or "off the areas", []).append(h)
        if len(c.hexes) <= HEXES_NAMED:
            what = words_before_its_hex(self.rules, v, a, "one of these hexes")
            where = "; ".join(f"{area}: {' '.join(label(h) for h in hs)}" for area, hs in areas.items())
            return f"{what} ({c.notation()}): {where}."
        many = counted(len(c.hexes), "hex", "hexes")
        if len(areas) == 1:
            what = words_before_its_hex(self.rules, v, a, f"a hex of {next(iter(areas))}")
            return f"{what} ({c.notation()}): {many} to choose from."
        what = words_before_its_hex(self.rules, v, a, f"one of {many}")
        where = ", ".join(f"{area} {len(hs)}" for area, hs in areas.items())
        return (
            f"{what} ({c.notation()}), in {counted(len(areas), 'area')}: {where}.{self._other_travel(c, v)}"
        )

    def _other_travel(self, c: HexChoice, v: PlayerView) -> str:
        """A journey is offered with one Travel chit; the others held go the same way."""
        if c.verb is not Verb.TRAVEL:
            return ""
        kinds = self.rules.chits.by_id()
        others = [x for x in v.own_chits if x != c.chit and kinds[x].kind is ChitKind.TRAVEL]
        if not others:
            return ""
        return f" Your other Travel chits ({', '.join(others)}) go the same way: travel HEX {others[0]}."

    def _answer(self) -> bool:
        """Lines until one plays an action (True) or the player stops (False)."""
        while True:
            text = self.next_line()
            if text is None:
                return False
            done = self.handle(text)
            if done is not None:
                return done == ACTED

    def handle(self, text: str) -> str | None:
        """One line from the player: ACTED if it played an action, QUIT if the player
        stops, None if it was a question or a refusal (the same decision stands)."""
        text = text.strip()
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "q", "exit"):
            return QUIT
        if word in ("", "choices"):
            if self.controller.my_move():
                self._list(self.controller.legal())
            else:
                self.say(self.controller.waiting())
            return None
        question = QUESTIONS.get(word)
        if question is not None:
            question(self, rest.strip())
            return None
        if word == "hint" and self.lesson is not None:
            if not self.lesson.hints:
                self.say("This lesson has no hints.")
            else:
                # the hint for where the learner is; asked again there, the next one
                taken = self.controller.table.session.actions_of(self.lesson.side)
                self.hints = self.lesson.hints_to_show(taken, self.hints)
                self.say(f"Goal: {self.lesson.goal} Hint {self.hints}: {self.lesson.hints[self.hints - 1]}")
            return None
        if text in LETTER_KEYS:  # the keys the prompt names, as the full screen has them
            return self._key(text)
        if word == "ask":  # the full screen's O
            said = self.controller.toggle_asking()
            self.say(said.text)
            return None
        if word == "undo":
            said = self.controller.undo()
            if not said.error:
                # the log up to the step taken back is the same: only where things now
                # stand is said (the prompt), not the game again from its set-up
                self.shown = len(self.controller.snapshot().log)
                self.say(said.text or "Taken back.")  # ("Undone: Step to 2010.", as on the full screen)
                return ACTED
            self.say(said.text)  # (the same words as on the full screen)
            return None
        action = self._action(text)
        if action is None:
            return None
        if action.verb is Verb.MOVE and action.unit is None and action.hex is not None:
            if self.controller.my_move() and far_from_mover(self.rules, self.controller.view(), action.hex):
                return self._walk(action.hex, text)
        # a number is said first when it rolls or spends a chit, as r is; an action typed
        # out in full (coup, commit FA1) names what it does, and goes ahead
        if text.partition(" ")[0].isdigit():
            armed = self.controller.ask_first(action)
            if armed is not None:
                self.say(f"{armed.text} {same_again(text)}")
                return None
        try:
            self.controller.act(action)
        except IllegalAction as exc:
            hint = " Type hint for a hint." if self.lesson is not None and self.lesson.hints else ""
            self.say(f"Refused: {exc}.{hint}")
            return None
        return ACTED

    def _walk(self, h: Hex, text: str) -> str | None:
        """``move 1910`` two hexes away: the way is said first, as Enter on a far hex says
        it on the full screen; the same line again walks it, a step at a time (9.13)."""
        c = self.controller
        before = c.snapshot().actions
        said = c.walk(h)
        if said is None:  # no way there: why not, with its case
            self.say(f"Refused: {c.why_not_walk(h)}.")
            return None
        if said.path:  # said first
            self.say(f"{said.text}. {same_again(text)}")
            return None
        if said.error:
            self.say(said.text)
        return ACTED if c.snapshot().actions != before else None  # (its steps are said with the news)

    def _key(self, letter: str) -> str | None:
        c = self.controller
        before = c.snapshot().actions
        said = c.no_coup_this_turn() if letter == "D" else c.key(letter)
        acted = c.snapshot().actions != before
        if said.text and (said.error or said.armed or letter == "D" or not acted):
            self.say(said.text + (f" {same_again(letter)}" if said.armed else ""))
        return ACTED if acted else None  # (what it did is said with the news)

    def _action(self, text: str) -> Action | None:
        first, _, rest = text.partition(" ")
        if first.isdigit():  # a number keeps its choice while the decision lasts
            c = self.controller
            choice = self.numbers.action(int(first), by_hex(c.legal()), c.view()) if c.my_move() else None
            if choice is None:
                self.say(f"There is no choice {first} now: Enter (or choices) lists them.")
                return None
            if isinstance(choice, HexChoice):
                return self._to_hex(int(first), choice, rest.strip())
            if rest.strip():
                self.say(f"Choice {first} names no hex: type {first} alone to play it.")
                return None
            return choice
        try:
            return parse_action(text)
        except ValueError as exc:
            near = [w for w in typed_words() if one_slip(first.lower(), w)]
            if len(near) == 1:  # a slip of the fingers ("hepl"): the word meant, not every verb
                self.say(f"Not understood: {first!r}. Did you mean {near[0]}? Type help for the commands.")
            else:
                self.say(f'Not understood: {exc}. Type a number, an action such as "move 2010", or help.')
            return None

    def _to_hex(self, n: int, choice: HexChoice, where: str) -> Action | None:
        """``5 0925`` plays choice 5 at hex 0925; ``5 Berne`` lists the hexes it may go to
        in Berne; ``5`` alone says how to finish it."""
        v = self.controller.view()
        a = choice.at(None)
        example = f"{n} {label(choice.hexes[0])}"
        if not where:
            self.say(
                f"Choice {n}: {words_before_its_hex(self.rules, v, a)}. Type {n} and the hex ({example})."
            )
            return None
        h = parse_hex(where)
        if h is not None:
            return choice.at(h)  # (a hex it may not go to is refused by the rules, with the case)
        named = areas_named(self.rules, where)
        if not named:
            self.say(f'"{where}" is neither a hex nor an area: type {n} and a hex ({example}).')
            return None
        if len(named) > 1:
            which = " or ".join(area_name(self.rules, code) for code in named)
            self.say(f'"{where}" may be {which}: type {n} and more of the name, or its code.')
            return None
        [code] = named
        area = area_name(self.rules, code)
        hexes = [h for h in choice.hexes if self.rules.map.area_of.get(h) == code]
        if not hexes:
            self.say(f"Choice {n} goes to no hex of {area}.")
        else:
            what = words_before_its_hex(self.rules, v, a, f"a hex of {area}")
            self.say(f"{what}: {' '.join(label(h) for h in hexes)}. Type {n} and one of them.")
        return None

    # -- questions ---------------------------------------------------------------------------
    def odds(self, _: str) -> None:
        v = self.controller.view()
        lines: list[str] = []
        meanings: dict[str, dict[str, str]] = {}  # each table's results met, in its order
        for n, a in sorted(self.choices.items()):
            if isinstance(a, HexChoice):
                continue  # (no journey or assignment rolls a die)
            for o in self.controller.odds(a):
                if o.allowed:  # (the title names every helper or chit it counts)
                    # what a success risks (12.73) first, then the rest
                    notes = "".join(f" {note}" for note in (*o.brings, *o.notes))
                    lines.append(f"{n}. {words(self.rules, v, a)}: {o.title}, {o.chances()}.{notes}")
                    meanings.setdefault(o.table, {}).update(o.meanings)
        for table, meant in meanings.items():  # what the results mean, once a table
            if meant:
                lines.append(f"On the {table}, {legend(meant.items())}.")
        self.say_paged(lines or ["None of the choices now rolls a die."])

    def log(self, text: str) -> None:
        n = int(text) if text.isdigit() else 10
        self.say_paged(self.log_lines(self.controller.snapshot().log[-n:]))

    def help(self, _: str) -> None:
        c = self.controller
        for line in help_lines(
            watching=c.spectator,
            abwehr=c.may_skip_coups(),
            served=self.read is None,
            lesson=self.lesson is not None,
            puzzle=self.puzzle is not None,
        ):
            self.say(line)


QUESTIONS: dict[str, Callable[[LineMode, str], None]] = {
    "where": LineMode.where,
    "look": LineMode.look,
    "near": LineMode.near,
    "chits": LineMode.chits,
    "boxes": LineMode.boxes,
    "odds": LineMode.odds,
    "streets": LineMode.streets,
    "log": LineMode.log,
    "rules": LineMode.rules_case,
    "help": LineMode.help,
    "?": LineMode.help,
}


def typed_words() -> list[str]:
    """Every first word a line may start with: the questions, the door's own words and
    the actions' verbs (a slip is matched against them)."""
    return [*QUESTIONS, "quit", "exit", "choices", "hint", "ask", "undo", *VERB_WORDS]


def line_reader(inp: TextIO, out: TextIO) -> Callable[[], str | None]:
    """The player's lines from ``inp``, each asked for with "> " on ``out``; None at the
    end of the input."""

    def read() -> str | None:
        print("> ", end="", file=out, flush=True)
        line = inp.readline()
        return None if line == "" else line.rstrip("\n")

    return read


def local_lines(
    session: Session,
    read: Callable[[], str | None] | None,
    out: TextIO,
    *,
    lesson: Lesson | None = None,
    puzzle: Attempt | None = None,
    coach: bool = False,
    settings: SettingsFile | None = None,
) -> LineMode:
    """A game at one keyboard in plain text: its table, run here as the lines are read
    (the computer's moves at once, each said as it is made)."""
    scheduler = InlineScheduler()
    until = (
        lesson.check.met
        if lesson is not None
        else (lambda state: puzzle.judged())
        if puzzle is not None
        else (lambda state: False)
    )
    table = Table(session, scheduler, pace=0.0, until=until)
    controller = Controller(table, session.humans(), settings=settings)
    return LineMode(controller, read, out, lesson=lesson, puzzle=puzzle, coach=coach, settle=scheduler.run)


def play_lines(session: Session, inp: TextIO, out: TextIO) -> int:
    """Play ``session`` reading lines from ``inp`` and writing sentences to ``out`` (a
    guided game with its coach's line)."""
    return local_lines(session, line_reader(inp, out), out, coach=session.coached).run()


def learn_lines(
    lessons: list[Lesson],
    rules: Rules,
    done: tuple[str, ...],
    inp: TextIO,
    out: TextIO,
    on_done: Callable[[str], None] = lambda key: None,
) -> int:
    """The tutorial in plain text: the numbered list of lessons (finished ones said so),
    then each chosen lesson's card and its practice, played as a game in plain text
    until its goal is met; ``on_done(key)`` keeps a finished lesson."""
    read = line_reader(inp, out)

    def say(text: str = "") -> None:
        print(clean(text), file=out, flush=True)

    finished = set(done)
    while True:
        say("Lessons (a number opens one, quit leaves):")
        for n, ls in enumerate(lessons, start=1):
            mark = ", done" if ls.key in finished else ""
            say(f"  {n}. {ls.title} (as the {SIDE[ls.side]}{mark}).")
        answer = read()
        if answer is None or answer.strip().lower() in ("quit", "q", "exit"):
            return 0
        if not answer.strip().isdigit() or not 1 <= int(answer) <= len(lessons):
            say(f"Type a number from 1 to {len(lessons)}, or quit.")
            continue
        lesson = lessons[int(answer) - 1]
        say(lesson.title + ".")
        for para in lesson.text.strip().split("\n\n"):
            say(" ".join(para.split()))
        if lesson.set_dice:
            say(
                "In this lesson the dice are set in advance, so that it can be finished; in "
                "a game they never are."
            )
        say(f"Goal: {lesson.goal} Type hint for a hint, quit to go back to the list.")
        mode = local_lines(lesson_session(lesson, rules), read, out, lesson=lesson)
        mode.run()
        if mode.lesson_done and lesson.key not in finished:
            finished.add(lesson.key)
            on_done(lesson.key)


def puzzle_lines(
    puzzles: list[Puzzle], rules: Rules, settings: SettingsFile, inp: TextIO, out: TextIO
) -> int:
    """Puzzles in plain text, one after another, each the nearest the player's rating;
    each solved or missed is kept in ``settings`` with the rating it leaves."""
    read = line_reader(inp, out)

    def say(text: str = "") -> None:
        print(clean(text), file=out, flush=True)

    book = SettingsBook(settings)
    while True:
        record, puzzle = next_from(book, puzzles)
        if puzzle is None:
            say(solved_all(record))
            return 0
        attempt = Attempt(puzzle, rules)
        say(attempt.intro(record.rating, settings.problem, plain=True))
        say("Play your plan as in a game (help lists the commands); quit leaves the puzzle.")
        local_lines(attempt.session, read, out, puzzle=attempt, settings=settings).run()
        if not attempt.judged():
            say(progress_words(book.record()))  # (left: where the player stands, as the screen says)
            return 0
        say(book.keep(attempt.puzzle, attempt.solved()).words())
        say("Press Enter for the next puzzle, or type quit.")
        answer = read()
        if answer is None or answer.strip().lower() in ("quit", "q", "exit"):
            say(progress_words(book.record()))
            return 0


__all__ = [
    "LineMode",
    "help_lines",
    "learn_lines",
    "line_reader",
    "local_lines",
    "play_lines",
    "puzzle_lines",
]
