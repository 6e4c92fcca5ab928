"""A real `plot serve` process and real OpenSSH clients, for the end-to-end tests."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import asyncssh
import pytest

from terminal import Terminal

SSH = shutil.which("ssh")
needs_ssh = pytest.mark.skipif(SSH is None, reason="no OpenSSH client: `make test` installs it")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_keys(d: Path, authorized: list[str], strangers: list[str] = ()) -> None:
    """Private keys d/NAME; the public keys of ``authorized`` in d/authorized_keys."""
    lines = []
    for name in [*authorized, *strangers]:
        key = asyncssh.generate_private_key("ssh-ed25519")
        key.write_private_key(str(d / name))
        os.chmod(d / name, 0o600)
        if name in authorized:
            lines.append(key.export_public_key().decode())
    (d / "authorized_keys").write_text("".join(lines))


class Server:
    """`plot serve` on 127.0.0.1 with d/authorized_keys and the password 'swordfish';
    its tables and records live in d/home."""

    def __init__(
        self, d: Path, *extra: str, port: int | None = None, store: str | None = None, workers: int = 1
    ) -> None:
        """``store``: the tables in that PostgreSQL database, shared with any
        other Server given it; ``workers``: that many processes on the port."""
        self.store, self.workers = store, workers
        if store is not None:
            extra = (*extra, "--store", store, "--workers", str(workers))
        self.d, self.extra = d, extra
        self.port = port or free_port()
        (d / "password").write_text("swordfish\n")
        self.start()

    def start(self) -> None:
        # its own working folder and home: a file written anywhere but --data shows there
        for folder in ("cwd", "userhome"):
            (self.d / folder).mkdir(exist_ok=True)
        self.proc = subprocess.Popen(
            # faulthandler: a server that hangs before it listens can be made to say where
            [
                sys.executable,
                "-X",
                "faulthandler",
                "-m",
                "plot_cli.main",
                "serve",
                "--port",
                str(self.port),
                "--authorized-keys",
                str(self.d / "authorized_keys"),
                "--password-file",
                str(self.d / "password"),
                "--host-key",
                str(self.d / "host_key"),
                "--data",
                str(self.d / "home"),
                *self.extra,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=self.d / "cwd",
            env=dict(os.environ, XDG_DATA_HOME=str(self.d / "data"), HOME=str(self.d / "userhome")),
        )
        # Its output is read as it comes (a full pipe would stop the server); the first
        # line says it listens. Waited for with a limit: a test must never hang on it.
        self.output: list[str] = []
        threading.Thread(target=self._drain, args=(self.proc, self.output), daemon=True).start()
        deadline = time.monotonic() + 60
        while sum("listening on" in line for line in self.output) < self.workers:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                exit_code = self.proc.poll()
                if exit_code is None:  # still running: where is it stuck?
                    self.proc.send_signal(signal.SIGABRT)
                    time.sleep(2)
                self.proc.kill()
                pytest.fail(f"plot serve did not start (exit {exit_code}); it said:\n" + "".join(self.output))
            time.sleep(0.02)
        self.first_line = next(line for line in self.output if "listening on" in line)
        assert "listening on 127.0.0.1" in self.first_line, self.first_line

    @staticmethod
    def _drain(proc, output: list[str]) -> None:
        for line in proc.stdout:
            output.append(line)

    def rss_mib(self) -> float:
        """The server process's resident memory."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise AssertionError("no VmRSS")

    def kill(self) -> None:
        """As a crash would: no goodbye, no clean-up."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)

    def table(self, table_id: str) -> dict:
        if self.store is not None:
            import psycopg

            with psycopg.connect(self.store) as conn:
                return conn.execute("SELECT meta FROM plot_tables WHERE id = %s", (table_id,)).fetchone()[0]
        return json.loads((self.d / "home" / "tables" / f"{table_id}.json").read_text())

    def record_file(self, table_id: str) -> Path:
        """A files-based table's record (its table file names it inside the data folder)."""
        kept = Path(self.table(table_id)["record"])
        return kept if kept.is_absolute() else self.d / "home" / kept

    def record(self, table_id: str, rules):
        """The table's record as the server has written it so far."""
        from plot_record import load_record

        if self.store is None:
            return load_record(self.record_file(table_id), rules)
        import psycopg

        from plot_record.store import parse_raw
        from plot_record.timeline import check

        with psycopg.connect(self.store) as conn:
            rows = conn.execute(
                "SELECT text FROM plot_lines WHERE table_id = %s ORDER BY line", (table_id,)
            ).fetchall()
        return check(parse_raw("".join(f"{r[0]}\n" for r in rows).encode(), table_id), rules)


