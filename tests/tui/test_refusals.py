"""A refused key says the engine's reason for the action the player meant: Enter on an
enemy is a harassment (its differential, 10.34, not "blocks", 8.12), Enter far off is a
walk (why the walk fails), Enter on the moving unit itself is no step at all."""

from __future__ import annotations

import random

import pytest

from plot_core import apply
from plot_core.engine.errors import IllegalAction
from plot_core.engine.randomplay import busy_policy, play_random
from plot_core.hexgrid import distance as hex_distance
from plot_core.hexgrid import label, parse_hex
from plot_session.intent import attempts, walks
from plot_tui.mapview import MapView

from .helpers import app_for, cursor_to, game, pos, prompt, session_of

H = parse_hex

KALTENBRUNNER = """
phasing = "ss"
active = "004"
[units]
"004" = {{ hex = "2114" }}
"300" = {{ hex = "2115", suspected = true }}
"013" = {{ hex = "2410" }}
"308" = {{ hex = "1810", suspected = true }}
{more}
"""


@pytest.mark.asyncio
async def test_enter_on_an_enemy_too_strong_to_harass_says_10_34_with_the_odds():
    app = app_for(pos(KALTENBRUNNER.format(more="")))
    async with app.run_test(size=(100, 30)) as pilot:
        await cursor_to(pilot, app, H("2115"))
        assert "no roll" in str(game(app).query_one("#odds").render())  # before Enter
        assert "Below +0 there is no harassment (10.34)" in str(game(app).query_one("#odds").render())
        await pilot.press("enter")
        shown = prompt(app)
        assert "2115: the differential against Canaris would be below zero (10.34)" in shown, shown
        assert "(8.12)" not in shown


@pytest.mark.asyncio
async def test_a_unit_of_ones_own_shows_no_odds_of_recruiting_it_and_enter_says_12_11():
    """The odds panel showed "Loringhoven + Hansen try to recruit Canaris: no roll,
    needs +1 (12.53)" over the Abwehr's own leader: a differential for an attempt no
    differential allows. Odds show only where they are the reason."""
    app = app_for(
        pos("""
        phase = "recruitment"
        phasing = "abwehr"
        [units]
        "300" = { hex = "2210" }
        "304" = { hex = "2110" }
        "310" = { hex = "2310" }
        """)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await cursor_to(pilot, app, H("2210"))
        odds = game(app).query_one("#odds")
        assert not odds.display or "Canaris" not in str(odds.render())
        await pilot.press("enter")
        assert "Canaris cannot be recruited (12.11)" in " ".join(prompt(app).split())


@pytest.mark.asyncio
async def test_enter_on_the_moving_unit_and_far_off_say_what_a_player_needs():
    app = app_for(pos(KALTENBRUNNER.format(more="")))
    async with app.run_test(size=(100, 30)) as pilot:
        await cursor_to(pilot, app, H("2114"))
        await pilot.press("enter")
        shown = prompt(app)
        assert "is not next to" not in shown
        assert (
            "Kaltenbrunner (004) is on 2114: Enter on a hex next to it steps there; e ends its move." in shown
        )
        await cursor_to(pilot, app, H("3006"))  # far beyond 6 MP
        await pilot.press("enter")
        assert "3006: 3006 is 13 hexes away and Kaltenbrunner has 6 movement points left (9.12)" in prompt(
            app
        )


@pytest.mark.asyncio
async def test_the_prompt_offers_e_only_where_the_unit_may_stop():
    app = app_for(pos(KALTENBRUNNER.format(more='"009" = { hex = "2014" }')))
    async with app.run_test(size=(100, 30)) as pilot:
        await cursor_to(pilot, app, H("2014"))
        await pilot.press("enter")  # onto Daluege: stacked
        assert session_of(app).state.unit("004").hex == H("2014")
        shown = prompt(app)
        assert "end its move (e)" not in shown and "it may not stop there, 8.11" in shown
        await pilot.press("e")
        assert "may not stop on another unit in 2014 (8.11)" in prompt(app)


def positions(seeds, every: int = 37):
    """Positions from busy random games where a human could press Enter on the map."""
    found = []

    def keep(state):
        n = keep.count = getattr(keep, "count", 0) + 1
        if n % every == 0 and state.outcome is None and state.to_act is not None:
            found.append(state)

    for seed in seeds:
        play_random(seed, busy_policy, on_state=keep)
    return found


@pytest.mark.asyncio
async def test_every_refusal_on_the_map_is_the_engines_for_the_action_meant():
    """Positions from random games; at each, Enter on the moving unit's neighbours, on
    every hex with a unit, and on a few hexes at random. Where nothing is legal, the line
    shown is the engine's refusal of the first action Enter means that the engine refuses
    (or of the walk), word for word; never "X is not next to X", never a block (8.12)
    for a hex whose unit the mover could harass instead."""
    rnd = random.Random(5)
    states = rnd.sample(positions(range(3, 9)), 60)
    app = app_for(states[0])
    checked = 0
    async with app.run_test(size=(100, 30)):
        screen = game(app)
        c = screen.controller
        s = c.table.session

        def put(state):  # the position, as the table's next version, seen by its side
            s.state = state
            c.eyes = state.to_act
            c.table.changed()
            screen.catch_up()

        for state in states:
            put(state)
            v = c.view()
            rules = state.rules
            hexes = set(rnd.sample(sorted(u.hex for u in v.units if u.hex is not None), 6))
            if v.active is not None:
                mover = next(u for u in v.units if u.id == v.active)
                hexes |= {mover.hex, *rules.map.neighbours[mover.hex]}
                hexes |= {u.hex for u in v.units if u.hex is not None and hex_distance(u.hex, mover.hex) <= 2}
            hexes |= set(rnd.sample(sorted(rules.map.area_of), 3))
            legal = c.legal()
            for h in sorted(hexes):
                screen.query_one(MapView).move_to(h)
                screen.prompt_pane.message = screen.prompt_pane.message.__class__("")
                screen.action_act_here()
                if state is not s.state:  # it acted: put the position back
                    put(state)
                    continue
                shown = screen.prompt_pane.message.plain
                if not shown or any(a for a in legal if label(h) in str(a)):
                    continue
                assert "is not next to " + label(h) + " " not in shown + " "
                if (
                    v.active is not None
                    and h in rules.map.neighbours[mover.hex]
                    and any(u.hex == h and u.controller is not v.side for u in v.units)
                ):
                    assert "(8.12)" not in shown, shown  # a harassment was meant
                if walks(rules, v, h):
                    expected = c.why_not_walk(h)
                else:
                    expected = None
                    for a in attempts(rules, v, h):
                        try:
                            apply(state, a)
                        except IllegalAction as exc:
                            expected = str(exc)
                            break
                if expected is not None:
                    assert shown == f"{label(h)}: {expected}", (str(state.phase), h, shown)
                    checked += 1
    assert checked > 150
