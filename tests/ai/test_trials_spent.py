"""tools.trials_spent, the evidence (docs/reports/expert-strength.md) of how much of a
counted budget the expert's search spends: its counts must be the searches' own, every
one of them."""

import random
from collections.abc import Sequence

from tools.trials_spent import BANDS, counting

from plot_ai import expert as expert_module
from plot_ai.players import ExpertPlayer, Timed
from plot_ai.search import MAX_CANDIDATES
from plot_core import Action, GameState, load_rules
from plot_core.selfplay import Policy, play_game


def test_every_search_of_a_game_is_counted_by_its_plans_and_the_trials_it_spent():
    real = expert_module.Search
    rules = load_rules()
    thought_trials: list[int] = []

    def expert() -> Policy:
        """The expert as the tool plays it, telling the trials of each new plan's thought."""
        player = ExpertPlayer(rules, trials=12)
        timed = Timed(player)

        def choose(state: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
            before = len(timed.thoughts)
            action = timed(state, legal, rnd)
            if len(timed.thoughts) > before and player.expert.last is not None:
                thought_trials.append(player.expert.last.trials)
            return action

        return choose

    with counting() as found:
        play_game(5, expert(), expert())
    assert expert_module.Search is real  # the expert is left as it was
    assert set(found) <= set(BANDS) and found[BANDS[0]]
    for (fewest, most), counts in found.items():
        # every plan is tried once first (which also times a trial), so a budget
        # smaller than a search's plans is overrun by up to one trial each
        assert all(min(fewest, 12) <= n <= max(12, min(most, MAX_CANDIDATES)) for n in counts)
    # the trials counted are the searches' own: the game's thoughts spent as many
    assert sum(sum(c) for c in found.values()) == sum(thought_trials)
