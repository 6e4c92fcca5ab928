"""Studying a finished game: each side's chance of winning after every action, and the
moments where the game turned.

The chances are the expert's evaluation (value.py) of each position of the record,
exact once the game is over. A finished game has no secrets left, so the evaluation
reads the true positions. The turning points are the actions after which the chances
moved most (by the action itself, its roll, or what followed automatically), each
with what it was and what its roll gave: where to look, not yet a verdict on a
decision (which needs the expert's own search of the alternatives). An unfinished game
would need each side's own view; it is refused, saying so.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from plot_ai.value import chances
from plot_core import GameState, Player
from plot_core.engine import PHASE_TITLES, Phase
from plot_core.english import sentence
from plot_core.wording import words
from plot_record import Record, Timeline
from plot_record.files import Unreadable, loads, read_regular, write_whole

SPARKS = "▁▂▃▄▅▆▇█"
SIDES = {Player.SS: "SS", Player.ABWEHR: "Abwehr"}
WINNERS = {"ss": "the SS won", "abwehr": "the Abwehr won", "allies": "the Allies won"}


class NotFinished(ValueError):
    pass


@attrs.frozen
class TurningPoint:
    i: int  # the action's number
    side: Player  # who made it
    words: str  # the action, and what its roll gave
    turn: str  # "Game-Turn 4, Recruitment" or "Coup-Turn 2, ..."
    before: tuple[float, float]  # (SS, Abwehr) chances before it
    after: tuple[float, float]  # and after it

    @property
    def swing(self) -> float:
        """How far the Abwehr's chance moved (the SS's moves about as far the other way)."""
        return abs(self.after[1] - self.before[1])


@attrs.frozen
class Analysis:
    chances: tuple[tuple[float, float], ...]  # (SS, Abwehr) at every position 0..n
    turning_points: tuple[TurningPoint, ...]  # the largest drops, the largest first


def _moment(key: tuple[int, int, Phase, Player | None]) -> str:
    """A timeline's phase key in words: "Game-Turn 4, SS Recruitment (12.0)",
    "Coup-Turn 2, Coup: alternating movement (18.3)"."""
    turn, coup_turn, phase, whose = key
    when = f"Coup-Turn {coup_turn}" if coup_turn else f"Game-Turn {turn}"
    return f"{when}, {f'{whose.title} ' if whose is not None else ''}{PHASE_TITLES[phase]}"


def made_in(tl: Timeline, i: int) -> str:
    """The phase action ``i`` was made in, in words: the position before it (after it
    the game may have moved on to the next phase). ValueError if there is no such action."""
    if not 1 <= i <= len(tl):
        raise ValueError(f"no action {i} in a record of {len(tl)}")
    return _moment(tl.phase_key(i - 1))


EYES_SAMPLES = 8  # full positions drawn from one side's view, per position analysed


def seen_chances(state: GameState, side: Player, i: int) -> tuple[float, float]:
    """Each side's chance at position ``i`` as ``side`` sees it: the evaluation averaged
    over full positions drawn from that side's view alone (plot_ai's determiniser), the
    same draws for the same view, so nothing the side cannot see moves the answer."""
    from plot_ai.determinise import determinise
    from plot_core import view

    if state.outcome is not None:
        return chances(state)  # the end is seen by both, and exact
    v = view(state, side)
    draws = random.Random(f"eyes/{side.value}/{i}")
    ss = ab = 0.0
    for _ in range(EYES_SAMPLES):
        guess = chances(determinise(v, state.rules, random.Random(draws.getrandbits(32))))
        ss, ab = ss + guess[0], ab + guess[1]
    return ss / EYES_SAMPLES, ab / EYES_SAMPLES


def check_eyes(record: Record, eyes: Player | None) -> None:
    """Refuse to study a game through eyes it may not be seen through (Record.eyes_problem)."""
    if (problem := record.eyes_problem(eyes)) is not None:
        raise NotFinished(problem)


def analyse(record: Record, *, top: int = 5, eyes: Player | None = None) -> Analysis:
    """The chances after every action and the turning points: of a finished game with
    everything seen; of any game through ``eyes`` (one side's view, nothing more)."""
    check_eyes(record, eyes)
    tl = record.timeline
    from plot_core import view

    def odds(i: int) -> tuple[float, float]:
        state = tl.state_at(i)
        return chances(state) if eyes is None else seen_chances(state, eyes, i)

    out = [odds(0)]
    points = []
    for step in tl.steps:
        before_state = tl.state_at(step.i - 1)
        out.append(odds(step.i))
        if eyes is None or step.side is eyes:
            said = words(
                before_state.rules, before_state if eyes is None else view(before_state, eyes), step.action
            )
        else:  # the other side's action, as its public events tell it
            said = next((e.text for e in step.events if e.private is None), f"the {SIDES[step.side]} acts")
        rolled = next((e.text for e in step.events if e.roll and e.private is None), None)
        if rolled and rolled != said:
            said += f" ({rolled})"
        points.append(TurningPoint(step.i, step.side, said, made_in(tl, step.i), out[-2], out[-1]))
    points.sort(key=lambda p: (-p.swing, p.i))
    return Analysis(tuple(out), tuple(p for p in points[:top] if p.swing > 0))


@attrs.frozen
class Alternative:
    """What the expert would have done at a turning point, from the mover's own view."""

    i: int
    plan: str  # its chosen plan, in words
    estimate: float  # its estimate of the mover's chance of winning after it
    agrees: bool  # the plan begins with the action that was played


def alternatives(
    record: Record, points: tuple[TurningPoint, ...], *, trials: int = 300, think: float | None = None
) -> list[Alternative]:
    """The expert's choice at each turning point, searching ``trials`` trials (or, with
    ``think``, for that many seconds, as it would in play) from what
    the mover could see then (its view: its own chits, the board), as it would in play."""
    import random

    from plot_ai.players import make
    from plot_core import legal_actions, view

    tl = record.timeline
    out = []
    for p in points:
        before = tl.state_at(p.i - 1)
        expert = make("expert", before.rules, trials=None if think else trials, think=think or 1.0)
        legal = list(legal_actions(before))
        if len(legal) < 2:
            continue  # nothing to choose
        choice = expert.decide(view(before, p.side), legal, random.Random(f"analyse/{p.i}"))
        thought = expert.fresh_thought()
        if thought is None or not thought.plans:
            continue
        played = tl.steps[p.i - 1].action
        out.append(Alternative(p.i, thought.plans[0].text, thought.plans[0].win, choice == played))
    return out


# -- kept beside the record --------------------------------------------------------------
#
# ``GAME.analysis.json``, beside ``GAME.jsonl``: the chances and the turning points, and
# the expert's choice at each turning point for each number of trials asked for, with
# the record's hash, so a second run is instant and a run stopped half way goes on from
# where it stopped. A file for another record (or damaged) is ignored and written anew.

ANALYSIS_FORMAT = "plot-analysis"
KEPT_POINTS = 50  # turning points kept (a larger --top works them out again)


def _pair(c: Any) -> tuple[float, float]:
    return float(c[0]), float(c[1])


def _stem(record_path: Path) -> str:
    name = record_path.name
    return name[: -len(".jsonl")] if name.endswith(".jsonl") else name


def analysis_path(record_path: Path) -> Path:
    return record_path.with_name(f"{_stem(record_path)}.analysis.json")


def chart_path(record_path: Path) -> Path:
    """Where ``plot export --chances`` draws the chart: GAME.chances.svg beside GAME.jsonl."""
    return record_path.with_name(f"{_stem(record_path)}.chances.svg")


class Kept:
    """An analysis file: read once, rewritten after each piece of new work."""

    def __init__(self, record: Record) -> None:
        self.path = analysis_path(Path(record.path))
        self.digest = hashlib.sha256(read_regular(Path(record.path))).hexdigest()
        self.timeline = record.timeline
        self.data: dict[str, Any] = {"format": ANALYSIS_FORMAT, "version": 1, "record": self.digest}
        try:
            found = loads(read_regular(self.path, what="analysis"), str(self.path))
        except (Unreadable, ValueError):
            return  # none yet, or not one we can use
        if (
            isinstance(found, dict)
            and found.get("format") == ANALYSIS_FORMAT
            and found.get("record") == self.digest
        ):
            self.data = found

    def save(self) -> None:
        try:
            write_whole(self.path, json.dumps(self.data) + "\n")
        except OSError:
            pass  # kept next time, if the disk allows

    @staticmethod
    def _key(eyes: Player | None) -> str:
        return "analysis" if eyes is None else f"analysis-{eyes.value}"

    def analysis(self, top: int, eyes: Player | None = None) -> Analysis | None:
        got = self.data.get(self._key(eyes))
        if not isinstance(got, dict) or top > KEPT_POINTS:
            return None
        try:
            points = tuple(
                TurningPoint(
                    int(p["i"]),
                    Player(p["side"]),
                    str(p["words"]),
                    made_in(self.timeline, int(p["i"])),  # (from the record: older files kept another)
                    _pair(p["before"]),
                    _pair(p["after"]),
                )
                for p in got["points"][:top]
            )
            return Analysis(tuple(_pair(c) for c in got["chances"]), points)
        except (KeyError, TypeError, ValueError):
            return None

    def keep_analysis(self, a: Analysis, eyes: Player | None = None) -> None:
        self.data[self._key(eyes)] = {
            "chances": [list(c) for c in a.chances],
            "points": [
                {
                    "i": p.i,
                    "side": p.side.value,
                    "words": p.words,
                    "before": list(p.before),
                    "after": list(p.after),
                }
                for p in a.turning_points
            ],
        }
        self.save()

    def alternative(self, trials: int | str, i: int) -> Alternative | None:
        got = self.data.get("expert", {}).get(str(trials), {}).get(str(i))
        if not isinstance(got, dict):
            return None
        try:
            return Alternative(i, str(got["plan"]), float(got["estimate"]), bool(got["agrees"]))
        except (KeyError, TypeError, ValueError):
            return None

    def keep_alternative(self, trials: int | str, alt: Alternative | None, i: int) -> None:
        """``alt`` None: the expert had nothing to choose there (kept, so not asked again)."""
        self.data.setdefault("expert", {}).setdefault(str(trials), {})[str(i)] = (
            {"plan": alt.plan, "estimate": alt.estimate, "agrees": alt.agrees} if alt is not None else "none"
        )
        self.save()

    def known_alternatives(self, points: tuple[TurningPoint, ...]) -> list[Alternative]:
        """The expert's choice at each of ``points`` already worked out, from its
        longest search kept (none asked now)."""
        runs = sorted((int(t) for t in self.data.get("expert", {}) if str(t).isdigit()), reverse=True)
        out = []
        for p in points:
            found = next((a for t in runs if (a := self.alternative(t, p.i)) is not None), None)
            if found is not None:
                out.append(found)
        return out

    def asked(self, trials: int | str, i: int) -> bool:
        return str(i) in self.data.get("expert", {}).get(str(trials), {})


def kept_analysis(
    record: Record, *, top: int = 5, kept: Kept | None = None, eyes: Player | None = None
) -> Analysis:
    """``analyse``, read from beside the record when it was worked out before (and kept
    there when not: a second run is instant). ``kept``: the file, if already read;
    ``eyes``: through one side's view (kept apart from the all-seeing one)."""
    check_eyes(record, eyes)  # (before what an earlier run kept is read)
    kept = kept or Kept(record)
    found = kept.analysis(top, eyes)
    if found is not None:
        return found
    whole = analyse(record, top=max(top, KEPT_POINTS), eyes=eyes)
    kept.keep_analysis(whole, eyes)
    return Analysis(whole.chances, whole.turning_points[:top])


def budget(trials: int, think: float | None) -> int | str:
    """What a search's results are kept under: its trials, or its seconds ("0.5s")."""
    return trials if think is None else f"{think:g}s"


def _search_point(path: str, i: int, side: str, trials: int, think: float | None) -> Alternative | None:
    """One turning point's search, in a worker process: the record read there."""
    from plot_core import load_rules
    from plot_record import load_record

    record = load_record(Path(path), load_rules())
    point = TurningPoint(i, Player(side), "", "", (0.0, 0.0), (0.0, 0.0))
    found = alternatives(record, (point,), trials=trials, think=think)
    return found[0] if found else None


def kept_alternatives(
    record: Record,
    points: tuple[TurningPoint, ...],
    *,
    trials: int = 300,
    progress: Callable[[int, int, TurningPoint], None] | None = None,
    kept: Kept | None = None,
    procs: int = 1,
    think: float | None = None,
) -> list[Alternative]:
    """``alternatives``, each kept beside the record as soon as it is found: a second run
    asks the expert nothing, and a run stopped half way goes on from where it stopped.
    ``progress(k, n, point)`` is told as each search that has to be made starts (one
    process) or ends (``procs`` worker processes, each searching one point at a time)."""
    kept = kept or Kept(record)
    key = budget(trials, think)
    todo = [p for p in points if not kept.asked(key, p.i)]
    if procs > 1 and len(todo) > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=min(procs, len(todo))) as pool:
            searches = {
                pool.submit(_search_point, str(record.path), p.i, p.side.value, trials, think): p
                for p in todo
            }
            for k, done in enumerate(as_completed(searches), start=1):
                p = searches[done]
                kept.keep_alternative(key, done.result(), p.i)
                if progress is not None:
                    progress(k, len(todo), p)
    else:
        for k, p in enumerate(todo, start=1):
            if progress is not None:
                progress(k, len(todo), p)
            found = alternatives(record, (p,), trials=trials, think=think)
            kept.keep_alternative(key, found[0] if found else None, p.i)
    return [alt for p in points if (alt := kept.alternative(key, p.i)) is not None]


