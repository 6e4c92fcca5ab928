"""tools.coup_trace, the evidence (docs/reports/expert-strength.md) of how coups are fought
and why they stall: its lines must be the game `plot selfplay` plays on the seed, read
from that game's own positions and log."""

import random
import re
from collections.abc import Sequence

from tools.coup_trace import HERE, trace

from plot_ai.players import ExpertPlayer, Timed, make
from plot_core import Action, GameState, Player, load_rules
from plot_core.selfplay import Policy, play_game

SEED = 984953  # the easy player's game on it has a coup (a known stalled seed of the tuning lines)


def without_time(line: str) -> str:
    return re.sub(r", \d+ ms$", "", line)


def test_the_trace_is_the_game_selfplay_plays_told_by_its_own_log():
    rules = load_rules()
    played = play_game(SEED, Timed(make("easy", rules)), Timed(make("easy", rules)))
    assert played.coup_begun is not None
    lines = trace(SEED, "easy", "easy", 150)
    assert without_time(lines[-1]) == without_time(played.line())
    assert lines[1] == f"  the coup began in Game-Turn {played.coup_begun}"
    turns = [line for line in lines if re.match(r"  (the interphase|Coup-Turn \d):", line)]
    assert len(turns) == played.coup_turns + 1  # the interphase, then each Coup-Turn begun
    assert all("; the evaluation: ss " in line for line in turns)
    assert any(re.search(r" harasses .*: .* die \d: ", line) for line in lines)  # 10.72's entry
    streets = [line for line in lines if line.startswith("      streets: ")]
    if played.case in ("18.71", "18.72"):  # the loser's last unit left the streets
        loser = Player.SS if played.winner == "abwehr" else Player.ABWEHR
        assert f"{loser.value} 0" in streets[-1]


def test_each_new_plan_an_expert_makes_in_the_coup_is_shown_once_with_its_chances():
    rules = load_rules()
    new_in_coup = 0

    def expert() -> Policy:
        """The expert as the tool plays it, counting the new plans it makes in the coup."""
        timed = Timed(ExpertPlayer(rules, trials=12))

        def choose(state: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
            nonlocal new_in_coup
            before = len(timed.thoughts)
            action = timed(state, legal, rnd)
            new_in_coup += len(timed.thoughts) > before and state.coup is not None
            return action

        return choose

    play_game(SEED, expert(), Timed(make("easy", rules)))
    lines = trace(SEED, "expert", "easy", 12)
    weighed = [line for line in lines if " weighed: " in line]
    assert new_in_coup > 0 and len(weighed) == new_in_coup
    assert all(re.fullmatch(r"    ss weighed: .+ \d+% \(\d+\)", line) for line in weighed)


def test_a_game_between_seats_of_checkouts_is_read_as_the_same_game_played_here():
    here = trace(SEED, "easy", "easy", 150)
    seats = trace(SEED, f"easy@{HERE}", "easy", 150)
    assert seats[0] == f"seed {SEED}: SS easy@{HERE}, Abwehr easy, 150 trials a plan"
    assert [without_time(line) for line in seats[1:]] == [without_time(line) for line in here[1:]]
