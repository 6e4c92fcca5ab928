"""What a host watches: the figures' histogram, their Prometheus text and the
minute's line, read from a process's sources (the served end to end: test_web.py)."""

from __future__ import annotations

import attrs

from plot_server.figures import BUCKETS, Figures, Latency, minute_line, prometheus_text


@attrs.define
class Sources:
    away: bool | None = None

    def players_connected(self) -> int:
        return 3

    def connecting(self) -> int:
        return 1

    def tables_loaded(self) -> int:
        return 7

    def games_unfinished(self) -> int:
        return 5

    def notices_sent(self) -> int:
        return 2

    def store_away(self) -> bool | None:
        return self.away


def test_each_key_falls_in_every_bucket_at_or_above_it():
    lat = Latency()
    for seconds in (0.004, 0.04, 0.12, 3.0):
        lat.observe(seconds)
    by_bound = dict(zip(BUCKETS, lat.counts, strict=True))
    assert by_bound[0.01] == 1 and by_bound[0.05] == 2 and by_bound[0.15] == 3 and by_bound[2.5] == 3
    assert lat.count == 4 and abs(lat.total - 3.164) < 1e-9
    assert lat.take_minute() == [0.004, 0.04, 0.12, 3.0] and lat.take_minute() == []
    assert lat.count == 4  # the histogram keeps them all


def test_the_figures_in_prometheus_text():
    figures = Figures(started=1_700_000_000.0)
    figures.key_to_redraw.observe(0.03)
    text = prometheus_text(Sources(away=False), figures, memory=lambda: 300 * 2**20)
    lines = text.splitlines()
    samples = [ln for ln in lines if not ln.startswith("#") and "_bucket" not in ln]
    value = {ln.split("{")[0]: ln.rsplit(" ", 1)[1] for ln in samples}
    assert value["plot_players_connected"] == "3" and value["plot_connections_signing_in"] == "1"
    assert value["plot_tables_loaded"] == "7" and value["plot_games_unfinished"] == "5"
    assert value["plot_notices_sent_total"] == "2" and value["plot_store_away"] == "0"
    assert value["plot_resident_memory_bytes"] == str(300 * 2**20)
    assert value["plot_key_to_redraw_seconds_count"] == "1"
    assert 'le="0.025"} 0' in text and 'le="0.05"} 1' in text and 'le="+Inf"} 1' in text
    assert "# TYPE plot_key_to_redraw_seconds histogram" in text
    assert "# TYPE plot_notices_sent_total counter" in text
    assert "plot_store_away" not in prometheus_text(Sources(away=None), figures, memory=lambda: 0)  # no store
    for line in lines:  # every sample carries the process, for workers behind one port
        assert line.startswith("#") or 'pid="' in line


def test_the_minutes_line_says_the_figures_and_starts_a_new_minute():
    figures = Figures()
    for ms in (20, 40, 900):
        figures.key_to_redraw.observe(ms / 1000)
    line = minute_line(Sources(away=True), figures, memory=lambda: 250 * 2**20)
    assert line == (
        "figures: 3 players, 7 tables loaded (5 unfinished), key to redraw 40 ms median over 3 keys, "
        "250 MiB, 2 notices sent, STORE AWAY"
    )
    assert "key to redraw: - over 0 keys" in minute_line(Sources(), figures, memory=lambda: 0)
