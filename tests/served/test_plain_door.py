"""The served game in plain text (ssh plain+NAME@host): the lobby and the tables in
sentences, the same hub as the full-screen door; each player hears what the others do
as it happens and the choices on their own move, and never the other side's secrets.
(Through a real ssh client: tests/server/test_ssh.py.)"""

from __future__ import annotations

import io
import re

import pytest

from fakes import Later, Ticks
from plain_reader import CHOICE, play_choice
from plot_core import Player
from plot_core.wording import chit_name
from plot_server.connection_limits import ConnectionGuard, ConnectionLimits
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub
from plot_server.plain_door import LineEditor, PlainVisit, split_plain
from plot_session.session import Seat

from .test_hub import ALICE, BOB, CAROL

TERMINAL_CODES = re.compile(r"[\x1b\x07\u2500-\u257f\u2580-\u259f]")


class Player_:
    """A plain-text visit whose output the test reads, line by line as a script would."""

    def __init__(self, hub: Hub, who, guard: ConnectionGuard | None = None) -> None:
        self.out = io.StringIO()
        codes = guard.codes if guard is not None else None
        self.visit = PlainVisit(hub, who, self.out, later=lambda f: f(), codes=codes)
        self.read_to = 0

    def new(self) -> str:
        """What was said since the last look."""
        text = self.out.getvalue()[self.read_to :]
        self.read_to = len(self.out.getvalue())
        return text

    def type(self, line: str) -> str:
        assert self.visit.line(line)
        return self.new()

    async def answer(self, line: str, most: float = 5) -> str:
        """A line whose answer may wait on the store (notices): said once it is in, or
        after ``most`` seconds."""
        assert self.visit.line(line)
        await self.visit.saved(most=most)
        return self.new()


def test_split_plain_names_the_player_and_the_door():
    assert split_plain("plain+alice") == ("alice", True)
    assert split_plain("PLAIN+bob") == ("bob", True)
    assert split_plain("carol") == ("carol", False)


