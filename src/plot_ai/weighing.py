"""Weighing one decision's plans closely enough to say that one is clearly best.

The expert's search (search.py) only needs to pick a plan; a puzzle needs to know by how
much the best beats the rest, beyond the search's own noise. So the plans are first
screened by the expert's search (sequential halving), and then the few best, with the
rules of thumb's favourite among them (the answer a player is tempted by), are all tried
on the same drawn states and dice, as many trials each, from the mover's view alone:
states drawn afresh, not those the screening chose them on. The gap between the best
and each other is measured on those common trials (paired), with its standard error.
A weighing says whether it weighed every plan the decision offers (``complete``): a
puzzle can call an answer wrong only if it was weighed.

A trial ends at a coup window, unanswered (search.horizon): otherwise the rules of
thumb would declare the coup there by their own rule, and every plan that opens the
window (ending a phase, for either side) would be judged by their choice, not by the
position (found on the shipped seeds: ending the SS's phase looked 31 points better
than taking a marker off, as the Abwehr's rules of thumb then declared a poor coup).

Positions are scored by the fitted models alone (value.fitted_value), one scale for both
sides, as the analysis charts them: not through the layer the Abwehr plays by, whose
chances before the coup run lower, so a puzzle's margins mean the same in either seat.

A decision is clear when two weighings from independent draws (another seed: other
hands for the opponent, other dice) agree on the best plan and both put it ahead of every
other by the margin asked for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from plot_core import Action, PlayerView, Rules
from plot_core.puzzles import Choice  # (a plan weighed is what a puzzle shows of it)

from .expert import Prior
from .plans import Plan
from .search import Budget, Search
from .value import fitted_value

SCREEN_TRIALS = 240  # the expert's search, to find the plans worth weighing closely
CLOSE_TRIALS = 96  # trials each of the plans weighed closely (a multiple of 6: every die face alike)
CLOSE_PLANS = 6  # how many plans are weighed closely
# The close trials are drawn afresh, numbered where the screening never reaches: a plan
# that led the screening on lucky draws is not measured on those same draws again.
CLOSE_DRAWS = 1_000_000


@attrs.frozen
class Weighing:
    choices: tuple[Choice, ...]  # the plans weighed closely, the best first
    gap: float  # the best's chance minus the second's, on common trials
    noise: float  # the standard error of that gap
    trials: int  # trials each plan weighed closely had
    plans: int  # plans open at the decision (every unit's every walk and act)
    complete: bool = False  # every one of them was weighed closely


def _paired(a: dict[int, float], b: dict[int, float], draws: range) -> tuple[float, float]:
    d = [a[j] - b[j] for j in draws]
    m = sum(d) / len(d)
    var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
    return m, math.sqrt(var / len(d))


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
    """The decision's plans weighed from ``v`` (None if fewer than two can be). Every
    unit's walks are listed, so that ``complete`` can say whether any plan went unweighed."""
    search = Search(v, legal, rules, seed, prior=Prior, walk=len(v.units), windows=True, reading=fitted_value)
    n = len(search.plans)
    if n < 2:
        return None
    search.run(Budget(trials=screen))
    ranked = sorted(range(n), key=lambda i: (-search.mean(i) if search.counts[i] else 1.0, i))
    tempting = max(range(n), key=lambda i: (search.plans[i].prior, -i))
    chosen = ranked[:keep] + ([tempting] if tempting not in ranked[:keep] else [])
    draws = range(CLOSE_DRAWS, CLOSE_DRAWS + close)
    for i in chosen:
        search.top_up(i, draws)
    # a plan refused on some drawn state (a guard: plans are legal in every state drawn
    # from one view) is never weighed
    chosen = [i for i in chosen if search.sums[i] > -1.0e8 and all(j in search.results[i] for j in draws)]
    if len(chosen) < 2:
        return None
    means = {i: sum(search.results[i][j] for j in draws) / close for i in chosen}
    chosen.sort(key=lambda i: (-means[i], i))
    best, second = chosen[0], chosen[1]
    gap, noise = _paired(search.results[best], search.results[second], draws)

    def choice(i: int) -> Choice:
        p: Plan = search.plans[i]
        return Choice(p.actions, p.text, round(means[i], 4), tempting=i == tempting)

    return Weighing(
        tuple(choice(i) for i in chosen),
        round(gap, 4),
        round(noise, 4),
        close,
        search.found,
        complete=len(chosen) == search.found,
    )


def clear(first: Weighing | None, second: Weighing | None, margin: float) -> bool:
    """Do two independent weighings agree on the best plan, each ahead of the rest by
    ``margin`` and by more than twice its noise?"""
    if first is None or second is None:
        return False
    return (
        all(w.gap >= margin and w.gap > 2 * w.noise for w in (first, second))
        and first.choices[0].actions == second.choices[0].actions
    )
