"""A broken rules_data file gives one clear DataError naming file, line and key."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plot_core import DataError, load_rules
from plot_core.data.chits import ChitKind, load_chits
from plot_core.data.reader import Node, Source, _describe
from plot_core.rules import rules_data_dir


def edit(root: Path, rel: str, old: str, new: str, count: int = 1) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {rel}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def broken(root: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_rules(root)
    return info.value


def line_of(root: Path, rel: str, needle: str) -> int:
    for n, line in enumerate((root / rel).read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return n
    raise AssertionError(needle)


# -- files and syntax --------------------------------------------------------


def test_missing_directory(tmp_path):
    err = broken(tmp_path / "nowhere")
    assert str(err) == f"{tmp_path / 'nowhere'}: the rules_data directory is missing"


def test_missing_file(data_copy):
    (data_copy / "tables" / "walkyrie.toml").unlink()
    err = broken(data_copy)
    assert str(err) == "rules_data/tables/walkyrie.toml: file is missing"


def test_toml_syntax_error_names_the_line(data_copy):
    edit(data_copy, "counters.toml", 'short = "Heydrich"', 'short = "Heydrich')
    err = broken(data_copy)
    assert err.file.endswith("counters.toml")
    assert err.line == line_of(data_copy, "counters.toml", 'short = "Heydrich')
    assert str(err).startswith("rules_data/counters.toml, line 32: not valid TOML: ")  # then tomllib's words


def test_not_utf8(data_copy):
    (data_copy / "game.toml").write_bytes(b"[die]\nsides = 6 # \xff\n")
    assert str(broken(data_copy)) == "rules_data/game.toml: not UTF-8 text (invalid start byte at byte 18)"


# -- map ---------------------------------------------------------------------


def test_art_row_wrong_length(data_copy):
    lines = (data_copy / "map/map.txt").read_text().splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("10 |"))
    lines[i] += "  BE"
    (data_copy / "map/map.txt").write_text("\n".join(lines))
    err = broken(data_copy)
    assert str(err) == (
        f"rules_data/map/map.txt, line {i + 1}: row 10 has 45 hexes; map.toml says columns = 44"
    )


def test_art_bad_token_names_the_hex(data_copy):
    lines = (data_copy / "map/map.txt").read_text().splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("05 |"))
    toks = lines[i].split("|")[1].split()
    toks[2] = "c?"
    lines[i] = "05 |    " + "  ".join(toks)
    (data_copy / "map/map.txt").write_text("\n".join(lines))
    assert str(broken(data_copy)) == (
        f"rules_data/map/map.txt, line {i + 1}: hex 0305: expected a two-letter area code or '..', got 'c?'"
    )


def test_area_split_in_two(data_copy):
    # A lone Stockholm hex far from Stockholm.
    lines = (data_copy / "map/map.txt").read_text().splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("20 |"))
    toks = lines[i].split("|")[1].split()
    toks[0] = "SK"
    lines[i] = "20 |  " + "  ".join(toks)
    (data_copy / "map/map.txt").write_text("\n".join(lines))
    assert str(broken(data_copy)) == (
        "rules_data/map/map.toml, line 45: area SK (Stockholm) is split into separate pieces; "
        "every area must be one connected region (docs/rules/map.md)"
    )


def test_an_indented_comment_in_the_map_art_is_a_comment(data_copy):
    edit(data_copy, "map/map.txt", "# HQs, set-up marks", "   # said with a margin\n# HQs, set-up marks")
    assert load_rules(data_copy).map.area_of == load_rules().map.area_of


def test_an_area_colour_may_be_written_in_capitals(data_copy):
    edit(data_copy, "map/map.toml", 'colour = "#7a6a55"', 'colour = "#7A6A55"')
    assert load_rules(data_copy).map.areas["BE"].colour == "#7A6A55"


@pytest.mark.parametrize(
    "old,new,says",
    [
        (
            '"100" = "2414"',
            '"100" = "24x4"',
            "line 189: setup > named > 100: 100: expected a hex id like '0512', got '24x4'",
        ),
        (
            'ss = ["2314"',
            'ss = ["23x4"',
            "line 194: setup > marks > ss: ss[0]: expected a hex id like '0512', got '23x4'",
        ),
    ],
)
def test_a_set_up_error_names_its_own_line_whatever_the_text_above_says(data_copy, old, new, says):
    # text earlier in the file that looks like the set-up's headers and keys (here inside
    # a multi-line string) must not draw the error's line number to it
    edit(
        data_copy,
        "map/map.toml",
        'provenance = "reconstructed: the printed map is not in the rulebook; see docs/rules/map.md"',
        'provenance = """reconstructed, with '
        'notes:\n[notes.named]\n"100" = Hitler\n[notes.marks]\nss = the SS\n"""',
    )
    edit(data_copy, "map/map.toml", old, new)
    assert str(broken(data_copy)) == f"rules_data/map/map.toml, {says}"


def test_an_hq_of_one_hex_is_an_hq(data_copy):
    edit(data_copy, "map/map.toml", 'hexes = ["2711", "2611"]', 'hexes = ["2711"]')
    assert load_rules(data_copy).map.hqs["gestapo"].hexes == (2711,)


def test_the_okw_panic_table_may_panic_none_or_all_eighteen(data_copy):
    # 12.82: a count from no unit up to every one of the 18 OKW units
    edit(data_copy, "tables/okw_panic.toml", "cells = [1, 2, 2, 3, 3, 4]", "cells = [0, 2, 2, 3, 3, 18]")
    assert load_rules(data_copy).tables.okw_panic.counts == (0, 2, 2, 3, 3, 18)


def test_a_case_error_names_its_own_line_whatever_comes_before_the_inventory(data_copy):
    # a table above [cases] with the same key must not draw the error's line number to it
    path = data_copy / "cases.toml"
    path.write_text(
        '[draft.cases]\n"8.0" = "a note"\n\n' + path.read_text(encoding="utf-8"), encoding="utf-8"
    )
    edit(data_copy, "cases.toml", '"8.0" = { kind = "mechanic"', '"8.0" = { kind = "rule"')
    assert str(broken(data_copy)) == (
        "rules_data/cases.toml, line 89: case 8.0 > kind: expected one of example, mechanic, "
        "note, procedure, table; got 'rule'"
    )


def test_okw_hexes_outside_berlin_4_34(data_copy):
    edit(data_copy, "map/map.toml", '"0412", ', "")
    assert str(broken(data_copy)) == (
        "rules_data/map/map.toml, line 188: 4.34 puts six OKW set-up hexes outside Berlin; this map has 5"
    )


def test_too_few_common_hexes(data_copy):
    text = (data_copy / "map/map.toml").read_text()
    common = re.search(r"common = \[(.*)\]", text).group(1)
    keep = ", ".join(common.split(", ")[:20])
    (data_copy / "map/map.toml").write_text(text.replace(common, keep))
    err = broken(data_copy)
    assert str(err) == (
        "rules_data/map/map.toml, line 188: 20 common (X) hexes, but the SS needs 10 "
        "and the Abwehr 11 after the marked hexes (4.33, 4.35)"
    )


# -- each refusal word for word ----------------------------------------------
# The file, the line, the key and what was wrong (a message checked only in part
# lets its other words change unseen). Line numbers are those of the shipped files; a
# change to a data file that moves a line shows here first.

