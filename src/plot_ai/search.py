"""The expert's search: determinised Monte Carlo over plans, within a time budget.

At a decision the expert draws full states consistent with its view (determinise.py:
the other side's hand and the cup dealt from the chits it has not seen, the face-down
Allied unit, fresh dice), lists its plans (plans.py) on the first of them, and tries
every plan on the same drawn states (common random numbers: two plans are compared on
the same hands and the same dice). A trial plays the plan, lets the rules of thumb
(easy.py) answer whatever the plan leads to (a retreat, an advance, the other side's
reply), and scores the position reached with the fitted evaluation (value.py): the
chance of winning from there. The first die of every trial is set in turn to 1..6, so
a handful of trials already covers the die evenly.

The trials are shared out by sequential halving: every plan gets a few, the worse
half is dropped, the rest get more, until one is left, the time is up, or more trials
could not change the choice (the leader is clear of the rest, or as good as equal to
them). The plan with the best mean is played; between two within noise, the rules of
thumb's opinion decides.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from plot_core import Action, GameState, IllegalAction, Player, PlayerView, Rules, Verb, apply
from plot_core.engine import CoupOffer, evolve

from . import easy
from .determinise import determinise
from .effects import effect
from .plans import Plan, plans
from .value import Reading, value

TIE = 0.002  # how much one point of the rules of thumb's opinion weighs
MAX_CANDIDATES = 48  # plans tried after the first cut by the rules of thumb
PER_UNIT = 8  # of which at most this many walks of one unit
SURE, SURE_AFTER = 3.0, 24  # stop once the leader is 3 standard errors ahead, on 24+ trials
MATTERS = 0.005  # ... or once no live plan can differ from it by this much
RIVALS = 3  # plans a second look tries again: the chosen and the next best two
DEEP_DRAWS = 1_000_000  # the second look's drawn states are numbered from here (their own)
SETTLE_LIMIT = 200  # actions the rules of thumb may take to settle a trial
FEAR_GAP = 0.15  # a fall in the chance of winning worth naming as what a plan risks
FEAR_AFTER = 24  # trials a plan needs before its risks are named (fewer: noise)


class Prior(Protocol):
    def units(self, movers: list[str], keep: int) -> list[str]: ...
    def __call__(self, plan: Plan) -> float: ...


@attrs.frozen
class Weighed:
    """One plan as the expert saw it: its words, its estimated chance of winning, and how
    many trials that estimate rests on."""

    text: str
    win: float
    trials: int
    private: bool = False
    effect: str = ""  # what it changes, in a player's words (effects.py)
    public: str = ""  # a private plan in words the other side may read
    feared: str = ""  # what went worst in its trials, in words (feared)


@attrs.frozen
class Thought:
    """Why the expert did what it did: the plans it weighed, the best first."""

    side: Player
    plans: tuple[Weighed, ...]
    trials: int
    seconds: float


@attrs.define
class Budget:
    """When to stop: after ``trials`` trials, or at ``deadline`` (time.perf_counter)."""

    trials: int | None = None
    deadline: float | None = None

    def over(self, spent: int) -> bool:
        if self.trials is not None and spent >= self.trials:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


def feared(results: dict[int, float]) -> str:
    """What went worst in a plan's trials (its chance of winning by drawn state), in
    words, or "" when nothing stands out. First the die: drawn state j's first die is
    j % 6 + 1, so the trials on each face say how much the next roll matters; the faces
    that leave the plan FEAR_GAP or more below its best are named. Then what it cannot
    see or foretell (the other side's chits, the cup, later dice and the rules of thumb's
    own draws in the trials), once the first die's part is taken out: named when
    the worst quarter of trials falls FEAR_GAP or more below what their die leads one to
    expect. Nothing is said on fewer than FEAR_AFTER trials."""
    if len(results) < FEAR_AFTER:
        return ""
    by_die: dict[int, list[float]] = {}
    for j, won in results.items():
        by_die.setdefault(j % 6 + 1, []).append(won)
    means = {die: sum(v) / len(v) for die, v in by_die.items()}
    best = max(means, key=lambda d: (means[d], -d))
    bad = sorted(d for d in means if means[best] - means[d] >= FEAR_GAP)
    said = []
    if len(means) == 6 and 0 < len(bad) <= 3:
        faces = f"{', '.join(map(str, bad[:-1]))} or {bad[-1]}" if len(bad) > 1 else str(bad[0])
        then = sum(means[d] for d in bad) / len(bad)
        said.append(
            f"the next die coming up {faces} (then it wins {100 * then:.0f}%; "
            f"{100 * means[best]:.0f}% on a {best})"
        )
    # the die's part taken out: how far each trial fell below its face's mean
    below = sorted(results, key=lambda j: (results[j] - means[j % 6 + 1], j))[: len(results) // 4]
    fell = sum(results[j] - means[j % 6 + 1] for j in below) / len(below)
    if fell <= -FEAR_GAP:
        worst = sum(results[j] for j in below) / len(below)
        said.append(
            f"what it cannot see or foretell (the other side's chits, the cup, later dice): "
            f"its worst quarter of trials won {100 * worst:.0f}%"
        )
    return "; and ".join(said)


def horizon(
    state: GameState, me: Player, rnd: random.Random, reply: bool, *, windows: bool = False
) -> GameState:
    """Let the rules of thumb play on from the end of a plan until the position is
    quiet: every pending decision answered (a retreat, an advance ...), and with
    ``reply`` the other side's next move made as well. With ``windows``, a coup window
    ends it too, unanswered: whether to declare is a decision of its own, the
    Abwehr's, which the rules of thumb would make on their own terms; a plan that
    opens the window (ending a phase, for either side) would be judged by their
    choice."""
    s = state
    for _ in range(SETTLE_LIMIT):
        if s.outcome is not None:
            break
        if windows and s.pending and isinstance(s.pending[-1], CoupOffer):
            break
        if not s.pending:
            if not reply or s.to_act is me:
                break
        s = easy.played_on(s, rnd)
    return s


def through_coup(state: GameState, rnd: random.Random, turns: int) -> GameState:
    """A coup just begun played on by the rules of thumb, both sides, for ``turns``
    Coup-Turns (the interphase first, 18.2), or to its end (18.7): where the evaluation
    then reads the streets, the coup's first turns have been fought, not guessed."""
    s = state
    last = turns + 1  # the Coup-Turn whose start ends it (the interphase is number 0)
    for _ in range(SETTLE_LIMIT * 4 * turns):
        if s.outcome is not None or (s.coup is not None and s.coup.turn >= last):
            break
        s = easy.played_on(s, rnd)
    return s


