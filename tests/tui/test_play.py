"""Playing from the keyboard: every kind of decision, through the keys a player presses."""

from __future__ import annotations

import pytest

from plot_core import Player
from plot_core.engine.state import Box, Marker, Phase
from plot_core.hexgrid import parse_hex
from plot_tui.mapview import MapView
from plot_tui.panels import LogView, TablesPanel
from plot_tui.screens import ActionMenu, GameOverScreen, HandoffScreen

from .helpers import (
    ASSIGNING,
    INVESTIGATION_13_19,
    act_on,
    app_for,
    cursor_to,
    game,
    panel,
    pos,
    prompt,
    session_of,
    until,
)

pytestmark = pytest.mark.asyncio

H = parse_hex

# Schellenberg (002, 8-7-7) against Bonhoeffer (305, 5-3-7): differential +5.
DUEL = """
phasing = "ss"
dice = [{die}]
[units]
"002" = {{ hex = "2110" }}
"305" = {{ hex = "2210", suspected = true }}
"013" = {{ hex = "2410" }}
"308" = {{ hex = "1810", suspected = true }}
"""


async def hand_over(pilot, app) -> None:
    """Hot-seat: the hand-off screen hides the board until the next player presses Enter."""
    await pilot.pause()
    assert isinstance(app.screen, HandoffScreen), f"expected a hand-off, found {app.screen!r}"
    await pilot.press("enter")
    await pilot.pause()


async def test_moving_step_by_step_and_an_illegal_step_names_its_rule():
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=(100, 30)) as pilot:
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter")  # activate Schellenberg
        s = session_of(app)
        assert s.state.active == "002"
        assert H("2010") in game(app).query_one(MapView).board.reachable
        await pilot.press("b")  # cursor SW: 2011 ...
        await pilot.press("l")  # ... east: 2111, in 305's zone
        assert game(app).query_one(MapView).cursor == H("2111")
        await pilot.press("enter")
        assert "(11.32)" in prompt(app) and s.state.unit("002").hex == H("2110")
        await pilot.press("h")  # 2011: out of the zone
        await pilot.press("enter")
        assert s.state.unit("002").hex == H("2011") and s.state.mp_spent == 1
        assert "6 of 7 MP left" in panel(app, "#status")
        await pilot.press("e")  # end the move
        assert s.state.active is None and "002" in s.state.activated


async def test_a_game_taken_up_with_a_unit_moving_opens_the_map_on_it():
    # a saved game or a puzzle may begin mid-move (9.14): its next step starts there
    moving = pos(DUEL.format(die=1).replace('phasing = "ss"', 'phasing = "ss"\nactive = "002"'))
    assert moving.active == "002"
    app = app_for(moving)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert game(app).query_one(MapView).cursor == H("2110")
    app = app_for(pos(DUEL.format(die=1)))  # none moving: where it opens at the start
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert game(app).query_one(MapView).cursor == app.rules.map.named_setup["100"]


async def test_undo_takes_back_steps_but_not_a_die_roll():
    app = app_for(pos(DUEL.format(die=5)))
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await act_on(pilot, app, H("2110"), H("2010"))  # activate, act
        assert s.state.unit("002").hex == H("2010")
        await pilot.press("u")
        assert s.state.unit("002").hex == H("2110") and s.state.active == "002"
        assert "Undone: Step to 2010." in " ".join(prompt(app).split())  # what was taken back
        await pilot.press("u")
        assert s.state.active is None
        await cursor_to(pilot, app, H("2010"))
        await pilot.press("enter")  # an empty hex: nothing to do, and where there is
        assert "Nothing to do at 2010" in prompt(app)
        assert "Tab goes to the hexes where you can." in prompt(app)
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter")
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")  # harass: die 5 -> M
        assert s.state.unit("305").marker is Marker.MASKED
        await pilot.press("u")
        assert "cannot be taken back" in prompt(app)
        assert s.state.unit("305").marker is Marker.MASKED


