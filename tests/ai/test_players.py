"""Computer players: they see only a view, and they play better than chance."""

from __future__ import annotations

import random

import attrs
import pytest

from plot_ai import LEVELS, ComputerPlayer, Timed, make
from plot_ai.determinise import determinise
from plot_core import GameState, Player, PlayerView, apply, legal_actions, new_game, view
from plot_core.dice import seed_state
from plot_core.engine.randomplay import busy_policy
from plot_core.engine.state import CUP, Box, chit_ids
from plot_core.selfplay import play_games
from plot_session.session import Seat, Session


def positions(rules, seeds=(3, 4), every=7) -> list[GameState]:
    """Positions from busy random games, every few actions, both sides to act."""
    out = []
    for seed in seeds:
        s, rnd, n = new_game(seed, rules=rules), random.Random(seed), 0
        while s.outcome is None:
            if n % every == 0 and len(legal_actions(s)) > 1:
                out.append(s)
            s = apply(s, busy_policy(s, legal_actions(s), rnd))
            n += 1
    return out


def hidden_variant(s: GameState, rnd: random.Random) -> GameState:
    """The same position for the side to act, with everything it cannot see changed:
    the opponent's hand and the cup reshuffled, other dice to come, another face-down
    Allied unit drawn."""
    me, other = s.to_act.value, s.to_act.enemy.value
    ids = chit_ids(s.rules)
    pool = [c for c, where in zip(ids, s.chits, strict=True) if where in (other, CUP)]
    n_other = sum(1 for where in s.chits if where == other)
    rnd.shuffle(pool)
    where = dict(zip(ids, s.chits, strict=True))
    for i, c in enumerate(pool):
        where[c] = other if i < n_other else CUP
    pending = s.pending
    if pending and pending[-1].kind == "place_allied" and s.to_act is not pending[-1].player:
        waiting = [u.id for u in s.units if u.box is Box.ALLIED_HOLDING]
        if waiting:
            pending = pending[:-1] + (attrs.evolve(pending[-1], unit=rnd.choice(waiting)),)
    assert me not in pool
    return attrs.evolve(
        s, chits=tuple(where[c] for c in ids), pending=pending, rng=seed_state(rnd.getrandbits(32)), dice=()
    )


@pytest.mark.parametrize("level", list(LEVELS))
def test_hidden_chits_and_dice_do_not_change_a_decision(rules, level):
    # the expert counts trials here, not seconds, and every decision is its first thought
    # (a fresh player: no plan in hand); it thinks longer, so it is asked less often
    player = make(level, rules)
    fresh = (lambda: make(level, rules, trials=40)) if level == "expert" else (lambda: player)
    every = 5 if level == "expert" else 1
    rnd = random.Random(0)
    changed = asked = 0
    for n, s in enumerate(positions(rules)):
        other = hidden_variant(s, rnd)
        changed += other.chits != s.chits
        side = s.to_act
        assert view(other, side) == view(s, side)
        assert list(legal_actions(other)) == list(legal_actions(s))
        k = rnd.getrandbits(32)
        if n % every:
            continue
        asked += 1
        a = fresh().decide(view(s, side), list(legal_actions(s)), random.Random(k))
        b = fresh().decide(view(other, side), list(legal_actions(other)), random.Random(k))
        assert a == b, f"{level} decided {a} or {b} on the same view"
    assert changed > 100  # the hidden parts really did differ
    assert asked > 100


class Spy(ComputerPlayer):
    level = "spy"
    seen: list = []

    def decide(self, v, legal, rnd):
        Spy.seen.append(v)
        return legal[0]


def test_players_are_handed_a_view_and_never_the_state(rules):
    Spy.seen = []
    timed = Timed(Spy(rules))
    list(play_games(1, 5, timed, timed))
    assert Spy.seen and all(type(v) is PlayerView for v in Spy.seen)
    assert all(v.side is not None for v in Spy.seen)
    assert len(timed.seconds) == len(Spy.seen)  # every real decision is clocked

    Spy.seen = []
    session = Session(new_game(5, rules=rules), {p: Seat.COMPUTER for p in Player}, seed=5)
    session.computers = {p: Spy(rules) for p in Player}
    for _ in range(40):
        session.computer_step()
    assert Spy.seen and all(type(v) is PlayerView for v in Spy.seen)


def test_a_determinised_state_has_the_same_legal_actions(rules):
    rnd = random.Random(1)
    for s in positions(rules, seeds=(6,), every=3):
        d = determinise(view(s, s.to_act), rules, rnd)
        assert list(legal_actions(d)) == list(legal_actions(s))
        assert d.chits_of(s.to_act.value) == s.chits_of(s.to_act.value)
        assert len(d.chits_of(s.to_act.enemy.value)) == len(s.chits_of(s.to_act.enemy.value))


def test_determinising_a_spectators_view_is_refused(rules):
    with pytest.raises(ValueError, match="spectator"):
        determinise(view(new_game(1, rules=rules), None), rules, random.Random(0))


def test_an_unknown_level_is_named(rules):
    with pytest.raises(ValueError, match="unknown computer level 'grandmaster'; choose one of"):
        make("grandmaster", rules)


@pytest.mark.parametrize(
    ("ss", "abwehr", "side", "games", "at_least"),
    [
        ("easy", "random", "ss", 20, 12),  # random SS wins about 1 game in 100 here
        # random Abwehr: about none (a random SS makes long games: fewer of them)
        ("random", "easy", "abwehr", 12, 3),
    ],
)
def test_easy_beats_random_in_either_seat(rules, ss, abwehr, side, games, at_least):
    results = list(play_games(games, 500, Timed(make(ss, rules)), Timed(make(abwehr, rules))))
    assert sum(r.winner == side for r in results) >= at_least
