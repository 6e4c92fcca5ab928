"""Talk in a record and notes beside it: the account says both where they
belong (talk can be left out), notes round-trip without touching the record, and the
replay viewer shows talk at its moment and notes at their position."""

from __future__ import annotations

import json

import pytest

from plot_cli.main import main
from plot_record import ChatLine, load_record
from plot_record.export import text_account
from plot_record.format import RecordError
from plot_record.notes import Note, load_notes, new_note, notes_path, save_notes
from plot_session.replay import Replay
from plot_tui.app import PlotApp
from plot_tui.replay_screen import ReplayScreen

from .helpers import recorded_game

SAID = ChatLine(5, "2026-11-23T21:40:05Z", "alice", "SS", "\x1b[2Jgood luck [b]x[/b]")


@pytest.fixture
def talked(tmp_path, rules):
    """A finished game with a line said after action 5."""
    path = tmp_path / "g.plot.jsonl"
    session, _ = recorded_game(path, rules, 3, limit=30)
    session.say(SAID)
    while session.state.outcome is None:
        session.computer_step()
    return path


def test_the_account_puts_talk_after_its_action_and_can_leave_it_out(talked, rules):
    record = load_record(talked, rules)
    lines = list(text_account(record))
    at = next(k for k, ln in enumerate(lines) if ln.strip().startswith("» alice"))
    assert lines[at].strip() == "» alice (SS, 21:40): \x1b[2Jgood luck [b]x[/b]"
    before = [ln for ln in lines[:at] if ln[:7].strip().isdigit()]
    assert int(before[-1].split()[0]) == 5  # right after action 5
    assert not any("good luck" in ln for ln in text_account(record, chat=False))


def test_plot_export_shows_talk_as_text_and_no_chat_leaves_it_out(talked, capsys):
    assert main(["export", str(talked)]) == 0
    out = capsys.readouterr().out
    assert "good luck" in out and "\x1b" not in out and "\\x1b[2J" in out  # no escapes
    assert main(["export", str(talked), "--no-chat"]) == 0
    assert "good luck" not in capsys.readouterr().out


def test_notes_round_trip_beside_the_record_which_never_changes(talked, rules, capsys):
    record = load_record(talked, rules)
    before = talked.read_bytes()
    notes = [Note(0, "2026-11-23T22:00:00Z", "a quiet start"), new_note(12, "  too early  ")]
    save_notes(talked, record.header.game, notes)
    assert notes_path(talked).name == "g.plot.notes.json"
    again = load_notes(talked, record.header.game)
    assert again == notes and again[1].text == "too early"
    assert talked.read_bytes() == before
    assert main(["export", str(talked)]) == 0
    out = capsys.readouterr().out
    assert "Note: a quiet start" in out and "Note: too early" in out
    with pytest.raises(RecordError, match="about game"):
        load_notes(talked, "someother")
    notes_path(talked).write_text(
        json.dumps(
            {
                "format": "plot-notes",
                "version": 1,
                "game": record.header.game,
                "notes": [{"at": -1, "time": "t", "text": "x"}],
            }
        )
    )
    with pytest.raises(RecordError, match="note 1 must give at"):
        load_notes(talked, record.header.game)
    with pytest.raises(ValueError, match="empty"):
        new_note(3, "   ")
    with pytest.raises(ValueError, match=r"U\+202E \(right-to-left override\)"):
        new_note(3, "move\u202e9141")


@pytest.mark.asyncio
async def test_the_viewer_shows_talk_at_its_moment_and_takes_notes_by_keys(talked, rules):
    app = PlotApp(rules, replay=Replay(load_record(talked, rules)))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for _ in range(5):
            await pilot.press("full_stop")
        await pilot.pause()
        prompt = str(screen.query_one("#prompt").render())
        assert "alice (SS): \\x1b[2Jgood luck [b]x[/b]" in prompt  # said here, as text
        await pilot.press("full_stop")
        await pilot.pause()
        assert "good luck" not in str(screen.query_one("#prompt").render())
        await pilot.press("N")
        await pilot.pause()
        box = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "enter: keep the note" in box and "send" not in box  # a note is kept, not sent
        await pilot.press(*"the turning point", "enter")
        await pilot.pause()
        assert "Noted" in str(screen.query_one("#prompt").render())
        assert "Note: the turning point" in str(screen.query_one("#prompt").render())
        await pilot.press("home", "L")
        await pilot.pause()
        narrow = app.screen.query_one("#narrow")
        assert narrow.placeholder == "type to narrow: a word of a note"  # not the actions' list's
        await pilot.press("enter")  # the one note: jump there
        await pilot.pause()
        assert screen.replay.i == 6
    record = load_record(talked, rules)
    assert [(n.at, n.text) for n in load_notes(talked, record.header.game)] == [(6, "the turning point")]
