"""The server's log of broken sessions: a traceback each, under --data, rotated so a
stranger who finds a way to break sessions cannot fill the disk with them."""

from __future__ import annotations

import logging
import traceback
from logging.handlers import RotatingFileHandler
from pathlib import Path

from plot_tui.plain import clean

LOG_BYTES = 1_000_000  # one file's size before it is rotated
LOG_FILES = 5  # rotated files kept


def failure_log_path(home: Path) -> Path:
    return Path(home) / "logs" / "failures.log"


def _logger(home: Path) -> logging.Logger:
    path = failure_log_path(home)
    log = logging.getLogger(f"plot.serve.failures.{path}")
    if not log.handlers:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_FILES, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.ERROR)
        log.propagate = False
    return log


def log_failure(home: Path, ref: str, who: str, error: BaseException) -> None:
    text = "".join(traceback.format_exception(error))
    try:
        _logger(home).error("reference %s, session of %s:\n%s", ref, clean(who), text)
    except OSError:
        pass  # the disk is the problem: the operator's line still says it
