"""Would the pre-coup models foretell games better if they knew what a coup begun now
would be worth? (docs/reports/expert-strength.md, "Expert II: the coup's chances as a
fact before the coup").

Whether to declare sets the coup's models (declare) against the pre-coup ones (not now),
which are fitted apart. This reads games kept by ``python -m tools.fit --played``,
replays them, and at every position before the coup that the fit keeps
(tools.fit.positions) works out three more facts from the coup's models in use: if the
Abwehr attempted the coup now with every Führer Access chit he holds, the SS's and the
Abwehr's chances where it begins, averaged over the Walkyrie die (18.13, 18.8; a face
on which it fails is counted as nothing, though the game goes on, 18.16), and the share
of the die's faces on which it begins (the Führer Access chits held, rescaled).
It then fits the pre-coup models on four fifths of the games (by seed, as tools.fit
does) with today's facts, with the three added, and with the three added again times
the share of the Game-Turns gone, and prints each one's log loss on the fifth held out.

    python -m tools.pre_coup_facts --played FILE [--games N] [--procs 2]
"""

from __future__ import annotations

import argparse

from plot_ai.features import PRE_COUP, features
from plot_ai.value import chances
from plot_cli.pipes import quiet_when_the_reader_stops
from plot_core import GameState, load_rules
from plot_core.engine.coup import begin, coup_set_by, fuhrer_access_chits
from tools.fit import RIDGE, _base_rate_loss, _score, kept_arguments, logistic_fit, over_kept, positions

Row = tuple[list[float], list[float], str]  # today's facts, the three added, the winner


def coup_now(state: GameState) -> list[float]:
    """The SS's and the Abwehr's chances if the coup were attempted now with every
    Führer Access chit held, by the coup's models where it begins (18.21), over the six
    faces of the Walkyrie die (18.13), a failure counted as nothing; and the share of
    faces on which it begins (18.8)."""
    held = len(fuhrer_access_chits(state))
    table = state.rules.tables.walkyrie
    ss = ab = passes = 0.0
    for die in range(1, 7):
        result = table.result(die + held)
        if result is None:  # 18.16: the coup fails
            continue
        passes += 1
        p_ss, p_ab = chances(begin(state, coup_set_by(result)))  # 18.15-18.22
        ss, ab = ss + p_ss, ab + p_ab
    return [ss / 6, ab / 6, passes / 6]


def rows(game: dict) -> tuple[int, list[Row]]:
    """The pre-coup positions of one kept game, each with its facts, the three added
    and how the game ended."""
    rules = load_rules()
    kept = [(features(s), coup_now(s), game["winner"]) for s in positions(game, rules) if s.coup is None]
    return game["seed"], kept


def compare(by_game: list[tuple[int, list[Row]]]) -> list[tuple[str, str, float, float]]:
    """(facts, side, held-out log loss, base rate's) for each set of facts and side."""
    gone = PRE_COUP.index("turns_left")
    sets = {
        "today's facts": lambda x, c: x,
        "with the coup now": lambda x, c: x + c,
        "and times Game-Turns gone": lambda x, c: x + c + [v * (1 - x[gone]) for v in c],
    }
    out = []
    for name, make in sets.items():
        train = [(make(x, c), w) for s, kept in by_game if s % 5 for x, c, w in kept]
        test = [(make(x, c), w) for s, kept in by_game if not s % 5 for x, c, w in kept]
        for side in ("ss", "abwehr"):
            ys_train = [int(w == side) for _, w in train]
            ys_test = [int(w == side) for _, w in test]
            weights = logistic_fit([x for x, _ in train], ys_train, ridge=RIDGE["pre_coup"])
            loss, _ = _score(weights, [x for x, _ in test], ys_test)
            out.append((name, side, loss, _base_rate_loss(ys_train, ys_test)))
    return out


@quiet_when_the_reader_stops
def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.pre_coup_facts", description=__doc__.splitlines()[0])
    kept_arguments(ap)
    by_game = over_kept(rows, ap.parse_args(argv))
    held_out = sum(len(kept) for s, kept in by_game if not s % 5)
    print(f"{len(by_game)} games, {held_out} positions before the coup held out (seed % 5 == 0)")
    for name, side, loss, base in compare(by_game):
        print(f"  {name:26} {side:6}: held-out log loss {loss:.4f} (base rate {base:.4f})")


if __name__ == "__main__":
    raise SystemExit(main())