def test_a_game_for_two_in_plain_text_from_the_lobby_to_talk_and_moves(rules, tmp_path, monkeypatch):
    monkeypatch.setattr("plot_server.hub.secret_seed", lambda: 4_400_000_029)  # one deal, every run
    hub = Hub(rules, tmp_path, later=Later())
    alice, bob = Player_(hub, ALICE), Player_(hub, BOB)
    alice.visit.start()
    assert "You are alice. Type help for the commands." in alice.new()
    assert "join T CODE" in alice.type("help")
    said = alice.type("new ss")
    table = hub.tables["T1"]
    assert f"Table T1 is yours. Tell your opponent its join code: {table.code}." in said
    assert "you are the SS" in said and "Waiting for an opponent" in said
    assert "they type join, the table and the code" in said and "press j in the lobby" not in said
    assert "Waiting for the Abwehr to place the Allied unit" in said  # 7.11: the Abwehr first
    bob.visit.start()
    bob.new()
    alice.type("say anyone for a game?")  # at her table: not lobby talk, her table's
    carol = Player_(hub, CAROL)
    carol.visit.start()
    carol.type("say [b]me[/b], later")
    assert "carol (lobby) says: [b]me[/b], later" in bob.new()  # bob is in the lobby
    [line] = LineEditor(None).feed("say evil\u202etxt\n".encode())  # as typed at her terminal
    assert "U+202E (right-to-left override)" in carol.type(line) and "says" not in bob.new()
    assert "lobby" not in alice.new()  # alice, at her table, is not told
    listed = bob.type("tables")
    assert "1 table:" in listed and "T1: SS alice, Abwehr free; turn 1, Abwehr to act" in listed
    assert "Refused: That is not the join code of table T1" in bob.type("join T1 WRONG")
    pasted = bob.type(f"join T1 {table.code}\u200b")  # a code pasted with an unseen character
    assert "Refused: the line holds U+200B (zero width space), an unseen character" in pasted
    said = bob.type(f"join t1 {table.code.lower()}")
    assert "you are the Abwehr" in said and "Your move, Abwehr: place the Allied unit" in said
    hand = table.session.state.chits_of("abwehr")
    assert f"Your chits: {chit_name(rules, hand[0])}" in said  # the deal: further back than said
    assert CHOICE.search(said)
    dave = Player_(hub, Account("key SHA256:dave", "dave"))  # both sides taken now
    refused = dave.type(f"join T1 {table.code}")
    assert "Refused: Table T1 has no free side" in refused and "Type watch and the table" in refused
    # alice types a number out of turn: told whose move it is, nothing played
    assert "Waiting for the Abwehr" in alice.type("1")
    # talk reaches both, as text
    bob.type("say [b]good luck[/b]")
    assert "bob (Abwehr) says: [b]good luck[/b]" in alice.new()
    # bob plays his first choice: alice hears it, and is asked once it is hers
    before = table.session.actions
    play_choice(bob.type, said, pick=lambda choices: choices[0])
    assert table.session.actions > before
    heard = alice.new()
    assert "Abwehr" in heard and "Allied unit" in heard
    # the players play on by the numbers each is shown, until both have moved more
    for _ in range(40):
        for p in (alice, bob):
            if p.visit.guest.chair.my_move():
                shown = p.new()
                play_choice(p.type, shown if CHOICE.search(shown) else p.type("choices"))
    everything = alice.out.getvalue() + bob.out.getvalue()
    assert not TERMINAL_CODES.search(everything)
    assert "Abwehr drew" not in alice.out.getvalue()  # the Abwehr's hand is his (4.1)
    assert "SS drew" not in bob.out.getvalue()
    assert "SS drew" in alice.out.getvalue()  # her own hand is said to her
    # leave: back to the lobby, the game waits; sit again
    back = alice.type("leave")
    assert "Back in the lobby" in back
    # one's own games, not every table on the server again (a hundred lines, read aloud)
    assert "Your 1 game:" in back and back.rstrip().endswith("tables lists every table.")
    assert alice.visit.guest is None and table.owners[Player.SS] == ALICE
    # away in the lobby, she is told when it becomes her move there
    for _ in range(200):
        if table.session.state.to_act is Player.SS:
            break
        shown = bob.new()
        play_choice(bob.type, shown if CHOICE.search(shown) else bob.type("choices"))
    assert table.session.state.to_act is Player.SS, bob.out.getvalue()[-3000:]
    assert "Your move at table T1 (sit T1)." in alice.new()
    assert "you are the SS" in alice.type("sit T1")


def test_a_plain_connection_takes_five_wrong_join_codes_a_minute_at_any_tables(rules, tmp_path):
    # the same limit as the full screen's: guessing table after table is paused too
    hub = Hub(rules, tmp_path, later=Later())
    tables = [hub.create(Account(f"key {i}", f"p{i}"), Player.SS, opponent=Seat.HUMAN) for i in range(3)]
    clock = Ticks()
    bob = Player_(hub, BOB, ConnectionGuard(ConnectionLimits(), clock))
    bob.visit.start()
    bob.new()
    for _ in range(6):  # no code at all is no guess: asked for, never counted
        assert "Refused: Table T1's free side needs its join code" in bob.type(f"sit {tables[0].id}")
    for i in range(5):
        assert "Refused: That is not the join code" in bob.type(f"join {tables[i % 3].id} WRONG1")
    said = bob.type(f"join {tables[0].id} {tables[0].code}")  # the sixth: paused, even if right
    assert "Refused: Too many wrong join codes from this connection: wait 60 s before the next." in said
    assert tables[0].side_of(BOB) is None
    clock.now += 61
    assert "you are the Abwehr" in bob.type(f"join {tables[0].id} {tables[0].code}")


