"""What the map may overlay (reachable hexes, zones, influence) and what a player may
take back (the undo barrier): both derived from the rules, so tested here."""

from __future__ import annotations

import attrs

from plot_core.engine.actions import parse_action
from plot_core.engine.api import apply
from plot_core.engine.history import can_take_back
from plot_core.engine.map_overlays import overlays, reachable
from plot_core.parties import Player

from .helpers import H, play, pos


def _illegal(state, text):
    from plot_core.engine.errors import IllegalAction

    try:
        apply(state, parse_action(text))
    except IllegalAction as exc:
        return exc
    raise AssertionError(f"{text} was legal")


DUEL = """
phasing = "ss"
dice = [5]
[units]
"002" = { hex = "2110" }
"305" = { hex = "2210", suspected = true }
"""


def test_reachable_follows_the_movement_rules():
    s = play(pos(DUEL), "activate 002")
    r = reachable(s)
    assert H("2010") in r and H("2210") not in r  # 8.12: an enemy blocks
    # 2111 is in Bonhoeffer's zone: not one step from 2110 (11.32), but reachable round
    # about through 2011, which is not.
    assert H("2111") in r
    assert "(11.32)" in str(_illegal(s, "move 2111"))
    far = max(r, key=lambda h: abs(h // 100 - 21) + abs(h % 100 - 10))
    assert abs(far // 100 - 21) <= 7  # within 7 movement points
    spent = attrs.evolve(s, mp_spent=7)
    assert reachable(spent) == frozenset()  # 9.12: no points left
    assert reachable(pos(DUEL)) == frozenset()  # nobody is moving
    assert overlays(s).reachable == r  # what the map is handed


def test_zones_of_control_and_influence():
    s = pos(DUEL)
    ov = overlays(s)
    assert H("2111") in ov.zones[Player.ABWEHR] and H("2111") in ov.zones[Player.SS]
    assert H("2310") in ov.zones[Player.ABWEHR] and H("2310") not in ov.zones[Player.SS]
    assert H("2010") in ov.zones[Player.SS] and H("2010") not in ov.zones[Player.ABWEHR]
    assert ov.influence == frozenset()
    allied = pos(DUEL + '"501" = { hex = "0115" }\n')
    ov = overlays(allied)
    area = allied.rules.map.area_of[H("0115")]
    assert ov.influence == frozenset(allied.rules.map.hexes_in(area))  # 17.21


def test_steps_can_be_taken_back_but_not_rolls_reveals_or_handing_over():
    s0 = pos(DUEL)
    s1 = play(s0, "activate 002")
    assert can_take_back(s0, parse_action("activate 002"), s1)
    s2 = play(s1, "move 2010")
    assert can_take_back(s1, parse_action("move 2010"), s2)
    rolled = play(s1, "harass 305")  # a die was rolled
    assert not can_take_back(s1, parse_action("harass 305"), rolled)
    ended = play(s1, "end", "end-phase")  # the Abwehr is asked (18.11)
    assert ended.to_act is Player.ABWEHR
    last = play(s1, "end")
    assert not can_take_back(last, parse_action("end-phase"), ended)


def test_revealing_a_chit_cannot_be_taken_back():
    s = pos("""
        turn = 3
        phase = "recruitment"
        phasing = "abwehr"
        dice = [1]
        [units]
        "000" = { hex = "2410" }
        "300" = { hex = "1810" }
        [chits]
        abwehr = ["FA1"]
        """)
    window = play(s, "end-phase")
    committed = apply(window, parse_action("reveal FA1"))
    assert not can_take_back(window, parse_action("reveal FA1"), committed)


def test_reachable_is_exactly_where_legal_steps_lead():
    """The map's marks for the moving unit (9.1, 8.11, 11.3) against the engine itself:
    from every activation in three seeded games, walking every legal `move` (breadth
    first, each hex with the fewest points) reaches exactly the hexes `reachable` marks."""
    import random

    from plot_core.engine.api import legal_actions, new_game
    from plot_core.engine.randomplay import busy_policy

    checked = 0
    for seed in (52001, 52002, 52003):
        rnd, s = random.Random(seed), new_game(seed)
        while s.outcome is None and checked < 60:
            legal = legal_actions(s)
            if s.active is not None and s.mp_spent == 0:
                assert reachable(s) == _walk(s), (seed, s.active)
                checked += 1
            s = apply(s, busy_policy(s, legal, rnd))
    assert checked == 60


def _walk(state):
    start, seen, frontier, out = state.unit(state.active).hex, set(), [state], set()
    from plot_core.engine.api import legal_actions

    while frontier:
        nxt = []
        for s in frontier:
            for a in legal_actions(s):
                if str(a).startswith("move "):
                    t = apply(s, a)
                    h = t.unit(state.active).hex
                    if h not in seen:
                        seen.add(h)
                        out.add(h)
                        nxt.append(t)
        frontier = nxt
    return frozenset(out - {start})
