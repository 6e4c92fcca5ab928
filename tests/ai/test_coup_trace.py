"""tools.coup_trace, the evidence (docs/reports/expert-strength.md) of how coups are fought
and why they stall: its lines must be the game `plot selfplay` plays on the seed, read
from that game's own positions and log."""

import random
import re
from collections.abc import Sequence

from tools.coup_trace import HERE, trace

from plot_ai.players import ExpertPlayer, Timed, make
from plot_core import Action, GameState, Player, load_rules
from plot_core.selfplay import GameResult, Policy, play_game
from plot_core.wording import news

FROM = 984953  # seeds are searched from here (a stalled seed of a tuning line)


def without_time(line: str) -> str:
    return re.sub(r", \d+ ms$", "", line)


def easy_game(seed: int) -> tuple[GameResult, list[str]]:
    """The easy player's game on ``seed``, and its public log from the coup on, entry by
    entry, as the engine writes it."""
    rules = load_rules()
    log: list[str] = []

    def seen(_: Action, state: GameState) -> None:
        if state.coup is not None:
            log.extend(f"    {news(state.rules, e)}" for e in state.events if e.seen_by(None))

    result = play_game(seed, Timed(make("easy", rules)), Timed(make("easy", rules)), played=seen)
    return result, log


def test_the_trace_is_the_game_selfplay_plays_told_by_its_own_log():
    # the first seed from FROM on whose easy game has a coup won in the streets
    seed, (played, log) = next(
        (s, game) for s in range(FROM, FROM + 50) if (game := easy_game(s))[0].case in ("18.71", "18.72")
    )
    lines = trace(seed, "easy", "easy", 150)
    assert without_time(lines[-1]) == without_time(played.line())
    assert lines[1] == f"  the coup began in Game-Turn {played.coup_begun}"
    turns = [line for line in lines if re.match(r"  (the interphase|Coup-Turn \d):", line)]
    assert len(turns) == played.coup_turns + 1  # the interphase, then each Coup-Turn begun
    assert all("; the evaluation: ss " in line for line in turns)
    # every entry of the game's log in the coup (harassments, retreats, advances, chits
    # laid), in order, and nothing else but the trace's own headers and counts
    told = [s for s in lines[2:-1] if s.startswith("    ") and not s.lstrip().startswith("streets: ")]
    assert told == log
    assert any(re.search(r" harasses .*: .* die \d: ", line) for line in told)  # 10.72
    loser = Player.SS if played.winner == "abwehr" else Player.ABWEHR  # its last unit left (18.71/2)
    streets = [line for line in lines if line.startswith("      streets: ")]
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

    play_game(FROM, expert(), Timed(make("easy", rules)))
    lines = trace(FROM, "expert", "easy", 12)
    weighed = [line for line in lines if " weighed: " in line]
    assert new_in_coup > 0 and len(weighed) == new_in_coup
    assert all(re.fullmatch(r"    ss weighed: .+ (\d+% \(\d+\)|\(not tried\))", line) for line in weighed)


def test_a_game_between_seats_of_checkouts_is_read_as_the_same_game_played_here():
    here = trace(FROM, "easy", "easy", 150)
    seats = trace(FROM, f"easy@{HERE}", "easy", 150)
    assert seats[0] == f"seed {FROM}: SS easy@{HERE}, Abwehr easy, 150 trials a plan"
    assert [without_time(line) for line in seats[1:]] == [without_time(line) for line in here[1:]]
