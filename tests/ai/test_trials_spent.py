"""tools.trials_spent, the evidence (docs/reports/expert-strength.md) of how much of a
counted budget the expert's search spends: its counts must be the searches' own, every
one of them."""

import random

from tools.trials_spent import BANDS, spent

from plot_ai import expert as expert_module
from plot_ai.expert import Expert
from plot_ai.search import MAX_CANDIDATES
from plot_core import Player, apply, legal_actions, load_rules, new_game, view


def _thoughts_trials(seed: int, trials: int) -> int:
    """The trials of every thought of the same game, played without the tool."""
    rules = load_rules()
    s = new_game(seed, rules=rules)
    experts = {p: Expert(rules, trials=trials) for p in Player}
    rnd = random.Random(seed)
    total = 0
    while s.outcome is None:
        side = s.actor
        s = apply(s, experts[side].decide(view(s, side), legal_actions(s), rnd))
        thought = experts[side].fresh()
        total += thought.trials if thought is not None else 0
    return total


def test_every_search_of_a_game_is_counted_by_its_plans_and_the_trials_it_spent():
    real = expert_module.Search
    found = spent(games=1, seed=5, trials=12)
    assert expert_module.Search is real  # the expert is left as it was
    assert set(found) <= set(BANDS) and found[BANDS[0]]
    for (fewest, most), counts in found.items():
        # every plan is tried once first (which also times a trial), so a budget
        # smaller than a search's plans is overrun by up to one trial each
        assert all(min(fewest, 12) <= n <= max(12, min(most, MAX_CANDIDATES)) for n in counts)
    # the trials counted are the searches' own: the same game's thoughts spent as many
    assert sum(sum(c) for c in found.values()) == _thoughts_trials(5, 12)