BROKEN = [
    # numbers out of their range: the message names both ends, so a moved end shows
    (
        "game.toml",
        "sides = 6",
        "sides = 1000",
        "rules_data/game.toml, line 5: die > sides: expected a whole number in 2..20, got 1000",
    ),
    (
        "game.toml",
        "game_turns = 9 ",
        "game_turns = 1000 ",
        "rules_data/game.toml, line 8: turns > game_turns: expected a whole number in 1..99, got 1000",
    ),
    (
        "game.toml",
        "coup_turns = 6 ",
        "coup_turns = 1000 ",
        "rules_data/game.toml, line 9: turns > coup_turns: expected a whole number in 1..99, got 1000",
    ),
    (
        "game.toml",
        "initial_draw = 10 ",
        "initial_draw = 1000 ",
        "rules_data/game.toml, line 12: chits > initial_draw: expected a whole number in 0..48, got 1000",
    ),
    (
        "game.toml",
        "fuhrer_hq_rolls = [1, 2, 3]",
        "fuhrer_hq_rolls = [1, 2, 3, 1000]",
        "rules_data/game.toml, line 15: hitler > fuhrer_hq_rolls: expected a die roll at "
        "fuhrer_hq_rolls[3] in 1..6, got 1000",
    ),
    (
        "game.toml",
        "fuhrer_hq_rolls = [1, 2, 3]",
        "fuhrer_hq_rolls = []",
        "rules_data/game.toml, line 15: hitler > fuhrer_hq_rolls: expected at least 1 entry, got 0",
    ),
    (
        "game.toml",
        "stays_in_berlin_from_turn = 8 ",
        "stays_in_berlin_from_turn = 1000 ",
        "rules_data/game.toml, line 17: hitler > stays_in_berlin_from_turn: expected a whole "
        "number in 1..99, got 1000",
    ),
    (
        "game.toml",
        "hq_defence_bonus = 4 ",
        "hq_defence_bonus = 1000 ",
        "rules_data/game.toml, line 20: harassment > hq_defence_bonus: expected a whole "
        "number in 0..20, got 1000",
    ),
    (
        "game.toml",
        "min_differential = 1 ",
        "min_differential = 1000 ",
        "rules_data/game.toml, line 23: recruitment > min_differential: expected a whole "
        "number in -20..20, got 1000",
    ),
    (
        "game.toml",
        "max_differential = 7 ",
        "max_differential = 1000 ",
        "rules_data/game.toml, line 24: recruitment > max_differential: expected a whole "
        "number in -20..40, got 1000",
    ),
    (
        "game.toml",
        "min_ratio = 2 ",
        "min_ratio = 1000 ",
        "rules_data/game.toml, line 27: investigation > min_ratio: expected a whole number in"
        " 1..20, got 1000",
    ),
    (
        "game.toml",
        "max_ratio = 5 ",
        "max_ratio = 1000 ",
        "rules_data/game.toml, line 28: investigation > max_ratio: expected a whole number in"
        " 1..20, got 1000",
    ),
    (
        "game.toml",
        "max_roll = 8 ",
        "max_roll = 1000 ",
        "rules_data/game.toml, line 31: interrogation > max_roll: expected a whole number in 1..20, got 1000",
    ),
    (
        "game.toml",
        "return_rolls = [1, 2]",
        "return_rolls = [0]",
        "rules_data/game.toml, line 34: general_retirement > return_rolls: expected a die "
        "roll at return_rolls[0] in 1..6, got 0",
    ),
    (
        "game.toml",
        "abwehr_bonus_loss_per_turn = 2 ",
        "abwehr_bonus_loss_per_turn = 1000 ",
        "rules_data/game.toml, line 37: coup > abwehr_bonus_loss_per_turn: expected a whole "
        "number in 0..20, got 1000",
    ),
    (
        "game.toml",
        "min_bonus = 0 ",
        "min_bonus = 1000 ",
        "rules_data/game.toml, line 38: coup > min_bonus: expected a whole number in 0..20, got 1000",
    ),
    (
        "game.toml",
        "walkyrie_max_total = 14 ",
        "walkyrie_max_total = 1000 ",
        "rules_data/game.toml, line 39: coup > walkyrie_max_total: expected a whole number in"
        " 1..40, got 1000",
    ),
    (
        "map/map.toml",
        "columns = 44",
        "columns = 1000",
        "rules_data/map/map.toml, line 13: map > columns: expected a whole number in 1..99, got 1000",
    ),
    (
        "map/map.toml",
        "rows = 28",
        "rows = 0",
        "rules_data/map/map.toml, line 14: map > rows: expected a whole number in 1..99, got 0",
    ),
    (
        "map/map.toml",
        "military_advance = 9",
        "military_advance = 1000",
        "rules_data/map/map.toml, line 102: areas PR > military_advance: expected a Game-Turn"
        ' number or "never" in 1..99, got 1000',
    ),
    (
        "chits.toml",
        "count = 8",
        "count = 1000",
        "rules_data/chits.toml, line 10: kinds fuhrer_access > count: expected a whole number"
        " in 1..99, got 1000",
    ),
    # (the edits of test_data_errors.py, whose checks there were of a part only)
    (
        "counters.toml",
        'front = "8-7-8"',
        'front = "8-7"',
        "rules_data/counters.toml, line 37: unit 001 > front: expected ratings like '8-7-8' "
        "(effectiveness-defence-movement) or '[7]' (defence only), got '8-7'",
    ),
    (
        "counters.toml",
        'role = "Reichsführer-SS, head of the SS"',
        'role = "x"\ndefense = 3',
        "rules_data/counters.toml, line 29: unit 000 > defense: unknown key 'defense' (known "
        "keys here: control, front, id, label, leader, name, party, role, short, sides)",
    ),
    (
        "counters.toml",
        'party = "SS"\n',
        "",
        "rules_data/counters.toml, line 18: unit 000: missing key 'party'",
    ),
    (
        "counters.toml",
        'party = "OKW"',
        'party = "Army"',
        "rules_data/counters.toml, line 591: unit 401 > party: expected one of Abwehr, "
        "Allied, Civilian, Nazi, OKW, SS; got 'Army'",
    ),
    (
        "counters.toml",
        'id = "002"',
        'id = "001"',
        "rules_data/counters.toml, line 43: unit 001 > id: unit id 001 appears twice",
    ),
    (
        "counters.toml",
        'back = "[7]"',
        'back = "8-7-6"',
        "rules_data/counters.toml, line 230: unit 101 > back: the unrecruited side shows only"
        " a defence strength, like '[7]'",
    ),
    (
        "counters.toml",
        "leader = true",
        'leader = "yes"',
        "rules_data/counters.toml, line 26: unit 000 > leader: expected true or false, got text 'yes'",
    ),
    (
        "chits.toml",
        "count = 8",
        'count = "eight"',
        "rules_data/chits.toml, line 10: kinds fuhrer_access > count: expected a whole "
        "number, got text 'eight'",
    ),
    (
        "chits.toml",
        '"001", "002"',
        '"000", "002"',
        "rules_data/chits.toml, line 51: unit 000 (Himmler) is a leader or Allied unit and "
        "has no Loyalty chit (13.19)",
    ),
    (
        "chits.toml",
        '"418",\n',
        "",
        "rules_data/chits.toml: unit 418 (Schulenburg) has no Loyalty chit in [loyalty] units",
    ),
    (
        "chits.toml",
        '"418",',
        '"418", "419",',
        "rules_data/chits.toml, line 57: Loyalty chit for unit 419, which counters.toml does not have",
    ),
    (
        "chits.toml",
        "[kinds.travel]",
        "[kinds.train]",
        "rules_data/chits.toml, line 14: kinds train: unknown chit kind 'train' (known: "
        "fuhrer_access, travel, alibi_arrest, double_cross, friendly_assignment, "
        "enemy_assignment)",
    ),
    (
        "tables/harassment.toml",
        '["M",  "N",  "N",  "Dr", "Dr", "Dr", "Dr"],',
        '["M",  "N",  "N",  "Dr", "Dr", "Dr"],',
        "rules_data/tables/harassment.toml, line 9: cells: row for die 1: expected 7 cells, got 6",
    ),
    (
        "tables/recruitment.toml",
        '["Sr", "R", ',
        '["Xx", "R", ',
        "rules_data/tables/recruitment.toml, line 10: cells: row 2, column 1: unknown result "
        "'Xx' (expected one of Ar, Ep, R, Sr)",
    ),
    (
        "tables/okw_panic.toml",
        'case = "12.82"',
        'case = "12.83"',
        "rules_data/tables/okw_panic.toml, line 4: case: this file holds table 12.82, but says case '12.83'",
    ),
    (
        "tables/okw_panic.toml",
        'provenance = "printed"',
        'provenance = "unsure"',
        "rules_data/tables/okw_panic.toml, line 6: provenance: expected 'printed...' or "
        "'reconstructed: why', got 'unsure'",
    ),
    (
        "tables/walkyrie.toml",
        '"8-10"',
        '"9-10"',
        "rules_data/tables/walkyrie.toml, line 9: totals: entry 4: bands must run on without "
        "gaps; got '9-10' after a band ending at 7",
    ),
    (
        "tables/assignment.toml",
        '"2/Ab/BR"',
        '"2/Army/BR"',
        "rules_data/tables/assignment.toml, line 26: german: row 2, column 3: expected "
        "'N/SS/XX', 'N/Ab/XX' or '-', got '2/Army/BR'",
    ),
    (
        "tables/assignment.toml",
        '["PR", "CC", "LS"',
        '["ZZ", "CC", "LS"',
        "rules_data/tables/assignment.toml: allied row 1, column 1: area ZZ is not on the map",
    ),
    (
        "map/map.txt",
        "SK  SK",
        "SK  XQ",
        "rules_data/map/map.toml: map.txt uses area code XQ (hex 3701) but map.toml has no [areas.XQ]",
    ),
    (
        "map/map.toml",
        'hexes = ["3506", "3405"]',
        'hexes = ["3506", "2414"]',
        "rules_data/map/map.toml, line 143: hqs rastenburg > hexes: hex 2414 is in area BE, not PU",
    ),
    (
        "map/map.toml",
        'ss = ["2314"',
        'ss = ["1501"',
        "rules_data/map/map.toml, line 189: setup > marks > ss: ss[0]: hex 1501 is not on the map",
    ),
    (
        "map/map.toml",
        'nazi = ["2312"',
        'nazi = ["2314"',
        "rules_data/map/map.toml, line 189: hex 2314 is both the ss mark and the nazi mark; "
        "each set-up hex takes one unit (4.3)",
    ),
    (
        "map/map.toml",
        '"100" = "2414"',
        '"100" = "2110"',
        "rules_data/map/map.toml, line 182: Hitler's named hex 2110 must lie in an HQ "
        "friendly to him (Hitler starts in Führer HQ, docs/rules/map.md)",
    ),
    (
        "map/map.toml",
        'civilian = ["2114"',
        'civilian = ["2806", "2114", "2706", "2606"',
        "rules_data/map/map.toml, line 188: 7 civilian set-up hexes but only 6 Civilian units"
        " to fill them (4.32, 4.34)",
    ),
    (
        "cases.toml",
        '"8.0" = { kind = "mechanic"',
        '"8.0" = { kind = "rule"',
        "rules_data/cases.toml, line 86: case 8.0 > kind: expected one of example, mechanic, "
        "note, procedure, table; got 'rule'",
    ),
    (
        "cases.toml",
        'data = "tables/okw_panic.toml"',
        'data = "tables/panic.toml"',
        "rules_data/cases.toml, line 226: case 12.82 > data: no such data file 'tables/panic.toml'",
    ),
    (
        "game.toml",
        "rastenburg_rolls = [4, 5, 6]",
        "rastenburg_rolls = [3, 4, 5, 6]",
        "rules_data/game.toml, line 16: hitler > rastenburg_rolls: 9.61: every roll 1..6 must"
        " send Hitler to exactly one HQ",
    ),
    # chits.toml (6.1, 13.19)
    (
        "chits.toml",
        '"418",\n]',
        '"4x8",\n]',
        "rules_data/chits.toml, line 50: loyalty > units: units[58]: expected a three-digit unit "
        "id, got '4x8'",
    ),
    (
        "chits.toml",
        'prefix = "TR"',
        'prefix = "FA"',
        "rules_data/chits.toml, line 17: kinds travel > prefix: prefix FA is already used by fuhrer_access",
    ),
    (
        "chits.toml",
        'prefix = "L"',
        'prefix = "TR"',
        "rules_data/chits.toml, line 48: loyalty > prefix: prefix TR is already used by travel",
    ),
    (
        "chits.toml",
        '"418",\n]',
        '"418", "418",\n]',
        "rules_data/chits.toml, line 50: loyalty > units: unit 418 has two Loyalty chits",
    ),
    (
        "chits.toml",
        '[kinds.travel]\nname = "Travel"\ncount = 6\nprefix = "TR"\nuse = "9.51"\n',
        "",
        "rules_data/chits.toml: missing [kinds.travel]",
    ),
    (
        "chits.toml",
        "units = [\n",
        'units = "001"\nxunits = [\n',
        "rules_data/chits.toml, line 50: loyalty > units: expected a list, got text '001'",
    ),
    (
        "chits.toml",
        "[kinds.fuhrer_access]",
        "[kinds]\nbogus = 3\n\n[kinds.fuhrer_access]",
        "rules_data/chits.toml, line 9: kinds > bogus: expected a table, got a number 3",
    ),
    # the map (docs/rules/map.md)
    (
        "map/map.txt",
        "07 |",
        "07 :",
        "rules_data/map/map.txt, line 13: expected a map row like '07 |  PR  PR  CC ...' (row "
        "number, '|', one area code per column)",
    ),
    ("map/map.txt", "07 |", "08 |", "rules_data/map/map.txt, line 13: expected row 07 next, found row 08"),
    (
        "map/map.toml",
        "rows = 28",
        "rows = 29",
        "rules_data/map/map.txt: the art has 28 rows; map.toml says rows = 29",
    ),
    (
        "map/map.toml",
        'hexes = ["3506", "3405"]',
        'hexes = ["35x6", "3405"]',
        "rules_data/map/map.toml, line 143: hqs rastenburg > hexes: hexes[0]: expected a hex id "
        "like '0512', got '35x6'",
    ),
    (
        "map/map.toml",
        "[areas.SF]",
        "[areas.Sf]",
        "rules_data/map/map.toml, line 110: areas Sf: area code must be two capital letters, got 'Sf'",
    ),
    (
        "map/map.toml",
        '[areas.SF]\nname = "Southern France"',
        '[areas.ZZ]\nname = "Nowhere"\nmilitary_advance = 9\ncolour = "#7f6a5a"\n\n'
        '[areas.SF]\nname = "Southern France"',
        "rules_data/map/map.toml, line 110: area ZZ has no hexes in the map art",
    ),
    (
        "map/map.toml",
        'friendly_parties = ["SS"]',
        'friendly_parties = ["Army"]',
        "rules_data/map/map.toml, line 120: hqs fuhrer > friendly_parties: unknown party 'Army' "
        "(known: Abwehr, Allied, Civilian, Nazi, OKW, SS)",
    ),
    (
        "map/map.toml",
        'hexes = ["2711", "2611"]',
        'hexes = ["2711", "2414"]',
        "rules_data/map/map.toml, line 129: hqs gestapo > hexes: hex 2414 is already part of Führer HQ",
    ),
    (
        "map/map.toml",
        'hexes = ["2711", "2611"]',
        'hexes = ["2711", "2613"]',
        "rules_data/map/map.toml, line 129: hqs gestapo > hexes: the HQ's hexes must touch one another",
    ),
    (
        "map/map.toml",
        '"100" = "2414"',
        '"1x0" = "2414"',
        "rules_data/map/map.toml, line 184: setup > named > 1x0: expected a unit id like '000', got '1x0'",
    ),
    (
        "map/map.toml",
        'hexes = ["3506", "3405"]',
        'hexes = [3506, "3405"]',
        "rules_data/map/map.toml, line 143: hqs rastenburg > hexes: hexes[0]: expected a hex id "
        "like '0512', got 3506",
    ),
    (
        "map/map.toml",
        'colour = "#7a6a55"',
        'colour = "#7a6a5"',
        "rules_data/map/map.toml, line 23: areas BE > colour: expected a colour like '#7a6a55', got '#7a6a5'",
    ),
    (
        "map/map.toml",
        'friendly_units = ["100"]',
        'friendly_units = ["1x0"]',
        "rules_data/map/map.toml, line 121: hqs fuhrer > friendly_units: friendly_units[0]: "
        "expected a unit id like '100', got '1x0'",
    ),
    (
        "map/map.toml",
        'friendly_units = ["100"]',
        "friendly_units = [100]",
        "rules_data/map/map.toml, line 121: hqs fuhrer > friendly_units: friendly_units[0]: "
        "expected a unit id like '100', got 100",
    ),
    (
        "map/map.toml",
        'area = "BE"',
        'area = "ZZ"',
        "rules_data/map/map.toml, line 119: hqs fuhrer > area: expected one of AL, AU, BE, BR, BV, "
        "CC, CS, EE, IS, LS, MD, PR, PU, RL, RM, SF, SK, SL, VT; got 'ZZ'",
    ),
    (
        "map/map.txt",
        "07 |",
        "07 |  BE",
        "rules_data/map/map.txt, line 13: row 07 has 45 hexes; map.toml says columns = 44",
    ),
    (
        "map/map.toml",
        'military_advance = "never"',
        'military_advance = "later"',
        "rules_data/map/map.toml, line 22: areas BE > military_advance: expected a Game-Turn "
        "number or \"never\", got text 'later'",
    ),
    (
        "map/map.toml",
        'military_advance = "never"',
        "military_advance = 0",
        "rules_data/map/map.toml, line 22: areas BE > military_advance: expected a Game-Turn "
        'number or "never" in 1..99, got 0',
    ),
    (
        "map/map.toml",
        "military_advance = 6",
        "military_advance = 100",
        "rules_data/map/map.toml, line 87: areas CS > military_advance: expected a Game-Turn "
        'number or "never" in 1..99, got 100',
    ),
    (
        "map/map.toml",
        'hexes = ["2711", "2611"]',
        "hexes = []",
        "rules_data/map/map.toml, line 129: hqs gestapo > hexes: expected at least 1 entry, got 0",
    ),
    # a table's grid, its codes and its bands
    (
        "tables/coup_harassment.toml",
        "columns = [0, 1, 2, 3, 4, 5, 6]",
        "columns = [0, 1, 2, 3, 4, 5]",
        "rules_data/tables/coup_harassment.toml, line 8: columns: expected [0, 1, 2, 3, 4, 5, 6], "
        "got [0, 1, 2, 3, 4, 5]",
    ),
    (
        "tables/recruitment.toml",
        "columns = [1, 2, 3, 4, 5, 6, 7]",
        "columns = [1, 2, 3, 4, 5, 6]",
        "rules_data/tables/recruitment.toml, line 9: columns: expected [1, 2, 3, 4, 5, 6, 7], got "
        "[1, 2, 3, 4, 5, 6]",
    ),
    (
        "counters.toml",
        'id = "002"',
        'id = "02"',
        "rules_data/counters.toml, line 43: unit 02 > id: expected a three-digit unit id, got '02'",
    ),
    (
        "counters.toml",
        'short = "Heydrich"',
        'short = ""',
        "rules_data/counters.toml, line 32: unit 001 > short: expected a name of 1-16 characters, got ''",
    ),
    (
        "counters.toml",
        'short = "Heydrich"',
        'short = "Reinhard T. E. Heydrich"',
        "rules_data/counters.toml, line 32: unit 001 > short: expected a name of 1-16 characters, "
        "got 'Reinhard T. E. Heydrich'",
    ),
    (
        "counters.toml",
        'short = "Heydrich"',
        'short = " Heydrich"',
        "rules_data/counters.toml, line 32: unit 001 > short: expected a name of 1-16 characters, "
        "got ' Heydrich'",
    ),
    (
        "counters.toml",
        'label = "Heydrich"',
        'label = "Heydrich-SS"',
        "rules_data/counters.toml, line 33: unit 001 > label: expected a counter label of 1-10 "
        "characters, got 'Heydrich-SS'",
    ),
    (
        "counters.toml",
        'name = "Reinhard Heydrich"',
        'name = ""',
        "rules_data/counters.toml, line 34: unit 001 > name: expected a name, got ''",
    ),
    (
        "counters.toml",
        'name = "Reinhard Heydrich"',
        'name = " R"',
        "rules_data/counters.toml, line 34: unit 001 > name: expected a name, got ' R'",
    ),
    (
        "counters.toml",
        'sides = "single"',
        'sides = "double"',
        "rules_data/counters.toml, line 24: unit 000 > sides: expected one of recruitment, single, "
        "suspicion; got 'double'",
    ),
    (
        "counters.toml",
        'control = "ss"',
        'control = "army"',
        "rules_data/counters.toml, line 27: unit 000 > control: expected one of abwehr, none, ss; got 'army'",
    ),
    (
        "chits.toml",
        'prefix = "FA"',
        'prefix = "Fa"',
        "rules_data/chits.toml, line 11: kinds fuhrer_access > prefix: expected 1-3 capital "
        "letters, got 'Fa'",
    ),
    (
        "chits.toml",
        'prefix = "L"',
        'prefix = "L1"',
        "rules_data/chits.toml, line 48: loyalty > prefix: expected 1-3 capital letters, got 'L1'",
    ),
    (
        "tables/harassment.toml",
        "columns = [0, 1,",
        'columns = [0, "1",',
        "rules_data/tables/harassment.toml, line 8: columns: expected a number at columns[1], got text '1'",
    ),
    (
        "tables/harassment.toml",
        '["M",  "N",  "N",  "Dr", "Dr", "Dr", "Dr"]',
        '["M",  "N",  "N",  "Dr", "Dr", "Dr"]',
        "rules_data/tables/harassment.toml, line 9: cells: row for die 1: expected 7 cells, got 6",
    ),
    (
        "tables/harassment.toml",
        '["M",  "N",  "N",  "Dr", "Dr", "Dr", "Dr"]',
        '"M"',
        "rules_data/tables/harassment.toml, line 9: cells: row for die 1: expected 7 cells, got not a list",
    ),
    (
        "tables/harassment.toml",
        '["M",  "N",  "N",  "Dr", "Dr", "Dr", "Dr"]',
        '["M",  "N",  "N",  "Dr", "Dr", "Dr", 7]',
        "rules_data/tables/harassment.toml, line 9: cells: row 1, column 6: expected a result code, got 7",
    ),
    (
        "tables/assignment.toml",
        '["PR", "CC", "LS", "IS", "LS", "PR"]',
        '["Pr", "CC", "LS", "IS", "LS", "PR"]',
        "rules_data/tables/assignment.toml, line 17: allied: row 1, column 1: expected an area "
        "code, got 'Pr'",
    ),
    (
        "tables/walkyrie.toml",
        '"8-10",  "11"',
        '"8-1O",  "11"',
        "rules_data/tables/walkyrie.toml, line 9: totals: entry 4: expected a total like '7' or "
        "'8-10', got '8-1O'",
    ),
    (
        "tables/walkyrie.toml",
        'totals = ["1-5"',
        "totals = [15",
        "rules_data/tables/walkyrie.toml, line 9: totals: entry 1: expected a total like '7' or "
        "'8-10', got 15",
    ),
    (
        "tables/walkyrie.toml",
        '"8-10",  "11"',
        '"9-10",  "11"',
        "rules_data/tables/walkyrie.toml, line 9: totals: entry 4: bands must run on without "
        "gaps; got '9-10' after a band ending at 7",
    ),
    (
        "tables/walkyrie.toml",
        'totals = ["1-5"',
        'totals = ["5-1"',
        "rules_data/tables/walkyrie.toml, line 9: totals: entry 1: bands must run on without "
        "gaps; got '5-1' after a band ending at ?",
    ),
    (
        "tables/walkyrie.toml",
        '"8-10",  "11"',
        '"8-7",  "11"',
        "rules_data/tables/walkyrie.toml, line 9: totals: entry 4: bands must run on without "
        "gaps; got '8-7' after a band ending at 7",
    ),
    (
        "tables/interrogation.toml",
        "rows = [1, 2, 3, 4, 5, 6, 7, 8]",
        "rows = [1, 2, 3, 4, 5, 6, 7, 9]",
        "rules_data/tables/interrogation.toml, line 9: rows: expected [1, 2, 3, 4, 5, 6, 7, 8], "
        "got [1, 2, 3, 4, 5, 6, 7, 9]",
    ),
    (
        "tables/randomizer.toml",
        "rows = [1, 2, 3, 4, 5, 6]",
        "rows = [1, 2, 3, 4, 5, 7]",
        "rules_data/tables/randomizer.toml, line 10: rows: expected [1, 2, 3, 4, 5, 6], got "
        "[1, 2, 3, 4, 5, 7]",
    ),
    (
        "tables/walkyrie.toml",
        'cells  = ["-"',
        "cells  = [5",
        "rules_data/tables/walkyrie.toml, line 10: cells: entry 1: expected 'P/B/U' like '3/5/2' "
        "or '-', got 5",
    ),
    # the OKW Panic Table (12.82)
    (
        "tables/okw_panic.toml",
        "rows = [1, 2, 3, 4, 5, 6]",
        "rows = [1, 2, 3, 4, 5, 7]",
        "rules_data/tables/okw_panic.toml, line 7: rows: expected [1, 2, 3, 4, 5, 6], got [1, 2, 3, 4, 5, 7]",
    ),
    (
        "tables/okw_panic.toml",
        "cells = [1, 2, 2, 3, 3, 4]",
        "cells = [1, 2, 2, 3, 3]",
        "rules_data/tables/okw_panic.toml, line 8: cells: expected a list of 6 entries, got 5",
    ),
    (
        "tables/okw_panic.toml",
        "cells = [1, 2, 2, 3, 3, 4]",
        "cells = [-1, 2, 2, 3, 3, 4]",
        "rules_data/tables/okw_panic.toml, line 8: cells: expected cells[0] a number of units in "
        "0..18, got -1",
    ),
    (
        "tables/okw_panic.toml",
        "cells = [1, 2, 2, 3, 3, 4]",
        "cells = [1, 2, 2, 3, 3, 19]",
        "rules_data/tables/okw_panic.toml, line 8: cells: expected cells[5] a number of units in "
        "0..18, got 19",
    ),
    (
        "map/map.toml",
        'art = "map.txt"',
        'art = "../map.txt"',
        "rules_data/map/map.toml, line 12: map > art: expected a file name beside map.toml, got '../map.txt'",
    ),
    # game.toml
    (
        "game.toml",
        "[die]\nsides = 6",
        "die = 6\n[xdie]\nsides = 6",
        "rules_data/game.toml, line 4: die: expected a table, got a number 6",
    ),
    (
        "game.toml",
        "rastenburg_rolls = [4, 5, 6]",
        "rastenburg_rolls = [4, 5, 7]",
        "rules_data/game.toml, line 16: hitler > rastenburg_rolls: expected a die roll at "
        "rastenburg_rolls[2] in 1..6, got 7",
    ),
    # the tables
    (
        "tables/harassment.toml",
        "columns = [0, 1, 2, 3, 4, 5, 6]",
        "columns = [0, 1, 2, 3, 4, 5, 5]",
        "rules_data/tables/harassment.toml, line 8: columns: expected [0, 1, 2, 3, 4, 5, 6], got "
        "[0, 1, 2, 3, 4, 5, 5]",
    ),
    (
        "tables/assignment.toml",
        "columns = [1, 2, 3, 4, 5, 6]",
        "columns = [1, 2, 3, 4, 5, 7]",
        "rules_data/tables/assignment.toml, line 15: columns: expected [1, 2, 3, 4, 5, 6], got "
        "[1, 2, 3, 4, 5, 7]",
    ),
    (
        "tables/randomizer.toml",
        "columns = [1, 2, 3, 4, 5, 6, 7, 8]",
        "columns = [1, 2, 3, 4, 5, 6, 8, 7]",
        "rules_data/tables/randomizer.toml, line 11: columns: expected increasing numbers",
    ),
    (
        "tables/randomizer.toml",
        "columns = [1, 2, 3, 4, 5, 6, 7, 8]",
        "columns = [1, 2, 3, 4, 5, 6, 7, 9]",
        "rules_data/tables/randomizer.toml, line 11: columns: expected Game-Turns 1, 2, 3 ... in "
        "order, got [1, 2, 3, 4, 5, 6, 7, 9]",
    ),
    (
        "tables/harassment.toml",
        '["M",  "N",  "N",  "Dr", "Dr", "Dr", "Dr"],',
        '["M",  "N",  "N",  "Dr", "Dr", "Dr", 5],',
        "rules_data/tables/harassment.toml, line 9: cells: row 1, column 6: expected a result code, got 5",
    ),
    (
        "tables/assignment.toml",
        '["PR", "CC", "LS"',
        '["Pr", "CC", "LS"',
        "rules_data/tables/assignment.toml, line 17: allied: row 1, column 1: expected an area "
        "code, got 'Pr'",
    ),
    (
        "tables/randomizer.toml",
        '["A12", "A10"',
        '["B12", "A10"',
        "rules_data/tables/randomizer.toml, line 12: cells: row 1, column 1: expected 'A<n>', "
        "'S<n>' or '-', got 'B12'",
    ),
    (
        "tables/walkyrie.toml",
        '"3/7/4", "3/7/5"]',
        '"3/7/4"]',
        "rules_data/tables/walkyrie.toml, line 10: cells: expected a list of 7 entries, got 6",
    ),
    (
        "tables/walkyrie.toml",
        '"1-5",',
        '"1 to 5",',
        "rules_data/tables/walkyrie.toml, line 9: totals: entry 1: expected a total like '7' or "
        "'8-10', got '1 to 5'",
    ),
    (
        "tables/walkyrie.toml",
        '"3/5/2",',
        '"3-5-2",',
        "rules_data/tables/walkyrie.toml, line 10: cells: entry 2: expected 'P/B/U' like '3/5/2' "
        "or '-', got '3-5-2'",
    ),
    (
        "tables/walkyrie.toml",
        'totals = ["1-5", "6",     "7",     "8-10",  "11",    "12-13", '
        '"14"   ]\ncells  = ["-",   "3/5/2", "2/5/2", "2/5/3", "3/7/3", "3/7/4", "3/7/5"]',
        "totals = []\ncells = []",
        "rules_data/tables/walkyrie.toml, line 9: totals: expected at least 1 entry, got 0",
    ),
    # counters.toml (2.2)
    (
        "counters.toml",
        'front = "8-7-8"\nleader = false',
        'front = "8-7-8"\nback = "[3]"\nleader = false',
        "rules_data/counters.toml, line 38: unit 001 > back: a single-sided unit has no back",
    ),
    (
        "counters.toml",
        'back = "[7]"\n',
        "",
        "rules_data/counters.toml, line 222: unit 101: missing key 'back' (a recruitment unit has two sides)",
    ),
    (
        "counters.toml",
        'back = "5-5-5"',
        'back = "[5]"',
        "rules_data/counters.toml, line 360: unit 200 > back: the unsuspected side shows full "
        "ratings, like '8-7-8'",
    ),
    (
        "counters.toml",
        'front = "8-7-8"\nleader = false',
        'front = "[8]"\nleader = false',
        "rules_data/counters.toml, line 37: unit 001 > front: a German unit's front shows full "
        "ratings, like '8-7-8'",
    ),
    (
        "counters.toml",
        'front = "[6]"\nleader = false\ncontrol = "none"\nrole = "largest',
        'front = "6-6-6"\nleader = false\ncontrol = "none"\nrole = "largest',
        "rules_data/counters.toml, line 827: unit 501 > front: an Allied unit shows only a "
        "defence strength, like '[6]' (10.25)",
    ),
    # cases.toml
    (
        "cases.toml",
        '"8.0" = {',
        '"8.x" = {',
        "rules_data/cases.toml, line 86: cases > 8.x: expected a case number like '10.67', got '8.x'",
    ),
    (
        "cases.toml",
        '"8.0" = {',
        '"8.0" = 5\n"8.99" = {',
        "rules_data/cases.toml, line 86: cases > 8.0: expected { kind = ..., title = ..., says = ... }",
    ),
    (
        "cases.toml",
        ', data = "tables/okw_panic.toml" }',
        " }",
        "rules_data/cases.toml, line 226: case 12.82: a table case must name its data file (data = ...)",
    ),
    (
        "cases.toml",
        'by = "plot_core.engine.status:clear"',
        'by = "plot_core.engine.status.clear"',
        "rules_data/cases.toml, line 275: case 15.11 > by: expected 'module:function', got "
        "'plot_core.engine.status.clear'",
    ),
    (
        "cases.toml",
        'test = "tests/engine/test_investigation.py::test_15_11',
        'test = "test_investigation.py::test_15_11',
        "rules_data/cases.toml, line 275: case 15.11 > test: expected 'tests/file.py::test_name', "
        "got 'test_investigation.py::test_15_11_markers_come_off_friendly_units_by_choice'",
    ),
]