EXPERT_TRIALS = 300  # the expert's search at a turning point, as plot analyse --expert
VIEWER_POINTS = 8  # turning points the replay viewer marks (at home and served)


def kept_alternative(
    record: Record, point: TurningPoint, *, trials: int = EXPERT_TRIALS
) -> Alternative | None:
    """The expert's choice at one turning point (the replay viewer asks as it gets
    there), kept beside the record with those of plot analyse --expert."""
    found = kept_alternatives(record, (point,), trials=trials)
    return found[0] if found else None


def chances_words(ss: float, ab: float) -> str:
    """Each side's chance of winning, and the rest: neither wins, the Allies do (18.73)."""
    allies = max(0.0, 1.0 - ss - ab)
    return f"SS {100 * ss:.0f}%, Abwehr {100 * ab:.0f}%, the Allies {100 * allies:.0f}%"


def moved(point: TurningPoint) -> str:
    """How the chances moved at a turning point: "SS 60% -> 40%, Abwehr 30% -> 52%"."""
    (ss0, ab0), (ss1, ab1) = point.before, point.after
    return f"SS {100 * ss0:.0f}% -> {100 * ss1:.0f}%, Abwehr {100 * ab0:.0f}% -> {100 * ab1:.0f}%"


def expert_clause(point: TurningPoint, alt: Alternative) -> str:
    """What the expert says of a turning point's move: "the expert would rather: ...
    (it gives the SS 45%)"."""
    return (
        f"the expert {'agrees' if alt.agrees else 'would rather'}: {alt.plan} "
        f"(it gives the {SIDES[point.side]} {100 * alt.estimate:.0f}%)"
    )


