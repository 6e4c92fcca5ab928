"""`plot admin`: the host's hand on a running server. Who is on, the tables (a player's
or all), closing a table, a table's talk and taking a line of it back, barring or
muting a name and lifting the bar or the mute.

Each server process listens on a Unix socket of its own in the data folder
(``admin/<pid>-<letters>.sock``: the folder is the server user's alone, 0700, so only that user,
or root, can ask). A request is one line of JSON, and so is its answer. `plot admin`
asks every process of the data folder (all the workers of one machine) and puts their
answers together; a socket that nobody answers (a process that died) is removed.
Every change the host makes is said in the server's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from plot_core import Player
from plot_session.describe import SIDE

from .bans import BAR, DONE, MUTE
from .hub import Hub, Refused, ServedTable, number
from .listing import Listing
from .pgstore import StoreError

ADMIN_DIR = "admin"
REQUEST_LIMIT = 64 * 1024  # bytes of one request line, at most
ANSWER_LIMIT = 16 * 1024 * 1024  # ... and of one answer (every table of a big server)
WAIT = 5.0  # seconds a request or an answer may take


class Admin:
    """The answers to a host's requests, from one process's hub."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.commands: dict[str, Callable[[dict[str, Any]], Any]] = {
            "who": lambda r: self.who(),
            "tables": lambda r: self.tables(str(r.get("player") or "")),
            "close": lambda r: self.close(str(r.get("table", "")), str(r.get("why", ""))),
            "ban": lambda r: self.ban(str(r.get("name", "")), str(r.get("why", ""))),
            "unban": lambda r: self.lift(str(r.get("name", "")), BAR),
            "mute": lambda r: self.mute(str(r.get("name", "")), str(r.get("why", ""))),
            "unmute": lambda r: self.lift(str(r.get("name", "")), MUTE),
            "bans": lambda r: self.bans(),
            "talk": lambda r: self.talk(str(r.get("table", ""))),
            "unsay": lambda r: self.unsay(str(r.get("table", "")), r.get("line")),
        }

    def answer(self, request: Any) -> dict[str, Any]:
        command = request.get("command") if isinstance(request, dict) else None
        if command not in self.commands:
            return {"error": f"no such request: {str(command)[:40]!r}; ask one of {', '.join(self.commands)}"}
        try:
            return {"answer": self.commands[command](request)}
        except Refused as exc:
            return {"error": str(exc)}
        except (OSError, StoreError) as exc:  # (the host's own disk or store: named)
            return {"error": f"the server could not keep that: {exc}"}

    def who(self) -> list[dict[str, str]]:
        out = []
        for session in self.hub.sessions:
            guest = session.guest
            where = "the lobby"
            if guest is not None:
                side = guest.chair.side
                where = f"{guest.table_id}, " + (f"the {SIDE[side]}" if side is not None else "watching")
            out.append(
                {
                    "name": session.who.name,
                    "door": session.door_words,
                    "address": session.address,
                    "since": session.since,
                    "where": where,
                }
            )
        return sorted(out, key=lambda s: (s["name"].casefold(), s["since"]))

    def tables(self, player: str) -> list[dict[str, Any]]:
        out = []
        for listing in sorted(self.hub.listings(), key=lambda t: number(t.id)):
            loaded = self.hub.tables.get(listing.id)
            names = loaded.names() if loaded is not None else listing.names()  # (watchers too)
            if not player or player in names:
                out.append(_table(listing, loaded))
        return out

    def close(self, table_id: str, why: str) -> dict[str, Any]:
        table = self.hub.close(table_id, why)
        return _table(table.listing(), table, table.closed)

    def ban(self, name: str, why: str) -> dict[str, Any]:
        if not name.strip():
            raise Refused("name the player to bar")
        ended = self.hub.ban(name, why)
        return {"name": name, "ended": ended}

    def mute(self, name: str, why: str) -> dict[str, Any]:
        if not name.strip():
            raise Refused("name the player to mute")
        self.hub.mute(name, why)
        return {"name": name}

    def lift(self, name: str, kind: str) -> dict[str, Any]:
        """Lifted here, or not in force here. Processes on one store share their bans:
        the first asked lifts it, the others find it gone, and plot admin says it is
        lifted if any process lifted it (not "not barred" from the rest)."""
        return {"name": name, "lifted": self.hub.lift(name, kind), "was": DONE[kind]}

    def talk(self, table_id: str) -> list[dict[str, Any]]:
        """A table's talk, numbered as `unsay` takes it."""
        chat = self.hub.table(table_id).session.chat
        return [
            {"line": n, "time": c.time, "name": c.name, "role": c.role, "text": c.text}
            for n, c in enumerate(chat)
        ]

    def unsay(self, table_id: str, line: object) -> dict[str, Any]:
        if not isinstance(line, int) or isinstance(line, bool):
            raise Refused("name the line of talk by its number (plot admin talk TABLE lists them)")
        table, said = self.hub.unsay(table_id, line)
        return {"table": table, "line": line, "name": said.name}

    def bans(self) -> list[dict[str, str]]:
        return [{"name": b.name, "what": DONE[b.kind], "why": b.why, "at": b.at} for b in self.hub.bans.all()]


