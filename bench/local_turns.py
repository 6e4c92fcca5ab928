"""`make bench`: how long a player waits for the expert in a local game, per Game-Turn.

The game runs as `plot play` runs it: a Table on an asyncio loop, the searches in the
shared pool of worker processes, the computer's steps shown at the local pace (a pause
between steps, so a player can follow them). The expert plays one side at its default
thinking (1 s a decision on average); the other side is the easy level, which answers at
once, standing in for the player. Every moment the game waits on the expert's side is
added to the Game-Turn it falls in; the pace's own share (its pauses) is shown apart.

    python -m bench.local_turns [--games 2] [--seed 951000]

Seeds 951000 on are neither the tuning seeds (700000-700099) nor the strength seeds
(940000-940099).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import defaultdict

from plot_core import Player, load_rules, new_game
from plot_session.controller import LOCAL_PACE
from plot_session.session import Seat, Session
from plot_session.table import AsyncioScheduler, Changed, Table


async def one_game(rules, seed: int, expert: Player) -> tuple[dict[int, float], dict[int, int]]:
    """Seconds the game waited on the expert in each Game-Turn, and its steps in each."""
    session = Session(
        new_game(seed, rules=rules),
        {p: Seat.COMPUTER for p in Player},
        seed=seed,
        levels={expert: "expert", expert.enemy: "easy"},
    )
    table = Table(session, AsyncioScheduler(), pace=LOCAL_PACE)
    waited: dict[int, float] = defaultdict(float)
    steps: dict[int, int] = defaultdict(int)
    over = asyncio.Event()
    last = [time.perf_counter(), session.state]

    def changed(_: Changed) -> None:
        now, state = time.perf_counter(), session.state
        before = last[1]
        if before.to_act is expert:  # the time since the last change was the expert's
            waited[before.turn] += now - last[0]
            steps[before.turn] += 1
        last[:] = [now, state]
        if state.outcome is not None:
            over.set()

    table.subscribe(changed)
    table.start()
    await over.wait()
    table.close()
    return waited, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games for each side the expert plays")
    parser.add_argument("--seed", type=int, default=951000)
    args = parser.parse_args()
    rules = load_rules()
    for expert in (Player.SS, Player.ABWEHR):
        per_turn: dict[int, list[float]] = defaultdict(list)
        pace: dict[int, list[float]] = defaultdict(list)
        totals = []
        for g in range(args.games):
            waited, steps = asyncio.run(one_game(rules, args.seed + g, expert))
            totals.append(sum(waited.values()))
            for turn, seconds in waited.items():
                per_turn[turn].append(seconds)
                pace[turn].append(steps[turn] * LOCAL_PACE)
        print(f"the expert as the {expert.title}, {args.games} games from seed {args.seed}:")
        for turn in sorted(per_turn):
            said = "set-up" if turn == 0 else f"Game-Turn {turn}"
            print(
                f"  {said:12} waited {statistics.median(per_turn[turn]):6.1f} s median "
                f"(most {max(per_turn[turn]):6.1f} s; "
                f"the pace's pauses {statistics.median(pace[turn]):5.1f} s)"
            )
        print(f"  a whole game: {statistics.median(totals):.1f} s median, {max(totals):.1f} s most")


if __name__ == "__main__":
    main()
