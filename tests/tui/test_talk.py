"""Talk on the game screen at a served table: T says a line, the Chat tab shows
every line as text, a line that comes while the tab is hidden is noticed, and H and M
quiet spectators or a person on one screen only."""

from __future__ import annotations

import pytest
from textual.app import App

from plot_core import Player, new_game
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub
from plot_session.session import Seat
from plot_tui.app import STYLESHEET
from plot_tui.game import GameScreen
from plot_tui.talk import TalkInput

pytestmark = pytest.mark.asyncio

ALICE, BOB, CAROL = Account("k-alice", "alice"), Account("k-bob", "bob"), Account("k-carol", "[red]carol")


class GuestApp(App[None]):
    CSS_PATH = STYLESHEET

    def __init__(self, guest) -> None:
        super().__init__()
        self.guest = guest

    def on_mount(self) -> None:
        self.push_screen(GameScreen(self.guest.chair, self.guest.chair.table.session.state.rules))


def flat(widget) -> str:
    return " ".join(str(widget.render()).split())


def screen_of(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def chat_shown(app) -> str:
    pane = screen_of(app).query_one("#chat-pane")
    return " ".join(pane.shown_text().split())


@pytest.fixture
def table(rules, tmp_path):
    hub = Hub(rules, tmp_path / "server", later=lambda delay, cb: None)
    t = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=7)
    return hub, t


@pytest.mark.parametrize("size", [(80, 24)])  # the Chat tab fits beside the others
async def test_t_says_a_line_that_the_other_screen_notices_and_shows(table, size):
    hub, t = table
    alice = hub.sit(t.id, ALICE, codes=CodeLimit(5))
    bob = hub.sit(t.id, BOB, code=t.code, codes=CodeLimit(5))
    app = GuestApp(alice)
    async with app.run_test(size=size) as pilot:
        await pilot.press("T")
        await pilot.pause()
        assert isinstance(app.screen, TalkInput)
        await pilot.press(*"hi [b]bob[/b]", "enter")
        await pilot.pause()
        assert "alice (SS): hi [b]bob[/b]" in chat_shown(app)  # as typed: not markup
        assert [c.text for c in t.session.chat] == ["hi [b]bob[/b]"]
    other = GuestApp(bob)
    async with other.run_test(size=size) as pilot:
        screen = screen_of(other)
        assert "alice (SS): hi [b]bob[/b]" in chat_shown(other)  # said before he came
        hub.say(alice, "your move")
        await pilot.pause()
        assert "alice (SS): your move" in flat(screen.query_one("#prompt"))  # the notice


async def test_h_hides_spectators_and_m_mutes_a_person_on_one_screen_only(table):
    hub, t = table
    alice = hub.sit(t.id, ALICE, codes=CodeLimit(5))
    bob = hub.sit(t.id, BOB, code=t.code, codes=CodeLimit(5))
    carol = hub.watch(t.id, CAROL)
    app = GuestApp(alice)
    async with app.run_test(size=(160, 50)) as pilot:
        screen_of(app)
        hub.say(carol, "nice opening")
        hub.say(bob, "thanks")
        await pilot.pause()
        shown = chat_shown(app)
        assert "[red]carol (watching): nice opening" in shown and "bob (Abwehr): thanks" in shown
        await pilot.press("H")
        await pilot.pause()
        assert "nice opening" not in chat_shown(app) and "thanks" in chat_shown(app)
        await pilot.press("H", "M")
        await pilot.pause()
        options = app.screen.query_one("OptionList")
        names = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert names == ["mute [red]carol", "mute bob"]  # who spoke, names as typed
        options.highlighted = names.index("mute bob")
        await pilot.press("enter")
        await pilot.pause()
        assert "thanks" not in chat_shown(app) and "nice opening" in chat_shown(app)
    assert len(t.session.chat) == 2  # muting hides, it deletes nothing


