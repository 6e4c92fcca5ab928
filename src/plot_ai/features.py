"""What a position is worth, as numbers: the facts the expert's evaluation weighs.

The game is won in the coup by emptying Berlin's streets of the other side's own party
units (18.71, 18.72), and lost by the Abwehr if no coup ever succeeds (18.74). So the
facts are about Berlin's streets (who stands there, how strong, how exposed), the
coup's numbers (the bonuses, the Coup-Turn, Hitler), and before the coup what builds
towards it (recruited strength, Führer Access chits for the Walkyrie roll, suspicion,
units lost to the cell and to retirement, the Game-Turns left).

``features(state)`` reads a full state: the expert calls it only on states it drew
from its own view (determinise), so it never looks at anything the side cannot see.
How much each fact counts is not guessed here: ``value.py`` holds weights fitted to
the outcomes of self-played games (``python -m tools.fit``).
"""

from __future__ import annotations

from functools import cache

from plot_core import GameState, Party, Player, Rules
from plot_core.data import ChitKind
from plot_core.engine import BERLIN, HITLER, PRUSSIA, Box, Phase, lookup
from plot_core.hexgrid import Hex

# The last three Coup-Turns, the last first: each has facts of its own (18.73).
LATE = ("last_coup_turn", "coup_turn_before_last", "third_coup_turn_from_last")

# The names of the facts, in the order features() returns them (the weights file
# keeps the names, so a change of this list is caught when the weights are read).
PRE_COUP = (
    "bias",
    "turns_left",
    "ss_streets",
    "ab_streets",
    "ss_streets_inv",
    "ab_streets_inv",
    "ss_street_eff",
    "ab_street_eff",
    "ss_berlin_eff",
    "ab_berlin_eff",
    "ss_map_eff",
    "ab_map_eff",
    "ab_fa",
    "ss_fa",
    "ab_chits",
    "ss_chits",
    "ab_loyalty",
    "ss_loyalty",
    "ab_travel",
    "ab_suspected",
    "ab_lost",
    "ss_lost",
    "hitler_prussia",
    "unrecruited_berlin",
    "ab_fa_late",
)
COUP = (
    "bias",
    "coup_turns_left",
    "ss_streets",
    "ab_streets",
    "ss_streets_inv",
    "ab_streets_inv",
    "ss_street_eff",
    "ab_street_eff",
    "ss_street_def",
    "ab_street_def",
    "ss_berlin_eff",
    "ab_berlin_eff",
    "bonus_gap",
    "ab_bonus",
    "penalty",
    "hitler_alive",
    "hitler_exposed",
    "ss_street_idle",
    "ab_street_idle",
    "ab_near_hitler",
    "ss_loyalty",
    "ab_loyalty",
    "interphase",
    "interphase_left",
    # How much the streets weigh depends on the Coup-Turns left to clear them in: in
    # the last ones a side that has not cleared the streets is about to lose to the
    # Allies (18.73), which facts weighed the same in every Coup-Turn cannot say.
    "ss_streets_inv_left",
    "ab_streets_inv_left",
    "ss_streets_left",
    "ab_streets_left",
    *(f"{when}{fact}" for when in LATE for fact in ("", "_ss_streets_inv", "_ab_streets_inv")),
)


# What features() needs of a unit that never changes, by its index in state.units.
OTHER, SS_PARTY, ABWEHR_PARTY, RECRUITABLE = 0, 1, 2, 3  # its party, as features sees it
STREETS, BERLIN_HEX = 1, 2  # a hex's place, as bits
_LOST_AB = frozenset({Box.INTERROGATION, Box.ABWEHR_RETIREMENT, Box.ELIMINATED})
_LOST_SS = frozenset({Box.SS_RETIREMENT, Box.ELIMINATED})


@cache
def _facts(
    rules: Rules,
) -> tuple[tuple[tuple[int, int, int], ...], dict[Hex, int], frozenset[Hex], tuple[ChitKind, ...]]:
    lk = lookup(rules)
    berlin = frozenset(lk.hexes_in[BERLIN])
    prussia = frozenset(lk.hexes_in[PRUSSIA])
    kinds = {
        Party.SS: SS_PARTY,
        Party.ABWEHR: ABWEHR_PARTY,
        Party.OKW: RECRUITABLE,
        Party.NAZI: RECRUITABLE,
        Party.CIVILIAN: RECRUITABLE,
    }
    order = sorted(rules.units, key=rules.unit_order.__getitem__)
    static = tuple(
        (
            kinds.get(lk.party[uid], OTHER),
            rules.units[uid].front.effectiveness or 0,
            rules.units[uid].front.defence,
        )
        for uid in order
    )
    place = {
        h: (STREETS if h in lk.streets else 0) | (BERLIN_HEX if h in berlin else 0)
        for h in berlin | lk.streets
    }
    chit_kinds = tuple(c.kind for c in rules.chits.chits)
    return static, place, prussia, chit_kinds


