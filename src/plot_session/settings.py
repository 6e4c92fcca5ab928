"""A player's own settings, kept between games: a small JSON file per user.

Locally it lives in the user's config folder; `plot serve` keeps one per identity in
its own folder. A file that cannot be read is set aside in words, never fatal: the
defaults hold and the game goes on.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

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


def local_settings_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "plot" / "settings.json"


def user_settings(home: Path, key: str) -> SettingsFile:
    """`plot serve`: one file per identity (a key's fingerprint, or a name), under a name
    made from its hash, so no identity's text becomes a path."""
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return SettingsFile(Path(home) / "users" / f"{digest}.json")


class SettingsFile:
    """``path`` None: kept in memory only (tests, a guest without a name)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem = ""  # why the file was not used, in words
        self.settings = self._load()

    def _load(self) -> Settings:
        if self.path is None or not self.path.exists():
            return Settings()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("expected an object of settings")
            ask = data.get("ask_before_rolling", True)
            if not isinstance(ask, bool):
                raise ValueError("ask_before_rolling: expected true or false")
            done = data.get("lessons_done", [])
            if not isinstance(done, list) or not all(isinstance(k, str) for k in done):
                raise ValueError("lessons_done: expected a list of lesson names")
            palette = data.get("palette", "standard")
            if palette not in PALETTE_NAMES:
                raise ValueError(f"palette: expected one of {', '.join(PALETTE_NAMES)}")
            rating = data.get("puzzle_rating", [1500.0, 350.0, 0.06])
            if (
                not isinstance(rating, list)
                or len(rating) != 3
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0 for x in rating)
            ):
                raise ValueError("puzzle_rating: expected [rating, deviation, volatility]")
            tried = data.get("puzzles_tried", {})
            if not isinstance(tried, dict) or not all(isinstance(v, bool) for v in tried.values()):
                raise ValueError("puzzles_tried: expected each puzzle's name and true or false")
            return Settings(
                ask_before_rolling=ask,
                lessons_done=tuple(done),
                palette=palette,
                puzzle_rating=(float(rating[0]), float(rating[1]), float(rating[2])),
                puzzles_tried=tuple(sorted(tried.items())),
            )
        except (OSError, ValueError) as exc:  # json's errors are ValueErrors
            self.problem = f"settings file {self.path} not used: {exc}"
            return Settings()

    def save(self, settings: Settings) -> str:
        """Keep ``settings``; returns '' or why they could not be written (they still
        hold for this session)."""
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
