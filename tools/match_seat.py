"""One seat of a match between two checkouts (tools/match.py): a computer player of the
code it is run with, in a process of its own.

Run as a script with the checkout's ``src`` first on PYTHONPATH (so that plot_core and
plot_ai are that checkout's, and its rules data with them); it imports nothing of this
repository's own, and only what every checkout since the players were timed offers.

    python tools/match_seat.py SEED SIDE LEVEL THINK [TRIALS]

It plays game SEED for SIDE ("ss" or "abwehr"), thinking THINK seconds a decision, or
with TRIALS a searching player counts that many trials instead (its play then depends on
nothing but what it is handed). Each line it reads is a JSON list of the
actions played since its last line (as ``str(action)`` writes them); it plays them on its
own state, decides for its side, and answers with a JSON line: the action, and how many
legal actions it saw with the Game-Turn and phase (the match checks that both engines
agree). An empty list asks
nothing new. When its input ends it writes its clock: the seconds of each decision with
a choice, and of those that made a new plan.
"""

from __future__ import annotations

import json
import os
import random
import sys


def main() -> int:
    from plot_ai.players import Timed, make
    from plot_core import Player, apply, legal_actions, load_rules, new_game, parse_action

    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout = sys.stderr  # (whatever the checkout's code prints is not taken for an answer)
    seed, side, level, think = int(sys.argv[1]), Player(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    trials = int(sys.argv[5]) if len(sys.argv) > 5 else None
    rules = load_rules()
    player = Timed(make(level, rules, think=think, trials=trials))
    player.new_game()
    rnd = random.Random(f"{seed}/{side.value}")  # (as plot selfplay seeds each side)
    state = new_game(seed, rules=rules)

    def answer(data: dict[str, object]) -> None:
        answers.write(json.dumps(data) + "\n")
        answers.flush()

    for line in sys.stdin:
        for text in json.loads(line):
            state = apply(state, parse_action(text))
        if state.to_act is not side:  # (its engine plays another game: never the other's view)
            sys.exit(f"game {seed}: asked to act for {side.value}, but {state.to_act} is to act here")
        legal = legal_actions(state)
        action = player(state, legal, rnd)
        answer({"action": str(action), "legal": len(legal), "turn": state.turn, "phase": state.phase.value})
    answer({"seconds": player.seconds, "thoughts": player.thoughts})
    return 0


if __name__ == "__main__":
    sys.exit(main())
