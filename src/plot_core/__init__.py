"""plot_core: the rules engine of The Plot to Assassinate Hitler.

Pure: no I/O except loading rules_data. Never imports the UI.
"""

from .errors import DataError
from .parties import Party, Player
from .rules import Rules, data_dir, load_rules

__all__ = ["DataError", "Party", "Player", "Rules", "data_dir", "load_rules"]
