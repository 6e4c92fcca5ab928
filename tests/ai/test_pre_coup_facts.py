"""tools.pre_coup_facts, the evidence (docs/reports/expert-strength.md) that the coup's
chances as a fact before the coup add nothing: its facts must be the coup's as the
rules begin it and as the models in use judge it."""

import pytest
from tools.pre_coup_facts import coup_now

from plot_ai.value import chances
from plot_core import Player, load_rules, new_game
from plot_core.engine.coup import begin
from plot_core.engine.state import CoupState


@pytest.mark.parametrize(("held", "faces"), [(0, [6]), (2, [4, 5, 6]), (5, [1, 2, 3, 4, 5, 6])])
def test_the_coup_now_is_the_walkyrie_tables_and_the_coup_models(held, faces):
    rules = load_rules()
    state = new_game(5, rules=rules)
    for n in range(1, held + 1):
        state = state.with_chit(f"FA{n}", Player.ABWEHR.value)
    ss = ab = 0.0
    for die in faces:  # 18.8: a total of 6 or more begins the coup
        result = rules.tables.walkyrie.result(die + held)
        assert result is not None
        coup = CoupState(
            penalty=result.penalty,
            bonus=result.bonus,
            abwehr_bonus=result.bonus,
            interphase_units=result.units,
        )
        p_ss, p_ab = chances(begin(state, coup))
        ss, ab = ss + p_ss, ab + p_ab
    got = coup_now(state)
    assert got == pytest.approx([ss / 6, ab / 6, len(faces) / 6])
    assert 0 < got[0] + got[1] <= got[2]  # a failed roll counts nothing; the rest is the Allies'
