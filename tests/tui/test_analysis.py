"""plot analyse: a finished game's chances after every action, and where they turned."""

from __future__ import annotations

import attrs
import pytest

from plot_cli.main import main
from plot_core.engine import PHASE_TITLES
from plot_record import load_record
from plot_session.analysis import NotFinished, account, analyse, sparkline
from record.helpers import recorded_game


@pytest.fixture(scope="module")
def finished(tmp_path_factory, rules):
    path = tmp_path_factory.mktemp("an") / "g.plot.jsonl"
    recorded_game(path, rules, 41)
    return path


def test_the_chances_follow_every_action_and_end_exact(finished, rules):
    record = load_record(finished, rules)
    a = analyse(record, top=3)
    assert len(a.chances) == len(record.timeline) + 1
    winner = record.timeline.final.outcome.winner
    assert a.chances[-1] == (
        (1.0, 0.0) if winner == "ss" else (0.0, 1.0) if winner == "abwehr" else (0.0, 0.0)
    )
    assert all(0.0 <= ss <= 1.0 and 0.0 <= ab <= 1.0 and ss + ab <= 1.0 + 1e-9 for ss, ab in a.chances)
    swings = [p.swing for p in a.turning_points]
    assert len(swings) == 3 and swings == sorted(swings, reverse=True) and swings[0] > 0
    for p in a.turning_points:  # each names its action and the chances
        assert a.chances[p.i - 1] == p.before and a.chances[p.i] == p.after
    # ... and the phase it was made in, which the action may end
    tl = record.timeline
    ended = [
        p for p in analyse(record, top=1000).turning_points if tl.phase_key(p.i) != tl.phase_key(p.i - 1)
    ]
    assert ended, "some turning point should end its phase"
    for p in ended:
        assert p.turn.endswith(PHASE_TITLES[tl.state_at(p.i - 1).phase]), p


def test_an_analysis_kept_by_an_older_version_names_the_phase_each_action_was_made_in(finished, rules):
    import json

    from plot_session.analysis import Kept, analysis_path, kept_analysis, made_in

    record = load_record(finished, rules)
    fresh = kept_analysis(record, top=3)
    path = analysis_path(finished)
    data = json.loads(path.read_text(encoding="utf-8"))
    for p in data["analysis"]["points"]:
        p["turn"] = "Game-Turn 99, the phase after it"  # as an older version kept it
    path.write_text(json.dumps(data), encoding="utf-8")
    kept = Kept(record).analysis(3)
    assert kept is not None and kept.turning_points == fresh.turning_points
    tl = record.timeline
    assert [p.turn for p in kept.turning_points] == [made_in(tl, p.i) for p in fresh.turning_points]
    for wrong in (0, -1, len(tl) + 1):  # no such action: the kept analysis is not used
        with pytest.raises(ValueError, match=f"no action {wrong} in a record of {len(tl)}"):
            made_in(tl, wrong)
        data["analysis"]["points"][0]["i"] = wrong
        path.write_text(json.dumps(data), encoding="utf-8")
        assert Kept(record).analysis(3) is None


