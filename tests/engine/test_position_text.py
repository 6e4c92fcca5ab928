"""A position written from one side's view loads back to the same view: every decision
of real games, written and read, gives its side the same board, hand, pending decisions
and legal actions; and the text holds nothing the side could not see."""

from __future__ import annotations

import random

import attrs
import pytest

from plot_ai import easy
from plot_core import Player, apply, legal_actions, load_position, load_rules, new_game, view
from plot_core.engine import CUP, Phase, Step, Unwritable, chit_ids, position_text

from .helpers import illegal, play, pos

RULES = load_rules()


def decisions(seed: int):
    """Every state of a game between the rules of thumb where the side to act has a choice."""
    s = new_game(seed, rules=RULES)
    rnd = random.Random(seed)
    while s.outcome is None:
        legal = legal_actions(s)
        if len(legal) > 1:
            yield s, legal
        s = apply(s, easy.choose_in(s, legal, rnd))


@pytest.mark.parametrize("seed", [8101, 8102])
def test_every_decision_of_a_game_loads_back_as_its_side_saw_it(seed):
    written = 0
    for s, legal in decisions(seed):
        side = s.actor
        v = view(s, side)
        try:
            text = position_text(v, RULES, seed=5)
        except Unwritable:
            assert s.german_assignment is not None  # the one moment a position cannot hold
            continue
        back = load_position(text, rules=RULES)
        assert attrs.evolve(view(back, side), events=()) == attrs.evolve(v, events=()), text
        assert set(legal_actions(back)) == set(legal), text
        written += 1
    assert written > 300


def _swap_hidden(s, side: Player):
    """The same moment with the other side's hand dealt afresh from its chits and the cup."""
    other = Player.ABWEHR if side is Player.SS else Player.SS
    ids = chit_ids(RULES)
    pool = [i for i, w in enumerate(s.chits) if w in (CUP, other.value)]
    held = sum(1 for i in pool if s.chits[i] == other.value)
    random.Random(1).shuffle(pool)
    chits = list(s.chits)
    for k, i in enumerate(pool):
        chits[i] = other.value if k < held else CUP
    assert len(chits) == len(ids)
    return attrs.evolve(s, chits=tuple(chits))


def test_the_text_holds_nothing_the_side_could_not_see():
    """The other side's hand, the cup and the seed of the game change nothing written."""
    seen = 0
    for s, _ in decisions(8103):
        side = s.actor
        other_hand = s.chits_of((Player.ABWEHR if side is Player.SS else Player.SS).value)
        if not other_hand or s.german_assignment is not None:
            continue
        swapped = attrs.evolve(_swap_hidden(s, side), seed=s.seed + 1, rng=s.rng + 1)
        if swapped.chits == s.chits:
            continue
        mine = position_text(view(s, side), RULES, seed=5)
        assert position_text(view(swapped, side), RULES, seed=5) == mine
        for c in other_hand:
            assert c not in mine
        seen += 1
    assert seen > 50


def refusal(v) -> str:
    with pytest.raises(Unwritable) as refused:
        position_text(v, RULES, seed=1)
    return str(refused.value)


def test_each_moment_a_position_cannot_hold_is_refused_saying_why():
    # a game whose opening Assignment rolled German units to send (7.22)
    s = next(g for g in (new_game(k, rules=RULES) for k in range(50)) if g.german_assignment is not None)
    assert refusal(view(s, None)) == "a spectator's view has no hand to write"
    assert refusal(view(s, Player.SS)) == "a rolled German assignment is being carried out (7.22)"
    last = pos('turn = 9\nphasing = "ss"\nphase = "status"\nstep = "coup_window"')
    over = play(last, "no-reveal")  # no coup by the last window: the SS wins (18.74)
    assert over.outcome is not None
    assert refusal(view(over, Player.SS)) == "the game is over"
    v = view(last, Player.SS)
    assert refusal(attrs.evolve(v, step=Step.HITLER)) == "a position cannot start at step hitler of status"
    assert refusal(attrs.evolve(v, phase=Phase.SETUP, step=Step.FREE)) == "a position cannot start in setup"


def test_an_allied_unit_being_placed_is_written_for_the_abwehr_who_sees_it_only():
    """7.11: the Abwehr places the Allied unit he drew; the SS has not seen which."""
    s = pos(
        'phase = "assignment"\nstep = "randomizer"\n'
        '[[pending]]\nkind = "place_allied"\nplayer = "abwehr"\nunit = "502"\narea = "AL"'
    )
    assert refusal(view(s, Player.SS)) == "an Allied unit is being placed that this side has not seen (7.11)"
    text = position_text(view(s, Player.ABWEHR), RULES, seed=1)
    assert 'unit = "502"' in text
    assert view(load_position(text, rules=RULES), Player.ABWEHR).pending == view(s, Player.ABWEHR).pending


