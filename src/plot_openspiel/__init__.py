"""The game as an OpenSpiel game, for AI research (optional: ``plot[openspiel]``).

``import plot_openspiel`` registers ``python_plot_to_assassinate_hitler`` with
pyspiel; ``pyspiel.load_game("python_plot_to_assassinate_hitler")`` then gives a
sequential, explicit-stochastic, imperfect-information, general-sum game of two
players (0 the SS, 1 the Abwehr). Every die roll and random pick is a chance node
(plot_core's rolls.py takes its outcomes from outside); each side's information
state and observation are built from ``view`` alone. docs/developers/openspiel.md
says how to use it.
"""

from .game import GAME_TYPE, PlotGame, PlotState

__all__ = ["GAME_TYPE", "PlotGame", "PlotState"]
