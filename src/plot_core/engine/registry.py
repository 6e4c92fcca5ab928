"""Every reducer and legality check registers the rules case it implements.

``@case("10.67")`` records the function under that number, so the case
inventory can be checked against the code (tests/test_case_registry.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

REGISTRY: dict[str, list[str]] = {}


def case(*numbers: str) -> Callable[[F], F]:
    def mark(fn: F) -> F:
        for n in numbers:
            REGISTRY.setdefault(n, []).append(f"{fn.__module__}:{fn.__qualname__}")
        fn.cases = numbers  # type: ignore[attr-defined]
        return fn

    return mark
