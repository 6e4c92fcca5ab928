"""Find puzzles in the expert's own games: the decisions where one plan is clearly best.

Each game on the seeds given (set aside for this in docs/reports/puzzles.md, used for
nothing else) is played by the expert against itself, counting trials, not seconds, so
a game is the same on any machine. At every decision where the side to act begins a new
plan and has more than one, the plans are weighed from that side's view
(plot_ai.weighing) twice, from independent draws; the decision is kept as a puzzle
candidate when both weighings put the same plan ahead of every other by the margin.

Every decision examined is written down (its gaps, kept or not), one file a game
(`DIR/game-SEED.jsonl.gz`, written when the game is done), so a run stopped part way goes
on where it stopped, and the figures of docs/reports/puzzles.md can be counted again:

    python -m tools.make_puzzles --seeds 4100000-4100079 --procs 2
    python -m tools.make_puzzles --count      # the figures of every game played so far
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from plot_core import Action, Verb
from plot_core.engine import HITLER
from plot_core.english import mid_sentence

DIR = Path("docs/reports/puzzles")
MARGIN = 0.15  # the best plan's lead over the second, in chance of winning
PASS = str(Action(Verb.END_PHASE))  # doing nothing more in the phase
PLAY_TRIALS = 150  # the expert's search while it plays the game (counted: reproducible)
THEMES = {  # the first verb of the best plan that names what the puzzle is about
    "coup": "the coup",
    "no-reveal": "the coup",
    "reveal": "the coup",
    "recruit": "recruitment",
    "join": "recruitment",
    "investigate": "investigation",
    "expose": "investigation",
    "alibi": "investigation",
    "harass": "harassment",
    "retreat": "harassment",
    "advance": "harassment",
    "hitler": "Hitler",
    "assign": "assignment",
    "panic": "OKW panic",
}


def theme(phase: str, actions: list[str]) -> str:
    if any(a.split()[1:2] == [HITLER] for a in actions):
        return "Hitler"
    if phase.startswith("coup_"):
        return "the Coup-Turns"
    if phase == "assignment":
        return "assignment"
    for a in actions:
        verb = a.split()[0]
        if verb in THEMES:
            return THEMES[verb]
    return "movement"


def derived(seed: int, i: int, what: str) -> int:
    """A seed for one use at one decision of one game, unlike any other's."""
    return int.from_bytes(hashlib.sha256(f"{seed}/{i}/{what}".encode()).digest()[:7], "big")


def play(seed: int, margin: float) -> list[dict[str, Any]]:
    """One game of the expert against itself, and every decision examined in it."""
    from plot_ai.determinise import determinise
    from plot_ai.effects import effect
    from plot_ai.expert import Expert
    from plot_ai.weighing import clear, weigh
    from plot_core import Player, apply, legal_actions, load_rules, new_game, view
    from plot_core.engine import Unwritable, position_text

    rules = load_rules()
    s = new_game(seed, rules=rules)
    experts = {p: Expert(rules, trials=PLAY_TRIALS) for p in Player}
    rnd = random.Random(seed)
    out: list[dict[str, Any]] = []
    i = 0
    while s.outcome is None:
        legal = legal_actions(s)
        side = s.actor
        player = experts[side]
        v = view(s, side)
        if len(legal) > 1 and not player.continues(legal):
            t0 = time.perf_counter()
            first = weigh(v, legal, rules, derived(seed, i, "first"))
            close = first is not None and first.gap >= margin
            second = weigh(v, legal, rules, derived(seed, i, "second")) if close else None
            row: dict[str, Any] = {
                "seed": seed,
                "i": i,
                "side": side.value,
                "turn": s.turn,
                "coup_turn": s.coup.turn if s.coup else 0,
                "phase": s.phase.value,
                "plans": first.plans if first else 1,
                "complete": first.complete if first else False,
                "gap": first.gap if first else None,
                "noise": first.noise if first else None,
                "gap2": second.gap if second else None,
                "kept": clear(first, second, margin),
                "seconds": round(time.perf_counter() - t0, 2),
            }
            if row["kept"] and first is not None:
                try:
                    row["position"] = position_text(v, rules, seed=derived(seed, i, "position"))
                except Unwritable as e:
                    row["kept"], row["unwritable"] = False, str(e)
                else:
                    drawn = determinise(v, rules, random.Random(derived(seed, i, "effect")))  # the view only
                    best = [str(a) for a in first.choices[0].actions]
                    row["theme"] = theme(s.phase.value, best)
                    row["choices"] = [
                        {
                            "actions": [str(a) for a in c.actions],
                            "text": c.text,
                            "win": c.win,
                            "tempting": c.tempting,
                            "effect": effect(drawn, c.actions),
                        }
                        for c in first.choices
                    ]
                    row["win2"] = second.choices[0].win if second else None
            if first is not None:
                out.append(row)
        s = apply(s, player.decide(v, legal, rnd))
        i += 1
    return out


