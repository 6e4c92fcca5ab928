"""Movement (9.0): one unit at a time, hex by hex, and Travel (9.5)."""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Collection, Iterable

import attrs

from ..data.chits import ChitKind
from ..hexgrid import Hex, label
from ..parties import Party, Player
from ..rules import Rules
from . import facts
from .actions import Action, Verb, act
from .board import (
    enemy_controlled,
    hex_in_area,
    hq_at,
    impassable_areas,
    impassable_in,
    influenced_areas,
    party_in_streets,
    unfriendly_hq,
)
from .decisions import finish_activation
from .errors import IllegalAction
from .facts import Basis, derived, kept_keys
from .harassment import harass_targets
from .registry import case
from .rules_lookup import BERLIN, PRUSSIA, Lookup, lookup
from .state import (
    CUP,
    HITLER,
    Event,
    GameState,
    Marker,
    Phase,
    UnitState,
    evolve,
)

RASTENBURG = "rastenburg"


# -- activation ------------------------------------------------------------------


# Who may be activated (9.11-9.33), each rule written once: a cheap test of a unit for
# the player who would move it, which names the rule that refuses it; the words of a
# refusal are built only when one is shown (check_activate), movable asks the test alone.
def _activation_refused(player: Player, activated: frozenset[str], u: UnitState, known: Lookup) -> str | None:
    if u.controller is not player:
        return "9.11"
    if u.hex is None:
        return "9.11 off the map"
    if u.id in activated:
        return "9.14"
    if not (u.recruited or u.id not in known.recruitment_sided) or u.semi:
        return "9.31"
    if u.marker is not None:
        return "9.32"
    if known.movement[u.id] == 0:
        return "9.33"
    return None


_ACTIVATION_REFUSALS = {
    "9.11": lambda name, u: f"{name} is not yours to move",
    "9.11 off the map": lambda name, u: f"{name} is not on the map",
    "9.14": lambda name, u: f"{name} has already moved this phase",
    "9.31": lambda name, u: f"{name} is unrecruited or semi-recruited and cannot move",
    "9.32": lambda name, u: f"{name} is {u.marker.value} and cannot move",
    "9.33": lambda name, u: f"{name} has no movement allowance",
}


def _interphase_full(state: GameState) -> bool:
    """18.22: the Walkyrie result lets so many units move in the interphase."""
    return state.phase is Phase.COUP_INTERPHASE and len(state.activated) >= state.coup_state.interphase_units


@case("9.11", "9.14", "9.31", "9.32", "9.33", "12.43", "15.21", "15.22", "18.22")
def check_activate(state: GameState, uid: str) -> None:
    if state.active is not None:
        raise IllegalAction("9.14", f"finish moving {state.info(state.active).short} first")
    u = state.unit(uid)
    refused = _activation_refused(state.phasing, state.activated, u, lookup(state.rules))
    if refused is not None:
        raise IllegalAction(refused.split()[0], _ACTIVATION_REFUSALS[refused](state.info(uid).short, u))
    if _interphase_full(state):
        raise IllegalAction(
            "18.22",
            f"the Walkyrie result lets {state.coup_state.interphase_units} units move in the interphase",
        )


def movable(state: GameState, player: Player | None = None) -> list[str]:
    """The units check_activate lets ``player`` (by default the phasing player) activate
    now, or could if it were phasing, in unit order. Shared: do not change what it returns."""
    player = player or state.phasing
    if _interphase_full(state):
        return []
    activated = state.activated
    fit = _fit_to_move(state, player)
    return fit if activated.isdisjoint(fit) else [uid for uid in fit if uid not in activated]


# 9.14 (one move a phase) is the only test that reads more than the unit, so movable
# asks it after the rest; a step leaves every unit's answer to the rest as it was (the
# mover passed them all and still does), so the list outlives the steps of both sides.
@derived(Basis.UNITS, kept_by_step=lambda mover, party: [(p,) for p in Player])
def _fit_to_move(state: GameState, player: Player) -> list[str]:
    """The units _activation_refused lets ``player`` activate if they have not moved
    this phase, in unit order."""
    known, none = lookup(state.rules), frozenset[str]()
    # (the rule is _activation_refused's; most units are the other side's or no one's,
    # and comparing the controller here spares them a call that would say 9.11)
    return [
        u.id
        for u in state.units
        if u.controller is player and _activation_refused(player, none, u, known) is None
    ]


