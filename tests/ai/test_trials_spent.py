"""tools.trials_spent, the evidence (docs/reports/expert-strength.md) of how much of a
counted budget the expert's search spends: its counts must be the searches' own, every
one of them."""

import random

from tools.trials_spent import BANDS, counting

from plot_ai import expert as expert_module
from plot_ai.expert import Expert
from plot_ai.search import MAX_CANDIDATES
from plot_core import Player, apply, legal_actions, load_rules, new_game, view


def test_every_search_of_a_game_is_counted_by_its_plans_and_the_trials_it_spent():
    real = expert_module.Search
    rules = load_rules()
    s = new_game(5, rules=rules)
    experts = {p: Expert(rules, trials=12) for p in Player}
    rnd = random.Random(5)
    thought_trials = 0
    with counting() as found:
        while s.outcome is None:
            side = s.actor
            s = apply(s, experts[side].decide(view(s, side), legal_actions(s), rnd))
            thought = experts[side].fresh()
            thought_trials += thought.trials if thought is not None else 0
    assert expert_module.Search is real  # the expert is left as it was
    assert set(found) <= set(BANDS) and found[BANDS[0]]
    for (fewest, most), counts in found.items():
        # every plan is tried once first (which also times a trial), so a budget
        # smaller than a search's plans is overrun by up to one trial each
        assert all(min(fewest, 12) <= n <= max(12, min(most, MAX_CANDIDATES)) for n in counts)
    # the trials counted are the searches' own: the game's thoughts spent as many
    assert sum(sum(c) for c in found.values()) == thought_trials
