"""The tutorial from the keyboard: plot learn lists the lessons, each opens on
its card, is played against the computer, and ends when the engine sees its goal met."""

from __future__ import annotations

import pytest

from plot_core import Player, load_rules, parse_action
from plot_core.hexgrid import parse_hex
from plot_core.lessons import load_lessons
from plot_session.settings import SettingsFile
from plot_tui.app import PlotApp
from plot_tui.learn import LessonCard, LessonDone, LessonList, LessonScreen
from plot_tui.screens import NewGameScreen

from .helpers import quick, until

pytestmark = pytest.mark.asyncio

RULES = load_rules()
LESSONS = load_lessons(RULES)
H = parse_hex


async def open_lesson(pilot, app, n: int) -> LessonScreen:
    await until(pilot, lambda: isinstance(app.screen, LessonList), "the list of lessons")
    box = app.screen.query_one("OptionList")
    box.highlighted = n
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, LessonCard), "the lesson's card")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, LessonScreen), "the lesson's board")
    return app.screen


async def take_lessons_in_one_sitting(taken: list[int]) -> None:
    """Lessons from the list one after another, as a learner takes them: each played
    to its goal, ticked and kept; the others stay unticked."""
    settings = quick()
    app = PlotApp(RULES, settings=settings, learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for n in taken:
            lesson = LESSONS[n]
            screen = await open_lesson(pilot, app, n)
            assert lesson.goal in str(screen.prompt_pane.notice)
            for step in lesson.solution:
                await until(
                    pilot,
                    lambda s=screen: s.controller.my_move() or isinstance(app.screen, LessonDone),
                    f"{lesson.key}: {step}",
                )
                if isinstance(app.screen, LessonDone):
                    break
                screen.act(parse_action(step))
                await pilot.pause()
            await until(pilot, lambda: isinstance(app.screen, LessonDone), f"{lesson.key} done")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, LessonList), "the list again")
            assert lesson.key in settings.settings.lessons_done  # ticked, and kept
        ticks = [str(o.prompt) for o in app.screen.query_one("OptionList")._options]
        assert [t.startswith("✓") for t in ticks[: len(LESSONS)]] == [n in taken for n in range(len(LESSONS))]
        assert [t.strip() for t in ticks[len(LESSONS) :]] == [  # then the guided games
            "A whole game as the Abwehr, with a coach",
            "A whole game as the SS, with a coach",
        ]


async def test_the_first_and_the_last_lesson_are_finished_one_after_another():
    # (each lesson's solution reaching its goal is checked on the engine in
    # test_lessons.py; the whole tutorial by the keyboard is the soak below)
    await take_lessons_in_one_sitting([0, len(LESSONS) - 1])


@pytest.mark.slow  # ~40 s: under make bench
async def test_every_lesson_can_be_finished_from_its_start_one_after_another():
    """The whole tutorial in one sitting."""
    await take_lessons_in_one_sitting(list(range(len(LESSONS))))


async def test_the_movement_lesson_by_keys_with_a_hint_and_the_rules():
    app = PlotApp(RULES, settings=SettingsFile(None), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, [ls.key for ls in LESSONS].index("01-movement"))
        await pilot.press("L")  # the goal and a first hint
        await until(pilot, lambda: isinstance(app.screen, LessonCard), "the card")
        assert "Hint 1" in str(app.screen.query_one("Static").render())
        await pilot.press("enter")
        await pilot.press("C")  # the rules: its cases too
        await until(pilot, lambda: app.screen.__class__.__name__ == "RulesScreen", "rules")
        assert "11.32" in app.screen.shown[:6]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the board")
        from plot_tui.mapview import MapView

        mapview = screen.query_one(MapView)
        mapview.move_to(H("1813"))
        await pilot.press("enter")  # activate Oster
        mapview.move_to(H("2312"))
        await pilot.press("enter", "enter")  # the way round the zones, said; then walked
        await until(
            pilot, lambda: screen.controller.table.session.state.unit("303").hex == H("2312"), "the walk"
        )
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, LessonDone), "the lesson done")


async def test_l_on_the_new_game_screen_opens_the_lessons_and_esc_comes_back():
    app = PlotApp(RULES, settings=quick())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, LessonList), "the lessons")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "back to a new game")


async def test_q_in_a_lesson_goes_back_to_the_list_without_ticking_it():
    settings = quick()
    app = PlotApp(RULES, settings=settings, learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lesson(pilot, app, 1)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LessonList), "the list")
        assert settings.settings.lessons_done == ()