@pytest.mark.parametrize("rel,old,new,says", BROKEN, ids=[b[3][11:60] for b in BROKEN])
def test_a_broken_data_file_is_refused_word_for_word(data_copy, rel, old, new, says):
    edit(data_copy, rel, old, new)
    with pytest.raises(DataError) as info:
        load_rules(data_copy)
    assert str(info.value) == says


@pytest.mark.parametrize(
    "text,says",
    [
        ("unit = []\n", "rules_data/counters.toml: no [[unit]] entries"),
        ("unit = 5\n", "rules_data/counters.toml, line 1: unit: expected [[unit]] entries, got a number 5"),
    ],
)
def test_a_counter_sheet_without_units(data_copy, text, says):
    (data_copy / "counters.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_rules(data_copy)
    assert str(info.value) == says


def test_a_data_file_that_cannot_be_read_says_why(data_copy):
    (data_copy / "tables" / "walkyrie.toml").unlink()
    (data_copy / "tables" / "walkyrie.toml").mkdir()
    with pytest.raises(DataError) as info:
        load_rules(data_copy)
    assert str(info.value) == "rules_data/tables/walkyrie.toml: cannot read: Is a directory"


# -- anything at all ---------------------------------------------------------

DATA_FILES = sorted(
    str(p.relative_to(rules_data_dir())) for p in rules_data_dir().rglob("*") if p.suffix in (".toml", ".txt")
)

mutations = st.sampled_from(["delete_line", "duplicate_line", "truncate", "insert", "replace"])
junk = st.sampled_from(
    [
        '"',
        "[",
        "]",
        "=",
        "x",
        "0",
        "-1",
        "99",
        "true",
        "\n",
        "[[unit]]",
        "{",
        ",",
        '""',
        "..",
        "ZZ",
        "#",
        "\t",
        "é",
    ]
)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(DATA_FILES), mutations, st.randoms(use_true_random=False), junk)
def test_any_mutation_loads_or_gives_a_clear_data_error(file, how, rnd, text):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "rules_data"
        shutil.copytree(rules_data_dir(), root)
        path = root / file
        content = path.read_text(encoding="utf-8")
        lines = content.splitlines(keepends=True)
        i = rnd.randrange(len(lines))
        if how == "delete_line":
            del lines[i]
            content = "".join(lines)
        elif how == "duplicate_line":
            lines.insert(i, lines[i])
            content = "".join(lines)
        elif how == "truncate":
            content = content[: rnd.randrange(len(content))]
        elif how == "insert":
            at = rnd.randrange(len(content) + 1)
            content = content[:at] + text + content[at:]
        else:
            at = rnd.randrange(len(content))
            content = content[:at] + text + content[at + 1 :]
        path.write_text(content, encoding="utf-8")
        try:
            load_rules(root)
        except DataError as err:
            msg = str(err)
            assert err.file.startswith("rules_data"), msg
            assert "Traceback" not in msg and len(msg) < 400, msg


