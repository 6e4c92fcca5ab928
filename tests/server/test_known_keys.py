"""Players behind one address (a club's NAT, a load balancer) with strangers guessing
the server's password there: a real OpenSSH client that once gave the right password,
offering its key, signs in with that key from then on, at once, proving it holds the key;
a client that never has waits behind the guesses as before."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time

from serving import Server, eventually, make_keys, needs_ssh, ssh_args, wrong_passwords

pytestmark = needs_ssh


def sign_in(server: Server, key, name: str, *, password: bool, timeout: float = 30) -> float:
    """``name`` signs in with OpenSSH offering ``key`` (and the password when asked, if
    ``password``); the seconds it took. The session then ends: no terminal is asked for."""
    askpass = server.d / "askpass"
    askpass.write_text("#!/bin/sh\necho swordfish\n")
    askpass.chmod(0o700)
    args = ssh_args(server.port, key, "-T", f"{name}@127.0.0.1")
    if password:  # a person at the keyboard, who types the password when asked
        args[args.index("BatchMode=yes")] = "BatchMode=no"
        args[1:1] = ["-o", "NumberOfPasswordPrompts=1", "-o", "PreferredAuthentications=publickey,password"]
    env = {**os.environ, "SSH_ASKPASS": str(askpass), "SSH_ASKPASS_REQUIRE": "force", "DISPLAY": ":0"}
    started = time.monotonic()
    subprocess.run(args, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
    return time.monotonic() - started


def said(server: Server, what: str) -> None:
    """The server's log says ``what`` (its output is read by a thread: a line written as
    the client leaves may come a moment later)."""
    eventually(lambda: any(what in ln for ln in server.output), f"the log saying {what!r}", timeout=10)


def test_a_key_given_with_the_right_password_signs_in_past_the_guesses_from_its_address(tmp_path):
    make_keys(tmp_path, ["alice"], strangers=["dora", "erin"])
    server = Server(tmp_path)
    try:
        assert sign_in(server, tmp_path / "dora", "dora", password=False) < 20
        assert not [ln for ln in server.output if "sign-in: dora" in ln]  # a key alone: unknown
        sign_in(server, tmp_path / "dora", "dora", password=True)
        said(server, "sign-in: dora by the password")
        asyncio.run(wrong_passwords(server.port, 7))  # the address's queue is now seconds long, and growing
        took = sign_in(server, tmp_path / "dora", "dora", password=False)
        said(server, "sign-in: dora by a key given with the password before")
        assert took < 3, took
        # the key lets in only the name it was given with (and so, never a barred name
        # under another): offered as erin, it is not known, and without the password
        # (BatchMode) erin is not let in
        sign_in(server, tmp_path / "dora", "erin", password=False)
        assert not [ln for ln in server.output if "sign-in: erin" in ln]
        # erin's key was never given with the password: erin waits behind the guesses
        took = sign_in(server, tmp_path / "erin", "erin", password=True)
        assert took > 3, took
        said(server, "sign-in: erin by the password")
    finally:
        server.stop()
