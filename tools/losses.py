"""How games are lost: plays games between two computer levels and tallies, for the side
that lost each, how it came about, to find where a level is weakest.

    python -m tools.losses --games 60 --seed 996200 --ss hard --abwehr expert --think 1 --procs 2

For the Abwehr: the coup never tried and time ran out (18.74); coups that failed on
the Walkyrie roll, then time ran out (18.74); a coup that stalled past the last
Coup-Turn, the Allies' win (18.73); the streets emptied by the SS (18.72). For the SS:
the streets emptied by the Abwehr (18.71); the stalled coup (18.73). For each game it
also keeps what the evaluation thought of the Abwehr's chances when the coup was
declared, how many Abwehr units the cell and retirement had taken by then, and whether
Hitler lived to the end.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

import attrs

from plot_ai.players import Timed, make
from plot_ai.value import chances
from plot_core import Party, Player, apply, legal_actions, load_rules, new_game
from plot_core.engine.state import HITLER, Box

LOST_BOXES = (Box.INTERROGATION, Box.ABWEHR_RETIREMENT, Box.ELIMINATED)


@attrs.frozen
class Game:
    seed: int
    winner: str
    case: str
    walkyrie_failures: int
    coup_turn: int | None  # the Game-Turn the coup began, if it did
    abwehr_at_coup: float | None  # the evaluation's Abwehr chance then
    abwehr_lost_before: int  # Abwehr units in the cell, retired or gone by then
    hitler_alive: bool

    def how(self) -> tuple[str, str] | None:
        """(the losing side, how), or None for no loser (never: the Allies' win is both's)."""
        if self.case == "18.74":
            why = (
                "coups failed on the Walkyrie roll, then time ran out (18.74)"
                if self.walkyrie_failures
                else "the coup never tried; time ran out (18.74)"
            )
            return "abwehr", why
        if self.case == "18.73":
            return "both", "the coup stalled past the last Coup-Turn: the Allies win (18.73)"
        if self.winner == "ss":
            return "abwehr", "the streets emptied by the SS (18.72)"
        return "ss", "the streets emptied by the Abwehr (18.71)"


def play(seed: int, ss: str, abwehr: str, think: float) -> Game:
    rules = load_rules()
    # each player is handed its own side's view only (Timed does that, and clocks it)
    players = {
        Player.SS: Timed(make(ss, rules, think=think)),
        Player.ABWEHR: Timed(make(abwehr, rules, think=think)),
    }
    rnd = {p: random.Random(f"{seed}/{p.value}") for p in Player}
    state = new_game(seed, rules=rules)
    failures, coup_turn, at_coup, lost = 0, None, None, 0
    while state.outcome is None:
        side = state.to_act
        before = state
        state = apply(state, players[side](state, legal_actions(state), rnd[side]))
        failures += sum(1 for e in state.events if e.table == "walkyrie" and e.result == "-")
        if before.coup is None and state.coup is not None:
            coup_turn, at_coup = state.turn, chances(state)[1]
            lost = sum(
                1 for u in state.units if u.box in LOST_BOXES and rules.units[u.id].party is Party.ABWEHR
            )
    hitler = state.unit(HITLER)
    return Game(
        seed,
        state.outcome.winner,
        state.outcome.case,
        failures,
        coup_turn,
        at_coup,
        lost,
        hitler.box is not Box.ELIMINATED,
    )


def tally(games: list[Game]) -> list[str]:
    lines = [f"{len(games)} games"]
    how = Counter(g.how() for g in games)
    for (loser, why), n in how.most_common():
        who = {"abwehr": "Abwehr lost", "ss": "SS lost", "both": "both lost"}[loser]
        lines.append(f"  {who}: {why}: {n} ({100 * n / len(games):.0f}%)")
    declared = [g for g in games if g.coup_turn is not None]
    if declared:
        lines.append(
            f"coup declared in {len(declared)} games, mean Game-Turn "
            f"{statistics.mean(g.coup_turn for g in declared):.1f}; the evaluation's "
            f"Abwehr chance then: mean "
            f"{100 * statistics.mean(g.abwehr_at_coup for g in declared):.0f}%; Abwehr "
            f"units lost by then: mean "
            f"{statistics.mean(g.abwehr_lost_before for g in declared):.1f}"
        )
    lines.append(f"Hitler alive at the end in {sum(g.hitler_alive for g in games)} of {len(games)} games")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.losses", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=996200)
    ap.add_argument("--ss", default="hard")
    ap.add_argument("--abwehr", default="hard")
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--procs", type=int, default=1, help="games at once, in worker processes")
    args = ap.parse_args(argv)
    seeds = [args.seed + i for i in range(args.games)]
    if args.procs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=args.procs) as pool:
            n = len(seeds)
            games = list(pool.map(play, seeds, [args.ss] * n, [args.abwehr] * n, [args.think] * n))
    else:
        games = [play(seed, args.ss, args.abwehr, args.think) for seed in seeds]
    print(
        f"{args.ss} (SS) against {args.abwehr} (Abwehr), seeds {args.seed}-"
        f"{args.seed + args.games - 1}, think {args.think:g} s"
    )
    for line in tally(games):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
