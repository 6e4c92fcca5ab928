"""`make bench`, the OpenSpiel adapter's part: what a researcher's random game costs.

Uniform random play through pyspiel's API (chance by its probabilities) against the
same kind of play straight on the engine (``legal_actions`` + ``apply``), whole games
on seeds 130000-130009 (used by no test); for each, the median time a game and a
decision (an action of a side, chance steps counted in the adapter's games), and the
ratio of the two per action. One warm-up game first.

    .venv/bin/python -m bench.openspiel
"""

from __future__ import annotations

import random
import statistics
import time

import pyspiel

import plot_openspiel  # noqa: F401  (registers the game)
from plot_core import apply, legal_actions, new_game
from plot_openspiel.game import GAME_TYPE

SEEDS = range(130000, 130010)


def through_openspiel(game, seed: int) -> tuple[float, int]:
    rnd, state, actions = random.Random(seed), game.new_initial_state(), 0
    start = time.perf_counter()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rnd.choices(outcomes, probs)[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
        actions += 1
    return time.perf_counter() - start, actions


def on_the_engine(seed: int) -> tuple[float, int]:
    rnd, s, actions = random.Random(seed), new_game(seed), 0
    start = time.perf_counter()
    while s.outcome is None:
        s = apply(s, rnd.choice(legal_actions(s)))
        actions += 1
    return time.perf_counter() - start, actions


def main() -> None:
    game = pyspiel.load_game(GAME_TYPE.short_name)
    through_openspiel(game, 1)  # warm-up
    on_the_engine(1)
    rows = {
        "OpenSpiel's API": [through_openspiel(game, s) for s in SEEDS],
        "the engine": [on_the_engine(s) for s in SEEDS],
    }
    per_action = {}
    for name, runs in rows.items():
        game_s = statistics.median(t for t, _ in runs)
        per_action[name] = statistics.median(t / n for t, n in runs)
        steps = statistics.median(n for _, n in runs)
        print(f"{name:16} a game {game_s:.3f} s ({steps:.0f} steps), a step {1e6 * per_action[name]:.0f} µs")
    ratio = per_action["OpenSpiel's API"] / per_action["the engine"]
    print(
        f"a step through OpenSpiel's API costs {ratio:.1f}x one on the engine (medians, seeds 130000-130009)"
    )


if __name__ == "__main__":
    main()
