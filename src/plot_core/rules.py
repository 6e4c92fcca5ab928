"""All of rules_data, loaded once, validated, as one frozen ``Rules`` object.

The data directory is, in order: the ``PLOT_RULES_DATA`` environment
variable; the copy packed inside an installed wheel; the source tree's
``rules_data/``.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Callable, Mapping
from pathlib import Path

import attrs

from .data.cases import CaseInventory, load_cases
from .data.chits import ChitKind, ChitSet, load_chits
from .data.game import GameNumbers, load_game
from .data.mapdata import HexMap, load_map
from .data.reader import Source
from .data.tables import TABLE_FILES, Tables, load_tables
from .data.units import Unit, load_units
from .errors import DataError
from .hexgrid import label
from .parties import Party, Player


@attrs.frozen(eq=False)  # compared and hashed by identity: one load, one object
class Rules:
    directory: Path
    version: str  # hash of the data files but the case wording (WORDS_ONLY)
    units: Mapping[str, Unit]
    chits: ChitSet
    tables: Tables
    map: HexMap
    game: GameNumbers
    cases: CaseInventory
    # Where each unit sits in a state's tuple of units (the order of counters.toml).
    unit_order: Mapping[str, int] = attrs.field(init=False)

    @unit_order.default
    def _order(self) -> Mapping[str, int]:
        return {uid: i for i, uid in enumerate(self.units)}


def rules_data_dir() -> Path:
    env = os.environ.get("PLOT_RULES_DATA")
    if env:
        return Path(env)
    packed = Path(__file__).parent / "rules_data"
    if packed.is_dir():
        return packed
    return Path(__file__).resolve().parents[2] / "rules_data"


def _data_files(root: Path) -> list[str]:
    return sorted(
        str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and p.suffix in (".toml", ".txt")
    )


# The case inventory, the tutorial's lessons and the puzzles hold words, citations and
# practice positions, no number of the game: rewording them must not stop anyone's saved
# game from resuming, so the version that records carry leaves them out.
WORDS_ONLY = ("cases.toml", "lessons/", "puzzles/")
# Earlier versions and the version that plays the very same game now: 0.1.0 counted
# cases.toml as well (the inventory left the hash with the rules screen); then words
# only changed: the units' readable names (counters.toml's short names, printed labels
# kept apart), the data files' comments citing the docs/ that now hold the notes, and
# the Recruitment Table's words for Ep (12.33: a chit drawn from the cup; they said the
# Randomizer for a while, which is a table, 6.23).
CURRENT = "27832d23b34896d4"
SAME_GAME = {
    "d5293c7e3ef520f2": CURRENT,
    "5dbd93e39063ebd2": CURRENT,
    "f0fc011ba06b4b3a": CURRENT,
    "a813663f1c9187fa": CURRENT,
    "541f3c50b5447c97": CURRENT,
}


def same_game(recorded: str, rules: Rules) -> bool:
    """Will a record made under rules data ``recorded`` replay exactly with ``rules``?"""
    return recorded == rules.version or SAME_GAME.get(recorded) == rules.version


def _version(root: Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for f in files:
        if any(f == w or (w.endswith("/") and f.startswith(w)) for w in WORDS_ONLY):
            continue
        h.update(f.encode() + b"\0" + (root / f).read_bytes() + b"\0")
    return h.hexdigest()[:16]


def load_rules(directory: Path | str | None = None) -> Rules:
    """Load and validate everything; raises ``DataError`` with a clear message.

    The default data is loaded once per process; an explicit directory is
    read afresh each call (tests and editors change files between calls).
    """
    if directory is None:
        return _default_rules()
    return _load(Path(directory).resolve())


@functools.cache
def _default_rules() -> Rules:
    return _load(rules_data_dir().resolve())


def _load(root: Path) -> Rules:
    if not root.is_dir():
        raise DataError(str(root), "the rules_data directory is missing")
    label_root = root.name

    def read(rel: str) -> Source:
        return Source.read(root, rel, f"{label_root}/{rel}")

    units = load_units(read("counters.toml"))
    chits = load_chits(read("chits.toml"))
    tables = load_tables(read)
    hexmap = load_map(read)
    game = load_game(read("game.toml"))
    files = _data_files(root)
    cases = load_cases(read("cases.toml"), set(files))
    rules = Rules(root, _version(root, files), units, chits, tables, hexmap, game, cases)
    _cross_check(rules, read)
    return rules


def _cross_check(rules: Rules, read: Callable[[str], Source]) -> None:
    """What no single file can check alone."""
    units, hexmap = rules.units, rules.map
    chits_src, map_src = read("chits.toml"), read("map/map.toml")

    # 13.19 / rules notes: one Loyalty chit for every German unit but the leaders.
    loyal = rules.chits.loyalty_units()
    for uid in sorted(loyal):
        if uid not in units:
            raise chits_src.error(
                f"Loyalty chit for unit {uid}, which counters.toml does not have",
                line=chits_src.find(f'"{uid}"'),
            )
        if units[uid].leader or units[uid].party is Party.ALLIED:
            raise chits_src.error(
                f"unit {uid} ({units[uid].short}) is a leader or Allied unit and has no Loyalty chit (13.19)",
                line=chits_src.find(f'"{uid}"'),
            )
    for u in units.values():
        if u.party.german and not u.leader and u.id not in loyal:
            raise chits_src.error(f"unit {u.id} ({u.short}) has no Loyalty chit in [loyalty] units")

    # Areas named by the tables must exist on the map.
    areas = set(hexmap.areas)
    asg = rules.tables.assignment
    for r, row in enumerate(asg.allied, start=1):
        for c, code in enumerate(row, start=1):
            if code not in areas:
                raise DataError(
                    f"{rules.directory.name}/{TABLE_FILES['assignment']}",
                    f"allied row {r}, column {c}: area {code} is not on the map",
                )
    for r, german_row in enumerate(asg.german, start=1):
        for c, g in enumerate(german_row, start=1):
            if g is not None and g.area not in areas:
                raise DataError(
                    f"{rules.directory.name}/{TABLE_FILES['assignment']}",
                    f"german row {r}, column {c}: area {g.area} is not on the map",
                )

    # HQs may name units only if they exist.
    for hq in hexmap.hqs.values():
        for uid in hq.friendly_units:
            if uid not in units:
                raise map_src.error(
                    f"{hq.name} is friendly to unit {uid}, which does not exist",
                    line=map_src.find(rf"^\[hqs\.{hq.key}\]"),
                )

    _check_setup(rules, map_src)


def _check_setup(rules: Rules, src: Source) -> None:
    """4.31-4.35: every unit has a set-up hex, every marked hex can be filled."""
    units, hexmap = rules.units, rules.map
    named, marks = hexmap.named_setup, hexmap.setup_marks
    line = src.find(r"^\[setup\.named\]")
    leaders = {u.id for u in units.values() if u.leader}
    for uid in named:
        if uid not in units:
            raise src.error(f"named set-up hex for unit {uid}, which does not exist", line=line)
    if set(named) != leaders:
        missing = sorted(leaders - set(named))
        extra = sorted(set(named) - leaders)
        raise src.error(
            f"4.31: the named hexes are for the leaders "
            f"({', '.join(sorted(leaders))}); missing {missing or 'none'}, "
            f"not leaders {extra or 'none'}",
            line=line,
        )
    for uid, h in named.items():
        u = units[uid]
        if u.id in {x for hq in hexmap.hqs.values() for x in hq.friendly_units}:
            hq_key = hexmap.hq_of.get(h)
            if hq_key is None or not hexmap.hqs[hq_key].friendly_to(u.id, u.party):
                raise src.error(
                    f"{u.short}'s named hex {label(h)} must lie in an HQ friendly "
                    "to him (Hitler starts in Führer HQ, docs/rules/map.md)",
                    line=line,
                )

    def pool(party: Party) -> int:
        return sum(1 for u in units.values() if u.party is party and u.id not in named)

    mline = src.find(r"^\[setup\.marks\]")
    side_parties = {
        Player.SS: (("ss", Party.SS), ("nazi", Party.NAZI)),
        Player.ABWEHR: (("abwehr", Party.ABWEHR), ("civilian", Party.CIVILIAN), ("okw", Party.OKW)),
    }
    leftover = {}
    for player, kinds in side_parties.items():
        rest = 0
        for kind, party in kinds:
            have = pool(party)
            if len(marks[kind]) > have:
                raise src.error(
                    f"{len(marks[kind])} {kind} set-up hexes but only {have} "
                    f"{party.value} units to fill them (4.32, 4.34)",
                    line=mline,
                )
            rest += have - len(marks[kind])
        leftover[player] = rest
    # 4.33/4.35: the SS takes its X hexes first; the Abwehr needs enough left over.
    need = leftover[Player.SS] + leftover[Player.ABWEHR]
    if len(marks["common"]) < need:
        raise src.error(
            f"{len(marks['common'])} common (X) hexes, but the SS needs "
            f"{leftover[Player.SS]} and the Abwehr {leftover[Player.ABWEHR]} "
            "after the marked hexes (4.33, 4.35)",
            line=mline,
        )
    # 4.34: six OKW-symbol hexes lie outside Berlin.
    outside = [h for h in marks["okw"] if hexmap.area_of[h] != "BE"]
    if len(outside) != 6:
        raise src.error(
            f"4.34 puts six OKW set-up hexes outside Berlin; this map has {len(outside)}", line=mline
        )


__all__ = ["Rules", "load_rules", "rules_data_dir", "DataError", "ChitKind"]
