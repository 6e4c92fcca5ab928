"""Names the host has barred (`plot admin ban`): refused at sign-in on every door, with
every name that looks just like them, and their sessions ended at once. Kept in the
data folder's bans.json, written whole, so a restart keeps them; a file that cannot be
read is named to the host and bars no one (the server still starts)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import attrs

from plot_record.files import loads, read_regular, write_whole

from .lookalikes import skeleton

BANS_FILE = "bans.json"
MAX_WHY = 200  # characters of a ban's reason


@attrs.frozen
class Ban:
    name: str
    why: str
    at: str  # when, ISO 8601 UTC

    def words(self) -> str:
        """What a barred player is told (the host's reason is theirs to read)."""
        return f"the host of this server has barred the name {self.name!r}" + (
            f": {self.why}" if self.why else ""
        )


class Bans:
    def __init__(self, home: Path) -> None:
        self.path = Path(home) / BANS_FILE
        self.kept: dict[str, Ban] = {}

    def load(self) -> list[str]:
        """The kept bans; what could not be read, for the host."""
        if not self.path.exists():
            return []
        try:
            data: Any = loads(read_regular(self.path, limit=1 << 20), str(self.path))
            self.kept = {
                str(b["name"]): Ban(str(b["name"]), str(b["why"]), str(b["at"])) for b in data["bans"]
            }
        except (OSError, ValueError, KeyError, TypeError) as exc:
            return [f"the host's bans could not be read ({self.path}: {exc}); no name is barred"]
        return []

    def _save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        bans = [attrs.asdict(b) for b in sorted(self.kept.values(), key=lambda b: b.at)]
        write_whole(self.path, json.dumps({"bans": bans}, indent=1) + "\n", tmp=self.path.with_suffix(".tmp"))

    def add(self, name: str, why: str) -> Ban:
        ban = Ban(name, " ".join(why.split())[:MAX_WHY], datetime.now(UTC).isoformat(timespec="seconds"))
        self.kept[name] = ban
        self._save()
        return ban

    def remove(self, name: str) -> bool:
        if self.kept.pop(name, None) is None:
            return False
        self._save()
        return True

    def barring(self, name: str) -> Ban | None:
        """The ban that bars ``name``: its own, or one of a name it looks just like."""
        if name in self.kept:
            return self.kept[name]
        drawn = skeleton(name)
        return next((b for b in self.kept.values() if skeleton(b.name) == drawn), None)
