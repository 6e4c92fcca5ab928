"""The OpenSpiel adapter (plot_openspiel), judged by OpenSpiel's own checks and ours:
its random simulation test with serialisation, action numbers that name every action
once, chance nodes that play the seeded engine's game, and information states built
from what a side may see."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is an extra: make test installs it")

from plot_core import Verb, apply, legal_actions, new_game  # noqa: E402
from plot_core.dice import below, seed_state  # noqa: E402
from plot_core.engine.randomplay import busy_policy  # noqa: E402
from plot_core.engine.state import evolve  # noqa: E402
from plot_openspiel.game import CODES, GAME_TYPE, PlotState  # noqa: E402

NAME = GAME_TYPE.short_name


@pytest.fixture(scope="module")
def game():
    return pyspiel.load_game(NAME)


def test_the_game_says_what_it_is(game):
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_players() == 2 and game.num_distinct_actions() == CODES.size
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


def test_openspiels_random_simulation_test_passes(game):
    # (each of its games is played with every check, and serialised and read back
    # at every step; two whole random games are the costliest test of this file)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _play(game, rnd, steps=None):
    """A random game through the API (uniform actions, chance by its probabilities)."""
    state, n = game.new_initial_state(), 0
    while not state.is_terminal() and (steps is None or n < steps):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probs) - 1.0) < 1e-9
            state.apply_action(rnd.choices(outcomes, probs)[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
        n += 1
    return state


def test_every_legal_action_has_one_number_and_back(game):
    rnd, seen = random.Random(3), 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                for code in state.legal_actions():
                    assert 0 <= code < CODES.size and CODES.encode(CODES.decode(code)) == code
                    seen += 1
                engine = {CODES.encode(a): a for a in legal_actions(state.game_state)}
                offered = set(state.legal_actions())
                assert offered <= set(engine)  # the engine's actions, but for attempts taken back
                assert all(engine[c].verb in (Verb.RECRUIT, Verb.INVESTIGATE) for c in set(engine) - offered)
            state = _step(state, rnd)
    assert seen > 1000
    with pytest.raises(ValueError, match="no action has the number"):
        CODES.decode(CODES.size)


def _step(state, rnd):
    if state.is_chance_node():
        state.apply_action(rnd.choice([o for o, _ in state.chance_outcomes()]))
    else:
        state.apply_action(rnd.choice(state.legal_actions()))
    return state


def test_chance_from_openspiel_plays_the_seeded_game(game):
    """Each chance node answered with what the seeded engine's generator draws next: the
    two games are one, action for action, with the same result."""
    seed = 500200
    rng, rnd = seed_state(seed), random.Random(seed)
    seeded, state = new_game(seed), game.new_initial_state()
    actions = 0
    while True:
        while state.is_chance_node():
            value, rng = below(rng, len(state.chance_outcomes()))
            state.apply_action(value)
        assert evolve(state.game_state, rng=seeded.rng, seed=seeded.seed) == seeded
        if seeded.outcome is not None:
            break
        action = busy_policy(seeded, legal_actions(seeded), rnd)
        seeded = apply(seeded, action)
        state.apply_action(CODES.encode(action))
        actions += 1
    assert state.is_terminal() and actions > 300
    winner = seeded.outcome.winner
    assert state.returns() == {"ss": [1.0, -1.0], "abwehr": [-1.0, 1.0], "allies": [-1.0, -1.0]}[winner]


def test_a_side_cannot_tell_a_resampled_state_from_the_true_one(game):
    """resample_from_infostate draws the hidden facts from the side's view alone: the side's
    information state and observation are the same in both; the other side's may not be."""
    rnd, differs = random.Random(5), 0
    # (many points of one game: right after a step that said something to one side only,
    # too, which is where a guess once differed; OpenSpiel's IS-MCTS asserts on it)
    for steps in range(20, 420, 20):
        state = _play(game, rnd, steps)
        if state.is_chance_node() or state.is_terminal():
            continue
        for player in (0, 1):
            guess = state.resample_from_infostate(player, rnd.random)
            assert guess.information_state_string(player) == state.information_state_string(player)
            assert np.array_equal(guess.observation_tensor(player), state.observation_tensor(player))
            assert guess.legal_actions() == state.legal_actions() or guess.current_player() != player
            differs += guess.game_state.chits != state.game_state.chits
    assert differs > 0  # the draws really do guess


def test_a_state_pickles_and_comes_back_the_same(game):
    state = _play(game, random.Random(9), 200)
    back = pickle.loads(pickle.dumps(state))
    assert isinstance(back, PlotState)
    assert str(back) == str(state) and back.history() == state.history()
    assert back.information_state_string(1) == state.information_state_string(1)
    assert back.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("pick", [0, 1, -1])
