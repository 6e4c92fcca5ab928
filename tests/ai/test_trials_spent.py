"""tools.trials_spent, the evidence (docs/reports/expert-strength.md) of how much of a
counted budget the expert's search spends: its counts must be the searches' own."""

from tools.trials_spent import BANDS, spent

from plot_ai import expert as expert_module


def test_every_search_of_a_game_is_counted_by_the_plans_it_weighed_and_the_expert_is_left_as_it_was():
    real = expert_module.Search
    found = spent(games=1, seed=5, trials=12)
    assert expert_module.Search is real
    assert set(found) <= set(BANDS) and found[BANDS[0]]
    for (fewest, _), counts in found.items():
        # a search tries every plan once first (which also times a trial), so a
        # budget smaller than its plans is overrun up to one trial each
        assert all(n >= min(fewest, 12) for n in counts)
