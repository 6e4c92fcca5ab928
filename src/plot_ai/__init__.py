"""plot_ai: computer players that decide from one side's view (plot_core only below it)."""

from .players import LEVELS, ComputerPlayer, EasyPlayer, ExpertPlayer, RandomPlayer, Timed, make

__all__ = ["LEVELS", "ComputerPlayer", "EasyPlayer", "ExpertPlayer", "RandomPlayer", "Timed", "make"]
