"""A real `plot serve` against hostile strangers using real SSH
clients (OpenSSH, and asyncssh where a client must misbehave in ways `ssh` will not)."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import time

import asyncssh
import pytest

from serving import Server, eventually, make_keys, needs_ssh, ssh_args, wrong_passwords

pytestmark = pytest.mark.asyncio
OPTIONS = dict(known_hosts=None, client_keys=None, password="swordfish")


async def until_shown(proc, what: bytes, timeout: float = 20) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while what not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"{what!r} never came: {seen[-300:]!r}"
        seen += await asyncio.wait_for(proc.stdout.read(65536), left)
    return seen


async def lobby(port: int, name: str, **kw):
    """``name`` signs in by password and reaches the lobby: (connection, process)."""
    conn = await asyncssh.connect("127.0.0.1", port, username=name, **OPTIONS)
    proc = await conn.create_process(term_type="xterm", term_size=kw.get("size", (80, 24)), encoding=None)
    await until_shown(proc, f"you are {name}".encode())
    return conn, proc


@pytest.fixture
def guarded_server(tmp_path):
    make_keys(tmp_path, ["player"])
    srv = Server(tmp_path, "--max-strangers", "3", "--max-connections", "6", "--login-seconds", "3")
    yield srv
    srv.stop()


@needs_ssh
async def test_a_hostile_name_is_refused_at_sign_in_and_says_why(guarded_server):
    def refused(*args: str) -> str:  # what OpenSSH's client says, signing in as the player
        r = subprocess.run(
            ssh_args(guarded_server.port, guarded_server.d / "player", "-tt", *args),
            capture_output=True,
            text=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
        )
        assert r.returncode == 255, r.stdout
        return r.stderr

    assert "a user name may hold letters" in refused("[reverse]ALICE[/reverse]@127.0.0.1")
    # ESC in it: refused by the SSH library itself, before plot reads it
    assert "Prohibited character" in refused("-l", "\x1b[31mred", "127.0.0.1")
    with pytest.raises(asyncssh.DisconnectError, match="at most 32 characters"):
        await asyncssh.connect("127.0.0.1", guarded_server.port, username="x" * 40, **OPTIONS)
    with pytest.raises(asyncssh.DisconnectError, match="may not mix Latin and Cyrillic letters"):
        await asyncssh.connect("127.0.0.1", guarded_server.port, username="аlice", **OPTIONS)
    # an empty name: the SSH library skips the first check for it
    assert "a user name is needed" in refused("-l", "", "127.0.0.1")
    conn, _ = await lobby(guarded_server.port, "Jörg Müller")  # an ordinary name is welcome
    conn.close()
    # each refusal is a line of the host's log, the name quoted as it came
    assert any("refused sign-in: '[reverse]ALICE[/reverse]' from" in line for line in guarded_server.output)
    refused = "refused sign-in: a user name SSH refuses, from 127.0.0.1 (Prohibited character"
    await asyncio.to_thread(eventually, lambda: any(refused in ln for ln in guarded_server.output), refused)


async def test_a_huge_terminal_is_drawn_at_most_500x200_and_said(guarded_server):
    before = guarded_server.rss_mib()
    conn, proc = await lobby(guarded_server.port, "wide", size=(65535, 65535))
    await until_shown(proc, b"at most 500x200")
    for w, h in ((30000, 30000), (1, 1), (65535, 65535), (10000, 10000)):
        proc.change_terminal_size(w, h)
        await asyncio.sleep(0.3)
    await asyncio.sleep(1)
    assert guarded_server.rss_mib() - before < 200, (before, guarded_server.rss_mib())
    other, _ = await asyncio.wait_for(lobby(guarded_server.port, "other"), 10)  # still quick
    other.close()
    conn.close()


async def test_silent_sockets_cannot_keep_the_players_out(guarded_server):
    socks = [socket.create_connection(("127.0.0.1", guarded_server.port), timeout=5) for _ in range(8)]
    try:
        await asyncio.sleep(0.5)
        conn, _ = await asyncio.wait_for(lobby(guarded_server.port, "honest"), 15)
        conn.close()
        closed = 0
        for s in socks:  # the oldest silent ones were let go
            s.settimeout(0.2)
            try:
                data = s.recv(4096)
                while data and b"\n" in data and len(data) < 4096:  # the server's banner
                    data = s.recv(4096)
                closed += data == b""
            except (TimeoutError, OSError):
                pass
        assert closed >= 5
    finally:
        for s in socks:
            s.close()


async def test_a_signed_in_connection_without_a_terminal_does_not_hold_a_slot(guarded_server):
    conn = await asyncssh.connect("127.0.0.1", guarded_server.port, username="idler", **OPTIONS)
    await asyncio.wait_for(conn.wait_closed(), 10)  # --login-seconds 3 in this test
    conn = await asyncssh.connect("127.0.0.1", guarded_server.port, username="notty", **OPTIONS)
    result = await conn.run(term_type=None, timeout=10)  # refused: no terminal
    assert "plot needs a terminal" in result.stderr
    await asyncio.wait_for(conn.wait_closed(), 10)  # and the connection goes too


async def test_one_game_screen_per_connection(guarded_server):
    conn, _ = await lobby(guarded_server.port, "twice")
    second = await conn.create_process(term_type="xterm", term_size=(80, 24))
    assert "one session per connection" in await asyncio.wait_for(second.stderr.read(), 10)
    conn.close()


async def test_wrong_passwords_are_refused_and_the_operator_hears_once(guarded_server):
    # (how much each waits is the throttle's, tested on its own clock in test_hostile)
    await wrong_passwords(guarded_server.port, 6)
    said = [ln for ln in guarded_server.output if "wrong passwords from 127.0.0.1" in ln]
    assert len(said) == 1, guarded_server.output


async def test_a_client_that_never_reads_cannot_grow_the_server(guarded_server):
    conn, proc = await lobby(guarded_server.port, "deaf", size=(500, 200))
    proc.stdout.channel.pause_reading()  # reads nothing from now on
    before = guarded_server.rss_mib()
    for i in range(80):  # each new size redraws the whole screen
        proc.change_terminal_size(500 - i % 2, 200)
        proc.stdin.write(b"\x1b[B\x1b[A" * 10)
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.5)
    grown = guarded_server.rss_mib() - before
    # What the server kept for it is what arrives once it reads again: at most the bound
    # (4 MiB) and the SSH window (2 MiB) and a frame or two, not every frame it missed.
    proc.stdout.channel.resume_reading()
    got = b""
    try:
        while True:
            got += await asyncio.wait_for(proc.stdout.read(1 << 20), 1.5)
    except TimeoutError:
        pass
    assert len(got) < 10 * 2**20, f"{len(got) / 2**20:.0f} MiB were held for a deaf client"
    assert b"you are deaf" in got[-400_000:]  # then the screen was drawn whole again
    assert grown < 100, f"the server grew {grown:.0f} MiB for a client that reads nothing"
    other, _ = await asyncio.wait_for(lobby(guarded_server.port, "reader"), 10)
    other.close()
    conn.close()


async def test_a_lone_escape_is_a_key_at_once(guarded_server):
    """Over SSH a lone Esc used to wait for the next key (and be read with it as Alt+key):
    the screen it should close stayed open. Now nothing more need be pressed."""
    conn, proc = await lobby(guarded_server.port, "esc")
    proc.stdin.write(b"n")
    await until_shown(proc, b"A new table")
    proc.stdin.write(b"\x1b")  # and nothing after it
    await until_shown(proc, b"you are esc", timeout=10)  # back in the lobby
    proc.stdin.write(b"n")  # the next key is its own
    await until_shown(proc, b"A new table", timeout=10)
    conn.close()
