"""The case inventory lists every numbered case of the rulebook, and only those."""

from __future__ import annotations

import re

from plot_core.data.cases import Kind, Status, case_key


def rulebook_cases(text: str) -> set[str]:
    return set(re.findall(r"\[(\d{1,2}\.\d{1,2})\]", text))


def test_every_rulebook_case_is_in_the_inventory(rules, rulebook_text):
    missing = rulebook_cases(rulebook_text) - set(rules.cases.cases)
    assert not missing, f"cases in the rulebook but not in rules_data/cases.toml: {sorted(missing)}"


def test_inventory_has_nothing_the_rulebook_lacks(rules, rulebook_text):
    printed = rulebook_cases(rulebook_text)
    extra = {n for n, c in rules.cases.cases.items() if n not in printed and not c.absent}
    assert not extra, f"cases in cases.toml that the rulebook does not number: {sorted(extra)}"
    for n, c in rules.cases.cases.items():
        if c.absent:
            assert n not in printed, f"{n} is marked absent but the rulebook has it"


def test_absent_numbers_are_gaps_in_the_printed_sequence(rules):
    absent = sorted((n for n, c in rules.cases.cases.items() if c.absent), key=case_key)
    assert absent == ["9.53", "10.63", "18.62"]


def test_every_case_has_a_paraphrase_and_a_kind(rules):
    for n, c in rules.cases.cases.items():
        assert c.number == n
        assert c.title.strip() and c.says.strip(), c.number
        assert isinstance(c.kind, Kind)


def test_tables_point_at_their_data(rules):
    tables = {n: c for n, c in rules.cases.cases.items() if c.kind is Kind.TABLE}
    assert set(tables) == {"3.31", "6.27", "7.6", "10.71", "10.72", "12.82", "12.9", "13.36", "14.34", "18.8"}
    assert all(c.status is Status.DATA for c in tables.values())


def test_inventory_is_in_case_order(rules):
    numbers = list(rules.cases.cases)
    assert numbers == sorted(numbers, key=case_key)


def test_the_inventory_counts_by_kind_and_status(rules):
    """`plot cases` prints these counts: they must add up case by case."""
    inv = rules.cases
    kinds = inv.by_kind()
    assert sum(kinds.values()) == len(inv.cases)
    assert kinds == {
        k.value: sum(1 for c in inv.cases.values() if c.kind is k)
        for k in Kind
        if any(c.kind is k for c in inv.cases.values())
    }
    assert sum(inv.by_status().values()) == len(inv.cases)
    mechanics = inv.by_status(Kind.MECHANIC)
    assert sum(mechanics.values()) == kinds["mechanic"]
    assert mechanics["done"] == sum(
        1 for c in inv.cases.values() if c.kind is Kind.MECHANIC and c.status is Status.DONE
    )
