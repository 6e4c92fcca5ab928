"""Self-play: whole games between two policies, and what they add up to.

Used by `plot selfplay`, by the benchmarks and (later) to compare computer players.
Each game ``i`` of a run starting at seed ``S`` is ``new_game(S + i)`` with each side's
choices drawn from a ``random.Random`` seeded from ``S + i`` and the side, so one game
of a run can be replayed alone.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import attrs

from .engine.actions import Action
from .engine.api import apply, legal_actions, new_game
from .engine.coup import hitler_dead
from .engine.randomplay import busy_policy, uniform_policy
from .engine.state import GameState
from .parties import Player

Policy = Callable[[GameState, Sequence[Action], random.Random], Action]

POLICIES: dict[str, Policy] = {"random": uniform_policy, "busy": busy_policy}
WINNERS = ("ss", "abwehr", "allies")


@attrs.frozen
class GameResult:
    seed: int
    winner: str
    case: str  # the rule that ended the game (18.7x, 5.1 ...)
    actions: int
    game_turns: int  # the Game-Turn the game ended in
    coup_turns: int  # Coup-Turns begun (0: no coup, or the coup failed at once)
    coup_begun: int | None  # the Game-Turn the coup began (its Walkyrie roll passed), if one did
    seconds: float
    # the Coup-Turn Hitler was killed in (0: the interphase), if he was (18.51): while he
    # lives the Abwehr's bonus falls every Coup-Turn (18.52)
    hitler_killed: int | None = None

    def line(self) -> str:
        """The game's line in `plot selfplay -v` (tools.losses --read reads it back)."""
        coup = f"coup at GT {self.coup_begun}, {self.coup_turns} CT" if self.coup_begun else "no coup"
        if self.coup_begun:
            coup += ", Hitler " + (
                "lived"
                if self.hitler_killed is None
                else "killed in the interphase"
                if self.hitler_killed == 0
                else f"killed in CT {self.hitler_killed}"
            )
        return (
            f"  seed {self.seed}: {self.winner} by {self.case} after {self.actions} actions, "
            f"GT {self.game_turns}, {coup}, {self.seconds * 1000:.0f} ms"
        )


def header_line(games: int, seed: int, ss: str, abwehr: str) -> str:
    """A line of games' first line in `plot selfplay` (tools.losses --read reads it back)."""
    return f"plot selfplay: {games} game(s), seeds {seed}-{seed + games - 1}, SS {ss} vs Abwehr {abwehr}"


def play_game(
    seed: int,
    ss: Policy,
    abwehr: Policy,
    *,
    limit: int = 100_000,
    played: Callable[[Action, GameState], None] | None = None,
) -> GameResult:
    """Play ``new_game(seed)`` to its end with each side choosing by its own policy;
    ``played`` is told each action as it is played, with the position it led to."""
    t0 = time.perf_counter()
    rnd = {side: random.Random(f"{seed}/{side.value}") for side in Player}
    policy = {Player.SS: ss, Player.ABWEHR: abwehr}
    for p in (ss, abwehr):
        getattr(p, "new_game", lambda: None)()  # a player with a budget starts afresh
    state = new_game(seed)
    n = 0
    coup_at: int | None = None
    killed: int | None = None
    while state.outcome is None:
        if n >= limit:
            raise RuntimeError(f"game {seed} did not end within {limit} actions")
        side = state.actor
        action = policy[side](state, legal_actions(state), rnd[side])
        state = apply(state, action)
        if played is not None:
            played(action, state)
        n += 1
        if coup_at is None and state.coup is not None:
            coup_at = state.turn
        if killed is None and state.coup is not None and hitler_dead(state):
            killed = state.coup.turn
    return GameResult(
        seed=seed,
        winner=state.outcome.winner,
        case=state.outcome.case,
        actions=n,
        game_turns=state.turn,
        coup_turns=state.coup.turn if state.coup else 0,
        coup_begun=coup_at,
        seconds=time.perf_counter() - t0,
        hitler_killed=killed,
    )


def play_games(games: int, seed: int, ss: Policy, abwehr: Policy) -> Iterator[GameResult]:
    for i in range(games):
        yield play_game(seed + i, ss, abwehr)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials (sound near 0% and 100%)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def gain(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float, float]:
    """How much more often a side won in one line (k1 of n1) than in another (k2 of n2):
    the difference and its 95% interval by Newcombe's hybrid score method (Wilson's
    interval of each line, combined), sound near 0% and 100% as a plain normal
    interval is not. The lines are taken as independent; played on the same seeds
    they are not quite, which makes the interval, if anything, wider than it need be."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    return d, d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2)


def gain_words(
    side: str, better: str, than: str, k1: int, n1: int, k2: int, n2: int, *, seeds: str = "seeds"
) -> str:
    """The gain of ``side`` ("ss" or "abwehr") played by ``better`` (k1 of n1 won) over
    ``than`` (k2 of n2) on the same seeds, with its interval, as a line to print."""
    d, lo, hi = gain(k1, n1, k2, n2)
    name = "SS" if side == "ss" else "Abwehr"
    return (
        f"Gain for the {name}, {better} over {than} on the same {seeds}: {100 * d:+.1f} points "
        f"[{100 * lo:+.1f}, {100 * hi:+.1f}] (95%, Newcombe's hybrid score interval); "
        f"{k1} of {n1} won against {k2} of {n2}"
    )


@attrs.frozen
class Summary:
    results: tuple[GameResult, ...]

    @property
    def games(self) -> int:
        return len(self.results)

    def wins(self) -> Counter[str]:
        return Counter(r.winner for r in self.results)

    def endings(self) -> Counter[str]:
        return Counter(r.case for r in self.results)

    def report(self) -> list[str]:
        rs, n = self.results, len(self.results)
        wins = self.wins()
        lines = ["Outcomes by side (95% Wilson interval):"]
        for w in WINNERS:
            lo, hi = wilson(wins[w], n)
            lines.append(
                f"  {_NAMES[w]:<7} {wins[w]:>6}  {100 * wins[w] / n:5.1f}%  "
                f"[{100 * lo:5.1f}%, {100 * hi:5.1f}%]"
            )
        lines.append(
            "Ended by case: " + ", ".join(f"{case} x{k}" for case, k in sorted(self.endings().items()))
        )
        coups = [r for r in rs if r.coup_begun is not None]
        lines.append(
            f"Coups begun: {len(coups)} of {n}"
            + (f" (mean Game-Turn {statistics.fmean(r.coup_begun or 0 for r in coups):.1f})" if coups else "")
        )
        lines.append(_stat("Actions per game", [r.actions for r in rs], "{:.0f}"))
        lines.append(_stat("Game-Turns per game", [r.game_turns for r in rs], "{:.1f}"))
        if coups:
            lines.append(_stat("Coup-Turns (games with a coup)", [r.coup_turns for r in coups], "{:.1f}"))
        secs = [r.seconds * 1000 for r in rs]
        lines.append(_stat("Time per game (ms)", secs, "{:.1f}"))
        total = sum(r.seconds for r in rs)
        lines.append(f"Throughput: {sum(r.actions for r in rs) / total:,.0f} actions/s")
        return lines


_NAMES = {"ss": "SS", "abwehr": "Abwehr", "allies": "Allies"}


def _stat(name: str, values: list[float], fmt: str) -> str:
    def show(v: float) -> str:
        return str(v) if isinstance(v, int) else fmt.format(v)

    return (
        f"{name + ':':<32} mean {fmt.format(statistics.fmean(values))}, "
        f"median {show(statistics.median(values))}, "
        f"range {show(min(values))}-{show(max(values))}"
    )