def test_against_the_computer_and_watching_in_plain_text(rules, tmp_path, monkeypatch):
    monkeypatch.setattr("plot_server.hub.secret_seed", lambda: 4_400_000_017)  # one deal, every run
    clock = Later()
    hub = Hub(rules, tmp_path, later=clock)
    carol = Player_(hub, CAROL)
    said = carol.type("new abwehr computer easy")
    table = hub.tables["T1"]
    assert table.session.seats[Player.SS] is Seat.COMPUTER
    assert "Your move, Abwehr" in said
    # carol plays by the numbers; the table's computer answers on the hub's clock
    before = table.session.actions
    for _ in range(600):  # the last choice, which is most often to end the phase
        if sum(ln.side is Player.SS and ln.action is not None for ln in table.session.log[before:]) >= 6:
            break  # the computer has made several moves (a phase of its own)
        if carol.visit.guest.chair.my_move():
            shown = carol.new()
            play_choice(carol.type, shown if CHOICE.search(shown) else carol.type("choices"))
        else:
            clock.run()
    assert any(ln.side is Player.SS for ln in table.session.log[before:])  # the computer moved
    assert re.search(r"^SS: ", carol.out.getvalue(), re.M)  # and carol heard it
    # whom the game waits for is said once, not again at each of the computer's steps
    for between in carol.out.getvalue().split("Your move"):
        assert between.count("(the computer) is to act") <= 1, between
    assert "Back in the lobby. The game is saved and waits for you (sit T1 to come back)." in carol.type(
        "leave"
    )
    assert "No level 'godlike'" in carol.type("new ss computer godlike")
    dave = Player_(hub, ALICE)
    said = dave.type("watch T1")
    assert "watching; you see neither side's chits" in said
    assert "Abwehr drew" not in dave.out.getvalue() and "SS drew" not in dave.out.getvalue()
    assert "Your chits" not in said
    assert dave.type("chits").startswith("You are watching: neither side's chits are shown to you.")
    assert "You are watching: it is the" in dave.type("e")
    # a watcher is offered the questions, not the moves, undo, odds or `plot resume`
    watching = dave.type("help")
    assert "you are watching" in watching and "rules CASE" in watching and "log N" in watching
    for offered in ("undo", "r d e P", "odds ", "plot resume", "  D  ", "choices"):
        assert offered not in watching, offered
    playing = carol.type("sit T1") + carol.type("help")
    assert "undo" in playing and "r d e P" in playing and "  D  " in playing  # the Abwehr's D
    assert "plot resume" not in playing  # on a server, quit goes back to the lobby
    assert "You are at table T1: leave takes you back to the lobby first." in dave.type("watch T9")
    # join is a game's word too (units join an attempt): with a table's id, the lobby's
    assert "You are at table T1: leave takes you back to the lobby first." in dave.type("join t2 ABCDEF")
    dave.type("leave")
    lost = dave.type("leave")
    assert "You are in the lobby, with no table of your own: new makes one, quit ends the session." in lost
    carol.type("leave")
    assert "You are in the lobby: sit T goes back to a table of yours (T1), quit ends" in carol.type("leave")
    assert "Refused: There is no table 'T9'" in dave.type("watch T9")


def test_the_line_editor_echoes_takes_back_and_drops_arrow_keys():
    echoed = bytearray()
    editor = LineEditor(echoed.extend)
    assert editor.feed(b"mvoe") == []
    assert editor.feed(b"\x7f\x7f\x7fove 2010") == []  # three back: "m", then "ove 2010"
    assert editor.feed(b"\x1b[A\r") == ["move 2010"]  # an arrow key is no text
    assert echoed.endswith(b"\r\n") and b"\x08 \x08" in echoed and b"\x1b" not in echoed
    assert editor.feed("h\u00e9".encode()[:2]) == [] and editor.feed("\u00e9".encode()[1:] + b"\r") == [
        "h\u00e9"
    ]
    assert editor.feed(b"\x04") == ["quit"]  # Ctrl-D leaves
    plain = LineEditor(None)  # no terminal: whole lines, nothing echoed
    assert plain.feed(b"help\nlook 2110\n") == ["help", "look 2110"]
    assert plain.feed(b"chits\r") == ["chits"] and plain.feed(b"\nboxes\r\n\n") == ["boxes", ""]