def test_the_account_and_the_command_say_it_in_words(finished, rules, capsys):
    record = load_record(finished, rules)
    lines = account(record, analyse(record))
    assert lines[0].startswith("Analysis of g.plot.jsonl: ")
    assert any(ln.startswith("  Abwehr  ") for ln in lines)
    assert main(["analyse", str(finished), "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "Turning points" in out and out.count("  action ") == 2


def test_an_unfinished_game_is_refused_with_the_reason(tmp_path, rules, capsys):
    path = tmp_path / "u.plot.jsonl"
    recorded_game(path, rules, 41, limit=20)
    with pytest.raises(NotFinished, match="not finished"):
        analyse(load_record(path, rules))
    assert main(["analyse", str(path)]) == 1
    assert "the game is not finished" in capsys.readouterr().err


def test_a_sparkline_is_one_line_at_most_the_width_asked():
    line = sparkline([i / 999 for i in range(1000)], width=50)
    assert len(line) <= 50 and line[0] == "▁" and line[-1] == "█"


def test_a_chart_that_cannot_be_written_is_said_by_its_path(finished, tmp_path, capsys):
    chart = tmp_path / "no such folder" / "chart.svg"
    assert main(["analyse", str(finished), "--svg", str(chart)]) == 1
    err = capsys.readouterr().err
    assert f"plot: the chart could not be written to {chart}: " in err and "Traceback" not in err
    assert not chart.exists()


def test_the_chart_is_an_svg_file_with_both_lines_and_an_escaped_title(finished, rules, tmp_path, capsys):
    import xml.etree.ElementTree as ET

    chart = tmp_path / "chart.svg"
    assert main(["analyse", str(finished), "--svg", str(chart)]) == 0
    assert f"The chart is in {chart}." in capsys.readouterr().out
    root = ET.fromstring(chart.read_text(encoding="utf-8"))
    lines = root.findall("{http://www.w3.org/2000/svg}polyline")
    record = load_record(finished, rules)
    assert len(lines) == 2
    assert all(len(p.get("points").split()) == len(record.timeline) + 1 for p in lines)
    from plot_session.analysis import svg

    assert "<b>" not in svg(analyse(record), "<b>x</b>")


@pytest.mark.asyncio
async def test_the_replay_viewer_shows_the_chances_and_e_jumps_to_turning_points(finished, rules):
    from plot_session.analysis import EXPERT_TRIALS, Kept
    from plot_session.replay import Replay
    from plot_tui.app import PlotApp
    from plot_tui.replay_screen import ReplayScreen

    from .helpers import until

    replay = Replay(load_record(finished, rules))
    app = PlotApp(rules, replay=replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: bool(replay.turning), "the turning points")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("e")
        await pilot.pause()
        assert replay.i == replay.turning[0]
        shown = str(screen.query_one("#timeline").render())
        assert "Abwehr " in shown and "% here (the expert's evaluation)" in shown
        await pilot.press("e")
        await pilot.pause()
        assert replay.i == replay.turning[1]
        await pilot.press("E")
        await pilot.pause()
        assert replay.i == replay.turning[0]
        # at a turning point the prompt says how the chances moved, and the expert, asked
        # as the viewer got there, what it would have done (kept beside the record)
        point = replay.turning_point()
        assert point is not None and point.i == replay.i
        await until(pilot, lambda: point.i in replay.better, "the expert's answer")
        said = " ".join(str(screen.query_one("#prompt").render()).split())
        assert f"A turning point ({point.turn}): SS {100 * point.before[0]:.0f}% -> " in said
        alt = replay.better[point.i]
        assert alt is None or alt.plan in said
        assert ("The expert agrees: " in said) or ("The expert would rather: " in said) or alt is None
        assert Kept(replay.record).alternative(EXPERT_TRIALS, point.i) == alt  # plot analyse finds it
    again = Replay(load_record(finished, rules))
    app = PlotApp(rules, replay=again)
    async with app.run_test(size=(120, 40)) as pilot:  # a second look: already known
        await until(pilot, lambda: bool(again.turning), "the turning points")
        assert again.better.get(point.i) == alt


def test_at_each_turning_point_the_expert_says_what_it_would_have_done(finished, rules, capsys):
    from plot_session.analysis import alternatives

    record = load_record(finished, rules)
    a = analyse(record, top=3)
    better = alternatives(record, a.turning_points, trials=40)
    assert better and {b.i for b in better} <= {p.i for p in a.turning_points}
    assert all(b.plan and 0.0 <= b.estimate <= 1.0 for b in better)
    lines = account(record, a, better)
    assert sum("the expert agrees" in ln or "the expert would rather" in ln for ln in lines) == len(better)
    assert main(["analyse", str(finished), "--top", "1", "--expert", "40"]) == 0
    assert "the expert " in capsys.readouterr().out


def test_a_second_run_reads_what_the_first_kept_beside_the_record(tmp_path, rules, capsys, monkeypatch):
    from plot_session import analysis as an

    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 41)
    assert main(["analyse", str(path), "--top", "2", "--expert", "20"]) == 0
    first = capsys.readouterr()
    progress = first.err.splitlines()  # a bar and the words, a line per search
    assert "plot analyse: [....................] the expert searches turning point 1 of 2" in progress[0]
    assert "plot analyse: [##########..........] the expert searches turning point 2 of 2" in progress[1]
    kept = an.analysis_path(path)
    assert kept.name == "g.plot.analysis.json" and kept.exists()

    # a second run asks neither the evaluation nor the expert anything, and says the same
    def no(*args, **kwargs):
        raise AssertionError("worked out again")

    monkeypatch.setattr(an, "analyse", no)
    monkeypatch.setattr(an, "alternatives", no)
    assert main(["analyse", str(path), "--top", "2", "--expert", "20"]) == 0
    second = capsys.readouterr()
    assert second.out == first.out and "searches" not in second.err


def test_a_run_stopped_half_way_goes_on_from_where_it_stopped(tmp_path, rules, monkeypatch):
    from plot_session import analysis as an

    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 41)
    record = load_record(path, rules)
    points = an.kept_analysis(record, top=3).turning_points
    real, asked = an.alternatives, []

    def stops_after_one(rec, pts, *, trials, think=None):
        if asked:
            raise KeyboardInterrupt  # the host pressed Ctrl-C
        asked.append(pts[0].i)
        return real(rec, pts, trials=trials, think=think)

    monkeypatch.setattr(an, "alternatives", stops_after_one)
    with pytest.raises(KeyboardInterrupt):
        an.kept_alternatives(record, points, trials=20)
    monkeypatch.setattr(
        an,
        "alternatives",
        lambda rec, pts, *, trials, think=None: (asked.append(pts[0].i), real(rec, pts, trials=trials))[1],
    )
    an.kept_alternatives(record, points, trials=20)
    assert asked == [p.i for p in points]  # each point searched once, in all


