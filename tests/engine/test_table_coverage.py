"""Random legal play reaches every result of every table."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from plot_core.engine.randomplay import busy_policy, play_random

SEEDS = 80


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
        last, _ = play_random(seed, busy_policy, on_state=watch)
        seen["ending"][last.outcome.case] += 1
    t = rules.tables
    assert len(seen["assignment"]) == 36  # every cell
    assert len(seen["randomizer"]) == 6 * len(t.randomizer.cells[0])
    for name in ("harassment", "coup_harassment", "recruitment", "investigation", "interrogation"):
        codes = {c for row in getattr(t, name).cells for c in row}
        assert set(seen[name]) == codes, (name, dict(seen[name]))
    assert set(seen["okw_panic"]) == {str(n) for n in t.okw_panic.counts}
    # 18.8: failure and the results a die plus a few Führer Access chits reach (12+ needs
    # six or more chits committed, which random play seldom gathers).
    assert {"-", "3/5/2", "2/5/2", "2/5/3"} <= set(seen["walkyrie"])
    # 18.72-18.74; the Abwehr's 18.71 and Hitler's death are rarer by chance (about 1 in
    # 70 and 1 in 200 busy games) and have their own position tests in test_coup.py.
    assert {"18.72", "18.73", "18.74"} <= set(seen["ending"]), dict(seen["ending"])
