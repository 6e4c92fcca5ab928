"""What a server writes is its own to read: the SSH host key, and the data folder with
the game records (each holds the secret seed that deals both hands and every roll),
the table files, the results and the notice settings.

A server sets its umask to 077, so whatever it makes from then on is 0600 (files) or
0700 (folders) whatever umask it was started with; and at start it takes the group's
and others' bits off what an earlier version (or a looser umask) left in its data
folder and off its host key.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

PRIVATE_UMASK = 0o077
OPEN_BITS = stat.S_IRWXG | stat.S_IRWXO  # what a group or the world may do


def keep_private() -> None:
    """From now on this process makes files and folders only its user can read."""
    os.umask(PRIVATE_UMASK)


def make_private(path: Path) -> None:
    """Take the group's and others' bits off ``path`` (a file or a folder, not a link)."""
    mode = path.lstat().st_mode
    if not stat.S_ISLNK(mode) and mode & OPEN_BITS:
        path.chmod(stat.S_IMODE(mode) & ~OPEN_BITS)


def make_data_private(home: Path) -> None:
    """The data folder and everything under it, as ``make_private``; made if missing."""
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    make_private(home)
    for folder, folders, files in os.walk(home):
        for name in [*folders, *files]:
            make_private(Path(folder) / name)
