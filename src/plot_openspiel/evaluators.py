"""plot's own judgement offered to OpenSpiel's searches (MCTS and IS-MCTS take an
``Evaluator``): random play carries almost no signal here (uniform random games nearly
all end in the Allies' win), so a random rollout tells a search little.

- ``ChancesEvaluator``: the project's evaluation (plot_ai.value, fitted on played
  games): each side's chance of winning from the state, as the expected score
  (2p - 1 for a side, where the Allies' win is a loss for both; p_me - p_other in the
  zero-sum variant, where it is a draw). No rollout: one call a leaf.
- ``HeuristicRolloutEvaluator``: rollouts played by the heuristic policy (plot_ai's
  rules of thumb, both sides, on the whole state: as the expert imagines both sides
  playing) for up to ``steps`` actions, then scored by the evaluation.

Both give uniform priors over the legal actions by default. With ``prior=W`` (0 < W
< 1) the heuristic policy's own choice at the state gets W of the prior and the rest
is shared evenly: a search that weighs its children by their priors (PUCT) tries the
rules of thumb's action first and strays from it where the values say so. At a chance
node the prior is the outcomes' own probabilities. A search using them sees states
resampled from the searching side's information state (IS-MCTS), so neither reads a
hidden chit.
"""

from __future__ import annotations

import random

import numpy as np
from open_spiel.python.algorithms import mcts

from plot_ai.easy import choose_in, played_on
from plot_ai.value import chances
from plot_core import GameState, seed_state
from plot_core.engine import evolve, legal_actions
from plot_openspiel.game import CODES


def expected_returns(state: GameState, zero_sum: bool) -> list[float]:
    """The two players' expected scores from ``state`` by the evaluation."""
    p_ss, p_ab = chances(state)
    if zero_sum:
        return [p_ss - p_ab, p_ab - p_ss]
    return [2 * p_ss - 1, 2 * p_ab - 1]


class ChancesEvaluator(mcts.Evaluator):
    def __init__(self, prior: float = 0.0, seed: int = 0) -> None:
        if not 0.0 <= prior < 1.0:
            raise ValueError(f"the heuristic policy's share of the prior is {prior}: 0 or more, below 1")
        self.heuristic_share = prior
        self.rnd = random.Random(seed)

    def evaluate(self, state) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        return np.array(expected_returns(state.game_state, state.get_game().zero_sum))

    def prior(self, state) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        uniform = 1.0 / len(legal)
        if not self.heuristic_share or len(legal) == 1:
            return [(a, uniform) for a in legal]
        s = state.game_state
        offered = [a for a in legal_actions(s) if a not in state.taken_back()]  # (as legal_actions)
        favourite = CODES.encode(choose_in(s, offered, self.rnd))
        rest = (1.0 - self.heuristic_share) / len(legal)
        return [(a, rest + (self.heuristic_share if a == favourite else 0.0)) for a in legal]


class HeuristicRolloutEvaluator(ChancesEvaluator):
    def __init__(self, n_rollouts: int = 1, steps: int = 200, seed: int = 0, prior: float = 0.0) -> None:
        super().__init__(prior, seed)
        self.n_rollouts, self.steps = n_rollouts, steps

    def evaluate(self, state) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        zero_sum = state.get_game().zero_sum
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            # the engine's own dice from here (a generator of the rollout's), not OpenSpiel's
            s = evolve(state.game_state, rng=seed_state(self.rnd.getrandbits(32)))
            s = _played_on(s, self.steps, self.rnd)
            total += expected_returns(s, zero_sum)
        return total / self.n_rollouts


def _played_on(s: GameState, steps: int, rnd: random.Random) -> GameState:
    for _ in range(steps):
        if s.outcome is not None:
            break
        s = played_on(s, rnd)
    return s
