"""The game screen: the map, the prompt with numbered choices, and the side panels.

The screen decides no rule. It lists what ``legal_actions`` offers the player at
the screen, applies what he picks through the session, and redraws from his view.
"""

from __future__ import annotations

import asyncio
import time
from functools import partial
from typing import ClassVar, cast

import attrs
from rich.text import Text
from textual import on, work
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static, TabbedContent

from plot_ai.pool import Job, shared_pool
from plot_core import Action, IllegalAction, Player, PlayerView, Rules, Verb
from plot_core.engine.overlays import Overlays
from plot_core.engine.state import Box, DecisionKind, Phase
from plot_core.english import counted
from plot_core.hexgrid import Hex, distance, label
from plot_core.wording import describe, is_news, news, unit_name, words
from plot_record import ChatLine
from plot_session.chair import Chair
from plot_session.describe import SIDE, WINNERS, in_streets, prompt
from plot_session.intent import attempts, refusal_at, walks
from plot_session.session import LogLine, Session
from plot_session.settings import SettingsFile

from .board_screen import BoardScreen
from .boardview import action_hex, actions_at, active_hex, unit_hexes
from .choices import FIXED, PHASE_GROUP, area_words, fixed, group_of, search_words
from .mapview import MapView
from .messages import ChoicePicked, RematchAsked, TalkHeard
from .odds_view import odds_text
from .panels import ChitPanel
from .plain import clean, join, plain
from .prompt import Asking, Choice, PromptPane
from .rules_screen import link_cases
from .screens import ActionMenu, GameOverScreen, HandoffScreen, HelpScreen, MenuItem, help_text
from .talk import TalkInput, TalkPane
from .why import why_text

SAVE_RETRY = 2.0  # seconds between tries to write what the disk refused (25)
COMPUTER_PACE = 0.04  # seconds between the computer's steps, so they can be followed
PACES = (0.0, 0.04, 0.15, 0.4, 1.0)  # what `-` and `+` step through
FRAME_BUDGET = 0.03  # when skipping ahead, how long one batch of computer steps may run
ROLLING = (Verb.HARASS, Verb.RECRUIT, Verb.INVESTIGATE)  # a roll follows, with odds
BEST_SIZE = (120, 36)  # what the layout plays best at; smaller is said at the start
MAX_NEWS = 3  # lines of rolls and results under the prompt (the log has all)
KEY_NAMES = {"r": "Roll", "d": "Decline", "e": "End the move", "P": "End the phase"}


def size_hint(width: int, height: int) -> str:
    """A line for a terminal smaller than the layout plays best at, else ""."""
    best_w, best_h = BEST_SIZE
    if width >= best_w and height >= best_h:
        return ""
    return (
        f"This terminal is {width}x{height}; plot plays best at {best_w}x{best_h} or "
        "more (more map, fewer wrapped lines). x w B t g switch the side panel."
    )


class ActionCommands(Provider):
    """The command palette searches the legal actions by their words and notation."""

    _found: list[tuple[str, str, str, Action]] | None = None

    def _items(self) -> list[tuple[str, str, str, Action]]:
        """(what is shown, what else it is found by, what is at stake, the action), worked
        out once each time the palette opens (a provider lives as long as it is open)."""
        if self._found is None:
            self._found = self._work_out()
        return self._found

    def _work_out(self) -> list[tuple[str, str, str, Action]]:
        screen = self.screen
        if not isinstance(screen, GameScreen):
            return []
        v = screen.session.view()
        rules = screen.rules
        out = []
        for a in screen.session.legal():
            area = area_words(rules, action_hex(a, unit_hexes(v)))
            text = describe(rules, v, a) + (f" · {area}" if area else "")
            help_ = screen._stakes(a, words(rules, v, a)) or (
                screen._line(v, a)[len(describe(rules, v, a)) :].strip()
            )
            out.append((text, search_words(rules, v, a), help_, a))
        return out

    # What the palette shows of an action is what the list and the prompt would say
    # first, so picking it goes ahead at once.
    async def discover(self) -> Hits:
        for text, _, help_, a in self._items():
            yield DiscoveryHit(Text(text), partial(self._game.do, a, asked=True), help=help_ or None)

    async def search(self, query: str) -> Hits:
        # Every word of the query somewhere in the action's words (not Textual's fuzzy
        # match: on hundreds of long lines it takes seconds a key); the shown words first.
        wanted = query.lower().split()
        for text, more, help_, a in self._items():
            shown = text.lower()
            if not all(w in shown or w in more.lower() for w in wanted):
                continue
            score = (1 + sum(w in shown for w in wanted)) / (1 + len(wanted))
            line = Text(text)
            line.highlight_words(wanted, style="bold", case_sensitive=False)
            yield Hit(score, line, partial(self._game.do, a, asked=True), help=help_ or None)

    @property
    def _game(self) -> GameScreen:
        return cast(GameScreen, self.screen)  # the palette opens over a game only


