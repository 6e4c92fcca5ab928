"""The engine's fast paths, and the switch that turns them off.

A fast path computes the same answer as a plain rule function by a cheaper
route: a legal-move generator that walks hexes instead of building states, a
fact carried forward from the previous state instead of counted again. The
plain functions stay the reference: they give every refusal its reason, and
with the switch off the engine uses nothing else, which is what the
differential test (tests/engine/test_fastpath.py) and `make bench` compare.
"""

from __future__ import annotations

ENABLED = True


def set_enabled(on: bool) -> None:
    global ENABLED
    ENABLED = on
