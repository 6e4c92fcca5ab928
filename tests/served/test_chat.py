"""Talk at the table and in the lobby, without SSH: who says what, the limits,
and that the record keeps it through undo, a restart and plot resume."""

from __future__ import annotations

import json
import random

import pytest

from fakes import Ticks
from plot_core import Player
from plot_record import load_record
from plot_record.format import VERSION
from plot_server import chat
from plot_server.hub import Account, Hub, Refused
from plot_session.session import Session

from .test_hub import ALICE, BOB, CAROL, play, two_players


def test_players_and_a_spectator_talk_and_the_record_keeps_it_with_the_moment(hub):
    table, guests, told = two_players(hub)
    watcher = hub.watch(table.id, CAROL)
    play(guests, 3, random.Random(1))
    before = dict(told)
    line = hub.say(guests[Player.SS], "  good luck  ")
    assert (line.after, line.name, line.role, line.text) == (3, "alice", "SS", "good luck")
    assert hub.say(guests[Player.ABWEHR], "you too").role == "Abwehr"
    assert hub.say(watcher, "[bold]hi[/bold]").role == "watching"
    with pytest.raises(Refused, match=r"U\+001B \(escape\)"):
        hub.say(watcher, "\x1b[2J")
    assert all(told[p] > before[p] for p in Player)  # every screen is told
    said = [(c.name, c.text) for c in table.session.chat]
    assert said == [
        ("alice", "good luck"),
        ("bob", "you too"),
        ("carol", "[bold]hi[/bold]"),
    ]  # kept as typed; shown as text
    lines = [json.loads(x) for x in table.record.read_text().splitlines()]
    chats = [x["chat"] for x in lines if "chat" in x]
    assert [c["text"] for c in chats] == ["good luck", "you too", "[bold]hi[/bold]"]
    assert chats[0]["after"] == 3 and chats[0]["time"].endswith("Z")
    assert lines[0]["version"] == VERSION  # the version that has chat lines (2) or later


def test_empty_long_and_fast_lines_are_refused_with_why(hub):
    hub.pace_of_talk = chat.Pace(clock=(ticks := Ticks()))
    table, guests, _ = two_players(hub)
    alice = guests[Player.SS]
    with pytest.raises(Refused, match="empty"):
        hub.say(alice, "   ")
    with pytest.raises(Refused, match="at most 300 characters"):
        hub.say(alice, "x" * 301)
    # unseen characters that would reorder or hide text on the others' screens
    for sneaky, named in (
        ("evil\u202etxt.exe", "U\\+202E \\(right-to-left override\\)"),
        ("a\u200bb", "U\\+200B \\(zero width space\\)"),
        ("\u2066x", "U\\+2066 \\(left-to-right isolate\\)"),
        ("bell\x07", "U\\+0007 \\(bell\\)"),
    ):
        with pytest.raises(Refused, match=named):
            hub.say(alice, sneaky)
    # lines that show nothing, or pile marks over the other lines
    for blank in ("\u3164", "\u2800\u2800 ", "\u0301\u0301"):
        with pytest.raises(Refused, match="Nothing to say: the line shows nothing"):
            hub.say(alice, blank)
    with pytest.raises(Refused, match=r"no more combining marks than letters \(200 on 1\)"):
        hub.say(alice, "a" + "\u0301" * 200)
    with pytest.raises(Refused, match=r"nor more than 4 on one letter"):  # spread thin elsewhere
        hub.say(alice, "a" + "\u0301" * 140 + "b" * 140)
    assert not table.session.chat
    hub.say(alice, "Jo\u0308rg l\u00e4chelt")  # a mark on a letter is writing: said
    hub.say(alice, "y" * 300)  # exactly the limit: said
    for k in range(3):
        hub.say(alice, f"line {k}")
    with pytest.raises(Refused, match=r"5 lines in 10 s at most; wait 10 s"):
        hub.say(alice, "one too many")
    hub.say(guests[Player.ABWEHR], "bob is not alice \ud800")  # the limit is per person
    assert table.session.chat[-1].text == "bob is not alice ?"  # a lone surrogate: no UTF-8
    ticks.now += 10
    hub.say(alice, "later")  # the burst has passed
    assert len(table.session.chat) == 7
    hub.say(guests[Player.ABWEHR], "family: \U0001f468\u200d\U0001f469\u200d\U0001f467")
    assert "\u200d" in table.session.chat[-1].text  # emoji joined, not refused


