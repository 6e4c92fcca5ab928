"""Hostile strangers without a network: hostile names shown as text on every screen that shows a
name, names refused at sign-in, Textual's own actions that touch the server refused,
guessing slowed down, a broken session one line."""

from __future__ import annotations

import attrs
import pytest
from rich.text import Text
from textual.widgets import DataTable, OptionList, Static

from fakes import Later, Ticks
from plot_core import Player
from plot_server.connection_limits import ConnectionLimits
from plot_server.guard import CodeLimit, PasswordThrottle, TableCodeLimit, name_problem, new_name_problem
from plot_server.hub import Account, Hub, Refused, WrongCode
from plot_server.lobby import LobbyScreen
from plot_server.passes import password_account
from plot_server.server import ServedApp
from plot_session.session import Seat
from plot_session.settings import user_settings
from plot_tui.plain import clean, join, plain
from served.test_hub import ALICE, BOB

# What a hostile user tried against the server, and a few more of the same kind.
HOSTILE = [
    "[@click=app.screenshot('T1.json','/tmp')]X[/]",
    "[/b]x[b]",
    "[/]",
    "[bold red]evil[/",
    "[link=file:///etc/passwd]a[/link]",
    "[reverse]ALICE[/reverse]",
    "[$accent]x",
    "\x1b[31mred\x1b[0m",
    "bell\x07\x9b2J",
]


# -- names ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name", HOSTILE + ["x" * 33, " alice", "", "a\u200bb", "tab\tname", "\u3164", "alice\u3164", "\u2800"]
)
def test_a_hostile_or_odd_name_is_refused_with_the_reason(name):
    problem = name_problem(name)
    assert problem is not None
    assert (
        "32 characters" in problem
        or "may hold letters" in problem
        or "space" in problem
        or "needed" in problem
        or "draws as nothing" in problem
    )


@pytest.mark.parametrize(
    "name, why",
    [
        ("alice (SS)", "not U+0028"),  # would read as alice playing the SS
        ("computer (easy)", "not U+0028"),
        ("free", "the lists say it of a seat with no player"),  # "SS free": a seat taken
        ("Computer", "the lists say it of a seat with no player"),
        ("漢" * 17, "at most 32 columns wide on a terminal; yours is 34"),  # the lists' room
    ],
)
def test_a_new_name_that_would_read_as_the_lists_own_words_or_overflow_them_is_refused(
    name, why, rules, tmp_path
):
    problem = new_name_problem(name)
    assert problem is not None and why in problem, problem
    # Names taken before this rule pass the check made before the password ...
    hub = Hub(rules, tmp_path, later=Later())
    assert hub.name_problem(name) is None
    # ... and once it is right, a new one is refused with the reason,
    assert hub.signed_in_problem(password_account(name)) == problem
    # while one already seated here keeps its place, its table and its game.
    old = Account(f"key SHA256:{name}", name)
    table = hub.create(old, Player.SS, opponent=Seat.HUMAN, seed=1)
    assert hub.signed_in_problem(old) is None
    assert table.side_of(old) is Player.SS
    again = Hub(rules, tmp_path, later=Later())  # after a restart, from the table's file
    again.restore()
    assert again.signed_in_problem(old) is None
    assert again.table(table.id).side_of(old) is Player.SS


@pytest.mark.parametrize("name", ["bob (uk)", "free", "漢" * 17])
def test_a_name_known_only_by_its_settings_keeps_its_place_but_a_keys_settings_vouch_for_no_name(
    name, rules, tmp_path
):
    hub = Hub(rules, tmp_path, later=Later())
    # signed in with the password before the rule, tried a puzzle: nowhere else known
    puzzler = password_account(name)
    kept = user_settings(tmp_path, puzzler.key)
    kept.save(attrs.evolve(kept.settings, puzzles_tried=(("p1", True),)))
    assert hub.known_names() == set()
    assert hub.signed_in_problem(puzzler) is None
    # a key's settings are the key's: any name it gives is new
    key = Account("key SHA256:mallory", name)
    kept = user_settings(tmp_path, key.key)
    kept.save(attrs.evolve(kept.settings, puzzles_tried=(("p1", True),)))
    assert hub.signed_in_problem(key) == new_name_problem(name) is not None
    # and settings never let a name pass for a player's
    hub.create(ALICE, Player.SS, opponent=Seat.HUMAN, seed=1)
    squatter = password_account("a1ice")
    kept = user_settings(tmp_path, squatter.key)
    kept.save(attrs.evolve(kept.settings, puzzles_tried=(("p1", True),)))
    assert "looks just like 'alice'" in (hub.signed_in_problem(squatter) or "")