def test_a_game_ends_whatever_a_fixed_choice_does(game, pick):
    """Always the first (second, last) action and outcome: the game still ends, well
    within its declared length. (Declaring an attempt and taking it back, over and
    over, once made an endless game; an attempt taken back is not offered again in
    that phase.)"""
    state, n = game.new_initial_state(), 0
    while not state.is_terminal():
        options = [o for o, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        assert options, f"no action after {n}"
        state.apply_action(options[pick % len(options)])
        n += 1
        assert n < game.max_game_length()


def _at_a_decision(game, seed: int, steps: int):
    """A state some random steps in, where a side is to act (not chance, not over)."""
    rnd = random.Random(seed)
    state = _play(game, rnd, steps)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_terminal()
    return state


def test_a_refused_action_changes_nothing_not_even_what_a_side_has_seen(game):
    for seed, steps in ((1, 0), (2, 60), (3, 150)):
        state = _at_a_decision(game, seed, steps)
        player = state.current_player()
        before = [state.information_state_string(p) for p in (0, 1)]
        history = state.history()
        refused = next(a for a in range(CODES.size) if a not in set(state.legal_actions()))
        with pytest.raises(Exception, match=r"\(\d+\.\d+"):  # the engine's refusal, with its case
            state.apply_action(refused)
        assert [state.information_state_string(p) for p in (0, 1)] == before
        assert state.history() == history and state.current_player() == player
        state.apply_action(state.legal_actions()[0])  # and the game goes on as before
        assert f"you: {CODES.decode(state.history()[-1])}" in state.information_state_string(player)


def test_no_information_state_tensor_is_offered_as_the_game_type_says(game):
    assert not GAME_TYPE.provides_information_state_tensor and GAME_TYPE.provides_information_state_string
    state = _at_a_decision(game, 4, 40)
    with pytest.raises(Exception, match="no information-state tensor"):
        state.information_state_tensor(0)
    assert state.information_state_string(0).startswith("ss\n")  # the strings are offered


def test_the_observer_gives_what_the_observation_type_asks_for(game):
    state = _at_a_decision(game, 6, 80)
    s = state.game_state
    hands = {p: s.chits_of(side) for p, side in ((0, "ss"), (1, "abwehr"))}
    assert hands[0] and hands[1]

    from open_spiel.python.observation import make_observation

    def observed(player: int, **kind):
        obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, **kind))
        obs.set_from(state, player)
        return obs

    mine = observed(0)  # the default: public information and the side's own
    assert np.count_nonzero(mine.dict["own_chits"]) == len(hands[0]) and "other_chits" not in mine.dict
    public = observed(0, private_info=pyspiel.PrivateInfoType.NONE)
    assert not np.any(public.dict["own_chits"])  # no chit of either side
    assert np.array_equal(public.dict["units"], mine.dict["units"])
    assert observed(0, private_info=pyspiel.PrivateInfoType.NONE).string_from(state, 0) == (
        observed(1, private_info=pyspiel.PrivateInfoType.NONE).string_from(state, 1)
    )  # what everyone sees, whoever asks
    every = observed(0, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    assert np.count_nonzero(every.dict["other_chits"]) == len(hands[1])
    assert " ".join(hands[1]) in every.string_from(state, 0)
    alone = observed(1, public_info=False)  # the side's private information only
    assert not np.any(alone.dict["units"]) and np.count_nonzero(alone.dict["own_chits"]) == len(hands[1])
    assert alone.string_from(state, 1) == f"own chits: {' '.join(hands[1])}"


def test_two_points_with_one_observation_tensor_have_one_observation_and_the_same_choices(game):
    """The tensor says everything the observation string says: walking whole random
    games, no two decision points share a tensor and differ in their legal actions or
    their observation strings (the unit moving, its movement points, the decision
    pending and the units that have acted were once left out)."""
    seen: dict[bytes, tuple[tuple[int, ...], str]] = {}
    points = 0
    for seed in range(3):
        rnd, state = random.Random(100 + seed), game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rnd.choices(outcomes, probs)[0])
                continue
            player = state.current_player()
            key = np.asarray(state.observation_tensor(player), np.float32).tobytes()
            now = (tuple(state.legal_actions()), state.observation_string(player))
            before = seen.setdefault(key, now)
            assert before == now, f"one tensor, two observations:\n{before[1][:300]}\n{now[1][:300]}"
            points += 1
            state.apply_action(rnd.choice(state.legal_actions()))
    assert points > 1000


