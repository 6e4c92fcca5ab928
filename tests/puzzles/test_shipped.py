"""Every shipped puzzle is honest: its position loads as its side sees it, holds nothing
of the other side's hand (the leak hunter's rules), its best plan is legal there, and
weighed again from the mover's view on fresh seeds (set aside for this in
docs/reports/puzzles.md) the same plan comes first, ahead of the rest by the margin the
puzzle states, less twice the noise of the new weighing.

`make test` checks a sample, spread over the set; `make bench` every puzzle."""

from __future__ import annotations

import re

import pytest

from leakhunt import Knowledge
from plot_ai.weighing import weigh
from plot_core import Action, Verb, apply, legal_actions, load_rules, view
from plot_core.engine.board import hex_in_area
from plot_core.hexgrid import parse_hex
from plot_core.puzzles import Puzzle, folded, load_puzzles, puzzles_dir

PASS = Action(Verb.END_PHASE)

RULES = load_rules()
PUZZLES = load_puzzles(RULES)
FRESH = 4101000  # the seeds set aside for checking
SAMPLE = 6


def check(p: Puzzle, k: int) -> None:
    start = p.start(RULES)
    assert start.to_act is p.side
    knows = Knowledge(RULES, p.side)
    knows.learn(start)
    for e in p.log:  # an Allied unit the log sees go back to its box left the map, where
        if "returns to the Allied Unit Holding Box" in e.text:  # it stood face up (7.11)
            knows.allied.update(u for u, names in knows.allied_names.items() if e.text.startswith(names))
    text = (puzzles_dir(RULES) / f"{p.key}.toml").read_text(encoding="utf-8")
    assert knows.leaks(text, start, seed=0) == [], p.key
    s = start
    for a in p.best.actions:  # the answer is legal, step by step
        assert a in legal_actions(s), (p.key, a)
        s = apply(s, a)
    again = weigh(view(start, p.side), legal_actions(start), RULES, FRESH + k)
    assert again is not None, p.key
    assert folded(again.choices[0].actions) == folded(p.best.actions), (p.key, again.choices[0].text)
    assert again.gap >= min(p.margin, 0.15) - 2 * again.noise, (p.key, again.gap, again.noise)


def test_the_shipped_set_is_there_and_tagged():
    assert len(PUZZLES) >= 200  # enough that a player meets new ones for months
    assert all(p.theme and p.phase for p in PUZZLES)
    # no puzzle sets the rules of thumb's answer against only ending the phase (a marker
    # taken off a friendly unit, 15.11, costs nothing: nothing to find)
    free = [p.key for p in PUZZLES if p.best.tempting and all(c.actions == (PASS,) for c in p.choices[1:])]
    assert free == []


FAR_AWAY = re.compile(
    r"^(?:SS|Abwehr): (?:Send .+ to|Place the Allied unit at|Travel to) (.+?)(?: with Travel chit \w+)?$"
)


def test_the_shipped_logs_say_a_far_hex_with_its_area_as_the_game_does_now():
    """A puzzle's log is the phase so far as words written when it was made: an
    assignment or the Allied unit's placing said its hex alone ("Send Dohnanyi (301) to
    0201") where the game now names the area too (its log, its lists)."""
    far = [(p.key, m[1]) for p in PUZZLES for e in p.log if (m := FAR_AWAY.match(e.text))]
    assert len(far) > 100
    for key, said in far:
        h = parse_hex(said.rsplit("(", 1)[-1].rstrip(")"))
        assert h is not None and said == hex_in_area(RULES, h), (key, said)


@pytest.mark.parametrize("k", range(SAMPLE))
def test_a_sample_of_the_shipped_puzzles_is_honest(k):
    if k >= len(PUZZLES):
        pytest.skip("fewer puzzles than the sample")
    i = k * len(PUZZLES) // SAMPLE  # spread over the set, the same each run
    check(PUZZLES[i], i)


@pytest.mark.slow
@pytest.mark.parametrize("i", range(len(PUZZLES)))
def test_every_shipped_puzzle_is_honest(i):
    check(PUZZLES[i], i)
