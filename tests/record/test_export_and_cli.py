"""`plot export`, `plot games`, `plot resume` and `plot play --record` from the command line."""

from __future__ import annotations

import os
import re

import pytest

from plot_cli.main import main
from plot_core import Player, Verb
from plot_core.english import counted
from plot_core.wording import notation
from plot_record import RecordError, load_record
from plot_record.export import SIDE, text_account

from .helpers import recorded_game


@pytest.fixture
def finished(tmp_path, rules):
    path = tmp_path / "done.plot.jsonl"
    recorded_game(path, rules, 7)
    return path


@pytest.fixture
def unfinished(tmp_path, rules):
    path = tmp_path / "open.plot.jsonl"
    recorded_game(path, rules, 7, limit=60)
    return path


def private_draws(record, side: str) -> list[str]:
    return [
        e.text
        for st in record.timeline.steps
        for e in st.events
        if e.private is not None and e.private.value == side
    ] + [e.text for e in record.timeline.start.events if e.private is not None and e.private.value == side]


def test_the_account_goes_turn_by_turn_with_every_action(finished, rules):
    record = load_record(finished, rules)
    text = "\n".join(text_account(record))
    assert re.search(r"game \w+, seed 7, standard set-up; SS computer, Abwehr computer", text)
    assert "Seen by: everyone (the game is over)" in text
    turns = [int(m) for m in re.findall(r"^Game-Turn (\d+)", text, re.M)]
    assert turns[0] == 1 and turns == sorted(turns)
    for step in record.timeline.steps:  # in words, then as a player types it
        before = record.timeline.state_at(step.i - 1)
        assert re.search(
            rf"^\s+{step.i}\s+(SS|Abwehr)\s+\S.*   "
            rf"\[{re.escape(notation(before, step.action))}\]$",
            text,
            re.M,
        )
    moved = next(st for st in record.timeline.steps if st.action.verb is Verb.ACTIVATE)
    name = rules.units[moved.action.unit].short
    assert f"{moved.i}  {SIDE[moved.side]:<6}  Move {name} ({moved.action.unit})   [" in text
    o = record.timeline.final.outcome
    assert f"({o.case}): {o.reason}" in text
    assert "[SS only]" in text and "[Abwehr only]" in text
    # each side's Player-Turn is named (5.2): a Game-Turn's two Movement phases apart
    turn1 = text.split("\nGame-Turn 1\n")[1].split("\nGame-Turn 2\n")[0]
    abwehr = turn1.index("  Abwehr Player-Turn: Movement and Harassment (9.0, 10.0)\n")
    assert turn1.index("  SS Player-Turn: Movement and Harassment (9.0, 10.0)\n") > abwehr
    assert "Player-Turn: Assignment" not in text  # an inter-phase is both sides'


def test_one_sides_account_holds_none_of_the_others_secrets(unfinished, rules):
    record = load_record(unfinished, rules)
    ss = "\n".join(text_account(record, "ss"))
    hidden = private_draws(record, "abwehr")
    assert hidden and not any(h in ss for h in hidden)
    assert all(h in ss for h in private_draws(record, "ss"))
    assert "Seen by: the SS player only" in ss and "Not finished: 60 actions so far" in ss


def test_all_is_refused_for_an_unfinished_game(unfinished, rules, capsys):
    with pytest.raises(RecordError, match="not finished"):
        list(text_account(load_record(unfinished, rules), "all"))
    assert main(["export", str(unfinished), "--text"]) == 2
    assert "add --as ss or --as abwehr" in capsys.readouterr().err
    assert main(["export", str(unfinished), "--text", "--as", "all"]) == 2