def test_actions_factored_part_by_part_go_back_to_the_same_numbers_which_stay_as_they_were(game):
    from plot_core import Action
    from plot_openspiel.actions import Factors

    # the flat numbers a trained policy was given stay the same from version to version
    pinned = {
        Action(Verb.END): 358604,
        Action(Verb.END_PHASE): 358605,
        Action(Verb.ACTIVATE, unit="001"): 157030,
        Action(Verb.MOVE, hex=2110): 157629,
        Action(Verb.TRAVEL, hex=1714, chit="TR1"): 200818,
    }
    assert CODES.size == 358606 and {a: CODES.encode(a) for a in pinned} == pinned
    assert CODES.factor_sizes == Factors(len(Verb), 70, 1130, 98)
    travel = CODES.factors(pinned[Action(Verb.TRAVEL, hex=1714, chit="TR1")])
    assert travel.verb == list(Verb).index(Verb.TRAVEL) and travel.unit == 0 and travel.hex and travel.chit
    rnd, checked = random.Random(11), 0
    for steps in (0, 50, 150, 300):
        state = _at_a_decision(game, rnd.randrange(1000), steps)
        for code, f in zip(state.legal_actions(), state.legal_factors(), strict=True):
            assert CODES.from_factors(f) == code and all(
                0 <= x < n for x, n in zip(f, CODES.factor_sizes, strict=True)
            )
            checked += 1
    assert checked > 50
    with pytest.raises(ValueError, match="no action has hex 1130"):
        CODES.from_factors((list(Verb).index(Verb.MOVE), 0, 1130, 0))
    with pytest.raises(ValueError, match="no number for"):  # a move names no unit
        CODES.from_factors((list(Verb).index(Verb.MOVE), 3, 0, 0))


ZERO_SUM = "python_plot_to_assassinate_hitler_zero_sum"


def test_a_game_started_in_the_coup_begins_once_a_coup_has_been_declared():
    """start_in_coup: the heuristic policy's game up to its coup's declaration (18.1),
    so that a search is measured where its judgement of the coup decides the game."""
    game = pyspiel.load_game(f"{ZERO_SUM}(start_in_coup=True,start_seed=999005)")
    first = game.new_initial_state().game_state
    assert first.coup is not None and first.outcome is None
    # deal 999005's heuristic game never declares one (18.74): the next deal's
    assert (
        first
        == pyspiel.load_game(f"{ZERO_SUM}(start_in_coup=True,start_seed=999006)")
        .new_initial_state()
        .game_state
    )
    assert pyspiel.load_game(f"{ZERO_SUM}(start_seed=999006)").new_initial_state().game_state.coup is None
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_an_opening_may_be_played_by_the_expert_and_is_the_same_each_time():
    """start_policy="expert": the opening played by plot's expert at counted trials, so
    the same game on any machine; not the heuristic policy's game."""
    name = f"{ZERO_SUM}(start_turn=2,start_seed=7,start_policy=expert)"
    first = pyspiel.load_game(name).new_initial_state().game_state
    assert first.turn == 2 and first.outcome is None
    assert pyspiel.load_game(name).new_initial_state().game_state == first
    heuristic = pyspiel.load_game(f"{ZERO_SUM}(start_turn=2,start_seed=7)").new_initial_state().game_state
    assert heuristic != first
    with pytest.raises(Exception, match="start_policy must be heuristic or expert, not 'random'"):
        pyspiel.load_game(f"{ZERO_SUM}(start_turn=2,start_policy=random)")


