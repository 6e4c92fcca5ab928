"""Does the expert choose otherwise with more trials? (docs/reports/expert-strength.md, "More time".)

At the positions `make bench` uses for the expert (bench_expert.positions: every
fiftieth decision of hard-against-hard games on seeds 942000-942007) the expert
chooses a whole plan with 150, 600 and 2,400 trials, and again with 2,400 drawn from
another sampling seed (how often two equal budgets agree: the floor). Trials are
counted, not timed, so a run gives the same counts on any machine.

It also counts the trials a search stops at, against a search that never stops for
plans as good as equal (search.MATTERS set to 0), and whether the two choose alike.

    python -m tools.expert_agreement [--games 8]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from bench.expert import positions

from plot_core import Action, PlayerView, load_rules

BUDGETS = (150, 600, 2400)


def main(argv: list[str] | None = None) -> None:
    from plot_ai import search
    from plot_ai.expert import Expert

    ap = argparse.ArgumentParser(prog="python -m tools.expert_agreement")
    ap.add_argument("--games", type=int, default=8)
    args = ap.parse_args(argv)
    rules = load_rules()
    matters = search.MATTERS

    def plan(
        v: PlayerView, legal: list[Action], trials: int, seed: int, *, equal_stops: bool = True
    ) -> tuple[tuple[Action, ...], int]:
        """The whole plan chosen, and the trials it took."""
        search.MATTERS = matters if equal_stops else 0.0
        try:
            e = Expert(rules, trials=trials)
            first = e.decide(v, legal, random.Random(seed))
        finally:
            search.MATTERS = matters
        return (first, *e.plan), (e.last.trials if e.last is not None else 0)

    *fewer, most = BUDGETS
    agree: Counter[tuple[str, str]] = Counter()
    count: Counter[str] = Counter()
    alike: Counter[int] = Counter()
    spent: Counter[tuple[int, bool]] = Counter()
    for p in positions(rules, args.games):
        kind = "in the coup" if p.coup else "before the coup"
        seed = p.seed * 7 + p.n
        chosen = {b: plan(p.v, list(p.legal), b, seed) for b in BUDGETS}
        best = chosen[most][0]
        count[kind] += 1
        for b in fewer:
            agree[kind, f"{b} = {most}"] += chosen[b][0] == best
        again, _ = plan(p.v, list(p.legal), most, seed + 1)
        agree[kind, f"{most} = {most}, another seed"] += again == best
        for b in BUDGETS[1:]:
            plain, trials = plan(p.v, list(p.legal), b, seed, equal_stops=False)
            alike[b] += plain == chosen[b][0]
            spent[b, True] += chosen[b][1]
            spent[b, False] += trials
    for kind, n in count.items():
        said = ", ".join(f"{what}: {k} of {n}" for (where, what), k in agree.items() if where == kind)
        print(f"{kind} ({n} positions): {said}")
    for b in BUDGETS[1:]:
        now, plain = spent[b, True], spent[b, False]
        print(
            f"{b} trials, stopping also once the plans left are as good as equal: "
            f"{now:,} trials in all against {plain:,} ({1 - now / max(plain, 1):.0%} fewer), "
            f"the same plan at {alike[b]} of {sum(count.values())} positions"
        )


if __name__ == "__main__":
    main()