def can_move(state: GameState, player: Player) -> bool:
    """May ``player`` activate any unit now? (18.33)"""
    return bool(movable(state, player))


def activate(state: GameState, uid: str) -> GameState:
    check_activate(state, uid)
    return evolve(state, active=uid, mp_spent=0, activated=state.activated | {uid})


# -- stepping --------------------------------------------------------------------


# Each rule of a single step, once: a cheap test the walk filters every step by, and the
# words of a refusal, built only when one is shown (move_problem). A test reads only
# what its kind of rule says, so the walk asks it as seldom as it can:
# - HERE: the hex the unit stands on and the points it has spent (a refusal there
#   closes every way out of the hex);
# - FIXED: the two hexes and what holds for the whole phase (the map, the Game-Turn,
#   the unit's HQs, the coup): asked once per hex for every position alike;
# - NEAR: where the units stand: the hexes it shuts to a unit on a hex, asked once per
#   hex and position.
# The look-ahead of 8.11 (a friend's hex only with an empty one beyond) is the walk
# itself, searched on from that hex (_reaches_empty).


@attrs.frozen
class Phasewide:
    """What a step depends on that holds for the whole phase: the FIXED rules' ground."""

    rules: Rules
    unfriendly: frozenset[Hex]  # HQ hexes the unit may not enter (9.23, 9.24)
    closed: frozenset[str]  # impassable areas (16.14)
    berlin_by_travel: bool  # Berlin entered only by Travel (18.36)