async def test_harassment_retreat_and_advance_in_hot_seat():
    app = app_for(pos(DUEL.format(die=1)))  # +5, die 1: Dr
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await act_on(pilot, app, H("2110"), H("2210"))  # activate, act
        assert s.state.pending[-1].kind == "retreat"
        await hand_over(pilot, app)  # the Abwehr chooses (10.65)
        assert game(app).controller.eyes is Player.ABWEHR
        assert "retreats" in prompt(app)
        targets = game(app).query_one(MapView).board.targets
        # 10.62: never into an enemy zone (Schellenberg's at 2110, Best's at 2410)
        assert targets == {H("2209"), H("2211")}
        await cursor_to(pilot, app, H("2209"))
        await pilot.press("enter")
        assert s.state.unit("305").hex == H("2209")
        await hand_over(pilot, app)  # the SS decides on advancing
        assert "Advance" in prompt(app) and "Stay" in prompt(app)
        await pilot.press("1")
        assert s.state.unit("002").hex == H("2210")
        assert game(app).query_one(TablesPanel).last.table == "harassment"


async def test_recruitment_with_several_recruiters_then_roll():
    app = app_for(
        pos("""
        phase = "recruitment"
        phasing = "ss"
        dice = [1]
        [units]
        "101" = { hex = "2210", controller = "none" }
        "013" = { hex = "2110" }
        "011" = { hex = "2310" }
        "012" = { hex = "2209" }
        """)
    )  # 3 + 4 + 4 against 7: +4
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")  # recruit Bormann
        assert s.state.pending[-1].kind == "recruit"
        for uid in ("013", "011", "012"):
            await cursor_to(pilot, app, s.state.unit(uid).hex)
            await pilot.press("enter")  # join
        assert set(s.state.pending[-1].units) == {"013", "011", "012"}
        await pilot.press("r")
        assert s.state.unit("101").controller is Player.SS
        tables = game(app).query_one(TablesPanel)
        assert tables.last.table == "recruitment" and tables.last.column == 4


async def test_investigation_with_both_players_revealing_chits():
    """13.19's worked example, played from the keyboard by two players."""
    app = app_for(pos(INVESTIGATION_13_19))
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        assert "AA1" in panel(app, "#chitbox") and "L011" not in panel(app, "#chitbox")
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")  # investigate Bonhoeffer
        for uid in ("000", "011", "108"):
            await cursor_to(pilot, app, s.state.unit(uid).hex)
            await pilot.press("enter")
        await pilot.press("r")
        await hand_over(pilot, app)  # the Abwehr may reveal (13.17)
        chits = panel(app, "#chitbox")
        assert "L011" in chits and "AA1" not in chits  # his own chits, not the SS's
        await pilot.press("1")  # reveal L011
        assert " 2  Reveal Loyalty chit of" in prompt(app)  # numbers hold
        await pilot.press("2")  # reveal L108
        await pilot.press("d")  # no more: always d
        await hand_over(pilot, app)  # the SS may cover (13.18)
        assert "Cover Hanke" in prompt(app)
        await pilot.press("1")  # alibi 011 AA1
        await pilot.press("d")  # no more
        assert s.state.unit("305").marker is Marker.NEUTRALIZED
        last = game(app).query_one(TablesPanel).last
        assert last.table == "investigation" and last.column == 4


