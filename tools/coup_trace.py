"""One game's coup, Coup-Turn by Coup-Turn: how a coup was fought, and why it stalled
(docs/reports/expert-strength.md, "How coups stall").

Plays ``new_game(--seed)`` by plot selfplay's own loop (play_game), an expert counting
``--trials`` trials a plan so that the game is the same on any machine (as it is for the
easy and random players; not for hard, whose search is timed), and prints from
the coup on: at the start of the interphase and of each Coup-Turn the bonuses (18.18,
18.52), each side's own party units in Berlin's streets (the units 18.71 and 18.72
count; "marked": under a Mask or Neutralized marker) and each side's chances by this
checkout's fitted evaluation; then the game's own log of the coup (every harassment
with its differential, die and result, retreats, advances, Loyalty chits laid), with the
count of each side's units in the streets wherever an action changed it; and for each
new plan of an expert of this checkout the three plans it weighed best, with their
estimates and trials. The last line is the game's, as `plot selfplay -v` prints it.
It shows the whole board, both sides' plans included: it is for reading games played,
not for a side's eyes.

    python -m tools.coup_trace --seed 984801 [--trials 150] [--ss expert] [--abwehr expert]

A seat may be LEVEL@CHECKOUT (``--ss expert@../c3ec274``): the game is then played as
tools.match plays it at ``--trials`` counted trials (a plain LEVEL is this checkout's),
which is the game of a tools.match line at that budget on the seed, and the plans
weighed are not shown (each seat's process keeps its own).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from plot_ai.effects import PARTY
from plot_ai.players import ExpertPlayer, Timed, make
from plot_ai.search import Thought
from plot_ai.value import fitted_value
from plot_cli.pipes import quiet_when_the_reader_stops
from plot_core import Action, GameState, Player, load_rules
from plot_core.engine import units_in_streets
from plot_core.engine.api import new_game
from plot_core.engine.coup import hitler_dead
from plot_core.selfplay import GameResult, Policy, play_game
from plot_core.wording import news, unit_name
from tools import match

HERE = Path(__file__).resolve().parents[1]  # this checkout: a plain LEVEL's seat


def in_the_streets(state: GameState, side: Player) -> list[str]:
    """``side``'s own party units in Berlin outside the HQs (18.71, 18.72), by name."""
    return [
        unit_name(state.rules, uid) + (" (marked)" if state.unit(uid).marker is not None else "")
        for uid in units_in_streets(state.rules, PARTY[side], lambda uid: state.unit(uid).hex)
    ]


def counts(state: GameState) -> str:
    """How many of its own party units each side has in the streets."""
    return "; ".join(f"{side.value} {len(in_the_streets(state, side))}" for side in Player)


class CoupLines:
    """The coup's lines, read from the game's own positions: told each position the
    game reaches, as play_game tells it, it compares it with the one before."""

    def __init__(self, seed: int) -> None:
        self.state = new_game(seed)  # the position before the next action
        self.lines: list[str] = []
        self.streets = ""  # counts(state) as last said: said again only when it changes

    def played(self, a: Action, after: GameState) -> None:
        s = self.state
        self.state = after
        if after.coup is None:
            return
        # the game's log of what the action caused (public entries: this is the board)
        self.lines += [f"    {news(after.rules, e)}" for e in after.events if e.seen_by(None)]
        now = counts(after)
        if s.coup is not None and now != self.streets:
            self.lines.append(f"      streets: {now}")
        self.streets = now
        if s.coup is None or s.coup.turn != after.coup.turn:
            c = after.coup
            when = "the interphase" if c.turn == 0 else f"Coup-Turn {c.turn}"
            hitler = "killed" if hitler_dead(after) else "alive"
            chances = ", ".join(f"{side.value} {100 * fitted_value(after, side):.0f}%" for side in Player)
            self.lines.append(
                f"  {when}: bonus SS {c.bonus}, Abwehr {c.abwehr_bonus} (Hitler {hitler}), "
                f"harassment costs {c.penalty}; the evaluation: {chances}"
            )
            self.lines += [
                f"    streets: {side.value} {len(units)} ({', '.join(units) or 'none'})"
                for side in Player
                for units in [in_the_streets(after, side)]
            ]

    def weighed(self, thought: Thought) -> None:
        plans = "; ".join(
            f"{w.text} " + (f"{100 * w.win:.0f}% ({w.trials})" if w.trials else "(not tried)")
            for w in thought.plans
        )
        self.lines.append(f"    {thought.side.value} weighed: {plans}")


def played_here(seed: int, ss: str, abwehr: str, trials: int, lines: CoupLines) -> GameResult:
    """The game played by this checkout's players; each new plan an expert makes in the
    coup is told to ``lines`` before its first action is played."""
    rules = load_rules()

    def policy(level: str) -> Policy:
        player = make(level, rules, trials=trials)
        timed = Timed(player)

        def choose(state: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
            before = len(timed.thoughts)  # Timed counts the decisions that made a new plan
            action = timed(state, legal, rnd)
            new = len(timed.thoughts) > before
            if new and state.coup is not None and isinstance(player, ExpertPlayer) and player.expert.last:
                lines.weighed(player.expert.last)
            return action

        return choose

    return play_game(seed, policy(ss), policy(abwehr), played=lines.played)


def played_by_seats(seed: int, ss: str, abwehr: str, trials: int, lines: CoupLines) -> GameResult:
    """The game as tools.match plays it between two checkouts' seats, read by ``lines``
    action by action."""

    def seat(text: str) -> match.Seat:
        return match.seat(text if "@" in text else f"{text}@{HERE}").budget(1.0, trials)

    return match.play(seed, seat(ss), seat(abwehr), seen=lines.played).result


def trace(seed: int, ss: str, abwehr: str, trials: int) -> list[str]:
    """The lines of one game's coup (see the module's text)."""
    lines = CoupLines(seed)
    play: Callable[[int, str, str, int, CoupLines], GameResult] = (
        played_by_seats if "@" in ss + abwehr else played_here
    )
    result = play(seed, ss, abwehr, trials, lines)
    head = f"seed {seed}: SS {ss}, Abwehr {abwehr}, {trials} trials a plan"
    if result.coup_begun is None:
        return [head, result.line()]
    return [head, f"  the coup began in Game-Turn {result.coup_begun}", *lines.lines, result.line()]


@quiet_when_the_reader_stops
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.coup_trace", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--trials", type=int, default=150, help="the expert's counted trials a plan")
    ap.add_argument("--ss", default="expert", help="the SS's LEVEL or LEVEL@CHECKOUT (default expert)")
    ap.add_argument("--abwehr", default="expert", help="the Abwehr's, as --ss")
    args = ap.parse_args(argv)
    try:
        lines = trace(args.seed, args.ss, args.abwehr, args.trials)
    except ValueError as e:  # an unknown level, or a seat that is not LEVEL@CHECKOUT
        ap.error(str(e))
    for line in lines:
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
