"""A puzzle file: what it holds is checked as it is read, and an answer is judged by where
the unit stops and what it does there, not by the way it walked."""

from __future__ import annotations

import pytest

from plot_core import load_rules
from plot_core.data.reader import Source
from plot_core.engine.actions import parse_action
from plot_core.errors import DataError
from plot_core.puzzles import Verdict, folded, load_puzzle

RULES = load_rules()

POSITION = """
turn = 2
phase = "movement"
phasing = "abwehr"
[units]
"301" = { hex = "1614" }
"302" = { hex = "1812" }
"""


def puzzle_text(**change: str) -> str:
    fields = {
        "side": '"abwehr"',
        "phase": '"movement"',
        "theme": '"movement"',
        "rating": "1500",
        "margin": "0.2",
        "explanation": '"Why."',
        "position": f"'''{POSITION}'''",
    }
    fields.update(change)
    head = "\n".join(f"{k} = {v}" for k, v in fields.items())
    return (
        head
        + '\n\n[[choices]]\nactions = ["activate 301", "move 1615", "move 1616", "end"]\n'
        + 'text = "Dohnanyi to 1616"\nwin = 0.6\n'
        + '\n[[choices]]\nactions = ["activate 302", "end"]\ntext = "Oster stays"\n'
        + "win = 0.4\ntempting = true\n"
    )


def load(text: str):
    return load_puzzle(Source("p.toml", text), "p", RULES)


def acts(*texts: str):
    return [parse_action(t) for t in texts]


def test_a_puzzle_loads_and_its_position_has_its_side_to_act():
    p = load(puzzle_text())
    assert p.best.text == "Dohnanyi to 1616" and p.choices[1].tempting
    assert p.start(RULES).to_act is p.side


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"theme": '"chess"'}, "p.toml, line 3: theme: expected one of"),
        ({"rating": '"high"'}, "p.toml, line 4: rating: expected a number, got"),
        ({"margin": "2"}, "p.toml, line 5: margin: expected a number in 0..1, got 2"),
        ({"side": '"ss"'}, "p.toml, line 1: side: the position has the Abwehr to act, not the SS"),
        ({"position": "'''turn = 99'''"}, "p.toml, line 7: position: puzzle p, line 1: turn:"),
    ],
)
def test_a_bad_puzzle_says_where_and_what(change, says):
    with pytest.raises(DataError) as info:
        load(puzzle_text(**change))
    assert str(info.value).startswith(says), str(info.value)


LOG = """
[[log]]
case = ""
text = "Abwehr: Move Oster (302)"

[[log]]
case = "10.71"
text = "Oster harasses Best: 5 - 4 = +1, die 3: M"
roll = [3]
table = "harassment"
row = 3
column = 1
result = "M"
"""


def test_a_puzzles_log_is_the_phase_so_far_seen_by_its_side_alone():
    from plot_core import Player

    p = load(puzzle_text() + LOG)
    events = p.start(RULES).events
    assert [e.text for e in events[:2]] == ["Abwehr: Move Oster (302)", p.log[1].text]
    assert events[1].roll == (3,) and events[1].table == "harassment" and events[1].result == "M"
    assert all(e.seen_by(Player.ABWEHR) and not e.seen_by(Player.SS) for e in p.log)
    assert load(puzzle_text()).log == ()  # none: the phase begins at the decision


@pytest.mark.parametrize(
    ("log", "says"),
    [
        ('[[log]]\ncase = "9"\ntext = "a\\u001b[31mred"\n', "text: expected one line of text"),
        (
            '[[log]]\ncase = "9"\ntext = "x"\nroll = [7]\n',
            r"log line 1 > roll\[0\]: expected a whole number in 1..6, got 7",
        ),
        ('[[log]]\ncase = "9"\ntext = "x"\nwho = "me"\n', "who"),
        ('[[log]]\ncase = "9"\n', "text"),
        ("".join('[[log]]\ncase = ""\ntext = "x"\n' for _ in range(61)), "at most 60 lines"),
    ],
)
def test_a_bad_line_of_a_puzzles_log_is_refused_naming_it(log, says):
    with pytest.raises(DataError, match=says):
        load(puzzle_text() + "\n" + log)