def test_the_esc_key_alone_keeps_the_letter_after_it_and_unseen_characters_stay_to_be_named():
    """Esc pressed out of habit, then a command: the Esc is no text, and the letter
    after it is the command's (an arrow's or a function key's sequence is still dropped
    whole). An unseen character (a right-to-left override, a zero-width space) stays in
    the line, for the talk to refuse by its name rather than send the line without it."""
    echoed = bytearray()
    editor = LineEditor(echoed.extend)
    assert editor.feed(b"\x1btables\r") == ["tables"]
    assert editor.feed(b"\x1b") == [] and editor.feed(b"help\r") == ["help"]  # Esc, then a read
    assert editor.feed(b"\x1b\x1bchits\r") == ["chits"]
    assert editor.feed(b"\x1b[1;5Cx\x1bOPy\x1b[200~z\r") == ["xyz"]  # ctrl+right, F1, a paste's start
    assert b"\x1b" not in echoed
    assert editor.feed("say a\u202eb\u200bc\x07\r".encode()) == ["say a\u202eb\u200bc"]  # (BEL: a control)
    assert "\u202e".encode() not in echoed and b"a\\u202eb\\u200bc" in echoed  # written out to the player
    echoed.clear()
    assert editor.feed("x\u202e\x7f\r".encode()) == ["x"]  # a backspace takes the six cells back
    assert echoed.endswith(b"\x08" * 6 + b" " * 6 + b"\x08" * 6 + b"\r\n")


def seated_at(rules, tmp_path, position: str):
    """alice at the plain door, seated as the Abwehr at table T1 against the computer,
    its game set to ``position``: (the server's scheduled work, the table, alice)."""
    from tests.tui.helpers import pos

    later = Later()
    hub = Hub(rules, tmp_path, later=later)
    table = hub.create(ALICE, Player.ABWEHR, opponent=Seat.COMPUTER, seed=5)
    table.session.state = pos(position)
    table.runtime.changed()
    alice = Player_(hub, ALICE)
    alice.visit.start()
    alice.type("sit T1")
    return later, table, alice


def test_d_at_the_plain_door_answers_the_coup_question_for_the_game_turn(rules, tmp_path):
    """The Abwehr's standing answer (18.11) at a server's plain door: asked once, D,
    and the SS's next phase ends without asking again; the prompt's letters work."""
    from tests.tui.helpers import SS_ALONE

    later, table, alice = seated_at(rules, tmp_path, SS_ALONE)
    later.run()  # the computer's SS moves and ends its phase
    said = alice.new()
    assert "Your move, Abwehr: attempt a coup now, or not (18.11)" in said
    assert "Or D: no coup asked again this Game-Turn (18.11)." in said
    said = alice.type("D")
    later.run()
    said += alice.new()
    assert "No coup asked again until Game-Turn 2." in said
    assert said.count("Abwehr: No coup now.") >= 2 and "Or D:" not in said


def test_a_roll_said_first_at_the_plain_door_is_called_off_by_any_line_between(rules, tmp_path):
    """r says the roll first; a line of talk between (handled by the door, not the game)
    calls it off as a game's line does: the next r asks again, the one after rolls."""
    from tests.tui.helpers import THREE_RECRUITERS

    _, table, alice = seated_at(rules, tmp_path, THREE_RECRUITERS)
    for line in ("1", "1", "2", "3"):  # Stauffenberg; Canaris, Dohnanyi, Gisevius
        alice.type(line)
    said = "Roll the die, rolls on the Recruitment Table column +7."
    assert said in alice.type("r")
    alice.type("say a moment")
    assert said in alice.type("r") and table.session.state.unit("401").controller is None
    alice.type("r")
    assert table.session.state.unit("401").controller is Player.ABWEHR


def test_a_line_typed_while_the_last_move_is_saved_waits_for_it(rules, tmp_path):
    """With a store each move waits for its commit: the next line typed waits for the
    save (here: the game says it is saved), not refused as "not your move"; and waits
    no longer than its bound if the save never comes."""
    import asyncio

    hub = Hub(rules, tmp_path, later=Later())
    table = hub.create(BOB, Player.ABWEHR, opponent=Seat.HUMAN, seed=3)  # the Abwehr begins (7.1)
    hub.sit(table.id, ALICE, code=table.code, codes=CodeLimit(5))
    bob = Player_(hub, BOB)
    bob.visit.start()
    bob.type(f"sit {table.id}")
    session = table.session
    assert session.recorder is not None and not bob.visit.saving()

    async def go() -> None:
        session.recorder.unsaved.append(b"a line the store has not confirmed yet\n")
        session._tell()  # as the act that wrote it: a new version, saving
        assert bob.visit.saving()
        waiting = asyncio.ensure_future(bob.visit.saved(most=30))
        await asyncio.sleep(0)
        assert not waiting.done()
        session.recorder.unsaved.clear()
        session.saved()  # the store's answer
        await asyncio.wait_for(waiting, 5)  # at once, not after its 30 s
        session.recorder.unsaved.append(b"a line never confirmed\n")
        session._tell()
        started = asyncio.get_running_loop().time()
        await bob.visit.saved(most=0.05)  # the bound: the line then goes on, and is said why
        assert asyncio.get_running_loop().time() - started < 5
        said = bob.type("choices") + bob.type("1")
        assert said.count("The last move is being saved: the game goes on once it is.") == 2, said

    asyncio.run(go())


