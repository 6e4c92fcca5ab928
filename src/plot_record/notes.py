"""Notes on a replay: a study of a game, kept beside its record in a file of
its own (``GAME.plot.notes.json``), so the record itself never changes.

    {"format": "plot-notes", "version": 1, "game": "3f9a01c2",
     "notes": [{"at": 14, "time": "2026-11-23T21:40:05Z", "text": "the coup comes too early"}]}

``at`` is the position the note is about (0: the start, i: after action i).
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs

from plot_core.outside_text import hidden_character

from .files import Unreadable, loads, read_regular, write_whole
from .format import RecordError, utc_stamp

FORMAT = "plot-notes"
NOTE_MAX = 2000  # characters a note holds
NOTES_MAX = 5000  # notes a file holds


@attrs.frozen
class Note:
    at: int
    time: str
    text: str


def notes_path(record: Path) -> Path:
    name = record.name
    stem = name[: -len(".jsonl")] if name.endswith(".jsonl") else name
    return record.with_name(f"{stem}.notes.json")


def load_notes(record: Path, game: str) -> list[Note]:
    """The notes of the game recorded at ``record`` ([] if none); RecordError names the
    file and what is wrong with it."""
    path = notes_path(record)
    if not path.exists():
        return []
    try:
        data = loads(read_regular(path, limit=4 * 1024 * 1024, what="notes file"), str(path))
    except (Unreadable, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"{path}: not a notes file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
        raise RecordError(f'{path}: not a notes file (expected "format": "{FORMAT}", "version": 1)')
    if data.get("game") != game:
        raise RecordError(f"{path}: these notes are about game {data.get('game')!r}, not {game!r}")
    notes = data.get("notes")
    if not isinstance(notes, list) or len(notes) > NOTES_MAX:
        raise RecordError(f"{path}: notes must be a list of at most {NOTES_MAX}")
    out = []
    for k, n in enumerate(notes):
        at = n.get("at") if isinstance(n, dict) else None
        ok = (
            isinstance(at, int)
            and not isinstance(at, bool)
            and at >= 0
            and isinstance(n.get("text"), str)
            and len(n["text"]) <= NOTE_MAX
            and isinstance(n.get("time"), str)
            and len(n["time"]) <= 32
        )
        if not ok:
            raise RecordError(
                f"{path}: note {k + 1} must give at (a position from 0), time "
                f"and text (at most {NOTE_MAX} characters)"
            )
        assert isinstance(at, int)  # (ok says so; for the type checker)
        out.append(Note(at, n["time"], n["text"]))
    return out


def save_notes(record: Path, game: str, notes: list[Note]) -> None:
    """Written whole and renamed into place: a crash leaves the old notes or the new."""
    data = {"format": FORMAT, "version": 1, "game": game, "notes": [attrs.asdict(n) for n in notes]}
    write_whole(notes_path(record), json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def new_note(at: int, text: str) -> Note:
    text = text.strip()
    if not text:
        raise ValueError("the note is empty")
    if len(text) > NOTE_MAX:
        raise ValueError(f"a note holds at most {NOTE_MAX} characters ({len(text)} typed)")
    hidden = hidden_character(text)
    if hidden is not None:
        raise ValueError(f"a note may not hold {hidden}: it is unseen, and would change how the note reads")
    return Note(at, utc_stamp(), text)
