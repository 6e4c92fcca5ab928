"""The expert: plans weighed by trials on states drawn from its view.

Every test counts trials (``trials=``), never seconds, so each decision depends only on
the position, the legal actions and the random generator it is handed."""

from __future__ import annotations

import json
import random
import textwrap

import attrs
import pytest

from plot_ai import make
from plot_ai import search as search_module
from plot_ai.expert import PACE, Expert, turns_ahead
from plot_ai.plans import Plan, plans
from plot_ai.search import SURE_AFTER, Budget, Search
from plot_ai.value import WeightsError, chances, weights
from plot_core import Action, GameState, Player, Verb, apply, legal_actions, load_position, view
from plot_core.engine import BERLIN
from plot_core.hexgrid import label


def coup(
    units: str,
    *,
    phasing: str,
    chits: str = "",
    phase: str = "coup_movement",
    activated: str = "[]",
    passed: str = "[]",
    active: str = "",
) -> GameState:
    # 013 (SS) and 308 (Abwehr) stand in Berlin's streets so no test ends by 18.71/18.72.
    return load_position(
        textwrap.dedent(f"""
        phase = "{phase}"
        phasing = "{phasing}"
        activated = {activated}
        {f'active = "{active}"' if active else ""}
        [units]
        "013" = {{ hex = "2410" }}
        "308" = {{ hex = "1810", suspected = true }}
        {units}
        [chits]
        {chits}
        [coup]
        penalty = 2
        bonus = 5
        abwehr_bonus = 5
        units = 2
        turn = 1
        passed = {passed}
    """)
    )


HEYDRICH_NEAR_BONHOEFFER = '"001" = { hex = "2210" }\n"305" = { hex = "1910", suspected = true }'


def decide(player, s: GameState, seed: int = 1) -> Action:
    return player.decide(view(s, s.to_act), list(legal_actions(s)), random.Random(seed))


def test_a_units_whole_move_is_one_plan_played_without_thinking_again(rules):
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    player = make("expert", rules, trials=400)
    first = decide(player, s)
    thought = player.fresh_thought()
    assert first.verb is Verb.ACTIVATE and thought is not None
    assert thought.plans[0].text.startswith(("Heydrich (001)", "Best (")), thought
    steps = [first]
    s = apply(s, first)
    while s.to_act is Player.SS and s.active is not None and not any(e.roll for e in s.events):
        a = decide(player, s)
        assert player.fresh_thought() is None, f"thought again at {a}"  # the plan goes on
        steps.append(a)
        s = apply(s, a)
    assert steps[-1].verb in (Verb.HARASS, Verb.END), steps
    if first.unit == "001":
        # Heydrich (8-7-8) three hexes from Bonhoeffer (5-3-7): the plan ends in a blow
        assert steps[-1] in (Action(Verb.HARASS, unit="305"), Action(Verb.HARASS, unit="308"))


def test_the_thought_names_the_chosen_plan_first_with_its_estimate_and_trials(rules):
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    player = make("expert", rules, trials=300)
    decide(player, s)
    t = player.fresh_thought()
    assert t.side is Player.SS and 1 <= len(t.plans) <= 3
    assert all(0.0 <= w.win <= 1.0 and w.trials >= 1 for w in t.plans)
    assert t.plans[0].trials == max(w.trials for w in t.plans)
    assert sum(w.trials for w in t.plans) <= t.trials
    assert player.fresh_thought() is None  # said once


def test_a_trial_budget_is_kept(rules):
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    v = view(s, Player.SS)
    search = Search(v, list(legal_actions(s)), rules, seed=5)
    assert len(search.plans) > 10
    search.run(Budget(trials=200))
    # one trial for every plan first (to time a trial), then the budget is shared out
    assert search.spent <= max(200, len(search.plans)) + len(search.plans)


MATTERS = search_module.MATTERS


def _searched(rules, s: GameState, monkeypatch, matters: float) -> tuple[Search, Plan]:
    """A search of 3,000 trials, stopping for plans as good as equal only if ``matters``."""
    monkeypatch.setattr(search_module, "MATTERS", matters)
    search = Search(view(s, s.to_act), list(legal_actions(s)), rules, seed=5)
    return search, search.plans[search.run(Budget(trials=3000))]


