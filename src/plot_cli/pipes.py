"""A command whose reader stops early (`plot selfplay -v | head`) ends quietly.

Python ignores SIGPIPE, so a write to a pipe whose reader has gone raises
BrokenPipeError; left alone that prints a traceback, and Python's own flush of stdout
at exit meets the closed pipe again. A Unix tool is ended by the signal instead, and
its shell reports 128 + SIGPIPE: so do we, with nothing on stderr.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
from collections.abc import Callable
from typing import ParamSpec

P = ParamSpec("P")

CLOSED_PIPE = 128 + signal.SIGPIPE  # the status a shell reports for a tool the closed pipe ended


def quiet_when_the_reader_stops(main: Callable[P, int | None]) -> Callable[P, int]:
    """``main``, ending with CLOSED_PIPE and no traceback if its output's reader stops."""

    @functools.wraps(main)
    def run(*args: P.args, **kwargs: P.kwargs) -> int:
        try:
            code = main(*args, **kwargs)
            sys.stdout.flush()  # what is still buffered meets the closed pipe here, not at exit
            return code or 0
        except BrokenPipeError:
            # nothing more is wanted: whatever is still buffered goes nowhere
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return CLOSED_PIPE

    return run