async def test_interrogation_alibis_and_the_return_hex():
    app = app_for(
        pos("""
        phase = "investigation"
        phasing = "ss"
        dice = [6]
        [units]
        "305" = { box = "interrogation_cell", suspected = true }
        [chits]
        abwehr = ["AA1"]
        """)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await pilot.press("P")  # who is in the Cell (14.0)
        assert "In the Interrogation Cell: Bonhoeffer (305)" in prompt(app)
        assert s.state.phase is Phase.INVESTIGATION
        await pilot.press("P")  # end the Investigation Phase
        await hand_over(pilot, app)
        assert "coup" in prompt(app)
        await pilot.press("d")  # no coup (18.11)
        assert s.state.phase is Phase.INTERROGATION and s.state.pending[-1].kind == "interrogation_alibi"
        await pilot.press("1")  # reveal AA1: 6 + 1 = 7: Hq
        assert " d  Reveal nothing" in prompt(app)
        await pilot.press("d")  # no more
        assert s.state.pending[-1].kind == "return"
        await pilot.press("tab", "enter")  # the first friendly HQ hex
        assert s.state.unit("305").hex is not None


async def test_status_adjustment_takes_a_marker_off():
    app = app_for(
        pos("""
        phase = "status"
        phasing = "abwehr"
        step = "retire"
        [units]
        "305" = { hex = "2210", suspected = true, marker = "neutralized" }
        "002" = { hex = "2110", marker = "masked" }
        """)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter")  # not his unit
        said = " ".join(prompt(app).split())
        assert (
            "Nothing to do at 2110. Abwehr: take markers off your units (Enter), or end the phase (P)."
            in said
        )
        assert "(P). Tab goes to the hexes where you can." in said  # not his unit (15.11)
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")
        assert s.state.unit("305").marker is None


async def test_assignment_chits_and_picks():
    app = app_for(pos(ASSIGNING.format(first=2, second=3)))  # 2, 3: Allied EE, 2/Ab/BR
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        assert game(app).controller.eyes is Player.ABWEHR and "Allied unit" in prompt(app)
        await pilot.press("tab", "enter")  # place the Allied unit
        assert "Reveal Friendly Assignment chit FR1" in prompt(app)
        await pilot.press("1")  # 7.41: the Abwehr picks
        assert s.state.pending[-1].kind == "assign" and game(app).controller.eyes is Player.ABWEHR
        await pilot.press("a")
        assert isinstance(app.screen, ActionMenu)
        await pilot.press("enter")  # the first listed
        await pilot.press("a", "enter")
        assert s.state.phase is Phase.MOVEMENT
        assert (
            sum(
                1 for u in ("301", "302", "303") if s.state.rules.map.area_of.get(s.state.unit(u).hex) == "BR"
            )
            == 2
        )


async def test_a_unit_to_send_on_assignment_is_chosen_on_the_map_before_its_hex():
    """7.23: the prompt asks for a unit, so Tab goes to the units that may be sent and
    Enter on one lists where it may go; the destination hex still lists who may go."""
    # 6, 3: Allied EE, 2/Ab/SK (Stockholm's rows, 1-7, come before Berlin's)
    app = app_for(pos(ASSIGNING.format(first=6, second=3)))
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await pilot.press("tab", "enter", "1")  # the Allied unit, then FR1: the Abwehr picks
        assert "choose a unit to send on assignment" in prompt(app)
        mapview = game(app).query_one(MapView)
        units = [H("1810"), H("1812"), H("1910")]
        await until(pilot, lambda: mapview.cursor in units, "the cursor brought to the units")
        seen = [mapview.cursor]  # (the far hex it was left on is out of sight)
        for _ in range(2):
            await pilot.press("tab")
            seen.append(mapview.cursor)
        assert sorted(seen) == [H("1810"), H("1812"), H("1910")]
        await cursor_to(pilot, app, H("1812"))
        await pilot.press("enter")
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        sends = [item.value for item in menu.items]
        assert {a.unit for a in sends} == {"302"} and len(sends) > 1  # one per empty hex of Stockholm
        await pilot.press("enter")
        await pilot.pause()
        assert s.state.rules.map.area_of.get(s.state.unit("302").hex) == "SK"


async def test_a_decision_whose_hexes_are_all_out_of_sight_brings_the_cursor_to_them():
    """The Allied unit placed far away (7.11), the next decision of the player's is in
    Berlin (7.23): the cursor, left on the far hex, goes to the first unit to send, as
    Tab would, so the map shows what is being decided."""
    app = app_for(pos(ASSIGNING.format(first=6, second=3)))  # Allied EE, 2/Ab/SK
    async with app.run_test(size=(80, 24)) as pilot:
        mapview = game(app).query_one(MapView)
        await pilot.press("tab", "enter")  # the Allied unit, at a hex of Eastern Europe
        far = mapview.cursor
        assert session_of(app).state.rules.map.area_of.get(far) == "EE"
        await pilot.press("1")  # FR1: the Abwehr picks its own units
        units = (H("1810"), H("1812"), H("1910"))
        await until(pilot, lambda: mapview.cursor in units, "the cursor at a unit to send")
        assert "choose a unit to send on assignment" in prompt(app)
        assert mapview.cursor == H("1810") and mapview.in_sight(mapview.cursor)  # Tab's first


async def test_choosing_the_set_up_by_hand():
    from plot_core import new_game

    app = app_for(new_game(4, setup="choose"))
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        before = sum(1 for u in s.state.units if u.hex is not None)
        assert "place your units" in prompt(app)
        await pilot.press("tab", "enter")
        if isinstance(app.screen, ActionMenu):  # several units fit this hex
            await pilot.press("enter")
        await pilot.pause()
        assert sum(1 for u in s.state.units if u.hex is not None) == before + 1


async def test_declaring_the_coup_and_the_coup_turns():
    app = app_for(
        pos("""
        turn = 3
        phase = "recruitment"
        phasing = "abwehr"
        dice = [4]
        [units]
        "000" = { hex = "2410" }
        "013" = { hex = "2510" }
        "300" = { hex = "1810" }
        "301" = { hex = "1812" }
        [chits]
        abwehr = ["FA1", "FA2"]
        """)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await pilot.press("P")
        assert "coup" in prompt(app)
        await pilot.press("1", "2")  # commit FA1, FA2
        assert " r  Roll on the Walkyrie" in prompt(app)
        await pilot.press("r")  # 4 + 2 = 6: 3/5/2
        assert s.state.phase is Phase.COUP_INTERPHASE
        assert "the coup" in panel(app, "#status") and "Bonus: SS +5" in panel(app, "#status")
        await pilot.press("P")  # no interphase moves
        assert s.state.coup.turn == 1 and "Coup-Turn 1 of 6" in panel(app, "#status")
        await cursor_to(pilot, app, H("1812"))
        await pilot.press("enter", "e")  # the Abwehr moves one unit
        await hand_over(pilot, app)  # then the SS, one unit (18.32)
        assert game(app).controller.eyes is Player.SS and s.state.phasing is Player.SS


def last_status_phase():
    """The last Game-Turn's Status Phase with no coup declared: P, then the Abwehr
    declining the coup, ends the game (18.74)."""
    return pos("""
        turn = 9
        phase = "status"
        phasing = "ss"
        step = "retire"
        [units]
        "000" = { hex = "2410" }
        "300" = { hex = "1810" }
        """)


async def test_the_end_of_the_game_shows_the_result(tmp_path):
    from plot_record import Header, Recorder

    app = app_for(last_status_phase())
    path = tmp_path / "end [1].plot.jsonl"  # brackets: not markup
    s = app._session
    s.recorder = Recorder(
        path,
        Header(
            rules_hash=s.state.rules.version,
            seed=0,
            start={"setup": "standard"},
            players={"ss": "human", "abwehr": "human"},
        ),
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("P")
        await hand_over(pilot, app)
        await pilot.press("d")  # no coup: 18.74
        await pilot.pause()
        assert s.state.outcome.winner == "ss"
        assert isinstance(app.screen, GameOverScreen)
        shown = str(app.screen.query_one("Static").render())
        assert "SS player wins" in shown
        assert f"plot replay {path}" in shown.replace("\n", "")
        assert path.read_text().splitlines()[-1].startswith('{"end"')
        await pilot.press("b")  # back to the board
        assert "Game over" in prompt(app) and "(18.74)" in prompt(app)


async def test_travel_from_the_action_menu():
    app = app_for(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2711" }
        [chits]
        ss = ["TR1"]
        """)
    )  # in Gestapo HQ (9.54)
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await cursor_to(pilot, app, H("2711"))
        await pilot.press("enter", "a")
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        await pilot.press(*"travel 0412")  # typing narrows the list
        await pilot.press("enter")
        assert s.state.unit("002").hex == H("0412") and "TR1" not in s.state.chits_of("ss")


async def test_against_the_computer_the_screen_shows_only_your_side():
    from plot_core import new_game

    app = app_for(new_game(11), human=Player.SS)
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        game(app).action_skip()
        for _ in range(200):
            await pilot.pause(0.01)
            if s.my_move():
                break
        assert s.my_move() and game(app).controller.eyes is Player.SS
        chits = panel(app, "#chitbox")
        for c in s.state.chits_of("abwehr"):
            assert c not in chits
        assert all(ln.event.private in (None, Player.SS) for ln in game(app).shot.log)
        hidden = [ln for ln in s.log if ln.event.private is Player.ABWEHR]
        assert hidden, "the Abwehr drew chits privately"
        shown = "\n".join(p.shown_text() for p in game(app).query(LogView))
        for ln in hidden:
            assert ln.event.text not in shown


async def test_the_command_palette_lists_the_legal_actions():
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await pilot.press("ctrl+p")
        await pilot.press(*"Move Schel")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert s.state.active == "002"


async def test_the_new_game_screen_starts_a_game_against_the_computer():
    from plot_tui.app import PlotApp
    from plot_tui.screens import NewGameScreen

    app = PlotApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert not app.screen.query("#seed")  # no seed to see or choose: it would deal both hands
        await pilot.press("enter")
        await pilot.pause()
        s = session_of(app)
        assert game(app).controller.eyes is Player.SS and not game(app).controller.hotseat
        assert s.recorder is not None and s.recorder.path.exists()  # saved as it goes
        assert "Saving to" in prompt(app) and "seed was chosen" not in prompt(app)
        # the seed is the operating system's, kept in the record, shown nowhere
        assert s.state.seed > 2**32 and str(s.state.seed) not in app.sub_title
        assert str(s.state.seed) not in str(s.recorder.path)
        assert app.sub_title.startswith(f"game {s.game} · ")
        assert f'"seed":{s.state.seed}' in s.recorder.path.read_text()


async def test_the_new_game_screens_arrows_pick_the_choice_they_move_to():
    """Down in the side's group picks the Abwehr at once, as a form's radio buttons do:
    the side highlighted is the side played, with no space needed to take it."""
    from plot_tui.app import PlotApp
    from plot_tui.screens import NewGameScreen

    app = PlotApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        side = form.query_one("#side")
        for _ in range(6):  # tab: the next group
            if side.has_focus:
                break
            await pilot.press("tab")
        assert side.has_focus
        await pilot.press("down")
        assert form.chosen_side() is Player.ABWEHR
        await pilot.press("up", "down", "enter")
        await pilot.pause()
        assert game(app).controller.eyes is Player.ABWEHR


async def test_the_new_game_screen_can_start_a_game_to_watch_at_a_level():
    from plot_session.session import Seat
    from plot_tui.app import PlotApp
    from plot_tui.screens import NewGameScreen

    app = PlotApp(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#mode").query("RadioButton")[2].value = True
        app.screen.query_one("#level").query("RadioButton")[2].value = True
        await pilot.press("enter")
        await pilot.pause(0.3)
        s = session_of(app)
        assert set(s.seats.values()) == {Seat.COMPUTER} and game(app).controller.eyes is None
        assert {c.level for c in s.computers.values()} == {"hard"}
        assert "s: skip to the end of the game" in prompt(app)
        screen = game(app)
        await pilot.press("minus", "minus")
        assert screen.controller.table.pace == 0.4 and "waits 0.40 s" in prompt(app)
        await pilot.press("plus", "plus", "plus", "plus")
        assert screen.controller.table.pace == 0.0
        assert s.actions > 0  # the computer is playing


async def test_hot_seat_hides_the_board_between_players():
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=(100, 30)) as pilot:
        await act_on(pilot, app, H("2110"), H("2210"))  # activate, act
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        shot = app.export_screenshot().replace("&#160;", " ")
        assert "Pass the keyboard to the Abwehr player" in shot
        assert "Schellenberg" not in shot and "Bonhoeffer" not in shot  # the board is hidden
        await pilot.press("x")  # not Enter: stays hidden
        assert isinstance(app.screen, HandoffScreen)


async def test_coup_harassment_from_the_keyboard():
    app = app_for(
        pos("""
        phase = "coup_movement"
        phasing = "ss"
        dice = [6]
        [units]
        "002" = { hex = "2110" }
        "305" = { hex = "2210", suspected = true }
        "013" = { hex = "2410" }
        "308" = { hex = "1810", suspected = true }
        [coup]
        penalty = 2
        bonus = 5
        units = 2
        turn = 1
        """)
    )  # 8 - 3 + 5 reads +6; die 6: Ae
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await act_on(pilot, app, H("2110"), H("2210"))  # activate, act
        await pilot.pause()
        ev = [e for e in s.state.events if e.table == "coup_harassment"][0]
        assert (ev.row, ev.column, ev.result) == (6, 6, "Ae")
        assert s.state.unit("002").box is Box.ELIMINATED  # 10.72, 18.4
        tables = game(app).query_one(TablesPanel)
        assert tables.last is ev and tables.name_ == "coup_harassment"
        assert "(10.72)" in game(app).query_one("#log-pane", LogView).shown_text()


async def test_a_double_cross_spends_the_chits_shown_in_the_chit_box():
    app = app_for(
        pos("""
        phase = "recruitment"
        phasing = "abwehr"
        dice = [1]
        [units]
        "101" = { hex = "2210", controller = "ss" }
        "301" = { hex = "2110" }
        [chits]
        abwehr = ["L101", "DC1"]
        """)
    )  # 8 vs 7: +1, die 1: R
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        chits = panel(app, "#chitbox")
        assert "Loyalty chit of Bormann (L101)" in chits and "DC1" in chits
        await cursor_to(pilot, app, H("2210"))
        await pilot.press("enter")  # recruit Bormann (12.61)
        await cursor_to(pilot, app, H("2110"))
        await pilot.press("enter", "r")  # Dohnanyi joins; roll
        assert s.state.unit("101").controller is Player.ABWEHR
        chits = panel(app, "#chitbox")
        assert "L101" not in chits and "DC1" not in chits  # 12.62: both spent
        assert "Your chits (0)" in chits


async def test_r_at_the_end_plays_the_same_game_again_with_a_new_deal_and_the_sides_swapped(tmp_path):
    """Locally a rematch is a new game set up as the last (the human's side swapped
    against the computer; hot-seat the same seats), on a new secret deal."""
    from plot_tui.app import PlotApp
    from plot_tui.screens import GameSetup

    from .helpers import HOTSEAT, quick

    s = app_for(last_status_phase())._session
    setup = GameSetup(hotseat=True, seed=5)
    app = PlotApp(session=s, setup=setup, settings=quick(), records=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("P")
        await hand_over(pilot, app)
        await pilot.press("d")  # no coup: 18.74
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "r rematch, sides swapped" in " ".join(str(w.render()) for w in app.screen.query("Static"))
        await pilot.press("r")
        for _ in range(50):
            if session_of(app) is not s:
                break
            await pilot.pause(0.05)
        new = session_of(app)
        assert new is not s and new.state.outcome is None and new.actions == 0
        assert new.seats == HOTSEAT and not new.chosen_seed  # a new, secret deal
        assert app._started == GameSetup(hotseat=True, side=Player.ABWEHR, seed=None)
        assert list(tmp_path.glob("*.plot.jsonl"))  # saved like any new game


async def test_a_game_screen_left_stops_its_computer():
    """A lesson or a game left at one keyboard: its table is closed, so its computer
    neither plays nor writes on behind the screen that replaced it."""
    from plot_core import new_game
    from plot_session.session import Seat, Session
    from plot_tui.app import PlotApp

    app = PlotApp(session=Session(new_game(2), {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = game(app)
        table = screen.controller.table
        await pilot.pause()
        screen.dismiss()
        await pilot.pause()
        assert table.closed and screen not in app.screen_stack
        played = table.session.actions
        table.changed()  # what a late answer would do: nothing moves
        await pilot.pause(0.2)
        assert table.session.actions == played


async def test_a_key_that_reaches_the_board_while_its_map_is_gone_does_nothing():
    """Over SSH keys outrun screens: a number typed as the game screen is taken down (its
    map gone before the screen) is dropped, not run against widgets that are not there."""
    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        screen = game(app)
        await screen.query_one(MapView).remove()
        await pilot.press("1", "enter", "tab")
        await pilot.pause()
        assert s.actions == 0 and app.screen is screen and app.is_running
