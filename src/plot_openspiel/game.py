"""The OpenSpiel game and state: plot_core's engine behind pyspiel's Python game API.

Chance is explicit: a state whose next step needs a roll or a pick is a chance node,
with that draw's outcomes, all equally likely (rolls.py). When the outcome is chosen,
the step is played again from the state before it with that outcome added to its
script, so the game is the seeded engine's game, outcome for outcome. Player 0 is the
SS, player 1 the Abwehr; a win scores 1 and a loss -1, and the Allies' win (18.73) is
a loss for both.

Two games are registered: the game as written (general-sum), and a zero-sum variant
in which the Allies' win is a draw (0 for both), for algorithms that need a zero-sum
game. Either takes ``start_turn`` (1 to 9): the game begins at the start of that
Game-Turn, from the standard game played that far by the heuristic policy for both
sides (plot_ai's rules of thumb, on the whole state), dealt by ``start_seed`` (the
next deal where that game ends sooner): a shorter game with the same end. With
``start_in_coup`` it begins once that game has declared a coup (18.1): the Coup-Turns
alone, where a search's judgement of the coup decides the game. ``start_policy``
"expert" plays that opening by plot's expert for both sides instead (its search at a
counted 150 trials a plan, so the same on any machine; some seconds an opening): the
coups it declares are the ones a strong player would, not the rules of thumb's.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from plot_ai.determinise import determinise
from plot_ai.easy import played_on
from plot_core import (
    Action,
    GameState,
    IllegalAction,
    Player,
    Verb,
    apply,
    legal_actions,
    load_rules,
    new_game,
    view,
)
from plot_core.engine import OUTSIDE, ChanceNeeded, chit_ids, evolve, standard_setup, view_to_json

from .actions import ActionCodes, Factors
from .tensor import NUMBER, PLAYERS, Layout

RULES = load_rules()
CODES = ActionCodes(RULES)
SCORES = {"ss": [1.0, -1.0], "abwehr": [-1.0, 1.0], "allies": [-1.0, -1.0]}
# A game cannot be longer: every Game-Turn and Coup-Turn, every unit activated in each
# movement phase and stepping its whole allowance, each roll and decision an action of
# its own, is far below this (random games take about 700 actions; the longest seen
# in 2,000 seeded ones about 2,000).
MAX_GAME_LENGTH = 100_000
# Taking back a recruitment or investigation declared but not rolled (cancel) changes
# nothing in the game, so a player could declare and take back the same one for ever: a
# game with no end, which OpenSpiel's algorithms cannot have. Here an attempt taken back
# is not offered again in the same phase; every other action is as the engine offers.
DECLARING = frozenset({Verb.RECRUIT, Verb.INVESTIGATE})
MAX_CHANCE_OUTCOMES = max(RULES.game.die_sides, len(chit_ids(RULES)), len(RULES.units))

PARAMETERS = {"start_turn": 1, "start_seed": 0, "start_in_coup": False, "start_policy": "heuristic"}
OPENING_TRIALS = 150  # the expert's counted trials a plan, in an opening it plays


def _game_type(short_name: str, long_name: str, utility) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


def _game_info(utility_sum: float | None) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=CODES.size,
        max_chance_outcomes=MAX_CHANCE_OUTCOMES,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=utility_sum,
        max_game_length=MAX_GAME_LENGTH,
    )


GAME_TYPE = _game_type(
    "python_plot_to_assassinate_hitler",
    "The Plot to Assassinate Hitler (SPI 1976), plot's engine",
    pyspiel.GameType.Utility.GENERAL_SUM,
)
ZERO_SUM_TYPE = _game_type(
    "python_plot_to_assassinate_hitler_zero_sum",
    "The Plot to Assassinate Hitler (SPI 1976), plot's engine; the Allies' win a draw",
    pyspiel.GameType.Utility.ZERO_SUM,
)


def opening(turn: int, seed: int, *, in_coup: bool = False, policy: str = "heuristic") -> GameState:
    """The standard game played by ``policy`` (the heuristic policy, or plot's expert)
    for both sides to the start of Game-Turn ``turn`` (``in_coup``: on, to the moment a
    coup has been declared, 18.1), dealt by ``seed`` (or, where that game ends sooner,
    by the next seed whose game does not); chance from then on is OpenSpiel's."""
    if not 1 <= turn <= RULES.game.game_turns:
        raise ValueError(f"start_turn must be from 1 to {RULES.game.game_turns}, not {turn}")
    if policy not in ("heuristic", "expert"):
        raise ValueError(f"start_policy must be heuristic or expert, not {policy!r}")
    for deal in range(seed, seed + 1000):
        s, rnd = new_game(deal, rules=RULES), random.Random(deal)
        step = played_on if policy == "heuristic" else _expert_steps()
        while s.outcome is None and (s.turn < turn or (in_coup and s.coup is None)):
            s = step(s, rnd)
        if s.outcome is None:
            return evolve(s, rng=OUTSIDE)
    until = "a coup" if in_coup else f"Game-Turn {turn}"
    raise ValueError(f"no game dealt from start_seed {seed} on lasted to {until}")


def _expert_steps():
    """One step by plot's expert for the side to act (one expert a side, as in a game)."""
    from plot_ai.expert import Expert

    experts = {p: Expert(RULES, trials=OPENING_TRIALS) for p in Player}

    def step(s: GameState, rnd: random.Random) -> GameState:
        return apply(s, experts[s.actor].decide(view(s, s.actor), legal_actions(s), rnd))

    return step


class PlotGame(pyspiel.Game):
    game_type, zero_sum = GAME_TYPE, False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**PARAMETERS, **(params or {})}
        super().__init__(self.game_type, _game_info(0.0 if self.zero_sum else None), params)
        self.start_turn, self.start_seed = int(params["start_turn"]), int(params["start_seed"])
        self.start_in_coup = bool(params["start_in_coup"])
        self.start_policy = str(params["start_policy"])
        self._opening = (
            opening(self.start_turn, self.start_seed, in_coup=self.start_in_coup, policy=self.start_policy)
            if self.start_turn > 1 or self.start_in_coup
            else None
        )

    def new_initial_state(self) -> PlotState:
        return PlotState(self, start=self._opening)

    def make_py_observer(self, iig_obs_type=None, params=None) -> PlotObserver:
        return PlotObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class PlotState(pyspiel.State):
    def __init__(self, game: PlotGame, start: GameState | None = None) -> None:
        super().__init__(game)
        self._before: GameState | None = None  # the state the step in hand starts from
        self._action: Action | None = None  # the step in hand (None: the game's start)
        self._dice: tuple[int, ...] = ()
        self._picks: tuple[int, ...] = ()
        self._need: tuple[str, int] | None = None  # the draw the step in hand waits for
        # what each side saw (None: what everyone saw, the public events)
        self._seen: dict[Player | None, list[str]] = {p: [] for p in (*PLAYERS, None)}
        self._declared: Action | None = None  # the last recruitment or investigation named
        self._taken_back: dict[tuple[int, int, str, str], set[Action]] = {}  # by phase
        # The last state reached: at a chance node, the one the step in hand starts from
        # (before the game's first draw, the standard set-up made).
        self.game_state: GameState = start or evolve(standard_setup(RULES), rng=OUTSIDE)
        if start is None:
            self._resolve()

    # -- chance ---------------------------------------------------------------------------
    def _resolve(self) -> None:
        """Play the step in hand with the outcomes chosen so far; a chance node if it
        needs one more."""
        try:
            if self._action is None:
                state = new_game(0, outside_chance=True, dice=self._dice, picks=self._picks, rules=RULES)
            else:
                assert self._before is not None
                before = self._before
                if self._dice or self._picks:  # (outcomes chosen at chance nodes: set first)
                    before = evolve(before, dice=self._dice, picks=self._picks)
                state = apply(before, self._action)
        except ChanceNeeded as need:
            self._need = (need.kind, need.outcomes)
            return
        self._need, self._dice, self._picks = None, (), ()
        self.game_state = state
        for side in (*PLAYERS, None):
            self._seen[side] += [e.text for e in state.events if e.seen_by(side)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._need is not None
        n = self._need[1]
        return [(k, 1.0 / n) for k in range(n)]

    # -- the API ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self._need is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game_state.outcome is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return NUMBER[self.game_state.actor]

    def _phase(self) -> tuple[int, int, str, str]:
        s = self.game_state
        return (s.turn, s.coup.turn if s.coup is not None else 0, s.phase.value, s.phasing.value)

    def taken_back(self) -> frozenset[Action]:
        """The attempts declared and taken back in this phase: not offered again."""
        return frozenset(self._taken_back.get(self._phase(), ()))

    def _legal_actions(self, player: int) -> list[int]:
        taken_back = self._taken_back.get(self._phase())
        encode = CODES.encode
        if not taken_back:  # (nearly always: no attempt taken back this phase)
            return sorted([encode(a) for a in legal_actions(self.game_state)])
        return sorted([encode(a) for a in legal_actions(self.game_state) if a not in taken_back])

    def legal_factors(self) -> list[Factors]:
        """The legal actions part by part (verb, unit, hex, chit: actions.Factors), in
        the order of ``legal_actions()``."""
        return [CODES.factors(a) for a in self.legal_actions()]

    def _apply_action(self, action: int) -> None:
        if self._need is not None:
            if self._need[0] == "die":
                self._dice += (action + 1,)
            else:
                self._picks += (action,)
            self._resolve()
            return
        chosen = CODES.decode(action)
        if chosen in self.taken_back():
            raise ValueError(f"{chosen} was declared and taken back in this phase: it is not offered again")
        actor, step = self.game_state.actor, (self._before, self._action)
        heard = len(self._seen[actor])
        self._before, self._action = self.game_state, chosen
        try:
            self._resolve()
        except IllegalAction:
            self._before, self._action = step  # refused: nothing of it is kept, nor seen
            raise
        self._seen[actor].insert(heard, f"you: {chosen}")  # (before what it made happen)
        if chosen.verb in DECLARING:
            self._declared = chosen
        elif chosen.verb is Verb.CANCEL and self._declared is not None:
            self._taken_back.setdefault(self._phase(), set()).add(self._declared)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            need = self._need
            return f"die {action + 1}" if need is None or need[0] == "die" else f"pick {action}"
        return str(CODES.decode(action))

    def is_terminal(self) -> bool:
        return self._need is None and self.game_state.outcome is not None

    def returns(self) -> list[float]:
        o = self.game_state.outcome if self._need is None else None
        if o is None or (o.winner == "allies" and self.get_game().zero_sum):
            return [0.0, 0.0]
        return list(SCORES[o.winner])

    def resample_from_infostate(self, player_id: int, probability_sampler) -> PlotState:
        """A full state ``player_id``'s side cannot tell from this one: the hidden
        facts drawn from its view alone (plot_ai's determiniser)."""
        side = PLAYERS[player_id]
        rnd = random.Random(int(probability_sampler() * 2**32))
        guess = evolve(determinise(view(self.game_state, side), RULES, rnd), rng=OUTSIDE)
        # what the last step said that this side heard is part of what it knows (and of
        # its information state): the same lines in the guess
        guess = evolve(guess, events=tuple(e for e in self.game_state.events if e.seen_by(side)))
        other = PlotState(self.get_game(), start=guess)
        other._seen = {p: list(lines) for p, lines in self._seen.items()}
        # attempts declared and taken back are public: the guess offers the same choices
        other._declared = self._declared
        other._taken_back = {k: set(v) for k, v in self._taken_back.items()}
        return other

    def __str__(self) -> str:
        s = self.game_state
        o = s.outcome
        return f"Game-Turn {s.turn}, {s.phase.value}, {s.step.value}" + (
            f"; {o.winner} won ({o.case})" if o else ""
        )


class PlotObserver:
    """Each side's observation, from ``view`` alone: a string (the view as JSON, and
    with perfect recall everything the side has seen happen and done) and a tensor.

    The observation type is honoured: public information only (``private_info=NONE``:
    a spectator's view, no chit of either side), the side's own (the default), or
    every player's (``ALL_PLAYERS``: the other side's hand too); without
    ``public_info``, the side's private information alone (its hand). No
    information-state tensor is offered (the game type says so): a perfect-recall
    observer gives strings only."""

    def __init__(self, iig_obs_type, params) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters; got {params}")
        self.perfect_recall = iig_obs_type.perfect_recall
        self.public = iig_obs_type.public_info
        self.private = iig_obs_type.private_info
        self.layout = Layout(RULES, other_chits=self.private == pyspiel.PrivateInfoType.ALL_PLAYERS)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict: dict[str, np.ndarray] = self.layout.pieces_of(self.tensor)

    def _view(self, state: PlotState, player: int):
        """What the observation is made from: the side's view, or with no private
        information a spectator's."""
        side = PLAYERS[player] if self.private != pyspiel.PrivateInfoType.NONE else None
        return view(state.game_state, side)

    def _others(self, state: PlotState, player: int) -> tuple[str, ...]:
        """The other side's hand, for an observer of every player's private information."""
        if self.private != pyspiel.PrivateInfoType.ALL_PLAYERS:
            return ()
        return tuple(state.game_state.chits_of(PLAYERS[1 - player].value))

    def set_from(self, state: PlotState, player: int) -> None:
        if self.perfect_recall:
            raise ValueError(
                "plot offers no information-state tensor (its game type says so): use the "
                "information-state string, or the observation tensor"
            )
        self.tensor.fill(0)
        v = self._view(state, player)
        self.layout.write_private(self.dict, v, self._others(state, player))
        if self.public:  # (without: the side's private information alone)
            self.layout.write_public(self.dict, v, state.taken_back())

    def string_from(self, state: PlotState, player: int) -> str:
        side = PLAYERS[player]
        v = self._view(state, player)
        others = self._others(state, player)
        if not self.public:
            lines = [f"own chits: {' '.join(v.own_chits)}"]
        else:
            # the view as it stands (the last step's log lines are the information
            # state's, line by line), and what this adapter no longer offers in the phase
            lines = [view_to_json(evolve(v, events=()))]
            taken_back = sorted(str(a) for a in state.taken_back())
            if taken_back:
                lines.append(f"taken back in this phase: {', '.join(taken_back)}")
        if others:
            lines.append(f"the other side's chits: {' '.join(others)}")
        now = "\n".join(lines)
        if not self.perfect_recall:
            return now
        if self.private == pyspiel.PrivateInfoType.NONE:  # the same, whichever player asks
            return "\n".join([*state._seen[None], now])
        return "\n".join([f"{side.value}", *state._seen[side], now])


class ZeroSumPlotGame(PlotGame):
    """The Allies' win (18.73) scored as a draw: what one side wins, the other loses."""

    game_type, zero_sum = ZERO_SUM_TYPE, True


pyspiel.register_game(GAME_TYPE, PlotGame)
pyspiel.register_game(ZERO_SUM_TYPE, ZeroSumPlotGame)