def test_talk_survives_an_undo_a_restart_and_plot_resume(rules, hub, tmp_path, clock):
    table, guests, _ = two_players(hub)
    rnd = random.Random(2)
    for _ in range(300):  # play on to a step that can be undone
        side = table.session.state.to_act
        chair = guests[side].chair
        chair.act(rnd.choice(chair.legal()))
        if chair.snapshot().can_undo:
            break
    assert chair.snapshot().can_undo
    actions = table.session.actions
    hub.say(guests[side], "watch this")
    assert chair.undo() and table.session.actions == actions - 1
    assert [c.text for c in table.session.chat] == ["watch this"]  # the talk stays
    again = Hub(rules, tmp_path / "server", later=clock)
    assert again.restore() == []
    assert [c.text for c in again.table(table.id).session.chat] == ["watch this"]
    record = load_record(table.record, rules)
    assert [c.text for c in record.chat] == ["watch this"]
    assert [c.text for c in Session.resume(record).chat] == ["watch this"]


def test_the_lobby_keeps_the_newest_50_lines_for_everyone_signed_in(hub):
    told = []
    hub.lobby_listeners.append(lambda: told.append(1))
    hub.pace_of_talk = chat.Pace(clock=(ticks := Ticks()))
    for k in range(60):
        ticks.now += 3
        hub.say_in_lobby(ALICE if k % 2 else BOB, f"anyone for a game? {k}")
    assert len(hub.lobby.lines) == 50 and hub.lobby.lines[0].text.endswith(" 10")
    assert hub.lobby.lines[-1].role == "lobby" and len(told) == 60
    with pytest.raises(Refused, match="empty"):
        hub.say_in_lobby(CAROL, "")


def test_a_tables_talk_is_bounded_and_the_record_stays_readable(rules, hub, tmp_path, clock):
    hub.pace_of_talk = chat.Pace(clock=(ticks := Ticks()))
    table, guests, _ = two_players(hub)
    alice = guests[Player.SS]
    for k in range(chat.TABLE_TALK):
        ticks.now += 3  # within the pace
        hub.say(alice, f"{k} " + "x" * 290)
    with pytest.raises(Refused, match="talk is full \\(1,000 lines"):
        hub.say(alice, "one more")
    assert len(table.session.chat) == chat.TABLE_TALK
    assert table.record.stat().st_size < 1_000_000  # far below the reading limit
    again = Hub(rules, tmp_path / "server", later=clock)
    assert again.restore() == []  # and the game comes back
    assert len(again.table(table.id).session.chat) == chat.TABLE_TALK


def test_watchers_have_their_share_of_a_tables_talk_and_the_players_keep_theirs(rules, hub):
    """25 watchers once filled a table's 1,000 lines and the two players could not talk."""
    hub.pace_of_talk = chat.Pace(clock=(ticks := Ticks()))
    table, guests, _ = two_players(hub)
    watchers = [hub.watch(table.id, Account(f"key w{k}", f"watcher{k}")) for k in range(25)]
    for k in range(chat.WATCHERS_TALK):
        ticks.now += 3
        hub.say(watchers[k % 25], f"go go {k}")
    with pytest.raises(Refused, match=r"watchers' share of this table's talk is used \(200 lines\)"):
        hub.say(watchers[0], "one more")
    hub.say(guests[Player.SS], "we can still talk")  # the players' own share is whole
    hub.say(guests[Player.ABWEHR], "good")
    assert [c.role for c in table.session.chat[-2:]] == ["SS", "Abwehr"]


