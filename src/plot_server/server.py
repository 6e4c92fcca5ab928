"""`plot serve`: the game over SSH. (First step: each connection gets the new-game screen
and plays the computer or watches; shared tables, a lobby and join codes come next.)

Only interactive sessions with a terminal are served: no shell, no exec, no
subsystem (sftp), no port forwarding. Authentication is a server password and/or
an authorized-keys file.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh

from plot_core import Rules
from plot_tui.app import PlotApp

from .driver import ChannelDriver


class ServedApp(PlotApp):
    def __init__(self, process: asyncssh.SSHServerProcess, rules: Rules) -> None:
        self.ssh_process = process
        super().__init__(rules)
        self.driver_class = ChannelDriver


class Gate(asyncssh.SSHServer):
    """Who may come in, and what they may ask for once in."""

    def __init__(self, password: str | None, keys_file: Path | None) -> None:
        self.password, self.keys_file = password, keys_file
        self.conn = None

    def connection_made(self, conn) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        if self.keys_file is not None:
            self.conn.set_authorized_keys(str(self.keys_file))
        return True

    def password_auth_supported(self) -> bool:
        return self.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        return password == self.password

    def public_key_auth_supported(self) -> bool:
        return self.keys_file is not None

    # Refusals: no forwarding of any kind.
    def connection_requested(self, *args):
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "plot serves the game only: no port forwarding")

    def server_requested(self, *args):
        return False

    def unix_connection_requested(self, *args):
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "plot serves the game only: no forwarding")

    def unix_server_requested(self, *args):
        return False


async def serve_session(process: asyncssh.SSHServerProcess, rules: Rules) -> None:
    if process.command is not None or process.subsystem is not None:
        process.stderr.write(b"plot serves the game only: no commands, no file transfer. "
                             b"Connect with a plain `ssh -p PORT name@host`.\r\n")
        process.exit(1)
        return
    if process.get_terminal_type() is None:
        process.stderr.write(b"plot needs a terminal: connect with `ssh -t`.\r\n")
        process.exit(1)
        return
    app = ServedApp(process, rules)
    try:
        await app.run_async()
    finally:
        process.exit(0)


async def start(host: str, port: int, rules: Rules, *, host_key: Path,
                password: str | None, keys_file: Path | None):
    if not host_key.exists():
        host_key.parent.mkdir(parents=True, exist_ok=True)
        asyncssh.generate_private_key("ssh-ed25519").write_private_key(str(host_key))
    return await asyncssh.create_server(
        lambda: Gate(password, keys_file), host, port,
        server_host_keys=[str(host_key)], encoding=None, line_editor=False,
        process_factory=lambda p: serve_session(p, rules),
        allow_scp=False, agent_forwarding=False, x11_forwarding=False)


def run(host: str, port: int, rules: Rules, *, host_key: Path, password: str | None,
        keys_file: Path | None) -> None:
    async def main() -> None:
        server = await start(host, port, rules, host_key=host_key, password=password,
                             keys_file=keys_file)
        print(f"plot serve: listening on {host}:{port} (ssh -p {port} player@{host})",
              flush=True)
        async with server:
            await server.wait_closed()

    asyncio.run(main())