def test_a_unit_is_written_by_what_differs_from_its_printed_side():
    """A unit listed writes only where it stands and what differs from the counter as
    printed: its controller if not its printed one (4.37), recruited if not as control
    would have it (2.2, 12.31), semi-recruited (12.35, 12.41); and it loads back the same.
    (An SS unit no one controls is a moment only a position file makes; a position
    written from it must still load back.)"""
    units = (
        '"013" = { hex = "2410" }\n'  # the SS's, as printed
        '"012" = { hex = "2411", controller = "none" }\n'  # printed the SS's, now no one's
        '"402" = { hex = "1812", controller = "abwehr" }\n'  # recruited when controlled
        '"414" = { hex = "1612", controller = "abwehr", recruited = false }\n'  # kept after a panic (12.83)
        '"415" = { hex = "1712", controller = "abwehr", recruited = false, semi = true }'
    )
    s = pos(f"turn = 2\n[units]\n{units}")
    text = position_text(view(s, Player.SS), RULES, seed=1)
    written = {line.split(" = ", 1)[0]: line for line in text.splitlines() if line.startswith('"')}
    assert written['"013"'] == '"013" = { hex = "2410" }'
    assert written['"012"'] == '"012" = { hex = "2411", controller = "none" }'
    assert written['"402"'] == '"402" = { hex = "1812", controller = "abwehr" }'
    assert written['"414"'] == '"414" = { hex = "1612", controller = "abwehr", recruited = false }'
    assert (
        written['"415"'] == '"415" = { hex = "1712", controller = "abwehr", recruited = false, semi = true }'
    )
    back = load_position(text, rules=RULES)
    listed = ("013", "012", "402", "414", "415")
    assert [back.unit(u) for u in listed] == [s.unit(u) for u in listed]


def test_a_decision_writes_only_what_differs_from_its_kinds_defaults():
    """12.25: a recruitment just begun, no one gathered and no Double-Cross named yet."""
    s = pos(
        'phase = "recruitment"\nphasing = "ss"\n[units]\n"107" = { hex = "2210" }\n"000" = { hex = "2110" }\n'
        '[[pending]]\nkind = "recruit"\nplayer = "ss"\nunit = "107"'
    )
    text = position_text(view(s, Player.SS), RULES, seed=1)
    block = text[text.index('kind = "recruit"') :].split("\n\n")[0]
    assert block.splitlines() == ['kind = "recruit"', 'player = "ss"', 'unit = "107"']


# -- what the new keys mean ----------------------------------------------------------------


def test_a_unit_listed_as_activated_may_not_move_again_this_phase():
    """9.14: a unit moves once a phase; ``activated`` says who has."""
    s = pos('turn = 2\nactivated = ["301"]\n[units]\n"301" = { hex = "1614" }')
    illegal(s, "activate 301", "9.14")


def test_a_unit_listed_as_targeted_may_not_be_recruited_again_this_phase():
    """12.22: one attempt a phase on a target; ``targeted`` says who has been one."""
    units = '[units]\n"101" = { hex = "2210", controller = "none" }\n"001" = { hex = "2110" }'
    fresh = pos(f'phase = "recruitment"\nphasing = "ss"\n{units}')
    assert "recruit 101" in [str(a) for a in legal_actions(fresh)]
    s = pos(f'phase = "recruitment"\nphasing = "ss"\ntargeted = ["101"]\n{units}')
    illegal(s, "recruit 101", "12.22")


def test_the_unit_moving_may_stand_on_a_friendly_unit_it_passes_through():
    """8.11: a unit moving may pass through a friendly unit; it may not stop there (8.0)."""
    s = pos(
        'turn = 2\nactive = "301"\nmp_spent = 1\n[units]\n"301" = { hex = "1614" }\n"302" = { hex = "1614" }'
    )
    assert s.unit("301").hex == s.unit("302").hex
    illegal(s, "end", "8.11")
    moved = play(s, "move 1615")
    assert moved.unit("301").hex != moved.unit("302").hex


def test_hidden_chits_are_dealt_from_the_cup_by_the_seed():
    text = '[chits]\nss = ["TR1"]\nabwehr_hidden = 4'
    one, again, other = (load_position(text, rules=RULES, seed=k) for k in (1, 1, 2))
    assert len(one.chits_of("abwehr")) == 4 and one.chits_of("ss") == ["TR1"]
    assert one.chits_of("abwehr") == again.chits_of("abwehr")
    assert one.chits_of("abwehr") != other.chits_of("abwehr")


def test_chits_laid_on_units_in_a_coup_turn_stay_laid():
    s = pos(
        'phase = "coup_movement"\n[units]\n"301" = { hex = "1614" }\n'
        '[chits]\nlaid = { L305 = "301" }\n[coup]\npenalty = 2\nbonus = 3\npassed = ["ss"]'
    )
    assert s.chits[chit_ids(RULES).index("L305")] == "301"
    assert s.coup is not None and s.coup.passed == frozenset({Player.SS})


@pytest.mark.parametrize("phase", ["movement", "recruitment", "status"])
def test_a_position_at_the_coups_window_asks_the_abwehr_and_plays_on(phase):
    """18.11: at the end of each phase of a Player-Turn the Abwehr may declare the coup;
    a position may start there, and answering goes on to the next phase."""
    head = f'turn = 3\nphase = "{phase}"\nphasing = "abwehr"\nstep = "coup_window"'
    s = pos(head + '\n[units]\n"301" = { hex = "1614" }')
    assert s.to_act is Player.ABWEHR and "no-reveal" in [str(a) for a in legal_actions(s)]
    after = play(s, "no-reveal")
    assert after.phase.value != phase or after.turn != 3


def test_a_chit_committed_to_the_coup_is_never_dealt_back_into_a_hidden_hand():
    """18.12: the Führer Access chits committed at the coup's question are in the open
    while it is answered; the Abwehr's hand as the SS sees it (a count) is dealt from
    the rest of the cup, or FA8 would count twice towards the Walkyrie roll (18.13)."""
    text = (
        'turn = 5\nphase = "movement"\nphasing = "abwehr"\nstep = "after_window"\n'
        '[chits]\nabwehr_hidden = 30\n[[pending]]\nkind = "coup"\nplayer = "abwehr"\nchits = ["FA8"]\n'
    )
    for seed in range(25):
        s = load_position(text, rules=RULES, seed=seed)
        assert "FA8" not in s.chits_of("abwehr") and len(s.chits_of("abwehr")) == 30
