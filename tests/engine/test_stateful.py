"""A Hypothesis state machine plays whole games, checking every invariant after every
action: each of the 97 chits and 69 units in exactly one place, no two units in a
hex between units' moves, nothing hidden leaking into either side's view, and an
outcome only at the very end."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from plot_core.engine.api import apply, legal_actions, new_game
from plot_core.engine.randomplay import busy_policy, uniform_policy
from plot_core.parties import Player

from .test_view_and_json import check_invariants, check_view


class WholeGame(RuleBasedStateMachine):
    # The choice of action comes from a seeded Random rather than from Hypothesis' own
    # buffer, and one step plays a run of actions (checking after each): a game is hundreds
    # of actions, and one buffer draw per action runs the buffer out, so that Hypothesis
    # would stop short of the end of the game.
    @initialize(
        seed=st.integers(0, 2**32 - 1),
        choices=st.integers(0, 2**32 - 1),
        policy=st.sampled_from([uniform_policy, busy_policy]),
    )
    def start(self, seed, choices, policy):
        self.state = new_game(seed)
        self.rnd = random.Random(choices)
        self.policy = policy
        self.check()

    @precondition(lambda self: self.state.outcome is None)
    @rule(run=st.integers(1, 60))
    def act(self, run):
        for _ in range(run):
            if self.state.outcome is not None:
                break
            actions = legal_actions(self.state)
            assert actions, "a live game always offers its player something to do"
            self.state = apply(self.state, self.policy(self.state, actions, self.rnd))
            self.check()

    @precondition(lambda self: self.state.outcome is not None)
    @rule()
    def game_over(self):
        # A finished game stays finished: nothing more is legal (18.7).
        assert legal_actions(self.state) == []

    def check(self):
        """After every action."""
        s = self.state
        check_invariants(s)
        for side in Player:
            check_view(s, side)
        if s.outcome is not None:
            assert legal_actions(s) == []


TestWholeGame = WholeGame.TestCase
# A whole game is the unit under test, so its input is large by nature.
TestWholeGame.settings = settings(
    max_examples=4,
    stateful_step_count=400,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large],
)


def test_the_state_machine_reaches_the_end_of_games():
    """Guard against a silent Hypothesis cut-off: a game played the machine's way ends."""
    s = new_game(3)
    rnd = random.Random(3)
    steps = 0
    while s.outcome is None:
        assert steps < 50_000, "the game never ended"
        s = apply(s, rnd.choice(legal_actions(s)))
        steps += 1
    assert steps < 3000  # well inside the machine's budget: 400 runs of 1-60 actions
