"""`plot serve` end to end: a real server process, real OpenSSH clients in pseudo-terminals."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys

import asyncssh
import pytest

from terminal import Terminal

SSH = shutil.which("ssh")
needs_ssh = pytest.mark.skipif(SSH is None, reason="no OpenSSH client: `make test` installs it")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server with one authorized key and a password; yields (port, key file, env)."""
    d = tmp_path_factory.mktemp("serve")
    key = asyncssh.generate_private_key("ssh-ed25519")
    key.write_private_key(str(d / "player"))
    os.chmod(d / "player", 0o600)
    key.write_public_key(str(d / "authorized_keys"))
    asyncssh.generate_private_key("ssh-ed25519").write_private_key(str(d / "stranger"))
    os.chmod(d / "stranger", 0o600)
    (d / "password").write_text("swordfish\n")
    port = free_port()
    env = dict(os.environ, XDG_DATA_HOME=str(d / "data"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "plot_cli.main", "serve", "--port", str(port),
         "--authorized-keys", str(d / "authorized_keys"), "--password-file", str(d / "password"),
         "--host-key", str(d / "host_key")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    line = proc.stdout.readline()
    assert "listening on 127.0.0.1" in line, line
    yield port, d
    proc.terminate()
    proc.wait(timeout=10)


def ssh_args(port: int, key, *extra: str) -> list[str]:
    return [SSH, "-p", str(port), "-i", str(key), "-o", "IdentitiesOnly=yes",
            "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", *extra]


@needs_ssh
def test_a_player_connects_with_plain_ssh_and_plays(server):
    port, d = server
    t = Terminal(ssh_args(port, d / "player", "-tt", "alice@127.0.0.1"))
    try:
        t.wait_for("new game")
        t.send("\r")                                     # start: SS against the computer
        t.wait_for("Game-Turn 1 of 9")
        t.wait_for("Saving to")                          # the server keeps the record
        t.send("q")
        t.wait_for("Quit this game?")
        t.send("y")
        t.proc.wait(timeout=15)
        assert t.proc.returncode == 0
    finally:
        t.close()


@needs_ssh
def test_a_key_not_in_the_authorized_keys_is_refused(server):
    port, d = server
    r = subprocess.run(ssh_args(port, d / "stranger", "-tt", "mallory@127.0.0.1"),
                       capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert r.returncode == 255 and "Permission denied" in r.stderr


@needs_ssh
def test_commands_are_refused(server):
    port, d = server
    r = subprocess.run(ssh_args(port, d / "player", "alice@127.0.0.1", "cat /etc/passwd"),
                       capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert r.returncode == 1
    assert "plot serves the game only: no commands" in r.stderr
    assert "root:" not in r.stdout


@needs_ssh
def test_port_forwarding_is_refused(server):
    port, d = server
    r = subprocess.run(ssh_args(port, d / "player", "-o", "ExitOnForwardFailure=yes",
                                "-N", "-R", "0:127.0.0.1:22", "alice@127.0.0.1"),
                       capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert r.returncode == 255 and "forwarding failed" in r.stderr


@pytest.mark.asyncio
async def test_the_password_lets_in_and_a_wrong_one_does_not(server):
    port, _ = server
    options = dict(known_hosts=None, client_keys=None, username="bob")
    async with asyncssh.connect("127.0.0.1", port, password="swordfish", **options) as conn:
        assert conn is not None
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", port, password="guess", **options)


@pytest.mark.asyncio
async def test_an_sftp_request_is_refused(server):
    port, _ = server
    async with asyncssh.connect("127.0.0.1", port, password="swordfish", known_hosts=None,
                                client_keys=None, username="bob") as conn:
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.Error)):
            async with conn.start_sftp_client():
                pass


@needs_ssh
def test_garbage_on_the_port_harms_nobody(server):
    port, d = server
    for junk in (b"GET / HTTP/1.1\r\n\r\n", os.urandom(4096), b"SSH-2.0-x\r\n" + os.urandom(512)):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(junk)
            try:
                s.recv(1024)
            except OSError:
                pass
    t = Terminal(ssh_args(port, d / "player", "-tt", "alice@127.0.0.1"))
    try:
        t.wait_for("new game")                             # still serving
    finally:
        t.close()