def alternative_words(point: TurningPoint, alt: Alternative | None) -> str:
    """What the expert says of a turning point's move, in a sentence."""
    if alt is None:
        return "The expert had nothing to choose there."
    clause = expert_clause(point, alt)
    return sentence(clause)


def turning_words(point: TurningPoint) -> str:
    """How the chances moved at a turning point, in a sentence."""
    return f"A turning point ({point.turn}): {moved(point)}."


# -- how far the chances can be trusted ------------------------------------------------------
#
# The evaluation is fitted on the hard player's games from seed 1,000,000 (tools/fit.py);
# its calibration is measured on other games of the same players, from seed 2,000,000:
# of the positions it gave 60-70 % to a side, how many did that side win?

CALIBRATION_SEED = 2_000_000


@attrs.frozen
class Bin:
    side: Player
    low: float  # predicted chances in [low, low + 0.1)
    positions: int
    predicted: float  # their mean predicted chance
    won: float  # the share of them that side won


def calibration(
    games: int, seed: int = CALIBRATION_SEED, *, progress: Callable[[int], None] | None = None
) -> list[Bin]:
    """Play ``games`` games of the hard player against itself and compare the chances the
    evaluation gave at the start of every phase with how each game ended."""
    import random

    from plot_ai.players import Timed, make
    from plot_ai.value import chances
    from plot_core import apply as apply_action
    from plot_core import legal_actions, load_rules, new_game

    rules = load_rules()
    said: list[tuple[float, float, str]] = []  # (P(SS), P(Abwehr), who won)
    for g in range(games):
        if progress is not None:
            progress(g + 1)
        players = {p: Timed(make("hard", rules)) for p in Player}
        rnd = random.Random(seed + g)
        state, seen, here = new_game(seed + g, rules=rules), [], None
        while state.outcome is None:
            key = (state.turn, state.phase, state.coup.turn if state.coup else 0)
            if key != here:  # a phase begins: its chances
                here = key
                seen.append(chances(state))
            state = apply_action(state, players[state.actor](state, legal_actions(state), rnd))
        said += [(ss, ab, state.outcome.winner) for ss, ab in seen]
    out = []
    for side in (Player.SS, Player.ABWEHR):
        given = [(ss if side is Player.SS else ab, won == side.value) for ss, ab, won in said]
        for low in range(10):
            inside = [(p, w) for p, w in given if min(int(p * 10), 9) == low]
            if inside:
                out.append(
                    Bin(
                        side,
                        low / 10,
                        len(inside),
                        sum(p for p, _ in inside) / len(inside),
                        sum(w for _, w in inside) / len(inside),
                    )
                )
    return out