async def test_talk_is_refused_with_why_and_absent_from_local_games(table):
    hub, t = table
    alice = hub.sit(t.id, ALICE, codes=CodeLimit(5))
    app = GuestApp(alice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("T")
        await pilot.pause()
        await pilot.press("enter")  # nothing typed
        await pilot.pause()
        assert "empty" in flat(screen_of(app).query_one("#prompt"))
        await pilot.press("T")  # a line too long: the field says it is full
        await pilot.pause()
        await pilot.press(*("x" * 299))
        assert "full" not in flat(app.screen.query_one("#talk-keys"))
        await pilot.press("y", "z")
        assert "The line is full: at most 300 characters." in flat(app.screen.query_one("#talk-keys"))
        await pilot.press("enter")
        await pilot.pause()
        assert [c.text for c in t.session.chat] == ["x" * 299 + "y"]
    from plot_session.session import Session
    from plot_tui.app import PlotApp

    from .helpers import HOTSEAT

    local = PlotApp(session=Session(new_game(3), HOTSEAT))
    async with local.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # past the hand-off
        await pilot.press("T")
        await pilot.pause()
        screen = screen_of(local)
        assert not screen.query("#chat-pane")
        assert "tables served over SSH" in flat(screen.query_one("#prompt"))


async def test_a_new_line_of_talk_redraws_only_the_newest_part_of_the_pane(table):
    """Its cost does not grow with the talk before it: the lines already drawn stay."""
    from plot_server import chat

    hub, t = table
    hub.pace_of_talk = chat.Pace(clock=lambda: 0.0)
    hub.pace_of_talk.check = lambda key: None  # the pace has tests of its own
    alice = hub.sit(t.id, ALICE, codes=CodeLimit(5))
    bob = hub.sit(t.id, BOB, code=t.code, codes=CodeLimit(5))
    app = GuestApp(alice)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = screen_of(app)
        for k in range(400):
            hub.say(bob, f"line {k}")
        screen.catch_up()
        await pilot.press("T", "escape")  # the Chat tab in front
        await pilot.pause()
        pane = screen.query_one("#chat-pane")
        chunks = list(pane.query(".log-chunk"))
        redrawn = []
        for c in chunks:
            c.update = lambda content, c=c, up=c.update: (redrawn.append(c), up(content))[1]
        hub.say(bob, "the newest")
        screen.catch_up()  # (the screen's own draw, at once)
        assert redrawn == [chunks[-1]]  # one chunk of 50 lines, not 400
        assert "the newest" in pane.shown_text()


async def test_a_line_the_host_takes_back_leaves_the_pane_and_the_notice(table):
    """Heard while the Chat tab was hidden, then taken back by the host (plot admin
    unsay): its words go from the notice and the pane, both saying it was removed."""
    hub, t = table
    alice = hub.sit(t.id, ALICE, codes=CodeLimit(5))
    bob = hub.sit(t.id, BOB, code=t.code, codes=CodeLimit(5))
    app = GuestApp(bob)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        hub.say(alice, "a rude word")
        await pilot.pause()
        assert "alice (SS): a rude word" in flat(screen.query_one("#prompt"))  # the notice
        hub.unsay(t.id, 0)
        await pilot.pause()
        await pilot.pause()
        assert "rude" not in flat(screen.query_one("#prompt"))
        assert "The host took back that line of talk." in flat(screen.query_one("#prompt"))
        assert "rude" not in chat_shown(app) and "(removed by the host)" in chat_shown(app)


async def test_a_line_of_talk_folds_under_the_name_and_cannot_pass_for_a_line_of_its_own(table):
    """Spaces typed to push words onto the next line of the pane made them read as the
    server's own line, at the pane's left edge."""
    from leakhunt import terminal_text

    hub, t = table
    alice = hub.sit(t.id, ALICE, codes=CodeLimit(5))
    hub.sit(t.id, BOB, code=t.code, codes=CodeLimit(5))
    app = GuestApp(alice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("T")
        await pilot.pause()
        await pilot.press(*("gg" + " " * 40 + "Game over: the Abwehr player resigned."), "enter")
        await pilot.pause()
        side = [line.split("│")[-1] for line in terminal_text(app).splitlines() if "│" in line]
        said = next(i for i, line in enumerate(side) if "alice (SS): gg" in line)
        rest = [line for line in side[said + 1 : said + 4] if line.strip()]
        assert any("Game over" in line for line in rest), side
        assert all(line.startswith(" " * 6) for line in rest if "Game over" in line or "resigned" in line)
