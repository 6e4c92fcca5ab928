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
from plot_core.rules import data_dir


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
    assert "rules_data directory is missing" in str(err)


def test_missing_file(data_copy):
    (data_copy / "tables" / "walkyrie.toml").unlink()
    err = broken(data_copy)
    assert err.file.endswith("tables/walkyrie.toml") and "file is missing" in str(err)


def test_toml_syntax_error_names_the_line(data_copy):
    edit(data_copy, "counters.toml", 'short = "Heydrich"', 'short = "Heydrich')
    err = broken(data_copy)
    assert err.file.endswith("counters.toml")
    assert err.line == line_of(data_copy, "counters.toml", 'short = "Heydrich')
    assert "not valid TOML" in str(err)


def test_not_utf8(data_copy):
    (data_copy / "game.toml").write_bytes(b"[die]\nsides = 6 # \xff\n")
    assert "not UTF-8" in str(broken(data_copy))


# -- counters ----------------------------------------------------------------

def test_bad_ratings(data_copy):
    edit(data_copy, "counters.toml", 'front = "8-7-8"', 'front = "8-7"')
    err = broken(data_copy)
    assert "unit 001 > front" in str(err)
    assert "expected ratings like '8-7-8'" in str(err) and "'8-7'" in str(err)
    assert err.line == line_of(data_copy, "counters.toml", 'front = "8-7"')


def test_misspelt_key(data_copy):
    edit(data_copy, "counters.toml", 'role = "Reichsführer-SS, head of the SS"',
         'role = "x"\ndefense = 3')
    err = broken(data_copy)
    assert "unit 000 > defense" in str(err) and "unknown key 'defense'" in str(err)


def test_missing_key(data_copy):
    edit(data_copy, "counters.toml", 'party = "SS"\n', "")
    err = broken(data_copy)
    assert "unit 000" in str(err) and "missing key 'party'" in str(err)


def test_unknown_party(data_copy):
    edit(data_copy, "counters.toml", 'party = "OKW"', 'party = "Army"')
    err = broken(data_copy)
    assert "unit 401 > party" in str(err) and "expected one of" in str(err) and "'Army'" in str(err)


def test_duplicate_unit(data_copy):
    edit(data_copy, "counters.toml", 'id = "002"', 'id = "001"')
    assert "unit id 001 appears twice" in str(broken(data_copy))


def test_unrecruited_side_must_be_defence_only(data_copy):
    edit(data_copy, "counters.toml", 'back = "[7]"', 'back = "8-7-6"')
    err = broken(data_copy)
    assert "unit 101 > back" in str(err) and "only a defence strength" in str(err)


def test_wrong_type(data_copy):
    edit(data_copy, "counters.toml", "leader = true", 'leader = "yes"')
    assert "expected true or false, got text 'yes'" in str(broken(data_copy))


# -- chits -------------------------------------------------------------------

def test_chit_count_not_a_number(data_copy):
    edit(data_copy, "chits.toml", "count = 8", 'count = "eight"')
    err = broken(data_copy)
    assert "kinds fuhrer_access > count" in str(err) and "expected a whole number" in str(err)


def test_loyalty_chit_for_a_leader(data_copy):
    edit(data_copy, "chits.toml", '"001", "002"', '"000", "002"')
    assert "unit 000 (Himmler) is a leader" in str(broken(data_copy))


def test_loyalty_chit_missing_for_a_unit(data_copy):
    edit(data_copy, "chits.toml", '"418",\n', "")
    assert "unit 418 (Schulnbg) has no Loyalty chit" in str(broken(data_copy))


def test_loyalty_chit_for_unknown_unit(data_copy):
    edit(data_copy, "chits.toml", '"418",', '"418", "419",')
    assert "Loyalty chit for unit 419, which counters.toml does not have" in str(broken(data_copy))


