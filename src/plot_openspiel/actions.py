"""Actions as the integers OpenSpiel wants: every action the engine can offer has one
fixed number in [0, ACTIONS.size), worked out from the rules data, not from play.

Each verb takes the parts it can name (a unit, a hex, a chit; actions.py), in one or
two shapes; each (verb, shape) has a block of numbers, one per combination of those
parts. ``encode`` refuses an action of a shape not declared here, naming it.

The same actions factored, for a policy that chooses part by part rather than among
358,606 numbers: (verb, unit, hex, chit), each a small index, 0 for a part the action
does not name and 1 + its place in the sorted parts otherwise (``FACTORS`` gives each
factor's size). ``factors`` and ``from_factors`` go between the two, exactly; the flat
numbers stay as they were (a test pins some).
"""

from __future__ import annotations

import bisect
import functools
from itertools import accumulate
from typing import NamedTuple

from plot_core import Action, Rules, Verb
from plot_core.engine import chit_ids

U, H, C = "unit", "hex", "chit"

# The parts each verb names, as the engine builds its actions (a harass names a unit,
# or a vacant HQ hex: 10.69; an advance may name the unit that advances).
SHAPES: dict[Verb, tuple[tuple[str, ...], ...]] = {
    Verb.PLACE: ((U, H),),
    Verb.PLACE_ALLIED: ((H,),),
    Verb.REVEAL: ((C,),),
    Verb.NO_REVEAL: ((),),
    Verb.ASSIGN: ((U, H),),
    Verb.ACTIVATE: ((U,),),
    Verb.MOVE: ((H,),),
    Verb.TRAVEL: ((H, C),),
    Verb.HARASS: ((U,), (H,)),
    Verb.RETREAT: ((H,),),
    Verb.ADVANCE: ((H,), (U, H)),
    Verb.STAY: ((),),
    Verb.HITLER: ((H,),),
    Verb.DISPLACE: ((U,),),
    Verb.RECRUIT: ((U,),),
    Verb.INVESTIGATE: ((U,),),
    Verb.JOIN: ((U,),),
    Verb.ROLL: ((),),
    Verb.CANCEL: ((),),
    Verb.EXPOSE: ((U,),),
    Verb.ALIBI: ((U, C),),
    Verb.RETURN: ((H,),),
    Verb.CLEAR: ((U,),),
    Verb.PANIC: ((U,),),
    Verb.COUP: ((),),
    Verb.PIN: ((U,),),
    Verb.END: ((),),
    Verb.END_PHASE: ((),),
}


class Factors(NamedTuple):
    """An action part by part: 0 for a part it does not name, else 1 + the part's index."""

    verb: int
    unit: int
    hex: int
    chit: int


VERBS = list(Verb)


class ActionCodes:
    """The numbering for one set of rules data."""

    def __init__(self, rules: Rules) -> None:
        self.parts: dict[str, list] = {
            U: sorted(rules.units),
            H: sorted(rules.map.area_of),
            C: list(chit_ids(rules)),
        }
        self.index = {name: {v: i for i, v in enumerate(vals)} for name, vals in self.parts.items()}
        self.blocks = [(verb, shape) for verb in Verb for shape in SHAPES[verb]]
        sizes = [functools.reduce(lambda n, p: n * len(self.parts[p]), shape, 1) for _, shape in self.blocks]
        self.starts = [0, *accumulate(sizes)]
        self.block_of = {block: k for k, block in enumerate(self.blocks)}
        self.size = self.starts[-1]
        # each factor's number of values: the verbs, and each part with "none" first
        self.factor_sizes = Factors(len(VERBS), *(len(self.parts[p]) + 1 for p in (U, H, C)))
        self._codes: dict[Action, int] = {}  # the actions numbered so far

    def encode(self, a: Action) -> int:
        # Each decision numbers every legal action, and the same few thousand actions
        # come again and again: each is worked out once (the numbers never change).
        code = self._codes.get(a)
        if code is None:
            code = self._codes[a] = self._encode(a)
        return code

    def _encode(self, a: Action) -> int:
        shape = tuple(p for p, v in ((U, a.unit), (H, a.hex), (C, a.chit)) if v is not None)
        k = self.block_of.get((a.verb, shape))
        if k is None:
            raise ValueError(f"no number for {a} (a {a.verb.value} naming {', '.join(shape) or 'nothing'})")
        n = 0
        for part, value in zip(shape, [v for v in (a.unit, a.hex, a.chit) if v is not None], strict=True):
            n = n * len(self.parts[part]) + self.index[part][value]
        return self.starts[k] + n

    def decode(self, code: int) -> Action:
        if not 0 <= code < self.size:
            raise ValueError(f"no action has the number {code} (0 to {self.size - 1})")
        k = bisect.bisect_right(self.starts, code) - 1
        verb, shape = self.blocks[k]
        n, found = code - self.starts[k], {}
        for part in reversed(shape):
            n, i = divmod(n, len(self.parts[part]))
            found[part] = self.parts[part][i]
        return Action(verb, unit=found.get(U), hex=found.get(H), chit=found.get(C))

    def factors(self, code: int) -> Factors:
        """The action numbered ``code``, part by part."""
        a = self.decode(code)
        return Factors(
            VERBS.index(a.verb),
            *(0 if v is None else 1 + self.index[p][v] for p, v in ((U, a.unit), (H, a.hex), (C, a.chit))),
        )

    def from_factors(self, f: Factors | tuple[int, int, int, int]) -> int:
        """The number of the action ``f`` names; ValueError for one no verb takes."""
        f = Factors(*f)
        for size, value, name in zip(self.factor_sizes, f, Factors._fields, strict=True):
            if not 0 <= value < size:
                raise ValueError(f"no action has {name} {value} (0 to {size - 1})")
        unit, hex_, chit = (
            None if v == 0 else self.parts[p][v - 1] for p, v in zip((U, H, C), f[1:], strict=True)
        )
        return self.encode(Action(VERBS[f.verb], unit=unit, hex=hex_, chit=chit))