async def test_a_wrong_try_in_a_lesson_gets_the_engines_reason_and_a_hint():
    app = PlotApp(RULES, settings=quick(), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        n = [ls.key for ls in LESSONS].index("09-assignment")
        screen = await open_lesson(pilot, app, n)
        await until(pilot, lambda: screen.controller.my_move(), "the Allied unit to place")
        screen.act(parse_action("assign 000 3215"))  # before the Allied unit is placed
        said = str(screen.prompt_pane.message)
        assert "Not allowed" in said and "7.11" in said
        assert f". Hint: {LESSONS[n].hints[0]}" in said  # the reason ends before the hint


async def test_a_placement_that_misses_the_goal_is_said_at_once_and_esc_leaves_the_lesson():
    """Heydrich placed at 2316, not next to Hitler: the lesson says so (it used to carry
    on as if nothing were wrong), undo takes it back, and Esc leaves for the list."""
    app = PlotApp(RULES, settings=quick(), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, [ls.key for ls in LESSONS].index("00-setting-up"))
        screen.act(parse_action("place 001 2316"))
        await until(pilot, lambda: "That misses the goal" in str(screen.prompt_pane.notice), "the miss said")
        said = str(screen.prompt_pane.notice)
        assert "Heydrich was placed at 2316" in said and "u takes steps back" in said
        await pilot.press("u")
        await until(pilot, lambda: screen.controller.table.session.state.unit("001").hex is None, "undone")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LessonList), "the list again")


async def test_at_80x24_the_card_asked_for_a_hint_shows_the_hint():
    """L in a lesson: the card opens at its end, where the newest hint is (at 80x24 the
    card's text is taller than the screen, and the hints were below it)."""
    from textual.containers import VerticalScroll
    from textual.geometry import Region
    from textual.widgets import Static

    app = PlotApp(RULES, settings=quick(), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        n = [ls.key for ls in LESSONS].index("07-victory")  # the longest card
        await open_lesson(pilot, app, n)
        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, LessonCard), "the card")
        await pilot.pause()
        box, text = app.screen.query_one(VerticalScroll), app.screen.query_one(Static)
        top, height = round(box.scroll_y), box.size.height
        seen = " ".join(s.text for s in text.render_lines(Region(0, top, text.size.width, height)))
        assert "Hint 1:" in " ".join(seen.split()), seen


async def test_l_gives_the_hint_for_where_the_learner_is():
    """The coup lesson, its phase ended: L's newest hint is about the Führer Access
    chits, not "P ends the Recruitment Phase" (hints once came in a fixed order)."""
    from textual.widgets import Static

    from plot_core import parse_action

    app = PlotApp(RULES, settings=quick(), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, [ls.key for ls in LESSONS].index("06-coup"))
        screen.act(parse_action("end-phase"))
        session = screen.controller.table.session
        await until(pilot, lambda: session.actions_of(Player.ABWEHR), "the phase ended")
        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, LessonCard), "the card")
        card = " ".join(str(app.screen.query_one(Static).render()).split())
        assert "Hint 2: Reveal both Führer Access chits with their numbers." in card, card


async def test_esc_calls_off_a_walk_said_and_then_leaves_the_lesson():
    from plot_tui.mapview import MapView

    app = PlotApp(RULES, settings=quick(), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, [ls.key for ls in LESSONS].index("01-movement"))
        mapview = screen.query_one(MapView)
        mapview.move_to(H("1813"))
        await pilot.press("enter")  # Oster moves
        mapview.move_to(H("2312"))
        await pilot.press("enter")  # the way there, said and marked
        await until(pilot, lambda: bool(mapview.way), "the way marked")
        await pilot.press("escape")
        await until(pilot, lambda: not mapview.way, "the way gone")
        assert isinstance(app.screen, LessonScreen) and "The walk is called off." in str(
            screen.prompt_pane.message
        )
        await pilot.press("enter")  # asked again, not walked
        await until(pilot, lambda: bool(mapview.way), "the way marked again")
        assert screen.controller.table.session.state.unit("303").hex == H("1813")
        await pilot.press("escape", "escape")
        await until(pilot, lambda: isinstance(app.screen, LessonList), "the list again")


@pytest.mark.asyncio
async def test_the_lesson_list_right_aligns_its_numbers():
    app = PlotApp(RULES, settings=quick(), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LessonList), "the list of lessons")
        box = app.screen.query_one("OptionList")
        titles = [str(box.get_option_at_index(i).prompt) for i in range(len(LESSONS))]
        assert len(LESSONS) >= 10
        assert titles[0] == f"   1. {LESSONS[0].title}" and titles[9] == f"  10. {LESSONS[9].title}"


async def test_a_first_decision_among_a_few_hexes_out_of_sight_is_shown():
    """9.62: Hitler's hex at Rastenburg, chosen by the SS at the lesson's first decision,
    is far from Berlin, where a game's map opens: the map goes there, as Tab would."""
    from plot_tui.mapview import MapView

    app = PlotApp(RULES, settings=quick(), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, app, [ls.key for ls in LESSONS].index("15-hitler-to-rastenburg"))
        mapview = screen.query_one(MapView)
        await until(pilot, lambda: mapview.cursor in (H("3405"), H("3506")), "the cursor at Rastenburg")
        assert mapview.in_sight(H("3405")) and mapview.in_sight(H("3506"))