def test_a_search_stops_once_its_plans_are_as_good_as_equal(rules, monkeypatch):
    # Before the coup the evaluation reads who stands in Berlin's streets and how strong,
    # not on which hex: most walks of these two SS units score exactly alike, and more
    # trials would only split hairs between them.
    s = load_position(
        textwrap.dedent("""
        turn = 3
        phase = "movement"
        phasing = "ss"
        [units]
        "000" = { hex = "2410" }
        "013" = { hex = "0320" }
        "300" = { hex = "1810" }
    """)
    )
    to_the_end, chosen = _searched(rules, s, monkeypatch, 0.0)  # never stopped for equality
    stopped, chosen_now = _searched(rules, s, monkeypatch, MATTERS)
    assert to_the_end.spent >= 2900
    assert stopped.spent <= to_the_end.spent / 3
    assert chosen_now == chosen


def test_in_the_coup_too_the_choice_is_the_one_a_search_to_the_end_makes(rules, monkeypatch):
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    to_the_end, chosen = _searched(rules, s, monkeypatch, 0.0)
    stopped, chosen_now = _searched(rules, s, monkeypatch, MATTERS)
    assert stopped.spent < to_the_end.spent and chosen_now == chosen


def test_plans_apart_by_less_than_the_noise_are_not_called_equal(rules):
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    search = Search(view(s, Player.SS), list(legal_actions(s)), rules, seed=5)

    def tried(i: int, results: dict[int, float]) -> None:
        search.results[i] = results
        search.sums[i], search.counts[i] = sum(results.values()), len(results)

    draws = range(40)
    tried(0, {j: 0.5 for j in draws})
    tried(1, {j: 0.5 + (0.1 if j % 2 else -0.1) for j in draws})  # equal on average, noisy
    assert not search.settled([0, 1])
    tried(1, {j: 0.5 for j in draws})  # equal on every draw
    assert search.settled([0, 1])
    tried(1, {j: 0.5 for j in range(SURE_AFTER - 1)})  # too few trials to say
    assert not search.settled([0, 1])


def test_a_settled_search_stops_on_whole_rounds_of_the_six_faces(rules):
    # drawn state j rolls j % 6 + 1 next: stopped part way through a cycle of the six,
    # the faces tried once more would weigh more in every plan's mean just when it is read
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    search = Search(view(s, Player.SS), list(legal_actions(s)), rules, seed=5)
    search.run(Budget(trials=3000))
    most = max(search.counts)
    live = [i for i, n in enumerate(search.counts) if n == most]
    assert len(live) >= 2 and search.settled(live)  # it stopped because it had settled
    assert most >= SURE_AFTER and most % 6 == 0
    for i in live:
        faces = [search.sample(j).dice[0] for j in search.results[i]]
        assert sorted(set(faces)) == [1, 2, 3, 4, 5, 6]
        assert len({faces.count(f) for f in range(1, 7)}) == 1, faces


def test_every_plan_is_legal_step_by_step_in_the_state_it_was_found_in(rules):
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    found = plans(s, list(legal_actions(s)))
    assert any(p.actions[-1].verb is Verb.HARASS for p in found)
    for p in found:
        t = s
        for a in p.actions:
            assert a in legal_actions(t), (p.text, a)
            t = apply(t, a)


def coup_window(fa: int, turn: int = 9, dice: tuple[int, ...] = ()) -> GameState:
    """The window at the end of the status phase (18.11); on turn 9, the last (5.1);
    ``dice`` the rolls to come."""
    chits = ", ".join(f'"FA{i}"' for i in range(1, fa + 1))
    s = load_position(
        textwrap.dedent(f"""
        turn = {turn}
        phasing = "ss"
        phase = "status"
        dice = {list(dice)}
        [units]
        "000" = {{ hex = "2410" }}
        "300" = {{ hex = "1810" }}
        [chits]
        abwehr = [{chits}]
    """)
    )
    return apply(s, Action(Verb.END_PHASE))


def test_the_coup_plans_are_no_coup_or_a_coup_with_every_chit_held(rules):
    s = coup_window(3, turn=8)
    assert s.pending[-1].kind == "coup"
    found = plans(s, list(legal_actions(s)))
    assert [p.text for p in found] == ["no coup now", "declare the coup with 3 Führer Access chits"]
    assert [str(a) for a in found[1].actions] == ["reveal FA1", "reveal FA2", "reveal FA3", "coup"]
    s0 = coup_window(0, turn=8)
    assert [p.text for p in plans(s0, legal_actions(s0))] == [
        "no coup now",
        "declare the coup with 0 Führer Access chits",
    ]


