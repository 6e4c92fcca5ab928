"""A position file with a mistake is refused with one message naming the file, the line,
the entry and what is wrong (the standard for bad input; positions are how players and
tests set up a game)."""

from __future__ import annotations

import pytest

from plot_core.engine.position import PositionError, load_position

F = "test.toml"
BAD = [
    ('[units]\n"002" = { hex = "2110", box = "eliminated" }',
     f'{F}, line 2: unit 002: give exactly one of hex = "CCRR" or box = "..."'),
    ('[units]\n"002" = { suspected = false }',
     f'{F}, line 2: unit 002: give exactly one of hex = "CCRR" or box = "..."'),
    ('[units]\n"002" = { hex = "9999" }',
     f"{F}, line 2: unit 002 > hex: '9999' is not a hex of the map"),
    ('[units]\n"002" = { hex = "abc" }',
     f"{F}, line 2: unit 002 > hex: 'abc' is not a hex of the map"),
    ('[units]\n"002" = { box = "nowhere" }',
     f"{F}, line 2: unit 002 > box: expected one of abwehr_retirement, allied_holding, "
     "eliminated, interrogation_cell, ss_retirement, unplaced; got 'nowhere'"),
    ('[units]\n"002" = { hex = "2110", marker = "hidden" }',
     f"{F}, line 2: unit 002 > marker: expected one of masked, neutralized; got 'hidden'"),
    ('[units]\n"002" = { hex = "2110", recruited = true }',
     f"{F}, line 2: unit 002 > recruited: Schelnbg has no recruited side"),
    ('[units]\n"002" = { hex = "2110", suspected = true }',
     f"{F}, line 2: unit 002 > suspected: Schelnbg has no suspected side"),
    ('[units]\n"002" = { hex = "2110", semi = true }',
     f"{F}, line 2: unit 002 > semi: Schelnbg has no Unrecruited side to be semi-recruited on"),
    ('[units]\n"401" = { hex = "2110", controller = "ss", recruited = false, semi = true }',
     f'{F}, line 2: unit 401 > semi: only the Abwehr semi-recruits (12.35): give controller '
     '= "abwehr"'),
    ('[units]\n"401" = { hex = "2110", controller = "abwehr", semi = true }',
     f"{F}, line 2: unit 401 > semi: a semi-recruited unit shows its Unrecruited side (12.41): "
     "give recruited = false too"),
    ('[units]\n"101" = { hex = "2110", controller = "nazi" }',
     f"{F}, line 2: unit 101 > controller: expected one of abwehr, none, ss; got 'nazi'"),
    ('base = "middle"', f"{F}, line 1: base: expected one of empty, standard; got 'middle'"),
    ('seed = "x"', f"{F}, line 1: seed: expected a whole number, got text 'x'"),
    ('phase = "lunch"',
     f"{F}, line 1: phase: expected one of assignment, coup_interphase, coup_movement, "
     "coup_status, interrogation, investigation, movement, recruitment, status; got 'lunch'"),
    ('phasing = "allies"', f"{F}, line 1: phasing: expected one of abwehr, ss; got 'allies'"),
    ('[units]\n"999" = { hex = "2110" }', f"{F}, line 2: units > 999: there is no unit '999'"),
    ("phase = ", f"{F}: not valid TOML: Invalid value (at end of document)"),
    ('[chits]\nss = ["ZZ9"]', f"{F}, line 2: chits > ss: there is no chit 'ZZ9'"),
    ('[chits]\nss = ["TR1"]\nabwehr = ["TR1"]',
     f"{F}, line 3: chits > abwehr: chit TR1 is listed twice"),
    # what a value of the wrong kind is called, and where a long one is cut (at 40)
    ("seed = true", f"{F}, line 1: seed: expected a whole number, got true/false True"),
    ("seed = 1.5", f"{F}, line 1: seed: expected a whole number, got a number 1.5"),
    ("seed = [1]", f"{F}, line 1: seed: expected a whole number, got a list"),
    ("seed = {a = 1}", f"{F}, line 1: seed: expected a whole number, got a table"),
    ("seed = 2024-01-01",
     f"{F}, line 1: seed: expected a whole number, got date datetime.date(2024, 1, 1)"),
    ("phase = 3", f"{F}, line 1: phase: expected text, got a number 3"),
    (f'seed = "{"y" * 38}"', f"{F}, line 1: seed: expected a whole number, got text "
                            f"'{'y' * 38}'"),
    (f'seed = "{"y" * 39}"', f"{F}, line 1: seed: expected a whole number, got text "
                            f"'{'y' * 36}..."),
]


@pytest.mark.parametrize("text,says", BAD)
def test_a_bad_position_says_where_and_what(text, says):
    with pytest.raises(PositionError) as info:
        load_position(text, name=F)
    assert str(info.value) == says


def test_a_position_without_a_seed_plays_seed_0_and_the_semi_form_that_loads():
    assert load_position("").seed == 0
    s = load_position('[units]\n"401" = { hex = "2110", controller = "abwehr", '
                      'recruited = false, semi = true }')
    u = s.unit("401")
    assert u.semi and not u.recruited and u.controller.value == "abwehr"
