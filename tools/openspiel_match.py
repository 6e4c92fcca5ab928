"""Our computer players against OpenSpiel's information-set MCTS (IS-MCTS), through the
OpenSpiel game: the outside opponent the expert is measured by.

    python -m tools.openspiel_match --ours expert --seat abwehr --games 100 --seed 998000 \
        --think 1 --procs 2

Each game is OpenSpiel's state from the start: chance nodes drawn from a generator
seeded by the game's seed, IS-MCTS (random rollouts, UCT c=2, searching over states
resampled from its own information state, as long as ``--think`` allows, at least two
simulations) plays ``--seat`` in OpenSpiel's terms, and our level plays the other side
from its own view of the engine's state, with the same time per decision. A win scores
1, a loss -1, the Allies' win (18.73) is a loss for both. Printed: each side's wins, the
Allies' wins, and IS-MCTS's simulations per decision (median), one line per game with
``--verbose``.

The full measurement is some 15-20 hours on a 2-core machine, so it can be played in
pieces: with ``--out FILE`` each game's result is appended to FILE (JSON lines) as it
ends, games already there are not played again, and the summary counts every game of
the seed range in the file. Run it again, with the same arguments, until it says all
are played.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from pathlib import Path

import attrs

SEATS = {"ss": 0, "abwehr": 1}


@attrs.frozen
class Result:
    seed: int
    winner: str  # "ss", "abwehr" or "allies"
    case: str
    actions: int
    simulations: tuple[int, ...]  # IS-MCTS's per decision it searched


def timed_ismcts(game, think: float, seed: int, evaluator=None, puct: bool = False):
    """OpenSpiel's IS-MCTS with a time budget per decision instead of a simulation
    count (its own loop, with the clock checked between simulations); random rollouts
    unless another ``evaluator`` is given.

    OpenSpiel's IS-MCTS opens every child of a node once, in a random order, before it
    weighs any by value or prior: at a decision of hundreds of legal actions a search of
    a hundred simulations never gets past opening them, and its choice is one of them at
    random, whatever the evaluator. With ``puct`` the children are weighed as AlphaZero
    weighs them, opened or not (PUCT: an unopened child's value is 0, its prior the
    evaluator's), so a child the prior favours is visited again before others are
    opened."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    class Timed(ismcts.ISMCTSBot):
        def __init__(self) -> None:
            super().__init__(
                game,
                evaluator
                or mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
                uct_c=2.0,
                max_simulations=1,
                random_state=np.random.RandomState(seed + 1),
                child_selection_policy=(
                    ismcts.ChildSelectionPolicy.PUCT if puct else ismcts.ChildSelectionPolicy.UCT
                ),
            )
            self.simulations: list[int] = []

        def check_expand(self, node, legal_actions):
            if not puct:
                return super().check_expand(node, legal_actions)
            # the best child by PUCT, opened or not; an opened one is then chosen by
            # OpenSpiel's own selection, which ranks the opened ones the same way
            root = self._uct_c * np.sqrt(max(node.total_visits, 1))
            best, best_score = pyspiel.INVALID_ACTION, float("-inf")
            for a in legal_actions:
                child = node.child_info.get(a)
                if child is None:
                    score = root * node.prior_map.get(a, 0.0)
                else:
                    score = self._action_value(node, child)
                score += self._random_state.random_sample() * 1e-9  # ties at random
                if score > best_score:
                    best, best_score = a, score
            return best if best not in node.child_info else pyspiel.INVALID_ACTION

        def run_search(self, state):
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self.reset()
            self._root_node = self.create_new_node(state)
            deadline = time.monotonic() + think
            n = 0
            # the first simulation only opens the root: two at least, so a choice is made
            while n < 2 or time.monotonic() < deadline:
                self.run_simulation(self.sample_root_state(state))
                n += 1
            self.simulations.append(n)
            return self.get_final_policy(state, self._root_node)

    return Timed()


def play(seed: int, ours: str, seat: str, think: float) -> Result:
    import pyspiel

    import plot_openspiel  # noqa: F401  (registers the game)
    from plot_ai.players import make
    from plot_core import Player, legal_actions, view
    from plot_openspiel.game import CODES

    game = pyspiel.load_game("python_plot_to_assassinate_hitler")
    bot = timed_ismcts(game, think, seed)
    ismcts_player = SEATS[seat]
    rules = game.new_initial_state().game_state.rules
    mine = make(ours, rules, think=think)
    side_of = {0: Player.SS, 1: Player.ABWEHR}
    chance = random.Random(f"chance/{seed}")
    rnd = random.Random(f"ours/{seed}")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(chance.choice(outcomes))
        elif state.current_player() == ismcts_player:
            state.apply_action(bot.step(state))
        else:
            gs = state.game_state
            allowed = set(state.legal_actions())
            legal = [a for a in legal_actions(gs) if CODES.encode(a) in allowed]
            side = side_of[state.current_player()]
            choice = legal[0] if len(legal) == 1 else mine.decide(view(gs, side), legal, rnd)
            state.apply_action(CODES.encode(choice))
    o = state.game_state.outcome
    return Result(seed, o.winner, o.case, len(state.history()), tuple(bot.simulations))


def _kept(out: Path, ours: str, seat: str, think: float) -> dict[int, Result]:
    """The games of this match already played and kept in ``out``."""
    kept: dict[int, Result] = {}
    if not out.exists():
        return kept
    for line in out.read_text().splitlines():
        d = json.loads(line)
        if (d["ours"], d["seat"], d["think"]) == (ours, seat, think):
            kept[d["seed"]] = Result(d["seed"], d["winner"], d["case"], d["actions"], tuple(d["simulations"]))
    return kept


def _keep(out: Path | None, r: Result, args: argparse.Namespace) -> Result:
    """``r``, appended to ``out`` (if given) as soon as its game has ended."""
    if out is not None:
        row = {"ours": args.ours, "seat": args.seat, "think": args.think, **attrs.asdict(r)}
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
    return r


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.openspiel_match", description=__doc__.split("\n")[0])
    ap.add_argument("--ours", default="expert", help="our level: random, easy, hard or expert")
    ap.add_argument("--seat", choices=sorted(SEATS), default="abwehr", help="the side IS-MCTS plays")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=998000)
    ap.add_argument("--think", type=float, default=1.0, help="seconds a decision, for both")
    ap.add_argument("--procs", type=int, default=1)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--out", type=Path, help="keep each game's result here; play only those not kept")
    args = ap.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    kept = _kept(args.out, args.ours, args.seat, args.think) if args.out else {}
    todo = [s for s in seeds if s not in kept]
    n = len(todo)
    if args.procs > 1 and n > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=args.procs) as pool:
            jobs = [pool.submit(play, s, args.ours, args.seat, args.think) for s in todo]
            for job in as_completed(jobs):  # kept as each ends: a stopped run loses no game
                r = job.result()
                kept[r.seed] = _keep(args.out, r, args)
    else:
        for s in todo:
            kept[s] = _keep(args.out, play(s, args.ours, args.seat, args.think), args)
    results = [kept[s] for s in seeds]
    n = len(results)
    ours_side = "ss" if args.seat == "abwehr" else "abwehr"
    won = Counter(r.winner for r in results)
    sims = [s for r in results for s in r.simulations]
    print(
        f"IS-MCTS ({args.seat}) against {args.ours} ({ours_side}), seeds {seeds[0]}-{seeds[-1]}, "
        f"think {args.think:g} s a decision"
    )
    print(
        f"{n} games: {args.ours} won {won[ours_side]}, IS-MCTS won {won[args.seat]}, "
        f"the Allies won {won['allies']}"
    )
    if sims:
        print(
            f"IS-MCTS searched {len(sims)} decisions, {statistics.median(sims):g} simulations each (median)"
        )
    if args.verbose:
        for r in results:
            print(f"  seed {r.seed}: {r.winner} ({r.case}), {r.actions} actions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
