"""The computer levels' fixed ratings, measured from self-play: plays lines of games
between neighbouring levels in both seats (and hard against hard, for the sides'
balance), then fits one rating per level on the server's rating scale, overall and per
side, by maximum likelihood.

    python -m tools.level_ratings --games 100 --expert-games 40 --seed 1010000 --procs 2

The model is the logistic one the server's ratings use (a 400-point gap is 10 to 1): a
game's expected score for the SS is 1 / (1 + 10^((Abwehr - SS) / 400)). A win scores 1,
a loss 0, and the Allies' win (a loss for both players) half each. Overall, each level
has one rating and the fit also finds how much the SS seat alone is worth, which the
overall ratings then leave out (a player's overall rating does not ask which side they
played); per side, a level has an SS rating and an Abwehr rating. Each pairing also
counts one drawn game more than was played: without it a pairing one level always wins
(random against easy) would put the levels infinitely far apart. The scale is anchored
by the easy level: 1500 overall, and its two side ratings average 1500, so a newcomer,
who starts at 1500, starts level with the easy computer.

The printed LEVEL_RATINGS goes, as it is, into plot_server/ratings.py.
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict

from plot_ai.matches import play
from plot_cli.pipes import quiet_when_the_reader_stops

ORDER = ("random", "easy", "hard", "expert")
ANCHOR, ANCHOR_LEVEL = 1500.0, "easy"
SCALE = 400 / math.log(10)  # rating points per unit of the logistic's argument


def lines(games: int, expert_games: int) -> list[tuple[str, str, int]]:
    """(SS level, Abwehr level, games) for every line played."""
    out = []
    for low, high in zip(ORDER, ORDER[1:], strict=False):
        n = expert_games if "expert" in (low, high) else games
        out += [(low, high, n), (high, low, n)]
    out.append(("hard", "hard", games))
    return out


Score = tuple[str, str, float, int]  # (SS level, Abwehr level, SS points, games)


def fit(scores: list[Score], *, sides: bool, steps: int = 20000, rate: float = 4.0) -> dict[str, float]:
    """Ratings by maximum likelihood, by plain gradient ascent (a handful of numbers).
    ``sides``: one rating per level and seat ("hard/ss", "hard/abwehr"); otherwise one
    per level plus "seat" (the SS seat's worth, fitted and reported)."""
    pseudo = [(ss, ab, pts + 0.5, n + 1) for ss, ab, pts, n in scores]  # one draw more each

    def names(ss: str, ab: str) -> tuple[str, str]:
        return (f"{ss}/ss", f"{ab}/abwehr") if sides else (ss, ab)

    r: dict[str, float] = defaultdict(float)
    for ss, ab, _, _ in pseudo:
        a, b = names(ss, ab)
        r[a], r[b] = 0.0, 0.0
    if not sides:
        r["seat"] = 0.0
    for _ in range(steps):
        grad: dict[str, float] = defaultdict(float)
        for ss, ab, pts, n in pseudo:
            a, b = names(ss, ab)
            d = r[a] - r[b] + (0.0 if sides else r["seat"])
            expected = 1 / (1 + math.exp(-d / SCALE))
            g = (pts - expected * n) / SCALE
            grad[a] += g
            grad[b] -= g
            if not sides:
                grad["seat"] += g
        for k, g in grad.items():
            r[k] += rate * g
    if sides:  # anchor: the anchor level's two side ratings average ANCHOR
        shift = ANCHOR - (r[f"{ANCHOR_LEVEL}/ss"] + r[f"{ANCHOR_LEVEL}/abwehr"]) / 2
    else:
        shift = ANCHOR - r[ANCHOR_LEVEL]
    return {k: (v if k == "seat" else v + shift) for k, v in r.items()}


@quiet_when_the_reader_stops
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.level_ratings", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games a line without the expert")
    ap.add_argument("--expert-games", type=int, default=40, help="games a line with the expert")
    ap.add_argument("--seed", type=int, default=1010000, help="first seed; each line takes the next ones")
    ap.add_argument(
        "--think", type=float, default=1.0, help="the expert's seconds a decision (the server's: 1)"
    )
    ap.add_argument("--procs", type=int, default=2)
    args = ap.parse_args(argv)
    scores: list[Score] = []
    seed = args.seed
    print("| SS | Abwehr | seeds | SS won | Abwehr won | Allies won | SS points |")
    print("|---|---|---|---|---|---|---|")
    for ss, ab, n in lines(args.games, args.expert_games):
        won = {"ss": 0, "abwehr": 0, "allies": 0}
        for result, _, _ in play(n, seed, ss, ab, args.think, args.procs):
            won[result.winner] += 1
        points = won["ss"] + 0.5 * won["allies"]
        scores.append((ss, ab, points, n))
        print(
            f"| {ss} | {ab} | {seed}-{seed + n - 1} | {won['ss']} | {won['abwehr']} | "
            f"{won['allies']} | {points / n:.1%} |",
            flush=True,
        )
        seed += n
    overall, by_side = fit(scores, sides=False), fit(scores, sides=True)
    print(f"\nThe SS seat alone is worth {overall['seat']:+.0f} points (left out of overall ratings).")
    print("\nLEVEL_RATINGS = {")
    for level in ORDER:
        print(
            f'    "{level}": LevelRating({overall[level]:.0f}, '
            f"{by_side[level + '/ss']:.0f}, {by_side[level + '/abwehr']:.0f}),"
        )
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