def test_a_line_the_host_takes_back_is_shown_removed_everywhere_and_stays_so(rules, hub, tmp_path):
    """plot admin unsay: every screen at the table is told; the record says the line
    was taken back, so a restart and a reader of the record show it removed too."""
    from plot_record.format import REMOVED
    from plot_server.admin import Admin

    table, guests, told = two_players(hub)
    hub.say(guests[Player.SS], "a rude word")
    hub.say(guests[Player.ABWEHR], "steady on")
    before = dict(told)
    listed = Admin(hub).answer({"command": "talk", "table": table.id})["answer"]
    assert [(c["line"], c["name"], c["text"]) for c in listed] == [
        (0, "alice", "a rude word"),
        (1, "bob", "steady on"),
    ]
    taken = Admin(hub).answer({"command": "unsay", "table": table.id, "line": 0})
    assert taken == {"answer": {"table": table.id, "line": 0, "name": "alice"}}
    assert [c.text for c in table.session.chat] == [REMOVED, "steady on"]
    assert all(told[p] > before[p] for p in Player)  # every screen is told
    assert "a rude word" not in [c.text for c in load_record(table.record, rules).chat]
    again = Hub(rules, hub.home, later=hub.later)
    again.restore()
    assert [c.text for c in again.table(table.id).session.chat] == [REMOVED, "steady on"]
    with pytest.raises(Refused, match="has no line 5 of talk"):
        hub.unsay(table.id, 5)
    with pytest.raises(Refused, match="is taken back already"):
        hub.unsay(table.id, 0)
    with pytest.raises(Refused, match="is how a line the host took back reads"):
        hub.say(guests[Player.SS], "(Removed by the host)")  # nobody passes for the host
    assert "by its number" in Admin(hub).answer({"command": "unsay", "table": table.id, "line": "0"})["error"]


def test_a_record_whose_unsay_names_no_line_of_talk_is_named(rules, hub, tmp_path):
    from plot_record import RecordError
    from plot_record.format import UnsayLine, unsay_line

    table, _, _ = two_players(hub)
    header = table.record.read_text().splitlines()[0]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(f"{header}\n{unsay_line(UnsayLine(0, '2026-11-28T12:00:00Z'))}")
    with pytest.raises(RecordError, match="line 2: unsay: there is no line 0 of talk before it"):
        load_record(bad, rules)


def test_in_plain_text_a_line_the_host_takes_back_is_said_to_be_gone(rules, hub):
    from .test_plain_door import Player_

    table = hub.create(ALICE, Player.SS, opponent=hub_seat(), seed=3)
    alice = Player_(hub, ALICE)
    alice.visit.start()
    alice.type(f"sit {table.id}")
    alice.type("say a rude word")
    hub.unsay(table.id, 0)
    said = alice.type("help")  # (anything typed: what happened meanwhile is said first)
    assert "The host took back a line alice said." in said and "a rude word" not in said


def hub_seat():
    from plot_session.session import Seat

    return Seat.HUMAN


def test_a_line_taken_back_then_an_undo_reads_back_and_exports_without_its_words(rules, hub):
    """An unsay between actions, then an undo of the last action: the game is the undone
    one, the talk keeps its removal, and neither a reader nor the account shows the words."""
    from plot_record.export import text_account
    from plot_record.format import REMOVED

    table, guests, _ = two_players(hub)
    play(guests, 2, random.Random(2))
    hub.say(guests[Player.SS], "a rude word")
    hub.unsay(table.id, 0)
    mover = next(g for g in guests.values() if g.chair.my_move())
    before = table.session.state
    for action in mover.chair.legal():  # the first that can be taken back (no die rolled)
        mover.chair.act(action)
        if table.session.undo_for(mover.chair.side):
            break
        pytest.fail(f"{action} could not be taken back")
    assert table.session.state == before
    record = load_record(table.record, rules)
    assert record.timeline.final == before and [c.text for c in record.chat] == [REMOVED]
    account = "\n".join(text_account(record, Player.SS))
    assert REMOVED in account and "rude" not in account
