"""The log's lines as text: a table's result code said in words (as the message line
says it), and a puzzle's log of the phase so far with who acted in the side column."""

from __future__ import annotations

from plot_core import Player, load_rules
from plot_core.engine import Event
from plot_session.session import LogLine
from plot_tui.log_lines import LogLines

RULES = load_rules()
HARASSED = Event(
    "10.72",
    "Stauffenberg harasses Ohlendorf: 8 - 6 = +2, die 6: Ae",
    roll=(6,),
    table="coup_harassment",
    row=6,
    column=2,
    result="Ae",
)


def shown(lines: list[LogLine]) -> list[str]:
    log = LogLines(RULES)
    log.follow(lines)
    return [t.plain for t in log.texts]


def test_a_result_code_is_said_in_words_after_it():
    (line,) = shown([LogLine(3, Player.ABWEHR, HARASSED)])
    assert (
        line.strip()
        == "Stauffenberg harasses Ohlendorf: 8 - 6 = +2, die 6: Ae (attacker eliminated)  (10.72)"
    )


def test_a_puzzles_log_puts_who_acted_in_the_side_column_and_what_it_caused_under_it():
    before = [
        LogLine(0, None, Event("", "Abwehr: Harass Ohlendorf (015)")),
        LogLine(0, None, HARASSED),
        LogLine(0, None, Event("", "SS: Move H. Müller (003)")),
    ]
    acted, caused, moved = shown(before)
    assert acted.split(None, 1) == ["Abwehr", "Harass Ohlendorf (015)"]
    assert caused.startswith(" " * 12 + "Stauffenberg harasses")  # (no set-up dash: it was caused)
    assert moved.split(None, 1) == ["SS", "Move H. Müller (003)"]


def test_a_games_set_up_keeps_its_dash():
    (line,) = shown([LogLine(0, None, Event("3.0", "The game begins"))])
    assert line.split()[:2] == ["—", "The"]


def test_plain_text_says_a_result_code_in_words_too():
    from types import SimpleNamespace

    from plot_tui.line_mode import LineMode

    said = LineMode.log_line(SimpleNamespace(rules=RULES), LogLine(3, Player.ABWEHR, HARASSED))  # type: ignore[arg-type]
    assert said == "  Stauffenberg harasses Ohlendorf: 8 - 6 = +2, die 6: Ae (attacker eliminated) (10.72)."
