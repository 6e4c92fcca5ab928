"""Text from outside (talk, notes, names, a record's plan words) is text wherever it is
shown: never read as markup by any widget. Rather than list the widgets that take
strings, the two places every markup string is read (Textual's and Rich's) are watched
while screens show hostile text from every source; one read of it fails the test,
whichever widget, list, title or notice it came through."""

from __future__ import annotations

import pytest

from plot_core import Player
from plot_record import ChatLine, PlanLine, ThinkLine, load_record
from plot_record.notes import Note, save_notes
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub
from plot_session.replay import Replay
from plot_session.session import Seat
from plot_tui.app import PlotApp

from .test_talk import GuestApp, screen_of

pytestmark = pytest.mark.asyncio

EVIL = ("[@click=app.bell]EVIL[/]", "[/b]EVIL[b]", "EVIL[link=file:///etc]x[/link]", "EVIL\x1b[2J\u202e")


@pytest.fixture
def no_markup_from_outside(monkeypatch):
    import rich.markup
    import textual.markup

    read: list[str] = []

    def watched(original):
        def parse(markup, *args, **kwargs):
            if isinstance(markup, str) and "EVIL" in markup:
                read.append(markup)
                raise AssertionError(f"outside text read as markup: {markup!r}")
            return original(markup, *args, **kwargs)

        return parse

    monkeypatch.setattr(textual.markup, "to_content", watched(textual.markup.to_content))
    monkeypatch.setattr(rich.markup, "render", watched(rich.markup.render))
    return read


async def test_talk_names_and_the_mute_list_at_a_served_table(rules, tmp_path, no_markup_from_outside):
    hub = Hub(rules, tmp_path / "server", later=lambda delay, cb: None)
    alice = Account("k-alice", "alice")
    t = hub.create(alice, Player.SS, opponent=Seat.HUMAN, seed=7)
    seat = hub.sit(t.id, alice, codes=CodeLimit(5))
    bob = hub.sit(t.id, Account("k-bob", "bob"), code=t.code, codes=CodeLimit(5))
    carol = hub.watch(t.id, Account("k-carol", "[b]EVIL[/b]carol"))
    app = GuestApp(seat)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = screen_of(app)
        for line in EVIL[:3]:  # (the last is refused: test_chat)
            hub.say(bob, line)
            hub.say(carol, line)
        await pilot.press("T")  # the Chat tab, and a line to say
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        chat = " ".join(screen.query_one("#chat-pane").shown_text().split())
        assert "[b]EVIL[/b]carol (watching): [@click=app.bell]EVIL[/]" in chat
        await pilot.press("M")  # the mute list: who spoke
        await pilot.pause()
        options = app.screen.query_one("OptionList")
        names = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert "mute [b]EVIL[/b]carol" in names
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.press("H", "H")
        await pilot.pause()
    assert not no_markup_from_outside


async def test_notes_talk_and_plans_in_the_replay_viewer(rules, tmp_path, no_markup_from_outside):
    from record.helpers import recorded_game

    path = tmp_path / "g.plot.jsonl"
    session, _ = recorded_game(path, rules, 3, limit=12)
    for n, line in enumerate(EVIL):
        session.say(ChatLine(session.actions, "2026-11-23T21:40:05Z", f"bob{n}", "SS", line))
    session._keep_thought(
        ThinkLine(
            session.actions,
            session.state.to_act or Player.SS,
            "expert",
            10,
            0.5,
            tuple(PlanLine(e, 0.5, 5, False, e) for e in EVIL[:3]),
        )
    )
    while session.state.outcome is None:
        session.computer_step()
    record = load_record(path, rules)
    # a notes file from someone else holds anything: new_note would refuse the last
    save_notes(path, record.header.game, [Note(k + 1, "2026-11-23T21:40:05Z", e) for k, e in enumerate(EVIL)])
    app = PlotApp(rules, replay=Replay(record))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(14):
            await pilot.press("full_stop")  # past the talk and the plans
        await pilot.pause()
        await pilot.press("W")  # why the computer moved
        await pilot.pause()
        await pilot.press("x")
        await pilot.press("home", "L")  # the notes list
        await pilot.pause()
        options = app.screen.query_one("OptionList")
        listed = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("[@click=app.bell]EVIL[/]" in ln for ln in listed), listed
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("g")  # the log
        await pilot.pause()
    assert not no_markup_from_outside


async def test_the_guard_itself_sees_markup_read_from_outside_text(no_markup_from_outside):
    """The watch works: a widget given outside text as a plain string is caught."""
    from textual.app import App
    from textual.widgets import Static

    class Careless(App):
        def compose(self):
            yield Static(EVIL[1])

    with pytest.raises(AssertionError, match="outside text read as markup"):
        async with Careless().run_test() as pilot:
            await pilot.pause()