LOG_MOST = 60  # the phase's last lines a puzzle carries (plot_core.puzzles.LOG_MOST)
# the actions that go on with what an earlier one began (a unit's move: 9.14, 10.0,
# 10.65, 10.67; an attempt: 12.25, 12.0; the coup's chits: 18.12), where a cut log
# must not begin
GOING_ON = frozenset(
    {"move", "harass", "retreat", "advance", "stay", "end", "join", "roll", "cancel", "reveal", "coup"}
)


def _event_row(e: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"case": e.case, "text": e.text}
    for field in ("roll", "table", "row", "column", "result"):
        value = getattr(e, field)
        if value is not None and value != ():
            row[field] = list(value) if field == "roll" else value
    return row


def phase_logs(seed: int, wanted: dict[int, str]) -> dict[int, list[dict[str, Any]]]:
    """The phase so far as the mover saw it at each decision ``i`` of game ``seed`` in
    ``wanted`` (i: the position found there): the game played again as play() played
    it (the same expert, the same counted trials, without the weighing), and the log's
    lines (each action's, then what it caused) since the phase began that the mover
    may read, a unit's steps folded into the line of its move as the game's log folds
    them. RuntimeError if the game no longer plays as it did (a position differs: the
    expert changed since), so a log is never another game's."""
    from plot_ai.expert import Expert
    from plot_core import Player, apply, legal_actions, load_rules, new_game, view
    from plot_core.engine import position_text
    from plot_session.session import LogLine, action_line

    rules = load_rules()
    s = new_game(seed, rules=rules)
    experts = {p: Expert(rules, trials=PLAY_TRIALS) for p in Player}
    rnd = random.Random(seed)
    lines: list[LogLine] = [LogLine(0, None, e) for e in s.events]
    found: dict[int, list[dict[str, Any]]] = {}
    i = 0
    while s.outcome is None and len(found) < len(wanted):
        side = s.actor
        v = view(s, side)
        if i in wanted:
            if position_text(v, rules, seed=derived(seed, i, "position")) != wanted[i]:
                raise RuntimeError(f"game {seed} no longer plays as it did: decision {i} differs")
            found[i] = _folded([ln for ln in lines if ln.event.seen_by(side)])
        action = experts[side].decide(v, legal_actions(s), rnd)
        before, s = s, apply(s, action)
        if _phase_of(s) != _phase_of(before):
            lines = []  # (the step that ended the last phase begins this one's log)
        lines += [action_line(i + 1, side, before, action), *(LogLine(i + 1, side, e) for e in s.events)]
        i += 1
    return found


def _folded(lines: list[Any]) -> list[dict[str, Any]]:
    """Log lines as a puzzle keeps them: an action's line says who acted, a unit's steps
    are folded into its move's line, and where there are more than LOG_MOST the first
    are left out, from the line of an action that begins something on (never half of a
    unit's move, nor a harassment without the move that led to it)."""
    from plot_session.step_folding import StepFolding

    folding, rows, starts = StepFolding(), [], []
    for ln in lines:
        tail = folding.tail(ln)
        if tail is not None and rows:
            rows[-1]["text"] += tail
            continue
        if ln.action is not None:
            if ln.action.verb.value not in GOING_ON:
                starts.append(len(rows))
            rows.append({"case": "", "text": f"{ln.side.title}: {ln.event.text}"})
        else:
            rows.append(_event_row(ln.event))
    first = next((k for k in starts if len(rows) - k <= LOG_MOST), len(rows))
    return rows[first:] if len(rows) > LOG_MOST else rows