def is_coup(state: GameState) -> bool:
    return state.coup is not None


def features(state: GameState) -> list[float]:
    """The facts of ``state`` in the order of PRE_COUP, or of COUP once a coup runs."""
    rules = state.rules
    static, place, prussia, chit_kinds = _facts(rules)
    ss, ab = Player.SS, Player.ABWEHR
    n_ss = n_ab = 0  # own party units in the streets (18.71, 18.72)
    e_ss = e_ab = 0  # their effectiveness there
    d_ss = d_ab = 0  # and defence
    idle_ss = idle_ab = 0  # own party units there under a Mask or Neutralized marker
    be_ss = be_ab = 0  # controlled effectiveness anywhere in Berlin
    map_ss = map_ab = 0  # controlled effectiveness on the map
    suspected = lost_ab = lost_ss = unrecruited = 0
    hitler = state.unit(HITLER)
    near_hitler = 0
    hitler_hex = hitler.hex
    near = frozenset(rules.map.neighbours[hitler_hex]) if hitler_hex is not None else frozenset()
    for u, (party, eff, dfn) in zip(state.units, static, strict=True):
        h = u.hex
        c = u.controller
        if h is None:
            if c is ab:
                lost_ab += u.box in _LOST_AB
            elif c is ss:
                lost_ss += u.box in _LOST_SS
            continue
        where = place.get(h, 0)
        e = eff * (u.marker is None)  # a masked or neutralized unit does nothing
        if where & STREETS:
            if party == SS_PARTY:
                n_ss += 1
                e_ss += eff
                d_ss += dfn
                idle_ss += u.marker is not None
            elif party == ABWEHR_PARTY:
                n_ab += 1
                e_ab += eff
                d_ab += dfn
                idle_ab += u.marker is not None
        if c is ss:
            map_ss += e
            if where & BERLIN_HEX:
                be_ss += e
        elif c is ab:
            map_ab += e
            if where & BERLIN_HEX:
                be_ab += e
            if h in near:
                near_hitler += e
            if u.suspected:
                suspected += 1
        elif c is None and where & BERLIN_HEX and party == RECRUITABLE:
            unrecruited += 1
    counts: dict[str, dict[ChitKind, int]] = {ss.value: {}, Player.ABWEHR.value: {}}
    for k, holder in zip(chit_kinds, state.chits, strict=True):
        held = counts.get(holder)
        if held is not None:
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
            float(hitler_hex in prussia),
            unrecruited / 10,
            fa / 4 * (1 - turns_left),
        ]
    coup = state.coup
    interphase = state.phase is Phase.COUP_INTERPHASE
    coup_left = max(0, rules.game.coup_turns - coup.turn) / rules.game.coup_turns
    alive = hitler.box is not Box.ELIMINATED
    exposed = float(alive and hitler_hex is not None and not place.get(hitler_hex, 0) & BERLIN_HEX)
    inv_ss, inv_ab = 1 / (1 + n_ss), 1 / (1 + n_ab)
    # the last Coup-Turn (18.73), the one before it, ...: three facts each, set for this one
    late = [0.0] * (3 * len(LATE))
    turns_after = rules.game.coup_turns - coup.turn if coup.turn else len(LATE)
    if 0 <= turns_after < len(LATE):
        late[3 * turns_after : 3 * turns_after + 3] = [1.0, inv_ss, inv_ab]
    return [
        1.0,
        coup_left,
        n_ss / 8,
        n_ab / 8,
        inv_ss,
        inv_ab,
        e_ss / 40,
        e_ab / 40,
        d_ss / 40,
        d_ab / 40,
        be_ss / 40,
        be_ab / 40,
        (coup.bonus - coup.abwehr_bonus) / 7,
        coup.abwehr_bonus / 7,
        coup.penalty / 3,
        float(alive),
        exposed,
        idle_ss / 4,
        idle_ab / 4,
        near_hitler / 20 * alive,
        mine_ss.get(ChitKind.LOYALTY, 0) / 5,
        mine_ab.get(ChitKind.LOYALTY, 0) / 5,
        float(interphase),
        # 18.22: the Abwehr units still to move before the SS can answer
        max(0, coup.interphase_units - len(state.activated)) / 5 * interphase,
        inv_ss * coup_left,
        inv_ab * coup_left,
        n_ss / 8 * coup_left,
        n_ab / 8 * coup_left,
        *late,
    ]


def names(state: GameState) -> tuple[str, ...]:
    return COUP if is_coup(state) else PRE_COUP


__all__ = ["COUP", "PRE_COUP", "features", "is_coup", "names"]
