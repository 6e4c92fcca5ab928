"""The case inventory (rules_data/cases.toml): every numbered case, its kind
and how the product answers it."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from enum import StrEnum

import attrs

from .reader import Node, Source


class Kind(StrEnum):
    MECHANIC = "mechanic"
    PROCEDURE = "procedure"
    TABLE = "table"
    EXAMPLE = "example"
    NOTE = "note"


class Status(StrEnum):
    DONE = "done"  # implemented by a reducer and checked by a test
    DATA = "data"  # a table held in rules_data
    NOT_APPLICABLE = "n/a"  # needs no code, with a reason
    OPEN = "open"  # not yet implemented
    NOTE = "note"  # nothing to enforce


@attrs.frozen
class Case:
    number: str
    kind: Kind
    title: str
    says: str
    data: str | None = None
    by: str | None = None
    test: str | None = None
    na: str | None = None
    absent: bool = False
    reading: str | None = None  # our reading where the OCR is garbled or ambiguous

    @property
    def status(self) -> Status:
        if self.kind is Kind.NOTE:
            return Status.NOTE
        if self.na:
            return Status.NOT_APPLICABLE
        if self.kind is Kind.TABLE and self.data:
            return Status.DATA
        if self.kind is Kind.EXAMPLE:
            return Status.DONE if self.test else Status.OPEN
        return Status.DONE if (self.by and self.test) else Status.OPEN


def case_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


@attrs.frozen
class CaseInventory:
    cases: Mapping[str, Case]

    def __getitem__(self, number: str) -> Case:
        return self.cases[number]

    def by_kind(self) -> Counter[str]:
        return Counter(c.kind.value for c in self.cases.values())

    def by_status(self, kind: Kind | None = None) -> Counter[str]:
        return Counter(c.status.value for c in self.cases.values() if kind is None or c.kind is kind)


_FIELDS = ("kind", "title", "says", "data", "by", "test", "na", "absent")


def load_cases(source: Source, data_files: set[str]) -> CaseInventory:
    root = source.parse_toml()
    table = root.table("cases")
    cases: dict[str, Case] = {}
    for number in list(table.data):
        if not re.fullmatch(r"\d{1,2}\.\d{1,2}", number):
            table.fail(number, f"expected a case number like '10.67', got {number!r}")
        raw = table.raw(number)
        if not isinstance(raw, dict):
            table.fail(number, "expected { kind = ..., title = ..., says = ... }")
        node = Node(source, raw, where=f"case {number}", line=table.line_of(number))
        kind = Kind(node.str("kind", choices=[k.value for k in Kind]))
        case = Case(
            number=number,
            kind=kind,
            title=node.str("title"),
            says=node.str("says"),
            data=node.str("data", default=None),
            by=node.str("by", default=None),
            test=node.str("test", default=None),
            na=node.str("na", default=None),
            absent=node.bool("absent", default=False),
            reading=node.str("reading", default=None),
        )
        node.done()
        if case.data is not None and case.data not in data_files:
            node.fail("data", f"no such data file {case.data!r}")
        if kind is Kind.TABLE and case.data is None:
            node.fail(None, "a table case must name its data file (data = ...)")
        if case.by is not None and not re.fullmatch(r"[\w.]+:\w+", case.by):
            node.fail("by", f"expected 'module:function', got {case.by!r}")
        if case.test is not None and not re.fullmatch(r"tests/[\w/]+\.py::\w+", case.test):
            node.fail("test", f"expected 'tests/file.py::test_name', got {case.test!r}")
        cases[number] = case
    table.done()
    root.done()
    ordered = dict(sorted(cases.items(), key=lambda kv: case_key(kv[0])))
    return CaseInventory(ordered)