async def wrong_passwords(port: int, times: int) -> None:
    """A stranger on 127.0.0.1 tries ``times`` wrong passwords over SSH, each refused (or
    cut off by the sign-in time limit while made to wait)."""
    for _ in range(times):
        with pytest.raises((asyncssh.PermissionDenied, asyncssh.ConnectionLost)):
            await asyncssh.connect(
                "127.0.0.1", port, username="mallory", known_hosts=None, client_keys=None, password="guess"
            )


def ssh_args(port: int, key: Path, *extra: str) -> list[str]:
    return [
        SSH,
        "-p",
        str(port),
        "-i",
        str(key),
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "LogLevel=ERROR",
        *extra,
    ]


def player(server: Server, name: str) -> Terminal:
    """``name`` signs in with the key d/NAME, in a fresh 80x24 terminal, to the lobby."""
    t = Terminal(ssh_args(server.port, server.d / name, "-tt", f"{name}@127.0.0.1"))
    t.wait_for(f"you are {name}")
    return t


def join_with_code(t: Terminal, code: str, table: str = "T1") -> None:
    """From the lobby, ``j`` on ``table`` and its join code; Enter only once the field
    shows the code, so a lost key fails here, with the screen, not as a wrong code."""
    t.send("j")
    t.wait_shown(f"Join code for table {table}")
    t.send(code)
    t.wait_shown(code, timeout=10)
    t.send("\r")


def table_for_two(host: Server, guest: Server, terms: list[Terminal]) -> tuple[Terminal, Terminal]:
    """alice sets up table T1 for two players on ``host`` and takes the SS; bob, on
    ``guest`` (the same server, or another on the same store), joins it with its code.
    Each terminal goes into ``terms`` as soon as it is open, for the caller to close."""
    alice = player(host, "alice")
    terms.append(alice)
    alice.send("n")
    alice.wait_shown("A new table")
    alice.send("\r")  # SS, against another player
    alice.wait_shown("Waiting for an opponent")
    bob = player(guest, "bob")
    terms.append(bob)
    bob.wait_shown("T1")  # the lobby lists it
    join_with_code(bob, host.table("T1")["code"])
    bob.wait_shown("Game-Turn")
    return alice, bob


def eventually(check, what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


# -- a player moving the game on, through whatever door they sit at ------------------------
class TerminalScreen:
    """A player's screen and keyboard in an SSH terminal (pyte reads the screen)."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal

    def screen(self) -> str:
        return self.terminal.shown()

    def press(self, key: str) -> None:
        self.terminal.send(key)


def onward_key(state) -> str:
    """The key that moves the game on from ``state`` (the record's last position): the
    letters for rolling, ending and declining never change."""
    from plot_core import Verb, legal_actions

    verbs = {a.verb for a in legal_actions(state)}
    if state.pending and state.pending[-1].kind == "coup":
        return "d"  # no coup now
    for verb, key in (
        (Verb.ROLL, "r"),
        (Verb.END, "e"),
        (Verb.END_PHASE, "P"),
        (Verb.NO_REVEAL, "d"),
        (Verb.STAY, "d"),
        (Verb.CANCEL, "d"),
    ):
        if verb in verbs:
            return key
    return "a"


def move_on(server: Server, table: str, door, rules, *, timeout: float = 90) -> None:
    """The side to act moves the game on, as a player would: the key that rolls, ends or
    declines, else the first of all legal actions (a opens the list, Enter picks). A
    roll or a spent chit is said first and done the second time (the key again, or
    Enter again in the list). Each key is chosen from what the screen shows and waits
    for the screen to answer it, so a busy server only makes this slower."""
    records = server.record(table, rules).timeline
    before, final = len(records), records.final

    def moved() -> bool:
        return len(server.record(table, rules).timeline) > before

    onward, keys = onward_key(final), []
    deadline = time.monotonic() + timeout
    while not moved():
        now = door.screen()
        flat = " ".join(now.split())
        assert time.monotonic() < deadline, f"keys {keys} moved nothing on:\n{now}"
        expect = None
        if "legal action" in flat and "type to narrow" not in flat and "Enter again" not in flat:
            key = "\x1b"  # a list narrowed by a stray key: close it
        elif "legal action" in flat or "Enter again to go ahead" in flat:
            key = "\r"
        elif "Press again to go ahead" in flat and keys:
            key = keys[-1]
        elif onward != "a" and keys.count(onward) < 2:
            key = onward
        else:
            key, expect = "a", "legal action"
        keys.append(key)
        door.press(key)
        with contextlib.suppress(AssertionError):
            eventually(
                lambda expect=expect, now=now: (
                    moved() or (expect in " ".join(door.screen().split()) if expect else door.screen() != now)
                ),
                "the screen answering the key",
                timeout=10,
            )