def test_a_player_reading_the_list_is_not_away_at_their_own_table(rules, tmp_path):
    """ "(away)" tells the others a player is not at the table; to the player reading the
    list in the lobby it said they were away from where they are."""
    hub = Hub(rules, tmp_path, later=Later())
    alice, bob = Player_(hub, ALICE), Player_(hub, BOB)
    alice.visit.start()
    alice.type("new ss")
    alice.type("leave")
    assert "T1: SS alice, Abwehr free;" in alice.type("tables")
    bob.visit.start()
    assert "T1: SS alice (away), Abwehr free;" in bob.type("tables")


def test_a_plain_player_is_told_when_the_opponent_leaves_the_table_and_comes_back(rules, tmp_path):
    """The leave dialog promises "your opponent is told you are away": the full screen
    says it on its prompt's last line, plain text said nothing."""
    hub = Hub(rules, tmp_path, later=Later())
    alice, bob = Player_(hub, ALICE), Player_(hub, BOB)
    alice.visit.start()
    alice.type("new ss")
    code = hub.tables["T1"].code
    bob.visit.start()
    bob.type(f"join T1 {code}")
    alice.new()
    bob.type("leave")
    assert "The Abwehr player (bob) has left the table; the game waits for them." in alice.new()
    bob.type("sit T1")
    assert "The Abwehr player (bob) is back at the table." in alice.new()


def on_screen(sent: bytes) -> list[str]:
    """The lines a terminal shows for ``sent``: a carriage return goes back to the
    start of its line, and what follows writes over it."""
    lines = []
    for raw in sent.decode().split("\r\n"):
        line = ""
        for part in raw.split("\r"):
            line = part + line[len(part) :]
        lines.append(line.rstrip())
    return lines


def test_news_at_an_empty_prompt_takes_its_line_and_is_not_read_as_typed():
    """Over SSH the prompt follows each burst; news that comes while the player has
    typed nothing wipes it and stands at the start of the line (after "> " it read as
    if the player had typed it); the prompt then follows the news."""
    from plot_server.plain_door import ChannelText

    sent: list[bytes] = []
    soon: list = []
    out = ChannelText(sent.append, later=soon.append, typed=lambda: "")
    out.write("You are alice. Type help for the commands.\n")
    soon.pop()()
    assert on_screen(b"".join(sent))[-1] == ">"
    out.write("The Abwehr (the computer) is to act.\n")
    out.write("Abwehr: Move Canaris (300) → 1613, and ends its move.\n")
    soon.pop()()
    assert on_screen(b"".join(sent))[-4:] == [
        "You are alice. Type help for the commands.",
        "The Abwehr (the computer) is to act.",
        "Abwehr: Move Canaris (300) → 1613, and ends its move.",
        ">",
    ]
    assert b"\x1b" not in b"".join(sent)  # a carriage return and spaces: no cursor codes


