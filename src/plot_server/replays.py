"""A finished table's game, replayed by anyone in the lobby (R): its record as it was
saved, in a file or in the store, and its chances and turning points worked out once
for every viewer.

A finished game hides nothing (the game screen shows both sides' chits once it is
over), so its replay opens with everyone's eyes. Notes are not kept: a served record is
the server's, not the viewer's. Reading the record and working out the chances are slow,
so both run off the event loop; the analysis is kept in memory, one per game, for as
long as the table is listed, and beside a file record as the local viewer keeps it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

from plot_core import Rules
from plot_record import Record, load_record
from plot_session.analysis import (
    EXPERT_TRIALS,
    VIEWER_POINTS,
    Alternative,
    Analysis,
    TurningPoint,
    alternatives,
    analyse,
    kept_alternative,
    kept_analysis,
)

from .hub_store import stored_record
from .pgstore import STORED, Store
from .tables import Refused, ServedTable

KEPT_ANALYSES = 20  # games whose analysis stays in memory (about the lobby's finished list)
KEPT_ALTERNATIVES = KEPT_ANALYSES * VIEWER_POINTS


def _stored(record: Record) -> bool:
    """Is it a stored table's record (no file beside which to keep what is worked out)?"""
    return str(record.path).startswith(STORED)


class FinishedGames:
    def __init__(self, rules: Rules, store_url: str | None) -> None:
        self.rules = rules
        self.store_url = store_url
        self._analyses: OrderedDict[str, Analysis] = OrderedDict()
        # the expert's choice at a turning point, by (game, action): asked once
        self._better: OrderedDict[tuple[str, int], Alternative | None] = OrderedDict()
        self._lock = threading.Lock()  # one analysis at a time: a second viewer waits for it

    @staticmethod
    def check_finished(table: ServedTable) -> None:
        if not table.over:
            raise Refused(
                f"Table {table.id}'s game is not over: press w to watch it "
                "(a replay would show what its players may not yet see)."
            )

    def record(self, table: ServedTable) -> Record:
        """The table's record as saved (slow: read it in a worker thread)."""
        self.check_finished(table)
        if isinstance(table.record, Path) or table.meta_path is not None:
            return load_record(Path(table.record), self.rules)
        if self.store_url is None:
            raise Refused(f"Table {table.id}'s record is in a store this server has no link to.")
        store = Store(self.store_url)  # a connection of this thread's own
        try:
            rows = store.lines(table.id)
        finally:
            store.close()
        return stored_record(table.id, rows, self.rules)

    def analysis(self, record: Record) -> Analysis:
        """The game's chances and turning points (slow: in a worker thread), worked out
        once however many watch it."""
        with self._lock:
            found = self._analyses.get(record.header.game)
            if found is None:
                if _stored(record):
                    found = analyse(record, top=VIEWER_POINTS)  # no file to keep it beside
                else:
                    found = kept_analysis(record, top=VIEWER_POINTS)
                self._analyses[record.header.game] = found
                while len(self._analyses) > KEPT_ANALYSES:
                    self._analyses.popitem(last=False)
            return found

    def alternative(self, record: Record, point: TurningPoint) -> Alternative | None:
        """What the expert would have done at a turning point (a search: in a worker
        thread), asked once however many watch it."""
        key = (record.header.game, point.i)
        with self._lock:
            if key not in self._better:
                if _stored(record):  # no file to keep it beside
                    found = alternatives(record, (point,), trials=EXPERT_TRIALS)
                    self._better[key] = found[0] if found else None
                else:
                    self._better[key] = kept_alternative(record, point)
                while len(self._better) > KEPT_ALTERNATIVES:
                    self._better.popitem(last=False)
            return self._better[key]