# -- the reader's own checks, at their edges ------------------------------------


def _node(text: str) -> Node:
    return Source("x.toml", text).parse_toml()


def _says(read) -> str:
    with pytest.raises(DataError) as info:
        read()
    return str(info.value)


def test_whole_numbers_at_and_past_each_end_of_their_range():
    n = _node('a = 2\nb = 20\nc = true\nd = 1.5\ne = "' + "y" * 50 + '"\nf = [1]\ng = {h = 1}\n')
    assert (n.int("a", lo=2, hi=20), n.int("b", lo=2, hi=20), n.int("z", default=7)) == (2, 20, 7)
    assert (
        _says(lambda: n.int("a", lo=3, hi=20)) == "x.toml, line 1: a: expected a whole number in 3..20, got 2"
    )
    assert (
        _says(lambda: n.int("b", lo=2, hi=19))
        == "x.toml, line 2: b: expected a whole number in 2..19, got 20"
    )
    assert (
        _says(lambda: n.int("a", lo=3)) == "x.toml, line 1: a: expected a whole number of at least 3, got 2"
    )
    assert (
        _says(lambda: n.int("b", hi=19)) == "x.toml, line 2: b: expected a whole number of at most 19, got 20"
    )
    # what was found instead, named (true is no number, long text is cut at 40)
    assert [_says(lambda k=k: n.int(k)).split(": ", 2)[2] for k in "cdefg"] == [
        "expected a whole number, got true/false True",
        "expected a whole number, got a number 1.5",
        "expected a whole number, got text '" + "y" * 36 + "...",
        "expected a whole number, got a list",
        "expected a whole number, got a table",
    ]
    assert _says(lambda: n.int("z")) == "x.toml, line 1: missing key 'z'"


