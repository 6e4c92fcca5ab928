"""The data reader (plot_core/data/reader.py) on small files: every message word for word.

The rules files go through this reader; a message that names the wrong line or key sends
a player editing rules_data to the wrong place, so each read is pinned at its edges here.
"""

from __future__ import annotations

import pytest

from plot_core.data.reader import Node, Source, _describe
from plot_core.errors import DataError


def _node(text: str, name: str = "x.toml") -> Node:
    return Source(name, text).parse_toml()


def _says(read) -> str:
    with pytest.raises(DataError) as info:
        read()
    return str(info.value)


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
    assert _says(lambda: Source.read(tmp_path, "bad.toml")) == \
        "bad.toml: not UTF-8 text (invalid start byte at byte 6)"
    assert _says(lambda: Source.read(tmp_path, "dir.toml", "d")) == "d: cannot read: Is a directory"


def test_find_counts_lines_from_one_and_starts_where_asked():
    src = Source("x", "a = 1\nb = 2\na = 3\n")
    assert [src.find("^a"), src.find("^a", 0), src.find("^a", -5), src.find("^a", 1)] == [1] * 4
    assert [src.find("^a", 2), src.find("^a", 3), src.find("^a", 4), src.find("^c")] == \
        [3, 3, None, None]
    assert src.find("= 2") == 2


def test_a_toml_error_names_its_line_and_drops_the_parsers_position():
    assert _says(lambda: _node("a = 1\nb = \nc = 2\n")) == \
        "x.toml, line 2: not valid TOML: Invalid value"
    assert _says(lambda: _node("a = 1\nb = ")) == "x.toml, line 2: not valid TOML: Invalid value"
    assert _says(lambda: _node("a = [1,")) == "x.toml, line 1: not valid TOML: Invalid value"
    assert _says(lambda: _node("a = 1\na = 2\n")) == \
        "x.toml, line 2: not valid TOML: Cannot overwrite a value"
    root = _node("a = 1\n")
    assert (root.where, root.line, root.data, root.source.name, root.keys) == \
        ("", 1, {"a": 1}, "x.toml", ())


# -- what was found, described ---------------------------------------------------

def test_a_wrong_value_is_described_by_kind_and_cut_at_forty_characters():
    assert [_describe(v) for v in (True, 3, 2.5, "s", [1], {"a": 1})] == [
        "true/false True", "a number 3", "a number 2.5", "text 's'", "a list", "a table"]
    assert _says(lambda: _node("d = 1976-07-20\n").int("d")) == \
        "x.toml, line 1: d: expected a whole number, got date datetime.date(1976, 7, 20)"
    forty = "y" * 38  # with its quotes, 40 characters: shown whole
    assert _describe(forty) == f"text '{forty}'"
    assert _describe(forty + "z") == "text '" + "y" * 36 + "..."


# -- where a key is ---------------------------------------------------------------

def test_a_key_is_found_on_its_own_line_quoted_or_not_and_at_or_after_its_table():
    n = _node('a = 1\n[t]\n"b c" = 2\n  d=3\nad = 4\n[u]\nd = 5\n')
    t = n.table("t")
    assert (t.line, t.line_of("b c"), t.line_of("d"), t.line_of("ad"), t.line_of("zz")) == \
        (2, 3, 4, 5, 2)
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
    assert (n.str("q", default="d"), n.str("q", default=None), n.str("s", default="d")) == \
        ("d", None, "x")
    assert (n.int("q", default=0), n.int("q", default=None), n.int("i", default=0)) == (0, None, 4)
    assert (n.bool("q", default=True), n.bool("b", default=True)) == (True, False)
    assert (n.list("q", default=[7]), n.list("q", default=None), n.list("l", default=[])) == \
        ([7], None, [1, 2])
    # a present value is checked whatever the default
    assert _says(lambda: n.str("i", default="d")) == \
        "x.toml, line 2: i: expected text, got a number 4"
    assert _says(lambda: n.int("s", default=1, lo=0)) == \
        "x.toml, line 1: s: expected a whole number, got text 'x'"
    assert _says(lambda: n.int("i", default=1, hi=3)) == \
        "x.toml, line 2: i: expected a whole number of at most 3, got 4"
    assert _says(lambda: n.bool("q", default=3)) == \
        "x.toml, line 1: q: expected true or false, got a number 3"
    assert _says(lambda: n.list("i", default=[])) == \
        "x.toml, line 2: i: expected a list, got a number 4"
    assert _says(lambda: n.str("s", default="d", choices={"y"})) == \
        "x.toml, line 1: s: expected one of y; got 'x'"


def test_text_is_checked_against_its_choices_and_its_pattern_whole():
    n = _node('a = "ab"\nb = "7"\n')
    assert n.str("a", choices=["ab", "c"]) == "ab" and n.str("a", pattern="a.") == "ab"
    assert _says(lambda: n.str("a", pattern="a")) == \
        "x.toml, line 1: a: expected text matching a, got 'ab'"
    assert _says(lambda: n.str("a", pattern="b")) == \
        "x.toml, line 1: a: expected text matching b, got 'ab'"
    assert _says(lambda: n.str("a", choices=[3, 1])) == \
        "x.toml, line 1: a: expected one of 1, 3; got 'ab'"
    assert _says(lambda: n.str("b", what="a hex id", choices=None, pattern="[a-z]")) == \
        "x.toml, line 2: b: expected a hex id, got '7'"
    assert _says(lambda: n.str("a", what="a name", pattern=None, choices=["c"])) == \
        "x.toml, line 1: a: expected one of c; got 'ab'"
    assert _says(lambda: _node("a = 2\n").str("a", what="a name")) == \
        "x.toml, line 1: a: expected a name, got a number 2"


