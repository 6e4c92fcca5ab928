"""`plot serve --workers N`: N server processes on one port, one store.

Python runs one process's screens on one core, so a busy server needs more processes.
Each worker listens on the same port with SO_REUSEPORT (the kernel spreads new
connections among them) and keeps its tables in the shared PostgreSQL store, so a
player on one worker and their opponent on another play one game. This parent only
starts the workers and starts another when one dies; a player whose worker died
connects again and lands on a live one, where their seat waits for them.
"""

from __future__ import annotations

import os
import signal
import sys
import time
import traceback
from collections.abc import Callable

from .hub import to_operator

RESTART_PAUSE = 1.0  # seconds before a dead worker's place is filled


def supervise(n: int, serve: Callable[[int], None]) -> int:
    """Run ``serve(i)`` in each of ``n`` forked processes until told to stop."""
    children: dict[int, int] = {}  # pid -> worker number
    stopping = False

    def spawn(i: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            code = 0
            try:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.default_int_handler)
                serve(i)
            except KeyboardInterrupt:
                pass
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                os._exit(code)
        children[pid] = i

    def stop(signum, frame) -> None:
        nonlocal stopping
        stopping = True
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for k in range(1, n + 1):
        spawn(k)
    to_operator(f"{n} workers on one port, pids {', '.join(map(str, children))}")
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        if pid not in children or stopping:
            children.pop(pid, 0)
            continue
        i = children.pop(pid)
        why = (
            f"killed by signal {os.WTERMSIG(status)}"
            if os.WIFSIGNALED(status)
            else f"exit status {os.waitstatus_to_exitcode(status)}"
        )
        to_operator(f"worker {i} (pid {pid}) ended ({why}); starting another")
        time.sleep(RESTART_PAUSE)
        if not stopping:
            spawn(i)
    return 0
