"""What a host watches: a server process's figures, as monitoring tools read them
(Prometheus's text format, at /metrics on the web door, to this machine only) and as
one line in the server's output each minute.

Each process counts for itself: with `--workers N`, a scrape of the shared port
reaches one worker, whose figures carry its ``pid``; the log has every worker's line.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from typing import Protocol

import attrs

from plot_core.english import counted

# Key-to-redraw buckets, in seconds: the 150 ms goal falls between two of them.
BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5)
LOG_EVERY = 60.0  # seconds between the figures' lines in the output


@attrs.define
class Latency:
    """The time from a key to the first output after it, as a histogram in seconds,
    and the minute's own times for the log's median."""

    counts: list[int] = attrs.Factory(lambda: [0] * len(BUCKETS))
    count: int = 0
    total: float = 0.0
    minute: list[float] = attrs.Factory(list)

    def observe(self, seconds: float) -> None:
        for i, bound in enumerate(BUCKETS):
            if seconds <= bound:
                self.counts[i] += 1
        self.count += 1
        self.total += seconds
        if len(self.minute) < 100_000:  # (a minute's keys; the histogram has them all)
            self.minute.append(seconds)

    def take_minute(self) -> list[float]:
        """The times since the last call, and a new minute begun."""
        taken, self.minute = self.minute, []
        return taken


@attrs.define
class Figures:
    """What the process counts as it runs (the rest is read when asked)."""

    key_to_redraw: Latency = attrs.Factory(Latency)
    started: float = attrs.Factory(time.time)


class Watched(Protocol):
    """What the figures are read from: the hub's tables, the doors' connections, the
    notices' outbox."""

    def players_connected(self) -> int: ...
    def connecting(self) -> int: ...
    def tables_loaded(self) -> int: ...
    def games_unfinished(self) -> int: ...
    def notices_sent(self) -> int: ...
    def store_away(self) -> bool | None: ...


def resident_bytes() -> int:
    """This process's resident memory (0 where /proc cannot say)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def prometheus_text(watched: Watched, figures: Figures, memory: Callable[[], int] = resident_bytes) -> str:
    """The figures in Prometheus's text exposition format (version 0.0.4)."""
    pid = f'pid="{os.getpid()}"'
    out: list[str] = []

    def one(name: str, kind: str, what: str, value: float) -> None:
        number = str(int(value)) if float(value).is_integer() else repr(float(value))  # every digit
        out.extend([f"# HELP {name} {what}", f"# TYPE {name} {kind}", f"{name}{{{pid}}} {number}"])

    one("plot_players_connected", "gauge", "Signed-in connections, every door.", watched.players_connected())
    one("plot_connections_signing_in", "gauge", "SSH connections not yet signed in.", watched.connecting())
    one("plot_tables_loaded", "gauge", "Tables held in this process's memory.", watched.tables_loaded())
    one("plot_games_unfinished", "gauge", "Unfinished games among them.", watched.games_unfinished())
    one("plot_notices_sent_total", "counter", "Notices sent (e-mail and webhook).", watched.notices_sent())
    away = watched.store_away()
    if away is not None:
        one("plot_store_away", "gauge", "1 while the shared store does not answer.", int(away))
    one("plot_resident_memory_bytes", "gauge", "This process's resident memory.", memory())
    one("plot_start_time_seconds", "gauge", "When this process started (Unix time).", figures.started)
    lat = figures.key_to_redraw
    name = "plot_key_to_redraw_seconds"
    out += [f"# HELP {name} From a key to the first output after it.", f"# TYPE {name} histogram"]
    for bound, n in zip(BUCKETS, lat.counts, strict=True):
        out.append(f'{name}_bucket{{{pid},le="{bound:g}"}} {n}')
    out += [
        f'{name}_bucket{{{pid},le="+Inf"}} {lat.count}',
        f"{name}_sum{{{pid}}} {lat.total:.6f}",
        f"{name}_count{{{pid}}} {lat.count}",
    ]
    return "\n".join(out) + "\n"


def minute_line(watched: Watched, figures: Figures, memory: Callable[[], int] = resident_bytes) -> str:
    """The minute's line for the server's output."""
    keys = figures.key_to_redraw.take_minute()
    latency = f"key to redraw {statistics.median(keys) * 1000:.0f} ms median" if keys else "key to redraw: -"
    store = {None: "", False: ", store answering", True: ", STORE AWAY"}[watched.store_away()]
    return (
        f"figures: {counted(watched.players_connected(), 'player')}, "
        f"{counted(watched.tables_loaded(), 'table')} loaded ({watched.games_unfinished()} unfinished), "
        f"{latency} over {counted(len(keys), 'key')}, {memory() / 2**20:.0f} MiB, "
        f"{counted(watched.notices_sent(), 'notice')} sent{store}"
    )
