"""One game's coup, Coup-Turn by Coup-Turn: how a coup was fought, and why it stalled
(docs/reports/expert-strength.md, "Why coups stall").

Plays ``new_game(--seed)`` as `plot selfplay` plays it (play_game), the expert counting
``--trials`` trials a plan so that the game is the same on any machine, and prints from
the coup on: at the start of each Coup-Turn the bonuses (18.18, 18.52) and each side's
own party units in Berlin's streets (the units 18.71 and 18.72 count; "marked": under a
Mask or Neutralized marker), then every harassment with the streets after it, and for
each new plan of an expert the three plans it weighed best with their estimated chances
of winning and trials. The last line is the game's end.

    python -m tools.coup_trace --seed 984953 [--trials 150] [--ss expert] [--abwehr expert]

To trace an older expert, run it with that checkout's code first on the path
(``PYTHONPATH=../c3ec274/src:.``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from plot_ai.players import ExpertPlayer, Timed, make
from plot_ai.search import Thought
from plot_cli.pipes import quiet_when_the_reader_stops
from plot_core import Action, GameState, Party, Player, Verb, apply, load_rules
from plot_core.engine.api import new_game
from plot_core.engine.coup import hitler_dead
from plot_core.engine.rules_lookup import lookup
from plot_core.hexgrid import label
from plot_core.selfplay import Policy, play_game
from plot_core.wording import unit_name, words

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


def trace(seed: int, ss: str, abwehr: str, trials: int) -> list[str]:
    """The lines of one game's coup (see the module's text)."""
    rules = load_rules()
    out: list[str] = []
    seen: dict[Player, Thought] = {}  # each side's last new plan, already printed

    def policy(side: Player, level: str) -> Policy:
        player = make(level, rules, trials=trials)
        timed = Timed(player)

        def choose(state: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
            action = timed(state, legal, rnd)
            thought = player.expert.last if isinstance(player, ExpertPlayer) else None
            if state.coup is not None and thought is not None and thought is not seen.get(side):
                seen[side] = thought
                weighed = "; ".join(f"{w.text} {100 * w.win:.0f}% ({w.trials})" for w in thought.plans)
                out.append(f"    {side.value} weighed: {weighed}")
            return action

        return choose

    states: list[GameState] = [new_game(seed)]

    def played(a: Action) -> None:
        # play_game tells each action after it is played: the trace keeps its own copy of
        # the game, stepped on by the same actions, to read the positions from
        s = states[-1]
        after = apply(s, a)
        states.append(after)
        if after.coup is None:
            return
        if s.coup is None or s.coup.turn != after.coup.turn:
            c = after.coup
            when = "the interphase" if c.turn == 0 else f"Coup-Turn {c.turn}"
            hitler = "killed" if hitler_dead(after) else "alive"
            out.append(
                f"  {when}: bonus SS {c.bonus}, Abwehr {c.abwehr_bonus} (Hitler {hitler}), "
                f"harassment costs {c.penalty}"
            )
            out.append(f"    streets: {streets_line(after, names=True)}")
        if a.verb is Verb.HARASS:
            who = unit_name(rules, s.active) if s.active else "?"
            out.append(
                f"    {s.actor.value}: {who}: {words(rules, s, a)}: {what_changed(s, after)}; "
                f"streets {streets_line(after)}"
            )

    result = play_game(seed, policy(Player.SS, ss), policy(Player.ABWEHR, abwehr), played=played)
    head = f"seed {seed}: SS {ss}, Abwehr {abwehr}, {trials} trials a plan"
    if result.coup_begun is None:
        return [head, result.line()]
    return [head, f"  the coup began in Game-Turn {result.coup_begun}", *out, result.line()]


@quiet_when_the_reader_stops
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.coup_trace", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--trials", type=int, default=150, help="the expert's counted trials a plan")
    ap.add_argument("--ss", default="expert", help="the SS's level (default expert)")
    ap.add_argument("--abwehr", default="expert", help="the Abwehr's level (default expert)")
    args = ap.parse_args(argv)
    for line in trace(args.seed, args.ss, args.abwehr, args.trials):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
