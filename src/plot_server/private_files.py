"""What a server writes is its own to read: the SSH host key, and the data folder with
the game records (each holds the secret seed that deals both hands and every roll),
the table files, the results and the notice settings.

A server sets its umask to 077, so whatever it makes from then on is 0600 (files) or
0700 (folders) whatever umask it was started with; and at start it takes the group's
and others' bits off what an earlier version (or a looser umask) left of its own
entries in the data folder, and off its host key. Only the server's own entries are
touched (a `--data` that names a folder holding other things leaves those alone), and
no link is followed.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

PRIVATE_UMASK = 0o077
OPEN_BITS = stat.S_IRWXG | stat.S_IRWXO  # what a group or the world may do
# what a server keeps in its data folder: the records, the tables, the notices'
# settings, the failures' log and the results (hub.py, notices.py, logs.py, result_book.py)
SERVER_ENTRIES = ("games", "tables", "notices", "logs", "results.jsonl", "bans.json", "admin")


def keep_private() -> None:
    """From now on this process makes files and folders only its user can read."""
    os.umask(PRIVATE_UMASK)


def make_private(path: Path) -> None:
    """Take the group's and others' bits off ``path`` (a file or a folder; a link is
    left as it is, and so is what it points to)."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if mode & OPEN_BITS:
            os.fchmod(fd, stat.S_IMODE(mode) & ~OPEN_BITS)
    finally:
        os.close(fd)


def make_data_private(home: Path) -> list[str]:
    """The data folder (made if missing) and the server's own entries in it, as
    ``make_private``. Returns what could not be made private, and why (the server
    starts anyway; the host is told)."""
    problems: list[str] = []
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    paths = [home]
    for entry in SERVER_ENTRIES:
        top = home / entry
        if top.is_symlink() or not top.exists():
            continue
        paths.append(top)
        if top.is_dir():
            for folder, folders, files in os.walk(top):  # (os.walk follows no link)
                paths += [Path(folder) / name for name in [*folders, *files]]
    for path in paths:
        if path.is_symlink() or path.is_socket():
            continue  # (an admin socket is reached only through its folder, made private)
        try:
            make_private(path)
        except OSError as exc:
            problems.append(f"{path} could not be made private: {exc.strerror or exc}")
    return problems