@pytest.mark.asyncio
async def test_puzzles_at_the_plain_door_solved_kept_and_left_back_to_the_lobby(rules, tmp_path):
    """puzzles in the plain lobby: the puzzle said, played by its words, judged, the
    rating kept with the player's settings on the server, the puzzle's rating moved by
    the first try; next, then leave."""
    import attrs

    from plot_session.settings import user_settings
    from puzzles.test_solving import coup_window

    hub = Hub(rules, tmp_path, later=Later())
    first = coup_window()
    hub._puzzles = [first, attrs.evolve(first, key="second", rating=1700.0)]
    alice = Player_(hub, ALICE)
    alice.visit.start()
    said = await alice.answer("help")
    assert "puzzles              puzzles: a decision from a real game to find" in said
    said = await alice.answer("puzzles")
    assert "Puzzle coup-window (rated 1300). You play the Abwehr" in said
    assert "attempt a coup now, or not (18.11)" in said
    said = await alice.answer("tables")
    assert said == "You are at a puzzle: leave takes you back to the lobby first.\n"
    said = await alice.answer("no-coup")
    assert "Right: that is the best plan." in said and "Your puzzle rating: " in said
    said = await alice.answer("")
    assert "Puzzle second (rated 1700)" in said
    said = await alice.answer("leave")
    assert "Back in the lobby. The puzzle is left unsolved." in said
    assert "; 1 solved of 1 tried." in said  # where she stands, as every door says it
    assert dict(user_settings(tmp_path, ALICE.key).settings.puzzles_tried) == {"coup-window": True}
    moved = hub.puzzle_book(ALICE.key, user_settings(tmp_path, ALICE.key)).ratings()
    assert set(moved) == {"coup-window"} and moved["coup-window"].rating < 1300  # solved: it lost
    assert "Not understood" in await alice.answer("no-coup")  # in the lobby again


@pytest.mark.asyncio
async def test_the_puzzles_are_read_once_off_the_loop_and_a_broken_file_is_said(rules, tmp_path, data_copy):
    """The first puzzles of a process are read in a thread (over half a second that every
    session on the loop would wait); a puzzle file the host broke is said, not a crash."""
    from plot_core import load_rules

    hub = Hub(rules, tmp_path / "a", later=Later())
    alice = Player_(hub, ALICE)
    alice.visit.start()
    # (read in a thread: on a busy machine that takes seconds; waited for as long)
    said = await alice.answer("puzzles", most=120)
    assert "Opening the puzzles ..." in said and "You play the" in said
    assert hub.puzzles_read
    broken = data_copy / "puzzles" / "00000000.toml"
    broken.write_text('side = "nobody"\n', encoding="utf-8")
    other = Hub(load_rules(data_copy), tmp_path / "b", later=Later())
    bob = Player_(other, BOB)
    bob.visit.start()
    said = await bob.answer("puzzles", most=120)
    assert "The puzzles cannot be read just now (the host has been told)." in said
    assert "Not understood" in await bob.answer("no-coup")  # still in the lobby


def test_a_chit_committed_at_the_plain_door_is_said_first_and_the_asking_can_be_turned_off(rules, tmp_path):
    """On a server the lines are counted where they arrive: a number that commits a
    Führer Access chit (18.12) is said first, a line between calls it off, the same
    number as the very next line commits it; `ask` turns the asking off, kept for the
    player, and the Walkyrie roll (18.13) then goes at once."""
    from tests.tui.helpers import SS_ALONE

    later, table, alice = seated_at(rules, tmp_path, SS_ALONE + '[chits]\nabwehr = ["FA1"]\n')
    later.run()  # the computer's SS ends its phase: the coup's question
    assert "  1. Commit Führer Access chit FA1 to the coup" in alice.new()
    assert "then the coup must be attempted (18.12)" in alice.type("1")
    alice.type("say gl")  # a line between, talk too
    assert "Type 1 again, as your next line, to go ahead." in alice.type("1")
    assert table.session.state.chits_of("abwehr") == ["FA1"]
    alice.type("1")
    assert table.session.state.chits_of("abwehr") == []
    assert "Rolls and spent chits now go ahead at once." in alice.type("ask")
    alice.type("2")  # the roll, not asked
    assert any(e.table == "walkyrie" for e in table.session.state.events)


def test_a_lobby_word_one_slip_off_is_met_with_the_word_meant(rules, tmp_path):
    hub = Hub(rules, tmp_path, later=Later())
    bob = Player_(hub, BOB)
    bob.visit.start()
    bob.new()
    assert "Not understood: 'tabels'. Did you mean tables? Type help for the commands." in bob.type("tabels")
    assert "Not understood: 'dance'. Type help for the commands." in bob.type("dance")
    assert "No tables yet" in bob.type("tables")  # (the word itself, answered)
