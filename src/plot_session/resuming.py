"""Going on with a saved game: the record read back into a session that writes on
after its last good line. `plot resume` and the new-game screen's offer share it."""

from __future__ import annotations

from plot_record import Record, Recorder

from .session import Session


def resumed(record: Record, *, why: str = "") -> tuple[Session, str]:
    """The unfinished game of ``record`` where it stopped, saving on to the same file, and
    the words that say so ("Resumed X after action N"; ``why`` said after the count)."""
    recorder = Recorder(record.path, truncate_to=record.good_bytes)  # drops a cut-off last line
    notice = f"Resumed {record.path.name} after action {len(record.timeline)}{why}"
    if record.warnings:
        notice += " (its cut-off last line was dropped)"
    return Session.resume(record, recorder), notice + "."
