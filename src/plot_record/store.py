"""Records on disk: where they live, writing them as a game goes, reading them back.

Every line is written whole with one ``write`` and flushed at once, so a killed
process loses at most the line being written; that cut-off last line is
recognised when reading and dropped with a warning. Anything else wrong is an
error naming the line, and a record with an error is never written to.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Protocol

import attrs

from plot_core import Action, Player
from plot_core.engine import Outcome

from .clock import Grant
from .files import Unreadable, is_regular, loads, read_regular
from .format import (
    ActionLine,
    ChatLine,
    EndLine,
    Entry,
    FlagLine,
    Header,
    RecordError,
    ThinkLine,
    UndoLine,
    UnsayLine,
    action_line,
    chat_line,
    clock_line,
    end_line,
    header_line,
    human_sides,
    parse_entry,
    parse_header,
    think_line,
    undo_line,
    unsay_line,
)

SUFFIX = ".plot.jsonl"
MAX_LINE = 1024 * 1024  # a header with a long position is some kilobytes


def games_dir() -> Path:
    """Where games are kept unless told otherwise (XDG base directories)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "plot" / "games"


GAME_ID = re.compile(r"[0-9a-f]{8}")  # as new_game_id makes them


def records_named(given: str, directory: Path | None = None) -> list[Path]:
    """The records a player may mean: the one at a path, or the one of that file name in
    the games folder, or those of a game's id (the title's "game 83be89e6"; games with
    the same chosen seed share one, so there may be several)."""
    path = Path(given).expanduser()
    if path.exists() or path.is_symlink():  # (not a regular file: reading it says so, by name)
        return [path]
    folder = directory or games_dir()
    if path.name != given or not folder.is_dir():  # (a path that is not there)
        return []
    if (folder / given).exists():
        return [folder / given]
    if not GAME_ID.fullmatch(given):
        return []
    # "STAMP-ID.plot.jsonl", or "STAMP-ID-2.plot.jsonl" where two began the same second
    named = re.compile(rf".*-{given}(-\d+)?{re.escape(SUFFIX)}")
    found = [p for p in folder.glob(f"*-{given}*{SUFFIX}") if named.fullmatch(p.name)]
    return sorted(found, key=lambda p: p.name.removesuffix(SUFFIX))


def new_record_path(header: Header, directory: Path | None = None) -> Path:
    directory = directory or games_dir()
    stamp = header.created.replace(":", "").replace("-", "")
    # named by the game's id, never its seed: the name is shown on screens
    path = directory / f"{stamp}-{header.game}{SUFFIX}"
    n = 2
    while path.exists():
        path = directory / f"{stamp}-{header.game}-{n}{SUFFIX}"
        n += 1
    return path


@attrs.define
class RawRecord:
    """A record's lines, parsed but not yet checked against the rules."""

    path: Path
    header: Header
    entries: list[tuple[int, Entry]]  # (line number, entry)
    warnings: list[str]
    good_bytes: int  # length of the file without a cut-off tail


def read_raw(path: Path) -> RawRecord:
    try:
        data = read_regular(Path(path), what="record")  # not a pipe, a device, nor endless
    except Unreadable as exc:
        raise RecordError(str(exc)) from None
    return parse_raw(data, Path(path))


def parse_raw(data: bytes, path: Path) -> RawRecord:
    """A record's bytes, from a file or a shared store's rows; ``path`` names
    it in errors."""
    if not data.strip():
        raise RecordError(f"{path}: the file is empty, not a game record")
    lines = data.split(b"\n")
    last_complete = data.endswith(b"\n")
    if last_complete:
        lines.pop()  # the empty string after the final newline
    warnings: list[str] = []
    header: Header | None = None
    entries: list[tuple[int, Entry]] = []
    good = 0
    for n, raw in enumerate(lines, start=1):
        where = f"{path} line {n}"
        cut_off = n == len(lines) and not last_complete
        if len(raw) > MAX_LINE:
            raise RecordError(
                f"{where}: {len(raw):,} bytes long; a record's line may have at most {MAX_LINE:,}"
            )
        try:
            item = loads(raw, where)
        except Unreadable as exc:
            raise RecordError(str(exc)) from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            if cut_off and n > 1:
                warnings.append(
                    f"{path}: line {n} was cut off (the game was stopped while "
                    f"writing it); it is dropped and the game goes on from "
                    f"line {n - 1}"
                )
                break
            raise RecordError(f"{where}: not valid JSON ({exc})") from None
        if n == 1:
            header = parse_header(item, where)
        else:
            entries.append((n, parse_entry(item, where)))
        good += len(raw) + 1
    assert header is not None
    return RawRecord(Path(path), header, entries, warnings, min(good, len(data)))


# The one call that puts a record's bytes on disk; a test swaps it for one that fails
# as a full disk does (ENOSPC), to prove nothing is lost.
write_bytes = os.write


class RecordWriter(Protocol):
    """What a game writes its record through: a file (Recorder) or a server's shared
    store (plot_server.shared.StoreRecorder)."""

    @property
    def path(self) -> Path | str: ...
    @property
    def unsaved(self) -> Sequence[object]: ...
    def action(
        self, i: int, side: Player, action: Action, *, sync: bool = False, at: str | None = None
    ) -> None: ...
    def undo(self, i: int) -> None: ...
    def chat(self, line: ChatLine) -> None: ...
    def unsay(self, line: UnsayLine) -> None: ...
    def think(self, line: ThinkLine) -> None: ...
    def end(self, i: int, outcome: Outcome) -> None: ...
    def clock(self, line: Grant | FlagLine) -> None: ...
    def close(self) -> None: ...
    def abandon(self) -> None: ...
    def flush_unsaved(self, *, sync: bool = True) -> None: ...


