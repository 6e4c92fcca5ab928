"""Side panels: what the hex under the cursor is, and the map key."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from plot_core import Rules
from plot_core.hexgrid import Hex, label

from .mapstyle import HQ_LABELS

_MARK_NAMES = {"ss": "SS set-up hex (4.32)", "nazi": "Nazi set-up hex (4.32)",
               "abwehr": "Abwehr set-up hex (4.34)", "civilian": "Civilian set-up hex (4.34)",
               "okw": "OKW set-up hex (4.34)", "common": "common X set-up hex (4.33, 4.35)"}


class HexInfo(Static):
    """Everything the map knows about one hex."""

    def __init__(self, rules: Rules, **kw) -> None:
        super().__init__(**kw)
        self.rules = rules

    def show(self, h: Hex) -> None:
        m = self.rules.map
        area = m.areas[m.area_of[h]]
        t = Text()
        t.append(f"Hex {label(h)}\n", style="bold")
        t.append(f"{area.name} ({area.code})\n")
        if area.military_advance:
            t.append(f"  overrun on Game-Turn {area.military_advance} (16.11)\n", style="italic")
        hq_key = m.hq_of.get(h)
        if hq_key:
            hq = m.hqs[hq_key]
            who = sorted(p.value for p in hq.friendly_parties)
            who += [self.rules.units[u].short for u in sorted(hq.friendly_units)]
            t.append(f"{hq.name}\n", style="bold yellow")
            t.append(f"  friendly to {', '.join(who)} (9.22)\n")
        for kind, hexes in m.setup_marks.items():
            if h in hexes:
                t.append(f"{_MARK_NAMES[kind]}\n")
        for uid, nh in m.named_setup.items():
            if nh == h:
                t.append(f"{self.rules.units[uid].name}'s set-up hex (4.31)\n")
        self.update(t)


class MapKey(Static):
    """Area codes and HQ abbreviations, and a reminder that the map is ours."""

    def __init__(self, rules: Rules, **kw) -> None:
        super().__init__(**kw)
        m = rules.map
        t = Text()
        t.append("Reconstructed map", style="bold")
        t.append(" (the printed map is not in the rulebook; see README)\n\n")
        for a in m.areas.values():
            t.append("  ", style=f"on {a.colour}")
            adv = f" ·{a.military_advance}" if a.military_advance else ""
            t.append(f" {a.code} {a.name}{adv}\n")
        t.append("\nHQs: ")
        t.append(", ".join(f"{HQ_LABELS[k]} {hq.name}" for k, hq in m.hqs.items()))
        self.update(t)
