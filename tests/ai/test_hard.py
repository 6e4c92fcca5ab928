"""The hard player's search in the coup, on positions."""

from __future__ import annotations

import random
import textwrap

from plot_ai import make
from plot_core import Action, GameState, Verb, apply, legal_actions, load_position, view


def coup(units: str, *, phasing: str) -> GameState:
    # 013 (SS) and 308 (Abwehr) stand in Berlin's streets so no test ends by 18.71/18.72.
    return load_position(
        textwrap.dedent(f"""
        phase = "coup_movement"
        phasing = "{phasing}"
        [units]
        "013" = {{ hex = "2410" }}
        "308" = {{ hex = "1810", suspected = true }}
        {units}
        [coup]
        penalty = 2
        bonus = 5
        abwehr_bonus = 5
        units = 2
        turn = 1
    """)
    )


def activation(player, s: GameState, limit: int = 30) -> list[Action]:
    """The player's decisions until its unit's move is over (or the side changes)."""
    side, done = s.to_act, []
    rnd = random.Random(1)
    for _ in range(limit):
        if s.to_act is not side or s.outcome is not None:
            break
        legal = list(legal_actions(s))
        a = legal[0] if len(legal) == 1 else player.decide(view(s, side), legal, rnd)
        done.append(a)
        s = apply(s, a)
        if a.verb in (Verb.END, Verb.END_PHASE) or (done[0].verb is Verb.ACTIVATE and s.active is None):
            break
    return done


def test_hard_activates_the_unit_with_the_best_plan_and_walks_it_to_a_harassment(rules):
    # Heydrich (8-7-8) three hexes from Bonhoeffer (5-3-7) in the streets; Best (3-4-5)
    # could also move, but has nothing as good within reach.
    s = coup('"001" = { hex = "2210" }\n"305" = { hex = "1910", suspected = true }', phasing="ss")
    done = activation(make("hard", rules), s)
    assert done[0] == Action(Verb.ACTIVATE, unit="001")
    assert any(a.verb is Verb.HARASS and a.unit in ("305", "308") for a in done), done
    assert [a.verb for a in done[1:]].count(Verb.MOVE) <= 3


def test_hard_strikes_at_hitler_first_where_easy_takes_the_ss_unit_first(rules):
    # Canaris next to Hitler in the Führer HQ (2414) and to Dietrich (4-4-5) in the street.
    s = coup(
        '"300" = { hex = "2314", suspected = true }\n"010" = { hex = "2214" }\n"100" = { hex = "2414" }',
        phasing="abwehr",
    )
    hard = activation(make("hard", rules), s)
    easy = activation(make("easy", rules), s)

    def first_blow(done):
        return next(a.unit for a in done if a.verb is Verb.HARASS)

    assert first_blow(hard) == "100", hard  # 18.52: his death restores the bonus
    assert first_blow(easy) == "010", easy


def test_hard_answers_within_any_budget(rules):
    s = coup('"001" = { hex = "2210" }\n"305" = { hex = "1910", suspected = true }', phasing="ss")
    legal = list(legal_actions(s))
    a = make("hard", rules, think=1e-6).decide(view(s, s.to_act), legal, random.Random(0))
    assert a in legal


def test_hard_plays_like_easy_outside_the_coup(rules):
    from plot_core import new_game

    s = new_game(3, rules=rules)
    legal = list(legal_actions(s))
    v = view(s, s.to_act)
    assert make("hard", rules).decide(v, legal, random.Random(5)) == make("easy", rules).decide(
        v, legal, random.Random(5)
    )
