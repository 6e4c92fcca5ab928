"""The engine's corpus: 300 whole games recorded from the engine as it plays today, the
proof that a rewrite of the engine changed nothing a player could see.

Each game is seeded and played by a policy (uniform random, or the busy test policy
that reaches every table), from the standard set-up or from a lesson's position. At
every step the corpus takes down the sorted list of legal actions, the action played,
a digest of the whole state after it (its JSON), and the refusal (case and reason) of
a few near misses: actions that were legal in the last steps but are not now. The
lines are digested, 100 steps to a checkpoint; corpus.json keeps the checkpoints.

    python -m tests.engine.corpus --write      # after a change of rules made on purpose
    python -m tests.engine.corpus --check [N]  # the first N games (all by default)

`make test` checks the first 50 games (tests/engine/test_corpus.py) and `make bench`
all 300. The transcripts (test_transcripts.py) say more about fewer games.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from plot_core import load_rules
from plot_core.engine.api import apply, legal_actions, new_game
from plot_core.engine.errors import IllegalAction
from plot_core.engine.position import load_position
from plot_core.engine.randomplay import busy_policy, uniform_policy
from plot_core.engine.serial import state_to_json
from plot_core.engine.state import GameState

CORPUS = Path(__file__).with_name("corpus.json")
CHECKPOINT = 100  # steps to a digest
NEAR_MISSES = 3  # near misses tried at every step
LIMIT = 6000  # steps; every game ends long before
POLICIES = {"random": uniform_policy, "busy": busy_policy}


# The lessons' positions the corpus starts from, as they were when it was recorded
# (corpus_positions.json): a lesson changed or added later changes nothing here.
POSITIONS = Path(__file__).with_name("corpus_positions.json")
LESSONS = (
    "01-movement",
    "02-harassment",
    "03-travel",
    "04-recruitment",
    "05-investigation",
    "06-coup",
    "07-victory",
)


def games() -> list[tuple[str, str, int]]:
    """(policy, start, seed) of every game, in the order checked: the first 50 mix all
    three kinds, so that `make test` sees each."""
    lessons = LESSONS
    random_games = [("random", "standard", 50_000 + i) for i in range(120)]
    busy_games = [("busy", "standard", 60_000 + i) for i in range(120)]
    lesson_games = [("random", f"lesson {lessons[i % len(lessons)]}", 70_000 + i) for i in range(60)]
    out = []
    for k in range(120):
        out += [random_games[k], busy_games[k]]
        if k < 60:
            out.append(lesson_games[k])
    return out


def start(kind: str, seed: int) -> GameState:
    if kind == "standard":
        return new_game(seed)
    key = kind.split(" ", 1)[1]
    text = json.loads(POSITIONS.read_text(encoding="utf-8"))[key]
    return load_position(text, name=f"lesson {key}", rules=load_rules(), seed=seed)


def lines(policy: str, kind: str, seed: int) -> Iterator[tuple[int, str]]:
    """(step, line) for one game."""
    rnd = random.Random(f"{policy}/{kind}/{seed}")
    choose = POLICIES[policy]
    state = start(kind, seed)
    recent: list = []
    step = 0
    while state.outcome is None and step < LIMIT:
        legal = legal_actions(state)
        yield step, "legal " + " ; ".join(sorted(str(a) for a in legal))
        now = set(legal)
        for a in [a for a in recent if a not in now][-NEAR_MISSES:]:
            try:
                apply(state, a)
            except IllegalAction as e:
                yield step, f"refused {a}: {e.case} {e.reason}"
            else:
                yield step, f"ACCEPTED {a} though not offered"
        recent = (recent + [a for a in legal if a not in recent])[-60:]
        action = choose(state, legal, rnd)
        state = apply(state, action)
        yield step, f"act {action} -> " + hashlib.sha256(state_to_json(state).encode()).hexdigest()[:20]
        step += 1
    yield step, f"end {state.outcome!r} after {step}"


def digest(policy: str, kind: str, seed: int) -> dict:
    points: list = []
    steps = 0
    for step, line in lines(policy, kind, seed):
        k = step // CHECKPOINT
        while len(points) <= k:
            points.append(hashlib.sha256())
        points[k].update(line.encode() + b"\n")
        steps = step
    return {"steps": steps, "points": [p.hexdigest()[:12] for p in points]}


def name(policy: str, kind: str, seed: int) -> str:
    return f"{policy} {kind} {seed}"


def first_difference(game: tuple[str, str, int], want: dict) -> str | None:
    """None if the game plays as recorded, else where and how it first differs."""
    have = digest(*game)
    for k, (a, b) in enumerate(zip(want["points"], have["points"], strict=False)):
        if a != b:
            shown = [line[:240] for step, line in lines(*game) if step // CHECKPOINT == k]
            return (
                f"{name(*game)}: steps {k * CHECKPOINT}-{k * CHECKPOINT + CHECKPOINT - 1} "
                f"differ; the engine now writes:\n" + "\n".join(shown[:60])
            )
    if (have["steps"], len(have["points"])) != (want["steps"], len(want["points"])):
        return f"{name(*game)}: now ends after {have['steps']} steps, recorded {want['steps']}"
    return None


def recorded() -> dict:
    return json.loads(CORPUS.read_text())


def write() -> None:
    out = {}
    for game in games():
        out[name(*game)] = digest(*game)
    CORPUS.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"{len(out)} games written to {CORPUS}")


def check(n: int | None = None) -> int:
    want = recorded()
    bad = 0
    for game in games()[:n]:
        problem = first_difference(game, want[name(*game)])
        if problem:
            bad += 1
            print(problem.splitlines()[0])
    print(f"{len(games()[:n]) - bad} of {len(games()[:n])} games play as recorded")
    return 1 if bad else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["--write"]:
        write()
    elif args[:1] == ["--check"]:
        sys.exit(check(int(args[1]) if len(args) > 1 else None))
    else:
        sys.exit("usage: python -m tests.engine.corpus --write | --check [N]")
