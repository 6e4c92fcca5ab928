"""game.toml: the loose numbers of the rules text."""


def test_numbers_from_the_rules(rules):
    g = rules.game
    assert (g.game_turns, g.coup_turns) == (9, 6)  # 5.1
    assert g.initial_draw == 10  # 4.1
    assert g.hitler_fuhrer_rolls == {1, 2, 3}  # 9.61
    assert g.hitler_rastenburg_rolls == {4, 5, 6}
    assert g.hitler_stays_from_turn == 8  # 9.63
    assert g.hq_defence_bonus == 4  # 10.41
    assert (g.recruit_min, g.recruit_max) == (1, 7)  # 12.53-12.54
    assert (g.investigate_min, g.investigate_max) == (2, 5)  # 13.21-13.23
    assert g.interrogation_max_roll == 8  # 14.23
    assert g.retirement_return_rolls == {1, 2}  # 15.12
    assert (g.bonus_loss_per_coup_turn, g.min_bonus) == (2, 0)  # 18.52-18.54
