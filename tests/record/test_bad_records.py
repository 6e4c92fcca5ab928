"""Bad records: a cut-off last line is recovered with a warning; anything else is an error
naming the file and line, and the file is left exactly as it was."""

from __future__ import annotations

import json

import pytest

from plot_cli.main import main
from plot_record import Recorder, RecordError, load_record, read_raw
from plot_session.session import Session

from .helpers import header, lines, recorded_game


@pytest.fixture
def game(tmp_path, rules):
    """An unfinished recorded game of 40 actions."""
    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 3, limit=40)
    return path


def rewrite(path, n: int, new: str | None) -> None:
    """Replace line ``n`` (1-based) with ``new`` (None: delete it)."""
    ls = lines(path)
    if new is None:
        del ls[n - 1]
    else:
        ls[n - 1] = new if new.endswith("\n") else new + "\n"
    path.write_text("".join(ls), encoding="utf-8")


def edit(path, n: int, **changes) -> None:
    data = json.loads(lines(path)[n - 1])
    data.update(changes)
    rewrite(path, n, json.dumps(data))


def refused(path, rules, match: str) -> str:
    """The record is refused, naming the line; neither loading nor `plot resume` writes."""
    before = path.read_bytes()
    with pytest.raises(RecordError, match=match) as err:
        load_record(path, rules)
    assert main(["resume", str(path)]) == 2
    assert path.read_bytes() == before
    return str(err.value)


def test_a_cut_off_last_line_is_dropped_with_a_warning_and_the_game_goes_on(game, rules):
    data = game.read_bytes()
    cut = data[:-17]  # the crash hit mid-line
    game.write_bytes(cut)
    record = load_record(game, rules)
    assert len(record.timeline) == 39
    assert record.warnings and "line 41 was cut off" in record.warnings[0]
    assert "from line 40" in record.warnings[0]
    # resuming cuts the broken tail away and appends after the last whole line
    session = Session.resume(record, Recorder(game, truncate_to=record.good_bytes))
    session.computer_step()
    again = load_record(game, rules)
    assert again.warnings == [] and len(again.timeline) == 40
    assert again.timeline.final == session.state


def test_a_whole_last_line_without_its_newline_is_kept(game, rules):
    game.write_bytes(game.read_bytes().rstrip(b"\n"))
    record = load_record(game, rules)
    assert len(record.timeline) == 40 and record.warnings == []
    session = Session.resume(record, Recorder(game, truncate_to=record.good_bytes))
    session.computer_step()
    assert len(load_record(game, rules).timeline) == 41


def test_a_malformed_line_in_the_middle_is_an_error_naming_it(game, rules):
    rewrite(game, 12, '{"i": 11, "side": "ss", "action": ')
    msg = refused(game, rules, "line 12: not valid JSON")
    assert str(game) in msg


def test_a_malformed_last_line_that_ends_in_a_newline_is_not_a_crash_tail(game, rules):
    rewrite(game, 41, '{"i": 40, "si')
    refused(game, rules, "line 41: not valid JSON")


def test_an_illegal_action_is_an_error_naming_the_line_and_rule(game, rules):
    data = json.loads(lines(game)[20 - 1])
    data["action"] = {"verb": "move", "unit": "100", "hex": 101, "chit": None}
    data["text"] = "move 100 0101"
    rewrite(game, 20, json.dumps(data))
    msg = refused(game, rules, "line 20: action 19 'move 100 0101' is not legal here")
    assert "(" in msg  # the engine's reason comes with its case number


def test_an_action_by_the_wrong_side(game, rules):
    side = json.loads(lines(game)[9])["side"]
    edit(game, 10, side="abwehr" if side == "ss" else "ss")
    refused(game, rules, r"line 10: action 9 .* but the \w+ is to act")


def test_a_missing_action(game, rules):
    rewrite(game, 15, None)
    refused(game, rules, "line 15: action number 15, expected 14")


def test_an_action_whose_text_was_altered(game, rules):
    edit(game, 8, text="end-phase")
    refused(game, rules, "line 8: the action's text 'end-phase' does not match")


def test_an_unreadable_action(game, rules):
    edit(game, 8, action={"verb": "fly"})
    refused(game, rules, "line 8: not an action")


def test_a_record_from_other_rules_data(game, rules):
    edit(game, 1, rules_hash="0123abcd")
    refused(game, rules, "line 1: the game was recorded under rules data 0123abcd")


@pytest.mark.parametrize(
    "earlier",
    [
        "d5293c7e3ef520f2",  # 0.1.0: cases.toml counted
        "5dbd93e39063ebd2",  # before the units' full names
        "f0fc011ba06b4b3a",  # before the data cited docs/
        "a813663f1c9187fa",  # before Ep's words
        "541f3c50b5447c97",  # Ep's words naming the Randomizer
    ],
)
def test_a_record_from_an_earlier_wording_of_the_same_game_still_plays(game, rules, earlier):
    edit(game, 1, rules_hash=earlier)
    assert load_record(game, rules).header.rules_hash == earlier


def test_the_rules_data_is_the_version_its_earlier_wordings_resume_into(rules):
    """A change to rules_data changes the version records carry: if the game is the same
    (words only), name the new version CURRENT so that saved games still resume."""
    from plot_core.rules import CURRENT

    assert rules.version == CURRENT