def test_numbers_at_and_past_each_end_of_their_range():
    n = _node('a = 0.0\nb = 1\nc = 1.5\nd = "half"\ne = true\n')
    assert (n.float("a", lo=0.0, hi=1.0), n.float("b", lo=0.0, hi=1.0)) == (0.0, 1.0)
    assert isinstance(n.float("b", lo=0.0, hi=1.0), float)  # a whole number is read as one
    says = {k: _says(lambda k=k: n.float(k, lo=0.0, hi=1.0)) for k in "cdez"}
    assert says["c"] == "x.toml, line 3: c: expected a number in 0..1, got 1.5"
    below = _says(lambda: n.float("a", lo=0.5, hi=1.0))
    assert below == "x.toml, line 1: a: expected a number in 0.5..1, got 0"
    assert says["d"] == "x.toml, line 4: d: expected a number, got text 'half'"
    assert says["e"] == "x.toml, line 5: e: expected a number, got true/false True"
    assert says["z"] == "x.toml, line 1: missing key 'z'"


def test_text_choices_lists_and_leftover_keys():
    n = _node('a = 2\ne = "yyy"\nf = [1]\nc = true\n')
    assert (
        _says(lambda: n.str("e", pattern="x+")) == "x.toml, line 2: e: expected text matching x+, got 'yyy'"
    )
    assert (
        _says(lambda: n.str("e", pattern="x+", what="an x")) == "x.toml, line 2: e: expected an x, got 'yyy'"
    )
    assert _says(lambda: n.str("a")) == "x.toml, line 1: a: expected text, got a number 2"
    assert (
        _says(lambda: n.str("e", choices=["b", "a"])) == "x.toml, line 2: e: expected one of a, b; got 'yyy'"
    )
    assert n.bool("c") is True
    assert _says(lambda: n.bool("a")) == "x.toml, line 1: a: expected true or false, got a number 2"
    assert _says(lambda: n.list("f", length=2)) == "x.toml, line 3: f: expected a list of 2 entries, got 1"
    assert _says(lambda: n.list("f", min_length=2)) == "x.toml, line 3: f: expected at least 2 entries, got 1"
    assert n.list("z", default=[]) == [] and n.list("f", length=1, min_length=1) == [1]
    assert _says(_node("q = 1\n").done) == "x.toml, line 1: q: unknown key 'q' (known keys here: none)"