class Recorder:
    """Appends a game's lines to its record, one write per line, straight to the file.

    ``fsync`` is called when a line matters most: a human's turn comes round (they
    may think for minutes) and at the end, so a power cut costs at most the
    computer's last few moves, and a killed process costs nothing.

    A line the disk refuses (full, say) is kept in ``unsaved``, with every line after
    it, and OSError is raised; ``flush_unsaved`` tries again, first cutting off any
    part of a line a failed write left, so the file only ever holds whole lines.
    """

    def __init__(self, path: Path, header: Header | None = None, *, truncate_to: int | None = None) -> None:
        self.path = Path(path)
        self.unsaved: list[bytes] = []
        if header is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # "x": a new game never writes over an existing file
            self._file = open(self.path, "xb", buffering=0)  # noqa: SIM115
            self._good = 0
            try:
                self._write(header_line(header), sync=True)
            except OSError:
                self.abandon()
                self.path.unlink(missing_ok=True)  # no record without its header
                raise
        else:
            self._file = open(self.path, "r+b", buffering=0)  # noqa: SIM115
            if truncate_to is not None:
                self._file.truncate(truncate_to)
            end = self._file.seek(0, os.SEEK_END)
            if end:
                self._file.seek(end - 1)
                if self._file.read(1) != b"\n":  # a last line whole but unterminated
                    self._file.write(b"\n")
            self._good = self._file.seek(0, os.SEEK_END)

    def action(
        self, i: int, side: Player, action: Action, *, sync: bool = False, at: str | None = None
    ) -> None:
        self._write(action_line(i, side, action, at), sync=sync)

    def undo(self, i: int) -> None:
        self._write(undo_line(i), sync=True)

    def chat(self, line: ChatLine) -> None:
        self._write(chat_line(line), sync=False)

    def unsay(self, line: UnsayLine) -> None:
        self._write(unsay_line(line), sync=True)  # (the host's word: kept at once)

    def think(self, line: ThinkLine) -> None:
        self._write(think_line(line), sync=False)

    def end(self, i: int, outcome: Outcome) -> None:
        self._write(end_line(i, outcome), sync=True)

    def clock(self, line: Grant | FlagLine) -> None:
        self._write(clock_line(line), sync=True)

    def sync(self) -> None:
        os.fsync(self._file.fileno())

    def close(self) -> None:
        """Sync and close; OSError (and the file left open) while lines are unsaved."""
        if not self._file.closed:
            self.flush_unsaved()
            self.sync()
            self._file.close()

    def abandon(self) -> None:
        """Close without a last sync (the file is about to be removed)."""
        try:
            self._file.close()
        except OSError:
            pass

    def _write(self, line: str, *, sync: bool) -> None:
        self.unsaved.append(line.encode("utf-8"))
        self.flush_unsaved(sync=sync)

    def flush_unsaved(self, *, sync: bool = True) -> None:
        """Write every line not yet on disk, in order; OSError if the disk still says
        no (what could not be written stays in ``unsaved``)."""
        if not self.unsaved:
            return
        fd = self._file.fileno()
        if os.lseek(fd, 0, os.SEEK_END) != self._good:  # a failed write left a part line
            os.ftruncate(fd, self._good)
            os.lseek(fd, self._good, os.SEEK_SET)
        while self.unsaved:
            view = memoryview(self.unsaved[0])
            while view:
                view = view[write_bytes(fd, view) :]
            self._good += len(self.unsaved.pop(0))
        if sync:
            os.fsync(fd)


def records_in(directory: Path | None = None) -> Iterator[Path]:
    directory = directory or games_dir()
    if directory.is_dir():
        yield from sorted(directory.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime)


def is_finished(path: Path) -> bool:
    """Cheap check: does the record end with an ``end`` line?"""
    if not is_regular(path):  # a pipe would make this wait for ever
        return False
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 4096))
            tail = f.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
    except OSError:
        return False
    return tail.startswith(b'{"end"')


def begun(path: Path) -> bool:
    """Has a human made an action in the record (any side's, if no human plays)? The
    computer may move first: a game opened and left at once can hold its moves."""
    try:
        with open(path, "rb") as f:
            head = json.loads(f.readline())
            players = head.get("players", {}) if isinstance(head, dict) else {}
            humans = {p.value for p in human_sides(players)}
            for raw in f:
                if not raw.startswith(b'{"i"'):
                    continue  # talk, reasons, undo and the like: not a move
                try:
                    line = json.loads(raw)
                except ValueError:
                    return False  # a line cut off where the game stopped
                if isinstance(line, dict) and line.get("side") in humans:
                    return True
    except (OSError, ValueError, AttributeError):
        pass
    return False


def latest_unfinished(directory: Path | None = None) -> Path | None:
    """The most recently played record that has no end line yet: one a human has moved
    in before one only opened (a game opened and left at once, by mistake as often as
    not, should not stand in front of one under way)."""
    unfinished = [p for p in reversed(list(records_in(directory))) if is_regular(p) and not is_finished(p)]
    return next((p for p in unfinished if begun(p)), unfinished[0] if unfinished else None)


__all__ = [
    "ActionLine",
    "EndLine",
    "RawRecord",
    "Recorder",
    "UndoLine",
    "games_dir",
    "is_finished",
    "latest_unfinished",
    "new_record_path",
    "read_raw",
    "records_in",
]
