"""A player's own settings, kept between games: a small JSON file per user.

Locally it lives in the user's config folder; `plot serve` keeps one per identity in
its own folder. A file that cannot be read is set aside in words, never fatal: the
defaults hold and the game goes on.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from plot_record.files import write_whole

# The map's colour sets a player may choose (plot_tui/palettes.py holds their colours).
PALETTE_NAMES = ("standard", "colour-blind", "high-contrast")


@attrs.frozen
class Settings:
    ask_before_rolling: bool = True  # the first Enter says, the second acts
    lessons_done: tuple[str, ...] = ()  # the tutorial's lessons finished (plot learn)
    palette: str = "standard"  # the map's colours (PALETTE_NAMES; Y changes)
    puzzle_rating: tuple[float, float, float] = (1500.0, 350.0, 0.06)  # Glicko-2: rating, RD, volatility
    puzzles_tried: tuple[tuple[str, bool], ...] = ()  # each puzzle tried, and whether solved
    puzzle_last: str = ""  # the puzzle tried last


def local_settings_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "plot" / "settings.json"


def user_settings(home: Path, key: str) -> SettingsFile:
    """`plot serve`: one file per identity (a key's fingerprint, or a name)."""
    return SettingsFile(user_settings_path(home, key))


def user_settings_path(home: Path, key: str) -> Path:
    """Where ``user_settings`` keeps an identity's file: under a name made from its hash,
    so no identity's text becomes a path."""
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return Path(home) / "users" / f"{digest}.json"


def _ask(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def _lessons(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise ValueError("expected a list of lesson names")
    return tuple(value)


def _palette(value: object) -> str:
    if value not in PALETTE_NAMES:
        raise ValueError(f"expected one of {', '.join(PALETTE_NAMES)}")
    return str(value)


def _rating(value: object) -> tuple[float, float, float]:
    numbers = value if isinstance(value, list) and len(value) == 3 else None
    if numbers is None or not all(
        isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in numbers
    ):
        raise ValueError("expected [rating, deviation, volatility]")
    rating, rd, volatility = (float(x) for x in numbers)
    if not (0 < rd <= 350 and 0 < volatility < 1):  # Glicko-2's own bounds (glicko.py)
        raise ValueError("expected a deviation in 0..350 and a volatility in 0..1")
    return rating, rd, volatility


def _tried(value: object) -> tuple[tuple[str, bool], ...]:
    if not isinstance(value, dict) or not all(isinstance(v, bool) for v in value.values()):
        raise ValueError("expected each puzzle's name and true or false")
    return tuple(sorted(value.items()))


def _name(value: object) -> str:
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError("expected a puzzle's name")
    return value


# Each setting's check: what the file holds, or ValueError saying what was expected.
CHECKS: dict[str, Callable[[object], object]] = {
    "ask_before_rolling": _ask,
    "lessons_done": _lessons,
    "palette": _palette,
    "puzzle_rating": _rating,
    "puzzles_tried": _tried,
    "puzzle_last": _name,
}


class SettingsFile:
    """``path`` None: kept in memory only (tests, a guest without a name)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem = ""  # why the file was not used, in words
        self.settings = self._load()

    def _load(self) -> Settings:
        """The file's settings, each checked on its own: one that cannot be read is
        said (``problem``) and its default holds, the others are kept."""
        if self.path is None or not self.path.exists():
            return Settings()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("expected an object of settings")
        except (OSError, ValueError) as exc:  # json's errors are ValueErrors
            self.problem = f"settings file {self.path} not used: {exc}"
            return Settings()
        values: dict[str, Any] = {}
        wrong: list[str] = []
        for key, check in CHECKS.items():
            if key not in data:
                continue
            try:
                values[key] = check(data[key])
            except (TypeError, ValueError) as exc:
                wrong.append(f"{key}: {exc}")
        if wrong:
            self.problem = f"settings file {self.path}: {'; '.join(wrong)} (the default holds)"
        return attrs.evolve(Settings(), **values)

    def reload(self) -> Settings:
        """The file read again (another session of the same player may have written it);
        settings kept in memory only stay as they are."""
        if self.path is not None:
            self.problem = ""
            self.settings = self._load()
        return self.settings

    def save(self, settings: Settings) -> str:
        """Keep ``settings``; returns '' or why they could not be written (they still
        hold for this session). What this session changed is written over what the
        file holds now, so a change another session of the same player made since (a
        puzzle solved, a lesson done) is kept, not written back to what it was."""
        changed = {
            field.name: getattr(settings, field.name)
            for field in attrs.fields(Settings)
            if getattr(settings, field.name) != getattr(self.settings, field.name)
        }
        if self.path is not None and self.path.exists():
            settings = attrs.evolve(self._load(), **changed)
        self.settings = settings
        if self.path is None:
            return ""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            data = attrs.asdict(settings)
            data["lessons_done"] = list(settings.lessons_done)
            data["puzzle_rating"] = list(settings.puzzle_rating)
            data["puzzles_tried"] = dict(settings.puzzles_tried)
            write_whole(self.path, json.dumps(data, indent=1), tmp=self.path.with_suffix(".tmp"))
        except OSError as exc:
            return f"could not save the setting ({exc.strerror or exc}); it holds until you quit"
        return ""
