"""Games between computer players of two checkouts: one expert against another.

    python -m tools.match --games 50 --seed 983000 --ss expert@../c3ec274 --abwehr expert@. \
        --think 1 --procs 2 -v

Each seat is LEVEL@CHECKOUT: the player of that level as the code of that checkout plays
it (its plot_ai, its weights, its rules data), in a process of its own
(tools/match_seat.py) that is told the actions played and answers with its own. This
checkout's engine plays the game between them, and refuses an action that is not legal
in it or a seat whose engine counts other legal actions. Each side is seeded as
`plot selfplay` seeds it, and is handed only its own view. The output is
`plot selfplay -v`'s, so the lines of a long measurement, played in pieces, are read
with `python -m tools.losses --read`. A seat is named LEVEL_COMMIT in it, with the digest
of its uncommitted changes to src/ and rules_data/ after it if it has any, and the budget
if it is not plot selfplay's default (_t150 for 150 counted trials, _think4).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs

from plot_core import Action, GameState, Player, parse_action
from plot_core.selfplay import GameResult, Policy, Summary, header_line, play_game

SEAT_SCRIPT = Path(__file__).with_name("match_seat.py")


@attrs.frozen
class Seat:
    level: str
    checkout: Path
    name: str  # LEVEL_COMMIT[_CHANGES][_BUDGET]: how the output names it
    think: float = 1.0  # seconds a decision,
    trials: int | None = None  # or, for the expert, trials a plan counted

    def budget(self, think: float, trials: int | None) -> Seat:
        """The seat with this budget, named with it (budget_said)."""
        return attrs.evolve(self, name=self.name + budget_said(think, trials), think=think, trials=trials)

    def said(self) -> str:
        budget = f"{self.trials} trials a plan" if self.trials else f"think {self.think:g} s"
        return f"{self.level} of {self.checkout}, {budget}"


def seat(text: str) -> Seat:
    """A seat from LEVEL@CHECKOUT; ValueError naming what is wrong."""
    level, at, where = text.partition("@")
    if not at or not level or not where:
        raise ValueError(f"{text!r}: a seat is LEVEL@CHECKOUT, such as expert@../c3ec274")
    checkout = Path(where).resolve()
    if not (checkout / "src" / "plot_ai").is_dir():
        raise ValueError(f"{text!r}: {checkout} holds no src/plot_ai")
    git = ["git", "-C", str(checkout)]
    try:
        commit = subprocess.run(
            [*git, "rev-parse", "--short=7", "HEAD"], check=True, capture_output=True, text=True
        ).stdout.strip()
        changes = subprocess.run(
            [*git, "diff", "HEAD", "--", "src", "rules_data"], check=True, capture_output=True
        ).stdout
        new = subprocess.run(
            [*git, "ls-files", "--others", "--exclude-standard", "-z", "--", "src", "rules_data"],
            check=True,
            capture_output=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise ValueError(f"{text!r}: {checkout} is not a git checkout ({e})") from None
    for path in sorted(filter(None, new.split(b"\0"))):  # (files not yet added count too)
        changes += path + b"\0" + (checkout / path.decode()).read_bytes()
    name = f"{level}_{commit}"
    if changes:
        name += "_" + hashlib.sha256(changes).hexdigest()[:7]
    return Seat(level, checkout, name)


def budget_said(think: float, trials: int | None) -> str:
    """What a seat's name adds for a budget other than plot selfplay's default, so that
    lines played on different budgets are never read as one: _t150 (counted trials),
    _think4."""
    if trials:
        return f"_t{trials}"
    return "" if think == 1.0 else "_think" + f"{think:g}".replace(".", "_")


class SeatError(RuntimeError):
    pass


@attrs.frozen
class Answer:
    action: str
    legal: int  # how many legal actions the seat's engine has
    turn: int  # where its engine is: the Game-Turn and phase
    phase: str


class _Process:
    """A seat's process for one game: told the actions since it last acted, it answers.
    Whatever goes wrong with it is a SeatError naming the seat, the game and the action."""

    def __init__(self, s: Seat, seed: int, side: Player) -> None:
        env = {k: v for k, v in os.environ.items() if k != "PLOT_RULES_DATA"}
        env["PYTHONPATH"] = str(s.checkout / "src")
        self.errors = tempfile.TemporaryFile()
        self.who = f"game {seed}: {s.name} ({side.value})"
        self.proc = subprocess.Popen(
            [sys.executable, str(SEAT_SCRIPT), str(seed), side.value, s.level, str(s.think)]
            + ([str(s.trials)] if s.trials else []),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            text=True,
            env=env,
            cwd=s.checkout,
        )
        self.told = 0

    def ask(self, played: list[str]) -> Answer:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        at = f"{self.who}, action {len(played) + 1}"
        try:
            self.proc.stdin.write(json.dumps(played[self.told :]) + "\n")
            self.proc.stdin.flush()
            self.told = len(played)
            line = self.proc.stdout.readline()
        except OSError as e:  # (it stopped before it was told)
            raise SeatError(f"{at}: the seat stopped ({e}): {self._stderr()}") from None
        if not line:
            raise SeatError(f"{at}: the seat stopped: {self._stderr()}")
        try:
            data = json.loads(line)
            return Answer(str(data["action"]), int(data["legal"]), int(data["turn"]), str(data["phase"]))
        except (ValueError, KeyError, TypeError):
            raise SeatError(f"{at}: not an answer: {line.strip()[:200]!r}") from None

    def clock(self) -> tuple[list[float], list[float]]:
        """Ends the process; the seconds of its decisions with a choice, and of its new plans."""
        try:
            out, _ = self.proc.communicate(timeout=60)
            data = json.loads(out.splitlines()[-1])
            seconds, thoughts = [float(x) for x in data["seconds"]], [float(x) for x in data["thoughts"]]
        except (subprocess.TimeoutExpired, ValueError, KeyError, TypeError, IndexError):
            raise SeatError(f"{self.who}: no clock at the game's end: {self._stderr()}") from None
        if self.proc.returncode != 0:
            raise SeatError(f"{self.who}: the seat failed: {self._stderr()}")
        return seconds, thoughts

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.errors.close()

    def _stderr(self) -> str:
        self.errors.seek(0)
        tail = self.errors.read().decode("utf-8", "replace").strip().splitlines()[-5:]
        return " / ".join(tail) or "no message"


@attrs.frozen
class Played:
    result: GameResult
    actions: tuple[str, ...]
    clocks: dict[str, tuple[list[float], list[float]]]  # side -> (decisions, new plans)


def play(
    seed: int, ss: Seat, abwehr: Seat, *, seen: Callable[[Action, GameState], None] | None = None
) -> Played:
    """One game between the two seats, each in its own process with its own budget,
    played by plot selfplay's own loop (play_game) with each seat as a side's policy;
    ``seen`` is told each action with the position it led to, as play_game tells it.
    A game that does not end is a RuntimeError, as there."""
    seats: dict[Player, _Process] = {}
    played: list[str] = []
    try:
        for side, s in ((Player.SS, ss), (Player.ABWEHR, abwehr)):
            seats[side] = _Process(s, seed, side)

        def policy(side: Player) -> Policy:
            def choose(state: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
                if len(legal) == 1:  # (no choice: a player is not asked, as Timed asks none)
                    return legal[0]
                at = f"{seats[side].who}, action {len(played) + 1}"
                return _checked(seats[side].ask(played), state, legal, at)

            return choose

        def step(a: Action, after: GameState) -> None:
            played.append(str(a))
            if seen is not None:
                seen(a, after)

        result = play_game(seed, policy(Player.SS), policy(Player.ABWEHR), played=step)
        clocks = {side.value: seats[side].clock() for side in Player}
    finally:
        for p in seats.values():
            p.close()
    return Played(result, tuple(played), clocks)


def _checked(answer: Answer, state: GameState, legal: Sequence[Action], at: str) -> Action:
    """The seat's action, if its engine is where this one is (the same Game-Turn, phase
    and number of legal actions: a seat whose engine plays another game is caught at
    once) and the action is legal here; else a SeatError saying what differs."""
    here = (len(legal), state.turn, state.phase.value)
    there = (answer.legal, answer.turn, answer.phase)
    if there != here:
        raise SeatError(
            f"{at}: the seat's engine is elsewhere: {answer.legal} legal actions in Game-Turn "
            f"{answer.turn}, {answer.phase}; this engine has {len(legal)} in Game-Turn {state.turn}, "
            f"{state.phase.value}"
        )
    try:
        action = parse_action(answer.action)
    except ValueError as e:
        raise SeatError(f"{at}: the seat's answer {answer.action!r} does not read: {e}") from None
    if action not in legal:
        raise SeatError(f"{at}: the seat chose {answer.action!r}, which is not legal here")
    return action


def games(n: int, seed: int, ss: Seat, abwehr: Seat, procs: int) -> Iterator[Played]:
    seeds = [seed + i for i in range(n)]
    if procs <= 1:
        for s in seeds:
            yield play(s, ss, abwehr)
        return
    with ProcessPoolExecutor(procs) as pool:
        yield from pool.map(play, seeds, [ss] * n, [abwehr] * n)


def _positive(kind: type[int] | type[float]) -> Callable[[str], int | float]:
    def read(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text!r}: more than 0, please")
        return value

    return read


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.match", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=_positive(int), default=50)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--ss", required=True, metavar="LEVEL@CHECKOUT")
    ap.add_argument("--abwehr", required=True, metavar="LEVEL@CHECKOUT")
    ap.add_argument(
        "--think", type=_positive(float), default=1.0, help="each player's seconds a decision (default 1)"
    )
    ap.add_argument(
        "--trials",
        type=_positive(int),
        help="the expert counts this many trials a plan instead of thinking --think seconds, so "
        "its games play the same on any machine, however busy (hard's search stays timed)",
    )
    for side in ("ss", "abwehr"):
        ap.add_argument(f"--{side}-think", type=_positive(float), help=f"--think for the {side} seat alone")
        ap.add_argument(f"--{side}-trials", type=_positive(int), help=f"--trials for the {side} seat alone")
    ap.add_argument(
        "--procs", type=_positive(int), default=1, help="games at once (each is two processes, one thinking)"
    )
    ap.add_argument("-v", "--verbose", action="store_true", help="a line per game")
    args = ap.parse_args(argv)
    if os.environ.get("PLOT_RULES_DATA"):
        print(
            "python -m tools.match: unset PLOT_RULES_DATA: each seat plays by its own checkout's rules data"
        )
        return 2
    try:
        ss, abwehr = seat(args.ss), seat(args.abwehr)
    except ValueError as e:
        print(f"python -m tools.match: {e}", file=sys.stderr)
        return 2
    ss = ss.budget(args.ss_think or args.think, args.ss_trials or args.trials)
    abwehr = abwehr.budget(args.abwehr_think or args.think, args.abwehr_trials or args.trials)
    print(header_line(args.games, args.seed, ss.name, abwehr.name), flush=True)
    print(f"  (SS: {ss.said()}; Abwehr: {abwehr.said()})")
    results: list[GameResult] = []
    clocks: dict[str, list[tuple[list[float], list[float]]]] = {"ss": [], "abwehr": []}
    try:
        for p in games(args.games, args.seed, ss, abwehr, args.procs):
            r = p.result
            results.append(r)
            for side, c in p.clocks.items():
                clocks[side].append(c)
            if args.verbose:
                print(r.line(), flush=True)
    except RuntimeError as e:  # (a SeatError, or a game that would not end)
        print(f"python -m tools.match: {e}", file=sys.stderr)
        return 1
    print("\n".join(Summary(tuple(results)).report()))
    for side, s in (("ss", ss), ("abwehr", abwehr)):
        seconds = [x for c, _ in clocks[side] for x in c]
        thoughts = [x for _, t in clocks[side] for x in t]
        totals = [sum(c) for c, _ in clocks[side]]
        if thoughts:
            print(
                f"Think time, {'SS' if side == 'ss' else 'Abwehr'} ({s.name}): {len(seconds)} decisions "
                f"with a choice, max {max(seconds):.2f} s; new plans: {len(thoughts)}, mean "
                f"{statistics.mean(thoughts):.3f} s, max {max(thoughts):.2f} s; thinking per game: "
                f"mean {statistics.mean(totals):.1f} s, max {max(totals):.1f} s"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
