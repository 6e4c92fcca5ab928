"""6.1 and the chit holding box: 97 chits, 59 of them Loyalty chits."""

from __future__ import annotations

from plot_core.data.chits import ChitKind

LOYALTY_UNITS = (
    {f"{i:03d}" for i in range(1, 16)}
    | {str(i) for i in range(101, 111)}
    | {str(i) for i in range(201, 207)}
    | {str(i) for i in range(301, 311)}
    | {str(i) for i in range(401, 419)}
)


def test_ninety_seven_chits(rules):
    assert len(rules.chits.chits) == 97
    assert len({c.id for c in rules.chits.chits}) == 97


def test_counts_by_kind(rules):
    counts = {k: rules.chits.count(k) for k in ChitKind}
    assert counts == {
        ChitKind.LOYALTY: 59,
        ChitKind.FUHRER_ACCESS: 8,
        ChitKind.TRAVEL: 6,
        ChitKind.ALIBI_ARREST: 6,
        ChitKind.DOUBLE_CROSS: 6,
        ChitKind.FRIENDLY_ASSIGNMENT: 6,
        ChitKind.ENEMY_ASSIGNMENT: 6,
    }


def test_one_loyalty_chit_for_exactly_the_listed_units(rules):
    assert rules.chits.loyalty_units() == LOYALTY_UNITS
    loyalty = [c for c in rules.chits.chits if c.kind is ChitKind.LOYALTY]
    assert len(loyalty) == len({c.unit for c in loyalty}) == 59


def test_leaders_and_allies_have_none(rules):
    """13.19: leader units have no Loyalty chits; nor do Allied units."""
    for uid in ("000", "100", "200", "300", "501", "506"):
        assert uid not in rules.chits.loyalty_units()
