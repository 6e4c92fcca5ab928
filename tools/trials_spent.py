"""How much of a counted budget the expert's search spends, by how many plans it weighs
(docs/reports/expert-strength.md, "The search's counted budget").

Plays ``--games`` games of the expert against itself at ``--trials`` counted trials a
decision, from ``--seed`` on, and prints, for each band of how many plans a search
weighed, how many searches there were and the mean of the trials they spent. A search
stops early once more trials could not change its choice, so the mean is below the
budget where plans are few; where they are many, what is left unspent is budget the
search had no way to use. Every plan is tried once before the budget is shared out (the
first trials also time one), so a budget smaller than the plans is overrun.

    python -m tools.trials_spent [--games 2] [--seed 5] [--trials 150]
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

from plot_ai import expert as expert_module
from plot_ai import search
from plot_ai.players import Timed, make
from plot_cli.pipes import quiet_when_the_reader_stops
from plot_core import load_rules
from plot_core.selfplay import play_game

BANDS: tuple[tuple[int, float], ...] = ((2, 8), (9, 16), (17, 32), (33, math.inf))


@contextmanager
def counting() -> Iterator[dict[tuple[int, float], list[int]]]:
    """While open, the trials spent by each of the expert's searches with two plans or
    more, by its band of plans weighed (the expert builds its searches by the name
    plot_ai.expert.Search, which is ours meanwhile)."""
    out: dict[tuple[int, float], list[int]] = defaultdict(list)

    class Counted(search.Search):
        def run(self, budget: search.Budget, *, second_look: bool = False) -> int:
            chosen = super().run(budget, second_look=second_look)
            band = next((b for b in BANDS if b[0] <= len(self.plans) <= b[1]), None)
            if band is not None:
                out[band].append(self.spent)
            return chosen

    real = expert_module.Search
    expert_module.Search = Counted
    try:
        yield out
    finally:
        expert_module.Search = real


def spent(games: int, seed: int, trials: int) -> dict[tuple[int, float], list[int]]:
    """Trials spent by each search with two plans or more in ``games`` games of the
    expert against itself, played as `plot selfplay` plays them (play_game), by its
    band of plans weighed."""
    rules = load_rules()

    def expert() -> Timed:
        return Timed(make("expert", rules, trials=trials))

    with counting() as out:
        for g in range(seed, seed + games):
            play_game(g, expert(), expert())
    return out


@quiet_when_the_reader_stops
def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.trials_spent", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--trials", type=int, default=150)
    args = ap.parse_args(argv)
    found = spent(args.games, args.seed, args.trials)
    print(f"{args.games} game(s) from seed {args.seed}, {args.trials} counted trials a decision")
    for lo, hi in BANDS:
        got = found.get((lo, hi), [])
        mean = sum(got) / len(got) if got else 0.0
        label = f"{lo}+" if hi == math.inf else f"{lo}-{hi}"
        print(f"  {label:>6} plans: {len(got):5} searches, trials spent mean {mean:6.1f} of {args.trials}")


if __name__ == "__main__":
    raise SystemExit(main())
