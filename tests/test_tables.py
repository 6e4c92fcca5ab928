"""The printed tables: shapes, printed cells, the 7.0 example and each table's limits."""

from __future__ import annotations

import pytest

from plot_core.data.tables import CoupResult, Draw, GermanAssignment
from plot_core.parties import Player

DICE = [1, 2, 3, 4, 5, 6]


def test_each_table_knows_its_case_and_its_printed_name(rules):
    t = rules.tables
    assert [
        (x.case, x.name)
        for x in (
            t.assignment,
            t.randomizer,
            t.harassment,
            t.coup_harassment,
            t.recruitment,
            t.investigation,
            t.interrogation,
            t.walkyrie,
            t.okw_panic,
        )
    ] == [
        ("7.6", "Assignment Table"),
        ("6.27", "Randomizer Table"),
        ("10.71", "Harassment Table"),
        ("10.72", "Coup Harassment Table"),
        ("12.9", "Recruitment Table"),
        ("13.36", "Investigation Table"),
        ("14.34", "Interrogation Table"),
        ("18.8", "Walkyrie Table"),
        ("12.82", "OKW Panic Table"),
    ]
    assert t.harassment.provenance == "printed"


def test_assignment_worked_example_7_0(rules):
    """7.0: rolls 2 then 3 give Allied EE and German 2/Ab/BR."""
    allied, german = rules.tables.assignment.result(2, 3)
    assert allied == "EE"
    assert german == GermanAssignment(2, Player.ABWEHR, "BR")
    assert str(german) == "2/Ab/BR"


def test_assignment_shape_and_printed_cells(rules):
    t = rules.tables.assignment
    assert len(t.allied) == len(t.german) == 6
    assert all(len(r) == 6 for r in t.allied) and all(len(r) == 6 for r in t.german)
    # Printed German results that kept their cells (7.6).
    assert t.result(1, 1)[1] == GermanAssignment(1, Player.SS, "CC")
    assert t.result(3, 6)[1] == GermanAssignment(2, Player.SS, "SL")
    assert t.result(6, 3)[1] == GermanAssignment(2, Player.ABWEHR, "SK")
    # Row 4 prints area codes only: no German assignment.
    assert all(t.result(4, c)[1] is None for c in DICE)
    assert t.result(4, 1)[0] == "IS"


def test_assignment_areas_exist_on_map(rules):
    areas = set(rules.map.areas)
    for r in DICE:
        for c in DICE:
            allied, german = rules.tables.assignment.result(r, c)
            assert allied in areas
            assert german is None or german.area in areas


def test_randomizer_shape_and_cells(rules):
    t = rules.tables.randomizer
    assert len(t.cells) == 6 and all(len(r) == 8 for r in t.cells)
    assert t.result(1, 1) == Draw(Player.ABWEHR, 12)
    assert t.result(6, 1) == Draw(Player.SS, 13)
    assert t.result(3, 2) is None  # printed "•" (6.25)
    assert t.result(5, 8) == Draw(Player.ABWEHR, 2)


def test_randomizer_turn_nine_reads_column_eight(rules):
    t = rules.tables.randomizer
    for die in DICE:
        assert t.result(die, 9) == t.result(die, 8)


def test_harassment_printed_cells(rules):
    t = rules.tables
    assert t.harassment_result(0, 1) == "M"
    assert t.harassment_result(3, 1) == "Dr"
    assert t.harassment_result(6, 4) == "N"
    assert all(t.harassment_result(d, 6) == "Ar" for d in range(7))
    assert t.harassment.results["Dr"] == "Defender retreats"


def test_harassment_limits(rules):
    t = rules.tables
    assert t.harassment_result(-1, 1) is None  # 10.34
    for die in DICE:  # above +6 reads +6
        assert t.harassment_result(9, die) == t.harassment_result(6, die)
        assert t.harassment_result(8, die, coup=True) == t.harassment_result(6, die, coup=True)
    assert t.harassment_result(7, 3) == "Dr" and t.harassment_result(5, 3) == "N"  # +6, not +5


