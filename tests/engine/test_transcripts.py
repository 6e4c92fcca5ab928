"""Whole games as regression anchors (the engine's "perft"): seeded busy random games are
played and every step is written down — the action, the sorted list of every legal action
before it, each event it caused (case, text, dice, table cell, result, who may see it),
every 25 steps the whole state and both players' views as JSON, and every 5 steps the
refusal (case and reason) of near misses: actions legal a few steps earlier but not now. The digests of those
lines, 50 steps to a block, must match tests/engine/transcripts.json.

Any change to a rule, a table, a log line, a refusal offered as legal, or what a view
shows changes some block, and the test names the first block that differs and prints
its lines as the engine now writes them. It is the net for the engine-speed rewrite and
kills the mutants that no single position reaches.

When a rule is changed on purpose, write the anchors again and say why in the commit:

    .venv/bin/python -m tests.engine.test_transcripts --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from plot_core.engine.api import apply, legal_actions, new_game
from plot_core.engine.errors import IllegalAction
from plot_core.engine.randomplay import busy_policy
from plot_core.engine.serial import state_to_json, view_to_json
from plot_core.engine.view import view
from plot_core.parties import Player

ANCHORS = Path(__file__).with_name("transcripts.json")
SEEDS = (41001, 41002, 41003)  # busy games: they reach every table and the coup
BLOCK = 50  # steps to a digest
FULL_EVERY = 25  # steps between whole-state and view lines
NEAR_EVERY = 5  # steps between near-miss refusals
NEAR_MISSES = 12  # near misses tried each time
LIMIT = 6000


def transcript(seed: int):
    """Yield (step, line) for one game: what a reader needs to see where it differs."""
    rnd = random.Random(seed)
    state = new_game(seed)
    step = 0
    recent: list = []  # actions legal in the last steps, newest last
    while state.outcome is None and step < LIMIT:
        legal = legal_actions(state)
        yield step, "legal " + " ; ".join(sorted(str(a) for a in legal))
        if step % NEAR_EVERY == 0:
            yield from ((step, line) for line in _near_misses(state, legal, recent))
        recent = (recent + [a for a in legal if a not in recent])[-200:]
        if step % FULL_EVERY == 0:
            yield step, "state " + state_to_json(state)
            for side in (Player.SS, Player.ABWEHR, None):
                yield step, f"view {side} " + view_to_json(view(state, side))
        action = busy_policy(state, legal, rnd)
        state = apply(state, action)
        yield step, f"act {action}"
        for e in state.events:
            yield step, f"event {e!r}"
        step += 1
    yield step, f"end {state.outcome!r} after {step}"


def _near_misses(state, legal, recent):
    now = set(legal)
    for a in [a for a in recent if a not in now][-NEAR_MISSES:]:
        try:
            apply(state, a)
        except IllegalAction as e:
            yield f"refused {a}: {e.case} {e.reason}"
        else:
            yield f"ACCEPTED {a} though not offered"  # legal_actions and apply disagree


def digests(seed: int) -> tuple[list[str], int]:
    blocks: list[hashlib._Hash] = []
    steps = 0
    for step, line in transcript(seed):
        k = step // BLOCK
        while len(blocks) <= k:
            blocks.append(hashlib.sha256())
        blocks[k].update(line.encode() + b"\n")
        steps = step
    return [b.hexdigest()[:16] for b in blocks], steps


def block_lines(seed: int, k: int) -> list[str]:
    return [line[:300] for step, line in transcript(seed) if step // BLOCK == k]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_game_plays_as_recorded(seed):
    anchors = json.loads(ANCHORS.read_text())[str(seed)]
    got, steps = digests(seed)
    for k, (want, have) in enumerate(zip(anchors["blocks"], got, strict=False)):
        if want != have:
            shown = "\n".join(block_lines(seed, k))
            pytest.fail(
                f"game {seed}: steps {k * BLOCK}-{k * BLOCK + BLOCK - 1} differ from "
                f"the recorded game; the engine now writes:\n{shown}"
            )
    assert (len(got), steps) == (len(anchors["blocks"]), anchors["steps"]), (
        f"game {seed} now ends after {steps} steps, recorded {anchors['steps']}"
    )


def write() -> None:
    out = {}
    for seed in SEEDS:
        blocks, steps = digests(seed)
        out[str(seed)] = {"steps": steps, "blocks": blocks}
        print(f"game {seed}: {steps} steps, {len(blocks)} blocks")
    ANCHORS.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.engine.test_transcripts --write")
    write()