def _table(table: Listing, loaded: ServedTable | None, closed: str = "") -> dict[str, Any]:
    """A table as plot admin lists it (``loaded``: the table in memory here, if it is)."""
    players = {}
    for side in Player:
        owner = table.owners.get(side)
        if side in table.owners:
            players[SIDE[side]] = owner.name if owner is not None else "(free)"
        else:
            players[SIDE[side]] = f"the computer ({table.levels.get(side, '')})"
    guests = loaded.guests if loaded is not None else []
    return {
        "id": table.id,
        "players": players,
        "stage": "over" if table.over else table.stage,
        "watching": sorted(g.who.name for g in guests if g.chair.side is None),
        "created": table.created,
        "closed": closed,
        "loaded": loaded is not None,
    }


# -- the process's socket -------------------------------------------------------------
def socket_path(home: Path) -> Path:
    """A name of this process's own: its number, and a few random letters (processes in
    containers sharing a data folder may have the same number)."""
    return Path(home) / ADMIN_DIR / f"{os.getpid()}-{secrets.token_hex(3)}.sock"


@attrs.frozen
class AdminSocket:
    """This process's admin socket, listening; ``close`` takes it away again."""

    server: asyncio.AbstractServer
    path: Path

    def close(self) -> None:
        self.server.close()
        self.path.unlink(missing_ok=True)


async def open_admin(hub: Hub) -> AdminSocket:
    """This process's admin socket, listening on the hub's loop."""
    admin = Admin(hub)
    path = socket_path(hub.home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.parent.chmod(0o700)

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = await asyncio.wait_for(reader.readline(), WAIT)
            try:
                request = json.loads(line)
            except ValueError:
                answer: dict[str, Any] = {"error": "a request is one line of JSON"}
            else:
                answer = admin.answer(request)
            writer.write(json.dumps(answer).encode() + b"\n")
            await asyncio.wait_for(writer.drain(), WAIT)
        except (TimeoutError, ConnectionError, ValueError):
            pass  # (a request too long, too slow, or gone: nothing changed)
        finally:
            writer.close()

    server = await asyncio.start_unix_server(serve, str(path), limit=REQUEST_LIMIT)
    path.chmod(0o600)
    return AdminSocket(server, path)


# -- plot admin's side ---------------------------------------------------------------
class NoServer(Exception):
    """No running server answers for that data folder; the message says what to check."""


def ask(home: Path, request: dict[str, Any], *, first_only: bool = False) -> list[dict[str, Any]]:
    """``request``'s answer from every server process of the data folder ``home`` (or
    from the first that answers, with ``first_only``)."""
    folder = Path(home) / ADMIN_DIR
    answers = []
    for path in sorted(folder.glob("*.sock")) if folder.is_dir() else []:
        try:
            answers.append(_ask_one(path, request))
        except (ConnectionRefusedError, FileNotFoundError):
            with contextlib.suppress(OSError):
                path.unlink()  # its process is gone
            continue
        if first_only:
            break
    if not answers:
        raise NoServer(
            f"no running plot serve answers for the data folder {home} (is it started with "
            "--data pointing there, and are you the user it runs as?)"
        )
    return answers


def _ask_one(path: Path, request: dict[str, Any]) -> dict[str, Any]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(WAIT)
        s.connect(str(path))
        s.sendall(json.dumps(request).encode() + b"\n")
        got = b""
        while not got.endswith(b"\n") and len(got) < ANSWER_LIMIT:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
    answer = json.loads(got)
    if not isinstance(answer, dict):
        raise ValueError("the server's answer was not a JSON object")
    return answer