def _phase_of(s: Any) -> tuple[Any, ...]:
    return (s.turn, s.coup.turn if s.coup else 0, s.phase, s.phasing)


def found_file(folder: Path, seed: int) -> Path:
    """One game's findings, compressed (a game's hundreds of decisions, a few with a
    whole position: about 15 kB so, ten times that as text)."""
    return folder / f"game-{seed}.jsonl.gz"


def _one(seed: int, margin: float, folder: str) -> tuple[int, int, int]:
    rows = play(seed, margin)
    path = found_file(Path(folder), seed)
    tmp = path.with_suffix(".part")
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    tmp.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))  # (the same bytes each run)
    os.replace(tmp, path)
    return seed, len(rows), sum(r["kept"] for r in rows)


def rows(folder: Path) -> list[dict[str, Any]]:
    out = []
    for path in sorted(folder.glob("game-*.jsonl*")):
        data = path.read_bytes()
        text = (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")
        for n, line in enumerate(text.splitlines(), start=1):
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                sys.exit(f"{path}, line {n}: not a JSON line")
    return out


def count(folder: Path) -> list[str]:
    """The figures: games, decisions examined and kept, the margins of those kept."""
    found = rows(folder)
    games = len({r["seed"] for r in found})
    kept = [r for r in found if r["kept"]]
    lines = [f"{games} games, {len(found)} decisions examined, {len(kept)} kept"]
    gaps = sorted(min(r["gap"], r["gap2"]) for r in kept)
    if gaps:
        q = [gaps[int(k * (len(gaps) - 1) / 4)] for k in range(5)]
        lines.append("margin kept (the smaller of the two weighings): " + ", ".join(f"{x:.2f}" for x in q))
        lines.append("  (least, quartiles, most)")
    lines.append(f"first weighing's gap, every decision: {_bands(found)}")
    lines.append(
        "kept by theme: " + ", ".join(f"{k} {v}" for k, v in Counter(r["theme"] for r in kept).most_common())
    )
    lines.append(
        "kept by side: " + ", ".join(f"{k} {v}" for k, v in Counter(r["side"] for r in kept).most_common())
    )
    pairs = lines_of_two(found)
    lines.append(
        f"lines of two (a decision set, then the mover's next, set too, with every decision of "
        f"the other side between them clear or forced): {len(pairs)}; "
        + ", ".join(f"{a} then {b} {n}" for (a, b), n in Counter(pairs).most_common())
    )
    after = next_decisions(found)
    fit = sum(1 for r in found if fit_to_set(r))
    replies = [b for _, _, between in after for b in between]
    another = sum(1 for f, n, _ in after if n["kept"] and not same_question(f, n))
    lines.append(
        f"decisions fit to set: {fit}; of those, with a later decision of the mover examined: "
        f"{len(after)}, whose first weighing's lead: {_bands(n for _, n, _ in after)}; kept and asking "
        f"another question: {another}"
    )
    lines.append(
        f"the other side's decisions between them ({len(replies)}), first weighing's lead: "
        f"{_bands(replies)}; kept: {sum(1 for b in replies if b['kept'])}"
    )
    return lines


# a first weighing's lead, banded: close, short of the margin a puzzle is kept by, past it
GAP_BANDS = (("under 0.05", 0.05), (f"0.05-{MARGIN:.2f}", MARGIN), (f"{MARGIN:.2f} or more", math.inf))


def _bands(rows: Iterable[dict[str, Any]]) -> str:
    """How many decisions' first weighing put the best plan ahead by each of GAP_BANDS."""
    n = Counter(next(label for label, below in GAP_BANDS if r["gap"] < below) for r in rows)
    return ", ".join(f"{label} {n[label]}" for label, _ in GAP_BANDS)


def same_question(first: dict[str, Any], then: dict[str, Any]) -> bool:
    """Does the later decision offer as many plans as the first did, the same ones weighed
    closely, with the same best (the coup's window a phase on, or a harassment offered
    again)? A second move like that teaches nothing the first did not."""
    weighed = [{c["text"] for c in r.get("choices", ())} for r in (first, then)]
    best = [r.get("choices", [{}])[0].get("text") for r in (first, then)]
    return first["plans"] == then["plans"] and weighed[0] == weighed[1] and best[0] == best[1]


def next_decisions(
    found: list[dict[str, Any]],
) -> list[tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]]:
    """Each decision fit to set (kept, instructive) with the mover's next decision examined
    in its game and the other side's decisions examined between them: where a puzzle of
    more than one move could go on, fit or not (lines_of_two is those fit)."""
    by_game: dict[int, list[dict[str, Any]]] = {}
    for r in found:
        by_game.setdefault(r["seed"], []).append(r)
    out = []
    for game in by_game.values():
        game.sort(key=lambda r: r["i"])
        for k, first in enumerate(game):
            if not fit_to_set(first):
                continue
            between: list[dict[str, Any]] = []
            for then in game[k + 1 :]:
                if then["side"] == first["side"]:
                    out.append((first, then, between))
                    break
                between.append(then)
    return out


