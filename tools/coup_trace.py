"""One game's coup, Coup-Turn by Coup-Turn: how a coup was fought, and why it stalled
(docs/reports/expert-strength.md, "How coups stall").

Plays ``new_game(--seed)`` as `plot selfplay` plays it, the expert counting ``--trials``
trials a plan so that the game is the same on any machine, and prints from the coup on:
at the start of each Coup-Turn the bonuses (18.18, 18.52), each side's own party units
in Berlin's streets (the units 18.71 and 18.72 count; "marked": under a Mask or
Neutralized marker) and each side's chances by this checkout's fitted evaluation; then
every harassment, what it did and the streets after it, and for each new plan of an
expert the three plans it weighed best with their estimates and trials. The last line
is the game's, as `plot selfplay -v` prints it.

    python -m tools.coup_trace --seed 984801 [--trials 150] [--ss expert] [--abwehr expert]

A seat may be LEVEL@CHECKOUT (``--ss expert@../c3ec274``), as tools.match plays it: the
game is then the one a tools.match line at ``--trials`` plays on that seed, read by this
checkout's engine, and the plans weighed are not shown (the seat's process keeps them).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from plot_ai.players import ExpertPlayer, Timed, make
from plot_ai.search import Thought
from plot_ai.value import fitted_value
from plot_cli.pipes import quiet_when_the_reader_stops
from plot_core import Action, GameState, Party, Player, Verb, apply, load_rules, parse_action
from plot_core.engine.api import new_game
from plot_core.engine.coup import hitler_dead
from plot_core.engine.rules_lookup import lookup
from plot_core.hexgrid import label
from plot_core.selfplay import GameResult, Policy, play_game
from plot_core.wording import unit_name, words
from tools import match

PARTY = {Player.SS: Party.SS, Player.ABWEHR: Party.ABWEHR}


def in_the_streets(state: GameState, side: Player) -> list[str]:
    """``side``'s own party units in Berlin outside the HQs (18.71, 18.72), by name."""
    lk = lookup(state.rules)
    out = []
    for uid in lk.of_party[PARTY[side]]:
        u = state.unit(uid)
        if u.hex in lk.streets:
            out.append(unit_name(state.rules, uid) + (" (marked)" if u.marker is not None else ""))
    return out


def streets_line(state: GameState, *, names: bool = False) -> str:
    """How many units each side has in the streets, and with ``names`` which."""
    out = []
    for side in Player:
        units = in_the_streets(state, side)
        out.append(f"{side.value} {len(units)}" + (f" ({', '.join(units) or 'none'})" if names else ""))
    return "; ".join(out)


def what_changed(before: GameState, after: GameState) -> str:
    """What a harassment did to the units (10.7): who was eliminated, retreated or came
    under a marker."""
    said = []
    for u, v in zip(before.units, after.units, strict=True):
        name = unit_name(before.rules, u.id)
        if v.hex is None and u.hex is not None:
            said.append(f"{name} eliminated")
        elif v.hex != u.hex and v.hex is not None:
            said.append(f"{name} to {label(v.hex)}")
        if v.marker is not None and v.marker != u.marker:
            said.append(f"{name} {v.marker.value}")
    return ", ".join(said) or "no effect"


class Reader:
    """The coup's lines, read from the game's own positions: told each action as it is
    played, it keeps its own copy of the game, stepped on by the same actions."""

    def __init__(self, seed: int) -> None:
        self.state = new_game(seed)
        self.lines: list[str] = []

    def played(self, a: Action) -> None:
        s, after = self.state, apply(self.state, a)
        self.state = after
        if after.coup is None:
            return
        if s.coup is None or s.coup.turn != after.coup.turn:
            c = after.coup
            when = "the interphase" if c.turn == 0 else f"Coup-Turn {c.turn}"
            hitler = "killed" if hitler_dead(after) else "alive"
            chances = ", ".join(f"{side.value} {100 * fitted_value(after, side):.0f}%" for side in Player)
            self.lines += [
                f"  {when}: bonus SS {c.bonus}, Abwehr {c.abwehr_bonus} (Hitler {hitler}), "
                f"harassment costs {c.penalty}; the evaluation: {chances}",
                f"    streets: {streets_line(after, names=True)}",
            ]
        if a.verb is Verb.HARASS:
            who = unit_name(s.rules, s.active) if s.active else "?"
            self.lines.append(
                f"    {s.actor.value}: {who}: {words(s.rules, s, a)}: {what_changed(s, after)}; "
                f"streets {streets_line(after)}"
            )

    def weighed(self, side: Player, thought: Thought) -> None:
        plans = "; ".join(f"{w.text} {100 * w.win:.0f}% ({w.trials})" for w in thought.plans)
        self.lines.append(f"    {side.value} weighed: {plans}")


def played_here(seed: int, ss: str, abwehr: str, trials: int, reader: Reader) -> GameResult:
    """The game played by this checkout's players, each expert's new plans in the coup
    told to ``reader``."""
    rules = load_rules()

    def policy(side: Player, level: str) -> Policy:
        player = make(level, rules, trials=trials)
        timed = Timed(player)
        told: list[Thought] = []

        def choose(state: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
            action = timed(state, legal, rnd)
            thought = player.expert.last if isinstance(player, ExpertPlayer) else None
            if state.coup is not None and thought is not None and not (told and told[0] is thought):
                told[:] = [thought]
                reader.weighed(side, thought)
            return action

        return choose

    return play_game(seed, policy(Player.SS, ss), policy(Player.ABWEHR, abwehr), played=reader.played)


def played_by_seats(seed: int, ss: str, abwehr: str, trials: int, reader: Reader) -> GameResult:
    """The game as tools.match plays it between two checkouts' seats (a plain LEVEL is this
    checkout's), read by ``reader`` action by action."""

    def seat(text: str) -> match.Seat:
        return match.seat(text if "@" in text else f"{text}@.").budget(1.0, trials)

    game = match.play(seed, seat(ss), seat(abwehr))
    for a in game.actions:
        reader.played(parse_action(a))
    return game.result


def trace(seed: int, ss: str, abwehr: str, trials: int) -> list[str]:
    """The lines of one game's coup (see the module's text)."""
    reader = Reader(seed)
    play: Callable[[int, str, str, int, Reader], GameResult] = (
        played_by_seats if "@" in ss + abwehr else played_here
    )
    result = play(seed, ss, abwehr, trials, reader)
    head = f"seed {seed}: SS {ss}, Abwehr {abwehr}, {trials} trials a plan"
    if result.coup_begun is None:
        return [head, result.line()]
    return [head, f"  the coup began in Game-Turn {result.coup_begun}", *reader.lines, result.line()]


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
    except ValueError as e:  # a seat that is not LEVEL@CHECKOUT of a checkout
        ap.error(str(e))
    for line in lines:
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