def test_plot_export_prints_the_account(finished, capsys):
    assert main(["export", str(finished), "--text"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Plot to Assassinate Hitler — account of a recorded game")
    assert "Result:" in out


def test_plot_games_lists_what_is_saved(_games_folder, rules, capsys):
    assert main(["games"]) == 0
    assert "No games saved" in capsys.readouterr().out
    _games_folder.mkdir(parents=True)
    _, states = recorded_game(_games_folder / "a.plot.jsonl", rules, 1)
    recorded_game(_games_folder / "b.plot.jsonl", rules, 2, limit=5)
    (_games_folder / "c.plot.jsonl").write_text("not json\n")
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    o = states[-1].outcome
    assert "the most recently played last" in out  # not "oldest first"
    final = states[-1]
    assert re.search(
        rf"a\.plot\.jsonl\s+game \w+, seed 1, ss computer, abwehr computer, "
        rf"{counted(len(states) - 1, 'action')}, Game-Turn {final.turn}, .*, last played "
        rf"\d{{4}}-\d\d-\d\d \d\d:\d\d; {o.winner} won \({o.case}\)",
        out,
    )
    # an unfinished game's seed would deal both hands: not listed
    assert re.search(
        r"b\.plot\.jsonl\s+game \w+, ss computer, .*, 5 actions, Game-Turn 1, "
        r"Movement and Harassment \(9\.0, 10\.0\), last played .*; unfinished: "
        r"plot resume .*b\.plot\.jsonl",
        out,
    )
    assert out.index("a.plot.jsonl") < out.index("b.plot.jsonl")
    assert "seed 2" not in out
    assert re.search(r"c\.plot\.jsonl\s+unreadable: .*line 1: not valid JSON", out)


def test_plot_games_on_a_terminal_folds_its_lines_between_words(_games_folder, rules, capsys, monkeypatch):
    import os
    import sys

    _games_folder.mkdir(parents=True)
    recorded_game(_games_folder / "b.plot.jsonl", rules, 2, limit=5)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr("shutil.get_terminal_size", lambda fallback=None: os.terminal_size((60, 24)))
    assert main(["games"]) == 0
    said = capsys.readouterr().out.splitlines()
    # each line within the width but a word longer than it (the record's path), none cut
    assert all(len(line) <= 60 or " " not in line.strip() for line in said), said
    assert "unfinished: plot resume" in " ".join(said) and any("b.plot.jsonl" in line for line in said)
    assert "Movement and Harassment (9.0, 10.0)" in " ".join(line.strip() for line in said)


def test_a_record_is_named_by_its_game_s_id_or_its_file_s_name(_games_folder, rules, capsys):
    """The title says "game 83be89e6"; `plot replay 83be89e6` had answered that the
    record "cannot be used ... No such file or directory". The games folder's records
    are named by their ids (and `plot games` lists them, a finished one with the
    command that replays it)."""
    _games_folder.mkdir(parents=True)
    first = _games_folder / "first.plot.jsonl"
    recorded_game(first, rules, 5)
    game = load_record(first, rules).header.game
    named = _games_folder / f"20261201T000000Z-{game}.plot.jsonl"
    first.rename(named)
    for given in (game, named.name):
        assert main(["export", given]) == 0
        assert capsys.readouterr().out.startswith("The Plot to Assassinate Hitler — account")
    assert main(["games"]) == 0
    assert f"plot replay {named}" in capsys.readouterr().out
    assert main(["replay", "0000beef"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("plot: there is no game record '0000beef': name its file, or its game's id")
    assert "plot games" in err and "No such file" not in err
    # a name-clash's second file is no game's id ("2"); two games of one chosen seed
    # share their id, and each is named by its file
    assert main(["export", "2"]) == 2
    assert "there is no game record '2'" in capsys.readouterr().err
    again = _games_folder / f"20261201T000000Z-{game}-2.plot.jsonl"
    again.write_bytes(named.read_bytes())
    assert main(["export", game]) == 2
    err = capsys.readouterr().err
    assert f"'{game}' is the id of 2 games ({named.name}, {again.name}): name one by its file" in err
    assert main(["export", again.name]) == 0


def test_plain_plot_resume_says_which_game_it_took_and_why(_games_folder, rules, capsys, monkeypatch):
    import plot_tui.app

    _games_folder.mkdir(parents=True)
    recorded_game(_games_folder / "old.plot.jsonl", rules, 3, limit=5)
    recorded_game(_games_folder / "new.plot.jsonl", rules, 4, limit=5)
    os.utime(_games_folder / "old.plot.jsonl", (1_000_000_000, 1_000_000_000))
    notices = []
    monkeypatch.setattr(
        plot_tui.app.PlotApp, "run", lambda app: notices.append((app._notice, app._session.game))
    )
    assert main(["resume"]) == 0
    err = capsys.readouterr().err
    assert "resuming " in err and "new.plot.jsonl" in err
    assert "the unfinished game you moved in most recently" in err
    assert "the unfinished game you moved in most recently" in notices[0][0]


def test_plot_resume_passes_over_a_game_left_before_its_first_move(_games_folder, rules, capsys, monkeypatch):
    import plot_tui.app

    _games_folder.mkdir(parents=True)
    recorded_game(_games_folder / "under-way.plot.jsonl", rules, 3, limit=5)
    recorded_game(_games_folder / "left.plot.jsonl", rules, 4, limit=0)  # opened, then quit
    os.utime(_games_folder / "under-way.plot.jsonl", (1_000_000_000, 1_000_000_000))
    monkeypatch.setattr(plot_tui.app.PlotApp, "run", lambda app: None)
    assert main(["resume"]) == 0
    assert "under-way.plot.jsonl" in capsys.readouterr().err
    (_games_folder / "under-way.plot.jsonl").unlink()  # the only one left: it is resumed
    assert main(["resume"]) == 0
    assert "left.plot.jsonl" in capsys.readouterr().err


def test_a_game_is_begun_by_a_human_move_not_by_the_computers_first_one(tmp_path, rules):
    """As the SS against the computer, the Abwehr moves first (the Allied unit, 7.1):
    a game opened and left at once holds that move, and is still only opened."""
    import json

    from plot_record.store import begun

    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 4, limit=1)
    first, rest = path.read_text(encoding="utf-8").split("\n", 1)
    sides = [json.loads(line)["side"] for line in rest.splitlines() if line.startswith('{"i"')]
    assert sides == ["abwehr"]
    assert begun(path)  # computer against computer: any move
    for human, moved in (("ss", False), ("abwehr", True)):
        head = json.loads(first)
        head["players"] = {"ss": "computer", "abwehr": "computer", human: "human"}
        head["levels"] = {side: "easy" for side in ("ss", "abwehr") if side != human}
        path.write_text(json.dumps(head) + "\n" + rest, encoding="utf-8")
        assert begun(path) is moved, human
    path.write_text(first + "\n" + '{"i": 1, "side": "abw', encoding="utf-8")  # cut off
    assert not begun(path)


def test_plot_resume_without_a_game(capsys):
    assert main(["resume"]) == 1
    assert "there is no unfinished game in" in capsys.readouterr().err


def test_plot_resume_of_a_finished_game_points_to_the_replay(finished, capsys):
    assert main(["resume", str(finished)]) == 1
    assert f"watch it with `plot replay {finished}`" in capsys.readouterr().err


def test_plot_play_never_writes_over_a_record(finished, capsys):
    before = finished.read_bytes()
    assert main(["play", "--seed", "1", "--record", str(finished)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert finished.read_bytes() == before


def test_watch_excludes_side_and_hotseat(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--watch", "--hotseat"])
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.fixture
def against_the_computer(tmp_path, rules):
    """An unfinished game whose SS seat is a human's and whose Abwehr is the computer."""
    import json

    path = tmp_path / "mine.plot.jsonl"
    recorded_game(path, rules, 7, limit=60)
    first, rest = path.read_text(encoding="utf-8").split("\n", 1)
    head = json.loads(first)
    head["players"] = {"ss": "human", "abwehr": "computer"}
    path.write_text(json.dumps(head) + "\n" + rest, encoding="utf-8")
    return path


def test_the_computers_side_of_an_unfinished_game_is_seen_by_no_door(against_the_computer, rules, capsys):
    """While the game goes on, the computer's chits and draws are its human opponent's
    secret: its side is offered by no replay, account or analysis, and the refusal
    says which side may be asked for."""
    from plot_session.analysis import NotFinished, analyse
    from plot_session.replay import Replay

    record = load_record(against_the_computer, rules)
    assert record.sides_shown() == (Player.SS,)
    hidden = private_draws(record, "abwehr")
    assert hidden
    replay = Replay(record)
    assert replay.perspectives() == [Player.SS] and replay.eyes is Player.SS
    with pytest.raises(ValueError, match="the computer plays the Abwehr"):
        replay.look(Player.ABWEHR)
    replay.next_eyes()
    assert replay.eyes is Player.SS
    import io

    from plot_tui.replay_lines import replay_lines

    said = io.StringIO()
    replay_lines(Replay(record), io.StringIO("eyes\neyes abwehr\nquit\n"), said)
    assert "Now seen by SS (the computer's side and everyone's views come only when the game is over)." in (
        said.getvalue()
    )
    assert "the computer plays the Abwehr" in said.getvalue()
    with pytest.raises(RecordError, match="can only be seen as the SS saw it"):
        list(text_account(record, "abwehr"))
    with pytest.raises(NotFinished, match="the computer plays the Abwehr"):
        analyse(record, eyes=Player.ABWEHR)
    capsys.readouterr()
    for command in ("export", "replay", "analyse"):
        assert main([command, str(against_the_computer), "--as", "abwehr"]) in (1, 2)
        err = capsys.readouterr().err
        assert "its chits and draws are still secret" in err and err.rstrip().endswith("add --as ss"), err
    # the human's own side is still there to study
    assert main(["export", str(against_the_computer), "--as", "ss"]) == 0
    out = capsys.readouterr().out
    assert not any(h in out for h in hidden)