@pytest.mark.parametrize("fa", [0, 2])
def test_on_the_last_game_turn_the_only_coup_plan_is_to_declare(rules, fa):
    # 5.1: turn 9 is the last; "no coup now" stays legal, but is not a plan (plans.py).
    s = coup_window(fa, turn=9)
    assert Action(Verb.NO_REVEAL) in legal_actions(s)
    assert [p.text for p in plans(s, legal_actions(s))] == [
        f"declare the coup with {fa} Führer Access chit{'s' * (fa != 1)}"
    ]


@pytest.mark.parametrize("fa", [0, 2])
def test_at_the_last_chance_the_expert_declares_the_coup_rather_than_lose_by_18_74(rules, fa):
    s = coup_window(fa)
    player = make("expert", rules, trials=120)
    a = decide(player, s)
    assert a.verb in (Verb.COUP, Verb.REVEAL), a  # "no coup now" loses at once
    assert "no coup now" not in player.fresh_thought().plans[0].text


def test_a_second_look_spends_the_time_a_settled_search_leaves_on_deeper_trials(rules):
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    legal = list(legal_actions(s))
    first = Search(view(s, Player.SS), legal, rules, seed=5)
    chosen = first.run(Budget(trials=3000))
    assert first.spent < 3000  # settled early: most of the budget left unspent
    again = Search(view(s, Player.SS), legal, rules, seed=5)
    looked = again.run(Budget(trials=3000), second_look=True)
    assert again.spent >= 3000 and len(again.deep) == 3  # the chosen plan and two rivals
    assert chosen in again.deep and all(len(d) >= SURE_AFTER for d in again.deep.values())
    # the deeper trials play the other side's reply (the rules of thumb) before scoring
    # ... and the choice moves only on clear evidence there (below); either way, W's
    # explanation gives the estimate the choice rests on, first
    thought = again.thought(looked, 0.1)
    assert thought.plans[0].text == again.plans[looked].text
    assert thought.plans[0].win == round(again.judged(looked), 4)


def test_a_second_look_moves_the_choice_only_for_a_clear_lead(rules, monkeypatch):
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    legal = list(legal_actions(s))

    def looked(deep_lead: float) -> tuple[int, int, int]:
        search = Search(view(s, Player.SS), legal, rules, seed=5)
        chosen = search.run(Budget(trials=400))
        rival = max((i for i in range(len(search.plans)) if i != chosen), key=lambda i: search.score(i))
        rnd = random.Random(9)

        def deep(plan, start, me, r, **kw):  # what the deeper trials find: the rival ahead by deep_lead
            return 0.5 + (deep_lead if plan is search.plans[rival] else 0.0) + rnd.gauss(0, 0.01)

        monkeypatch.setattr(search_module, "trial", deep)
        got = search._second_look(chosen, Budget(trials=search.spent + 300))
        monkeypatch.undo()
        return chosen, rival, got

    chosen, rival, got = looked(0.2)
    assert got == rival != chosen  # clearly ahead on the deeper trials: the choice moves
    chosen, rival, got = looked(0.0)
    assert got == chosen  # as good as equal there: the first look's choice stays


def test_a_declared_coup_is_played_out_through_the_coup_turns_asked_for(rules):
    from plot_ai.search import through_coup, trial

    s = attrs.evolve(coup_window(3, turn=8), dice=(6,))  # 6 + 3 chits: the roll passes (18.13)
    declare = plans(s, legal_actions(s))[1]
    begun = s
    for a in declare.actions:
        begun = apply(begun, a)
    assert begun.coup is not None and begun.coup.turn == 0  # the interphase (18.2)
    one = through_coup(begun, random.Random(1), 1)
    assert one.outcome is not None or one.coup.turn == 2  # Coup-Turn 1 fought, no more
    whole = through_coup(begun, random.Random(1), 6)
    assert whole.outcome is not None  # to the end: a side cleared the streets, or 18.73
    # a trial that plays the coup out scores the ending itself; one that does not, the
    # evaluation of the coup's first position
    played_out = trial(declare, s, Player.ABWEHR, random.Random(1), coup_turns=6)
    assert played_out in (0.0, 1.0)
    assert 0.0 < trial(declare, s, Player.ABWEHR, random.Random(1)) < 1.0
    # waiting is judged as before: the coup's rollout is for the plan that begins it
    wait = plans(s, legal_actions(s))[0]
    assert trial(wait, s, Player.ABWEHR, random.Random(1), coup_turns=6) == trial(
        wait, s, Player.ABWEHR, random.Random(1)
    )


