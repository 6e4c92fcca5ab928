"""Weighing one decision's plans closely enough to say that one is clearly best.

The expert's search (search.py) only needs to pick a plan; a puzzle needs to know by how
much the best beats the rest, beyond the search's own noise. So the plans are first
screened by the expert's search (sequential halving), and then the few best, with the
rules of thumb's favourite among them (the answer a player is tempted by), are all tried
on the same drawn states and dice, as many trials each, from the mover's view alone. The
gap between the best and each other is measured on those common trials (paired), with
its standard error.

A trial ends at a coup window, unanswered (search.horizon): otherwise the rules of
thumb would declare the coup there by their own rule, and every plan that opens the
window (ending a phase, for either side) would be judged by their choice, not by the
position (found on the shipped seeds: ending the SS's phase looked 31 points better
than taking a marker off, as the Abwehr's rules of thumb then declared a poor coup).

A decision is clear when two weighings from independent draws (another seed: other
hands for the opponent, other dice) agree on the best plan and both put it ahead of every
other by the margin asked for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from plot_core import Action, PlayerView, Rules

from .expert import WALK, WALK_COUP, Prior
from .plans import Plan
from .search import Budget, Search

SCREEN_TRIALS = 240  # the expert's search, to find the plans worth weighing closely
CLOSE_TRIALS = 96  # trials each of the plans weighed closely (a multiple of 6: every die face alike)
CLOSE_PLANS = 6  # how many plans are weighed closely


@attrs.frozen
class Choice:
    """One plan of a weighed decision: its actions, words and estimated chance of winning."""

    actions: tuple[Action, ...]
    text: str
    win: float
    private: bool = False
    public: str = ""
    tempting: bool = False  # the rules of thumb's favourite


@attrs.frozen
class Weighing:
    choices: tuple[Choice, ...]  # the plans weighed closely, the best first
    gap: float  # the best's chance minus the second's, on common trials
    noise: float  # the standard error of that gap
    trials: int  # trials each plan weighed closely had
    plans: int  # plans open at the decision (before screening)


def _paired(a: dict[int, float], b: dict[int, float], n: int) -> tuple[float, float]:
    d = [a[j] - b[j] for j in range(n)]
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, math.sqrt(var / n)


def weigh(
    v: PlayerView,
    legal: Sequence[Action],
    rules: Rules,
    seed: int,
    *,
    screen: int = SCREEN_TRIALS,
    close: int = CLOSE_TRIALS,
    keep: int = CLOSE_PLANS,
) -> Weighing | None:
    """The decision's plans weighed from ``v`` (None if there is only one)."""
    walk = WALK_COUP if v.coup is not None else WALK
    search = Search(v, legal, rules, seed, prior=Prior, walk=walk, windows=True)
    n = len(search.plans)
    if n < 2:
        return None
    search.run(Budget(trials=screen))
    ranked = sorted(range(n), key=lambda i: (-search.mean(i) if search.counts[i] else 1.0, i))
    tempting = max(range(n), key=lambda i: (search.plans[i].prior, -i))
    chosen = ranked[:keep] + ([tempting] if tempting not in ranked[:keep] else [])
    chosen = [i for i in chosen if search.sums[i] > -1.0e8]  # never legal: never weighed
    for i in chosen:
        search.top_up(i, close)
    means = {i: sum(search.results[i][j] for j in range(close)) / close for i in chosen}
    chosen.sort(key=lambda i: (-means[i], i))
    best, second = chosen[0], chosen[1]
    gap, noise = _paired(search.results[best], search.results[second], close)

    def choice(i: int) -> Choice:
        p: Plan = search.plans[i]
        return Choice(p.actions, p.text, round(means[i], 4), p.private, p.public, i == tempting)

    return Weighing(tuple(choice(i) for i in chosen), round(gap, 4), round(noise, 4), close, n)


def clear(first: Weighing | None, second: Weighing | None, margin: float) -> bool:
    """Do two independent weighings agree on the best plan, each ahead of the rest by
    ``margin`` and by more than twice its noise?"""
    if first is None or second is None:
        return False
    return (
        all(w.gap >= margin and w.gap > 2 * w.noise for w in (first, second))
        and first.choices[0].actions == second.choices[0].actions
    )
