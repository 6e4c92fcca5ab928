"""Random legal play reaches every result of every table (issue: engine II)."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from plot_core.engine.randomplay import busy_policy, play_random

SEEDS = 60


@pytest.mark.slow
def test_random_play_exercises_every_result_of_every_table(rules):
    seen: dict[str, Counter] = defaultdict(Counter)

    def watch(state):
        for e in state.events:
            if e.table in ("assignment", "randomizer"):
                seen[e.table][(e.row, e.column)] += 1
            elif e.table:
                seen[e.table][e.result] += 1

    for seed in range(SEEDS):
        play_random(seed, busy_policy, on_state=watch)
    t = rules.tables
    assert len(seen["assignment"]) == 36                           # every cell
    assert len(seen["randomizer"]) == 6 * len(t.randomizer.cells[0])
    for name in ("harassment", "recruitment", "investigation", "interrogation"):
        codes = {c for row in getattr(t, name).cells for c in row}
        assert set(seen[name]) == codes, (name, dict(seen[name]))
    assert set(seen["okw_panic"]) == {str(n) for n in t.okw_panic.counts}
