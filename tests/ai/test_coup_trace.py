"""tools.coup_trace, the evidence (docs/reports/expert-strength.md) of how coups are fought
and why they stall: its lines must be the game `plot selfplay` plays on the seed, read
from that game's own positions."""

import re

from tools.coup_trace import trace

from plot_ai.players import Timed, make
from plot_core import load_rules
from plot_core.selfplay import play_game


def without_time(line: str) -> str:
    return re.sub(r", \d+ ms$", "", line)


def test_the_trace_is_the_game_selfplay_plays_and_its_harassments_end_it_as_the_rules_say():
    lines = trace(984953, "easy", "easy", 150)
    rules = load_rules()
    played = play_game(984953, Timed(make("easy", rules)), Timed(make("easy", rules)))
    assert without_time(lines[-1]).strip() == without_time(played.line()).strip()
    assert played.winner == "ss" and played.case == "18.72"
    assert lines[1] == f"  the coup began in Game-Turn {played.coup_begun}"
    turns = [line for line in lines if re.match(r"  (the interphase|Coup-Turn \d)", line)]
    assert turns[0].startswith("  the interphase: bonus SS 5, Abwehr 5 (Hitler alive)")
    assert len(turns) == played.coup_turns + 1  # the interphase, then each Coup-Turn begun
    blows = [line for line in lines if ": Harass " in line]
    assert blows and all(line.startswith(("    ss: ", "    abwehr: ")) for line in blows)
    # 18.72: the SS wins as the Abwehr's last unit leaves the streets, by the last blow
    assert blows[-1].endswith("streets ss 12; abwehr 0")
    assert "eliminated" in blows[-1]


def test_an_experts_new_plans_in_the_coup_are_shown_with_their_chances_and_trials():
    lines = trace(984953, "expert", "easy", 12)
    weighed = [line for line in lines if "weighed:" in line]
    assert weighed and all(line.startswith("    ss weighed: ") for line in weighed)
    assert all(re.search(r" \d+% \(\d+\)", line) for line in weighed)


def test_a_game_between_seats_of_checkouts_is_read_as_the_same_game_played_here():
    here = trace(984953, "easy", "easy", 150)
    seats = trace(984953, "easy@.", "easy@.", 150)
    assert [without_time(line) for line in seats[1:]] == [without_time(line) for line in here[1:]]
    assert seats[0] == "seed 984953: SS easy@., Abwehr easy@., 150 trials a plan"
