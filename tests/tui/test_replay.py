"""The replay viewer, driven by keys as a player would."""

from __future__ import annotations

import re

import pytest

from plot_core import Player, load_rules
from plot_core.wording import words
from plot_record import load_record
from plot_session.replay import EVERYONE, Replay
from plot_tui.app import PlotApp
from plot_tui.replay_screen import ReplayScreen
from record.helpers import recorded_game


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replays")
    rules = load_rules()
    recorded_game(folder / "done.plot.jsonl", rules, 7)
    recorded_game(folder / "open.plot.jsonl", rules, 8, limit=150)
    return {name: load_record(folder / f"{name}.plot.jsonl", rules) for name in ("done", "open")}


def viewer(app: PlotApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen), app.screen
    return app.screen


def text(app: PlotApp, selector: str) -> str:
    return str(viewer(app).query_one(selector).render())


def in_sight(app: PlotApp, selector: str) -> str:
    """What the pane shows as far as its height lets it, its lines joined by spaces."""
    from textual.geometry import Region

    pane = viewer(app).query_one(selector)
    w, h = pane.outer_size
    return " ".join(" ".join(strip.text for strip in pane.render_lines(Region(0, 0, w, h))).split())


@pytest.mark.asyncio
async def test_stepping_and_jumping_by_keys(records):
    record = records["done"]
    tl = record.timeline
    app = PlotApp(replay=Replay(record))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        r = viewer(app).replay
        assert r.i == 0 and re.search(r"Start of the game \w+, seed 7,", text(app, "#prompt"))
        assert f"0/{len(tl)}" in text(app, "#timeline")
        await pilot.press("full_stop", "full_stop", "full_stop")
        assert r.i == 3
        step = tl.steps[2]
        said = text(app, "#prompt")  # in words, then as recorded
        assert f"3 {'SS' if step.side is Player.SS else 'Abwehr'}: " in said
        assert f"   [{step.action}]" in said
        before = tl.state_at(2)
        assert words(before.rules, before, step.action) in said
        await pilot.press("comma")
        assert r.i == 2
        await pilot.press("right_square_bracket")
        assert r.i == tl.next_change(2, tl.phase_key)
        await pilot.press("right_curly_bracket")
        turn_start = r.i
        assert tl.turn_key(turn_start) != tl.turn_key(turn_start - 1)
        await pilot.press("pagedown")
        assert r.i == tl.next_change(turn_start, tl.turn_key)
        await pilot.press("left_curly_bracket")
        assert r.i == turn_start
        await pilot.press("end")
        assert r.i == len(tl)
        o = tl.final.outcome
        assert f"End of the record: {o.reason}" in text(app, "#prompt").replace("\n", " ")
        await pilot.press("full_stop")
        assert r.i == len(tl) and "end of the record" in text(app, "#prompt")
        await pilot.press("home")
        assert r.i == 0
        await pilot.press("r")
        assert r.i == tl.next_where(0, lambda s: s.rolled)
        assert any(e.roll for e in tl.steps[r.i - 1].events)
        for e in tl.steps[r.i - 1].events:  # the roll stopped at is in sight, however much it caused
            if e.roll:
                assert " ".join(e.text.split()) in in_sight(app, "#prompt"), in_sight(app, "#prompt")
        await pilot.press("v")
        assert r.i == tl.next_where(0, lambda s: s.coup)
        assert "coup" in text(app, "#prompt")
        await pilot.press("R")
        assert r.i == tl.prev_where(tl.next_where(0, lambda s: s.coup), lambda s: s.rolled)


@pytest.mark.asyncio
async def test_eyes_of_a_finished_game_include_everyone(records):
    record = records["done"]
    app = PlotApp(replay=Replay(record))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        r = viewer(app).replay
        assert r.eyes is EVERYONE
        await pilot.press("full_stop")
        await pilot.press("w")
        chits = text(app, "#chitbox")
        assert "SS chits" in chits and "Abwehr chits" in chits
        assert "Seen by: everyone" in text(app, "#status")
        await pilot.press("p")
        assert r.eyes is Player.SS and "Seen by: SS" in text(app, "#status")
        await pilot.press("p")
        assert r.eyes is Player.ABWEHR
        await pilot.press("p")
        assert r.eyes is EVERYONE


@pytest.mark.asyncio
async def test_an_unfinished_game_never_shows_the_other_sides_chits(records):
    record = records["open"]
    tl = record.timeline
    app = PlotApp(replay=Replay(record))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        r = viewer(app).replay
        assert r.eyes is Player.SS and not record.finished
        seen = set()
        for _ in range(4):
            for i in (0, 1, 40, 90, len(tl)):
                r.go(i)
                viewer(app).redraw()
                await pilot.pause()
                other = Player.ABWEHR if r.eyes is Player.SS else Player.SS
                hidden = set(tl.state_at(i).chits_of(other.value))
                screen = " ".join(text(app, sel) for sel in ("#chitbox", "#prompt", "#status", "#info"))
                screen += " ".join(str(t) for t in viewer(app).log_lines.texts)
                leaked = [
                    c
                    for c in hidden
                    if c not in tl.state_at(i).chits_of(r.eyes.value)
                    and f" {c}" in screen
                    and c not in _public_chits(tl, i)
                ]
                assert not leaked, f"position {i}, eyes {r.eyes}: {leaked}"
            seen.add(r.eyes)
            await pilot.press("p")
        assert seen == {Player.SS, Player.ABWEHR}  # never everyone