def test_chances_are_exact_once_the_game_is_over(rules):
    s = coup_window(0)
    over = apply(s, Action(Verb.NO_REVEAL))
    assert over.outcome.winner == "ss"
    assert chances(over) == (1.0, 0.0)
    p_ss, p_ab = chances(s)
    assert 0.0 <= p_ss <= 1.0 and 0.0 <= p_ab <= 1.0 and p_ss + p_ab <= 1.0 + 1e-9


def test_a_weights_file_that_does_not_fit_the_features_is_refused_by_name(tmp_path):
    bad = tmp_path / "w.json"
    bad.write_text(json.dumps({"models": {"pre_coup": {"features": ["bias"], "ss": [0.0]}}}))
    with pytest.raises(
        WeightsError,
        match=r"w\.json: the pre_coup model does not name the "
        r"features bias, turns_left",
    ):
        weights(bad)
    bad.write_text("{not json")
    with pytest.raises(WeightsError, match=r"w\.json: cannot read the expert's weights"):
        weights(bad)


def test_the_expert_keeps_a_budget_per_game_and_starts_afresh(rules):
    e = Expert(rules, think=0.5)
    assert e.bank == {"pre": 13.75, "coup": 13.75}
    e.bank["coup"] = 0.0
    e.plan = [Action(Verb.END)]
    e.new_game()
    assert e.bank == {"pre": 13.75, "coup": 13.75} and e.plan == []


def _free(turn: int) -> GameState:
    # a Movement Phase with nothing pending (5.1: Game-Turn ``turn`` of nine)
    return load_position(f'turn = {turn}\nphasing = "ss"\n[units]\n"014" = {{ hex = "2110" }}\n')


def test_a_bank_is_spread_over_the_turns_it_must_last(rules):
    e = Expert(rules, think=1.0)
    first, last = view(_free(1), Player.SS), view(_free(9), Player.SS)
    assert turns_ahead(first, rules) == 9 and turns_ahead(last, rules) == 1
    ss, ab = PACE[Player.SS], PACE[Player.ABWEHR]
    # a free move on Game-Turn 1: its share (0.3) of 27.5 s spread over nine turns
    assert e.allowance(first, "pre") == pytest.approx(27.5 * 0.3 / (ss["pre"] * 9))
    assert e.allowance(view(_free(1), Player.ABWEHR), "pre") == pytest.approx(27.5 * 0.3 / (ab["pre"] * 9))
    # the same move on the last turn may have its whole share: 0.3 s
    assert e.allowance(last, "pre") == pytest.approx(0.3)
    e.bank["pre"] = 1.2
    assert e.allowance(last, "pre") == pytest.approx(1.2 * 0.3 / ss["pre"])
    # in the coup (18.73: six Coup-Turns): spread over three at most, then what is left
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    assert turns_ahead(view(s, Player.SS), rules) == 3
    late = attrs.evolve(s, coup=attrs.evolve(s.coup, turn=6))
    assert turns_ahead(view(late, Player.SS), rules) == 1
    # a coup move's share is 2: with time in the bank, twice the mean and no more
    assert e.allowance(view(s, Player.SS), "coup") == pytest.approx(27.5 * 2 / (ss["coup"] * 3))
    e.bank["coup"] = 500.0
    assert e.allowance(view(late, Player.SS), "coup") == 2.0
    e.think = 0.5
    e.bank["coup"] = 500.0
    assert e.allowance(view(late, Player.SS), "coup") == 1.0


def test_what_is_left_before_the_coup_is_the_coups(rules):
    e = Expert(rules, think=1.0)
    e.bank["pre"] = 4.0
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    decide(e, s)  # the first decision in the coup
    assert e.bank["pre"] == 0.0
    assert 27.5 < e.bank["coup"] <= 31.5  # 27.5 + 4.0, less under a second of thought


def test_what_a_plan_feared_is_the_die_or_what_it_cannot_see_and_nothing_on_few_trials():
    from plot_ai.search import FEAR_AFTER, feared

    by_face = {j: 0.1 if j % 6 + 1 in (1, 2) else 0.6 for j in range(36)}  # drawn state j: face j % 6 + 1
    assert feared(by_face) == "the next die coming up 1 or 2 (then it wins 10%; 60% on a 3)"
    unseen = {j: 0.1 if j in (0, 7, 14, 21, 28, 35, 1, 8, 15) else 0.6 for j in range(36)}  # any face
    assert feared(unseen) == (
        "what it cannot see or foretell (the other side's chits, the cup, later dice): "
        "its worst quarter of trials won 10%"
    )
    assert feared(dict.fromkeys(range(36), 0.5)) == ""  # nothing stands out
    assert feared({j: 0.1 if j % 6 == 0 else 0.6 for j in range(FEAR_AFTER - 1)}) == ""  # too few to say


