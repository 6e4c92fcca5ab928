"""tools.pre_coup_facts, the evidence (docs/reports/expert-strength.md) that the coup's
chances as a fact before the coup add nothing: its facts must be those of the coup as
the game begins it (offered, its chits committed, the Walkyrie die rolled) and as the
models in use judge it."""

import pytest
from tools.pre_coup_facts import coup_now

from plot_ai.value import chances
from plot_core import Player, load_rules, new_game
from plot_core.engine import evolve
from plot_core.engine.coup import attempt, commit_chit, offer


@pytest.mark.parametrize(("held", "begins_on"), [(0, [6]), (2, [4, 5, 6]), (5, [1, 2, 3, 4, 5, 6])])
def test_the_coup_now_is_the_coup_the_game_begins_on_each_face(held, begins_on):
    rules = load_rules()
    state = new_game(5, rules=rules)
    for n in range(1, held + 1):
        state = state.with_chit(f"FA{n}", Player.ABWEHR.value)
    committed = offer(state)  # 18.11
    for n in range(1, held + 1):
        committed = commit_chit(committed, f"FA{n}")  # 18.12
    ss = ab = 0.0
    for die in range(1, 7):
        rolled = attempt(evolve(committed, dice=(die,)))  # 18.13, 18.8
        assert (rolled.coup is not None) == (die in begins_on)
        if rolled.coup is not None:
            p_ss, p_ab = chances(rolled)
            ss, ab = ss + p_ss, ab + p_ab
    got = coup_now(state)
    assert got == pytest.approx([ss / 6, ab / 6, len(begins_on) / 6])
    # within a begun coup the rest is the Allies' (18.73); a failed roll (18.16) counts
    # nothing here, though the game goes on
    assert 0 < got[0] + got[1] <= got[2]
