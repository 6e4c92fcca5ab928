"""Loose numbers from the rules text (rules_data/game.toml)."""

from __future__ import annotations

import attrs

from .reader import Node, Source


@attrs.frozen
class GameNumbers:
    die_sides: int
    game_turns: int  # 5.1
    coup_turns: int  # 5.1, 18.73
    initial_draw: int  # 4.1
    hitler_fuhrer_rolls: frozenset[int]  # 9.61
    hitler_rastenburg_rolls: frozenset[int]  # 9.61
    hitler_stays_from_turn: int  # 9.63
    hq_defence_bonus: int  # 10.41
    recruit_min: int  # 12.53
    recruit_max: int  # 12.54
    investigate_min: int  # 13.21
    investigate_max: int  # 13.23
    interrogation_max_roll: int  # 14.23
    retirement_return_rolls: frozenset[int]  # 15.12
    bonus_loss_per_coup_turn: int  # 18.52
    min_bonus: int  # 18.54
    walkyrie_max_total: int  # 18.8


def _rolls(node: Node, key: str, sides: int) -> frozenset[int]:
    return frozenset(
        node.list_of(
            key, lambda n, k, v: n.check_int(key, v, lo=1, hi=sides, what=f"a die roll at {k}"), min_length=1
        )
    )


def load_game(source: Source) -> GameNumbers:
    root = source.parse_toml()
    die = root.table("die")
    sides = die.int("sides", lo=2, hi=20)
    die.done()
    t, c, h = root.table("turns"), root.table("chits"), root.table("hitler")
    ha, re_, inv = root.table("harassment"), root.table("recruitment"), root.table("investigation")
    itg, gr, coup = root.table("interrogation"), root.table("general_retirement"), root.table("coup")
    g = GameNumbers(
        die_sides=sides,
        game_turns=t.int("game_turns", lo=1, hi=99),
        coup_turns=t.int("coup_turns", lo=1, hi=99),
        initial_draw=c.int("initial_draw", lo=0, hi=48),
        hitler_fuhrer_rolls=_rolls(h, "fuhrer_hq_rolls", sides),
        hitler_rastenburg_rolls=_rolls(h, "rastenburg_rolls", sides),
        hitler_stays_from_turn=h.int("stays_in_berlin_from_turn", lo=1, hi=99),
        hq_defence_bonus=ha.int("hq_defence_bonus", lo=0, hi=20),
        recruit_min=re_.int("min_differential", lo=-20, hi=20),
        recruit_max=re_.int("max_differential", lo=-20, hi=40),
        investigate_min=inv.int("min_ratio", lo=1, hi=20),
        investigate_max=inv.int("max_ratio", lo=1, hi=20),
        interrogation_max_roll=itg.int("max_roll", lo=1, hi=20),
        retirement_return_rolls=_rolls(gr, "return_rolls", sides),
        bonus_loss_per_coup_turn=coup.int("abwehr_bonus_loss_per_turn", lo=0, hi=20),
        min_bonus=coup.int("min_bonus", lo=0, hi=20),
        walkyrie_max_total=coup.int("walkyrie_max_total", lo=1, hi=40),
    )
    for node in (t, c, h, ha, re_, inv, itg, gr, coup):
        node.done()
    root.done()
    if (
        g.hitler_fuhrer_rolls & g.hitler_rastenburg_rolls
        or g.hitler_fuhrer_rolls | g.hitler_rastenburg_rolls != frozenset(range(1, sides + 1))
    ):
        h.fail("rastenburg_rolls", f"9.61: every roll 1..{sides} must send Hitler to exactly one HQ")
    return g