def trial(
    plan: Plan,
    start: GameState,
    me: Player,
    rnd: random.Random,
    *,
    reply: bool = False,
    windows: bool = False,
    coup_turns: int = 0,
    reading: Reading = value,
) -> float | None:
    """``me``'s chance of winning after ``plan`` from ``start``, as ``reading`` scores
    the position reached; None if the plan is not legal there (it is in every state
    drawn from the same view; a guard). With ``coup_turns``, a plan that begins the
    coup (its Walkyrie roll passed, 18.15) is judged after that many Coup-Turns played
    out (through_coup), not where it begins."""
    s = start
    for a in plan.actions:
        try:
            s = apply(s, a)
        except IllegalAction:
            return None
        if s.outcome is not None:
            break
    if coup_turns and start.coup is None and s.coup is not None and s.outcome is None:
        return reading(through_coup(s, rnd, coup_turns), me)
    return reading(horizon(s, me, rnd, reply, windows=windows), me)


def lead(a: dict[int, float], b: dict[int, float]) -> tuple[float, float, int]:
    """How far results ``a`` lead ``b`` on the drawn states both were tried on (the same
    hands, the same dice): the mean lead, its noise (SURE standard errors) and how many
    states it rests on."""
    common = [j for j in a if j in b]
    if len(common) < 2:
        return 0.0, math.inf, len(common)
    d = [a[j] - b[j] for j in common]
    m = sum(d) / len(d)
    var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
    return m, SURE * math.sqrt(var / len(d)), len(d)


