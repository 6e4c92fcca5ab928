"""The "easy" computer player: rules of thumb, scored one decision at a time.

The game is won only in the coup (18.71, 18.72): the side that clears the other's
own party units out of Berlin's streets (hexes outside the HQs) wins, and if the
Abwehr never brings off a coup the SS wins (18.74). So the thumb rules are:

- in the coup, harass the enemy's party units in Berlin where the Coup Harassment
  Table favours it, close in on them, keep one's own party units in Berlin, and (as
  the Abwehr) strike at Hitler, whose death restores the Abwehr's bonus (18.52);
- before it, the Abwehr recruits strong units at the best differentials and saves
  Führer Access chits for a strong Walkyrie roll; the SS investigates suspected
  Abwehr units and recruits to deny them;
- everything else: busy but harmless.

Every number is read from public facts of a state drawn from the view (determinise),
so the choice never depends on what the player cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cached_property
from typing import NamedTuple

from plot_core import Action, GameState, Party, Player, PlayerView, Rules, Verb, apply, legal_actions
from plot_core.data import ChitKind
from plot_core.engine import (
    HITLER,
    CoupOffer,
    UnitState,
    differential_bonus,
    effectiveness,
    harassment_defence,
    movement_allowance,
    need,
)
from plot_core.hexgrid import distance

from .determinise import determinise

BERLIN = "BE"


def choose(v: PlayerView, legal: Sequence[Action], rules: Rules, rnd: random.Random) -> Action:
    s = determinise(v, rules, random.Random(rnd.getrandbits(32)))
    return _best(Heuristic(s, v), legal, rnd)


class Seen(NamedTuple):
    """The three facts of a view the rules of thumb read, for a state already drawn from
    it (cheaper than building the whole view again at every imagined step)."""

    side: Player
    own_chits: tuple[str, ...]
    turn: int


def seen(s: GameState) -> Seen:
    return Seen(s.actor, tuple(s.chits_of(s.actor.value)), s.turn)


def choose_in(s: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
    """The same rules of thumb on a state already drawn from the side's view: how the
    expert imagines both sides playing on inside its search (search.py)."""
    return _best(Heuristic(s, seen(s)), legal, rnd)


def played_on(s: GameState, rnd: random.Random) -> GameState:
    """``s`` after one more action by the rules of thumb (the only one, where there is
    one): how a search, an opening or a rollout plays the sides on."""
    legal = legal_actions(s)
    return apply(s, legal[0] if len(legal) == 1 else choose_in(s, legal, rnd))


def _best(t: Heuristic, legal: Sequence[Action], rnd: random.Random) -> Action:
    best, best_score = legal[0], float("-inf")
    for a in legal:
        score = t.score(a) + rnd.random() * 0.01  # ties broken at random
        if score > best_score:
            best, best_score = a, score
    return best


_NEAREST: dict[tuple[int, ...], dict[int, int]] = {}
_NEAREST_MOST = 200  # sets of goals kept (a search asks about a few), each a few hundred hexes

_APART: dict[int, int] = {}
_APART_MOST = 200_000  # pairs kept (a few MB); a server runs for weeks


def _apart(a: int, b: int) -> int:
    """hexgrid.distance, remembered: the rules of thumb measure the same few hundred
    pairs of hexes in every trial of a search (a hex id is below 10000)."""
    key = a * 10000 + b
    d = _APART.get(key)
    if d is None:
        if len(_APART) >= _APART_MOST:
            _APART.clear()
        d = _APART[key] = distance(a, b)
    return d


class Heuristic:
    def __init__(self, s: GameState, v: PlayerView | Seen, *, hitler: float = 8.0) -> None:
        self.s, self.v, self.rules = s, v, s.rules
        self.hitler = hitler  # what Hitler's death is worth in the coup
        if v.side is None:
            raise ValueError("a spectator has no side to play")
        self.me: Player = v.side
        self.enemy = self.me.enemy
        self.my_party = Party.SS if self.me is Player.SS else Party.ABWEHR
        self.their_party = Party.ABWEHR if self.me is Player.SS else Party.SS
        self.coup = s.coup is not None

    # -- the board, as facts ------------------------------------------------------------
    @cached_property
    def hq_hexes(self) -> frozenset[int]:
        return frozenset(h for hq in self.rules.map.hqs.values() for h in hq.hexes)

    def in_streets(self, h: int | None) -> bool:
        """Berlin outside the HQs: where 18.71 and 18.72 count units."""
        return h is not None and self.rules.map.area_of.get(h) == BERLIN and h not in self.hq_hexes

    def party(self, uid: str) -> Party:
        return self.rules.units[uid].party

    @cached_property
    def goals(self) -> list[int]:
        """Hexes worth closing in on."""
        s = self.s
        on_map = [(u, u.hex) for u in s.units if u.hex is not None]
        if self.coup:
            out = [h for u, h in on_map if self.party(u.id) is self.their_party and self.in_streets(h)]
            if self.me is Player.ABWEHR and (hitler := s.unit(HITLER).hex) is not None:
                out.append(hitler)
            return out
        if self.me is Player.SS:  # suspected plotters, to investigate
            return [h for u, h in on_map if u.suspected and u.controller is Player.ABWEHR]
        # the Abwehr: uncontrolled units in Berlin, to recruit
        return [h for u, h in on_map if u.controller is None and self.rules.map.area_of.get(h) == BERLIN]

    @cached_property
    def _nearest(self) -> dict[int, int]:
        # shared by every thumb with the same goals: a search's trials play on from
        # boards whose goals seldom change from one step to the next
        key = tuple(sorted(self.goals))
        d = _NEAREST.get(key)
        if d is None:
            if len(_NEAREST) >= _NEAREST_MOST:
                _NEAREST.clear()
            d = _NEAREST[key] = {}
        return d

    def share_board(self, other: Heuristic) -> None:
        """Take ``other``'s goals, and the distances to them worked out so far: a thumb
        for the same board with another unit active (expert.Prior)."""
        self.goals = other.goals
        self._nearest = other._nearest

    def goal_distance(self, h: int) -> int:
        # asked again and again for the same few hexes by a search: worked out once each
        # (the goals never change after they are first worked out)
        d = self._nearest.get(h)
        if d is None:
            d = self._nearest[h] = min((_apart(h, g) for g in self.goals), default=0)
        return d

    # -- scores ---------------------------------------------------------------------------
    def score(self, a: Action) -> float:
        top = self.s.pending[-1] if self.s.pending else None
        if isinstance(top, CoupOffer):
            return self.coup_window(a, top)
        match a.verb:
            case Verb.HARASS:
                return self.harass(a)
            case Verb.MOVE:
                return self.move(a)
            case Verb.ACTIVATE:
                return self.activate(a)
            case Verb.END:
                return 0.3
            case Verb.END_PHASE:
                return 0.1
            case Verb.RECRUIT:
                return self.recruit(a)
            case Verb.INVESTIGATE:
                return self.investigate(a)
            case Verb.JOIN:
                return 4.0
            case Verb.ROLL:
                return 3.0
            case Verb.CANCEL:
                return -1.0
            case Verb.PIN:
                return 4.0
            case Verb.RETREAT | Verb.RETURN:
                return self.place_back(a)
            case Verb.ADVANCE:
                return 1.0 if self.coup else 0.8
            case Verb.STAY:
                return 0.5
            case Verb.TRAVEL:
                return 0.0
            case Verb.EXPOSE:
                return 0.2
            case Verb.ALIBI:
                return 2.0
        return 1.0

    def coup_window(self, a: Action, d: CoupOffer) -> float:
        """18.11-18.13: commit every Führer Access chit, then roll — once it is worth it."""
        by_id = self.rules.chits.by_id()
        held = sum(1 for c in self.v.own_chits if by_id[c].kind is ChitKind.FUHRER_ACCESS)
        total = held + len(d.chits)
        last = self.rules.game.game_turns
        want = total >= 4 or (self.v.turn >= last - 1 and total >= 2) or self.v.turn >= last
        if a.verb is Verb.REVEAL:
            return 10.0 if want else -10.0
        if a.verb is Verb.COUP:
            return 5.0 if want or d.chits else -10.0
        return 0.0  # no coup now

    def harass(self, a: Action) -> float:
        if a.unit is None:  # a vacant HQ hex (10.69)
            return 0.5
        ev = self.harass_value(a.unit)
        return 3.0 + ev if ev > 0 else ev - 1.0

    def harass_value(self, uid: str) -> float:
        """What harassing ``uid`` with the active unit is worth, over the six faces of the
        die: the target's worth when it falls, less the attacker's when it does."""
        s, rules = self.s, self.rules
        me = s.unit(s.mover)
        target = s.unit(uid)
        diff = effectiveness(rules, me) - harassment_defence(s, target) + differential_bonus(s)
        gain, loss = self.worth(target), self.worth(me, mine=True)
        ev = 0.0
        for die in range(1, 7):
            r = rules.tables.harassment_result(diff, die, coup=self.coup)
            ev += {
                "De": gain,
                "Dr": 0.6 * gain,
                "N": 0.3 * gain,
                "M": 0.15 * gain,
                "Ae": -loss,
                "Ar": -0.3 * loss,
            }.get(r or "", 0.0) / 6
        return ev

    def worth(self, u: UnitState, *, mine: bool = False) -> float:
        if u.id == HITLER:
            return self.hitler if self.coup else 0.0
        key = self.my_party if mine else self.their_party
        if self.party(u.id) is key:
            return 10.0 if self.coup and self.in_streets(u.hex) else 4.0
        if mine:
            return 2.0
        return 2.0 if u.controller is self.enemy else 0.5

    def move(self, a: Action) -> float:
        s = self.s
        u = s.unit(s.mover)
        before, after = u.at, need(a.hex, "a hex")
        score = 1.5 * (self.goal_distance(before) - self.goal_distance(after))
        if self.party(u.id) is self.my_party and self.in_streets(before) and not self.in_streets(after):
            score -= 20.0 if self.coup else 3.0  # 18.71/18.72 count the streets
        elif self.rules.map.area_of.get(before) == BERLIN and self.rules.map.area_of.get(after) != BERLIN:
            score -= 2.0
        return score

    def activate(self, a: Action) -> float:
        s = self.s
        u = s.unit(need(a.unit, "a unit"))
        if u.hex is None or not self.goals:
            return 0.2
        reach = movement_allowance(self.rules, u)
        dist = self.goal_distance(u.hex)
        if self.coup:
            strength = effectiveness(self.rules, u)
            return (4.0 if dist <= reach else 1.0) + strength / 4 - dist / 4
        return 0.6 if dist <= reach else 0.25

    def recruit(self, a: Action) -> float:
        if not self.can_roll(a):
            return -5.0
        u = self.s.unit(need(a.unit, "a unit"))
        in_berlin = u.hex is not None and self.rules.map.area_of.get(u.hex) == BERLIN
        return 2.0 + effectiveness(self.rules, u) / 3 + (1.5 if in_berlin else 0.0)

    def investigate(self, a: Action) -> float:
        if not self.can_roll(a):
            return -5.0
        u = self.s.unit(need(a.unit, "a unit"))
        return 5.0 if self.party(u.id) is Party.ABWEHR else 2.0

    def can_roll(self, a: Action) -> bool:
        """Would naming this target lead to a roll once every helper has joined? (An
        attempt that can only be cancelled wastes the phase in a loop.)"""
        state = apply(self.s, a)
        for _ in range(20):
            legal = legal_actions(state)
            if any(x.verb is Verb.ROLL for x in legal):
                return True
            joins = [x for x in legal if x.verb is Verb.JOIN]
            if not joins:
                return False
            state = apply(state, joins[0])
        return False

    def place_back(self, a: Action) -> float:
        """Retreats and returns: into Berlin's streets for the party that must hold them."""
        d = self.s.pending[-1] if self.s.pending else None
        uid = d.subject if d is not None else None
        if a.hex is None or uid is None or uid == "?":
            return 1.0
        if self.party(uid) is self.my_party:
            return 3.0 if self.in_streets(a.hex) else 1.0
        return 2.0 if self.rules.map.area_of.get(a.hex) == BERLIN else 1.0