class _Crossings(dict[Hex, frozenset[Hex]]):
    """For each hex, its neighbours across a border (2.2: another area; 17.22)."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.map = rules.map

    def __missing__(self, at: Hex) -> frozenset[Hex]:
        m = self.map
        out = self[at] = frozenset(n for n in m.neighbours[at] if m.is_border(at, n))
        return out


@functools.cache
def _crossings(rules: Rules) -> _Crossings:
    return _Crossings(rules)


class Ground(dict[Hex, list[Hex]]):
    """What a step of one unit depends on besides where it stands and what it has spent,
    read once per position; as a mapping, the neighbours of each hex that no FIXED or
    NEAR rule refuses, filled in as a walk reaches them.

    A unit's own hex never blocks it (it is neither masked, nor an enemy, nor
    unrecruited, or it could not move), and no German unit's step changes the enemy's
    zones, the Allied influence or the HQ hexes: what the real state says serves for
    every hex the unit might walk to.
    """

    # read by every rule's test: slots, as the walk is the engine's commonest question
    __slots__ = ("uid", "crossings", "occupancy", "allowance", "ezoc", "influenced", "blocked", "ways")
    uid: str
    crossings: _Crossings
    occupancy: dict[Hex, list[str]]
    allowance: int  # 9.12
    ezoc: frozenset[Hex]  # the enemy's zones of control (11.3)
    influenced: frozenset[str]  # areas under Allied influence (17.22)
    blocked: frozenset[Hex]  # hexes the unit's side may not enter (8.12, 11.23)
    ways: _Ways

    def __init__(self, state: GameState, uid: str) -> None:
        super().__init__()
        rules = state.rules
        known = lookup(rules)
        player = state.unit(uid).owner
        self.uid = uid
        self.crossings = _crossings(rules)
        self.occupancy = state.occupancy()
        self.allowance = known.movement[uid]
        self.ezoc = enemy_controlled(state, player)
        self.influenced = influenced_areas(state)
        self.blocked = blocked_hexes(state, player)
        self.ways = _open_ways(
            rules, known.unfriendly_hq[uid], impassable_in(rules, state.turn), _berlin_by_travel(state)
        )

    def __missing__(self, at: Hex) -> list[Hex]:
        out = list(self.ways[at])
        for shut in _NEAR:
            if closed := shut(self, at):
                out = [n for n in out if n not in closed]
        self[at] = out
        return out


class _Ways(dict[Hex, tuple[Hex, ...]]):
    """For each hex, the neighbours no FIXED rule refuses: the same for every position
    of a phase, filled in as asked."""

    def __init__(self, wide: Phasewide) -> None:
        super().__init__()
        self.wide = wide

    def __missing__(self, at: Hex) -> tuple[Hex, ...]:
        wide = self.wide
        ways = self[at] = tuple(
            n for n in wide.rules.map.neighbours[at] if not any(refuses(wide, at, n) for refuses in _FIXED)
        )
        return ways


@functools.cache
def _open_ways(
    rules: Rules, unfriendly: frozenset[Hex], closed: frozenset[str], berlin_by_travel: bool
) -> _Ways:
    """The ways of every unit with these HQs, this Game-Turn and this stage of the coup:
    a few per game (lookup makes equal sets of HQ hexes one object, so the key is cheap)."""
    return _Ways(Phasewide(rules, unfriendly, closed, berlin_by_travel))


Why = Callable[[GameState, str, Hex], IllegalAction]  # a refusal in words, for a step to a hex


@attrs.frozen
class HereRule:
    """A rule read from the unit's hex and the points it has spent: it closes every way
    out of the hex or none."""

    case: str
    test: Callable[[Ground, Hex, int], bool]  # (ground, at, spent): refused?
    why: Why

    def refuses(self, g: Ground, at: Hex, spent: int, dest: Hex) -> bool:
        return self.test(g, at, spent)


@attrs.frozen
class FixedRule:
    """A rule read from the two hexes and what holds all phase: asked once per hex."""

    case: str
    test: Callable[[Phasewide, Hex, Hex], bool]  # (phasewide, at, dest): refused?
    why: Why

    def refuses(self, g: Ground, at: Hex, spent: int, dest: Hex) -> bool:
        return self.test(g.ways.wide, at, dest)


@attrs.frozen
class NearRule:
    """A rule read from where the units stand: the hexes it shuts to a unit on a hex."""

    case: str
    test: Callable[[Ground, Hex], Collection[Hex]]  # (ground, at): the hexes shut
    why: Why

    def refuses(self, g: Ground, at: Hex, spent: int, dest: Hex) -> bool:
        return dest in self.test(g, at)


StepRule = HereRule | FixedRule | NearRule


def _name(state: GameState, uid: str) -> str:
    return state.info(uid).short


def _blocker(state: GameState, uid: str, dest: Hex) -> IllegalAction:
    known, player = lookup(state.rules), state.unit(uid).owner
    for other in state.occupancy().get(dest, ()):
        if (bars := _bars(state.unit(other), player, known)) is not None:
            masked = " is masked and" if bars == "11.23" else ""
            return IllegalAction(bars, f"{_name(state, other)}{masked} blocks {label(dest)}")
    raise AssertionError(f"nobody blocks {label(dest)}")


def _unfriendly(state: GameState, uid: str, dest: Hex) -> IllegalAction:
    refusal = unfriendly_hq(state, dest, uid)
    if refusal is None:
        raise AssertionError(f"{label(dest)} is no unfriendly HQ of {uid}")
    return refusal


def _area_name(state: GameState, h: Hex) -> str:
    m = state.rules.map
    return m.areas[m.area_of[h]].name


STEP_RULES: tuple[StepRule, ...] = (
    FixedRule(
        "9.13",
        lambda wide, at, dest: dest not in wide.rules.map.neighbours[at],
        lambda s, uid, dest: IllegalAction("9.13", f"{label(dest)} is not next to {label(s.unit(uid).at)}"),
    ),
    HereRule(
        "9.12",
        lambda g, at, spent: spent + 1 > g.allowance,
        lambda s, uid, dest: IllegalAction("9.12", f"{_name(s, uid)} has no movement points left"),
    ),
    FixedRule(
        "16.14",
        lambda wide, at, dest: wide.rules.map.area_of[dest] in wide.closed,
        lambda s, uid, dest: IllegalAction("16.14", f"{_area_name(s, dest)} is overrun and impassable"),
    ),
    FixedRule(
        "18.36",
        lambda wide, at, dest: (
            wide.berlin_by_travel and _into_berlin(wide.rules.map.area_of[at], wide.rules.map.area_of[dest])
        ),
        lambda s, uid, dest: IllegalAction("18.36", "during the coup units enter Berlin only by Travel"),
    ),
    NearRule(
        "17.22",
        lambda g, at: g.crossings[at] if g.crossings.map.area_of[at] in g.influenced else (),
        lambda s, uid, dest: IllegalAction(
            "17.22",
            "an Allied unit's zone of influence holds German units in " + _area_name(s, s.unit(uid).at),
        ),
    ),
    FixedRule(
        "9.24",
        lambda wide, at, dest: dest in wide.unfriendly,
        lambda s, uid, dest: _unfriendly(s, uid, dest),
    ),
    NearRule("8.12", lambda g, at: g.blocked, _blocker),  # and 11.23
    NearRule(
        "11.32",
        lambda g, at: g.ezoc if at in g.ezoc else (),
        lambda s, uid, dest: IllegalAction(
            "11.32", "a unit may not move from one enemy-controlled hex straight to another"
        ),
    ),
    HereRule(
        "11.31",
        lambda g, at, spent: at in g.ezoc and spent > 0,
        lambda s, uid, dest: IllegalAction(
            "11.31",
            f"{_name(s, uid)} is in an enemy zone of control "
            "and may leave it only with its first movement point",
        ),
    ),
)
_HERE = tuple(r.test for r in STEP_RULES if isinstance(r, HereRule))
_FIXED = tuple(r.test for r in STEP_RULES if isinstance(r, FixedRule))
_NEAR = tuple(r.test for r in STEP_RULES if isinstance(r, NearRule))


@case("8.11", "8.12", "9.12", "9.13", "9.24", "11.23", "11.31", "11.32", "16.14", "17.22", "17.23", "18.36")
def move_problem(state: GameState, uid: str, dest: Hex) -> IllegalAction | None:
    """Why the active unit may not step into ``dest`` now, or None if it may: the first
    of STEP_RULES that refuses it, then the look-ahead (8.11). Entering an area under
    Allied influence is free (17.23): only leaving one is held."""
    g = Ground(state, uid)
    at, spent = state.unit(uid).at, state.mp_spent
    for rule in STEP_RULES:
        if rule.refuses(g, at, spent, dest):
            return rule.why(state, uid, dest)
    if dest in g.occupancy and not _reaches_empty(dest, spent + 1, g):
        return IllegalAction(
            "8.11",
            f"{_name(state, uid)} could pass through {label(dest)} but could not then stop on an empty hex",
        )
    return None


@case("18.36")
def _berlin_by_travel(state: GameState) -> bool:
    """Do units enter Berlin only by Travel now? During the Coup Sequence, which begins
    only after the Abwehr's interphase (18.24): interphase units may still walk in."""
    return state.coup is not None and state.phase is not Phase.COUP_INTERPHASE