@pytest.mark.parametrize(
    "name",
    ["alice", "Jörg Müller", "o'brien", "d.a.v.e-99", "x" * 32, "Ло Вэй", "Jo\u0308rg", "漢" * 16, "a&b;c"],
)  # Jo\u0308rg: NFC makes it ö; a&b;c signs in from OpenSSH's configuration, as o'brien does
def test_ordinary_names_are_welcome(name):
    assert name_problem(name) is None and new_name_problem(name) is None


# -- text from outside -----------------------------------------------------------------------
def test_outside_text_is_never_markup_nor_an_escape_sequence():
    for name in HOSTILE:
        t = plain(name)
        assert not t.spans and "\x1b" not in t.plain and "\x07" not in t.plain
        assert t.plain == clean(name)
    assert clean("\x1b[31m") == "\\x1b[31m"
    # characters that reorder or hide text on others' screens are written out too
    assert clean("evil\u202etxt.exe a\u200bb \u2066x\u2069") == "evil\\u202etxt.exe a\\u200bb \\u2066x\\u2069"
    assert (
        clean("Jörg \U0001f468\u200d\U0001f469 line\nbreak") == "Jörg \U0001f468\u200d\U0001f469 line\nbreak"
    )  # as they are
    mixed = join(("The Plot", "bold"), " · ", (HOSTILE[0], "bold"))
    assert HOSTILE[0] in mixed.plain and all(s.style == "bold" for s in mixed.spans)


@pytest.fixture
def hostile_hub(rules, tmp_path):
    """Tables whose players have every hostile name (as a server of an older version, or
    one whose files were edited, could restore them)."""
    hub = Hub(rules, tmp_path / "server", later=Later())
    for i, name in enumerate(HOSTILE):
        who = Account(f"key {i}", name)
        table = hub.create(who, Player.SS if i % 2 else Player.ABWEHR, opponent=Seat.HUMAN)
        if i % 3 == 0:
            hub.sit(table.id, Account(f"key other {i}", HOSTILE[-1 - i]), code=table.code, codes=CodeLimit(5))
    return hub


@pytest.mark.asyncio
@pytest.mark.parametrize("viewer", HOSTILE[:6])
async def test_every_widget_showing_a_name_shows_it_as_it_is(hostile_hub, viewer):
    app = ServedApp(None, hostile_hub, Account("key viewer", viewer), limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        title = lobby.query_one("#title", Static).render()
        assert f"you are {viewer}" in str(title)  # verbatim, not styled
        table = lobby.query_one(DataTable)
        cells = [c for key in table.rows for c in table.get_row(key)]
        assert all(isinstance(c, Text) and not c.spans for c in cells)
        shown = " ".join(c.plain for c in cells)
        for name in HOSTILE:
            assert clean(name) in shown
        # every seat of every table, from the player's screen (the note names the others)
        for t in hostile_hub.tables.values():
            who = next(o for o in t.owners.values() if o is not None)
            note = t.note_for(t.side_of(who).enemy)
            if note:
                assert not plain(note).spans
        # sit at a table whose opponent has a hostile name: the game screen says it
        t = next(t for t in hostile_hub.tables.values() if len([o for o in t.owners.values() if o]) == 2)
        app.watch_table(t.id)
        await pilot.pause()
        prompt = str(app.screen.query_one("#prompt").render())
        for o in t.owners.values():
            assert clean(o.name) in prompt
        assert app.sub_title.startswith(f"table {t.id}: {viewer} watches")
        assert app.is_running


@pytest.mark.asyncio
async def test_an_idle_session_is_closed_with_the_reason_and_a_key_keeps_it_open(hub_dir, rules):
    """The idle limit on the session's own clock, advanced by the test (the real-time
    end-to-end version is in test_ssh.py)."""
    hub = Hub(rules, hub_dir, later=Later())
    clock = Ticks()
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600), clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        clock.now += 599
        app.touch()  # a key read: what the served driver does for every input
        clock.now += 599
        app._check_idle()
        await pilot.pause()
        assert app.is_running and app.goodbye == ""
        clock.now += 2
        app._check_idle()
        await pilot.pause()
    assert app.goodbye.startswith("plot: closed after 10 minutes without a key press")
    assert "waits for you in the lobby" in app.goodbye


