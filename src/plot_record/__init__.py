"""plot_record: game records on disk, the checked timeline they replay into, and accounts.

Depends on plot_core only; the client and the server use it, never the reverse.
"""

from .format import ChatLine, Header, PlanLine, RecordError, ThinkLine, new_game_id, secret_seed, utc_stamp
from .store import (
    Recorder,
    RecordWriter,
    games_dir,
    is_finished,
    latest_unfinished,
    new_record_path,
    read_raw,
    records_in,
    records_named,
)
from .timeline import Record, Step, Timeline, check, load_record, start_state

__all__ = [
    "utc_stamp",
    "ChatLine",
    "Header",
    "PlanLine",
    "Record",
    "RecordError",
    "RecordWriter",
    "Recorder",
    "Step",
    "ThinkLine",
    "Timeline",
    "check",
    "games_dir",
    "is_finished",
    "latest_unfinished",
    "load_record",
    "records_named",
    "new_record_path",
    "read_raw",
    "new_game_id",
    "records_in",
    "secret_seed",
    "start_state",
]
