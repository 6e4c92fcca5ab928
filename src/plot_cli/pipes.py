"""A command whose reader stops early (`plot selfplay -v | head`) ends quietly.

Python ignores SIGPIPE, so a write to a pipe whose reader has gone raises
BrokenPipeError; left alone, that prints a traceback, and Python's own flush of stdout
at exit meets the closed pipe again. A Unix tool is ended by the signal instead, and
its shell reports 128 + SIGPIPE; we end with that status, with nothing on stderr.
"""

from __future__ import annotations

import functools
import os
import select
import sys
from collections.abc import Callable
from typing import ParamSpec

P = ParamSpec("P")

CLOSED_PIPE = 141  # 128 + SIGPIPE (13): the status a shell reports for a tool a closed pipe ended


def _flush() -> None:
    if sys.stdout is not None:  # (none when started with its stdout closed)
        sys.stdout.flush()


def _reader_gone() -> bool:
    """Has the reader of stdout gone (the write end of a pipe with no reader polls as an
    error)? A broken pipe elsewhere (a socket, a child's pipe) is not ours to hide."""
    if sys.stdout is None:
        return False
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):
        return False
    poll = select.poll()
    poll.register(fd, select.POLLOUT)
    return any(events & select.POLLERR for _, events in poll.poll(0))


def quiet_when_the_reader_stops(main: Callable[P, int | None]) -> Callable[P, int]:
    """``main``, ending with CLOSED_PIPE and no traceback if its stdout's reader stops."""

    @functools.wraps(main)
    def run(*args: P.args, **kwargs: P.kwargs) -> int:
        try:
            try:
                code = main(*args, **kwargs)
            except SystemExit:  # (--help, a bad argument): its words, too, may be buffered
                _flush()
                raise
            _flush()  # what is still buffered meets the closed pipe here, not at exit
            return code or 0
        except BrokenPipeError:
            if not _reader_gone():
                raise
            # nothing more is wanted: whatever is still buffered goes nowhere
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return CLOSED_PIPE

    return run