def test_coup_harassment_printed_cells(rules):
    t = rules.tables
    assert t.harassment_result(3, 1, coup=True) == "De"
    assert t.harassment_result(0, 4, coup=True) == "Ae"
    assert t.harassment_result(0, 6, coup=True) == "Ar"
    assert set(t.coup_harassment.results) == {"M", "N", "Dr", "Ar", "De", "Ae"}


def test_recruitment_printed_cells_and_limits(rules):
    t = rules.tables
    assert [t.recruitment_result(1, d) for d in DICE] == ["R", "Sr", "Ar", "Ar", "Ep", "Ep"]
    assert [t.recruitment_result(6, d) for d in DICE] == ["R", "R", "R", "R", "R", "Sr"]
    assert t.recruitment_result(0, 1) is None  # 12.53
    for die in DICE:  # 12.54
        assert t.recruitment_result(11, die) == t.recruitment.cell(die, 7)
    assert t.recruitment.columns[-1] == 7


def test_investigation_ratios(rules):
    t = rules.tables
    assert t.investigation_column(26, 9) == 2  # 13.0 example: 26 to 9 is 2 to 1
    assert t.investigation_column(15, 3) == 5  # 13.19: 15 to 3 is 5 to 1
    assert t.investigation_column(13, 3) == 4  # 13.19: 13 to 3 is 4 to 1
    assert t.investigation_column(5, 3) is None  # 13.21: below 2 to 1
    assert t.investigation_column(40, 3) == 5  # 13.23: capped at 5 to 1
    assert [t.investigation_result(10, 5, d) for d in DICE] == ["Ss", "Ss", "N", "N", "N", "Ic"]


def test_each_table_names_its_columns_as_the_odds_show_them(rules):
    """A differential (10.71, 12.9), odds (13.36), or the prisoner's defence (14.34),
    which the Tables tab heads once and then gives by its number alone."""
    t = rules.tables
    assert [t.harassment.column_label(c) for c in (-2, 0, 3)] == ["-2", "+0", "+3"]
    assert t.recruitment.column_label(7) == "+7"
    assert t.investigation.column_label(4) == "4:1"
    assert t.interrogation.column_label(3) == "defence 3"
    assert t.interrogation.column_label(3, short=True) == "3"


def test_interrogation_rows_and_cap(rules):
    t = rules.tables
    assert len(t.interrogation.rows) == 8 and len(t.interrogation.columns) == 6
    assert t.interrogation_result(3, 4) == "Ss"
    assert t.interrogation_result(3, 5) == "Gr"
    assert all(t.interrogation_result(d, 7) == "Hq" for d in range(3, 10))
    assert t.interrogation_result(5, 12) == t.interrogation_result(5, 8)  # 14.23
    # Defence beyond the reconstructed columns reads the outermost one.
    assert t.interrogation_result(9, 4) == t.interrogation_result(8, 4)
    assert t.interrogation_result(9, 5) == "Hq" and t.interrogation_result(2, 5) == "Gr"


def test_walkyrie(rules):
    t = rules.tables.walkyrie
    assert all(t.result(n) is None for n in range(1, 6))  # 18.16
    assert t.result(6) == CoupResult(3, 5, 2)
    assert t.result(9) == CoupResult(2, 5, 3)
    assert t.result(14) == CoupResult(3, 7, 5)
    assert t.result(20) == t.result(14)  # above 14 reads 14


def test_okw_panic(rules):
    assert [rules.tables.okw_panic.result(d) for d in DICE] == [1, 2, 2, 3, 3, 4]


@pytest.mark.parametrize(
    "name",
    [
        "assignment",
        "randomizer",
        "harassment",
        "coup_harassment",
        "recruitment",
        "investigation",
        "interrogation",
        "walkyrie",
        "okw_panic",
    ],
)
def test_every_table_records_provenance(rules, name):
    table = getattr(rules.tables, name)
    assert table.provenance.startswith(("printed", "reconstructed"))
    assert rules.cases[table.case].kind.value == "table"