def test_an_analysis_kept_for_another_record_is_not_used(tmp_path, rules):
    from plot_session import analysis as an

    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 41)
    an.analysis_path(path).write_text(
        '{"format": "plot-analysis", "record": "other", "analysis": {"chances": [], "points": []}}\n'
    )
    a = an.kept_analysis(load_record(path, rules), top=2)
    assert len(a.chances) > 1  # worked out, not the stale file's


def test_the_calibration_compares_the_chances_given_with_the_games_won(capsys):
    from plot_session.analysis import calibration

    bins = calibration(2, seed=2_000_000)
    for side in ("ss", "abwehr"):
        mine = [b for b in bins if b.side.value == side]
        assert mine and [b.low for b in mine] == sorted(b.low for b in mine)
        for b in mine:
            assert b.low <= b.predicted < b.low + 0.1 + 1e-9 and 0.0 <= b.won <= 1.0
    # both sides' bins count the same positions (each position is in one bin per side)
    assert sum(b.positions for b in bins if b.side.value == "ss") == sum(
        b.positions for b in bins if b.side.value == "abwehr"
    )
    assert main(["analyse", "--calibration", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Calibration of the evaluation: 1 game of") and "mean given" in out
    assert main(["analyse"]) == 2


def test_the_export_adds_the_chances_by_phase_the_turning_points_and_the_chart(finished, rules, capsys):
    import xml.etree.ElementTree as ET

    from plot_session.analysis import chart_path, kept_analysis

    record = load_record(finished, rules)
    a = kept_analysis(record)
    assert main(["export", str(finished), "--chances"]) == 0
    out = capsys.readouterr().out
    by_phase = (
        out.split("(the expert's evaluation; the Allies win if neither side does, 18.73):\n")[1]
        .split("\n\n")[0]
        .splitlines()
    )
    # one line as each phase began (the first action of each), then the end
    starts = [
        s
        for k, s in enumerate(record.timeline.steps)
        if k == 0
        or (s.turn, s.coup_turn, s.phase)
        != (
            record.timeline.steps[k - 1].turn,
            record.timeline.steps[k - 1].coup_turn,
            record.timeline.steps[k - 1].phase,
        )
    ]
    assert len(by_phase) == len(starts) + 1
    ss, ab = a.chances[starts[1].i - 1]
    allies = max(0.0, 1.0 - ss - ab)
    assert by_phase[1].endswith(
        f": SS {100 * ss:.0f}%, Abwehr {100 * ab:.0f}%, the Allies {100 * allies:.0f}%"
    )
    assert by_phase[-1].startswith("  at the end: ")
    # a Game-Turn's phases say whose Player-Turn they are in (5.2)
    first_turn = [line for line in by_phase if line.startswith("  Game-Turn 1, ")]
    assert any(line.startswith("  Game-Turn 1, Abwehr Movement and Harassment") for line in first_turn)
    assert any(line.startswith("  Game-Turn 1, SS Movement and Harassment") for line in first_turn)
    assert out.count("  action ") == len(a.turning_points)
    chart = chart_path(finished)
    assert f"The chart of the chances is in {chart}." in out
    root = ET.fromstring(chart.read_text(encoding="utf-8"))
    assert all(
        len(p.get("points").split()) == len(record.timeline) + 1
        for p in root.findall("{http://www.w3.org/2000/svg}polyline")
    )


def test_the_export_of_an_unfinished_game_has_no_chances(tmp_path, rules, capsys):
    path = tmp_path / "u.plot.jsonl"
    recorded_game(path, rules, 41, limit=20)
    assert main(["export", str(path), "--as", "ss", "--chances"]) == 2
    assert "--chances is for finished games" in capsys.readouterr().err


def _other_side_shuffled(state, side, rnd):
    """``state`` with the other side's chits swapped at random with chits in the cup: a
    difference ``side`` cannot see (its view counts both, names neither)."""
    enemy = side.enemy.value
    places = [i for i, where in enumerate(state.chits) if where in (enemy, "cup")]
    held = sum(1 for i in places if state.chits[i] == enemy)
    chosen = set(rnd.sample(places, held))
    chits = list(state.chits)
    for i in places:
        chits[i] = enemy if i in chosen else "cup"
    return attrs.evolve(state, chits=tuple(chits))


def test_one_sides_chances_of_an_unfinished_game_use_nothing_it_cannot_see(tmp_path, rules, capsys):
    import random

    from plot_core import Player, view
    from plot_session.analysis import seen_chances

    path = tmp_path / "u.plot.jsonl"
    recorded_game(path, rules, 41, limit=120)
    record = load_record(path, rules)
    rnd, compared = random.Random(7), 0
    for side in Player:
        for i in range(0, len(record.timeline) + 1, 10):
            state = record.timeline.state_at(i)
            other = _other_side_shuffled(state, side, rnd)
            if other.chits == state.chits:
                continue
            assert view(other, side) == view(state, side)  # the difference is hidden...
            assert seen_chances(other, side, i) == seen_chances(state, side, i)  # ...and unused
            compared += 1
    assert compared > 10
    assert main(["analyse", str(path), "--as", "abwehr", "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Analysis of u.plot.jsonl: 120 actions; unfinished.")


def test_worker_processes_find_what_one_process_finds_and_keep_it(finished, rules, tmp_path):
    """--procs: the turning points searched at once, in worker processes; each search is
    the same as in one process (its draws are seeded by the point), and kept as found."""
    import shutil

    from plot_session import analysis as an

    alone = tmp_path / "alone.plot.jsonl"
    shutil.copy(finished, alone)
    record = load_record(alone, rules)
    points = an.kept_analysis(record, top=3).turning_points
    told = []
    together = an.kept_alternatives(
        record, points, trials=20, procs=2, progress=lambda k, n, p: told.append(k)
    )
    assert told == [1, 2, 3][: len(points)]
    assert together == an.alternatives(record, points, trials=20)
    kept = an.Kept(load_record(alone, rules))
    assert all(kept.asked(20, p.i) for p in points)  # a second run asks nothing


def test_the_expert_may_search_for_a_time_instead_of_a_number_of_trials(finished, rules, tmp_path, capsys):
    import shutil

    from plot_session import analysis as an

    copy = tmp_path / "t.plot.jsonl"
    shutil.copy(finished, copy)
    assert main(["analyse", str(copy), "--top", "2", "--think", "0.05"]) == 0
    assert "the expert " in capsys.readouterr().out
    kept = an.Kept(load_record(copy, rules))
    points = an.kept_analysis(load_record(copy, rules), top=2, kept=kept).turning_points
    assert all(kept.asked("0.05s", p.i) for p in points) and not kept.asked(300, points[0].i)
    with pytest.raises(SystemExit):  # refused by the argument parser, saying why
        main(["analyse", str(copy), "--think", "0"])
    assert "must be more than 0" in capsys.readouterr().err
