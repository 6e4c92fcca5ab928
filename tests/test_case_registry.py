"""The case inventory and the code agree: every reducer's case is listed with it,
every listed reducer exists and claims that case, every listed test exists."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import plot_core.engine
from plot_core.engine.registry import REGISTRY

REPO = Path(__file__).resolve().parents[1]


def _load_all_engine_modules():
    for mod in pkgutil.iter_modules(plot_core.engine.__path__):
        importlib.import_module(f"plot_core.engine.{mod.name}")


def test_every_registered_case_is_in_the_inventory_with_its_reducer(rules):
    _load_all_engine_modules()
    for number, functions in REGISTRY.items():
        assert number in rules.cases.cases, f"code registers unknown case {number}"
        case = rules.cases[number]
        assert case.by in functions, (
            f"cases.toml: case {number} should name its reducer (one of {functions}), not {case.by!r}"
        )
        assert case.test, f"cases.toml: case {number} has a reducer but no test"


def test_every_named_reducer_exists_and_claims_its_case(rules):
    _load_all_engine_modules()
    for case in rules.cases.cases.values():
        if case.by:
            module, name = case.by.split(":")
            obj = importlib.import_module(module)
            for part in name.split("."):
                obj = getattr(obj, part)
            assert case.number in getattr(obj, "cases", ()), f"{case.by} does not claim {case.number}"


def test_every_named_test_exists(rules):
    for case in rules.cases.cases.values():
        if case.test:
            path, name = case.test.split("::")
            text = (REPO / path).read_text(encoding="utf-8")
            assert re.search(rf"^def {name}\(", text, re.M), f"{case.number}: no test {case.test}"


def test_the_inventory_is_complete(rules):
    """Every mechanic, procedure and example case is answered — a reducer and a
    test, or a stated reason it needs none. `plot cases` shows 100%."""
    from plot_core.data.cases import Kind, Status

    open_cases = [
        c.number
        for c in rules.cases.cases.values()
        if c.kind in (Kind.MECHANIC, Kind.PROCEDURE, Kind.EXAMPLE)
        and c.status not in (Status.DONE, Status.NOT_APPLICABLE)
    ]
    assert not open_cases, f"cases without a reducer and test: {open_cases}"
