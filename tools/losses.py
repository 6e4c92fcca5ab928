"""How games are lost: plays games between two computer levels and tallies, for the side
that lost each, how it came about, to find where a level is weakest.

    python -m tools.losses --games 60 --seed 996200 --ss hard --abwehr expert --think 1 --procs 2

Or reads the games `plot selfplay -v` played (its line per game), from one or more of
its outputs, such as a long measurement played in pieces; for each pairing of levels
it tallies the endings, and for two lines on the same seeds that differ in one side it
prints how much more often that side won, with its 95% interval, as `--compare` does:

    python -m tools.losses --read piece-1.txt piece-2.txt ...

A game line says how the game ended, when the coup began (its Walkyrie roll
passed) and whether Hitler was killed in it (older lines do not say), not what the
evaluation thought then, nor who was lost by then, nor whether a coup was declared
and failed on the Walkyrie roll: those are left out of a tally read from lines, and a
game that time ended with no coup begun is told as such, never tried or failed.

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
import re
import statistics
from collections import Counter
from pathlib import Path

import attrs

from plot_ai.players import ExpertPlayer, Timed, make
from plot_ai.value import chances
from plot_cli.pipes import quiet_when_the_reader_stops
from plot_core import Party, Player, apply, legal_actions, load_rules, new_game
from plot_core.engine.state import HITLER, Box
from plot_core.selfplay import gain_words

LOST_BOXES = (Box.INTERROGATION, Box.ABWEHR_RETIREMENT, Box.ELIMINATED)


@attrs.frozen
class Game:
    seed: int
    winner: str
    case: str
    walkyrie_failures: int | None  # (None: not known, for a game read from a line)
    coup_turn: int | None  # the Game-Turn the coup began (its Walkyrie roll passed), if it did
    abwehr_at_coup: float | None  # the evaluation's Abwehr chance then
    abwehr_lost_before: int | None  # Abwehr units in the cell, retired or gone by then
    hitler_alive: bool | None  # (None: not known: an older line, or a line with no coup)

    def how(self) -> tuple[str, str]:
        """(the losing side, how): every game has one (the Allies' win is both's)."""
        if self.case == "18.74":
            if self.walkyrie_failures is None:
                return (
                    "abwehr",
                    "no coup begun, never tried or failed on the Walkyrie roll; time ran out (18.74)",
                )
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


def play(
    seed: int, ss: str, abwehr: str, think: float, coup_turns: int = 0, second_look: bool = False
) -> Game:
    rules = load_rules()
    # each player is handed its own side's view only (Timed does that, and clocks it)
    players = {
        Player.SS: Timed(make(ss, rules, think=think)),
        Player.ABWEHR: Timed(make(abwehr, rules, think=think)),
    }
    for timed in players.values():  # (the expert's options, tried on tuning seeds)
        if isinstance(timed.player, ExpertPlayer):
            timed.player.expert.coup_turns = coup_turns
            timed.player.expert.second_look = second_look
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
        turns = [g.coup_turn for g in declared if g.coup_turn is not None]
        said = f"coup begun in {len(declared)} games, mean Game-Turn {statistics.mean(turns):.1f}"
        chances = [g.abwehr_at_coup for g in declared if g.abwehr_at_coup is not None]
        if chances:
            said += f"; the evaluation's Abwehr chance then: mean {100 * statistics.mean(chances):.0f}%"
        lost = [g.abwehr_lost_before for g in declared if g.abwehr_lost_before is not None]
        if lost:
            said += f"; Abwehr units lost by then: mean {statistics.mean(lost):.1f}"
        lines.append(said)
        # whether a coup stalls goes with when it began: a coup put off to the last
        # Game-Turn is often one the Abwehr must try from a weak position
        begun = Counter(g.coup_turn for g in declared)
        stalled = Counter(g.coup_turn for g in declared if g.case == "18.73")
        lines.append(
            "  stalled (18.73) of those begun, by the Game-Turn the coup began: "
            + ", ".join(f"GT {t} {stalled[t]}/{begun[t]}" for t in sorted(begun))
        )
    if games and all(g.hitler_alive is not None for g in games):  # (every game's fate known)
        alive = sum(bool(g.hitler_alive) for g in games)
        lines.append(f"Hitler alive at the end in {alive} of {len(games)} games")
    # a coup in which Hitler lives costs the Abwehr 2 of its bonus a Coup-Turn (18.52):
    # its harassments soon cannot empty the streets, and that is where coups stall
    fates = [g for g in declared if g.hitler_alive is not None]
    if fates:
        said = []
        for fate, alive_then in (("killed", False), ("lived", True)):
            these = [g for g in fates if g.hitler_alive is alive_then]
            stalls = sum(g.case == "18.73" for g in these)
            won = sum(g.winner == "abwehr" for g in these)
            said.append(f"Hitler {fate} in {len(these)}: {won} won by the Abwehr, {stalls} stalled")
        lines.append("  of the coups begun, " + "; ".join(said))
    return lines


# `plot selfplay -v`: a line's header, then a line per game (plot_cli's _selfplay_line).
_HEADER = re.compile(r"plot selfplay: \d+ game\(s\), seeds \d+-\d+, SS (\w+) vs Abwehr (\w+)")
_GAME = re.compile(
    r"  seed (\d+): (\w+) by ([\d.]+) after \d+ actions, GT \d+, "
    r"(?:coup at GT (\d+), \d+ CT(?:, Hitler (lived|killed in the interphase|killed in CT \d+))?|no coup), "
    r"\d+ ms"
)


def read(paths: list[Path]) -> dict[tuple[str, str], dict[int, Game]]:
    """The games in `plot selfplay -v` outputs, by (SS level, Abwehr level), by seed.
    A game line outside a line's header, one that does not read, or a seed that comes
    twice in one pairing (a piece read twice) is an error naming the file and line."""
    found: dict[tuple[str, str], dict[int, Game]] = {}
    for path in paths:
        pairing: tuple[str, str] | None = None
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{path}, line {number}"
            header = _HEADER.fullmatch(text)
            if header:
                pairing = (header[1], header[2])
                continue
            if not text.startswith("  seed "):
                continue
            game = _GAME.fullmatch(text)
            if game is None:
                raise ValueError(f"{where}: not a game line of plot selfplay -v: {text!r}")
            if pairing is None:
                raise ValueError(f"{where}: a game before any line's header")
            seed, winner, case, coup, hitler = int(game[1]), game[2], game[3], game[4], game[5]
            games = found.setdefault(pairing, {})
            if seed in games:
                raise ValueError(f"{where}: seed {seed} of SS {pairing[0]} vs Abwehr {pairing[1]} again")
            alive = None if hitler is None else hitler == "lived"  # (older lines do not say)
            games[seed] = Game(seed, winner, case, None, int(coup) if coup else None, None, None, alive)
    return found


def report(found: dict[tuple[str, str], dict[int, Game]]) -> list[str]:
    """Each pairing's tally, then the gain for each two pairings on the same seeds that
    differ in one side."""
    lines: list[str] = []
    for (ss, abwehr), games in found.items():
        seeds = sorted(games)
        lines.append(
            f"{ss} (SS) against {abwehr} (Abwehr), seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} games)"
        )
        lines += tally([games[s] for s in seeds])
        lines.append("")
    pairings = list(found)
    for i, first in enumerate(pairings):
        for second in pairings[i + 1 :]:
            if found[first].keys() != found[second].keys():
                continue
            differ = [side for side, a, b in zip(("ss", "abwehr"), first, second, strict=True) if a != b]
            if len(differ) != 1:
                continue
            side = differ[0]
            n = len(found[first])
            k1 = sum(g.winner == side for g in found[first].values())
            k2 = sum(g.winner == side for g in found[second].values())
            at = 0 if side == "ss" else 1
            lines.append(gain_words(side, first[at], second[at], k1, n, k2, n, seeds=f"{n} seeds"))
    return lines


@quiet_when_the_reader_stops
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.losses", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=996200)
    ap.add_argument("--ss", default="hard")
    ap.add_argument("--abwehr", default="hard")
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--procs", type=int, default=1, help="games at once, in worker processes")
    ap.add_argument(
        "--coup-turns",
        type=int,
        default=0,
        metavar="K",
        help="the expert judges a coup it may declare after K Coup-Turns played out by the "
        "rules of thumb (default 0: where it begins)",
    )
    ap.add_argument(
        "--second-look",
        action="store_true",
        help="the expert spends the time a settled search leaves on deeper trials of its best plans",
    )
    ap.add_argument(
        "--read", nargs="+", type=Path, metavar="FILE", help="read the games of plot selfplay -v outputs"
    )
    args = ap.parse_args(argv)
    if args.read:
        try:
            found = read(args.read)
        except (OSError, ValueError) as e:
            print(f"python -m tools.losses: {e}")
            return 2
        print("\n".join(report(found)))
        return 0
    seeds = [args.seed + i for i in range(args.games)]
    if args.procs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=args.procs) as pool:
            n = len(seeds)
            games = list(
                pool.map(
                    play,
                    seeds,
                    [args.ss] * n,
                    [args.abwehr] * n,
                    [args.think] * n,
                    [args.coup_turns] * n,
                    [args.second_look] * n,
                )
            )
    else:
        games = [
            play(seed, args.ss, args.abwehr, args.think, args.coup_turns, args.second_look) for seed in seeds
        ]
    print(
        f"{args.ss} (SS) against {args.abwehr} (Abwehr), seeds {args.seed}-"
        f"{args.seed + args.games - 1}, think {args.think:g} s"
        + (f", the expert's coups played out {args.coup_turns} Coup-Turns" if args.coup_turns else "")
        + (", the expert's second look" if args.second_look else "")
    )
    for line in tally(games):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