def test_unknown_chit_kind(data_copy):
    edit(data_copy, "chits.toml", "[kinds.travel]", "[kinds.train]")
    assert "unknown chit kind 'train'" in str(broken(data_copy))


# -- tables ------------------------------------------------------------------

def test_table_row_too_short(data_copy):
    edit(data_copy, "tables/harassment.toml", '["M",  "N",  "N",  "Dr", "Dr", "Dr", "Dr"],',
         '["M",  "N",  "N",  "Dr", "Dr", "Dr"],')
    err = broken(data_copy)
    assert err.file.endswith("harassment.toml")
    assert "row for die 1: expected 7 cells, got 6" in str(err)


def test_table_unknown_result(data_copy):
    edit(data_copy, "tables/recruitment.toml", '["Sr", "R", ', '["Xx", "R", ')
    assert "row 2, column 1: unknown result 'Xx'" in str(broken(data_copy))


def test_table_claims_wrong_case(data_copy):
    edit(data_copy, "tables/okw_panic.toml", 'case = "12.82"', 'case = "12.83"')
    assert "this file holds table 12.82" in str(broken(data_copy))


def test_table_needs_provenance(data_copy):
    edit(data_copy, "tables/okw_panic.toml", 'provenance = "printed"', 'provenance = "unsure"')
    assert "'printed...' or 'reconstructed: why'" in str(broken(data_copy))


def test_walkyrie_gap(data_copy):
    edit(data_copy, "tables/walkyrie.toml", '"8-10"', '"9-10"')
    assert "bands must run on without gaps" in str(broken(data_copy))


def test_assignment_bad_german_result(data_copy):
    edit(data_copy, "tables/assignment.toml", '"2/Ab/BR"', '"2/Army/BR"')
    assert "row 2, column 3: expected 'N/SS/XX'" in str(broken(data_copy))


def test_assignment_unknown_area(data_copy):
    edit(data_copy, "tables/assignment.toml", '["PR", "CC", "LS"', '["ZZ", "CC", "LS"')
    assert "allied row 1, column 1: area ZZ is not on the map" in str(broken(data_copy))


# -- map ---------------------------------------------------------------------

def test_unknown_area_in_art(data_copy):
    art = (data_copy / "map/map.txt").read_text()
    (data_copy / "map/map.txt").write_text(art.replace("SK  SK", "SK  XQ", 1))
    err = broken(data_copy)
    assert "area code XQ" in str(err) and "no [areas.XQ]" in str(err)


def test_art_row_wrong_length(data_copy):
    lines = (data_copy / "map/map.txt").read_text().splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("10 |"))
    lines[i] += "  BE"
    (data_copy / "map/map.txt").write_text("\n".join(lines))
    err = broken(data_copy)
    assert err.line == i + 1 and "row 10 has 45 hexes" in str(err)


def test_art_bad_token_names_the_hex(data_copy):
    lines = (data_copy / "map/map.txt").read_text().splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("05 |"))
    toks = lines[i].split("|")[1].split()
    toks[2] = "c?"
    lines[i] = "05 |    " + "  ".join(toks)
    (data_copy / "map/map.txt").write_text("\n".join(lines))
    assert "hex 0305: expected a two-letter area code" in str(broken(data_copy))


def test_area_split_in_two(data_copy):
    # A lone Stockholm hex far from Stockholm.
    lines = (data_copy / "map/map.txt").read_text().splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("20 |"))
    toks = lines[i].split("|")[1].split()
    toks[0] = "SK"
    lines[i] = "20 |  " + "  ".join(toks)
    (data_copy / "map/map.txt").write_text("\n".join(lines))
    assert "area SK (Stockholm) is split" in str(broken(data_copy))


def test_hq_hex_outside_its_area(data_copy):
    edit(data_copy, "map/map.toml", 'hexes = ["3506", "3405"]', 'hexes = ["3506", "2414"]')
    err = broken(data_copy)
    assert "hqs rastenburg > hexes" in str(err)
    assert "hex 2414 is in area BE, not PU" in str(err)


