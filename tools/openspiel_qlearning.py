"""A learning algorithm of OpenSpiel's trained on plot end to end: tabular Q-learning
(``open_spiel.python.algorithms.tabular_qlearner``), self-play, on the shorter
zero-sum variant, then measured against uniform random play. A small run, minutes on
a 2-core machine; it shows the plumbing, not a strong player (the state space is far
too large for a table).

    python -m tools.openspiel_qlearning --episodes 60 --start-turn 8 --evaluate 20

Each learner keys its table on a digest of the side's observation string (the view as
it stands, plot_openspiel's observer): OpenSpiel's rl_environment would give it the
7,162-number tensor instead, which a table cannot use. Its actions are the places in
that state's list of legal actions (the k-th legal action), not the 358,606 flat
numbers: the learner draws from an array of all its actions at every step, which at
that size costs more than the game. Chance is drawn by a generator of its own, seeded.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

import numpy as np

MOST_LEGAL = 4096  # legal actions at one decision, at most (a travel phase has some hundreds)


def run(episodes: int, start_turn: int, evaluate: int, seed: int) -> dict[str, float]:
    import pyspiel
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    import plot_openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(
        f"python_plot_to_assassinate_hitler_zero_sum(start_turn={start_turn},start_seed={seed})"
    )
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=MOST_LEGAL) for p in (0, 1)]
    chance = random.Random(seed)

    def time_step(state, rewards=None, last=False) -> rl_environment.TimeStep:
        """What a learner is shown: its observation's digest and its legal actions."""
        keys = [hashlib.sha1(state.observation_string(p).encode()).hexdigest() for p in (0, 1)]
        legal = [list(range(len(state.legal_actions(p)))) if not last else [] for p in (0, 1)]
        return rl_environment.TimeStep(
            observations={
                "info_state": keys,
                "legal_actions": legal,
                "current_player": state.current_player(),
            },
            rewards=rewards or [0.0, 0.0],
            discounts=[1.0, 1.0],
            step_type=rl_environment.StepType.LAST if last else rl_environment.StepType.MID,
        )

    def settle(state) -> None:
        while state.is_chance_node():
            state.apply_action(chance.choice([o for o, _ in state.chance_outcomes()]))

    def episode(learning: bool, random_seat: int | None = None) -> list[float]:
        state = game.new_initial_state()
        settle(state)
        while not state.is_terminal():
            p = state.current_player()
            if p == random_seat:
                action = chance.choice(state.legal_actions())
            else:
                k = agents[p].step(time_step(state), is_evaluation=not learning).action
                action = state.legal_actions()[k]
            state.apply_action(action)
            settle(state)
        end = time_step(state, rewards=list(state.returns()), last=True)
        for p in (0, 1):
            if p != random_seat:
                agents[p].step(end, is_evaluation=not learning)
        return list(state.returns())

    start = time.monotonic()
    for _ in range(episodes):
        episode(learning=True)
    trained = time.monotonic() - start
    scores = [episode(learning=False, random_seat=k % 2)[1 - k % 2] for k in range(evaluate)]
    return {
        "seconds": trained,
        "per_episode": trained / max(1, episodes),
        "states": float(sum(len(a._q_values) for a in agents)),
        "score": float(np.mean(scores)) if scores else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m tools.openspiel_qlearning", description=__doc__.split("\n")[0]
    )
    ap.add_argument("--episodes", type=int, default=60)
    ap.add_argument("--start-turn", type=int, default=8)
    ap.add_argument("--evaluate", type=int, default=20, help="games against uniform random play after")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    got = run(args.episodes, args.start_turn, args.evaluate, args.seed)
    print(
        f"{args.episodes} self-play episodes from Game-Turn {args.start_turn} in {got['seconds']:.0f} s "
        f"({got['per_episode']:.1f} s each); {got['states']:.0f} states in the two tables"
    )
    score = got["score"]
    said = f"mean score {score:+.2f} (win 1, draw 0, loss -1)"
    print(f"against uniform random play, {args.evaluate} games: {said}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