def test_a_walk_is_compared_by_where_it_ends():
    assert folded(acts("activate 301", "move 1615", "move 1616", "end")) == folded(
        acts("activate 301", "move 1715", "move 1616", "end")
    )
    assert folded(acts("activate 301", "move 1615", "end")) != folded(
        acts("activate 301", "move 1616", "end")
    )


def test_an_answer_is_going_while_it_may_be_the_best_and_judged_once_it_cannot():
    p = load(puzzle_text())
    assert p.verdict(acts("activate 301"), moving=True) is Verdict.GOING
    assert p.verdict(acts("activate 301", "move 1715"), moving=True) is Verdict.GOING  # another way
    assert p.verdict(acts("activate 301", "move 1715", "move 1616", "end"), moving=False) is Verdict.RIGHT
    assert p.verdict(acts("activate 301", "move 1615", "end"), moving=False) is Verdict.WRONG  # stopped short
    assert p.verdict(acts("activate 302"), moving=True) is Verdict.WRONG
    assert p.matching(acts("activate 302", "end")) == p.choices[1]
    assert p.matching(acts("activate 301", "move 1615", "end")) is None


def test_helpers_joining_and_chits_committed_are_compared_whatever_their_order():
    """Who joins an attempt (12.25) and which chits go to the coup (18.12) matter, not
    the order they are named in."""
    coup = ("reveal FA4", "reveal FA8", "coup")
    assert folded(acts(*coup)) == folded(acts("reveal FA8", "reveal FA4", "coup"))
    assert folded(acts("reveal FA4", "coup")) != folded(acts(*coup))
    p = load(
        puzzle_text().replace(
            '"activate 301", "move 1615", "move 1616", "end"', ", ".join(f'"{a}"' for a in coup)
        )
    )
    assert p.verdict(acts("reveal FA8"), moving=False) is Verdict.GOING
    assert p.verdict(acts("reveal FA8", "reveal FA4"), moving=False) is Verdict.GOING
    assert p.verdict(acts("reveal FA8", "reveal FA4", "coup"), moving=False) is Verdict.RIGHT
    assert p.verdict(acts("reveal FA8", "coup"), moving=False) is Verdict.WRONG  # one chit kept back
    assert p.verdict(acts("reveal FA1"), moving=False) is Verdict.WRONG  # not one of them
    recruit = ("recruit 104", "join 101", "join 102", "roll")
    assert folded(acts(*recruit)) == folded(acts("recruit 104", "join 102", "join 101", "roll"))


def test_a_step_that_ends_the_game_is_a_whole_answer():
    """A step that loses the game at once (18.72) leaves nothing to play: the answer is
    judged then, though the unit still had points to move on."""
    p = load(puzzle_text())
    assert p.verdict(acts("activate 301", "move 1615"), moving=True, over=True) is Verdict.WRONG
    whole = acts("activate 301", "move 1615", "move 1616", "end")
    assert p.verdict(whole, moving=False, over=True) is Verdict.RIGHT


def test_a_unit_whose_walk_ends_on_its_last_point_is_judged_then():
    """A plan may end on a step: the unit's points are spent and its move is over."""
    p = load(puzzle_text().replace('"move 1616", "end"]', '"move 1616"]'))
    assert p.verdict(acts("activate 301", "move 1615", "move 1616"), moving=True) is Verdict.GOING
    assert p.verdict(acts("activate 301", "move 1615", "move 1616"), moving=False) is Verdict.RIGHT


def test_every_shipped_puzzle_loads():
    from plot_core.puzzles import load_puzzles

    for p in load_puzzles(RULES):
        assert p.start(RULES).to_act is p.side