def test_mark_off_the_map(data_copy):
    edit(data_copy, "map/map.toml", 'ss = ["2314"', 'ss = ["0102"')
    edit(data_copy, "map/map.toml", 'ss = ["0102"', 'ss = ["1501"')   # a sea hex
    assert "hex 1501 is not on the map" in str(broken(data_copy))


def test_two_marks_on_one_hex(data_copy):
    edit(data_copy, "map/map.toml", 'nazi = ["2312"', 'nazi = ["2314"')
    assert "hex 2314 is both the ss mark and the nazi mark" in str(broken(data_copy))


def test_hitler_outside_fuhrer_hq(data_copy):
    edit(data_copy, "map/map.toml", '"100" = "2414"', '"100" = "2110"')
    assert "Hitler's named hex 2110 must lie in an HQ" in str(broken(data_copy))


def test_too_few_common_hexes(data_copy):
    text = (data_copy / "map/map.toml").read_text()
    common = re.search(r"common = \[(.*)\]", text).group(1)
    keep = ", ".join(common.split(", ")[:20])
    (data_copy / "map/map.toml").write_text(text.replace(common, keep))
    err = broken(data_copy)
    assert "20 common (X) hexes, but the SS needs 10 and the Abwehr 11" in str(err)


def test_okw_hexes_outside_berlin_4_34(data_copy):
    edit(data_copy, "map/map.toml", '"0412", ', "")
    assert "4.34 puts six OKW set-up hexes outside Berlin; this map has 5" in str(broken(data_copy))


def test_too_many_marks_for_the_units(data_copy):
    edit(data_copy, "map/map.toml", 'civilian = ["2114"', 'civilian = ["2806", "2114", "2706", "2606"')
    assert "7 civilian set-up hexes but only 6 Civilian units" in str(broken(data_copy))


# -- cases and game numbers --------------------------------------------------

def test_case_bad_kind(data_copy):
    edit(data_copy, "cases.toml", '"8.0" = { kind = "mechanic"', '"8.0" = { kind = "rule"')
    err = broken(data_copy)
    assert "case 8.0 > kind" in str(err)
    assert err.line == line_of(data_copy, "cases.toml", '"8.0" = {')


def test_case_names_missing_data_file(data_copy):
    edit(data_copy, "cases.toml", 'data = "tables/okw_panic.toml"', 'data = "tables/panic.toml"')
    assert "no such data file 'tables/panic.toml'" in str(broken(data_copy))


def test_game_rolls_must_split_the_die(data_copy):
    edit(data_copy, "game.toml", "rastenburg_rolls = [4, 5, 6]", "rastenburg_rolls = [3, 4, 5, 6]")
    assert "9.61: every roll 1..6 must send Hitler to exactly one HQ" in str(broken(data_copy))


# -- anything at all ---------------------------------------------------------

DATA_FILES = sorted(str(p.relative_to(data_dir())) for p in data_dir().rglob("*")
                    if p.suffix in (".toml", ".txt"))

mutations = st.sampled_from(["delete_line", "duplicate_line", "truncate", "insert", "replace"])
junk = st.sampled_from(['"', "[", "]", "=", "x", "0", "-1", "99", "true", "\n", "[[unit]]",
                        "{", ",", '""', "..", "ZZ", "#", "\t", "é"])


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(DATA_FILES), mutations, st.randoms(use_true_random=False), junk)
def test_any_mutation_loads_or_gives_a_clear_data_error(file, how, rnd, text):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "rules_data"
        shutil.copytree(data_dir(), root)
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
            content = content[:at] + text + content[at + 1:]
        path.write_text(content, encoding="utf-8")
        try:
            load_rules(root)
        except DataError as err:
            msg = str(err)
            assert err.file.startswith("rules_data"), msg
            assert "Traceback" not in msg and len(msg) < 400, msg