class GameScreen(BoardScreen):
    COMMANDS = Screen.COMMANDS | {ActionCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "act_here", "Act", priority=False),
        Binding("a", "menu", "Actions"),
        # shown in the prompt when they do something; always live, to say why when not
        Binding("e", "fixed('e')", "End move", show=False),
        Binding("P", "fixed('P')", "End phase", show=False),
        Binding("r", "fixed('r')", "Roll", show=False),
        Binding("d", "fixed('d')", "Decline", show=False),
        Binding("D", "no_coup_this_turn", "No coup this Game-Turn", show=False),
        Binding("O", "ask_before_rolling", "Ask before rolling", show=False),
        # talk at a served table
        Binding("T", "talk", "Talk", show=False),
        Binding("H", "hide_watchers", "Hide spectators' talk", show=False),
        Binding("M", "mute", "Mute someone", show=False),
        Binding("u", "undo", "Undo"),
        Binding("s", "skip", "Skip ahead"),
        Binding("minus", "pace(1)", "Slower", show=False),
        Binding("plus,equals_sign", "pace(-1)", "Faster", show=False),
        Binding("tab", "target(1)", "Next target", show=False),
        Binding("shift+tab", "target(-1)", "Previous target", show=False),
        Binding("W", "why", "Why the computer moved", show=False),
        Binding("R", "rematch", "Rematch", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "app.quit_game", "Quit"),
        # the log (the replay viewer has these keys for moving through the record)
        # priority: the focused map is a scroll view and would take these keys itself
        Binding("pageup", "scroll_log('up')", priority=True, description="Log up", show=False),
        Binding("pagedown", "scroll_log('down')", priority=True, description="Log down", show=False),
        Binding("home", "scroll_log('home')", priority=True, description="Log start", show=False),
        Binding("end", "scroll_log('end')", priority=True, description="Log end", show=False),
        *[Binding(str(i), f"number({i})", show=False) for i in range(1, 10)],
    ]

    def __init__(self, session: Session | Chair, rules: Rules, settings: SettingsFile | None = None) -> None:
        super().__init__(rules, settings)
        self.session = session
        self._armed: tuple[Action, int] | None = None  # said once; the same again acts
        self._key_odds: tuple | None = None  # (state, the odds r/d/P would roll)
        # made here, not in compose: what opens the screen may leave a notice on it first
        self.prompt_pane = PromptPane(rules.cases, id="prompt")
        self.pace = COMPUTER_PACE  # seconds between the computer's steps
        self._skipping = False
        self._over_shown = False
        self._handoff_open = False
        # hot-seat: a first screen that holds a private line (the opening draw) waits for
        # its player to take the keyboard (24)
        self._first_handoff = (
            isinstance(session, Session)
            and session.hotseat
            and session.screen is not None
            and any(ln.event.private is not None for ln in session.log)
        )
        self._computer_timer: Timer | None = None
        self._thinking: Job | None = None  # a search the computer runs in a worker
        self._problem_told = False
        self.no_coup_turn: int | None = None  # D: the Game-Turn the coup question is off
        self._cell_shown: tuple | None = None  # when the Cell was last shown before 14.0
        self._said_at = -1  # the action count when the message was said
        self._streets: dict | None = None  # units in Berlin's streets, last drawn
        # news is drawn from the log since each side at this screen last acted
        self._news_from: dict[Player | None, int] = {}
        # R: a rematch may be asked for once the game is over (the app says so, and
        # answers RematchAsked: a new game here, an offer at a served table)
        self.may_rematch = False

    def on_mount(self) -> None:
        if self.closing or not self.query(MapView):  # dismissed before it was mounted
            return
        self.prompt_pane.size_hint = size_hint(self.app.size.width, self.app.size.height)
        self.query_one(MapView).focus()
        self.set_interval(SAVE_RETRY, self._retry_saving)
        self.redraw()
        self.after_change()

    # -- drawing ------------------------------------------------------------------------
    def shown_view(self) -> PlayerView:
        return self.session.view()

    def shown_overlays(self) -> Overlays:
        return self.session.overlays()

    def shown_log(self) -> list[LogLine]:
        return self.session.visible_log()

    def shown_legal(self) -> list[Action]:
        return self.session.legal()

    def prompt_widget(self) -> Widget:
        return self.prompt_pane

    def on_resize(self, event) -> None:
        if self.prompt_pane.size_hint:  # grown since: the hint has done its work
            self.prompt_pane.size_hint = size_hint(event.size.width, event.size.height)

    def _watch_streets(self, v: PlayerView) -> None:
        """In the coup, a change in who stands in Berlin's streets (what wins it, 18.71,
        18.72) is said where the player looks, until their next action."""
        now = in_streets(self.rules, v) if v.coup is not None else None
        before, self._streets = self._streets, now
        if now is None or before is None or now == before:
            return
        said = [
            f"{party.value} {now[party]}" + (f" (was {before[party]})" if now[party] != before[party] else "")
            for party in now
        ]
        self.prompt_pane.streets_note = "Units in Berlin's streets now: " + ", ".join(said)

    def draw_prompt(self, v: PlayerView, legal: list[Action]) -> None:
        self._watch_streets(v)
        if self.prompt_pane.is_attached:  # none while being built
            self.prompt_pane.show(self.asking(v, legal))
        self.draw_odds()

    def asking(self, v: PlayerView, legal: list[Action]) -> Asking:
        """What the prompt shows now: the question and its keyed choices, or whom the
        game waits for; the table's note, the coach's line and the news."""
        s = self.session
        head = Text()
        choices: list[Choice] = []
        if v.outcome is not None:
            head.append(f"Game over: {v.outcome.reason} ({v.outcome.case})", style="bold")
        elif s.my_move():
            head.append(prompt(self.rules, v, legal), style="bold")
            head.append("\n")
            keyed = self.prompt_pane.numbers.keyed(legal, v)
            lettered = fixed(legal)
            choices = [Choice(str(key), words(self.rules, v, a)) for key, a in [*keyed, *lettered.items()]]
            if self._may_skip_coups() and self._coup_asked(v):
                choices.append(Choice("D", "No coup this Game-Turn"))
            if len(legal) > len(keyed) + len(lettered):
                choices.append(Choice("a", f"all {counted(len(legal), 'action')}"))
        else:
            who = SIDE[v.to_act]
            thinking = self._thinking is not None or s.thinking
            if s.computer_to_act():
                doing = "the computer is thinking" if thinking else "the computer is playing"
                head.append(f"{who} to act — {doing}. ", style="italic")
            else:  # what the other player is asked (it is public)
                head.append(f"Waiting for the {who}: {prompt(self.rules, v)}. ", style="italic")
            if s.computer_to_act() and s.drives_computer:
                head.append(
                    "s: skip to your next decision" if s.humans() else "s: skip to the end of the game",
                    style="dim",
                )
        return Asking(
            head,
            tuple(choices),
            status=plain(s.status_note(), style="yellow"),  # names players
            coach=self.coach_text(v),
            news=tuple(self._news()),
        )

    @on(ChoicePicked)
    async def _clicked(self, message: ChoicePicked) -> None:
        """A clicked choice does what its key does: the screen's own binding for it."""
        bound = self.active_bindings.get(message.key)
        if bound is not None and bound.node is self:
            await self.run_action(bound.binding.action)

    def _news(self) -> list[str]:
        """Rolls and results since this screen's player last acted (theirs, the other
        player's, the computer's), newest last: each a sentence (plot_core.wording)."""
        s = self.session
        since = self._news_from.get(s.viewer, -1)
        found: list[LogLine] = []
        for ln in reversed(s.visible_log()):  # only the last few are drawn
            if ln.index <= since or len(found) > MAX_NEWS:
                break
            if is_news(ln.event):
                found.append(ln)
        lines = [news(self.rules, ln.event) for ln in reversed(found[:MAX_NEWS])]
        if len(found) > MAX_NEWS:
            lines.insert(0, "... and before that, more in the log (g)")
        return lines

    def draw_odds(self) -> None:
        """The odds of the roll at the cursor, or of the roll a key would make now."""
        shown = self._odds_now()
        panel = self.by_id("odds")
        if isinstance(panel, Static):
            panel.update(link_cases(odds_text(shown[0]), self.rules.cases) if shown else "")
            panel.display = bool(shown)

    def _odds_now(self) -> list:
        s = self.session
        if not s.my_move():
            return []
        legal = s.legal()
        for mapview in self.query(MapView):
            here = actions_at(legal, s.view(), mapview.cursor)
            for a in here:
                if a.verb in ROLLING:
                    return s.odds(a)
            # what Enter would try there: its odds too when the differential alone forbids
            # the roll, so a refusal for 10.34 or 12.53 comes with its arithmetic
            tried = (
                []
                if here
                else [a for a in attempts(self.rules, s.view(), mapview.cursor) if a.verb in ROLLING][:1]
            )
            for a in tried:
                odds = s.odds(a)
                if odds and not odds[0].allowed:
                    return odds
        # what r, d or P would roll depends on the state alone: worked out once for it
        # (ending a phase is played on a copy to see), not at every redraw
        if self._key_odds is None or self._key_odds[0] is not s.state:
            lettered = fixed(legal)
            got = next(
                (o for key in ("r", "d", "P") if key in lettered for o in [s.odds(lettered[key])] if o), []
            )
            self._key_odds = (s.state, got)
        return self._key_odds[1]

    def cursor_moved(self, h: Hex) -> None:
        super().cursor_moved(h)
        self.draw_odds()

    def say(self, text: str, *, error: bool = False) -> None:
        self.prompt_pane.message = plain(text, style="bold red" if error else "green")
        self._said_at = self.session.actions
        self.draw_prompt(self.session.view(), self.session.legal())

    def coach_text(self, v: PlayerView) -> str:
        """A coach's line under the prompt (a guided game's screen has one)."""
        return ""

    # -- acting -------------------------------------------------------------------------
    def do(self, action: Action, *, asked: bool = False) -> None:
        """``asked``: the player has already said so (D's standing answer to the coup
        question), so nothing it sets off is asked again."""
        if not self.session.my_move():
            self.say("It is not your move.", error=True)
            return
        said = words(self.rules, self.session.view(), action)  # in the words of before
        if not asked and self._ask_first(action, said):
            return
        mark = self.session.actions
        try:
            events = self.session.act(action)
        except IllegalAction as exc:
            self.say(f"Not allowed: {exc}", error=True)
            return
        self._news_from[self.session.viewer] = mark  # from this action on
        self._said_at = self.session.actions
        self.prompt_pane.streets_note = ""
        # its rolls and results are news (drawn with the others); else its last event
        self.prompt_pane.message = Text(
            "" if any(is_news(e) for e in events) else events[-1].text if events else said, style="green"
        )
        self.prompt_pane.notice = Text("")  # said until the player's first action
        self.prompt_pane.size_hint = ""
        self._follow(action)
        self.redraw()
        self.after_change()

    def _ask_first(self, action: Action, said: str) -> bool:
        """No surprise rolls: an action that rolls or spends the player's chits is said
        first, with its odds; the same action again goes ahead. True while waiting."""
        moment = (action, self.session.actions)
        if self._armed == moment:
            self._armed = None
            return False
        stakes = self._stakes(action, said)
        if not stakes:
            return False
        self._armed = moment
        # the part a player must read first comes first: the prompt's box can be short
        self.prompt_pane.message = Text("Press again to go ahead: ", style="bold yellow")
        self.prompt_pane.message.append_text(plain(stakes, style="yellow"))
        self.prompt_pane.message.append(" (O: never ask)", style="dim")
        self.draw_prompt(self.session.view(), self.session.legal())
        return True

    def _stakes(self, action: Action, said: str) -> str:
        """What to say before ``action`` goes ahead ("..., spends FR1 and rolls on the
        Harassment Table column +5."), or "" when it needs no asking (or O turned the
        asking off)."""
        if not self.settings.settings.ask_before_rolling:
            return ""
        at_stake = self.session.stakes(action)
        if not at_stake:
            return ""
        what = []
        if at_stake.spends:
            what.append(f"spends {', '.join(at_stake.spends)}")
        if at_stake.rolls:  # the odds panel shows the chances
            tables = [
                o.table + (f" column {o.column}" if o.column else "") for o in at_stake.odds if o.allowed
            ]
            what.append(f"rolls on the {' then '.join(tables)}" if tables else "rolls a die")
        return f"{said}, {' and '.join(what)}."

    def tell(self, text: str, *, error: bool = False) -> None:
        self.say(text, error=error)

    def action_ask_before_rolling(self) -> None:
        ask = not self.settings.settings.ask_before_rolling
        problem = self.settings.save(attrs.evolve(self.settings.settings, ask_before_rolling=ask))
        self._armed = None
        self.say(
            (
                "Rolls and spent chits are said first; the same key again goes ahead."
                if ask
                else "Rolls and spent chits now go ahead on the first key."
            )
            + (f" ({problem})" if problem else ""),
            error=bool(problem),
        )

    def _follow(self, action: Action) -> None:
        """Keep the cursor on the moving unit, so the next step starts from it."""
        h = active_hex(self.session.view())
        if h is not None:
            self.query_one(MapView).move_to(h)

    def after_change(self) -> None:
        s = self.session
        if s.record_problem and not self._problem_told:  # said once, loudly
            self._problem_told = True
            self.say(f"Warning: {s.record_problem}", error=True)
        elif self._problem_told and not s.record_problem:
            self._problem_told = False
            self.say("Saved again: every move is on disk, and the game goes on.")
        if s.state.outcome is not None:
            if not self._over_shown:
                self._over_shown = True
                over = GameOverScreen(self._result_text(), rematch=self.may_rematch)
                self.app.push_screen(over, self._after_game)
            return
        if (s.needs_handoff() or self._first_handoff) and not self._handoff_open:
            self._handoff_open = True
            d = s.state.to_act
            why = (
                "A new game: the first decision is yours."
                if self._first_handoff
                else "Your opponent has finished; it is your decision now."
            )
            self._first_handoff = False
            self.app.push_screen(HandoffScreen(SIDE[d], why), self._handed_over)
            return
        if (
            self.no_coup_turn is not None
            and s.my_move()
            and self._coup_asked(s.view())
            and s.view().turn == self.no_coup_turn
        ):
            self._decline_coup()  # D said so for this Game-Turn
            return
        if (
            s.computer_to_act()
            and s.drives_computer
            and self._computer_timer is None
            and self._thinking is None
        ):
            self._computer_timer = self.set_timer(
                0.001 if self._skipping else max(self.pace, 0.001), self._computer_tick
            )
        if s.my_move():
            self._skipping = False

    def redraw(self) -> None:
        super().redraw()
        self._draw_chat()
        both = self.session.everyone()
        if both is not None and self.all_there():  # a shared table's game is over: no secrets
            self.query_one(ChitPanel).show_everyone(*both)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(help_text(shared=self.session.shared)))

    def action_why(self) -> None:
        """The computer's last new plan and the others it weighed."""
        s = self.session
        self.app.push_screen(
            HelpScreen(why_text(s.last_thought(), s.viewer, over=s.state.outcome is not None))
        )

    # -- talk at a served table -----------------------------------------------
    def has_chat(self) -> bool:
        return getattr(self.session, "talk", None) is not None

    def talk_lines(self) -> list[ChatLine]:
        return list(getattr(self.session, "chat", []))

    def _talk_pane(self) -> TalkPane | None:
        return next(iter(self.query("#chat-pane").results(TalkPane)), None)

    def _draw_chat(self) -> None:
        pane = self._talk_pane()
        if pane is not None:
            on_tab = any(t.active == "chat" for t in self.query(TabbedContent))
            pane.show_talk(self.talk_lines(), tab_open=on_tab)

    @on(TalkHeard)
    def _heard(self, message: TalkHeard) -> None:
        last = message.line
        text = last.text if len(last.text) <= 60 else last.text[:57] + "..."
        self.prompt_pane.notice = join(
            (f"{last.name} ({last.role}): ", "bold cyan"), (text, "cyan"), ("   T answers", "dim")
        )
        self.draw_prompt(self.session.view(), self.session.legal())

    def action_talk(self) -> None:
        if not self.has_chat():
            self.say(
                "Talk is for tables served over SSH (plot serve); here the other player sits beside you.",
                error=True,
            )
            return
        self.action_tab("chat")
        who = getattr(self.session, "side", None)
        self.app.push_screen(TalkInput(SIDE[who] if who else "a spectator"), self._said)

    def _said(self, text: str | None) -> None:
        if text is None:  # Escape: nothing said
            return
        talk = getattr(self.session, "talk", None)  # a served table's chair: its talk
        try:
            if talk is not None:
                talk(text)
        except Exception as exc:  # the server's refusal (empty, too long, too fast)
            self.say(str(exc), error=True)
            return
        self.prompt_pane.notice = Text("")
        self._draw_chat()  # one's own line at once, whatever the others do

    def action_hide_watchers(self) -> None:
        pane = self._talk_pane()
        if pane is None:
            self.say("Talk is for tables served over SSH (plot serve).", error=True)
            return
        pane.hide_watchers = not pane.hide_watchers
        self._draw_chat()
        self.say(
            "Spectators' talk is hidden on your screen (H shows it again)."
            if pane.hide_watchers
            else "Spectators' talk is shown again."
        )

    def action_mute(self) -> None:
        pane = self._talk_pane()
        names = sorted({ln.name for ln in self.talk_lines()})
        if pane is None or not names:
            self.say("Nobody has said anything to mute.", error=True)
            return
        items = [(n, ("unmute " if n in pane.muted else "mute ") + clean(n)) for n in names]
        self.app.push_screen(ActionMenu("Mute or unmute, on your screen only", items), self._muted)

    def _muted(self, name: str | None) -> None:
        pane = self._talk_pane()
        if name is None or pane is None:
            return
        pane.muted ^= {name}
        self._draw_chat()
        self.say(f"{clean(name)} is {'muted' if name in pane.muted else 'heard again'} on your screen.")

    def cited_sources(self) -> list[str]:
        # what was just said (a refusal names its case) comes before the standing prompt
        return [*self.prompt_pane.notes(), *super().cited_sources()]

    def _retry_saving(self) -> None:
        s = self.session
        if s.unsaved and s.retry_saving() and not s.shared:
            self.redraw()  # a shared table's session tells every screen itself
            self.after_change()

    def changed_elsewhere(self) -> None:
        """Another screen at a shared table acted, or someone came or went."""
        if self.session.actions != self._said_at:
            self.prompt_pane.message = Text("")  # an answer to an earlier key ("not your move"): stale
        if self.is_attached and self.is_mounted:  # not mounted yet: on_mount draws it
            self.redraw()
            self.after_change()

    def _handed_over(self, _=None) -> None:
        self._handoff_open = False
        self.session.hand_over()
        self.prompt_pane.message = Text("")
        self.redraw()
        self.after_change()

    def _computer_tick(self) -> None:
        self._computer_timer = None
        self.prompt_pane.message = Text("")  # its rolls are news; the log tells the rest
        s = self.session
        if not isinstance(s, Session):  # a served table runs its computer itself
            return
        deadline = time.perf_counter() + FRAME_BUDGET
        while s.computer_to_act() and s.state.outcome is None:
            job = s.thought_job()
            if job is not None:  # a search: in a worker, keys still answered
                self._thinking = job
                self._think(job)
                break
            s.computer_step()
            if not self._skipping or time.perf_counter() > deadline:
                break
        h = active_hex(s.view())  # the map follows the computer's unit
        if h is not None and not self._skipping:
            for mapview in self.query(MapView):  # none while the screen is taken down
                mapview.keep_in_view(h)
        self.redraw()
        self.after_change()

    @work(exclusive=True, group="think")
    async def _think(self, job: Job) -> None:
        """Wait for a worker's search (plot_ai.pool) without holding the event loop."""
        try:
            answer = await asyncio.wrap_future(shared_pool().submit(job))
        except Exception:  # a worker that died: think here instead
            answer = None
        self._thinking = None
        if self.closing or not self.is_attached:
            return
        s = self.session
        if not isinstance(s, Session):
            return
        if answer is None or s.take_thought(job, answer) is None:
            if s.computer_to_act() and s.state.outcome is None and answer is None:
                s.computer_step()
        h = active_hex(s.view())
        if h is not None and not self._skipping:
            for mapview in self.query(MapView):
                mapview.keep_in_view(h)
        self.redraw()
        self.after_change()

    def _result_text(self) -> Text:
        o = self.session.state.outcome
        if o is None:
            return Text("The game goes on.")
        winner = WINNERS[o.winner]
        t = join(
            (winner[0].upper() + winner[1:], "bold"),
            f"\n\n{o.reason} ({o.case}).\n\n{counted(self.session.actions, 'action')} were played.",
        )
        if self.session.recorder is not None:
            path = str(self.session.recorder.path)
            t.append_text(
                join("\n\nSaved as ", (path, ""), "\n(watch it again: plot replay ", (path, ""), ")")
            )
        return t

    def _after_game(self, choice: str | None) -> None:
        if choice == "quit":
            self.app.exit()
        elif choice == "new":
            self.dismiss("new")
        else:
            self.redraw()
            if choice == "rematch":
                self.post_message(RematchAsked())

    @property
    def end_shown(self) -> bool:
        """Has the end of the game been put on the screen (GameOverScreen)?"""
        return self._over_shown

    def action_rematch(self) -> None:
        if self.may_rematch and self.session.state.outcome is not None:
            self.post_message(RematchAsked())
        else:
            self.say(
                "A rematch is asked for once the game is over (and not for a resumed game or a lesson).",
                error=True,
            )

    # -- key actions --------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Footer shows only the keys that do something now."""
        s = self.session
        if action == "skip":
            return s.computer_to_act() and s.drives_computer
        if action in ("menu", "act_here"):
            return s.my_move()
        if action == "undo":  # no one at a spectator's screen has moves to undo
            return bool(s.humans())
        return True

    def action_act_here(self) -> None:
        if not self.session.my_move():
            self.say(self._waiting(), error=True)
            return
        h = self.query_one(MapView).cursor
        v = self.session.view()
        here = actions_at(self.session.legal(), v, h)
        if len(here) == 1:
            self.do(here[0])
        elif here:
            self._menu(f"At {label(h)}", here)
        elif not (walks(self.rules, v, h) and self._walk(h)):
            self.say(refusal_at(self.rules, self.session, h), error=True)

    def _walk(self, h: int) -> bool:
        """A hex further than one step: walk the shortest legal way there, one step at a
        time (each its own action, so undo takes them back one by one). False, with
        nothing done, if there is no such way."""
        walk = self.session.walk_to(h)
        if not walk:
            return False
        uid = self.session.view().active
        for step in walk:
            if not self.session.my_move() or self.session.view().active != uid:
                break  # something stopped the move on the way
            self.do(Action(Verb.MOVE, hex=step))
            if active_hex(self.session.view()) != step:
                break  # refused: do() has said why
        return True

    def _waiting(self) -> str:
        v = self.session.view()
        if v.outcome is not None:
            return "The game is over."
        return f"It is the {SIDE[v.to_act]} player's move."

    def action_menu(self) -> None:
        legal = self.session.legal()
        if legal:
            self._menu(f"{counted(len(legal), 'legal action')}", legal)

    def _menu(self, title: str, actions: list[Action]) -> None:
        """The actions grouped by the unit they are about (the moving unit first, the
        phase's own last), each roll with its odds; typing narrows the list by unit, area,
        hex or verb, and a roll or a spent chit is confirmed in the list itself."""
        v = self.session.view()
        items = [
            MenuItem(
                a,
                self._line(v, a),
                group_of(self.rules, v, a),
                search_words(self.rules, v, a),
                ask=self._stakes(a, words(self.rules, v, a)),
            )
            for a in actions
        ]
        first = {item.group: -k for k, item in enumerate(reversed(items))}
        mover = group_of(self.rules, v, Action(Verb.END)) if v.active else None
        items.sort(key=lambda i: (i.group != mover, i.group == PHASE_GROUP, first[i.group]))
        self.app.push_screen(ActionMenu(title, items), self._picked)

    def _line(self, v: PlayerView, a: Action) -> str:
        """A menu's line for ``a``: its words and notation, and its odds if it rolls."""
        text = describe(self.rules, v, a)
        odds = self.session.odds(a) if a.verb in ROLLING else []
        return f"{text}   {odds[0].line()}" if odds else text

    def _picked(self, action: Action | None) -> None:
        if action is not None:
            self.do(action, asked=True)  # the list said what it does, if anything

    def action_number(self, n: int) -> None:
        if not self.session.my_move():
            self.say(self._waiting(), error=True)
            return
        chosen = self.prompt_pane.numbers.action(n, self.session.legal(), self.session.view())
        if chosen is not None:
            self.do(chosen)
        else:
            self.say(f"There is no choice {n} now. {prompt(self.rules, self.session.view())}", error=True)

    def action_fixed(self, key: str) -> None:
        """r, d, e, P: the same key for rolling, declining and ending at every moment;
        when it does nothing now, the engine says why, with its case (12.53 ...)."""
        if not self.session.my_move():
            self.say(self._waiting(), error=True)
            return
        legal = self.session.legal()
        chosen = fixed(legal).get(key)
        if chosen is not None and self._ask_before_interrogation(chosen):
            return
        if chosen is not None:
            self.do(chosen)
            return
        self.say(self._why_not_key(key), error=True)

    def _ask_before_interrogation(self, action: Action) -> bool:
        """Ending the Investigation Phase with units in the Interrogation Cell starts
        their interrogation (14.0) at once: the first P shows who is there, a second one
        goes on. True while waiting for the second."""
        v = self.session.view()
        if action.verb is not Verb.END_PHASE or v.phase is not Phase.INVESTIGATION:
            return False
        cell = [u.id for u in v.units if u.box is Box.INTERROGATION]
        moment = (v.turn, len(self.session.visible_log()))
        if not cell or self._cell_shown == moment:
            return False
        self._cell_shown = moment
        names = ", ".join(unit_name(self.rules, uid) for uid in cell)
        self.say(
            f"In the Interrogation Cell: {names}. Ending the phase interrogates them "
            "now (14.0). P again to end it; B shows the boxes."
        )
        return True

    def _why_not_key(self, key: str) -> str:
        v = self.session.view()
        for verb in sorted(FIXED[key], key=lambda verb: verb.value):
            why = self.session.why_not(Action(verb))
            # "not in this phase" (5.2) or "waiting for ..." says less than the prompt does
            if why and not why.endswith("(5.2)") and not why.startswith("waiting for"):
                return f"{KEY_NAMES[key]}: not now: {why}"
        return f"Nothing to {KEY_NAMES[key].lower()} now. {prompt(self.rules, v)}"

    def _may_skip_coups(self) -> bool:
        """D is for the Abwehr's human player, against the computer or another player.
        The SS then sees the question answered at once; it learns no more than the answer
        itself tells at the phase's end: no coup this Game-Turn."""
        return Player.ABWEHR in self.session.humans()

    @staticmethod
    def _coup_asked(v: PlayerView) -> bool:
        return bool(v.pending) and v.pending[-1].kind == DecisionKind.COUP

    def action_no_coup_this_turn(self) -> None:
        v = self.session.view()
        if not self._may_skip_coups():
            self.say(
                "D is for games against the computer: between two players the coup "
                "question stays after every phase (18.11).",
                error=True,
            )
            return
        if not (self.session.my_move() and self._coup_asked(v)):
            self.say("D answers the coup question (18.11); it is not asked now.", error=True)
            return
        self.no_coup_turn = v.turn
        self.prompt_pane.notice = Text(f"No coup asked again until Game-Turn {v.turn + 1}.", style="green")
        self._decline_coup()

    def _decline_coup(self) -> None:
        no = fixed(self.session.legal()).get("d")
        if no is not None and no.verb is Verb.NO_REVEAL:
            self.do(no, asked=True)

    def action_undo(self) -> None:
        if self.session.undo():
            self.prompt_pane.message = Text("Undone.", style="green")
            self._follow(Action(Verb.END))
            self.redraw()
        else:
            self.say(
                "Nothing to undo: a roll, a draw, a reveal or the other player's turn cannot be taken back.",
                error=True,
            )

    def action_pace(self, step: int) -> None:
        """Slower (+1) or faster (-1) computer moves, to follow them or to get on."""
        i = min(range(len(PACES)), key=lambda k: abs(PACES[k] - self.pace))
        self.pace = PACES[max(0, min(len(PACES) - 1, i + step))]
        # a notice, not a message: the computer's next move would wipe a message at once
        self.prompt_pane.notice = Text(
            f"The computer now waits {self.pace:.2f} s between its moves (- slower, + faster).", style="green"
        )
        self.draw_prompt(self.session.view(), self.session.legal())

    def action_skip(self) -> None:
        self._skipping = True
        if self._computer_timer is None:
            self.after_change()

    def action_target(self, step: int) -> None:
        """Tab: the next hex where the player can act; with a unit moving, its own
        neighbours first, then outwards (a harassment next door before a far Travel)."""
        mapview = self.query_one(MapView)
        if not mapview.board.targets:
            self.say("No hex to act on: use the numbered choices or a.", error=True)
            return
        here = active_hex(self.session.view())

        def key(h: int) -> tuple[int, int, int]:
            near = distance(h, here) if here is not None else 0
            return (near, h % 100, h // 100)

        targets = sorted(mapview.board.targets, key=key)
        now = key(mapview.cursor)
        if step > 0:
            nxt = next((h for h in targets if key(h) > now), targets[0])
        else:
            nxt = next((h for h in reversed(targets) if key(h) < now), targets[-1])
        mapview.move_to(nxt)
