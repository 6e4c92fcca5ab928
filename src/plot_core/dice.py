"""Dice carried inside the game state: seeded, pure, reproducible.

The generator is SplitMix64: the state is one 64-bit int, each draw returns
a value and the next state. Scripted dice (tests, positions) are consumed
first, so a test can say exactly what the die will show.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def next_u64(rng: int) -> tuple[int, int]:
    rng = (rng + 0x9E3779B97F4A7C15) & _MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), rng


def seed_state(seed: int) -> int:
    return next_u64(seed & _MASK)[0]


def below(rng: int, n: int) -> tuple[int, int]:
    """A uniform int in [0, n) and the next state (rejection sampling: no bias)."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, rng = next_u64(rng)
        if value < limit:
            return value % n, rng