def test_whole_numbers_name_what_they_are_and_their_range():
    n = _node("a = 5\nb = -1\n")
    assert n.check_int("k", 5, lo=5, hi=5) == 5 and n.int("b", lo=-1, hi=-1) == -1
    assert n.int("b", lo=None, hi=None) == -1 and n.check_int("k", 0, lo=0) == 0
    assert _says(lambda: n.check_int("a", 6, lo=1, hi=5, what="a die roll")) == \
        "x.toml, line 1: a: expected a die roll in 1..5, got 6"
    assert _says(lambda: n.check_int("a", 0, lo=1, hi=5, what="a die roll")) == \
        "x.toml, line 1: a: expected a die roll in 1..5, got 0"
    assert _says(lambda: n.check_int("a", "6", what="a die roll")) == \
        "x.toml, line 1: a: expected a die roll, got text '6'"
    assert _says(lambda: n.check_int("a", False, lo=0)) == \
        "x.toml, line 1: a: expected a whole number, got true/false False"
    assert _says(lambda: n.int("b", lo=0)) == \
        "x.toml, line 2: b: expected a whole number of at least 0, got -1"
    assert _says(lambda: n.int("a", hi=0)) == \
        "x.toml, line 1: a: expected a whole number of at most 0, got 5"


def test_lists_by_length_and_their_items_by_place():
    n = _node('one = [1]\nnone = []\nthree = [1, "x", 3]\n')
    assert n.list("one", min_length=1) == [1] and n.list("none") == []
    assert n.list("three", length=3, min_length=3) == [1, "x", 3]
    assert _says(lambda: n.list("none", min_length=1)) == \
        "x.toml, line 2: none: expected at least 1 entry, got 0"
    assert _says(lambda: n.list("one", min_length=2)) == \
        "x.toml, line 1: one: expected at least 2 entries, got 1"
    assert _says(lambda: n.list("one", length=0)) == \
        "x.toml, line 1: one: expected a list of 0 entries, got 1"
    seen = []

    def convert(node, label, item):
        seen.append((node, label))
        return node.check_int(label, item)

    assert n.list_of("one", convert, length=1) == [1] and seen == [(n, "one[0]")]
    assert _says(lambda: n.list_of("three", convert)) == \
        "x.toml, line 1: three[1]: expected a whole number, got text 'x'"
    assert _says(lambda: n.list_of("one", convert, min_length=2)) == \
        "x.toml, line 1: one: expected at least 2 entries, got 1"


# -- tables -------------------------------------------------------------------------

def test_a_table_starts_at_its_own_header_by_its_whole_path():
    text = ('# [t] in a comment\nt0 = 1\n[other]\n[t]\nv = 1\n[s.t]\nw = 2\n'
            '[ "q r" . "t" ]\n[s.u.t]\n')
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
    assert got == [("first", 2, "k first", {"a": 1}, ("k", "first")),
                   ("sec ond", 4, "k sec ond", {"b": 2}, ("k", "sec ond")),
                   ("third", 6, "k third", {}, ("k", "third"))]
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
    text = ("x = 1\n[[unit]]\nid = 7\n[[unit]]\n[[other]]\n  [[ unit ]]\nid = 9\n"
            "[[s.unit]]\n[[s.unit]]\n")
    n = _node(text)
    got = [(e.where, e.line, e.data, e.keys) for e in n.array_of_tables(
        "unit", lambda d, i: f"unit {d.get('id', '#' + str(i + 1))}")]
    assert got == [("unit 7", 2, {"id": 7}, ("unit",)), ("unit #2", 4, {}, ("unit",)),
                   ("unit 9", 6, {"id": 9}, ("unit",))]
    assert [e.line for e in n.table("s").array_of_tables("unit", lambda d, i: str(i))] == [8, 9]
    top = _node("[[unit]]\nid = 1\n[[unit]]\n").array_of_tables("unit", lambda d, i: f"u{i}")
    first = next(top)
    assert (first.line, next(top).line) == (1, 3)
    assert _says(lambda: first.str("id")) == "x.toml, line 2: u0 > id: expected text, got a number 1"
    inline = _node("unit = [{id = 1}, {id = 2}]\n")
    assert [(e.where, e.line) for e in inline.array_of_tables("unit", lambda d, i: str(i))] == \
        [("0", None), ("1", None)]
    assert _says(lambda: list(_node("unit = [1]\n").array_of_tables("unit", str))) == \
        "x.toml, line 1: unit: expected [[unit]] entries, got a list"
    assert _says(lambda: list(_node("unit = [{a = 1}, 2]\n").array_of_tables("unit", str))) == \
        "x.toml, line 1: unit: expected [[unit]] entries, got a list"
    assert _says(lambda: list(_node("unit = 2\n").array_of_tables("unit", str))) == \
        "x.toml, line 1: unit: expected [[unit]] entries, got a number 2"


def test_a_key_nobody_read_is_refused_naming_the_keys_that_were():
    n = _node("b = 1\na = 2\nzz = 3\nyy = 4\n")
    n.int("b")
    n.raw("a")
    assert _says(n.done) == "x.toml, line 3: zz: unknown key 'zz' (known keys here: a, b)"
    n.raw("zz")
    n.raw("yy")
    n.done()
    assert _says(_node("\nq = 1\n").done) == \
        "x.toml, line 2: q: unknown key 'q' (known keys here: none)"
    asked = _node("b = 1\n")
    asked.int("c", default=0)  # asking for a key that is not there counts as knowing it
    assert _says(asked.done) == "x.toml, line 1: b: unknown key 'b' (known keys here: c)"