class Search:
    def __init__(
        self,
        v: PlayerView,
        legal: Sequence[Action],
        rules: Rules,
        seed: int,
        *,
        reply: bool = False,
        prior: Callable[[GameState], Prior] | None = None,
        walk: int = 1000,
        windows: bool = False,
        coup_turns: int = 0,
        reading: Reading = value,
    ):
        self.v, self.legal, self.rules, self.seed = v, list(legal), rules, seed
        self.coup_turns, self.reading = coup_turns, reading
        if v.side is None:
            raise ValueError("a spectator's view has no side to search for")
        self.me: Player = v.side
        self.reply, self.windows = reply, windows
        self.samples: dict[int, GameState] = {}  # by number: drawn when first asked for
        first = self.sample(0)
        opinion = prior(first) if prior is not None else None
        found = plans(
            first, self.legal, units=None if opinion is None else lambda movers: opinion.units(movers, walk)
        )
        unique: dict[tuple[Action, ...], Plan] = {}
        for p in found:
            unique.setdefault(p.actions, p)
        self.plans = list(unique.values())
        self.found = len(self.plans)  # plans found, before any is cut (below)
        if opinion is not None:
            self.plans = [attrs.evolve(p, prior=opinion(p)) for p in self.plans]
            self.plans.sort(key=lambda p: -p.prior)
            # at most PER_UNIT walks of any one unit, so that one unit's many stops do not
            # crowd the others out of the search
            per: dict[Action, int] = {}
            kept = []
            for p in self.plans:
                head = p.actions[0]
                if head.verb is Verb.ACTIVATE or self.v.active is not None:
                    if per.get(head, 0) >= PER_UNIT:
                        continue
                    per[head] = per.get(head, 0) + 1
                kept.append(p)
            self.plans = kept
        self.plans = self.plans[:MAX_CANDIDATES]
        self.sums = [0.0] * len(self.plans)
        self.counts = [0] * len(self.plans)
        self.results: list[dict[int, float]] = [{} for _ in self.plans]  # by drawn state
        self.deep: dict[int, dict[int, float]] = {}  # the second look's results, by plan
        self.spent = 0

    def sample(self, j: int) -> GameState:
        """The j-th drawn state (the same for every plan); its first die is 1..6 in turn."""
        if j not in self.samples:
            s = determinise(self.v, self.rules, random.Random(f"{self.seed}/{j}"))
            self.samples[j] = evolve(s, dice=(j % 6 + 1,))
        return self.samples[j]

    def mean(self, i: int) -> float:
        return self.sums[i] / self.counts[i] if self.counts[i] else 0.0

    def judged(self, i: int) -> float:
        """The estimate of plan ``i`` the choice rests on: its second look's, if it had
        one (deeper), else the first's."""
        deep = self.deep.get(i)
        return sum(deep.values()) / len(deep) if deep else self.mean(i)

    def score(self, i: int) -> float:
        return self.mean(i) + TIE * self.plans[i].prior

    def _trial(self, i: int, j: int, stream: str, *, reply: bool) -> float | None:
        """Plan ``i`` tried once on drawn state ``j`` (counted against the budget), with
        the random stream of that state and use: the first look's ("settle") and the
        second's ("deep") never share their dice."""
        self.spent += 1
        rnd = random.Random(f"{self.seed}/{j}/{stream}")
        return trial(
            self.plans[i],
            self.sample(j),
            self.me,
            rnd,
            reply=reply,
            windows=self.windows,
            coup_turns=self.coup_turns,
            reading=self.reading,
        )

    def _try(self, i: int, j: int) -> None:
        got = self._trial(i, j, "settle", reply=self.reply)
        if got is None:  # never legal: never chosen
            self.sums[i] = -1.0e9
            self.counts[i] = max(1, self.counts[i])
            return
        self.sums[i] += got
        self.counts[i] += 1
        self.results[i][j] = got

    def top_up(self, i: int, draws: range) -> None:
        """Try plan ``i`` on each of ``draws`` (drawn states by number) it has not met."""
        for j in draws:
            if j not in self.results[i]:
                self._try(i, j)

    def settled(self, alive: list[int]) -> bool:
        """Would more trials leave the choice as it is? Yes if, against every other live
        plan, the leader is ahead by more than the noise, or the two are as good as equal
        (within MATTERS even at the edge of the noise: plans that end in the same position,
        or in a game already decided), so that more trials would only split hairs.
        Compared on the drawn states both were tried on (the same hands, the same dice)."""
        best = max(alive, key=lambda i: (self.score(i), -i))
        mine = self.results[best]
        for i in alive:
            if i == best:
                continue
            m, noise, n = lead(mine, self.results[i])
            if n < SURE_AFTER:
                return False
            ahead = m + TIE * (self.plans[best].prior - self.plans[i].prior) > noise + 1e-9
            if not ahead and abs(m) + noise >= MATTERS:
                return False
        return True

    def run(self, budget: Budget, *, second_look: bool = False) -> int:
        """Sequential halving within ``budget``; returns the index of the plan chosen.
        With ``second_look``, what the budget has left once that has settled goes to
        deeper trials of the plans closest to the choice (second_look)."""
        chosen = self._first_look(budget)
        if second_look and not budget.over(self.spent):
            chosen = self._second_look(chosen, budget)
        return chosen

    def _second_look(self, chosen: int, budget: Budget) -> int:
        """The chosen plan and the RIVALS - 1 next best tried again until the budget is
        spent, each trial deeper than the first look's (the other side's reply played
        by the rules of thumb before the position is scored: what a plan leaves it to
        answer) and on drawn states of its own (the same for every rival). The choice
        moves only to a rival ahead of it there by more than the noise (SURE standard
        errors, on SURE_AFTER trials or more): a search that has settled spends its time
        where the choice could still change, and keeps it where it cannot."""
        others = [
            i for i in range(len(self.plans)) if i != chosen and self.counts[i] and self.sums[i] > -1.0e8
        ]
        rivals = [chosen, *sorted(others, key=lambda i: (-self.score(i), i))[: RIVALS - 1]]
        if len(rivals) < 2:
            return chosen
        self.deep = {i: {} for i in rivals}
        j = DEEP_DRAWS
        while not budget.over(self.spent):
            for i in rivals:
                got = self._trial(i, j, "deep", reply=True)
                if got is not None:
                    self.deep[i][j] = got
            j += 1
        best, best_lead = chosen, 0.0
        for i in rivals[1:]:
            m, noise, n = lead(self.deep[i], self.deep[chosen])
            if n >= SURE_AFTER and m > noise and m > best_lead:
                best, best_lead = i, m
        return best

    def _first_look(self, budget: Budget) -> int:
        alive = list(range(len(self.plans)))
        if len(alive) == 1:
            return 0
        t0 = time.perf_counter()
        for i in alive:  # one trial each, which also times a trial
            self._try(i, 0)
            if budget.deadline is not None and budget.over(0):
                break  # out of time: the plans tried so far
        done = 1  # trials every live plan has had
        per_trial = (time.perf_counter() - t0) / len(alive)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        if budget.trials is not None:
            total = budget.trials - self.spent
        else:
            left = max(0.0, (budget.deadline or 0.0) - time.perf_counter())
            total = int(left / max(per_trial, 1e-5))
        per_round = total // rounds
        for r in range(rounds):
            want = per_round // len(alive)
            if want < 1:
                break
            for _ in range(want):
                for i in alive:
                    self._try(i, done)
                done += 1
                if budget.over(self.spent):
                    break
                # only when every live plan has met each face of the first die alike
                # (drawn state j rolls j % 6 + 1): stopped part way through a cycle of
                # the six, the faces met once more would weigh more in its mean
                if done % 6 == 0 and self.settled(alive):
                    return max(alive, key=lambda i: (self.score(i), -i))
            if budget.over(self.spent):
                break
            if r < rounds - 1:
                alive.sort(key=lambda i: (-self.score(i), i))
                alive = alive[: max(2, math.ceil(len(alive) / 2))]
        return max(
            range(len(self.plans)), key=lambda i: (self.counts[i] == max(self.counts), self.score(i), -i)
        )

    def thought(self, chosen: int, seconds: float) -> Thought:
        order = sorted(
            range(len(self.plans)),
            key=lambda i: (i != chosen, i not in self.deep, -self.counts[i], -self.score(i)),
        )
        first = self.sample(0)  # the state the plans were found on
        top = tuple(
            Weighed(
                self.plans[i].text,
                round(self.judged(i), 4),
                self.counts[i] + len(self.deep.get(i, ())),
                self.plans[i].private,
                effect(first, self.plans[i].actions),
                self.plans[i].public,
                feared(self.results[i]),
            )
            for i in order[:3]
        )
        return Thought(self.me, top, self.spent, round(seconds, 3))