def _into_berlin(here_area: str, dest_area: str) -> bool:
    """A step from outside Berlin into it (18.36)."""
    return dest_area == BERLIN and here_area != BERLIN


@derived(Basis.STATE)
def legal_steps(state: GameState, uid: str) -> list[Hex]:
    """The hexes the active unit may step into now, in the map's neighbour order:
    STEP_RULES for every neighbour at once, and the look-ahead (8.11) for a friend's."""
    g = Ground(state, uid)
    spent = state.mp_spent
    occ = g.occupancy
    return [
        n for n in _open_from(g, state.unit(uid).at, spent) if n not in occ or _reaches_empty(n, spent + 1, g)
    ]


@derived(Basis.UNITS, kept_by_step=lambda mover, party: [(mover,)])
def blocked_hexes(state: GameState, player: Player) -> frozenset[Hex]:
    """The hexes none of ``player``'s units may enter for who stands there (8.12, 11.23):
    the hexes of every unit _bars names, as move_problem asks it of one hex. A step by one
    of ``player``'s units leaves them as they were: the mover blocks no friend (it is
    unmasked, recruited and not semi-recruited, or it could not move)."""
    known = lookup(state.rules)
    out = set()
    for u in state.units:
        h = u.hex
        if h is not None and h not in out and _bars(u, player, known) is not None:
            out.add(h)
    return frozenset(out)


@case("8.12", "11.23")
def _bars(u: UnitState, player: Player, known: Lookup) -> str | None:
    """Why ``u`` keeps ``player``'s units out of its hex, by case, or None: a masked unit
    (11.23); an enemy, Allied (17.24), unrecruited or semi-recruited one (8.12); never a
    neutralized one (8.12)."""
    if (marker := u.marker) is not None:
        return "11.23" if marker is Marker.MASKED else None
    if (
        u.id in known.allied
        or ((c := u.controller) is not None and c is not player)
        or (not u.recruited and u.id in known.recruitment_sided)
        or u.semi
    ):
        return "8.12"
    return None


def _open_from(g: Ground, at: Hex, spent: int) -> list[Hex]:
    """The neighbours of ``at`` the unit may step into having spent ``spent`` points, by
    every rule but the look-ahead."""
    for refuses in _HERE:
        if refuses(g, at, spent):
            return []
    return g[at]


@attrs.frozen
class Reached:
    """A hex the moving unit can walk to this activation, by its shortest walk."""

    hex: Hex
    spent: int  # movement points spent on arriving
    came_from: Hex  # the hex before it on that walk
    stops: bool  # empty but for the unit: the walk may end there (8.11)