def lines_of_two(found: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Where a puzzle of more than one move could be set: a decision fit to set
    (kept, instructive), the mover's next decision also fit, and every decision of the
    other side between them kept (its best plan clear by the margin) or forced (one
    plan, so not examined: a plan's later steps are not examined either, but its start
    is, and a plan ends where the other side acts). The themes of each such pair."""
    return [
        (first["theme"], then["theme"])
        for first, then, between in next_decisions(found)
        if fit_to_set(then) and all(b["kept"] for b in between)
    ]


# -- the set shipped: one puzzle per game, theme and turn, each explained --------------

SHIPPED = Path("rules_data/puzzles")
# What each theme's rules are, in our words, with their cases: the explanation's last part.
RULES_SAID = {
    "the coup": "The Abwehr may try the coup at the end of any phase (18.11), adding each "
    "Führer Access chit it commits to the Walkyrie roll (18.12, 18.13); the chits committed are "
    "spent whatever the roll (18.12), and a roll that fails (18.16) leaves the game going on; a "
    "coup must clear the SS's own units from Berlin's streets within six "
    "Coup-Turns or the Allies win and both sides lose (18.71, 18.73); and never trying loses "
    "too (18.74).",
    "the Coup-Turns": "In the Coup-Turns a side wins at once when none of the other's own units "
    "is left in Berlin's streets (18.71, 18.72); after six Coup-Turns the Allies win and both "
    "sides lose (18.73).",
    "recruitment": "A unit may be the target of one recruitment a phase, by the units beside it "
    "together (12.22, 12.25), and one it wins may recruit again at once (12.27).",
    "investigation": "The SS investigates suspected units within its zones (13.0); the Abwehr "
    "may answer with its chits (13.17).",
    "harassment": "Harassment spends movement points and may drive the target back or take it "
    "off the board (10.1, 10.5, 10.6).",
    "movement": "Units move one at a time, each once a phase (9.14); the phasing side may end "
    "the phase with units unmoved.",
    "Hitler": "Where Hitler goes decides who can reach him (9.6).",
    "assignment": "The Assignment Inter-Phase hands out units and chits by its table (7.0).",
    "OKW panic": "An OKW headquarters entered by the SS may panic (12.8).",
}
SIDES = {"ss": "the SS", "abwehr": "the Abwehr"}
QUOTES = "'" * 3  # a TOML multi-line literal string


def _when(r: dict[str, Any]) -> str:
    from plot_core.engine import PHASE_TITLES, Phase

    turn = f"Coup-Turn {r['coup_turn']}" if r["coup_turn"] else f"Game-Turn {r['turn']}"
    title = PHASE_TITLES[Phase(r["phase"])]
    return f"{turn}, at the end of {title}" if r["theme"] == "the coup" else f"{turn}, {title}"


ROLLING = ("coup", "roll", "harass")  # a plan that ends on a roll of its own


def _effect(c: dict[str, Any]) -> str:
    """What a plan changes, in words; the roll that follows it only if it is the plan's
    own (the Walkyrie roll of a coup, a recruitment's, a harassment's), not the next
    phase's."""
    said = (c.get("effect") or "").replace("then The ", "then the ")  # (as effects.py says it now)
    parts = [p for p in said.split("; ") if p]
    if c["actions"][-1].split()[0] not in ROLLING:
        parts = [p for p in parts if not p.startswith("then ")]
    return f" ({'; '.join(parts)})" if parts else ""


def board_now(r: dict[str, Any]) -> str:
    """What on this board the answer turns on, in one sentence: who stands in Berlin's
    streets (what the coup is won by, 18.71, 18.72), the turns left, and at the coup's
    window the Führer Access chits the Abwehr holds (each adds one to the roll, 18.13).
    Read from the puzzle's own position: what the mover sees."""
    from plot_core import Player, load_rules, view
    from plot_core.data import ChitKind
    from plot_core.engine.position import load_position
    from plot_core.parties import Party
    from plot_session.describe import street_units

    rules = load_rules()
    state = load_position(r["position"], rules=rules)
    mover = Player(r["side"])
    v = view(state, mover)
    streets = street_units(rules, v)
    ss, abwehr = len(streets[Party.SS]), len(streets[Party.ABWEHR])
    named = ss + abwehr <= STREETS_NAMED  # few: who they are (the one left may be the answer)

    def who(party: Party) -> str:
        return (
            f" ({', '.join(rules.units[u].short for u in streets[party])})"
            if named and streets[party]
            else ""
        )

    said = [
        f"the SS has {ss} unit{'s' * (ss != 1)} in Berlin's streets{who(Party.SS)} "
        f"to the Abwehr's {abwehr}{who(Party.ABWEHR)}"
    ]
    if v.coup is not None and v.coup.turn == 0:  # the interphase (18.2): every Coup-Turn to come
        left, turns, case = rules.game.coup_turns, "Coup-Turn", "18.73"
    elif v.coup is not None:
        left, turns, case = rules.game.coup_turns - v.coup.turn, "Coup-Turn", "18.73"
    else:
        left, turns, case = rules.game.game_turns - v.turn, "Game-Turn", "5.1"
    said.append(
        f"this is the last {turns} ({case})"
        if left == 0
        else f"{left} {turns}{'s are' if left != 1 else ' is'} left after this one ({case})"
    )
    if r["theme"] == "the coup" and mover is Player.ABWEHR:
        kinds = rules.chits.by_id()
        fa = sum(1 for c in v.own_chits if kinds[c].kind is ChitKind.FUHRER_ACCESS)
        said.append(f"the Abwehr holds {fa} Führer Access chit{'s' * (fa != 1)} (18.13)")
    return f"On this board: {'; '.join(said)}."


STREETS_NAMED = 6  # units in Berlin's streets, both sides, up to which each is named


def explain(r: dict[str, Any]) -> str:
    """One paragraph: the best plan and what it does, the board it is played on, the
    tempting or next best and what it loses, and the rules in play, with their cases."""
    best, *others = r["choices"]
    side = SIDES[r["side"]]
    out = [
        f"{_when(r)}, {side} to decide. Best: {_in_a_sentence(best['text'])}"
        + _effect(best)
        + f"; {side} wins {best['win']:.0%} from there.",
        board_now(r),
    ]
    tempting = next((c for c in others if c["tempting"]), None)
    other = tempting or others[0]
    lead = (
        "The tempting choice (the computer's rules of thumb would play it)" if tempting else "The next best"
    )
    out.append(
        f"{lead}, {_in_a_sentence(other['text'])}"
        + _effect(other)
        + f", gives {other['win']:.0%}: {round(best['win'] * 100) - round(other['win'] * 100)} points less."
    )
    if best["actions"][0].split()[0] == "clear":
        out.append(MARKERS_SAID)
    out.append(RULES_SAID[r["theme"]])
    return " ".join(out)


PLAN_VERBS = ("Take", "End", "Declare", "Roll", "Commit")  # a plan's words that begin with its verb


def _in_a_sentence(text: str) -> str:
    """A plan's words inside a sentence: its verb not capitalised (a name stays)."""
    first = text.split(" ", 1)[0]
    return mid_sentence(text) if first in PLAN_VERBS else text


# A marker taken off (the best plan begins "clear"): what the marker stops, and when it goes.
MARKERS_SAID = (
    "In the Status Adjustment Phase a side may take Neutralizer and Mask markers off its own "
    "units (15.11); a masked or neutralized unit may not move, harass, recruit or investigate, "
    "and has no zone of control (15.21, 15.22)."
)


def instructive(r: dict[str, Any]) -> bool:
    """Is the decision worth setting? Only where every plan it offers was weighed (an
    answer never weighed cannot be called wrong). And at the coup's window, whose best
    answer is nearly always to wait (a window where declaring is 15 points clear of
    waiting is rare), only where the rules of thumb would answer otherwise: where a
    player is tempted. Nor where the only other plan is to end the phase and the rules of
    thumb already play the answer: such a puzzle asks only whether to do the obvious thing
    (the ones found took a marker off a friendly unit, which costs nothing, 15.11). Where
    the rules of thumb would end the phase instead, the player is tempted: it is set."""
    if not r.get("complete", False):
        return False
    best, others = r["choices"][0], r["choices"][1:]
    if best["tempting"] and all(c["actions"] == [PASS] for c in others):
        return False
    return r.get("theme") != "the coup" or not best["tempting"]


def fit_to_set(r: dict[str, Any]) -> bool:
    """Kept (clear by the margin in both weighings) and instructive: a puzzle can be set."""
    return bool(r["kept"]) and instructive(r)


def chosen(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The kept decisions shipped: the instructive ones, and per game the first of each
    theme in each turn (the coup's window comes after every phase, and its answer
    rarely changes within a turn)."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for r in sorted(found, key=lambda r: (r["seed"], r["i"])):
        key = (r["seed"], r.get("theme"), r["turn"], r["coup_turn"])
        if fit_to_set(r) and key not in seen:
            seen.add(key)
            out.append(r)
    return out


def puzzle_file(r: dict[str, Any], log: list[dict[str, Any]] | None = None) -> str:
    rating = 1300 if r["choices"][0]["tempting"] else 1700  # the rules of thumb find it, or not
    lines = [
        f"side = {json.dumps(r['side'])}",
        f"phase = {json.dumps(r['phase'])}",
        f"theme = {json.dumps(r['theme'])}",
        f"rating = {rating}",
        f"margin = {min(r['gap'], r['gap2']):.4f}",
        f"explanation = {json.dumps(explain(r), ensure_ascii=False)}",
        f"position = {QUOTES}",
        r["position"].rstrip("\n"),
        QUOTES,
    ]
    for e in log or ():
        lines += ["", "[[log]]"]
        lines += [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in e.items()]
    for c in r["choices"]:
        lines += [
            "",
            "[[choices]]",
            "actions = [" + ", ".join(json.dumps(a) for a in c["actions"]) + "]",
            f"text = {json.dumps(c['text'], ensure_ascii=False)}",
            f"win = {c['win']}",
        ]
        if c["tempting"]:
            lines.append("tempting = true")
    return "\n".join(lines) + "\n"


def name(r: dict[str, Any]) -> str:
    """A puzzle's name: from what it holds (its position and answer), not from the game
    it came from, so a name stays with its puzzle and says nothing of the game's seed."""
    text = r["position"] + "\n".join(r["choices"][0]["actions"])
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def ship(folder: Path, into: Path, procs: int = 1) -> int:
    """Write the chosen puzzles into ``into``, replacing what it held, each with the
    phase so far as its side saw it (its game played again: phase_logs), and beside the
    findings which game and decision each came from (for those who study the set)."""
    into.mkdir(parents=True, exist_ok=True)
    picked = chosen(rows(folder))
    games: dict[int, dict[int, str]] = {}
    for r in picked:
        games.setdefault(int(r["seed"]), {})[int(r["i"])] = r["position"]
    logs: dict[tuple[int, int], list[dict[str, Any]]] = {}
    if procs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(procs) as pool:
            for seed, found in zip(games, pool.map(phase_logs, games, games.values()), strict=True):
                logs.update({(seed, i): log for i, log in found.items()})
    else:
        for seed, wanted in games.items():
            logs.update({(seed, i): log for i, log in phase_logs(seed, wanted).items()})
    for old in into.glob("*.toml"):
        old.unlink()
    sources = []
    for r in picked:
        log = logs[(int(r["seed"]), int(r["i"]))]
        (into / f"{name(r)}.toml").write_text(puzzle_file(r, log), encoding="utf-8")
        sources.append(f"{name(r)} game {r['seed']} decision {r['i']}\n")
    (folder / "shipped.txt").write_text("".join(sources), encoding="utf-8")
    return len(picked)


def explain_again(folder: Path, into: Path) -> int:
    """The shipped puzzles' explanations written again from their findings, as explain()
    words them now, each file otherwise as it is (its game is not played again: the
    position, the log and the plans stay). The number of files rewritten."""
    by_key = {(int(r["seed"]), int(r["i"])): r for r in rows(folder)}
    done = 0
    for line in (folder / "shipped.txt").read_text(encoding="utf-8").splitlines():
        key, _, seed, _, i = line.split()
        r = by_key[(int(seed), int(i))]
        if name(r) != key:
            raise SystemExit(f"{folder / 'shipped.txt'}: {key} is not the puzzle of game {seed} decision {i}")
        path = into / f"{key}.toml"
        text = path.read_text(encoding="utf-8").splitlines(keepends=True)
        at = next(n for n, ln in enumerate(text) if ln.startswith("explanation = "))
        text[at] = f"explanation = {json.dumps(explain(r), ensure_ascii=False)}\n"
        path.write_text("".join(text), encoding="utf-8")
        done += 1
    return done


def said(seed: int, examined: int, kept: int) -> None:
    print(f"game {seed}: {examined} decisions examined, {kept} kept", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.make_puzzles", description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", help="A-B: the games to play (those already played are skipped)")
    ap.add_argument("--dir", type=Path, default=DIR, help=f"where each game's findings go (default {DIR})")
    ap.add_argument("--margin", type=float, default=MARGIN)
    ap.add_argument("--procs", type=int, default=1)
    ap.add_argument("--count", action="store_true", help="print the figures of the games played so far")
    ap.add_argument("--ship", action="store_true", help=f"write the puzzles chosen into {SHIPPED}")
    ap.add_argument(
        "--explain-again",
        action="store_true",
        help=f"write the explanations of the puzzles in {SHIPPED} again, from their findings",
    )
    args = ap.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    if args.seeds:
        lo, _, hi = args.seeds.partition("-")
        todo = [s for s in range(int(lo), int(hi or lo) + 1) if not found_file(args.dir, s).exists()]
        print(f"{len(todo)} games to play", flush=True)
        if args.procs > 1:
            from concurrent.futures import ProcessPoolExecutor, as_completed

            with ProcessPoolExecutor(args.procs) as pool:
                jobs = [pool.submit(_one, s, args.margin, str(args.dir)) for s in todo]
                for done in as_completed(jobs):
                    said(*done.result())
        else:
            for s in todo:
                said(*_one(s, args.margin, str(args.dir)))
    if args.ship:
        print(f"{ship(args.dir, SHIPPED, args.procs)} puzzles written into {SHIPPED}")
    if args.explain_again:
        print(f"{explain_again(args.dir, SHIPPED)} explanations written again in {SHIPPED}")
    if args.count or not (args.seeds or args.ship or args.explain_again):
        print("\n".join(count(args.dir)))


if __name__ == "__main__":
    main()
