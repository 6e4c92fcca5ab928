"""Would a deeper trial judge better? (docs/reports/expert-strength.md, "More time".)

The expert's trial scores the position where its plan ends with the fitted evaluation.
Playing on first and scoring later is worth its cost only if the later score foretells
the game's end better. This plays games of the hard player against itself the way
``python -m tools.fit`` does (with its exploration), on seeds the evaluation was not
fitted on (1100000 onwards), and at every phase start before the coup and every sixth
free choice in it compares two forecasts of who wins: the evaluation of the position
itself, and the mean evaluation after ``--rollouts`` continuations (fresh dice each)
played by ``--by`` (the rules of thumb, as in the expert's trials, or the hard player)
to the next phase before the coup or the next Coup-Turn in it; with ``--to end``, to the
end of the game (then the forecast is the share of continuations won, smoothed by half a
game). A lower log loss is the better forecast.

    python -m tools.trial_depth [--games 60] [--by easy|hard] [--rollouts 6] [--to next|end]
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from plot_core import GameState, Player, apply, legal_actions, load_rules
from plot_core import view as view_of
from plot_core.dice import seed_state
from plot_core.engine.state import evolve

SEEDS = 1_100_000
COUP_EVERY = 6
STEP_LIMIT = 20_000


def _continue(
    s: GameState,
    until: Callable[[GameState], bool],
    choose,
    rnd: random.Random,
) -> GameState:
    for _ in range(STEP_LIMIT):
        if s.outcome is not None or until(s):
            break
        legal = legal_actions(s)
        s = apply(s, legal[0] if len(legal) == 1 else choose(s, legal, rnd))
    return s


def _stop(here: GameState, to_end: bool) -> Callable[[GameState], bool]:
    """Where a continuation from ``here`` is scored: the next phase before the coup, the
    next Coup-Turn in it, or with ``to_end`` the end of the game."""
    if to_end:
        return lambda x: False
    if here.coup is None:
        key = (here.turn, here.phase)
        return lambda x: (x.turn, x.phase) != key and not x.pending
    turn = here.coup.turn
    return lambda x: x.coup is None or x.coup.turn != turn


def forecasts(seed: int, by: str, rollouts: int, to_end: bool) -> tuple[str, list]:
    """The game's winner, and at each kept position (kind, now, later): each a pair
    (P(the SS wins), P(the Abwehr wins))."""
    from plot_ai import easy
    from plot_ai.players import make
    from plot_ai.value import chances
    from tools.fit import play, positions

    rules = load_rules()
    if by == "hard":
        hard = {side: make("hard", rules) for side in Player}

        def choose(s, legal, rnd):
            return hard[s.to_act].decide(view_of(s, s.to_act), legal, rnd)
    else:
        choose = easy.choose_in
    game = play(seed)
    rnd = random.Random(f"depth/{seed}")
    kept = []
    free = 0
    for here in positions(game, rules):  # the fit's positions, so the same kinds
        if here.coup is not None:
            free += 1
            if free % COUP_EVERY:
                continue
        stop = _stop(here, to_end)
        seen = [
            chances(_continue(evolve(here, rng=seed_state(rnd.getrandbits(32))), stop, choose, rnd))
            for _ in range(rollouts)
        ]
        later = tuple(
            # to the end: the share of continuations won, smoothed by half a game
            (sum(c[i] for c in seen) + 0.5) / (rollouts + 1) if to_end else sum(c[i] for c in seen) / rollouts
            for i in range(2)
        )
        kind = "before the coup" if here.coup is None else "in the coup"
        kept.append((kind, chances(here), later))
    return game["winner"], kept


def _loss(p: float, won: bool) -> float:
    p = min(1 - 1e-6, max(1e-6, p))
    return -math.log(p if won else 1 - p)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.trial_depth")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--by", choices=("easy", "hard"), default="easy")
    ap.add_argument("--rollouts", type=int, default=6)
    ap.add_argument("--to", choices=("next", "end"), default="next")
    ap.add_argument("--procs", type=int, default=2)
    args = ap.parse_args(argv)
    work = partial(forecasts, by=args.by, rollouts=args.rollouts, to_end=args.to == "end")
    seeds = range(SEEDS, SEEDS + args.games)
    sums: dict[tuple[str, str], list[float]] = {}
    with ProcessPoolExecutor(max(1, args.procs)) as pool:
        for winner, kept in pool.map(work, seeds):
            for kind, now, later in kept:
                for i, side in enumerate(("ss", "abwehr")):
                    acc = sums.setdefault((kind, side), [0, 0.0, 0.0])
                    acc[0] += 1
                    acc[1] += _loss(now[i], winner == side)
                    acc[2] += _loss(later[i], winner == side)
    where = "the end of the game" if args.to == "end" else "the next phase or Coup-Turn"
    print(
        f"{args.games} games from seed {SEEDS}; {args.rollouts} continuations by {args.by} "
        f"to {where}; mean log loss (lower foretells better)"
    )
    for (kind, side), (n, now, later) in sorted(sums.items()):
        print(
            f"  {kind:15} {side:6} {int(n):5} positions: now {now / n:.4f}, after playing on {later / n:.4f}"
        )


if __name__ == "__main__":
    main()
