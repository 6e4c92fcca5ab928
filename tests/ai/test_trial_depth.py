"""tools.trial_depth, the evidence (docs/reports/expert-strength.md) that playing on
does not foretell better: its forecasts must be forecasts (and its games the fit's kind of games)."""

from tools.trial_depth import SEEDS, forecasts


def test_forecasts_to_the_next_phase_are_chances_at_both_kinds_of_position():
    winner, kept = forecasts(SEEDS, by="easy", rollouts=1, to_end=False)
    assert winner in ("ss", "abwehr", "allies")
    kinds = {kind for kind, _, _ in kept}
    assert kinds == {"before the coup", "in the coup"}
    for _, now, later in kept:
        for pair in (now, later):
            assert all(0.0 <= p <= 1.0 for p in pair)
            assert sum(pair) <= 1.0 + 1e-9


def test_forecasts_to_the_end_are_the_smoothed_share_of_games_won():
    rollouts = 1
    _, kept = forecasts(SEEDS, by="easy", rollouts=rollouts, to_end=True)
    allowed = {(k + 0.5) / (rollouts + 1) for k in range(rollouts + 1)}
    for _, _, later in kept:
        for p in later:
            assert min(abs(p - a) for a in allowed) < 1e-9
