"""plot_core: the rules engine of The Plot to Assassinate Hitler.

Pure: no I/O except loading rules_data. Never imports the UI.

What the rest of plot may use of the core is here and in a few public modules:
plot_core.engine (the state, the actions, the decisions, the odds, the overlays),
plot_core.data (the rules data's types), plot_core.hexgrid, plot_core.wording and
plot_core.english (the words), plot_core.lessons, plot_core.outside_text and
plot_core.selfplay. Every other module is the core's own (an import-linter contract).
"""

from .dice import seed_state
from .engine.actions import VERB_WORDS, Action, Verb, parse_action
from .engine.api import apply, legal_actions, new_game, outcome
from .engine.errors import IllegalAction
from .engine.position import PositionError, load_position
from .engine.serial import state_from_json, state_to_json  # (and how a state pickles)
from .engine.state import GameState
from .engine.view import PlayerView, view
from .errors import DataError
from .parties import Party, Player
from .rules import Rules, load_rules, rules_data_dir, same_game

__all__ = [
    "Action",
    "DataError",
    "GameState",
    "IllegalAction",
    "Party",
    "Player",
    "PlayerView",
    "PositionError",
    "Rules",
    "Verb",
    "apply",
    "rules_data_dir",
    "same_game",
    "seed_state",
    "legal_actions",
    "load_position",
    "load_rules",
    "new_game",
    "outcome",
    "parse_action",
    "VERB_WORDS",
    "state_from_json",
    "state_to_json",
    "view",
]
