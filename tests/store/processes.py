"""Server processes on one store, each with a loop the test turns by hand."""

from __future__ import annotations

import queue
import time

from fakes import Later
from plot_server.hub import Hub
from served.moves import pass_the_move


class Loop:
    """One process's event loop: what the store's threads post runs when turned."""

    def __init__(self) -> None:
        self.posted: queue.Queue = queue.Queue()
        self.clock = Later()

    def post(self, callback) -> None:
        self.posted.put(callback)

    def turn(self) -> None:
        while True:
            try:
                self.posted.get_nowait()()
            except queue.Empty:
                break
        self.clock.run()


class Processes:
    def __init__(self, rules, tmp_path, url, n: int = 2, wall=None) -> None:
        self.loops = [Loop() for _ in range(n)]
        self.hubs = []
        for i, loop in enumerate(self.loops):
            hub = Hub(rules, tmp_path / f"p{i}", later=loop.clock, **({} if wall is None else {"wall": wall}))
            hub.use_store(url, loop.post)
            hub.restore()
            self.hubs.append(hub)

    def until(self, condition, timeout: float = 30.0) -> None:  # (a loaded CI box is slow to notify)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for loop in self.loops:
                loop.turn()
            if condition():
                return
            time.sleep(0.002)
        raise AssertionError("the processes did not agree in time")

    def load(self, hub, table_id: str):
        """``table_id`` loaded in ``hub``, once it has heard of it (as a player sitting
        down or watching there loads it)."""
        self.until(lambda: table_id in hub.listed or table_id in hub.tables)
        return hub.table(table_id)

    def pass_the_move(self, guest) -> None:
        """``guest``'s side plays until the move passes, each action saved before the next."""
        pass_the_move(guest, settle=lambda: self.until(lambda: not guest.chair.table.session.unsaved))

    def close(self) -> None:
        for hub in self.hubs:
            hub.shared.stop()
