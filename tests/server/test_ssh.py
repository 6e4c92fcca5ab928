"""`plot serve` end to end: a real server process, real OpenSSH clients in pseudo-terminals."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import stat
import subprocess
import time

import asyncssh
import pytest

from plain_reader import CHOICE, play_choice
from plot_cli.main import main
from serving import Server, eventually, make_keys, needs_ssh, ssh_args
from terminal import Terminal


@pytest.fixture(scope="module")
def ssh_server(tmp_path_factory):
    """A server with one authorized key and a password; yields (port, folder)."""
    d = tmp_path_factory.mktemp("serve")
    make_keys(d, ["player"], ["stranger"])
    srv = Server(d)
    yield srv.port, d
    srv.stop()


@needs_ssh
@pytest.mark.e2e
def test_a_player_connects_with_plain_ssh_and_plays(ssh_server):
    port, d = ssh_server
    t = Terminal(ssh_args(port, d / "player", "-tt", "alice@127.0.0.1"))
    try:
        t.wait_shown("you are alice")  # the lobby
        t.send("n")
        t.wait_shown("A new table")
        for keys in ("\x1b[B", " ", "\t", "\x1b[B", " ", "\r"):  # Abwehr; the computer; go
            t.send(keys)
            time.sleep(0.2)
        t.wait_shown("Game-Turn 1 of 9")
        t.wait_shown("Abwehr to place the Allied unit")  # her move: she is the Abwehr
        t.resize(120, 40)  # the window grows: all redrawn
        eventually(
            lambda: (
                "alice plays the Abwehr" in t.shown()  # the title fits now
                and "q Quit" in t.shown().split("\n")[39]
            ),
            "the screen fills 120x40",
        )
        t.send("q")
        t.wait_shown("Leave the table?")
        t.send("y")
        t.wait_shown("computer (easy)")  # back in the lobby, the table listed
        t.send("q")
        t.proc.wait(timeout=15)
        assert t.proc.returncode == 0
        # the key, the records (each holds its game's secret seed) and the folders are
        # the server's user's alone, though the tests run it with a looser umask
        made = [d / "host_key", d / "home", *(d / "home").rglob("*")]
        assert any(p.name.endswith(".jsonl") for p in made)  # a record among them
        loose = [f"{p}: {stat.filemode(p.stat().st_mode)}" for p in made if p.stat().st_mode & 0o077]
        assert not loose, loose
    finally:
        t.close()


@needs_ssh
def test_a_lone_escape_closes_the_help_at_once_over_ssh(ssh_server):
    """Esc with nothing after it: over SSH it used to wait for the next key (the help
    stayed open, and the next key was lost). It must act as it does locally."""
    port, d = ssh_server
    t = Terminal(ssh_args(port, d / "player", "-tt", "esc@127.0.0.1"))
    try:
        t.wait_shown("you are esc")
        t.send("n")
        t.wait_shown("A new table")
        t.send("\r")  # the SS, against the computer
        t.wait_shown("Game-Turn 1 of 9")
        t.send("?")
        t.wait_shown("move the cursor (left, down, up, right)")
        t.send("\x1b")  # and no key after it
        eventually(lambda: "move the cursor (left" not in t.shown(), "the help closed", 10)
        t.send("?")  # the next key is a key of its own
        t.wait_shown("move the cursor (left, down, up, right)")
    finally:
        t.close()


@needs_ssh
def test_a_key_not_in_the_authorized_keys_is_refused(ssh_server):
    port, d = ssh_server
    r = subprocess.run(
        ssh_args(port, d / "stranger", "-tt", "mallory@127.0.0.1"),
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 255 and "Permission denied" in r.stderr


@needs_ssh
def test_commands_are_refused(ssh_server):
    port, d = ssh_server
    r = subprocess.run(
        ssh_args(port, d / "player", "alice@127.0.0.1", "cat /etc/passwd"),
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 1
    assert "plot serves the game only: no commands" in r.stderr
    assert "root:" not in r.stdout


@needs_ssh
def test_port_forwarding_is_refused(ssh_server):
    port, d = ssh_server
    r = subprocess.run(
        ssh_args(
            port,
            d / "player",
            "-o",
            "ExitOnForwardFailure=yes",
            "-N",
            "-R",
            "0:127.0.0.1:22",
            "alice@127.0.0.1",
        ),
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 255 and "forwarding failed" in r.stderr


@pytest.mark.asyncio
async def test_the_hosts_log_says_who_signed_in_and_out_and_who_was_refused_with_times(tmp_path):
    make_keys(tmp_path, ["player"])
    srv = Server(tmp_path)
    try:
        options = dict(known_hosts=None, client_keys=None, username="bob")
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", srv.port, password="wrong", **options)
        async with asyncssh.connect("127.0.0.1", srv.port, password="swordfish", **options) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            seen = b""
            while b"you are bob" not in seen:
                seen += await asyncio.wait_for(proc.stdout.read(65536), 20)
        eventually(lambda: any("sign-out: bob" in line for line in srv.output), "the sign-out said")
        log = "".join(srv.output)
        stamp = r"plot serve \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: "
        assert re.search(stamp + r"refused sign-in: bob from 127\.0\.0\.1 \(a wrong password\)", log), log
        assert re.search(stamp + r"sign-in: bob by the password, ssh door, from 127\.0\.0\.1", log), log
        assert re.search(stamp + r"sign-out: bob from 127\.0\.0\.1 \(ssh door\)", log), log
        assert "swordfish" not in log and "wrong" not in log.replace("a wrong password", "")
    finally:
        srv.stop()


@pytest.mark.asyncio
async def test_the_password_lets_in_and_a_wrong_one_does_not(ssh_server):
    port, _ = ssh_server
    options = dict(known_hosts=None, client_keys=None, username="bob")
    async with asyncssh.connect("127.0.0.1", port, password="swordfish", **options) as conn:
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        seen = b""
        while b"you are bob" not in seen:  # by password, the user name is who you are
            seen += await asyncio.wait_for(proc.stdout.read(65536), 20)
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", port, password="guess", **options)


@pytest.mark.asyncio
async def test_a_local_forward_and_a_session_without_a_terminal_are_refused(ssh_server):
    port, _ = ssh_server
    async with asyncssh.connect(
        "127.0.0.1", port, password="swordfish", known_hosts=None, client_keys=None, username="bob"
    ) as conn:
        with pytest.raises(asyncssh.ChannelOpenError, match="no port forwarding"):
            await conn.open_connection("127.0.0.1", port)  # ssh -L
        result = await conn.run(term_type=None, timeout=20)  # ssh -T: no terminal
        assert result.exit_status == 1
        assert "plot needs a terminal" in result.stderr


@pytest.mark.asyncio
async def test_an_sftp_request_is_refused(ssh_server):
    port, _ = ssh_server
    async with asyncssh.connect(
        "127.0.0.1", port, password="swordfish", known_hosts=None, client_keys=None, username="bob"
    ) as conn:
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.Error)):
            async with conn.start_sftp_client():
                pass


@needs_ssh
def test_garbage_on_the_port_harms_nobody(ssh_server):
    port, d = ssh_server
    for junk in (b"GET / HTTP/1.1\r\n\r\n", os.urandom(4096), b"SSH-2.0-x\r\n" + os.urandom(512)):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(junk)
            try:
                s.recv(1024)
            except OSError:
                pass
    t = Terminal(ssh_args(port, d / "player", "-tt", "alice@127.0.0.1"))
    try:
        t.wait_for("you are alice")  # still serving
    finally:
        t.close()


@needs_ssh
@pytest.mark.e2e
def test_a_full_server_says_so_and_an_idle_connection_is_closed_with_a_reason(tmp_path):
    make_keys(tmp_path, ["alice", "bob"])
    srv = Server(tmp_path, "--max-connections", "1", "--idle-minutes", "0.05")
    alice = Terminal(ssh_args(srv.port, tmp_path / "alice", "-tt", "alice@127.0.0.1"))
    try:
        alice.wait_shown("you are alice")
        r = subprocess.run(
            ssh_args(srv.port, tmp_path / "bob", "-tt", "bob@127.0.0.1"),
            capture_output=True,
            text=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
        )
        assert r.returncode == 255 and "the server is full (1 players)" in r.stderr
        # alice presses nothing for 3 seconds: she is told why the connection closes
        assert "closed after 0.05 minutes without a key press" in alice.ended(timeout=30)
    finally:
        alice.close()
        srv.stop()


@pytest.mark.parametrize(
    "args,message",
    [
        (["--idle-minutes", "soon"], "--idle-minutes: expected a number of minutes, e.g. 30, got 'soon'"),
        (["--idle-minutes", "0"], "--idle-minutes: must be more than 0, got 0"),
        (["--max-connections", "0"], "--max-connections: must be at least 1, got 0"),
    ],
)
def test_bad_serve_arguments_are_named(capsys, args, message):
    with pytest.raises(SystemExit) as exc:
        main(["serve", *args])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("text", ["", "ssh-ed25519 AAAAnotbase64 someone\n", "garbage\n"])
def test_an_authorized_keys_file_with_no_key_is_named_not_a_traceback(capsys, tmp_path, text):
    keys = tmp_path / "players"
    keys.write_text(text)
    assert (
        main(
            [
                "serve",
                "--authorized-keys",
                str(keys),
                "--data",
                str(tmp_path / "home"),
                "--host-key",
                str(tmp_path / "hk"),
            ]
        )
        == 2
    )
    assert capsys.readouterr().err == (
        f"plot serve: cannot use the authorized-keys file {keys}: it holds no key\n"
    )


@needs_ssh
def test_the_plain_door_folds_its_lines_between_words_to_a_narrow_terminal(tmp_path):
    """A plain player at a 50-column terminal: every line they are sent fits it, broken
    between words (the terminal broke them mid-word: "end the p" / "hase")."""
    make_keys(tmp_path, ["bob"])
    srv = Server(tmp_path)
    plain = Terminal(ssh_args(srv.port, tmp_path / "bob", "-tt", "plain+bob@127.0.0.1"), size=(50, 24))
    try:
        plain.wait_for("No tables yet")
        for ch in "help\r":  # as a person types
            plain.send(ch)
        plain.wait_for("back to the lobby")
        said = plain.text()
        lines = [line for line in said.replace("\r", "").split("\n") if line.strip()]
        assert len(lines) > 10 and all(len(line) <= 50 for line in lines), [
            line for line in lines if len(line) > 50
        ]
        words = " ".join(said.split())
        assert "plot, plain text, on a server. You are bob. Type help for the commands." in words
    finally:
        plain.close()
        srv.stop()


@needs_ssh
def test_the_plain_door_prompts_after_each_answer_and_shows_a_half_typed_line_again(tmp_path):
    """At a terminal, "> " follows everything the server says, as in a local plain game:
    the player sees where to type. News that comes while a line is half typed goes on a
    line of its own, and the prompt then shows what was typed, to be finished."""
    make_keys(tmp_path, ["alice", "bob"])
    srv = Server(tmp_path)
    bob = Terminal(ssh_args(srv.port, tmp_path / "bob", "-tt", "plain+bob@127.0.0.1"))
    alice = Terminal(ssh_args(srv.port, tmp_path / "alice", "-tt", "plain+alice@127.0.0.1"))

    def last_line(t: Terminal) -> str:
        return [line for line in t.shown().split("\n") if line.strip()][-1].rstrip()

    try:
        bob.wait_for("No tables yet")
        alice.wait_for("No tables yet")
        eventually(lambda: last_line(bob) == ">", "the prompt after the greeting")
        for ch in "hel":  # as a person types
            bob.send(ch)
        eventually(lambda: last_line(bob) == "> hel", "the keys echoed after the prompt")
        for ch in "say anyone for a game?\r":
            alice.send(ch)
        bob.wait_shown("alice (lobby) says: anyone for a game?")
        eventually(lambda: last_line(bob) == "> hel", "the half-typed line shown again below the news")
        shown = bob.shown()
        news = next(line for line in shown.split("\n") if "says: anyone" in line)
        assert news.startswith("alice (lobby)"), shown  # on a line of its own
        for ch in "p\r":
            bob.send(ch)
        bob.wait_shown("back to the lobby")
        eventually(lambda: last_line(bob) == ">", "the prompt after the answer")
        assert "> help\r\n" in bob.text()  # (the help has scrolled it off the screen)
    finally:
        alice.close()
        bob.close()
        srv.stop()


@needs_ssh
def test_a_server_stopped_with_ctrl_c_tells_every_player_their_game_is_saved(tmp_path):
    """Ctrl-C (or the service manager's SIGTERM) used to drop every player with ssh's
    "Connection closed" and no word from the game."""
    import signal

    make_keys(tmp_path, ["alice", "bob"])
    srv = Server(tmp_path)
    t = Terminal(ssh_args(srv.port, tmp_path / "alice", "-tt", "alice@127.0.0.1"))
    plain = Terminal(ssh_args(srv.port, tmp_path / "bob", "-tt", "plain+bob@127.0.0.1"))
    try:
        t.wait_shown("you are alice")
        plain.wait_for("You are bob. Type help for the commands.")
        srv.proc.send_signal(signal.SIGINT)
        said = t.ended(timeout=30)
        assert "the server is stopping" in said and "Every game is saved" in said, said[-300:]
        # written after the full screen ends: folded to the terminal between words (it
        # broke "every m" / "ove of it")
        farewell = said[said.rfind("plot: the server is stopping") :].replace("\r", "").strip()
        assert all(len(line) <= 80 for line in farewell.split("\n")), farewell
        assert "every move of it" in " ".join(farewell.split()), farewell
        said = plain.ended(timeout=30)  # the plain door is told the same, in words
        assert "the server is stopping" in said and "Every game is saved" in said, said[-300:]
        assert srv.proc.wait(timeout=30) == 0
        eventually(
            lambda: any("stopping: 2 connected players told" in ln for ln in srv.output),
            "the operator told",
            10,
        )
    finally:
        t.close()
        plain.close()
        srv.stop()


def ending(listed: list[tuple[str, str]]) -> tuple[str, str]:
    """A choice that ends what is under way (a unit's move, the phase, no coup now), or
    else the last."""
    ends = re.compile(r"\((end|end-phase|no-coup|no-reveal)\)\.?$")
    return next((c for c in listed if ends.search(c[1])), listed[-1])


@needs_ssh
@pytest.mark.e2e
def test_a_plain_text_player_and_a_full_screen_player_share_a_table_over_ssh(tmp_path):
    """bob signs in as plain+bob and plays by reading only the sentences he is sent
    (a number from the choices); alice plays on the full screen. bob's bytes hold no
    terminal codes and nothing of alice's hand."""
    import re

    from plot_core import Player, load_rules
    from serving import TerminalScreen, move_on, player

    rules = load_rules()
    make_keys(tmp_path, ["alice", "bob"])
    server = Server(tmp_path)
    alice = bob = None
    try:
        alice = player(server, "alice")  # the full screen
        alice.send("n")
        alice.wait_shown("A new table")
        alice.send("\r")  # the SS, against another player
        alice.wait_shown("Waiting for an opponent")
        # wide: a choice's line comes whole, to be read by the script
        bob = Terminal(ssh_args(server.port, tmp_path / "bob", "-tt", "plain+bob@127.0.0.1"), size=(250, 50))
        bob.wait_for("You are bob. Type help for the commands.")
        bob.send(f"join T1 {server.table('T1')['code']}\r")
        bob.wait_for("Your move, Abwehr")
        read_to, movers = 0, []

        def actions() -> int:
            return len(server.record("T1", rules).timeline)

        while set(movers) != {Player.SS, Player.ABWEHR} or len(movers) < 4:
            # (a guard against a game stuck: how many steps the Abwehr takes before the
            # SS's first depends on the table's secret seed, and once went past 40)
            assert len(movers) < 150, movers
            side = server.record("T1", rules).timeline.final.to_act
            movers.append(side)
            before = actions()
            if side is Player.SS:
                move_on(server, "T1", TerminalScreen(alice), rules)
                continue

            def choices(start: int) -> str:
                # the decision asked since bob last sent a line, once its list is whole
                # (the tail of the list he answered may still be arriving before it)
                tail = bob.text()[start:].replace("\r", "")
                asked = tail.rfind("Your move, Abwehr")
                return (
                    tail[asked:] if asked >= 0 and CHOICE.search(tail[asked:]) and tail.endswith("> ") else ""
                )

            def typed(line: str) -> str:
                """A line typed as a person types, and the answer to it, once the
                prompt after it has come."""
                mark = len(bob.text())
                for ch in line + "\r":
                    bob.send(ch)
                eventually(
                    lambda: bob.text()[mark:].replace("\r", "").endswith("\n> "), f"the answer to {line}"
                )
                return bob.text()[mark:].replace("\r", "")

            eventually(lambda start=read_to: choices(start), "bob's choices")
            shown = choices(read_to)
            read_to = len(bob.text())
            # the last choice (one that goes to a hex: its area, then a hex there); after
            # bob's first moves, one that ends what is under way where there is one: the
            # last choice is often a unit's next step, and walking every unit its whole
            # allowance can take the Abwehr past a hundred steps before the SS's turn
            settle = movers.count(Player.ABWEHR) > 20
            play_choice(typed, shown, pick=ending if settle else (lambda listed: listed[-1]))
            eventually(lambda before=before: actions() > before, "bob's move in the record")
        raw = bob.out.decode("utf-8", "replace")
        assert not re.search(r"[\x1b\x07\u2500-\u257f\u2580-\u259f]", raw)  # no codes, no boxes
        assert "SS drew" not in raw  # alice's hand is hers (4.1)
        bob.send("leave\r")
        bob.wait_for("Back in the lobby")
        bob.send("quit\r")
        bob.wait_for("Goodbye.")
        bob.proc.wait(timeout=15)
    finally:
        for t in (alice, bob):
            if t is not None:
                t.close()
        server.stop()
