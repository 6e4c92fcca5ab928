"""The game screen: the map, the prompt with its keyed choices, and the side panels.

The screen decides nothing. Its keys go to its Controller (plot_session.controller),
which says what they do and what the player is told; it draws the snapshot of its
table the controller hands it, once per version of the table, whoever changed it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.binding import BindingType
from textual.widget import Widget
from textual.widgets import Static

from plot_core import Action, PlayerView, Rules
from plot_core.engine import Odds
from plot_core.english import counted
from plot_core.hexgrid import Hex, label
from plot_record import ChatLine
from plot_session.choices import active_hex, decision_of
from plot_session.controller import Controller, Said
from plot_session.session import LogLine
from plot_session.settings import SettingsFile
from plot_session.table import Changed

from .action_list import action_search, menu_items
from .board_screen import BoardScreen
from .command_finder import Search
from .game_keys import GAME_KEYS
from .mapview import MapView
from .messages import ChoicePicked, RematchAsked, TalkHeard
from .odds_view import OddsFinder, odds_lines, show_odds
from .plain import plain
from .prompt import PromptPane, size_hint, under_the_map
from .screens import ActionMenu, GameOverScreen, HandoffScreen, HelpScreen, help_text, result_text
from .talk import TalkKeys
from .why import why_text

SAVE_RETRY = 2.0  # seconds between tries to write what the disk refused
# However much is said under the map, it keeps MAP_LEAST rows (five rows of hexes and
# its scroll bar at 80x24), and the prompt leaves the odds at least ODDS_LEAST (their
# border, title and chances, wrapped under the map at 80 columns), or as many as their
# shortest form takes: the odds give way before the prompt does.
MAP_LEAST, ODDS_LEAST = 6, 5


class GameScreen(BoardScreen):
    BINDINGS: ClassVar[list[BindingType]] = GAME_KEYS
    practice = False  # a lesson or a puzzle: not saved, and its help says so

    def __init__(self, controller: Controller, rules: Rules, settings: SettingsFile | None = None) -> None:
        super().__init__(rules, settings)
        self.controller = controller
        self.shot = controller.snapshot()  # what is drawn: the table at one version
        # made here, not in compose: what opens the screen may leave a notice on it first
        self.prompt_pane = PromptPane(rules.cases, id="prompt")
        self.odds = OddsFinder(controller, rules)
        self.talk = TalkKeys(self)
        self._drawn = -1  # the table's version last drawn
        self._draw_asked = False
        self._said_at = -1  # the action count when the message was said
        self.end_shown = False  # the game's end has been put on the screen
        self._handoff_open = False
        self._followed = False  # the map followed the other side's unit since the player's move
        self._decision: tuple[object, ...] | None = None  # the last decision of this player's drawn
        self._odds_kept = ODDS_LEAST  # rows the prompt leaves the odds under the map
        self._unsubscribe = lambda: None
        self.may_rematch = False  # R at the end: the app says if, and answers RematchAsked
        # quitting leaves this screen for the list it was opened from (the game is kept),
        # not the program: a guided game chosen among the lessons
        self.quit_goes_back = False

    def map_start(self) -> Hex | None:
        """A unit in the middle of its move (a game resumed, a puzzle set there): the map
        opens on it, where the next step starts."""
        h = active_hex(self.controller.snapshot().view)
        return h if h is not None else super().map_start()

    def on_mount(self) -> None:
        if self.closing or not self.query(MapView):  # dismissed before it was mounted
            return
        self.prompt_pane.size_hint = size_hint(self.app.size.width, self.app.size.height)
        self.prompt_pane.most_rows = lambda: self.map_column_rows() - MAP_LEAST - self._odds_kept
        self.query_one(MapView).focus()
        self.set_interval(SAVE_RETRY, self._retry_saving)
        self._unsubscribe = self.controller.table.subscribe(self._changed)
        self.catch_up()
        self.controller.table.start()  # the computer moves if it is to act

    def on_unmount(self) -> None:
        self._unsubscribe()
        if self.controller.local:  # the game at this keyboard is left: its computer stops
            self.controller.table.close()

    # -- drawing: once per version of the table -----------------------------------------
    def _changed(self, _change: Changed) -> None:
        if not self._draw_asked:  # one draw catches up with any number of versions
            self._draw_asked = True
            self.call_later(self.catch_up)

    def catch_up(self) -> None:
        """Draw the table's latest version, if it is not drawn yet (the screen does so
        after every change; a reader that cannot wait, such as a test, calls it too)."""
        self._draw_asked = False
        if not self.is_attached or self.closing or not self.query(MapView):
            return  # (being built or taken down, as the player left: nothing to draw on)
        shot = self.controller.snapshot()
        if shot.version != self._drawn:
            if shot.actions != self._said_at:  # an answer to an earlier key: stale now
                self.prompt_pane.message = Text("")
            self.shot, self._drawn = shot, shot.version
            self.query_one(MapView).show_way(())  # a walk said before this is stale
            self.redraw()
        self.after_change()

    def shown_view(self) -> PlayerView:
        return self.shot.view

    def shown_overlays(self):
        return self.shot.overlays

    def shown_log(self) -> list[LogLine]:
        return list(self.shot.log)

    def shown_legal(self) -> list[Action]:
        return list(self.shot.legal)

    def shown_everyone(self) -> tuple[PlayerView, PlayerView] | None:
        # a shared table's game is over: every screen shows both hands (one keyboard's
        # game-over screen shows its own way)
        return None if self.controller.local else self.shot.everyone

    def has_chat(self) -> bool:
        return self.controller.talk is not None

    def talk_lines(self) -> list[ChatLine]:
        return list(self.shot.chat)

    def prompt_widget(self) -> Widget:
        return self.prompt_pane

    def on_resize(self, event) -> None:
        if self.prompt_pane.size_hint:  # grown since: the hint has done its work
            self.prompt_pane.size_hint = size_hint(event.size.width, event.size.height)
        self.call_after_refresh(self.draw_odds)  # fitted again beside the prompt's new height

    def draw_prompt(self, v: PlayerView, legal: list[Action]) -> None:
        streets = self.controller.streets_change()
        if streets:  # said where the player looks, until their next action
            self.prompt_pane.streets_note = streets
        shown = self._odds_here()
        self._odds_kept = self._odds_least(shown)  # (before the prompt: it leaves them these)
        self.prompt_pane.show(
            self.controller.asking(),
            status=plain(self.controller.note(), style="yellow"),  # it names players
            coach=self.coach_text(v),
        )
        self._show_odds(shown)

    def draw_odds(self) -> None:
        """The odds of the roll at the cursor, or of the roll a key would make now."""
        shown = self._odds_here()
        least = self._odds_least(shown)
        if least > self._odds_kept:  # (longer odds at the cursor: the prompt makes room)
            self._odds_kept = least
            self.prompt_pane.refit()
        self._show_odds(shown)

    def _show_odds(self, shown: list[Odds]) -> None:
        """``shown`` in the rows the prompt has left the odds under the map."""
        panel = self.by_id("odds")
        if isinstance(panel, Static):
            show_odds(
                panel,
                shown,
                self.rules.cases,
                fallback_width=self._under_the_map(),
                most_rows=self.map_column_rows() - MAP_LEAST - self.prompt_pane.rows,
            )

    def _odds_here(self) -> list[Odds]:
        maps = self.query(MapView)
        return self.odds.at(self.shot, maps.first().cursor) if maps else []  # (none: being taken down)

    def _odds_least(self, shown: list[Odds]) -> int:
        """Rows the odds take at their shortest (their border, title and chances)."""
        if not shown:
            return ODDS_LEAST
        return max(ODDS_LEAST, 1 + odds_lines(shown[0], self._under_the_map(), 1))

    def _under_the_map(self) -> int:
        """The odds' width: the prompt's, in the same column with the same padding, while
        the odds are hidden and have none."""
        panel = self.by_id("odds")
        width = panel.content_size.width if panel is not None else 0
        return width or self.prompt_pane.content_size.width or under_the_map(self.app.size.width)

    def table_in_play(self) -> str | None:
        shown = self._odds_here()
        return shown[0].table if shown else None

    def cursor_moved(self, h: Hex) -> None:
        super().cursor_moved(h)
        self.draw_odds()

    def coach_text(self, v: PlayerView) -> str:
        """A coach's line under the prompt (a guided game's screen has one)."""
        return ""

    def cited_sources(self) -> list[str]:
        # what was just said (a refusal names its case) comes before the standing prompt
        return [*self.prompt_pane.notes(), *super().cited_sources()]

    # -- what the player is told ----------------------------------------------------------
    def tell(self, text: str, *, error: bool = False) -> None:
        """Say ``text`` where the screen answers a key: the prompt's message line."""
        self.prompt_pane.answer(text, error=error)
        self._said_at = self.shot.actions
        self.draw_prompt(self.shot.view, list(self.shot.legal))

    def show_notice(self, notice: Text) -> None:
        """A standing line under the prompt (said until the player's next action)."""
        self.prompt_pane.notice = notice
        self.refresh_prompt()

    def refresh_prompt(self) -> None:
        """The prompt drawn again with no change at the table (a clock that runs on)."""
        if self.is_attached:
            self.draw_prompt(self.shot.view, list(self.shot.legal))

    def answered(self, said: Said) -> None:
        """What a key did: said at once if it changed nothing (a refusal, a roll said
        first); else with the table's next version, where the cursor follows the unit."""
        self.query_one(MapView).show_way(said.path)  # a walk said first shows its way
        text = f"{said.text}: Enter again to go." if said.path else said.text
        if said.armed:  # the part a player must read first comes first: a short box
            self.prompt_pane.ask_again(text, never_ask=not said.unseen)
            self.refresh_prompt()
        elif said.error or self.controller.snapshot().version == self._drawn:
            self.tell(text, error=said.error)
        else:
            self.prompt_pane.acted(text)
            self._said_at = self.controller.snapshot().actions
            h = active_hex(self.controller.snapshot().view)
            if h is not None:  # the next step starts from the moving unit
                self.query_one(MapView).move_to(h)

    def act(self, action: Action, asked: bool = False) -> None:
        self.answered(self.controller.press(action, asked=asked))

    def commands(self) -> Search:
        """What ctrl+p finds: the legal actions (the palette asks first where it must)."""
        return action_search(self.controller, self.rules, self.shot, self.act)

    def after_change(self) -> None:
        """What a new version may call for: a word on saving, or a dialog."""
        c, shot = self.controller, self.shot
        saving = c.saving_news()
        if saving is not None:
            self.tell(saving.text, error=saving.error)
        if shot.over:
            if not self.end_shown:
                self.end_shown = True
                said = result_text(self.shot.view.outcome, self.shot.actions, self.controller.record_path)
                over = GameOverScreen(said, rematch=self.may_rematch)
                self.app.push_screen(over, self._after_game)
            return
        if c.needs_handoff() and not self._handoff_open:
            self._handoff_open = True
            self.app.push_screen(HandoffScreen(*c.handoff_words()), self._handed_over)
            return
        h = active_hex(shot.view)
        if h is not None and not shot.my_move and not c.table.skipping:
            for mapview in self.query(MapView):  # the map follows the other side's unit
                mapview.keep_in_view(h)
            self._followed = True
        elif shot.my_move and self._followed:
            # back to the player: the map comes back to the cursor, which the hex panel names
            self._followed = False
            for mapview in self.query(MapView):
                mapview.keep_in_view(mapview.cursor)
        decision = decision_of(shot.view)
        if shot.my_move and decision != self._decision:
            first, self._decision = self._decision is None, decision
            for mapview in self.query(MapView):
                # through the map's queue: after its own scroll back from the other side
                mapview.call_after_refresh(self._to_the_targets, mapview, decision, first)

    def _to_the_targets(self, mapview: MapView, decision: tuple[object, ...], first: bool) -> None:
        shot = self.shot
        if shot.my_move and decision_of(shot.view) == decision:  # (not a later one)
            mapview.to_the_targets(active_hex(shot.view), first=first)

    def _handed_over(self, _=None) -> None:
        self._handoff_open = False
        self.controller.hand_over()
        self.prompt_pane.message = Text("")
        self._drawn = -1  # other eyes: drawn afresh
        self.catch_up()

    def _retry_saving(self) -> None:
        session = self.controller.table.session
        if session.unsaved:
            session.retry_saving()  # once the disk takes it, the table tells every screen

    def _after_game(self, choice: str | None) -> None:
        if choice == "quit":
            if self.quit_goes_back:
                self.dismiss(None)
            else:
                self.app.exit()
        elif choice == "new":
            self.dismiss("new")
        elif choice == "rematch":
            self.post_message(RematchAsked())

    # -- keys ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Footer shows only the keys that do something now."""
        if not super().check_action(action, parameters):
            return False
        if action == "skip":
            return self.shot.computer_to_act and self.controller.local
        if action in ("menu", "act_here"):
            return self.shot.my_move
        if action == "undo":  # no one at a spectator's screen has moves to undo
            return not self.controller.spectator
        return True

    def on_key(self, event: events.Key) -> None:
        self.controller.heard()  # (before the key's binding acts)

    @on(ChoicePicked)
    async def _clicked(self, message: ChoicePicked) -> None:
        """A clicked choice does what its key does: the screen's own binding for it."""
        self.controller.heard()
        bound = self.active_bindings.get(message.key)
        if bound is not None and bound.node is self:
            await self.run_action(bound.binding.action)

    def action_act_here(self) -> None:
        h = self.query_one(MapView).cursor
        said = self.controller.at_hex(h)
        if isinstance(said, Said):
            self.answered(said)
        else:
            self._menu(f"At {label(h)}", said)

    def action_menu(self) -> None:
        legal = list(self.shot.legal)
        if legal:
            self._menu(counted(len(legal), "legal action"), legal)

    def _menu(self, title: str, actions: list[Action]) -> None:
        items = menu_items(self.controller, self.rules, self.shot.view, actions)
        self.app.push_screen(ActionMenu(title, items), self._picked)

    def _picked(self, action: Action | None) -> None:
        if action is not None:
            self.act(action, asked=True)  # the list said what it does, if anything

    def action_number(self, n: int) -> None:
        # a number the short prompt showed without its words is said before it acts
        self.answered(self.controller.number(n, labelled=not self.prompt_pane.keys_alone))

    def action_fixed(self, key: str) -> None:
        self.answered(self.controller.key(key))

    def action_no_coup_this_turn(self) -> None:
        self._standing(self.controller.no_coup_this_turn())

    def action_undo(self) -> None:
        self.answered(self.controller.undo())

    def action_ask_before_rolling(self) -> None:
        said = self.controller.toggle_asking()
        self.tell(said.text, error=said.error)

    def action_pace(self, step: int) -> None:
        self._standing(self.controller.pace_step(step))

    def _standing(self, said: Said) -> None:
        """A setting's answer: a notice, not a message (the computer's next move would
        wipe a message at once); a refusal as any other."""
        if said.error:
            self.tell(said.text, error=True)
        else:
            self.show_notice(Text(said.text, style="green"))

    def action_skip(self) -> None:
        said = self.controller.skip()
        if said.text:
            self.tell(said.text, error=said.error)

    def action_target(self, step: int) -> None:
        """Tab: the next hex where the player can act; with a unit moving, its own
        neighbours first, then outwards (a harassment next door before a far Travel)."""
        if not self.query_one(MapView).next_target(step, active_hex(self.shot.view)):
            self.tell("No hex to act on: use the numbered choices or a.", error=True)

    def action_rematch(self) -> None:
        if self.may_rematch and self.shot.over:
            self.post_message(RematchAsked())
        else:
            self.tell(
                "A rematch is asked for once the game is over (and not for a resumed game or a lesson).",
                error=True,
            )

    def action_talk(self, what: str) -> None:
        """T, H, M: talk, hide the spectators' talk, mute someone (talk.py)."""
        {"talk": self.talk.talk, "hide": self.talk.hide_watchers, "mute": self.talk.mute}[what]()

    @on(TalkHeard)
    def _heard(self, message: TalkHeard) -> None:
        self.talk.heard(message.line)

    def action_help(self) -> None:
        shared = not self.controller.local
        self.app.push_screen(HelpScreen(help_text(shared=shared, practice=self.practice)))

    def action_why(self) -> None:
        """The computer's last new plan and the others it weighed."""
        shot = self.shot
        said = why_text(shot.last_thought, shot.eyes, over=shot.over, earlier=shot.its_turn[:-1])
        self.app.push_screen(HelpScreen(said))