def calibration_table(bins: list[Bin], games: int, seed: int) -> list[str]:
    from plot_core.english import counted

    lines = [
        f"Calibration of the evaluation: {counted(games, 'game')} of the hard player "
        f"against itself, seeds {seed}-{seed + games - 1} (the evaluation was fitted on other "
        "games); the chances at the start of every phase, by tenths:"
    ]
    for side in (Player.SS, Player.ABWEHR):
        lines.append(f"  {SIDES[side]}: given        positions   mean given   won")
        for b in (b for b in bins if b.side is side):
            lines.append(
                f"    {b.low:4.0%} to {b.low + 0.1:4.0%}   {b.positions:9d}   "
                f"{b.predicted:10.1%}   {b.won:6.1%}"
            )
    return lines


def sparkline(values: list[float], width: int = 72) -> str:
    """The values (0..1) as one line of block characters, ``width`` wide at most."""
    if not values:
        return ""
    step = max(1, -(-len(values) // width))
    picked = [values[i] for i in range(0, len(values), step)]
    return "".join(SPARKS[min(len(SPARKS) - 1, int(v * len(SPARKS)))] for v in picked)


def account(record: Record, analysis: Analysis, better: list[Alternative] | None = None) -> list[str]:
    """The analysis in words, for `plot analyse` (with the expert's choices, if asked)."""
    ab = [c[1] for c in analysis.chances]
    ss = [c[0] for c in analysis.chances]
    o = record.timeline.final.outcome
    ending = f"{WINNERS.get(o.winner, o.winner)} ({o.case})" if o is not None else "unfinished"
    lines = [
        f"Analysis of {record.path.name}: {len(analysis.chances) - 1} actions; {ending}.",
        "Each side's chance of winning after every action (the expert's evaluation):",
        f"  SS      {sparkline(ss)}",
        f"  Abwehr  {sparkline(ab)}",
        "",
    ]
    return lines + turning_point_lines(analysis, better)


def turning_point_lines(analysis: Analysis, better: list[Alternative] | None = None) -> list[str]:
    """The turning points in words, each with the expert's choice where it was asked."""
    said = {a.i: a for a in better or []}
    lines = ["Turning points (the actions after which the chances moved most):"]
    if not analysis.turning_points:
        lines.append("  none: the chances never moved")
    for p in analysis.turning_points:
        lines.append(f"  action {p.i} ({p.turn}), {SIDES[p.side]}: {p.words}. {moved(p)}")
        alt = said.get(p.i)
        if alt is not None:
            lines.append(f"      {expert_clause(p, alt)}")
    return lines


def chances_account(record: Record, analysis: Analysis, better: list[Alternative] | None = None) -> list[str]:
    """For an exported account: each side's chance of winning as each phase began, the
    turning points (with the expert's choice where one was worked out), and the end."""
    tl = record.timeline
    lines = [
        "",
        "Each side's chance of winning as each phase began (the expert's evaluation; "
        "the Allies win if neither side does, 18.73):",
    ]
    last = None
    for step in tl.steps:
        key = tl.phase_key(step.i)
        if key == last:
            continue
        last = key
        ss, ab = analysis.chances[step.i - 1]
        lines.append(f"  {_moment(key)}: {chances_words(ss, ab)}")
    ss, ab = analysis.chances[-1]
    lines += [f"  at the end: {chances_words(ss, ab)}", ""]
    return lines + turning_point_lines(analysis, better)


def svg(analysis: Analysis, title: str, *, width: int = 720, height: int = 240) -> str:
    """The chances as a chart to share: the SS's and the Abwehr's lines over the actions,
    the turning points marked. Self-contained SVG; ``title`` is escaped."""
    from html import escape

    n = max(1, len(analysis.chances) - 1)
    pad = 30

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / n

    def y(p: float) -> float:
        return height - pad - (height - 2 * pad) * p

    def line(k: int, colour: str) -> str:
        points = " ".join(f"{x(i):.1f},{y(c[k]):.1f}" for i, c in enumerate(analysis.chances))
        return f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>'

    marks = "".join(
        f'<line x1="{x(p.i):.1f}" y1="{pad}" x2="{x(p.i):.1f}" '
        f'y2="{height - pad}" stroke="#999" stroke-dasharray="3,3"/>'
        for p in analysis.turning_points
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">'
        f'<title>{escape(title)}</title><rect width="100%" height="100%" fill="white"/>'
        f'<text x="{pad}" y="18">{escape(title)}</text>'
        f'<line x1="{pad}" y1="{y(0.5):.1f}" x2="{width - pad}" y2="{y(0.5):.1f}" '
        f'stroke="#ddd"/>{marks}{line(0, "#444")}{line(1, "#c80")}'
        f'<text x="{width - pad}" y="{height - 8}" text-anchor="end">'
        f"SS (dark), Abwehr (amber); dashed: turning points; {n} actions</text></svg>\n"
    )


__all__ = [
    "Alternative",
    "Analysis",
    "NotFinished",
    "TurningPoint",
    "account",
    "alternatives",
    "chances_account",
    "analyse",
    "sparkline",
    "svg",
]
