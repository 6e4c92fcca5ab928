"""The rules engine: immutable game state, actions, and one reducer per case.

This package's names are what the engine offers the rest of plot (the client, the
server, the records, the AI): the state and its parts, the actions and their
reducer, the pending decisions, the odds before a roll, the map's overlays, the
walks, the JSON forms. Code outside plot_core imports them from here, never from the
modules below (an import-linter contract holds it): those are the engine's own.
"""

from .actions import Action, Verb, need, parse_action
from .api import apply, legal_actions, new_game, outcome, standard_setup
from .board import units_in_streets
from .decisions import DECISION_RULES, DecisionRule, declare
from .errors import IllegalAction
from .harassment import differential_bonus, harass_cost, harass_problem, harassment_defence
from .history import can_take_back
from .map_overlays import Overlays, overlays
from .movement import movable, reach
from .odds import WALKYRIE_RESULT, Odds, Stakes, legend, odds_of, stakes
from .paths import path_to, walk_problem
from .pending import CoupOffer, Decision, Investigate, PlaceAllied, Recruit, Retreat, Return
from .position import load_position
from .position_text import Unwritable, position_text
from .rolls import OUTSIDE, ChanceNeeded
from .rules_lookup import BERLIN, PRUSSIA, lookup
from .sequence import PLAYER_TURN, player_turn
from .serial import (
    FormatError,
    action_from_json,
    action_to_json,
    state_from_json,
    state_to_json,
    view_to_json,
)
from .state import (
    CUP,
    HITLER,
    PHASE_TITLES,
    Box,
    DecisionKind,
    Event,
    GameState,
    Marker,
    Outcome,
    Phase,
    Step,
    UnitState,
    chit_ids,
    effectiveness,
    evolve,
    game_over,
    movement_allowance,
)
from .status import marked_units
from .table import ANY_TIME_VERBS
from .view import PlayerView, view

__all__ = [
    "ANY_TIME_VERBS",
    "WALKYRIE_RESULT",
    "declare",
    "BERLIN",
    "CUP",
    "DECISION_RULES",
    "HITLER",
    "OUTSIDE",
    "PHASE_TITLES",
    "PLAYER_TURN",
    "PRUSSIA",
    "Action",
    "Box",
    "ChanceNeeded",
    "CoupOffer",
    "Decision",
    "DecisionKind",
    "DecisionRule",
    "Event",
    "FormatError",
    "GameState",
    "IllegalAction",
    "Investigate",
    "Marker",
    "Odds",
    "Outcome",
    "Overlays",
    "Phase",
    "PlaceAllied",
    "PlayerView",
    "Recruit",
    "Retreat",
    "Return",
    "Stakes",
    "Step",
    "UnitState",
    "Verb",
    "action_from_json",
    "action_to_json",
    "apply",
    "can_take_back",
    "chit_ids",
    "differential_bonus",
    "effectiveness",
    "evolve",
    "game_over",
    "harass_cost",
    "harass_problem",
    "harassment_defence",
    "legal_actions",
    "legend",
    "load_position",
    "position_text",
    "Unwritable",
    "lookup",
    "marked_units",
    "movable",
    "units_in_streets",
    "movement_allowance",
    "need",
    "new_game",
    "odds_of",
    "outcome",
    "overlays",
    "parse_action",
    "path_to",
    "player_turn",
    "reach",
    "stakes",
    "standard_setup",
    "state_from_json",
    "state_to_json",
    "view",
    "view_to_json",
    "walk_problem",
]
