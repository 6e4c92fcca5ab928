"""`plot serve --store URL --import DIR`: a files-based server's tables into
the shared store. Each table gets the store's next number; its record is checked by
the rules before it goes in (a cut-off last line is dropped, as a restart would), and
one that cannot be read is named and left where it is. Run twice, it adds nothing."""

from __future__ import annotations

from pathlib import Path

from plot_core import Rules
from plot_record import RecordError, load_record
from plot_record.files import Unreadable, loads, read_regular

from .hub import TABLE_FILE_VERSION, number
from .pgstore import Store, StoreError, prepare
from .tables import record_path


def import_tables(home: Path, url: str, rules: Rules) -> tuple[list[str], list[str], list[str]]:
    """(what was imported, as "T3 -> T17"; what was there before; what could not be,
    with why)."""
    prepare(url)
    store = Store(url)
    done: list[str] = []
    before: list[str] = []
    problems: list[str] = []
    try:
        for meta_path in sorted(Path(home, "tables").glob("T*.json"), key=lambda p: number(p.stem)):
            try:
                meta = loads(read_regular(meta_path, limit=64 * 1024), str(meta_path))
                if not isinstance(meta, dict) or meta.get("version") != TABLE_FILE_VERSION:
                    raise ValueError("not a table file of this plot version")
                path = record_path(Path(home), meta.get("record"), str(meta.get("id")))
                record = load_record(path, rules)  # checked, line by line
                data = read_regular(path, what="record")[: record.good_bytes]
                lines = data.decode("utf-8").splitlines()
                # (its listing, made under its old number, is made again from the game
                # by the first server that starts on the store)
                row = {k: v for k, v in meta.items() if k != "listing"}
                new_id = store.import_table(
                    dict(row, imported=f"{meta_path}:{meta['id']}"), lines, record.finished
                )
            except (OSError, ValueError, KeyError, TypeError, RecordError, Unreadable) as exc:
                problems.append(f"{meta_path}: {exc}")
                continue
            if new_id is None:
                before.append(str(meta_path))
            else:
                done.append(f"{meta['id']} -> {new_id}")
    except StoreError as exc:
        problems.append(str(exc))
    finally:
        store.close()
    return done, before, problems