@pytest.mark.asyncio
async def test_textual_actions_that_touch_the_server_are_refused(hub_dir, rules, tmp_path, monkeypatch):
    hub = Hub(rules, hub_dir, later=Later())
    monkeypatch.chdir(tmp_path)
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        before = sorted(p for p in tmp_path.rglob("*"))
        # markup would run these with a click; a key binding or the palette by name
        for action in (
            f"app.screenshot('x.svg', '{tmp_path}')",
            "app.change_theme",
            "app.toggle_dark",
            "app.suspend_process",
            "app.simulate_key('q')",
            "app.push_screen('_default')",
            "app.switch_mode('x')",
            "app.add_class('Screen', 'x')",
            "app.notify('hello')",
        ):
            await app.run_action(action)
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, LobbyScreen)
        assert sorted(p for p in tmp_path.rglob("*")) == before  # nothing written
        app.deliver_screenshot()
        with pytest.raises(PermissionError):
            app.save_screenshot("y.svg", str(tmp_path))
        # the palette offers the keys panel, nothing that acts on the server; typed
        # into and closed, the session goes on
        await pilot.press("question_mark")
        await pilot.press("escape", "ctrl+p")
        await pilot.pause()
        offered = app.screen.query_one(OptionList)
        titles = [str(offered.get_option_at_index(k).prompt) for k in range(offered.option_count)]
        assert titles == ["Keys\nShow the keys this screen answers to"], titles
        await pilot.press(*"screenshot", "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
        assert sorted(p for p in tmp_path.rglob("*")) == before


@pytest.fixture
def hub_dir(tmp_path):
    return tmp_path / "server-data"


@pytest.mark.asyncio
async def test_a_broken_session_is_one_line_for_the_operator_and_a_log(rules, hub_dir, capfd):
    hub = Hub(rules, hub_dir, later=Later())
    app = ServedApp(None, hub, ALICE, limits=ConnectionLimits(idle=600))

    def boom():
        raise RuntimeError("a bug")

    with pytest.raises(RuntimeError):  # the test harness passes it on
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.call_later(boom)
            await pilot.pause()
    out = capfd.readouterr().out
    lines = [ln for ln in out.splitlines() if "failed" in ln]
    assert len(lines) == 1 and "RuntimeError" in lines[0] and "reference" in lines[0]
    assert "Traceback" not in out
    log = (hub_dir / "logs" / "failures.log").read_text()
    assert app.failure in log and "RuntimeError: a bug" in log and "Traceback" in log
    assert app.failure in app.goodbye and "sorry" in app.goodbye


# -- guessing ------------------------------------------------------------------------------
def test_wrong_passwords_slow_down_per_address_and_are_told_once_a_burst():
    clock, said = Ticks(), []
    t = PasswordThrottle(clock=clock, say=said.append)
    delays = []
    for _ in range(8):  # one guesser, waiting each time
        delays.append(t.delay("10.0.0.1"))
        clock.now += delays[-1]
        t.failed("10.0.0.1")
    assert delays[:3] == [0, 0, 0] and delays[3:] == [0.5, 1, 2, 4, 8]
    assert t.delay("10.0.0.2") == 0  # another address is not slowed
    assert len(said) == 1 and "10.0.0.1" in said[0]
    clock.now += 3601  # a quiet hour: a new start
    assert t.delay("10.0.0.1") == 0
    for _ in range(5):
        t.failed("10.0.0.1")
    assert len(said) == 2


def test_guessers_in_parallel_from_one_address_wait_in_line():
    """18 connections guessing at once from one address: each answer frees its guesser
    to try again. In an hour only a few dozen get an answer."""
    import heapq

    clock, t = Ticks(), PasswordThrottle(clock=Ticks())
    t.clock = clock
    for w in t.attempts.values():
        w.clock = clock
    start = clock.now
    ready = [(start, k) for k in range(18)]  # (when it asks, which guesser)
    answered = 0
    while ready:
        asks, k = heapq.heappop(ready)
        if asks > start + 3600:
            break
        clock.now = asks
        answer_at = asks + t.delay("203.0.113.9")
        if answer_at <= start + 3600:
            answered += 1
            clock.now = answer_at
            t.failed("203.0.113.9")
            heapq.heappush(ready, (answer_at, k))
    assert answered <= 45, answered


def test_players_signing_in_from_one_address_do_not_slow_each_other():
    clock = Ticks()
    t = PasswordThrottle(clock=clock)
    for _ in range(30):  # a club behind one address
        assert t.delay("198.51.100.7") == 0
        t.passed("198.51.100.7")


def test_guessers_pause_at_a_table_and_the_rightful_opponent_still_sits(rules, tmp_path):
    hub = Hub(rules, tmp_path / "server", later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN)
    clock = Ticks()
    table.codes = TableCodeLimit(10, 60, clock=clock)
    guessers = [Account(f"key {i}", f"guesser{i}") for i in range(5)]
    for i in range(10):
        with pytest.raises(WrongCode):
            hub.sit(table.id, guessers[i % 5], code="AAAAAA", codes=CodeLimit(5))
    with pytest.raises(Refused, match="takes no join code from you for 60 s") as refused:
        # a guesser: even the right one waits
        hub.sit(table.id, guessers[0], code=table.code, codes=CodeLimit(5))
    assert not isinstance(refused.value, WrongCode)
    assert hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)).chair.side is Player.ABWEHR  # bob sits