def reach(state: GameState, uid: str) -> list[Reached]:
    """Every hex the active unit could walk to with the points it has left, nearest
    first, each by a walk of single legal steps (STEP_RULES and 8.11): the map's
    overlay and the computer's plans ask this one search, as the look-ahead of 8.11
    does from a friend's hex. Breadth first, so each hex is reached with the fewest
    points spent, which leaves the most steps open beyond it (9.12, 11.31)."""
    g = Ground(state, uid)
    start = state.unit(uid).at
    occ = g.occupancy
    seen = {start}
    out: list[Reached] = []
    frontier = deque([(start, state.mp_spent)])
    while frontier:
        at, spent = frontier.popleft()
        for n in _open_from(g, at, spent):
            if n in seen:
                continue
            empty = n not in occ  # (the unit's own first hex is seen already)
            if not empty and not _reaches_empty(n, spent + 1, g):
                continue  # 8.11: a friend's hex it could not walk on from
            seen.add(n)
            out.append(Reached(n, spent + 1, at, empty))
            frontier.append((n, spent + 1))
    return out


def _reaches_empty(start: Hex, spent: int, g: Ground) -> bool:
    """8.11: having stepped onto a friend at ``start``, can the unit still reach a hex
    empty but for itself?"""
    occ, alone = g.occupancy, [g.uid]
    frontier = deque([(start, spent)])
    seen = {start}
    while frontier:
        at, spent = frontier.popleft()
        for n in _open_from(g, at, spent):
            if n in seen:
                continue
            there = occ.get(n)
            if not there or there == alone:
                return True
            seen.add(n)
            frontier.append((n, spent + 1))
    return False


@case("9.0")
def move(state: GameState, dest: Hex) -> GameState:
    uid = state.mover
    if dest not in legal_steps(state, uid):
        # The walk decides; move_problem finds the words (the differential tests hold the
        # two to one answer, and a disagreement refuses rather than lets a step through).
        raise move_problem(state, uid, dest) or IllegalAction(
            "9.13", f"{state.info(uid).short} cannot step into {label(dest)} now"
        )
    after = evolve(state, units=state.units_with(uid, hex=dest), mp_spent=state.mp_spent + 1)
    _carry_forward(state, after, state.unit(uid), dest)
    return after


_OCCUPANCY = facts.key(GameState.occupancy)
_IN_STREETS = {party: facts.key(party_in_streets, party) for party in Party}
_MISSING = object()


def _carry_forward(before: GameState, after: GameState, mover: UnitState, dest: Hex) -> None:
    """Hand the step's new state what the step leaves as it was: the facts that say so
    (facts.kept_by_step), whether the mover's party is in Berlin's streets, and the
    occupancy, with only the mover moved."""
    uid, player, here = mover.id, mover.owner, mover.at
    memo, kept = before._memo, after._memo
    known = lookup(before.rules)
    party = known.party[uid]
    found = memo.get
    for key in kept_keys(player, party):
        answer = found(key, _MISSING)
        if answer is not _MISSING:
            kept[key] = answer
    # The mover's own party is in Berlin's streets if the mover now is; and as before if
    # the mover was not there before.
    streets = _IN_STREETS[party]
    was = found(streets)
    if dest in known.streets:
        kept[streets] = True
    elif was is not None and here not in known.streets:
        kept[streets] = was
    occ = found(_OCCUPANCY)
    if occ is not None:
        occ = occ.copy()
        left = occ[here]
        if len(left) == 1:  # (the mover alone, the commonest)
            del occ[here]
        else:
            occ[here] = [o for o in left if o != uid]
        there = occ.get(dest)
        occ[dest] = [uid] if not there else sorted([*there, uid], key=after.rules.unit_order.__getitem__)
        kept[_OCCUPANCY] = occ


# -- ending ----------------------------------------------------------------------


@case("8.0", "8.11", "8.13")
def end_problem(state: GameState) -> IllegalAction | None:
    """8.11: a unit may pass through friends but may not stop on one.

    Units move one at a time and never twice (9.14), so a unit that stopped
    on a friend could only be cleared by the friend moving on; we require
    each unit to finish alone, which keeps every phase ending legal (8.0).
    """
    uid = state.mover
    here = state.unit(uid).at
    if len(state.occupancy().get(here, ())) > 1:
        return IllegalAction("8.11", f"{state.info(uid).short} may not stop on another unit in {label(here)}")
    return None


