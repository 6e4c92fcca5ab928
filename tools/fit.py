"""Fit the expert's evaluation to the outcomes of self-played games.

    python -m tools.fit --games 3000 --seed 1000000 [--procs 2] [--out FILE]

Plays ``games`` games of the hard player against itself (seeds ``seed`` onwards; the
expert is measured on other seeds, see docs/reports/expert-strength.md), with some exploration so that the
positions cover what a searching player will ask about: now and then a random legal
action, and as the Abwehr now and then a coup declared at a random moment with a random
number of Führer Access chits. Every position at the start of a phase (before the coup)
and at every free choice of the coup is kept with how its game ended. Then for each kind
of position it fits two logistic models, "the SS wins" and "the Abwehr wins", by
Newton's method with a small ridge penalty, on four fifths of the games, and reports the
log loss and accuracy on the fifth it did not see, and for the coup's positions, Coup-Turn
by Coup-Turn, each ending's mean given chance against how often it happened; the weights
written are refitted on all games.

    python -m tools.fit --games 2400 --seed 1000000 --played games.jsonl

keeps the games played, and run again with the same ``--played``, ``--seed`` and
``--games`` fits to them without playing (about 35 s instead of 22 minutes on two
cores); a run stopped part way plays only the games the file does not hold yet.
``--models coup`` refits the coup's models alone and keeps the pre-coup ones in the
file as they are (each model records when and on which games it was fitted). Each
model's held-out scores are printed beside those of the weights in use, on the same
positions, unless those name other facts (a fact added to features.py is fitted so).

    python -m tools.fit --player expert --trials 150 --games 2400 --seed 1200000 --played FILE --out FILE2

plays the games with the expert against itself instead (counting its trials, so a game is
the same on any machine; hours of play, in as many sittings as it takes), so that the
evaluation is fitted on the positions the expert reaches, not only those hard reaches.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

import plot_ai
from plot_ai.features import COUP, features
from plot_ai.players import make
from plot_ai.value import (
    MODELS,
    WEIGHTS,
    WeightsError,
    are_numbers,
    distribution,
    model_weights,
    names_facts,
    read_weights,
)
from plot_core import (
    Action,
    GameState,
    Player,
    Verb,
    apply,
    legal_actions,
    load_rules,
    new_game,
    parse_action,
)
from plot_core import view as view_of
from plot_core.engine.coup import fuhrer_access_chits

T = TypeVar("T")

EXPLORE = 0.03  # a random legal action now and then
RANDOM_COUP = 0.08  # the Abwehr declares at a random coup window
# The ridge penalty per kind of position (times the positions). The coup's is a tenth
# of the other, so that the facts of the last Coup-Turns, which only a few thousand of
# its 160,000 positions have, are not shrunk away: on the held-out fifth of the 2,400
# games of seed 1,000,000 the two coup models' log losses sum to 0.858 against 0.867 at
# 1e-3. Before the coup 1e-4 fitted no better (1.302 against 1.300).
RIDGE = {"pre_coup": 1e-3, "coup": 1e-4}


def _explore(
    state: GameState, legal: Sequence[Action], rnd: random.Random, intent: list[int]
) -> Action | None:
    """Now and then a random legal action; at a coup window now and then a coup with all
    the Führer Access chits held, or a random number of them (``intent``: how many are
    still to be committed to the coup being made, or empty)."""
    top = state.pending[-1] if state.pending else None
    if top is not None and top.kind == "coup":
        if not intent and not top.chits and rnd.random() < RANDOM_COUP:
            held = len(fuhrer_access_chits(state))
            intent.append(held if rnd.random() < 0.6 else rnd.randint(0, held))
        if intent:
            if intent[0] > 0:
                intent[0] -= 1
                return next(a for a in legal if a.verb is Verb.REVEAL)
            intent.clear()
            return next(a for a in legal if a.verb is Verb.COUP)
        return None
    if rnd.random() < EXPLORE:
        return rnd.choice(list(legal))
    return None


def play(seed: int, player: str = "hard", trials: int | None = None) -> dict:
    """One explored game of ``player`` against itself (the expert counting ``trials`` a
    plan, so a game is the same on any machine): its seed, actions, winner."""
    rules = load_rules()
    players = {p: make(player, rules, trials=trials) for p in Player}
    rnd = {p: random.Random(f"fit/{seed}/{p.value}") for p in Player}
    state = new_game(seed, rules=rules)
    actions: list[str] = []
    intent: list[int] = []
    for _ in range(20_000):
        if state.outcome is not None:
            break
        legal = legal_actions(state)
        side = state.to_act
        explored = None if len(legal) == 1 else _explore(state, legal, rnd[side], intent)
        if len(legal) == 1:
            choice = legal[0]
        elif explored is not None:
            choice = explored
            players[side].interrupted()  # (a plan it had in hand was for another position)
        else:
            choice = players[side].decide(view_of(state, side), legal, rnd[side])
        actions.append(str(choice))
        state = apply(state, choice)
    winner = state.outcome.winner if state.outcome is not None else "allies"
    return {"seed": seed, "actions": actions, "winner": winner}


def positions(game: dict, rules) -> Iterator[GameState]:
    """The kept positions of a played game, replayed: the start of every phase before the
    coup, and every free choice in it."""
    state = new_game(game["seed"], rules=rules)
    seen: set[tuple[int, str]] = set()
    for text in game["actions"]:
        if state.coup is None:
            if (state.turn, state.phase) not in seen and not state.pending:
                seen.add((state.turn, state.phase))
                yield state
        elif state.active is None and not state.pending:
            yield state
        state = apply(state, parse_action(text))


def featurise(game: dict) -> tuple[int, list]:
    rules = load_rules()
    kept = [("coup" if s.coup is not None else "pre_coup", features(s)) for s in positions(game, rules)]
    return game["seed"], [(kind, x, game["winner"]) for kind, x in kept]


def generate(
    seeds: Sequence[int],
    procs: int,
    player: str = "hard",
    trials: int | None = None,
    who: dict[str, Any] | None = None,
) -> Iterator[dict]:
    n = len(seeds)
    players, counts = [player] * n, [trials] * n
    if procs <= 1:
        games = map(play, seeds, players, counts)
    else:
        pool = ProcessPoolExecutor(procs)
        games = pool.map(play, seeds, players, counts, chunksize=1 if player == "expert" else 4)
    try:
        for game in games:
            yield {**game, **(who or {})}
    finally:
        if procs > 1:
            pool.shutdown(cancel_futures=True)


def player_of(player: str, trials: int | None) -> dict[str, Any]:
    """What a kept game records of who played it. For the expert also a fingerprint of
    its code and evaluation weights (plot_ai's sources and weights file), since the same
    counted trials play another game once either changes: games of two experts are
    never fitted as one."""
    if player == "hard":
        return {}  # (the games of the fits before these fields are the hard player's)
    digest = hashlib.sha256()
    package = Path(plot_ai.__file__).parent
    for path in sorted([*package.glob("*.py"), WEIGHTS]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return {"player": player, "trials": trials, "expert": digest.hexdigest()[:12]}


def played_games(
    seeds: Sequence[int], played: Path | None, procs: int, player: str, trials: int | None
) -> tuple[list[dict], dict[str, Any]]:
    """The games of ``seeds``, and who played them (player_of): those ``played`` holds
    already, and the rest played now and added to it one by one, so a run stopped part
    way (hours, for the expert's games) goes on where it stopped. Only the games of
    ``seeds`` are returned (a file may hold others: said). Games are added only by the
    expert that played those kept (its code and weights as they were: else they would be
    two experts' games), and by one run at a time; a file whole for ``seeds`` is fitted
    to whatever the code is now."""
    t0 = time.monotonic()
    who = player_of(player, trials)
    if played is None:
        return list(generate(list(seeds), procs, player, trials, who)), who
    played.touch()
    with played.open("r+", encoding="utf-8") as out:
        try:
            fcntl.flock(out, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SystemExit(f"{played}: another run is adding games to it now") from None
        kept, cut, record = kept_games(played)
        if cut is not None:  # the last line, cut off when a run was stopped: played again
            out.truncate(cut)
        asked = who or HARD
        if kept and (record["player"], record["trials"]) != (asked["player"], asked["trials"]):
            raise SystemExit(f"{played}: its games are of {_said(record)}, not of {_said(asked)}")
        wanted = set(seeds)
        games = [g for g in kept if g["seed"] in wanted]
        if kept:
            print(f"{len(games)} games of seeds {min(seeds)}-{max(seeds)} read from {played}", flush=True)
        if len(kept) > len(games):
            print(f"  ({len(kept) - len(games)} more games there, of other seeds: not fitted)", flush=True)
        had = {g["seed"] for g in kept}
        todo = [s for s in seeds if s not in had]
        if todo and kept and record != asked:
            raise SystemExit(
                f"{played}: its games are of {_said(record)}, and the expert now is {_said(asked)}: "
                "its code or weights have changed, so no game can be added to them. Play all of "
                "them into a new file, or go back to that expert."
            )
        out.seek(0, 2)
        for i, game in enumerate(generate(todo, procs, player, trials, who), 1):
            games.append(game)
            out.write(json.dumps(game) + "\n")
            out.flush()
            if i % 100 == 0 or (player == "expert" and i % 10 == 0):
                print(f"  {i} of {len(todo)} games, {time.monotonic() - t0:.0f} s", flush=True)
    return sorted(games, key=lambda g: g["seed"]), (record if kept else asked)


HARD = {"player": "hard", "trials": None, "expert": None}  # who played a game that does not say


def kept_games(path: Path) -> tuple[list[dict], int | None, dict[str, Any]]:
    """The games a --played file holds (a seed kept twice counted once), where the
    file's last line begins if a stop cut it off (None if it is whole), and who played
    them (player_of): one player, or the file is refused."""
    games: list[dict] = []
    seen: set[int] = set()
    record: dict[str, Any] = HARD
    at = 0
    with path.open("rb") as f:
        lines = f.readlines()
    for n, raw in enumerate(lines, 1):
        try:
            game = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            if n == len(lines) and not raw.endswith(b"\n"):
                return games, at, record
            raise SystemExit(f"{path}, line {n}: not a JSON line") from None
        at += len(raw)
        mine = {k: game.get(k, HARD[k]) for k in HARD}
        if not games:
            record = mine
        elif mine != record:
            raise SystemExit(f"{path}, line {n}: a game of {_said(mine)}, after games of {_said(record)}")
        if game["seed"] not in seen:
            seen.add(game["seed"])
            games.append(game)
    return games, None, record


def kept_arguments(ap: argparse.ArgumentParser) -> None:
    """The arguments of a tool that reads the games a --played file keeps (over_kept)."""
    ap.add_argument("--played", type=Path, required=True, help="games kept by tools.fit --played")
    ap.add_argument("--games", type=int, help="only the first N games of the file")
    ap.add_argument("--procs", type=int, default=2)


def over_kept(read: Callable[[dict], T], args: argparse.Namespace) -> list[T]:
    """``read`` of each of the first ``args.games`` games that ``args.played`` keeps
    (kept_games: a line a stop cut off is left out), in ``args.procs`` processes."""
    games = kept_games(args.played)[0][: args.games]
    with ProcessPoolExecutor(max(1, args.procs)) as pool:
        return list(pool.map(read, games, chunksize=8))


def _said(who: dict[str, Any]) -> str:
    if who.get("player", "hard") == "hard":
        return "hard"
    return f"{who['player']} at {who.get('trials')} trials (code and weights {who.get('expert')})"


# -- logistic regression by Newton's method -------------------------------------------------


def logistic_fit(xs: list[list[float]], ys: list[int], *, ridge: float, iterations: int = 30) -> list[float]:
    """Weights of P(y=1) = 1 / (1 + exp(-w.x)), by Newton's method, with a ridge penalty
    of ``ridge`` times the number of rows on every weight but the first (the bias).
    numpy does the sums: 160,000 positions of 40 facts are too many for plain Python."""
    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    n = x.shape[1]
    penalty = ridge * len(x) * np.r_[0.0, np.ones(n - 1)]
    w = np.zeros(n)
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return [float(v) for v in w]


def _score(w: list[float], xs: list[list[float]], ys: list[int]) -> tuple[float, float]:
    """(mean log loss, accuracy) of ``w`` on (xs, ys)."""
    z = np.asarray(xs, dtype=float) @ np.asarray(w)
    p = np.clip(1 / (1 + np.exp(-np.clip(z, -30, 30))), 1e-9, 1 - 1e-9)
    y = np.asarray(ys, dtype=bool)
    loss = -np.where(y, np.log(p), np.log(1 - p)).mean()
    return float(loss), float(((p >= 0.5) == y).mean())


def _base_rate_loss(ys: list[int], test: list[int]) -> float:
    p = min(1 - 1e-9, max(1e-9, sum(ys) / len(ys)))
    return -sum(math.log(p) if y else math.log(1 - p) for y in test) / len(test)


def fit(
    by_game: list[tuple[int, list]],
    report=print,
    kinds: Sequence[str] = tuple(MODELS),
    beside: dict[str, dict[str, tuple[float, ...]]] | None = None,
) -> dict:
    """The models fitted on ``by_game``, each with its held-out scores; for each kind in
    ``beside`` (the weights in use, as value.weights reads them) theirs on the same
    held-out positions too, so that a refit is judged against what it would replace."""
    beside = beside or {}
    models: dict[str, dict] = {}
    for kind in kinds:
        names = MODELS[kind]
        rows = [(s, x, w) for s, kept in by_game for k, x, w in kept if k == kind]
        train = [(x, w) for s, x, w in rows if s % 5]
        test = [(x, w) for s, x, w in rows if not s % 5]
        if not train or not test:
            raise SystemExit(
                f"the {kind} model: {len(train)} positions to fit and {len(test)} to hold out "
                "(those of the games whose seed is a multiple of 5): play more games"
            )
        model: dict = {"features": list(names), "positions": len(rows)}
        held_models: dict[str, list[float]] = {}
        for side in ("ss", "abwehr"):
            ys_train = [int(w == side) for _, w in train]
            ys_test = [int(w == side) for _, w in test]
            held = held_models[side] = logistic_fit([x for x, _ in train], ys_train, ridge=RIDGE[kind])
            loss, acc = _score(held, [x for x, _ in test], ys_test)
            base = _base_rate_loss(ys_train, ys_test)
            report(
                f"{kind:8} {side:6}: held-out log loss {loss:.4f} (base rate {base:.4f}), "
                f"accuracy {acc:.3f}, {len(train)} positions fitted, {len(test)} held out"
            )
            model[side] = [
                round(v, 6)
                for v in logistic_fit(
                    [x for _, x, _ in rows], [int(w == side) for _, _, w in rows], ridge=RIDGE[kind]
                )
            ]
            model[f"{side}_held_out"] = {
                "log_loss": round(loss, 4),
                "base_rate_log_loss": round(base, 4),
                "accuracy": round(acc, 4),
            }
            if kind in beside:
                was, was_acc = _score(list(beside[kind][side]), [x for x, _ in test], ys_test)
                report(f"{kind:8} {side:6}: the weights in use there: {was:.4f}, accuracy {was_acc:.3f}")
                model[f"{side}_held_out"]["in_use_log_loss"] = round(was, 4)
        if kind == "coup":
            model["held_out_by_coup_turn"] = by_coup_turn(held_models, test, report)
            if kind in beside:
                report("  the weights in use, the same positions:")
                by_coup_turn({side: list(w) for side, w in beside[kind].items()}, test, report)
        models[kind] = model
    return models


def by_coup_turn(
    held: dict[str, list[float]], test: list[tuple[list[float], str]], report: Callable[[str], None] = print
) -> list[dict[str, Any]]:
    """The held-out coup positions by Coup-Turn: each ending's mean chance as the two
    models give it (made a distribution by value.distribution) against how often it
    happened. The facts give the Coup-Turn as the share of Coup-Turns left (COUP[1])."""
    x = np.asarray([x for x, _ in test], dtype=float)
    won = np.asarray([w for _, w in test])
    p = {side: 1 / (1 + np.exp(-np.clip(x @ np.asarray(w), -30, 30))) for side, w in held.items()}
    pairs = np.asarray(
        [distribution(a, b) for a, b in zip(p["ss"].tolist(), p["abwehr"].tolist(), strict=True)]
    )
    given = {"ss": pairs[:, 0], "abwehr": pairs[:, 1], "allies": 1 - pairs[:, 0] - pairs[:, 1]}
    turns = np.rint((1 - x[:, COUP.index("coup_turns_left")]) * load_rules().game.coup_turns)
    rows = []
    for turn in sorted(set(turns.astype(int))):
        at = turns == turn
        row: dict[str, Any] = {"coup_turn": int(turn), "positions": int(at.sum())}
        for ending in ("ss", "abwehr", "allies"):
            row[ending] = {
                "given": round(float(given[ending][at].mean()), 3),
                "won": round(float((won[at] == ending).mean()), 3),
            }
        rows.append(row)
        report(
            f"  Coup-Turn {turn} ({row['positions']} positions): "
            + ", ".join(
                f"{e} given {row[e]['given']:.3f}, won {row[e]['won']:.3f}"
                for e in ("ss", "abwehr", "allies")
            )
        )
    return rows


def widened(part: object, facts: tuple[str, ...]) -> tuple[dict[str, Any], list[str]] | None:
    """A model on some of ``facts`` (one added to features.py since it was fitted),
    given them all, the ones it never saw at weight 0: exactly its chances; and the
    facts added. None if it names a fact that is not among ``facts``, or its weights
    are not a number for each fact it names."""
    if not isinstance(part, dict):
        return None
    had = part.get("features")
    if not isinstance(had, list) or not all(isinstance(f, str) for f in had):
        return None
    if not set(had) <= set(facts) or len(set(had)) != len(had):
        return None
    added = [f for f in facts if f not in had]
    out = {**part, "features": list(facts)}
    for side in ("ss", "abwehr"):
        w = part.get(side)
        if not are_numbers(w, len(had)):
            return None
        by_fact = dict(zip(had, w, strict=True))
        out[side] = [float(by_fact.get(f, 0.0)) for f in facts]
    if added:  # (the file says which weights no game fitted)
        out["note"] = (
            f"{part.get('note', '')} Widened by tools.fit: {', '.join(added)} at 0, not fitted.".strip()
        )
    return out, added


def weights_file(models: dict[str, dict], out: Path, report: Callable[[str], None] = print) -> dict:
    """The weights file with ``models`` refitted and the rest kept from ``out`` as it is
    (each model says when and on which games it was fitted): the other kinds, and the
    layer fitted on the expert's own games (value.own_games), less a part that would no
    longer read: the pre-coup map when the pre-coup models are refitted (it maps their
    log-odds), the coup-start model when it names a fact that is no longer one (one on
    fewer facts is given the new ones at weight 0: the same chances). What is dropped or
    widened is reported, with how to fit it again."""
    data: dict[str, Any] = {
        "about": "weights of the expert's evaluation (plot_ai/value.py), fitted by "
        "python -m tools.fit to self-played games of the hard player",
        "models": {},
    }
    try:
        old = json.loads(out.read_text(encoding="utf-8"))
    except FileNotFoundError:
        old = {}
    except (OSError, ValueError) as exc:
        raise SystemExit(f"{out}: cannot keep what is not refitted ({exc!r})") from None
    if not isinstance(old, dict):
        raise SystemExit(f"{out}: not a weights file (a JSON table)")
    kept = old.get("models", {})
    for kind in set(MODELS) - set(models):
        if not names_facts(kept.get(kind), MODELS[kind]):
            raise SystemExit(f"{out}: the {kind} model does not name today's facts; refit it too")
        data["models"][kind] = kept[kind]
    data["models"].update(models)
    data["models"] = {kind: data["models"][kind] for kind in MODELS}
    own = old.get("own_games") or {}
    if not isinstance(own, dict):
        raise SystemExit(f"{out}: own_games is not a table")
    own = dict(own)
    again = "fit it again: python -m tools.chances_calibration --played FILE"
    if "pre_coup" in models and own.pop("pre_coup_map", None) is not None:
        report(f"the expert's own games' pre-coup map reads the old pre-coup models: dropped; {again}")
    start = own.get("coup_start")
    if start is not None and not names_facts(start, COUP):
        wider = widened(start, COUP)
        if wider is None:
            del own["coup_start"]
            report(f"the expert's own games' coup-start model names other facts: dropped; {again}")
        else:
            own["coup_start"], added = wider
            what = (
                f"weighs the new facts ({', '.join(added)}) at 0"
                if added
                else "names the facts in another order"
            )
            report(f"the expert's own games' coup-start model {what}: the same chances as before; {again}")
    if set(own) - {"about"}:
        data["own_games"] = own
    return data


def weights_in_use(report: Callable[[str], None] = print) -> dict[str, dict[str, tuple[float, ...]]]:
    """The models the expert reads now, for a refit to be judged beside on the same
    held-out positions: each model that names today's facts; one that names others
    (its facts have just changed, which is why a refit is asked for) is said and left
    out, and the other is still compared."""
    try:
        data = read_weights(WEIGHTS)
    except WeightsError as exc:
        report(f"the refit is not scored beside the weights in use: {exc}")
        return {}
    out = {}
    for kind in MODELS:
        try:
            out[kind] = model_weights(data, kind, WEIGHTS)
        except WeightsError as exc:
            report(f"the {kind} refit is not scored beside the weights in use: {exc}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.fit", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1_000_000)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=WEIGHTS)
    ap.add_argument(
        "--played",
        type=Path,
        help="keep the games played in this JSON Lines file (seed, actions, winner); the "
        "games it holds already are not played again (a run stopped goes on)",
    )
    ap.add_argument(
        "--player",
        choices=("hard", "expert"),
        default="hard",
        help="who plays the games against itself (default hard)",
    )
    ap.add_argument(
        "--trials",
        type=int,
        default=150,
        help="with --player expert: its trials a plan, counted (default 150; hard has none)",
    )
    ap.add_argument(
        "--models",
        nargs="+",
        choices=tuple(MODELS),
        default=list(MODELS),
        help="refit only these models and keep the others in --out as they are",
    )
    args = ap.parse_args(argv)
    # Refuse a file whose kept models cannot be read now, not after the games are played.
    weights_file({kind: {} for kind in args.models}, args.out)  # (what it would drop, said now)
    t0 = time.monotonic()
    trials = args.trials if args.player == "expert" else None
    seeds = range(args.seed, args.seed + args.games)
    games, played_by = played_games(seeds, args.played, args.procs, args.player, trials)
    with ProcessPoolExecutor(max(1, args.procs)) as pool:
        by_game = list(pool.map(featurise, games, chunksize=8))
    print(f"positions read back in {time.monotonic() - t0:.0f} s")
    fitted_on = sorted(s for s, _ in by_game)
    made = {
        "fitted": datetime.now(UTC).isoformat(timespec="seconds"),
        "games": len(by_game),
        "seeds": [fitted_on[0], fitted_on[-1]],
    }
    if args.player != "hard":
        made["player"] = _said(played_by)
    fitted = fit(by_game, kinds=args.models, beside=weights_in_use())
    models = {kind: {**made, **model} for kind, model in fitted.items()}
    whole = weights_file(models, args.out, report=lambda _: None)
    args.out.write_text(json.dumps(whole, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.monotonic() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
