"""features() as first written: one plain reading of the state per call, unit by unit.

The expert calls features() once per trial, so plot_ai/features.py reads the state
through tables worked out once per rules; this plain version is what it must agree
with (tests/ai/test_features.py), as a rule's walker agrees with its refusals.
"""

from __future__ import annotations

from functools import cache

from plot_core import GameState, Party, Player, Rules
from plot_core.data.chits import ChitKind
from plot_core.engine.rules_lookup import BERLIN, PRUSSIA, lookup
from plot_core.engine.state import HITLER, Box, Phase


@cache
def _facts(rules: Rules):
    lk = lookup(rules)
    berlin = frozenset(lk.hexes_in[BERLIN])
    prussia = frozenset(lk.hexes_in[PRUSSIA])
    eff = {uid: (u.front.effectiveness or 0) for uid, u in rules.units.items()}
    dfn = {uid: u.front.defence for uid, u in rules.units.items()}
    kinds = {c.id: c.kind for c in rules.chits.chits}
    return lk, berlin, prussia, eff, dfn, kinds


def plain_features(state: GameState) -> list[float]:
    """The facts of ``state`` in the order of PRE_COUP, or of COUP once a coup runs."""
    rules = state.rules
    lk, berlin, prussia, eff, dfn, kinds = _facts(rules)
    streets = lk.streets
    party = lk.party
    ss = Player.SS
    n_ss = n_ab = 0  # own party units in the streets (18.71, 18.72)
    e_ss = e_ab = 0.0  # their effectiveness there
    d_ss = d_ab = 0.0  # and defence
    idle_ss = idle_ab = 0  # own party units there under a Mask or Neutralized marker
    be_ss = be_ab = 0.0  # controlled effectiveness anywhere in Berlin
    map_ss = map_ab = 0.0  # controlled effectiveness on the map
    suspected = lost_ab = lost_ss = unrecruited = 0
    hitler = state.unit(HITLER)
    near_hitler = 0.0
    hitler_hex = hitler.hex
    neighbours = rules.map.neighbours
    near = frozenset(neighbours[hitler_hex]) if hitler_hex is not None else frozenset()
    for u in state.units:
        p = party[u.id]
        h = u.hex
        c = u.controller
        if h is None:
            if u.box in (Box.INTERROGATION, Box.ABWEHR_RETIREMENT, Box.ELIMINATED) and c is Player.ABWEHR:
                lost_ab += 1
            elif u.box in (Box.SS_RETIREMENT, Box.ELIMINATED) and c is ss:
                lost_ss += 1
            continue
        active = u.marker is None
        e = eff[u.id] if active else 0
        if h in streets:
            if p is Party.SS:
                n_ss += 1
                e_ss += eff[u.id]
                d_ss += dfn[u.id]
                idle_ss += not active
            elif p is Party.ABWEHR:
                n_ab += 1
                e_ab += eff[u.id]
                d_ab += dfn[u.id]
                idle_ab += not active
        if c is ss:
            map_ss += e
            if h in berlin:
                be_ss += e
        elif c is Player.ABWEHR:
            map_ab += e
            if h in berlin:
                be_ab += e
            if h in near:
                near_hitler += e
            if u.suspected:
                suspected += 1
        elif c is None and h in berlin and p in (Party.OKW, Party.NAZI, Party.CIVILIAN):
            unrecruited += 1
    counts = {ss.value: {}, Player.ABWEHR.value: {}}
    for i, where in enumerate(state.chits):
        held = counts.get(where)
        if held is not None:
            k = kinds[rules.chits.chits[i].id]
            held[k] = held.get(k, 0) + 1
    mine_ab, mine_ss = counts[Player.ABWEHR.value], counts[ss.value]
    if state.coup is None:
        turns_left = max(0, rules.game.game_turns - state.turn) / rules.game.game_turns
        fa = mine_ab.get(ChitKind.FUHRER_ACCESS, 0)
        return [
            1.0,
            turns_left,
            n_ss / 8,
            n_ab / 8,
            1 / (1 + n_ss),
            1 / (1 + n_ab),
            e_ss / 40,
            e_ab / 40,
            be_ss / 40,
            be_ab / 40,
            map_ss / 60,
            map_ab / 60,
            fa / 4,
            mine_ss.get(ChitKind.FUHRER_ACCESS, 0) / 4,
            sum(mine_ab.values()) / 10,
            sum(mine_ss.values()) / 10,
            mine_ab.get(ChitKind.LOYALTY, 0) / 5,
            mine_ss.get(ChitKind.LOYALTY, 0) / 5,
            mine_ab.get(ChitKind.TRAVEL, 0) / 3,
            suspected / 8,
            lost_ab / 8,
            lost_ss / 8,
            1.0 if hitler_hex in prussia else 0.0,
            unrecruited / 10,
            fa / 4 * (1 - turns_left),
        ]
    coup = state.coup
    interphase = state.phase is Phase.COUP_INTERPHASE
    coup_left = max(0, rules.game.coup_turns - coup.turn) / rules.game.coup_turns
    alive = hitler.box is not Box.ELIMINATED
    exposed = 1.0 if alive and hitler_hex is not None and hitler_hex not in berlin else 0.0
    return [
        1.0,
        coup_left,
        n_ss / 8,
        n_ab / 8,
        1 / (1 + n_ss),
        1 / (1 + n_ab),
        e_ss / 40,
        e_ab / 40,
        d_ss / 40,
        d_ab / 40,
        be_ss / 40,
        be_ab / 40,
        (coup.bonus - coup.abwehr_bonus) / 7,
        coup.abwehr_bonus / 7,
        coup.penalty / 3,
        1.0 if alive else 0.0,
        exposed,
        idle_ss / 4,
        idle_ab / 4,
        near_hitler / 20 if alive else 0.0,
        mine_ss.get(ChitKind.LOYALTY, 0) / 5,
        mine_ab.get(ChitKind.LOYALTY, 0) / 5,
        1.0 if interphase else 0.0,
        # 18.22: the Abwehr units still to move before the SS can answer
        max(0, coup.interphase_units - len(state.activated)) / 5 if interphase else 0.0,
        1 / (1 + n_ss) * coup_left,
        1 / (1 + n_ab) * coup_left,
        n_ss / 8 * coup_left,
        n_ab / 8 * coup_left,
    ] + [
        # the last three Coup-Turns, the last first: each its flag and the streets'
        # inverse counts
        x
        for k in (0, 1, 2)
        for x in (
            [1.0, 1 / (1 + n_ss), 1 / (1 + n_ab)]
            if coup.turn > 0 and rules.game.coup_turns - coup.turn == k
            else [0.0, 0.0, 0.0]
        )
    ]
