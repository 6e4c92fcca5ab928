"""Does the expert choose otherwise with more trials? (README, "More time".)

At the positions `make bench` uses for the expert (bench_expert.positions: every
fiftieth decision of hard-against-hard games on seeds 942000-942007) the expert
chooses a whole plan with 150, 600 and 2,400 trials, and again with 2,400 drawn from
another sampling seed (how often two equal budgets agree: the floor). Trials are
counted, not timed, so a run gives the same counts on any machine.

    python -m plot_cli.expert_agreement [--games 8]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from plot_core import Action, PlayerView, load_rules

from .bench_expert import positions

BUDGETS = (150, 600, 2400)


def main(argv: list[str] | None = None) -> None:
    from plot_ai.expert import Expert

    ap = argparse.ArgumentParser(prog="python -m plot_cli.expert_agreement")
    ap.add_argument("--games", type=int, default=8)
    args = ap.parse_args(argv)
    rules = load_rules()

    def plan(v: PlayerView, legal: list[Action], trials: int, seed: int) -> tuple[Action, ...]:
        e = Expert(rules, trials=trials)
        first = e.decide(v, legal, random.Random(seed))
        return (first, *e.plan)

    *fewer, most = BUDGETS
    agree: Counter[tuple[str, str]] = Counter()
    count: Counter[str] = Counter()
    for p in positions(rules, args.games):
        kind = "in the coup" if p.coup else "before the coup"
        seed = p.seed * 7 + p.n
        best = plan(p.v, list(p.legal), most, seed)
        count[kind] += 1
        for b in fewer:
            agree[kind, f"{b} = {most}"] += plan(p.v, list(p.legal), b, seed) == best
        again = plan(p.v, list(p.legal), most, seed + 1)
        agree[kind, f"{most} = {most}, another seed"] += again == best
    for kind, n in count.items():
        said = ", ".join(f"{what}: {k} of {n}" for (where, what), k in agree.items() if where == kind)
        print(f"{kind} ({n} positions): {said}")


if __name__ == "__main__":
    main()