def test_the_expert_says_its_harassment_hangs_on_the_die(rules):
    s = coup(HEYDRICH_NEAR_BONHOEFFER, phasing="ss")
    player = make("expert", rules, trials=400)
    decide(player, s)
    chosen = player.fresh_thought().plans[0]
    assert "harass Bonhoeffer" in chosen.text
    assert chosen.feared.startswith("the next die coming up"), chosen.feared


def test_the_rules_of_thumb_put_a_blow_at_hitler_before_one_at_an_ss_unit(rules):
    """18.52: while Hitler lives the Abwehr's bonus falls every Coup-Turn, and his death
    gives it back (18.55). The plans the search tries are cut by the rules of thumb, so
    they rank a blow at him as hard does, above one at the SS unit in the street beside
    (Canaris next to Hitler in the Führer HQ, 2414, and to Dietrich in the street)."""
    from plot_ai.expert import Prior

    s = coup(
        '"300" = { hex = "2314", suspected = true }\n"010" = { hex = "2214" }\n"100" = { hex = "2414" }',
        phasing="abwehr",
    )
    search = Search(view(s, Player.ABWEHR), legal_actions(s), rules, 1, prior=Prior)
    blows = [a.unit for p in search.plans for a in p.actions if a.verb is Verb.HARASS]
    assert "100" in blows and "010" in blows
    assert blows[0] == "100", blows


def _coup_position(*, units: str, **kw: str) -> GameState:
    """The SS to move in Coup-Turn 1, with Heydrich (2210) and Best (2410) in the streets,
    holding the Loyalty chits of five Abwehr units."""
    chits = 'ss = ["L301", "L302", "L303", "L305", "L309"]'
    return coup('"001" = { hex = "2210" }\n' + units, phasing="ss", chits=chits, **kw)


def test_the_expert_lays_a_loyalty_chit_only_where_it_stops_a_blow(rules):
    """18.61, 18.63: a chit laid on an enemy unit stops it harassing for the rest of the
    Coup-Turn, then goes back to the cup. Laid on a unit that has moved, is masked
    (18.35), whose side has passed (18.33), or in the status phase, it stops nothing; on
    a unit still to move, or moving now, it stops the more the stronger the unit."""
    from plot_ai.expert import Prior

    outside = next(
        label(h) for h, a in sorted(rules.map.area_of.items()) if a != BERLIN and h not in rules.map.hq_of
    )
    units = (
        '"301" = { hex = "1910", suspected = true }\n'  # Dohnanyi, still to move
        '"302" = { hex = "2011", suspected = true }\n'  # has moved
        '"305" = { hex = "1611", suspected = true, marker = "masked" }\n'
        # outside Berlin: it may yet come in by Travel (18.36), or Hitler be outside it
        f'"303" = {{ hex = "{outside}", suspected = true }}'
    )
    s = _coup_position(units=units, activated='["302"]')

    def pin(s: GameState, uid: str) -> float:
        return Prior(s)(Plan((Action(Verb.PIN, uid),), f"pin {uid}"))

    assert {Action(Verb.PIN, u) for u in ("301", "302", "303", "305")} <= set(legal_actions(s))
    assert pin(s, "301") > 0 and pin(s, "303") > 0
    assert pin(s, "302") < 0 and pin(s, "305") < 0
    # the same chit when the Abwehr has passed, or in the status phase: legal, and useless
    for useless in (
        _coup_position(units=units, passed='["abwehr"]'),
        _coup_position(units=units, phase="coup_status"),
    ):
        assert Action(Verb.PIN, "301") in legal_actions(useless)
        assert pin(useless, "301") < 0
    # Dohnanyi moving now (the SS answering during his move): he may still harass (10.23)
    moving = coup(units, phasing="abwehr", activated='["301"]', active="301")
    assert pin(moving, "301") > 0
    # a weaker unit still to move (Trott, 2 against Dohnanyi's 8) is worth less
    both = _coup_position(units=units + '\n"309" = { hex = "2010", suspected = true }')
    assert 0 < pin(both, "309") < pin(both, "301")
