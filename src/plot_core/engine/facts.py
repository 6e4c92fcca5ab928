"""Facts worked out from a state and kept on it: the engine's one way of caching.

A GameState is a value: nothing changes it once built. Some questions about it are
asked thousands of times per game (who stands where, which hexes the enemy's zones
cover, which units may move), so the answer is worked out on the first ask and kept
on the state. ``@derived(basis)`` on the function that works it out is the only way
the engine does this. What a kept answer may be, and why the state stays a value:

- it is a function of the state alone (the fact's arguments are part of its key), so
  it can never go stale; it is never part of the game, its equality, its hash or its
  JSON (the stores are attrs fields with ``eq=False, init=False``);
- it lives in one of three stores, chosen by what the fact is worked out from (its
  ``Basis``); a copy of the state (state.evolve) keeps a store exactly when the copy
  keeps what that store's facts are worked out from: the same tuple of units, the
  same tuple of chits, or (for STATE) nothing but a longer log;
- a fact that reads more of the state than its basis names (the phasing player, the
  units used this phase) puts that in its key through ``also``;
- a unit's step (movement.py) builds a new tuple of units, and so would start with
  nothing kept; ``kept_by_step`` names, beside the fact, which of its answers a step
  by a unit of a given side and party cannot change, and the step hands those on;
- callers share the answer: they must not change what they are given.

tests/engine/test_caches.py plays whole games with and without the stores and checks
that every step is the same, and every answer handed on equals a fresh count.
"""

from __future__ import annotations

import enum
import functools
import inspect
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

from ..parties import Party, Player


class Basis(enum.Enum):
    """What a fact is worked out from, and so which store on the state keeps it."""

    UNITS = "units"  # the units (kept while the tuple of units is the same)
    CHITS = "chits"  # where the chits are, alone
    UNITS_AND_CHITS = "both"  # kept with the units, and used only for the same chits
    STATE = "state"  # this state alone (a longer log keeps it)


# The state's attribute that holds each basis's answers (state.py declares them).
STORE = {
    Basis.UNITS: "_memo",
    Basis.CHITS: "_chitmemo",
    Basis.UNITS_AND_CHITS: "_memo",
    Basis.STATE: "_scratch",
}

F = TypeVar("F", bound=Callable[..., Any])
_MISSING = object()


# For a fact's name, the arguments of the answers a step by a unit of this side and
# party leaves true (see kept_by_step above).
KeptByStep = Callable[[Player, Party], Iterable[tuple[Hashable, ...]]]


# Mutation testing cannot reach _Fact and derived: both run when the engine's modules
# are imported, before mutmut picks a mutant (mutation/survivors.md); what they do is
# checked directly by tests/engine/test_caches.py.
class _Fact:
    """What the registry knows of one derived fact."""

    __slots__ = ("basis", "compute", "also", "kept_by_step")

    def __init__(
        self,
        basis: Basis,
        compute: Callable[..., Any],
        also: Callable[[Any], Hashable] | None,
        kept_by_step: KeptByStep | None,
    ):
        # pragma: no mutate block
        self.basis, self.compute, self.also, self.kept_by_step = basis, compute, also, kept_by_step


FACTS: dict[Callable[..., Any], _Fact] = {}


def derived(
    basis: Basis, *, also: Callable[[Any], Hashable] | None = None, kept_by_step: KeptByStep | None = None
) -> Callable[[F], F]:
    """Keep ``fn(state, *args)`` on the state, in the store for ``basis``.

    The key is the fact itself when it has no arguments (the commonest and cheapest
    case), else ``(fact, *args)``; with ``also``, ``(fact, also(state), *args)``.
    """
    # pragma: no mutate block
    store = STORE[basis]

    def wrap(fn: F) -> F:
        fact: Callable[..., Any]
        arity = len(inspect.signature(fn).parameters)
        if basis is Basis.UNITS_AND_CHITS:
            if also is not None:
                raise TypeError("a fact kept with the units and the chits takes no also")

            def fact(state: Any, *args: Any) -> Any:
                memo = getattr(state, store)
                key = (fact, *args)
                found = memo.get(key)
                if found is None or found[0] is not state.chits:
                    found = memo[key] = (state.chits, fn(state, *args))
                return found[1]
        elif also is not None:
            extra = also

            def fact(state: Any, *args: Any) -> Any:
                memo = getattr(state, store)
                key = (fact, extra(state), *args)
                found = memo.get(key, _MISSING)
                if found is _MISSING:
                    found = memo[key] = fn(state, *args)
                return found
        elif arity == 1:  # the commonest: state alone

            def fact(state: Any) -> Any:
                memo = getattr(state, store)
                found = memo.get(fact, _MISSING)
                if found is _MISSING:
                    found = memo[fact] = fn(state)
                return found
        elif arity == 2:  # and one argument

            def fact(state: Any, arg: Any) -> Any:
                memo = getattr(state, store)
                key = (fact, arg)
                found = memo.get(key, _MISSING)
                if found is _MISSING:
                    found = memo[key] = fn(state, arg)
                return found
        else:

            def fact(state: Any, *args: Any) -> Any:
                memo = getattr(state, store)
                key = (fact, *args)
                found = memo.get(key, _MISSING)
                if found is _MISSING:
                    found = memo[key] = fn(state, *args)
                return found

        functools.update_wrapper(fact, fn)
        FACTS[fact] = _Fact(basis, fn, also, kept_by_step)
        return fact  # type: ignore[return-value]

    return wrap


def key(fact: Callable[..., Any], *args: Hashable) -> Hashable:
    """The key ``fact``'s answer for ``args`` is kept under (no ``also`` facts)."""
    return (fact, *args) if args else fact


def split(found: Hashable) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """A kept key back into its fact and the rest of the key."""
    if isinstance(found, tuple):
        return found[0], found[1:]
    return found, ()  # type: ignore[return-value]


def kept_keys(player: Player, party: Party) -> tuple[Hashable, ...]:
    """The keys of every answer a step by a unit of ``player``'s side and ``party``
    leaves true, among the facts declared so far."""
    return _kept_keys(player, party, len(FACTS))


@functools.cache
def _kept_keys(player: Player, party: Party, declared: int) -> tuple[Hashable, ...]:
    return tuple(
        key(fact, *args)
        for fact, known in FACTS.items()
        if known.kept_by_step
        for args in known.kept_by_step(player, party)
    )