def end_activation(state: GameState) -> GameState:
    problem = end_problem(state)
    if problem:
        raise problem
    return finish_activation(state)


# -- travel ----------------------------------------------------------------------


@case("9.51", "9.54", "9.57", "9.58", "9.59", "16.14")
def travel_destinations(state: GameState, uid: str) -> list[Hex]:
    """Where the unit could Travel to from where it stands."""
    if uid == HITLER:
        return []  # 9.59
    return _travel_destinations(state, uid)


@derived(Basis.STATE)
def _travel_destinations(state: GameState, uid: str) -> list[Hex]:
    m = state.rules.map
    u = state.unit(uid)
    here = u.at
    occ = state.occupancy()
    closed = impassable_areas(state)
    party = state.info(uid).party
    friendly_hqs = [hq for hq in m.hqs.values() if hq.friendly_to(uid, party)]
    here_hq = hq_at(state, here)
    from_friendly_hq = here_hq is not None and here_hq.friendly_to(uid, party)
    known = lookup(state.rules)
    beyond, unfriendly, area_of = known.hexes_beyond, known.unfriendly_hq[uid], m.area_of
    out: set[Hex] = set()

    def open_(hexes: Iterable[Hex]) -> set[Hex]:
        # Travel is movement (9.51): never into an unfriendly HQ (9.24), and not into an
        # occupied or overrun hex (9.54, 16.14).
        return {h for h in hexes if h not in occ and area_of[h] not in closed and h not in unfriendly}

    if here_hq is not None and here_hq.key == RASTENBURG and from_friendly_hq:
        # 9.58: from Rastenburg, to a friendly Berlin HQ or anywhere beyond Berlin and Prussia.
        out |= open_(h for hq in friendly_hqs if hq.area == BERLIN for h in hq.hexes)
        out |= open_(beyond[(BERLIN, PRUSSIA)])
    else:
        if from_friendly_hq:  # 9.54 (1)
            out |= open_(beyond[(BERLIN,)])
        if area_of[here] != BERLIN:  # 9.54 (2)
            out |= open_(h for hq in friendly_hqs for h in hq.hexes)
    out.discard(here)
    return sorted(out)


@case("9.52", "9.55", "9.56")
def travel(state: GameState, dest: Hex, chit: str) -> GameState:
    uid = state.mover
    player = state.unit(uid).owner
    if chit not in state.chits_of(player.value):
        raise IllegalAction("9.51", f"you hold no chit {chit}")
    if state.rules.chits.by_id()[chit].kind is not ChitKind.TRAVEL:
        raise IllegalAction("9.51", f"{chit} is not a Travel chit")
    if dest not in travel_destinations(state, uid):
        if (refusal := unfriendly_hq(state, dest, uid)) is not None:
            raise refusal
        raise IllegalAction(
            "9.54", f"{state.info(uid).short} cannot Travel to {label(dest)} from {label(state.unit(uid).at)}"
        )
    state = state.with_unit(uid, hex=dest).with_chit(chit, CUP)
    return state.log(
        Event(
            "9.52",
            f"{player.title} reveals Travel chit {chit}: {state.info(uid).short} travels to "
            f"{hex_in_area(state.rules, dest)}",
        )
    )


@derived(Basis.CHITS)
def travel_chits(state: GameState, player: Player) -> list[str]:
    by_id = state.rules.chits.by_id()
    return [c for c in state.chits_of(player.value) if by_id[c].kind is ChitKind.TRAVEL]


class _Moves(dict[Hex, Action]):
    """MOVE to each hex, made once (as act() does, but for the commonest action)."""

    def __missing__(self, h: Hex) -> Action:
        a = self[h] = act(Verb.MOVE, None, h)
        return a


_MOVES = _Moves()


def movement_actions(state: GameState) -> list[Action]:
    """Every legal step for the phasing player in a Movement and Harassment Phase."""
    if state.active is None:
        out = [act(Verb.ACTIVATE, uid) for uid in movable(state)]
        out.append(act(Verb.END_PHASE))  # in a Coup-Turn: move no more units (18.33)
        return out
    uid = state.active
    out = [_MOVES[n] for n in legal_steps(state, uid)]
    out += harass_targets(state)
    chits = travel_chits(state, state.phasing)
    if chits:
        out += [act(Verb.TRAVEL, None, h, chits[0]) for h in travel_destinations(state, uid)]
    if end_problem(state) is None:
        out.append(act(Verb.END))
    return out
