"""Names the host has barred (`plot admin ban`) or muted (`plot admin mute`). A barred
name is refused at sign-in on every door, with every name that looks just like it, and
its sessions are ended at once; a muted one may play but not talk, at a table or in the
lobby. Kept in the data folder's bans.json, written whole, so a restart keeps them; a
file that cannot be read is named to the host and bars no one (the server still
starts). With a shared store they are kept in it (plot_bans) instead, so a name barred
through one machine is barred on every machine: each process is told of the change and
reads them again (Hub.bans_heard ends the sessions it now bars)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import attrs

from plot_record.files import loads, read_regular, write_whole

from .lookalikes import skeleton
from .pgstore import BanRow, Store

BANS_FILE = "bans.json"
CARRIED = ".carried-into-the-store"  # the file's name once its bans are in a store
MAX_WHY = 200  # characters of a reason
BAR, MUTE = "bans", "mutes"  # the two lists, as the file names them
DONE = {BAR: "barred", MUTE: "muted"}


def trimmed(why: str) -> str:
    """A reason the host gave, as it is kept and shown: one line, at most MAX_WHY."""
    return " ".join(why.split())[:MAX_WHY]


@attrs.frozen
class Ban:
    name: str
    why: str
    at: str  # when, ISO 8601 UTC
    kind: str = BAR
    # the keys that signed in under the name, barred with it: a key holder may type
    # any user name, and would otherwise come back under another
    keys: tuple[str, ...] = ()

    def words(self) -> str:
        """What the player is told (the host's reason is theirs to read)."""
        return f"the host of this server has {DONE[self.kind]} the name {self.name!r}" + (
            f": {self.why}" if self.why else ""
        )


class Bans:
    """``store()``: the store's connection for the hub's loop, or None for the file."""

    def __init__(self, home: Path, store: Callable[[], Store] | None = None) -> None:
        self.path = Path(home) / BANS_FILE
        self.store = store
        self.kept: dict[str, dict[str, Ban]] = {BAR: {}, MUTE: {}}

    def load(self) -> list[str]:
        """The kept bars and mutes; what could not be read, for the host."""
        if self.store is not None:
            problems = self._carry_in() if self.path.exists() else []
            self.heard(self.store().bans())
            return problems
        if not self.path.exists():
            return []
        return self._read_file()

    def _read_file(self) -> list[str]:
        try:
            data: Any = loads(read_regular(self.path, limit=1 << 20), str(self.path))
            self.kept = {
                kind: {
                    str(b["name"]): Ban(
                        str(b["name"]), str(b["why"]), str(b["at"]), kind, tuple(map(str, b.get("keys", ())))
                    )
                    for b in data.get(kind, [])
                }
                for kind in (BAR, MUTE)
            }
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            return [f"the host's bans could not be read ({self.path}: {exc}); no name is barred or muted"]
        return []

    def _carry_in(self) -> list[str]:
        """The data folder's bans (kept there before its server had a store) copied into
        the store, once: the file is renamed after, so a restart does not bring back a
        ban lifted since. Those the store has already are left as they are."""
        store = self.store
        assert store is not None
        problems = self._read_file()
        if problems:
            return problems
        have = {(kind, name) for kind, name, *_ in store().bans()}
        for ban in self.all():
            if (ban.kind, ban.name) not in have:
                store().keep_ban(ban.kind, ban.name, ban.why, ban.at, list(ban.keys))
        with contextlib.suppress(FileNotFoundError):  # (another worker carried it)
            self.path.rename(self.path.with_name(self.path.name + CARRIED))
        return []

    def heard(self, rows: list[BanRow]) -> None:
        """The store's bars and mutes, as it has them now: (kind, name, why, when, keys)."""
        kept: dict[str, dict[str, Ban]] = {BAR: {}, MUTE: {}}
        for kind, name, why, at, keys in rows:
            if kind in kept:
                kept[kind][name] = Ban(name, why, at, kind, tuple(keys))
        self.kept = kept

    def _save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            kind: [
                {"name": b.name, "why": b.why, "at": b.at, "keys": list(b.keys)}
                for b in sorted(kept.values(), key=lambda b: b.at)
            ]
            for kind, kept in self.kept.items()
        }
        write_whole(self.path, json.dumps(data, indent=1) + "\n", tmp=self.path.with_suffix(".tmp"))

    def add(self, name: str, why: str, kind: str = BAR, keys: tuple[str, ...] = ()) -> Ban:
        ban = Ban(name, trimmed(why), datetime.now(UTC).isoformat(timespec="seconds"), kind, keys)
        if self.store is not None:  # (StoreError: not kept, and not in force)
            self.store().keep_ban(kind, name, ban.why, ban.at, list(keys))
            self.kept[kind][name] = ban
            return ban
        before = dict(self.kept[kind])
        self.kept[kind][name] = ban
        self._kept_or(kind, before)
        return ban

    def remove(self, name: str, kind: str = BAR) -> bool:
        if self.store is not None:
            gone = self.store().lift_ban(kind, name)  # (the store knows all machines' bans)
            self.kept[kind].pop(name, None)
            return gone
        before = dict(self.kept[kind])
        if self.kept[kind].pop(name, None) is None:
            return False
        self._kept_or(kind, before)
        return True

    def _kept_or(self, kind: str, before: dict[str, Ban]) -> None:
        """Saved, or back as it was (OSError): what is in force is what a restart reads."""
        try:
            self._save()
        except OSError:
            self.kept[kind] = before
            raise

    def all(self) -> list[Ban]:
        return sorted((b for kept in self.kept.values() for b in kept.values()), key=lambda b: b.at)

    def barring(self, name: str) -> Ban | None:
        """The bar on ``name``: its own, or one of a name it looks just like."""
        return self._on(name, BAR)

    def barring_key(self, key: str) -> Ban | None:
        """The bar on a key that signed in under a barred name, whatever name it gives."""
        return next((b for b in self.kept[BAR].values() if key in b.keys), None)

    def muting(self, name: str) -> Ban | None:
        return self._on(name, MUTE)

    def _on(self, name: str, kind: str) -> Ban | None:
        kept = self.kept[kind]
        if name in kept:
            return kept[name]
        # a bar on "troll" is not dodged by "Troll" or "TROLL": case is folded too
        drawn, folded = skeleton(name), skeleton(name.casefold())
        return next(
            (b for b in kept.values() if skeleton(b.name) == drawn or skeleton(b.name.casefold()) == folded),
            None,
        )
