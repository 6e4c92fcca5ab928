"""Loading and validating rules_data: the game's numbers as frozen objects.

The names below are what the rest of plot reads of them (through Rules, which
plot_core.rules loads); the modules below are the loaders' own.
"""

from .cases import Case, CaseInventory, Kind, Status
from .chits import ChitKind
from .mapdata import HexMap
from .tables import Grid

__all__ = ["Case", "CaseInventory", "ChitKind", "Grid", "HexMap", "Kind", "Status"]