def _public_chits(tl, i):
    """Chits shown openly by then (revealed, played, laid): their ids may appear."""
    out = set()
    for st in tl.steps[:i]:
        if st.action.chit:
            out.add(st.action.chit)
        for e in st.events:
            if e.private is None:
                out.update(w.strip(",.():") for w in e.text.split())
    return out


@pytest.mark.asyncio
async def test_space_plays_on_and_any_jump_pauses(records):
    app = PlotApp(replay=Replay(records["done"]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        r = viewer(app).replay
        await pilot.press("space")
        assert "▶" in text(app, "#timeline")
        await pilot.pause(1.0)
        assert r.i >= 2
        await pilot.press("comma")
        here = r.i
        await pilot.pause(0.8)
        assert r.i == here and "▶" not in text(app, "#timeline")


@pytest.mark.asyncio
async def test_help_and_leaving(records):
    app = PlotApp(replay=Replay(records["done"]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert "Replay keys" in app.screen.shown_text()
        await pilot.press("x")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


def test_everyone_is_refused_for_an_unfinished_game(records):
    r = Replay(records["open"])
    with pytest.raises(ValueError, match="not finished"):
        r.look(EVERYONE)
    assert r.perspectives() == [Player.SS, Player.ABWEHR]


@pytest.mark.asyncio
async def test_p_keeps_to_the_humans_eyes_in_an_unfinished_game_against_the_computer(records):
    import attrs

    open_game = records["open"]
    mine = attrs.evolve(
        open_game, header=attrs.evolve(open_game.header, players={"ss": "computer", "abwehr": "human"})
    )
    app = PlotApp(replay=Replay(mine))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert viewer(app).replay.eyes is Player.ABWEHR
        await pilot.press("p")
        assert viewer(app).replay.eyes is Player.ABWEHR
        said = in_sight(app, "#prompt")  # whole, however much the step says
        assert (
            "Now seen by Abwehr (the computer's side and everyone's views come only when the game is over)."
            in said
        ), said


@pytest.mark.asyncio
async def test_a_record_with_a_cut_off_last_line_says_so(tmp_path):
    rules = load_rules()
    path = tmp_path / "cut.plot.jsonl"
    recorded_game(path, rules, 8, limit=30)
    path.write_bytes(path.read_bytes()[:-9])
    app = PlotApp(replay=Replay(load_record(path, rules)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Warning:" in text(app, "#prompt") and "cut off" in text(app, "#prompt")
        assert len(viewer(app).replay.timeline) == 29


@pytest.mark.asyncio
async def test_c_opens_the_rules_at_the_cases_of_the_newest_log_lines(records):
    from plot_tui.rules_screen import RulesScreen, cited

    app = PlotApp(replay=Replay(records["done"]))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            await pilot.press("right")
        await pilot.pause()
        screen = viewer(app)
        newest = [
            n for t in reversed(screen.log_lines.texts[-5:]) for n in cited(t.plain, screen.rules.cases)
        ]
        await pilot.press("C")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert newest and app.screen.shown[0] == newest[0]


@pytest.mark.asyncio
async def test_c_on_the_tables_tab_puts_that_tables_case_first():
    from plot_tui.rules_screen import RulesScreen

    from .helpers import app_for, pos
    from .test_play import DUEL

    app = app_for(pos(DUEL.format(die=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")  # the Harassment Table first
        await pilot.pause()
        await pilot.press("C")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.shown[0] == "10.71"


@pytest.mark.asyncio
async def test_the_viewer_starts_in_the_players_colours_and_y_keeps_the_next(records, tmp_path):
    from plot_session.settings import Settings, SettingsFile
    from plot_tui.palettes import COLOUR_BLIND, HIGH_CONTRAST

    path = tmp_path / "settings.json"
    SettingsFile(path).save(Settings(palette="colour-blind"))
    app = PlotApp(replay=Replay(records["done"]), settings=SettingsFile(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert viewer(app).palette is COLOUR_BLIND and app.theme == "plot-colour-blind"
        await pilot.press("Y")
        await pilot.pause()
        assert viewer(app).palette is HIGH_CONTRAST and app.theme == "plot-high-contrast"
        assert "The map now shows high contrast" in " ".join(text(app, "#prompt").split())
    assert SettingsFile(path).settings.palette == "high-contrast"


def test_an_unfinished_game_has_no_turning_points_and_says_why(records):
    r = Replay(records["open"])
    for where in ("next-turning", "prev-turning"):
        assert r.jump(where) == "No turning points: they are worked out for finished games."


def test_a_finished_game_without_turning_points_yet_says_only_that_none_follow(records):
    r = Replay(records["done"])  # (its turning points are worked out as the viewer opens)
    assert r.jump("next-turning") == "No turning point after this one."


@pytest.mark.asyncio
async def test_o_in_the_replay_says_what_the_map_shows(records):
    app = PlotApp(replay=Replay(records["done"]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert "Overlay: zones of control (11.1)" in text(app, "#prompt")


def test_under_a_step_every_roll_is_said_first_then_the_last_of_what_else_it_caused():
    from plot_core.engine import Event
    from plot_tui.replay_screen import _said

    caused = [
        Event("6.0", "a"),
        Event("6.23", "die 6", roll=(6,)),
        Event("6.3", "b"),
        Event("6.4", "c"),
        Event("6.5", "d"),
    ]
    assert [e.text for e in _said(caused, 3)] == ["die 6", "c", "d"]
    assert [e.text for e in _said(caused[2:], 3)] == ["b", "c", "d"]
