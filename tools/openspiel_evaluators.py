"""OpenSpiel's IS-MCTS with plot's evaluation against IS-MCTS with random rollouts, at
the same time a decision, on the OpenSpiel game (by default the zero-sum variant
starting at Game-Turn 7: a game of minutes, whose every result counts).

    python -m tools.openspiel_evaluators --games 16 --seed 999000 --think 0.1 --procs 2

Each game's chance is drawn from a generator seeded by its seed; the evaluated search
(``ChancesEvaluator``, plot_openspiel.evaluators) plays the SS on even seeds and the
Abwehr on odd ones, the random-rollout search the other side, both with c=2 and
``--think`` seconds a decision (at least two simulations). With ``--prior W`` the
evaluated search also takes the heuristic policy's choice as W of its prior and
weighs children by PUCT, opened or not (OpenSpiel's IS-MCTS opens them all, at
random, before weighing any: see tools.openspiel_match.timed_ismcts); the
random-rollout search stays OpenSpiel's as it is (UCT, uniform priors). Printed: each search's
wins, the draws (the Allies' win, in the zero-sum variant), the simulations a
decision of each (median). ``--out FILE`` keeps each game's result as it ends (JSON
lines); a run again with the same arguments plays only the games not kept.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from pathlib import Path

from tools.openspiel_match import timed_ismcts

GAMES = {
    "zero_sum": "python_plot_to_assassinate_hitler_zero_sum",
    "general_sum": "python_plot_to_assassinate_hitler",
}


def play(seed: int, game_name: str, think: float, prior: float = 0.0) -> dict:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import plot_openspiel  # noqa: F401  (registers the games)
    from plot_openspiel.evaluators import ChancesEvaluator

    game = pyspiel.load_game(game_name)
    evaluated_seat = seed % 2  # 0: the SS, 1: the Abwehr
    bots = {
        evaluated_seat: timed_ismcts(
            game,
            think,
            seed,
            evaluator=ChancesEvaluator(prior=prior, seed=seed),
            puct=prior > 0,
        ),
        1 - evaluated_seat: timed_ismcts(
            game,
            think,
            seed,
            evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
        ),
    }
    chance = random.Random(f"chance/{seed}")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    return {
        "game": game_name,
        "think": think,
        "prior": prior,
        "seed": seed,
        "evaluated": returns[evaluated_seat],
        "case": state.game_state.outcome.case,
        "sims_evaluated": statistics.median(bots[evaluated_seat].simulations or [0]),
        "sims_random": statistics.median(bots[1 - evaluated_seat].simulations or [0]),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m tools.openspiel_evaluators", description=__doc__.split("\n")[0]
    )
    ap.add_argument("--game", choices=sorted(GAMES), default="zero_sum")
    ap.add_argument("--start-turn", type=int, help="7, or 1 with --start-in-coup")
    ap.add_argument(
        "--start-in-coup",
        action="store_true",
        help="begin once the heuristic game has declared a coup (the Coup-Turns alone)",
    )
    ap.add_argument(
        "--opening-policy",
        choices=("heuristic", "expert"),
        default="heuristic",
        help="who plays the opening for both sides (the game's start_policy)",
    )
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument(
        "--openings",
        choices=("one", "each"),
        default="one",
        help="every game from the opening dealt by --seed, or each from its own seed's",
    )
    ap.add_argument("--seed", type=int, default=999000)
    ap.add_argument("--think", type=float, default=0.1, help="seconds a decision, for both")
    ap.add_argument(
        "--prior",
        type=float,
        default=0.0,
        help="the heuristic policy's share of the evaluated search's prior (0: uniform, UCT)",
    )
    ap.add_argument("--procs", type=int, default=1)
    ap.add_argument("--out", type=Path, help="keep each game's result here; play only those not kept")
    args = ap.parse_args(argv)
    if args.start_turn is None:  # (a coup from Game-Turn 7 on would skip the earlier ones)
        args.start_turn = 1 if args.start_in_coup else 7
    coup = ",start_in_coup=True" if args.start_in_coup else ""
    if args.opening_policy != "heuristic":
        coup += f",start_policy={args.opening_policy}"

    def name_of(seed: int) -> str:
        opening = seed if args.openings == "each" else args.seed
        return f"{GAMES[args.game]}(start_turn={args.start_turn},start_seed={opening}{coup})"

    seeds = list(range(args.seed, args.seed + args.games))
    kept: dict[int, dict] = {}
    if args.out is not None and args.out.exists():
        for line in args.out.read_text().splitlines():
            row = json.loads(line)
            if (row["game"], row["think"], row.get("prior", 0.0)) == (
                name_of(row["seed"]),
                args.think,
                args.prior,
            ):
                kept[row["seed"]] = row
    todo = [s for s in seeds if s not in kept]

    def keep(row: dict) -> None:
        kept[row["seed"]] = row
        if args.out is not None:
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")

    if args.procs > 1 and len(todo) > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=args.procs) as pool:
            for job in as_completed([pool.submit(play, s, name_of(s), args.think, args.prior) for s in todo]):
                keep(job.result())
    else:
        for s in todo:
            keep(play(s, name_of(s), args.think, args.prior))
    rows = [kept[s] for s in seeds]
    won = sum(r["evaluated"] > 0 for r in rows)
    lost = sum(r["evaluated"] < 0 for r in rows)
    prior = f"; the heuristic policy's share of its prior {args.prior:g} (PUCT)" if args.prior else ""
    print(
        f"{name_of(seeds[0])} ({args.openings} opening), seeds {seeds[0]}-{seeds[-1]}, "
        f"{args.think:g} s a decision for both{prior}"
    )
    print(
        f"{len(rows)} games: IS-MCTS with plot's evaluation won {won}, with random rollouts won {lost}, "
        f"drawn {len(rows) - won - lost}; mean score of the evaluated search "
        f"{statistics.mean(r['evaluated'] for r in rows):+.2f}"
    )
    evaluated = statistics.median(r["sims_evaluated"] for r in rows)
    random_rollouts = statistics.median(r["sims_random"] for r in rows)
    print(f"simulations a decision (median): evaluated {evaluated:g}, random rollouts {random_rollouts:g}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