# -- the reader on small files: a message that names the wrong line or key sends someone
# editing rules_data to the wrong place.
# -- files ---------------------------------------------------------------------


def test_a_file_is_read_as_utf8_and_named_as_asked(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.toml").write_bytes('name = "Stauffenberg é"\n\nb = 1\n'.encode())
    src = Source.read(tmp_path, "sub/a.toml")
    assert (src.name, src.lines) == ("sub/a.toml", ['name = "Stauffenberg é"', "", "b = 1"])
    assert Source.read(tmp_path, "sub/a.toml", "shown").name == "shown"


def test_a_file_that_cannot_be_read_is_named_with_the_reason(tmp_path):
    (tmp_path / "bad.toml").write_bytes(b"a = 1\n\xff\n")
    (tmp_path / "dir.toml").mkdir()
    assert _says(lambda: Source.read(tmp_path, "none.toml")) == "none.toml: file is missing"
    assert _says(lambda: Source.read(tmp_path, "none.toml", "shown")) == "shown: file is missing"
    assert (
        _says(lambda: Source.read(tmp_path, "bad.toml"))
        == "bad.toml: not UTF-8 text (invalid start byte at byte 6)"
    )
    assert _says(lambda: Source.read(tmp_path, "dir.toml", "d")) == "d: cannot read: Is a directory"


def test_find_counts_lines_from_one_and_starts_where_asked():
    src = Source("x", "a = 1\nb = 2\na = 3\n")
    assert [src.find("^a"), src.find("^a", 0), src.find("^a", -5), src.find("^a", 1)] == [1] * 4
    assert [src.find("^a", 2), src.find("^a", 3), src.find("^a", 4), src.find("^c")] == [3, 3, None, None]
    assert src.find("= 2") == 2


def test_a_toml_error_names_its_line_and_drops_the_parsers_position():
    assert _says(lambda: _node("a = 1\nb = \nc = 2\n")) == "x.toml, line 2: not valid TOML: Invalid value"
    assert _says(lambda: _node("a = 1\nb = ")) == "x.toml, line 2: not valid TOML: Invalid value"
    assert _says(lambda: _node("a = [1,")) == "x.toml, line 1: not valid TOML: Invalid value"
    assert (
        _says(lambda: _node("a = 1\na = 2\n")) == "x.toml, line 2: not valid TOML: Cannot overwrite a value"
    )
    root = _node("a = 1\n")
    assert (root.where, root.line, root.data, root.source.name, root.keys) == ("", 1, {"a": 1}, "x.toml", ())


# -- what was found, described ---------------------------------------------------


def test_a_wrong_value_is_described_by_kind_and_cut_at_forty_characters():
    assert [_describe(v) for v in (True, 3, 2.5, "s", [1], {"a": 1})] == [
        "true/false True",
        "a number 3",
        "a number 2.5",
        "text 's'",
        "a list",
        "a table",
    ]
    assert (
        _says(lambda: _node("d = 1976-07-20\n").int("d"))
        == "x.toml, line 1: d: expected a whole number, got date datetime.date(1976, 7, 20)"
    )
    forty = "y" * 38  # with its quotes, 40 characters: shown whole
    assert _describe(forty) == f"text '{forty}'"
    assert _describe(forty + "z") == "text '" + "y" * 36 + "..."


# -- where a key is ---------------------------------------------------------------


def test_a_key_is_found_on_its_own_line_quoted_or_not_and_at_or_after_its_table():
    n = _node('a = 1\n[t]\n"b c" = 2\n  d=3\nad = 4\n[u]\nd = 5\n')
    t = n.table("t")
    assert (t.line, t.line_of("b c"), t.line_of("d"), t.line_of("ad"), t.line_of("zz")) == (2, 3, 4, 5, 2)
    assert n.table("u").line_of("d") == 7
    assert Node(n.source, {}, where="w", line=None).line_of("a") is None


def test_a_path_joins_the_tables_and_the_key():
    n = _node("[t]\n[t.u]\nv = 1\n")
    u = n.table("t").table("u")
    assert (n.path(), n.path("k"), u.path(), u.path("v")) == ("", "k", "t > u", "t > u > v")
    assert _says(lambda: u.int("w")) == "x.toml, line 2: t > u: missing key 'w'"
    assert _says(lambda: u.str("v")) == "x.toml, line 3: t > u > v: expected text, got a number 1"


# -- reads with defaults ----------------------------------------------------------


def test_a_missing_key_takes_its_default_and_a_present_one_is_still_checked():
    n = _node('s = "x"\ni = 4\nb = false\nl = [1, 2]\n')
    assert (n.has("s"), n.has("q")) == (True, False)
    assert (n.raw("q", 9), n.raw("s", 9), n.raw("q", None)) == (9, "x", None)
    assert (n.str("q", default="d"), n.str("q", default=None), n.str("s", default="d")) == ("d", None, "x")
    assert (n.int("q", default=0), n.int("q", default=None), n.int("i", default=0)) == (0, None, 4)
    assert (n.bool("q", default=True), n.bool("b", default=True)) == (True, False)
    assert (n.list("q", default=[7]), n.list("q", default=None), n.list("l", default=[])) == (
        [7],
        None,
        [1, 2],
    )
    # a present value is checked whatever the default
    assert _says(lambda: n.str("i", default="d")) == "x.toml, line 2: i: expected text, got a number 4"
    assert (
        _says(lambda: n.int("s", default=1, lo=0))
        == "x.toml, line 1: s: expected a whole number, got text 'x'"
    )
    assert (
        _says(lambda: n.int("i", default=1, hi=3))
        == "x.toml, line 2: i: expected a whole number of at most 3, got 4"
    )
    assert (
        _says(lambda: n.bool("q", default=3)) == "x.toml, line 1: q: expected true or false, got a number 3"
    )
    assert _says(lambda: n.list("i", default=[])) == "x.toml, line 2: i: expected a list, got a number 4"
    assert (
        _says(lambda: n.str("s", default="d", choices={"y"}))
        == "x.toml, line 1: s: expected one of y; got 'x'"
    )


def test_text_is_checked_against_its_choices_and_its_pattern_whole():
    n = _node('a = "ab"\nb = "7"\n')
    assert n.str("a", choices=["ab", "c"]) == "ab" and n.str("a", pattern="a.") == "ab"
    assert _says(lambda: n.str("a", pattern="a")) == "x.toml, line 1: a: expected text matching a, got 'ab'"
    assert _says(lambda: n.str("a", pattern="b")) == "x.toml, line 1: a: expected text matching b, got 'ab'"
    assert _says(lambda: n.str("a", choices=[3, 1])) == "x.toml, line 1: a: expected one of 1, 3; got 'ab'"
    assert (
        _says(lambda: n.str("b", what="a hex id", choices=None, pattern="[a-z]"))
        == "x.toml, line 2: b: expected a hex id, got '7'"
    )
    assert (
        _says(lambda: n.str("a", what="a name", pattern=None, choices=["c"]))
        == "x.toml, line 1: a: expected one of c; got 'ab'"
    )
    assert (
        _says(lambda: _node("a = 2\n").str("a", what="a name"))
        == "x.toml, line 1: a: expected a name, got a number 2"
    )


def test_whole_numbers_name_what_they_are_and_their_range():
    n = _node("a = 5\nb = -1\n")
    assert n.check_int("k", 5, lo=5, hi=5) == 5 and n.int("b", lo=-1, hi=-1) == -1
    assert n.int("b", lo=None, hi=None) == -1 and n.check_int("k", 0, lo=0) == 0
    assert (
        _says(lambda: n.check_int("a", 6, lo=1, hi=5, what="a die roll"))
        == "x.toml, line 1: a: expected a die roll in 1..5, got 6"
    )
    assert (
        _says(lambda: n.check_int("a", 0, lo=1, hi=5, what="a die roll"))
        == "x.toml, line 1: a: expected a die roll in 1..5, got 0"
    )
    assert (
        _says(lambda: n.check_int("a", "6", what="a die roll"))
        == "x.toml, line 1: a: expected a die roll, got text '6'"
    )
    assert (
        _says(lambda: n.check_int("a", False, lo=0))
        == "x.toml, line 1: a: expected a whole number, got true/false False"
    )
    assert (
        _says(lambda: n.int("b", lo=0)) == "x.toml, line 2: b: expected a whole number of at least 0, got -1"
    )
    assert _says(lambda: n.int("a", hi=0)) == "x.toml, line 1: a: expected a whole number of at most 0, got 5"


def test_lists_by_length_and_their_items_by_place():
    n = _node('one = [1]\nnone = []\nthree = [1, "x", 3]\n')
    assert n.list("one", min_length=1) == [1] and n.list("none") == []
    assert n.list("three", length=3, min_length=3) == [1, "x", 3]
    assert (
        _says(lambda: n.list("none", min_length=1))
        == "x.toml, line 2: none: expected at least 1 entry, got 0"
    )
    assert (
        _says(lambda: n.list("one", min_length=2))
        == "x.toml, line 1: one: expected at least 2 entries, got 1"
    )
    assert (
        _says(lambda: n.list("one", length=0)) == "x.toml, line 1: one: expected a list of 0 entries, got 1"
    )
    seen = []

    def convert(node, label, item):
        seen.append((node, label))
        return node.check_int(label, item)

    assert n.list_of("one", convert, length=1) == [1] and seen == [(n, "one[0]")]
    assert (
        _says(lambda: n.list_of("three", convert))
        == "x.toml, line 3: three[1]: expected a whole number, got text 'x'"
    )
    assert (
        _says(lambda: n.list_of("one", convert, min_length=2))
        == "x.toml, line 1: one: expected at least 2 entries, got 1"
    )


# -- tables -------------------------------------------------------------------------


def test_a_table_starts_at_its_own_header_by_its_whole_path():
    text = '# [t] in a comment\nt0 = 1\n[other]\n[t]\nv = 1\n[s.t]\nw = 2\n[ "q r" . "t" ]\n[s.u.t]\n'
    n = _node(text)
    assert (n.table("t").line, n.table("other").line) == (4, 3)
    s = n.table("s")
    assert (s.line, s.keys, s.where) == (1, ("s",), "s")  # no [s] header: where s was asked for
    assert (s.table("t").line, s.table("t").where, s.table("t").keys) == (6, "s > t", ("s", "t"))
    assert s.table("u").table("t").line == 9
    assert n.table("q r").table("t").line == 8
    assert n.table("t").data == {"v": 1}
    assert _says(lambda: n.table("t0")) == "x.toml, line 2: t0: expected a table, got a number 1"
    assert _says(lambda: n.table("gone")) == "x.toml, line 1: missing key 'gone'"
    inline = _node("a = 1\ninl = {b = 2}\n").table("inl")
    assert (inline.line, inline.data) == (2, {"b": 2})
    assert _node("[a]\nin = {b = 1}\n[a.in2]\n").table("a").table("in").line == 2


def test_subtables_come_in_file_order_each_at_its_own_header():
    n = _node('[k]\n[k.first]\na = 1\n[k."sec ond"]\nb = 2\n[ k.third ]\n')
    got = [(name, node.line, node.where, node.data, node.keys) for name, node in n.subtables("k")]
    assert got == [
        ("first", 2, "k first", {"a": 1}, ("k", "first")),
        ("sec ond", 4, "k sec ond", {"b": 2}, ("k", "sec ond")),
        ("third", 6, "k third", {}, ("k", "third")),
    ]
    n.done()  # the outer key was read
    first = next(_node("[k.first]\na = 1\n").subtables("k"))[1]
    assert _says(lambda: first.int("b")) == "x.toml, line 1: k first: missing key 'b'"


def test_a_subtable_written_inline_is_found_by_its_key_and_a_value_is_refused():
    n = _node("[k]\nin = {a = 1}\nv = 3\n")
    it = n.subtables("k")
    name, node = next(it)
    assert (name, node.line, node.where) == ("in", 2, "k in")
    assert _says(lambda: next(it)) == "x.toml, line 3: k > v: expected a table, got a number 3"


def test_entries_of_an_array_of_tables_are_labelled_and_found_in_turn():
    text = "x = 1\n[[unit]]\nid = 7\n[[unit]]\n[[other]]\n  [[ unit ]]\nid = 9\n[[s.unit]]\n[[s.unit]]\n"
    n = _node(text)
    got = [
        (e.where, e.line, e.data, e.keys)
        for e in n.array_of_tables("unit", lambda d, i: f"unit {d.get('id', '#' + str(i + 1))}")
    ]
    assert got == [
        ("unit 7", 2, {"id": 7}, ("unit",)),
        ("unit #2", 4, {}, ("unit",)),
        ("unit 9", 6, {"id": 9}, ("unit",)),
    ]
    assert [e.line for e in n.table("s").array_of_tables("unit", lambda d, i: str(i))] == [8, 9]
    top = _node("[[unit]]\nid = 1\n[[unit]]\n").array_of_tables("unit", lambda d, i: f"u{i}")
    first = next(top)
    assert (first.line, next(top).line) == (1, 3)
    assert _says(lambda: first.str("id")) == "x.toml, line 2: u0 > id: expected text, got a number 1"
    inline = _node("unit = [{id = 1}, {id = 2}]\n")
    assert [(e.where, e.line) for e in inline.array_of_tables("unit", lambda d, i: str(i))] == [
        ("0", None),
        ("1", None),
    ]
    assert (
        _says(lambda: list(_node("unit = [1]\n").array_of_tables("unit", str)))
        == "x.toml, line 1: unit: expected [[unit]] entries, got a list"
    )
    assert (
        _says(lambda: list(_node("unit = [{a = 1}, 2]\n").array_of_tables("unit", str)))
        == "x.toml, line 1: unit: expected [[unit]] entries, got a list"
    )
    assert (
        _says(lambda: list(_node("unit = 2\n").array_of_tables("unit", str)))
        == "x.toml, line 1: unit: expected [[unit]] entries, got a number 2"
    )


def test_a_key_nobody_read_is_refused_naming_the_keys_that_were():
    n = _node("b = 1\na = 2\nzz = 3\nyy = 4\n")
    n.int("b")
    n.raw("a")
    assert _says(n.done) == "x.toml, line 3: zz: unknown key 'zz' (known keys here: a, b)"
    n.raw("zz")
    n.raw("yy")
    n.done()
    assert _says(_node("\nq = 1\n").done) == "x.toml, line 2: q: unknown key 'q' (known keys here: none)"
    asked = _node("b = 1\n")
    asked.int("c", default=0)  # asking for a key that is not there counts as knowing it
    assert _says(asked.done) == "x.toml, line 1: b: unknown key 'b' (known keys here: c)"


# -- the chit list on its own (plot_core/data/chits.py) ----------------------------------

_CHITS = """[kinds.fuhrer_access]\nname = "FA"\ncount = {n}\nprefix = "FA"\n{use}
[kinds.travel]\nname = "Travel"\ncount = 1\nprefix = "TR"
[kinds.alibi_arrest]\nname = "Alibi"\ncount = 1\nprefix = "AA"
[kinds.double_cross]\nname = "DC"\ncount = 1\nprefix = "DC"
[kinds.friendly_assignment]\nname = "Friend"\ncount = 1\nprefix = "FR"
[kinds.enemy_assignment]\nname = "Enemy"\ncount = 1\nprefix = "EN"
[loyalty]\nname = "Loyal"\nprefix = "LOY"\n{use}units = [{units}]
"""


def _chits(n=1, use="", units='"101"'):
    return load_chits(Source("chits.toml", _CHITS.format(n=n, use=use, units=units)))


def test_a_chit_list_of_one_each_with_its_names_and_the_use_line_optional():
    one = _chits()
    assert [c.id for c in one.chits] == ["FA1", "TR1", "AA1", "DC1", "FR1", "EN1", "LOY101"]
    assert one.names[ChitKind.LOYALTY] == "Loyal" and one.names[ChitKind.FUHRER_ACCESS] == "FA"
    assert one.loyalty_units() == {"101"} and one.by_id()["LOY101"].unit == "101"
    assert len(_chits(n=99, use='use = "18.12"\n').chits) == 99 + 6
    assert (
        _says(lambda: _chits(n=0))
        == "chits.toml, line 3: kinds fuhrer_access > count: expected a whole number in 1..99, got 0"
    )
    assert (
        _says(lambda: _chits(n=100))
        == "chits.toml, line 3: kinds fuhrer_access > count: expected a whole number in 1..99, got 100"
    )
    assert (
        _says(lambda: _chits(units=""))
        == "chits.toml, line 29: loyalty > units: expected at least 1 entry, got 0"
    )
    assert (
        _says(lambda: _chits(use="use = 3\n"))
        == "chits.toml, line 5: kinds fuhrer_access > use: expected text, got a number 3"
    )


def test_a_counter_label_of_ten_characters_and_a_unit_without_a_role(data_copy):
    edit(data_copy, "counters.toml", 'short = "Heydrich"', 'short = "Heydrich-S"')
    edit(data_copy, "counters.toml", 'role = "Reichsführer-SS, head of the SS"\n', "")
    units = load_rules(data_copy).units
    assert (units["001"].short, units["000"].role) == ("Heydrich-S", "")


def test_a_unit_without_an_id_is_named_by_its_place_on_the_sheet(data_copy):
    # 3.31: every counter has an id; the third [[unit]] (Schellenberg, 002) loses its own
    edit(data_copy, "counters.toml", 'id = "002"\n', "")
    with pytest.raises(DataError) as info:
        load_rules(data_copy)
    line = line_of(data_copy, "counters.toml", 'short = "Schellenberg"') - 1
    assert str(info.value) == f"rules_data/counters.toml, line {line}: unit #3: missing key 'id'"


def test_a_unit_that_does_not_say_leader_is_no_leader(data_copy):
    # 4.31 and 13.19 single out the four leaders; a counter silent on it is not one
    edit(data_copy, "counters.toml", "leader = false\n", "")  # Heydrich (001)
    units = load_rules(data_copy).units
    assert units["001"].leader is False
    assert units["000"].leader is True and units["002"].leader is False
