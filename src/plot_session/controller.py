"""One screen's part in the turn's flow, without a screen: what a key or a typed line
does at a table, and what the player is told.

A Controller sits between a player's keys and their Table (table.py). It knows which
sides this screen acts for (one, both at a hot-seat keyboard, none for a spectator) and
whose eyes are on it now; it numbers the choices so that a number keeps its action
while the decision lasts; it says a roll or a spent chit before doing it (the same
action again goes ahead); it gives the table the Abwehr's standing "no coup this
Game-Turn" (D); it hands the keyboard over between hot-seat players; and it puts every
answer in words (``Said``). The full screen, the plain text and the served doors are
views over it: they read its snapshot and its words, and never decide what a key does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from plot_core import Action, IllegalAction, Party, Player, PlayerView, Verb
from plot_core.engine import (
    Box,
    DecisionKind,
    Event,
    Odds,
    Overlays,
    Phase,
    Stakes,
    odds_of,
    path_to,
    stakes,
    walk_problem,
)
from plot_core.english import counted, title_mid_sentence
from plot_core.hexgrid import Hex, label
from plot_core.wording import CAUSED_BY_A_ROLL, is_news, news, rolled, unit_name, words

from .choices import FIXED, Numbers, action_hex, actions_at, active_hex, fixed, listed, unit_hexes
from .describe import SIDE, acted, awaited, in_streets
from .intent import refusal_at, walks
from .session import LogLine
from .settings import SettingsFile
from .snapshot import Snapshot
from .table import Table

KEY_NAMES = {"r": "Roll", "d": "Decline", "e": "End the move", "P": "End the phase"}
ROLLING = (Verb.HARASS, Verb.RECRUIT, Verb.INVESTIGATE)  # a roll follows, with odds
MAX_NEWS = 3  # lines of rolls and results under the prompt (the log has all)
MORE_IN_THE_LOG = "Earlier news is in the log (g); the latest:"  # said before the newest news it stands above
NO_STAKES = Stakes(False, (), ())
PACES = (0.0, 0.04, 0.15, 0.4, 1.0)  # seconds between the computer's steps, slower and faster
LOCAL_PACE = 0.04  # the computer's pace at one keyboard, until the player changes it


@attrs.frozen
class Said:
    """What the player is told in answer to a key or a line; ``error``: a refusal."""

    text: str = ""
    error: bool = False
    armed: bool = False  # said before going ahead: the same again goes ahead
    path: tuple[Hex, ...] = ()  # a walk said before it is taken: the map shows its way
    unseen: bool = False  # armed because the key's words were not on the screen


@attrs.frozen
class Choice:
    """One keyed choice as the prompt offers it: the key and its words."""

    key: str
    text: str


@attrs.frozen
class Asking:
    """What the prompt says now: the question (or the game's end, or whom it waits for),
    the keyed choices, and the rolls and results since this screen's player last acted."""

    head: str
    kind: str  # "question", "over" or "waiting"
    choices: tuple[Choice, ...] = ()
    news: tuple[str, ...] = ()
    hint: str = ""  # what a key can do meanwhile (skip ahead)


class Controller:
    """One screen at ``table``, acting for ``sides`` (none: a spectator). ``local``: a
    screen at one keyboard, which paces the computer and shows where the game is saved
    (a served table's screens do neither: the server runs its table for all of them).
    ``settings`` keep whether a roll is said first; ``note()``: what the table says of
    the others; ``talk``: how this screen speaks at a served table (None: no talk)."""

    def __init__(
        self,
        table: Table,
        sides: Iterable[Player],
        *,
        local: bool = True,
        settings: SettingsFile | None = None,
        note: Callable[[], str] = lambda: "",
        talk: Callable[[str], object] | None = None,
    ) -> None:
        self.table = table
        self.sides = frozenset(sides)
        self.local = local
        self.settings = settings or SettingsFile(None)
        self.note, self.talk = note, talk
        self.numbers: Numbers[Action] = Numbers(listed)  # the numbered choices, kept while a decision lasts
        self._armed: tuple[Action, int, int] | None = None  # said once (at an input); the same next acts
        self._inputs = 0  # keys and lines the door has heard (heard())
        self._walk_armed: tuple[Hex, int, int] | None = None  # a walk said: at a version, an input
        self._cell_shown: tuple[int, int] | None = None  # the Cell shown before 14.0
        self._news_from: dict[Player | None, int] = {}  # each side's last action
        self._streets: dict[Party, int] | None = None  # units in Berlin's streets, last asked
        self._problem_told = False  # the record's trouble has been said
        self._no_roll: tuple[int, dict[Action, str]] = (-1, {})  # at a version: each roll's "no roll"
        self.eyes = self._first_eyes()

    def _first_eyes(self) -> Player | None:
        s = self.table.session
        if len(self.sides) == 1:
            return next(iter(self.sides))
        if not self.sides:
            return None
        # hot-seat: a game under way, or one whose first lines are a side's secret (the
        # opening draw), waits for its player to take the keyboard
        if s.actions or any(ln.event.private is not None for ln in s.log):
            return None
        return s.state.to_act or Player.SS

    # -- what the screen shows ------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        return self.table.snapshot(self.eyes)

    def view(self) -> PlayerView:
        return self.snapshot().view

    def legal(self) -> list[Action]:
        return list(self.snapshot().legal)

    def overlays(self) -> Overlays:
        return self.snapshot().overlays

    @property
    def side(self) -> Player | None:
        """The one side this screen plays (None: a spectator, or hot-seat's two)."""
        return next(iter(self.sides)) if len(self.sides) == 1 else None

    @property
    def hotseat(self) -> bool:
        return len(self.sides) == 2

    @property
    def spectator(self) -> bool:
        return not self.sides

    @property
    def record_path(self) -> str | None:
        """Where the game is saved, at one keyboard (a server's record is its own)."""
        recorder = self.table.session.recorder
        return str(recorder.path) if self.local and recorder is not None else None

    def my_move(self) -> bool:
        return self.snapshot().my_move

    def needs_handoff(self) -> bool:
        """Hot-seat: the other player is to decide, and this screen shows private chits."""
        to_act = self.table.session.state.to_act
        return self.hotseat and to_act is not None and to_act is not self.eyes

    def handoff_words(self) -> tuple[str, str]:
        """Whom to pass the keyboard to, and why."""
        to_act = self.table.session.state.to_act
        if self.table.session.actions == 0:
            why = "A new game: the first decision is yours."
        elif self.eyes is None:  # nobody has taken the keyboard yet: a game resumed
            why = "The game goes on where it was left: the next decision is yours."
        else:
            why = "Your opponent has finished; it is your decision now."
        return SIDE[to_act], why

    def hand_over(self) -> None:
        to_act = self.table.session.state.to_act
        if to_act is not None and to_act in self.sides:
            self.eyes = to_act

    def asking(self) -> Asking:
        shot = self.snapshot()
        v = shot.view
        if v.outcome is not None:
            return Asking(f"Game over: {v.outcome.reason} ({v.outcome.case})", "over", news=self.news())
        if shot.my_move:
            legal = list(shot.legal)
            keyed = self.numbers.keyed(legal, v)
            lettered = fixed(legal)
            if self._no_roll[0] != shot.version:  # (worked out once a version, not at every draw)
                self._no_roll = (shot.version, {})
            choices = [Choice(str(key), self._choice_words(v, a)) for key, a in [*keyed, *lettered.items()]]
            if self.may_skip_coups() and coup_declinable(shot):
                choices.append(Choice("D", "No coup this Game-Turn"))
            if len(legal) > len(keyed) + len(lettered):
                choices.append(Choice("a", f"all {counted(len(legal), 'action')}"))
            return Asking(shot.prompt, "question", tuple(choices), self.news())
        who = SIDE[v.to_act]
        if shot.computer_to_act:
            doing = "the computer is thinking" if shot.thinking else "the computer is playing"
            head = f"{who} to act — {doing}."
            hint = "s: skip to your next decision" if shot.humans else "s: skip to the end of the game"
            return Asking(head, "waiting", news=self.news(their_last=True), hint=hint if self.local else "")
        return Asking(awaited(shot.prompt, who), "waiting", news=self.news(their_last=True))

    def _choice_words(self, v: PlayerView, a: Action) -> str:
        """A keyed choice's words; a roll the rules forbid even with every helper in reach
        says so, or the choice would lead to a decision with no roll in it (13.21, 12.53)."""
        said = words(self.table.session.state.rules, v, a)
        if a.verb not in ROLLING:
            return said
        known = self._no_roll[1]
        if a not in known:
            odds = odds_of(self.table.session.state, a)
            known[a] = f" — no roll at {odds[0].total}" if odds and not odds[0].allowed else ""
        return said + known[a]

    def news(self, *, their_last: bool = False) -> tuple[str, ...]:
        """Rolls and results since this screen's player last acted (theirs, the other
        player's, the computer's), newest last: each a sentence (plot_core.wording). What
        a roll caused in the same action (a unit recruited, recruiters suspected, a
        bonus) is said on the roll's line, so a short box that keeps the line keeps it.
        ``their_last``: while another side plays, its last action too, where it came
        (a step, a unit sent: what the map changed by, said as the plain door says it)."""
        rules = self.table.session.state.rules
        since = self._news_from.get(self.eyes, -1)
        log = self.snapshot().log
        last = None
        if their_last:
            last = next(
                (ln for ln in reversed(log) if ln.action is not None and ln.side not in self.sides), None
            )
        found: list[LogLine] = []
        rolls = 0
        for ln in reversed(log):  # only the last few are said
            if ln.index <= since or rolls > MAX_NEWS or len(found) > 8 * MAX_NEWS:
                break
            if is_news(ln.event) or ln is last:
                found.append(ln)
                rolls += rolled(ln.event)
        lines: list[str] = []
        roll_action: int | None = None  # the action whose roll the last line says
        for ln in reversed(found):
            if ln is last and ln.side is not None:
                lines.append(acted(ln.side, ln.event.text))
                continue
            said = news(rules, ln.event)
            if ln.event.case in CAUSED_BY_A_ROLL and lines and ln.index == roll_action:
                lines[-1] += f"; {said}"
                continue
            lines.append(said)
            roll_action = ln.index if rolled(ln.event) else None
        if len(lines) > MAX_NEWS:
            lines[: len(lines) - MAX_NEWS] = [MORE_IN_THE_LOG]
        return tuple(lines)

    def waiting(self) -> str:
        shot = self.snapshot()
        v = shot.view
        if v.outcome is not None:
            return "The game is over."
        if shot.unsaved:  # (whoever is to act: nobody may until it is)
            return shot.record_problem or "The last move is being saved: the game goes on once it is."
        move = f"the {SIDE[v.to_act]} player's move"
        return f"You are watching: it is {move}." if self.spectator else f"It is {move}."

    # -- the computer, as this screen sees it -------------------------------------------
    def skip(self) -> Said:
        if not self.local:
            return Said("The server plays the computer at its own pace here.", error=True)
        self.table.skip()
        return Said("")

    def set_pace(self, pace: float) -> Said:
        if not self.local:  # (one screen may not change everyone's pace)
            return Said("The server plays the computer at its own pace here.", error=True)
        self.table.pace = pace
        return Said(f"The computer now waits {pace:.2f} s between its moves (- slower, + faster).")

    def pace_step(self, step: int) -> Said:
        """Slower (+1) or faster (-1) computer moves, to follow them or to get on."""
        now = self.table.pace
        i = min(range(len(PACES)), key=lambda k: abs(PACES[k] - now))
        return self.set_pace(PACES[max(0, min(len(PACES) - 1, i + step))])

    # -- this player's settings and what they are told between moves ----------------------
    def toggle_asking(self) -> Said:
        """Whether a roll or a spent chit is said before it is made (kept for next time)."""
        ask = not self.settings.settings.ask_before_rolling
        problem = self.settings.save(attrs.evolve(self.settings.settings, ask_before_rolling=ask))
        text = (
            "Rolls and spent chits are said first; the same again goes ahead."
            if ask
            else "Rolls and spent chits now go ahead at once."
        )
        return Said(text + (f" ({problem})" if problem else ""), error=bool(problem))

    def saving_news(self) -> Said | None:
        """The record's trouble (a full disk, a store gone), said once as it starts and
        once as it ends: meanwhile nobody may act, and nothing is lost."""
        problem = self.snapshot().record_problem
        if problem and not self._problem_told:
            self._problem_told = True
            return Said(f"Warning: {problem}", error=True)
        if self._problem_told and not problem:
            self._problem_told = False
            return Said("Saved again: every move is on disk, and the game goes on.")
        return None

    def streets_change(self) -> str:
        """In the coup, a change in who stands in Berlin's streets (what wins it, 18.71,
        18.72) since this screen last asked, in words; "" when nothing changed."""
        v = self.snapshot().view
        rules = self.table.session.state.rules
        now = in_streets(rules, v) if v.coup is not None else None
        before, self._streets = self._streets, now
        if now is None or before is None or now == before:
            return ""
        said = [f"{p.value} {now[p]}" + (f" (was {before[p]})" if now[p] != before[p] else "") for p in now]
        return "Units in Berlin's streets now: " + ", ".join(said)

    # -- acting -------------------------------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        """``action`` at once, as typed (no asking first): what it caused, as far as
        these eyes may see it. IllegalAction names the rule that forbids it."""
        mark = self.table.session.actions
        events = self.table.session.act_as(self.eyes, action)
        self._news_from[self.eyes] = mark
        return events

    def press(self, action: Action, *, asked: bool = False) -> Said:
        """The player chose ``action`` (a key, a click, a line). A roll or a spent chit
        is said first unless ``asked`` (the player has said so already: the list, the
        palette, a standing answer); the same action again goes ahead."""
        s = self.table.session
        self._walk_armed = None  # another action: a walk said before is asked again
        if not self.my_move():
            return Said("It is not your move.", error=True)
        v = self.snapshot().view
        said = words(s.state.rules, v, action)  # in the words of before
        if not asked:
            armed = self._ask_first(action, said)
            if armed is not None:
                return armed
        mark = s.actions
        try:
            events = s.act_as(self.eyes, action)
        except IllegalAction as exc:
            return Said(f"Not allowed: {exc}", error=True)
        self._news_from[self.eyes] = mark  # from this action on
        # its rolls and results are news (said with the others); else its last event
        if any(is_news(e) for e in events):
            return Said("")
        return Said(events[-1].text if events else said)

    def ask_first(self, action: Action) -> Said | None:
        """For a door that acts itself (the plain door's numbers): what a roll or a spent
        chit says before it is made, armed so that the same again goes ahead; None when
        it may go ahead now (nothing at stake, said just before, or the asking is off)."""
        if not self.my_move():
            return None
        said = words(self.table.session.state.rules, self.snapshot().view, action)
        return self._ask_first(action, said)

    def heard(self) -> None:
        """A key or a line reached the player's door. An action said before it is made
        goes ahead only if the very next one asks for it again: a key between (a
        mistyped number, a cursor moved) calls it off, as its words are gone from the
        screen; a roll or a spent chit is never made by a key meant for something else."""
        self._inputs += 1

    def _confirms(self, action: Action) -> bool:
        """Is ``action`` the one said just before (the same moment, no input between)?
        A caller that reports no inputs (a script) confirms by asking twice."""
        armed = self._armed
        return (
            armed is not None
            and armed[:2] == (action, self.table.session.actions)
            and self._inputs - armed[2] <= 1
        )

    def _arm(self, action: Action) -> None:
        self._armed = (action, self.table.session.actions, self._inputs)

    def _ask_first(self, action: Action, said: str) -> Said | None:
        if self._confirms(action):
            self._armed = None
            return None
        at_stake = self.stakes_words(action, said)
        if not at_stake:
            return None
        self._arm(action)
        return Said(at_stake, armed=True)  # (a view says how to go ahead)

    def stakes(self, action: Action) -> Stakes:
        """What ``action`` rolls and which of the actor's own chits it spends (asked
        only of the side to act: the chits it names are its own)."""
        if not self.my_move():
            return NO_STAKES
        return stakes(self.table.session.state, action)

    def stakes_words(self, action: Action, said: str) -> str:
        """What to say before ``action`` goes ahead ("..., spends FR1 and rolls on the
        Harassment Table column +5."), or "" when it needs no asking (or the player
        turned the asking off)."""
        if not self.settings.settings.ask_before_rolling:
            return ""
        at_stake = self.stakes(action)
        if not at_stake:
            return ""
        what, named = [], False
        if at_stake.spends:
            what.append(f"spends {', '.join(at_stake.spends)}")
        if at_stake.binds:
            what.append(f"then {at_stake.binds}")
        if at_stake.rolls:
            own = [o for o in at_stake.odds if o.allowed and not o.set_off]
            tables = [o.table + (f" column {o.column}" if o.column else "") for o in own]
            # a roll the rules make as the phase ends (the Randomizer, 6.23): set off, not chosen
            set_off = [o.table for o in at_stake.odds if o.allowed and o.set_off]
            rolls = f"rolls on the {' then '.join(tables)}" if tables else "" if set_off else "rolls a die"
            named = bool(tables) and all(table in said for table in tables)
            if rolls and not named:  # (not said twice)
                what.append(rolls)
            if set_off:
                rolls_set_off = "the roll on the " if len(set_off) == 1 else "the rolls on the "
                what.append(f"sets off {rolls_set_off}{' then the '.join(set_off)}")
        then = ""
        if at_stake.rolls and named:  # a roll its words name ("Roll on the Walkyrie Table"): its chances
            then = "".join(f"; {o.total}: {o.chances()}" for o in at_stake.odds if o.allowed)
        elif not at_stake.rolls:  # a step towards a roll (a chit committed to the coup): that roll
            ahead = [o for o in self.odds(action) if o.allowed and o.assumes]
            then = f"; {title_mid_sentence(ahead[0].title)}: {ahead[0].line()}" if ahead else ""
        # what a success would bring about (12.73: who falls under suspicion), weighed now
        # (the stakes hold odds only for a roll)
        risked = "".join(f" {n}" for o in at_stake.odds if o.allowed for n in o.brings)
        if not what:
            return f"{said}{then}.{risked}"
        return f"{said}, {' and '.join(what)}{then}.{risked}"

    def odds(self, action: Action) -> list[Odds]:
        """The odds of the roll ``action`` makes or leads to, for the side to act only
        (they may count its own hand: the Führer Access chits it may commit)."""
        return odds_of(self.table.session.state, action) if self.my_move() else []

    def why_not(self, action: Action) -> str | None:
        return self.table.session.why_not(action)

    def refusal(self, action: Action) -> IllegalAction | None:
        return self.table.session.refusal(action)

    def walk_to(self, h: Hex) -> list[Hex] | None:
        """The shortest legal walk of the moving unit to ``h``."""
        return path_to(self.table.session.state, h) if self.my_move() else None

    def why_not_walk(self, h: Hex) -> str | None:
        problem = walk_problem(self.table.session.state, h)
        return None if problem is None else str(problem)

    def at_hex(self, h: Hex) -> Said | list[Action]:
        """Enter on ``h``: the one action there, done; several, the list to choose from;
        none, a walk of the moving unit there when that is what it means; else why not,
        with its case. A unit whose one action takes it to another hex (sent on
        assignment, advancing after combat) is listed, not moved: Enter on a unit picks
        it, and where it goes is said before it goes."""
        shot = self.snapshot()
        if not shot.my_move:
            return Said(self.waiting(), error=True)
        here = actions_at(list(shot.legal), shot.view, h)
        if len(here) == 1 and action_hex(here[0], unit_hexes(shot.view)) == h:
            return self.press(here[0])
        if here:
            return here
        rules = self.table.session.state.rules
        if walks(rules, shot.view, h) and (walked := self.walk(h)) is not None:
            return walked
        return Said(refusal_at(rules, self, h), error=True)

    def walk(self, h: Hex) -> Said | None:
        """A hex further than one step: the way there is said (and given, for the map
        to show) first; the same hex again walks it, a step at a time (each its own
        action and checked as one, so undo takes them back one by one). None, with
        nothing done, if there is no such way."""
        path = self.walk_to(h)
        if not path:
            return None
        s = self.table.session
        v = self.snapshot().view
        uid = v.active
        name = unit_name(s.state.rules, uid)
        way = ", ".join(label(step) for step in path)
        # asked again after an undo or a new step, and after any other key or line
        # between (as a roll said first is: the words the player read are gone)
        moment = (h, self.snapshot().version)
        armed = self._walk_armed
        if armed is None or armed[:2] != moment or self._inputs - armed[2] > 1:
            self._walk_armed = (*moment, self._inputs)
            steps = counted(len(path), "step")
            # (how to go ahead is each door's own: a key again, or the same line again)
            return Said(f"Walk {name} to {label(h)} by {way} ({steps})", path=tuple(path))
        self._walk_armed = None
        said = Said("")
        for step in path:
            if not self.my_move() or self.snapshot().view.active != uid:
                break  # something stopped the move on the way
            said = self.press(Action(Verb.MOVE, hex=step))
            if active_hex(self.snapshot().view) != step:
                return said  # refused: said says why
        if said.error or active_hex(self.snapshot().view) != h:
            return said
        return Said(f"{name} walked to {label(h)} by {way}")

    def cancel_walk(self) -> bool:
        """Forget a walk said and not taken; was there one?"""
        armed, self._walk_armed = self._walk_armed is not None, None
        return armed

    def number(self, n: int, *, labelled: bool = True) -> Said:
        """Choice ``n``. One whose words were not on the screen (``labelled`` False: a
        short prompt showed the keys alone) is said first, with what it rolls or
        spends; the same number again goes ahead."""
        if not self.my_move():
            return Said(self.waiting(), error=True)
        shot = self.snapshot()
        chosen = self.numbers.action(n, list(shot.legal), shot.view)
        if chosen is None:
            return Said(f"There is no choice {n} now. {shot.prompt}", error=True)
        if not labelled and not self._confirms(chosen):
            said = words(self.table.session.state.rules, shot.view, chosen)
            self._arm(chosen)  # (press, the next time, goes ahead: this said it all)
            return Said(f"{n}: {self.stakes_words(chosen, said) or said}", armed=True, unseen=True)
        return self.press(chosen)

    def key(self, letter: str) -> Said:
        """r, d, e, P: the same key for rolling, declining and ending at every moment;
        when it does nothing now, the engine says why, with its case."""
        if not self.my_move():
            return Said(self.waiting(), error=True)
        chosen = fixed(list(self.snapshot().legal)).get(letter)
        if chosen is None:
            return Said(self._why_not_key(letter), error=True)
        cell = self._ask_before_interrogation(chosen)
        if cell is not None:
            return cell
        return self.press(chosen)

    def _ask_before_interrogation(self, action: Action) -> Said | None:
        """Ending the Investigation Phase with units in the Interrogation Cell starts
        their interrogation (14.0) at once: the first P shows who is there, a second one
        goes on."""
        v = self.snapshot().view
        if action.verb is not Verb.END_PHASE or v.phase is not Phase.INVESTIGATION:
            return None
        cell = [u.id for u in v.units if u.box is Box.INTERROGATION]
        moment = (v.turn, len(self.snapshot().log))
        if not cell or self._cell_shown == moment:
            return None
        self._cell_shown = moment
        rules = self.table.session.state.rules
        names = ", ".join(unit_name(rules, uid) for uid in cell)
        return Said(
            f"In the Interrogation Cell: {names}. Ending the phase interrogates them "
            "now (14.0). P again to end it; B shows the boxes."
        )

    def _why_not_key(self, letter: str) -> str:
        shot = self.snapshot()
        for verb in sorted(FIXED[letter], key=lambda verb: verb.value):
            why = self.why_not(Action(verb))
            # "not in this phase" (5.2) or "waiting for ..." says less than the prompt does
            if why and not why.endswith("(5.2)") and not why.startswith("waiting for"):
                return f"{KEY_NAMES[letter]}: not now: {why}"
        return f"Nothing to {KEY_NAMES[letter].lower()} now. {shot.prompt}"

    def undo(self) -> Said:
        log = self.snapshot().log
        last = next((ln.event.text for ln in reversed(log) if ln.action is not None), "")
        if self.table.session.undo_for(self.eyes):
            return Said(f"Undone: {last}." if last else "Undone.")  # (its words keep their names' capitals)
        return Said(
            "Nothing of yours to take back (a roll, a draw, a reveal or the other player's move "
            "cannot be taken back).",
            error=True,
        )

    # -- the coup question's standing answer (18.11) ----------------------------------------
    def may_skip_coups(self) -> bool:
        """D is for the Abwehr's human player. The SS then sees the question answered at
        once; it learns no more than the answer itself tells at the phase's end."""
        return Player.ABWEHR in self.sides

    def no_coup_this_turn(self) -> Said:
        """D: this question answered no, and the rest of this Game-Turn's answered by
        the table as they come, whether this screen is open or not (18.11)."""
        shot = self.snapshot()
        if not self.may_skip_coups():
            return Said("D answers the Abwehr's coup question (18.11).", error=True)
        if not (shot.my_move and coup_asked(shot)):
            return Said("D answers the coup question (18.11); it is not asked now.", error=True)
        if not coup_declinable(shot):
            return Said(
                "Führer Access chits are committed: the coup goes ahead (18.13). r rolls it; "
                "u takes the chits back.",
                error=True,
            )
        self.table.no_coup_in[Player.ABWEHR] = shot.view.turn
        no = fixed(list(shot.legal)).get("d")
        if no is not None and no.verb is Verb.NO_REVEAL:
            said = self.press(no, asked=True)
            if said.error:
                return said
        return Said(f"No coup asked again until Game-Turn {shot.view.turn + 1}.")


def coup_asked(shot: Snapshot) -> bool:
    v = shot.view
    return bool(v.pending) and v.pending[-1].kind == DecisionKind.COUP


def coup_declinable(shot: Snapshot) -> bool:
    """The coup question is asked and may still be answered no (18.11): not once
    Führer Access chits are committed to it, when the engine offers only the roll."""
    no = fixed(list(shot.legal)).get("d")
    return coup_asked(shot) and no is not None and no.verb is Verb.NO_REVEAL
