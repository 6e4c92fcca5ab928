"""Moving a served game on quickly, as a player at a table would."""

from __future__ import annotations

from collections.abc import Callable

from plot_core import Verb


def pass_the_move(guest, settle: Callable[[], None] = lambda: None) -> None:
    """``guest``'s side plays until it is the other side's move, ending each phase as soon
    as it may (its first legal action otherwise). ``settle`` waits until the last action
    is saved (a shared store's: tests/store), before each look at whose move it is."""
    chair = guest.chair
    settle()
    assert chair.my_move()
    for _ in range(500):
        settle()
        if not chair.my_move():
            return
        legal = chair.legal()
        quick = [a for a in legal if a.verb in (Verb.END_PHASE, Verb.END)]
        chair.act(quick[0] if quick else legal[0])
    raise AssertionError("the move never passed")