def test_rewording_a_case_does_not_change_the_rules_data_version(tmp_path, rules):
    import shutil

    from plot_core import load_rules

    copy = tmp_path / "rules_data"
    shutil.copytree(rules.directory, copy)
    cases = copy / "cases.toml"
    cases.write_text(
        cases.read_text(encoding="utf-8").replace('title = "Introduction"', 'title = "An introduction"'),
        encoding="utf-8",
    )
    reworded = load_rules(copy)
    assert reworded.cases["1.0"].title == "An introduction"
    assert reworded.version == rules.version
    game = copy / "game.toml"  # a number of the game does change it
    game.write_text(game.read_text(encoding="utf-8") + "\n# a comment is data too\n", encoding="utf-8")
    assert load_rules(copy).version != rules.version


def test_a_version_1_record_still_replays(game, rules):
    """Version 2 added chat lines; a version-1 record is version 2 without."""
    edit(game, 1, version=1)
    record = load_record(game, rules)
    assert len(record.timeline) == 40 and record.chat == []


@pytest.mark.parametrize(
    "chat,says",
    [
        ("hello", "chat must be an object"),
        (
            {"after": -1, "time": "t", "name": "a", "role": "SS", "text": "x"},
            "chat: after must be a whole number from 0",
        ),
        (
            {"after": 1, "time": "t", "name": "a" * 65, "role": "SS", "text": "x"},
            "chat: name must be text of at most 64 characters",
        ),
        (
            {"after": 1, "time": "t", "name": "a", "role": "SS", "text": 5},
            "chat: text must be text of at most 1000 characters",
        ),
    ],
)
def test_a_bad_chat_line_is_named(game, rules, chat, says):
    rewrite(game, 5, json.dumps({"chat": chat}))
    refused(game, rules, f"line 5: {says}")


def test_a_chat_line_is_read_wherever_it_stands_and_changes_no_move(game, rules):
    before = load_record(game, rules).timeline.final
    ls = lines(game)
    said = {
        "chat": {
            "after": 3,
            "time": "2026-11-23T21:40:05Z",
            "name": "alice",
            "role": "SS",
            "text": "[b]gg[/b]",
        }
    }
    ls.insert(4, json.dumps(said) + "\n")
    game.write_text("".join(ls), encoding="utf-8")
    record = load_record(game, rules)
    assert record.timeline.final == before and record.chat[0].text == "[b]gg[/b]"


def test_a_record_of_another_format_version(game, rules):
    edit(game, 1, version=6)
    refused(
        game,
        rules,
        r"line 1: record format version 6 is not one this program reads "
        r"\(it reads versions 1, 2, 3, 4, 5\)",
    )


def test_an_action_made_at_no_time_a_clock_could_say(game, rules):
    edit(game, 5, at="yesterday")
    refused(game, rules, r"line 5: at must be a UTC time like 2026-11-23T21:40:00Z, got 'yesterday'")


def test_a_version_3_record_without_times_still_reads(game, rules):
    """Version 4 added when each action was made; a record written before has none."""
    before = load_record(game, rules)
    edit(game, 1, version=3)
    for n in range(2, len(lines(game)) + 1):
        data = json.loads(lines(game)[n - 1])
        data.pop("at", None)
        rewrite(game, n, json.dumps(data))
    older = load_record(game, rules)
    assert older.timeline.final == before.timeline.final
    assert older.times == [None] * len(older.timeline) and all(before.times)


def test_not_a_record_at_all(tmp_path, rules):
    path = tmp_path / "notes.txt"
    path.write_text('{"hello": "world"}\n')
    refused(path, rules, "line 1: not a plot game record")
    empty = tmp_path / "empty.plot.jsonl"
    empty.write_text("")
    refused(empty, rules, "the file is empty")


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("seed", -1, "the seed must be a whole number"),
        ("start", {"setup": "quick"}, "start must be"),
        ("players", {"ss": "human"}, "players must give"),
    ],
)
def test_a_header_with_a_bad_field(game, rules, field, value, says):
    edit(game, 1, **{field: value})
    refused(game, rules, f"line 1: {says}")


def test_a_bad_start_position(tmp_path, rules):
    path = tmp_path / "p.plot.jsonl"
    bad = header(rules, 1, start={"position": 'turn = 3\nphase = "lunch"\n'})
    Recorder(path, bad).close()
    refused(path, rules, "line 1: the start position is not valid")


def test_an_undo_of_the_wrong_action(game, rules):
    with game.open("a") as f:
        f.write('{"undo": 7}\n')
    refused(game, rules, "line 42: undo of action 7, but the last action is 40")


def test_an_end_line_that_does_not_match_the_game(game, rules):
    with game.open("a") as f:
        f.write('{"end": {"winner": "ss", "case": "18.74", "reason": "x"}, "i": 40}\n')
    refused(
        game,
        rules,
        "line 42: the record says the game ended after action 40 with ss "
        "by 18.74, but replaying it gives no end yet",
    )


def test_nothing_may_follow_the_end(tmp_path, rules):
    path = tmp_path / "g.plot.jsonl"
    recorded_game(path, rules, 3)
    with path.open("a") as f:
        f.write('{"undo": 1}\n')
    with pytest.raises(RecordError, match="nothing may follow the end of the game"):
        load_record(path, rules)


def test_a_missing_file(tmp_path, rules):
    with pytest.raises(RecordError, match="cannot read the record"):
        read_raw(tmp_path / "nope.plot.jsonl")


def test_an_action_naming_a_unit_the_game_does_not_have_is_refused_not_a_crash(game, rules):
    data = json.loads(lines(game)[20 - 1])
    data["action"] = {"verb": "activate", "unit": "999", "hex": None, "chit": None}
    data["text"] = "activate 999"
    rewrite(game, 20, json.dumps(data))
    refused(game, rules, "line 20: action 19 'activate 999' is not legal here: there is no unit '999'")