def test_past_its_whole_limit_a_table_pauses_for_everyone(rules, tmp_path):
    hub = Hub(rules, tmp_path / "server", later=Later())
    table = hub.create(ALICE, Player.SS, opponent=Seat.HUMAN)
    clock = Ticks()
    table.codes = TableCodeLimit(10, 60, clock=clock)
    for i in range(60):  # a new name for every guess
        with pytest.raises(WrongCode):
            hub.sit(table.id, Account(f"key {i}", f"guesser{i}"), code="AAAAAA", codes=CodeLimit(5))
    with pytest.raises(Refused, match="takes no join code from you for 60 s"):
        hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5))
    clock.now += 61
    assert hub.sit(table.id, BOB, code=table.code, codes=CodeLimit(5)).chair.side is Player.ABWEHR


@pytest.mark.asyncio
async def test_a_connection_takes_five_wrong_join_codes_a_minute(rules, tmp_path):
    hub = Hub(rules, tmp_path / "server", later=Later())
    tables = [hub.create(Account(f"key {i}", f"p{i}"), Player.SS, opponent=Seat.HUMAN) for i in range(3)]
    app = ServedApp(None, hub, BOB, limits=ConnectionLimits(idle=600))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for i in range(5):
            app.take_seat(tables[i % 3].id, "WRONG1")
        message = str(app.lobby.query_one("#message").render())
        assert "not the join code" in message
        app.take_seat(tables[0].id, tables[0].code)  # the sixth: paused, even if right
        message = str(app.lobby.query_one("#message").render())
        assert "Too many wrong join codes" in message
        assert tables[0].side_of(BOB) is None


def test_plot_games_prints_a_hostile_file_name_as_text(tmp_path, monkeypatch, capsys):
    from plot_cli.main import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    games = tmp_path / "plot" / "games"
    games.mkdir(parents=True)
    (games / "evil\x1b]0;owned\x07\x1b[2J.plot.jsonl").write_text("not json\n")
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "evil\\x1b]0;owned\\x07\\x1b[2J.plot.jsonl" in out


# (links and sign-ins: tests/store/test_passes.py, on both holders)