def test_a_shorter_zero_sum_game_starts_at_the_turn_asked_and_scores_the_allies_win_a_draw():
    from plot_openspiel.game import opening

    short = pyspiel.load_game(f"{ZERO_SUM}(start_turn=8,start_seed=4)")
    t = short.get_type()
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM and short.utility_sum() == 0.0
    first = short.new_initial_state()
    assert first.game_state.turn == 8 and first.game_state.outcome is None
    assert (
        first.game_state
        == pyspiel.load_game(f"{ZERO_SUM}(start_turn=8,start_seed=4)").new_initial_state().game_state
    )
    assert opening(8, 6) != first.game_state  # another deal, another opening
    assert opening(8, 5) == opening(8, 6)  # deal 5's game ends before Game-Turn 8: the next deal's
    pyspiel.random_sim_test(short, num_sims=2, serialize=True, verbose=False)
    rnd, ended = random.Random(2), []
    for _ in range(3):
        state = short.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rnd.choice([o for o, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
        ended.append((state.game_state.outcome.winner, state.returns()))
    for winner, returns in ended:
        assert sum(returns) == 0.0
        assert returns == {"ss": [1.0, -1.0], "abwehr": [-1.0, 1.0], "allies": [0.0, 0.0]}[winner]
    with pytest.raises(Exception, match="start_turn must be from 1 to 9, not 12"):
        pyspiel.load_game(f"{NAME}(start_turn=12)")


def test_plots_evaluation_is_offered_to_openspiels_searches(game):
    from open_spiel.python.algorithms import ismcts

    from plot_ai.value import chances
    from plot_openspiel.evaluators import ChancesEvaluator, HeuristicRolloutEvaluator

    state = _at_a_decision(game, 8, 120)
    p_ss, p_ab = chances(state.game_state)
    assert list(ChancesEvaluator().evaluate(state)) == pytest.approx([2 * p_ss - 1, 2 * p_ab - 1])
    zero = pyspiel.load_game(f"{ZERO_SUM}(start_turn=8,start_seed=4)").new_initial_state()
    while zero.is_chance_node():
        zero.apply_action(zero.chance_outcomes()[0][0])
    assert sum(ChancesEvaluator().evaluate(zero)) == pytest.approx(0.0)
    legal = state.legal_actions()
    assert ChancesEvaluator().prior(state) == [(a, 1.0 / len(legal)) for a in legal]
    rolled = HeuristicRolloutEvaluator(n_rollouts=2, steps=60, seed=1).evaluate(state)
    assert all(-1.0 <= x <= 1.0 for x in rolled)
    bot = ismcts.ISMCTSBot(
        game, ChancesEvaluator(), uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(1)
    )
    assert bot.step(state) in legal


def test_the_heuristic_policys_choice_can_weigh_in_the_prior(game):
    import random

    from plot_ai.easy import choose_in
    from plot_core.engine import legal_actions
    from plot_openspiel.evaluators import ChancesEvaluator
    from plot_openspiel.game import CODES

    state = _at_a_decision(game, 8, 120)
    legal = state.legal_actions()
    assert len(legal) > 1
    # the same generator as the evaluator's: the rules of thumb break ties at random
    favourite = CODES.encode(choose_in(state.game_state, legal_actions(state.game_state), random.Random(5)))
    prior = dict(ChancesEvaluator(prior=0.6, seed=5).prior(state))
    assert sorted(prior) == legal
    assert sum(prior.values()) == pytest.approx(1.0)
    assert prior[favourite] == pytest.approx(0.6 + 0.4 / len(legal))
    assert all(p == pytest.approx(0.4 / len(legal)) for a, p in prior.items() if a != favourite)
    with pytest.raises(ValueError, match="share of the prior is 1.0"):
        ChancesEvaluator(prior=1.0)


def test_a_puct_search_visits_the_favoured_child_again_before_opening_every_other(game):
    """OpenSpiel's IS-MCTS opens every child once before weighing any; the tool's PUCT
    search opens them as their priors and values say."""
    from tools.openspiel_match import timed_ismcts

    class Favouring:  # all the prior on one legal action, every value a draw
        def __init__(self, favourite: int) -> None:
            self.favourite = favourite

        def evaluate(self, state):
            return np.zeros(2)

        def prior(self, state):
            if state.is_chance_node():
                return state.chance_outcomes()
            legal = state.legal_actions()
            return [(a, 1.0 if a == self.favourite else 0.0) for a in legal]

    state = _at_a_decision(game, 1, 0)  # the set-up: 60 legal actions
    legal = state.legal_actions()
    assert len(legal) > 21
    favourite = legal[len(legal) // 2]
    for puct in (True, False):
        bot = timed_ismcts(game, 0.0, 1, evaluator=Favouring(favourite), puct=puct)
        bot.reset()
        bot._root_node = root = bot.create_new_node(state)
        for _ in range(21):
            bot.run_simulation(bot.sample_root_state(state))
        opened = {a: c.visits for a, c in root.child_info.items()}
        if puct:  # the favourite, again and again
            assert opened == {favourite: 20}
        else:  # twenty children opened, one visit each, the favourite among them or not
            assert len(opened) == 20 and set(opened.values()) == {1}


def test_openspiels_tabular_q_learning_trains_on_the_shorter_zero_sum_game_end_to_end():
    from tools.openspiel_qlearning import run

    got = run(episodes=1, start_turn=9, evaluate=1, seed=3)
    assert got["states"] > 10  # the learners' tables filled from their observations
    assert -1.0 <= got["score"] <= 1.0
