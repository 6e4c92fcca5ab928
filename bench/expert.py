"""`make bench`, the expert's part: how many trials a second its search makes.

The expert thinks in trials (how much more of them buys: docs/reports/expert-strength.md, "More time"), so
this counts them. Positions are taken from games of the hard player against itself on seeds
942000-942007 (not the tuning seeds 700000-700099, nor the strength seeds
940000-940099): every fiftieth decision with a choice, before the coup and in it. At each
the expert's search runs with a fixed number of trials (not a time budget), so what it
chooses depends on nothing but the position and its seed: the run prints a digest of
every choice, which a change meant only to make it faster must leave as it is.

Figures are medians over the positions of each round, then the median of the rounds
(a machine shared with other work speeds up and slows down). With ``--before COMMIT``
the expert of that commit (plot_ai only, taken from git and loaded beside today's as
``plot_ai_before``, on today's engine) thinks about each position in turn with today's,
so that both meet the same load; the ratio printed is the median over positions of
today's trials per second to the other's, and the two must choose alike.

    python -m bench.expert [--rounds 3] [--trials 120] [--games 8] [--before COMMIT]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import random
import statistics
import tempfile
import time
from pathlib import Path

import attrs

from bench.from_git import import_from_git
from plot_core import Action, PlayerView, apply, legal_actions, load_rules, new_game, view
from plot_core.rules import Rules

SEEDS = 942000
EVERY = 50


@attrs.frozen
class Position:
    seed: int
    n: int  # the decision's number in its game
    v: PlayerView
    legal: tuple[Action, ...]

    @property
    def coup(self) -> bool:
        return self.v.coup is not None


def positions(rules: Rules, games: int) -> list[Position]:
    """Every EVERY-th decision with a choice in games of hard against hard."""
    from plot_ai.players import make

    found = []
    for seed in range(SEEDS, SEEDS + games):
        players = {side: make("hard", rules, think=30.0) for side in ("ss", "abwehr")}
        rnd = random.Random(seed)
        state, n = new_game(seed), 0
        while state.outcome is None:
            legal = legal_actions(state)
            if len(legal) > 1:
                n += 1
                v = view(state, state.to_act)
                if n % EVERY == 0:
                    found.append(Position(seed, n, v, tuple(legal)))
                action = players[state.to_act.value].decide(v, legal, rnd)
            else:
                action = legal[0]
            state = apply(state, action)
    return found


@attrs.frozen
class Expert:
    """One version of the expert's search."""

    name: str
    package: str

    def think(self, p: Position, rules: Rules, trials: int) -> tuple[float, float, int, str, str]:
        """Seconds to set the search up, seconds to search, trials made, the plan chosen,
        and the trials behind it (how many each plan had, and their sums)."""
        expert = importlib.import_module(f"{self.package}.expert")
        search_module = importlib.import_module(f"{self.package}.search")
        t0 = time.perf_counter()
        search = search_module.Search(
            p.v,
            p.legal,
            rules,
            p.seed * 1000 + p.n,
            prior=expert.Prior,
            walk=expert.WALK_COUP if p.coup else expert.WALK,
        )
        t1 = time.perf_counter()
        best = search.run(search_module.Budget(trials=trials))
        t2 = time.perf_counter()
        chosen = " ".join(map(str, search.plans[best].actions))
        return t1 - t0, t2 - t1, search.spent, chosen, f"{search.counts} {search.sums}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.expert")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--trials", type=int, default=120)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--before", metavar="COMMIT", help="compare with plot_ai of this commit")
    args = ap.parse_args(argv)
    rules = load_rules()
    experts = [Expert("now", "plot_ai")]
    with tempfile.TemporaryDirectory() as folder:
        if args.before:
            if import_from_git(args.before, "plot_ai", Path(folder)) is None:
                raise SystemExit(
                    f"cannot take plot_ai from git at {args.before!r}: no git history here, or no such commit"
                )
            experts.insert(0, Expert(args.before, "plot_ai_before"))
        report(experts, rules, args)


def report(experts: list[Expert], rules: Rules, args: argparse.Namespace) -> None:
    found = positions(rules, args.games)
    groups = {
        "before the coup": [p for p in found if not p.coup],
        "in the coup": [p for p in found if p.coup],
    }
    print(
        f"{len(found)} positions from {args.games} games of hard against hard "
        f"(seeds {SEEDS}-{SEEDS + args.games - 1}), {args.trials} trials each, "
        f"{args.rounds} rounds"
    )
    names = [e.name for e in experts]
    rates = {(e, g): [] for e in names for g in groups}
    setups = {(e, g): [] for e in names for g in groups}
    ratios: dict[str, list[float]] = {g: [] for g in groups}
    digests: dict[str, set[tuple[str, str]]] = {e: set() for e in names}
    for _ in range(args.rounds):
        digest = {e: hashlib.sha256() for e in names}  # the plans chosen
        work = {e: hashlib.sha256() for e in names}  # ... and the trials behind them
        for name, group in groups.items():
            rate: dict[str, list[float]] = {e: [] for e in names}
            setup: dict[str, list[float]] = {e: [] for e in names}
            for p in group:
                per: dict[str, float] = {}
                for e in experts:  # each position by each in turn
                    s, t, spent, chosen, trials = e.think(p, rules, args.trials)
                    digest[e.name].update(chosen.encode())
                    work[e.name].update(f"{chosen} {trials}".encode())
                    setup[e.name].append(s * 1000)
                    if spent > 1:  # a single plan is played untried
                        per[e.name] = spent / (s + t)
                        rate[e.name].append(spent / t)
                if len(per) == 2:
                    ratios[name].append(per[names[1]] / per[names[0]])
            for e in names:
                rates[(e, name)].append(statistics.median(rate[e]))
                setups[(e, name)].append(statistics.median(setup[e]))
        for e in names:
            digests[e].add((digest[e].hexdigest()[:16], work[e].hexdigest()[:16]))
    for name, group in groups.items():
        print(f"  {name} ({len(group)} positions):")
        for e in names:
            r = rates[(e, name)]
            print(
                f"    {e}: {statistics.median(r):,.0f} trials/s, setting up a search "
                f"{statistics.median(setups[(e, name)]):.1f} ms (medians; rounds: "
                f"{', '.join(f'{x:,.0f}' for x in r)})"
            )
        if ratios[name]:
            print(
                f"    now / {names[0]}, trials per second counting the set-up, median "
                f"over positions: {statistics.median(ratios[name]):.2f}x"
            )
    for e in names:
        if len(digests[e]) != 1:
            raise SystemExit(f"{e}: the choices differed between rounds: {sorted(digests[e])}")
    shown = {e: next(iter(digests[e])) for e in names}
    print(
        f"  choices digest: {', '.join(f'{e} {d[0]}' for e, d in shown.items())}; "
        f"with the trials: {', '.join(f'{e} {d[1]}' for e, d in shown.items())}"
    )
    if len({d[0] for d in shown.values()}) > 1:
        print("  the two chose differently (expected only of a change meant to play otherwise)")
    elif len({d[1] for d in shown.values()}) > 1:
        print("  the same plans, on other trials (expected only of a change to how trials are shared out)")


if __name__ == "__main__":
    main()
