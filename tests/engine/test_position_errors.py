"""A position file with a mistake is refused with one message naming the file, the line,
the entry and what is wrong (the standard for bad input; positions are how players and
tests set up a game)."""

from __future__ import annotations

import pytest

from plot_core.engine.api import legal_actions
from plot_core.engine.pending import ExposeInvestigators
from plot_core.engine.position import PositionError, load_position
from plot_core.parties import Player

F = "test.toml"
BAD = [
    (
        '[units]\n"002" = { hex = "2110", box = "eliminated" }',
        f'{F}, line 2: unit 002: give exactly one of hex = "CCRR" or box = "..."',
    ),
    (
        '[units]\n"002" = { suspected = false }',
        f'{F}, line 2: unit 002: give exactly one of hex = "CCRR" or box = "..."',
    ),
    ('[units]\n"002" = { hex = "9999" }', f"{F}, line 2: unit 002 > hex: '9999' is not a hex of the map"),
    ('[units]\n"002" = { hex = "abc" }', f"{F}, line 2: unit 002 > hex: 'abc' is not a hex of the map"),
    (
        '[units]\n"002" = { box = "nowhere" }',
        f"{F}, line 2: unit 002 > box: expected one of abwehr_retirement, allied_holding, "
        "eliminated, interrogation_cell, ss_retirement, unplaced; got 'nowhere'",
    ),
    (
        '[units]\n"002" = { hex = "2110", marker = "hidden" }',
        f"{F}, line 2: unit 002 > marker: expected one of masked, neutralized; got 'hidden'",
    ),
    (
        '[units]\n"002" = { hex = "2110", recruited = true }',
        f"{F}, line 2: unit 002 > recruited: Schellenberg has no recruited side",
    ),
    (
        '[units]\n"002" = { hex = "2110", suspected = true }',
        f"{F}, line 2: unit 002 > suspected: Schellenberg has no suspected side",
    ),
    (
        '[units]\n"002" = { hex = "2110", semi = true }',
        f"{F}, line 2: unit 002 > semi: Schellenberg has no Unrecruited side to be semi-recruited on",
    ),
    (
        '[units]\n"401" = { hex = "2110", controller = "ss", recruited = false, semi = true }',
        f'{F}, line 2: unit 401 > semi: only the Abwehr semi-recruits (12.35): give controller = "abwehr"',
    ),
    (
        '[units]\n"401" = { hex = "2110", controller = "abwehr", semi = true }',
        f"{F}, line 2: unit 401 > semi: a semi-recruited unit shows its Unrecruited side (12.41): "
        "give recruited = false too",
    ),
    (
        '[units]\n"101" = { hex = "2110", controller = "nazi" }',
        f"{F}, line 2: unit 101 > controller: expected one of abwehr, none, ss; got 'nazi'",
    ),
    ('base = "middle"', f"{F}, line 1: base: expected one of empty, standard; got 'middle'"),
    ('seed = "x"', f"{F}, line 1: seed: expected a whole number, got text 'x'"),
    (
        'phase = "lunch"',
        f"{F}, line 1: phase: expected one of assignment, coup_interphase, coup_movement, "
        "coup_status, interrogation, investigation, movement, recruitment, setup, status; got 'lunch'",
    ),
    ('phasing = "allies"', f"{F}, line 1: phasing: expected one of abwehr, ss; got 'allies'"),
    ('[units]\n"999" = { hex = "2110" }', f"{F}, line 2: units > 999: there is no unit '999'"),
    ("phase = ", f"{F}, line 1: not valid TOML: Invalid value"),
    ('[chits]\nss = ["ZZ9"]', f"{F}, line 2: chits > ss: there is no chit 'ZZ9'"),
    ('[chits]\nss = ["TR1"]\nabwehr = ["TR1"]', f"{F}, line 3: chits > abwehr: chit TR1 is listed twice"),
    # what a value of the wrong kind is called, and where a long one is cut (at 40)
    ("seed = true", f"{F}, line 1: seed: expected a whole number, got true/false True"),
    ("seed = 1.5", f"{F}, line 1: seed: expected a whole number, got a number 1.5"),
    ("seed = [1]", f"{F}, line 1: seed: expected a whole number, got a list"),
    ("seed = {a = 1}", f"{F}, line 1: seed: expected a whole number, got a table"),
    ("seed = 2024-01-01", f"{F}, line 1: seed: expected a whole number, got date datetime.date(2024, 1, 1)"),
    ("phase = 3", f"{F}, line 1: phase: expected text, got a number 3"),
    (f'seed = "{"y" * 38}"', f"{F}, line 1: seed: expected a whole number, got text '{'y' * 38}'"),
    (f'seed = "{"y" * 39}"', f"{F}, line 1: seed: expected a whole number, got text '{'y' * 36}..."),
    # the phase and its player (5.2), the limits of every number, each with its line
    (
        'phase = "investigation"\nphasing = "abwehr"',
        f"{F}, line 1: phase: the Abwehr player has no investigation phase (5.2): only the SS "
        "investigates and interrogates",
    ),
    (
        'phasing = "abwehr"\nphase = "interrogation"',
        f"{F}, line 2: phase: the Abwehr player has no interrogation phase (5.2): only the SS "
        "investigates and interrogates",
    ),
    ("turn = 0", f"{F}, line 1: turn: expected a whole number in 1..9, got 0"),
    ("turn = 10", f"{F}, line 1: turn: expected a whole number in 1..9, got 10"),
    ("dice = [0]", f"{F}, line 1: dice: expected a die roll at dice[0] in 1..6, got 0"),
    ("dice = [1, 7]", f"{F}, line 1: dice: expected a die roll at dice[1] in 1..6, got 7"),
    ('\n[units]\n"303" = 5', f'{F}, line 3: units > 303: expected {{ hex = "1614", ... }}'),
    (
        'turn = 1\n[units]\n"303" = { hex = "2110" }\n"301" = { hex = "2110" }',
        f"{F}, line 3: units > 303: units 301 and 303 are both on 2110",
    ),
    (
        'base = "standard"\n[units]\n"303" = { hex = "2714" }',  # Himmler's own hex (4.31)
        f"{F}, line 3: units > 303: units 000 and 303 are both on 2714",
    ),
    (
        'base = "standard"\n[units]\n"000" = { hex = "2414" }',  # onto Hitler: the listed one
        f"{F}, line 3: units > 000: units 000 and 100 are both on 2414",
    ),
    (
        '[units]\n"303" = { hex = "2110" }\n\n[chits]\nss = ["ZZ9"]',
        f"{F}, line 5: chits > ss: there is no chit 'ZZ9'",
    ),
    (
        "[chits]\nabwehr_hidden = 99",
        f"{F}, line 2: chits > abwehr_hidden: expected a whole number in 0..97, got 99",
    ),
    (
        "[chits]\nss_hidden = 60\nabwehr_hidden = 38",
        f"{F}, line 2: chits > ss_hidden: only 97 chits are left in the cup",
    ),
    (
        '[chits]\nlaid = { FA1 = "999" }',
        f"{F}, line 2: chits > laid: chit FA1 must lie on a unit (18.61), and there is no unit '999'",
    ),
    (
        "[chits]\nlaid = 3",
        f'{F}, line 2: chits > laid: expected {{ FA2 = "301", ... }}: each chit and the unit it lies on',
    ),
    (  # the Abwehr's hand alone is more than the cup holds: his count is named
        '[chits]\nss = ["TR1"]\nabwehr_hidden = 97',
        f"{F}, line 3: chits > abwehr_hidden: only 96 chits are left in the cup",
    ),
    (
        '[chits]\nss = ["TR1"]\nlaid = { TR1 = "301" }',
        f"{F}, line 3: chits > laid: chit TR1 is listed twice",
    ),
    (
        'activated = ["999"]',
        f"{F}, line 1: activated[0]: there is no unit '999'",
    ),
    (
        'phase = "coup_movement"\n[coup]\npenalty = 2\nbonus = 3\npassed = ["allies"]',
        f'{F}, line 5: coup > passed[0]: expected "ss" or "abwehr", got \'allies\'',
    ),
    (
        '[chits]\nss = ["TR1"]\ncup = ["TR2"]',
        f"{F}, line 3: chits > cup: unknown key 'cup' "
        "(known keys here: abwehr, abwehr_hidden, laid, ss, ss_hidden)",
    ),
    ('phase = "coup_movement"', f"{F}, line 1: phase: phase 'coup_movement' needs a [coup] table"),
    (
        'phase = "coup_movement"\n\n[coup]\npenalty = 0\nbonus = 5',
        f"{F}, line 4: coup > penalty: expected a whole number in 1..20, got 0",
    ),
    (
        'phase = "coup_movement"\n\n[coup]\npenalty = 21\nbonus = 5',
        f"{F}, line 4: coup > penalty: expected a whole number in 1..20, got 21",
    ),
    (
        'phase = "coup_movement"\n\n[coup]\npenalty = 2\nbonus = 21',
        f"{F}, line 5: coup > bonus: expected a whole number in 0..20, got 21",
    ),
    (
        'phase = "coup_movement"\n\n[coup]\npenalty = 2\nbonus = -1',
        f"{F}, line 5: coup > bonus: expected a whole number in 0..20, got -1",
    ),
    (
        'phase = "coup_movement"\n\n[coup]\npenalty = 2\nbonus = 5\nabwehr_bonus = 21',
        f"{F}, line 6: coup > abwehr_bonus: expected a whole number in 0..20, got 21",
    ),
    (
        'phase = "coup_movement"\n\n[coup]\npenalty = 2\nbonus = 5\nunits = 21',
        f"{F}, line 6: coup > units: expected a whole number in 0..20, got 21",
    ),
    (
        'phase = "coup_movement"\n\n[coup]\npenalty = 2\nbonus = 5\nturn = 7',
        f"{F}, line 6: coup > turn: expected a whole number in 0..6, got 7",
    ),
    (
        'phase = "coup_movement"\n\n[coup]\npenalty = 2\nbonus = 5\nwhat = 1',
        f"{F}, line 6: coup > what: unknown key 'what' (known keys here: abwehr_bonus, bonus, "
        "passed, penalty, turn, units)",
    ),
    ('active = "303"', f"{F}, line 1: active: the active unit must be a unit on the map, got '303'"),
    ('active = "777"', f"{F}, line 1: active: the active unit must be a unit on the map, got '777'"),
    (
        'mp_spent = 2\n[units]\n"303" = { hex = "2110" }',
        f"{F}, line 1: mp_spent: points spent belong to the unit moving now: give active too",
    ),
    (
        '[units]\n"501" = { hex = "0511", controller = "ss" }',
        f"{F}, line 2: unit 501 > controller: Jade-Amicol is Allied and belongs to neither player "
        "(2.2, 11.12): leave controller out",
    ),
    (
        'step = "bogus"',
        f"{F}, line 1: step: expected one of after_window, coup_window, free, hitler; got 'bogus'",
    ),
    (  # 8.11, 8.12: a unit moves through friends and neutralized units only
        'turn = 2\nactive = "301"\nmp_spent = 1\n[units]\n"301" = { hex = "1614" }\n"001" = { hex = "1614" }',
        f"{F}, line 5: units > 301: the moving unit 301 may stand only where it passes through a "
        "friendly or a neutralized unit (8.11, 8.12), not on 001 at 1614",
    ),
    (  # the mover left where the standard set-up puts it (Canaris, 4.31): the unit listed
        # onto his hex is named
        'base = "standard"\nturn = 2\nphasing = "abwehr"\nactive = "300"\nmp_spent = 1\n'
        '[units]\n"000" = { hex = "1714" }',
        f"{F}, line 7: units > 000: the moving unit 300 may stand only where it passes through a "
        "friendly or a neutralized unit (8.11, 8.12), not on 000 at 1714",
    ),
    (  # 9.11: units move in the movement phases only, so only they have a moving unit
        'phase = "recruitment"\nactive = "001"\n[units]\n"001" = { hex = "2110" }',
        f"{F}, line 2: active: no unit moves in the recruitment phase (9.11): leave active out",
    ),
    (  # 18.11: no coup's window after the Assignment Inter-Phase, nor inside the coup
        'phase = "assignment"\nstep = "after_window"',
        f"{F}, line 2: step: expected one of advance, german, hitler8, randomizer, roll; got 'after_window'",
    ),
    (
        'phase = "coup_status"\nstep = "coup_window"\n[coup]\npenalty = 2\nbonus = 3',
        f"{F}, line 2: step: expected one of free; got 'coup_window'",
    ),
    (
        'phase = "recruitment"\nstep = "roll"',
        f"{F}, line 2: step: expected one of after_window, coup_window, free; got 'roll'",
    ),
    (
        'phasing = "abwehr"\nstep = "hitler"',
        f"{F}, line 2: step: only the SS rolls for Hitler, at the start of his movement (9.61)",
    ),
    (
        'phase = "interrogation"\nphasing = "ss"\nstep = "free"\n[units]\n'
        '"305" = { box = "interrogation_cell", suspected = true }',
        f"{F}, line 3: step: the units in the Interrogation Cell are interrogated first (14.12): "
        "leave step out",
    ),
    ("mp_spent = 21", f"{F}, line 1: mp_spent: expected a whole number in 0..20, got 21"),
    ("mp_spent = -1", f"{F}, line 1: mp_spent: expected a whole number in 0..20, got -1"),
    (
        "extra = 1",
        f"{F}, line 1: extra: unknown key 'extra' (known keys here: activated, active, "
        "base, dice, mp_spent, phase, phasing, seed, step, targeted, turn)",
    ),
    (
        '[[pending]]\nkind = "bribe"',
        f"{F}, line 2: pending 1 > kind: expected one of advance, alibi, assign, assignment_chits, "
        "coup, displace, expose_investigators, hitler, interrogation_alibi, investigate, panic, "
        "place_allied, recruit, retreat, return; got 'bribe'",
    ),
    (
        '[[pending]]\nkind = "retreat"\nplayer = "ss"',
        f"{F}, line 1: pending 1: the retreat decision needs unit",
    ),
    (
        '[[pending]]\nkind = "retreat"\nplayer = "ss"\nunit = "999"',
        f"{F}, line 4: pending 1 > unit: there is no unit '999'",
    ),
    (
        '[[pending]]\nkind = "hitler"\nplayer = "ss"\noptions = ["3506", "9999"]',
        f"{F}, line 4: pending 1 > options[1]: '9999' is not a hex of the map",
    ),
    (
        '[[pending]]\nkind = "retreat"\nplayer = "ss"\nunit = "002"\nunits = ["003"]',
        f"{F}, line 5: pending 1 > units: unknown key 'units' (known keys here: kind, player, unit)",
    ),
    # each field of a pending decision names what is wrong with it
    (
        '[units]\n"002" = { hex = "2110" }\n[[pending]]\nkind = "advance"\nplayer = "ss"\n'
        'hex = "2110"\nunits = ["002", "999"]',
        f"{F}, line 7: pending 1 > units[1]: there is no unit '999'",
    ),
    (
        '[[pending]]\nkind = "advance"\nplayer = "ss"\nhex = "9999"',
        f"{F}, line 4: pending 1 > hex: '9999' is not a hex of the map",
    ),
    (
        '[[pending]]\nkind = "coup"\nplayer = "abwehr"\nchits = ["FA1", "ZZ9"]',
        f"{F}, line 4: pending 1 > chits[1]: there is no chit 'ZZ9'",
    ),
    (
        '[[pending]]\nkind = "panic"\nplayer = "abwehr"\ncount = -1',
        f"{F}, line 4: pending 1 > count: expected a whole number in 0..20, got -1",
    ),
    (
        '[[pending]]\nkind = "panic"\nplayer = "abwehr"\ncount = 21',
        f"{F}, line 4: pending 1 > count: expected a whole number in 0..20, got 21",
    ),
    (
        '[units]\n"002" = { hex = "2110" }\n[[pending]]\nkind = "place_allied"\nplayer = "abwehr"\n'
        'unit = "002"\narea = "XX"',
        f"{F}, line 7: pending 1 > area: expected one of AL, AU, BE, BR, BV, CC, CS, EE, IS, LS, MD, PR, PU, "
        "RL, RM, SF, SK, SL, VT; got 'XX'",
    ),
    (
        '[units]\n"002" = { hex = "2110" }\n[[pending]]\nkind = "return"\nplayer = "ss"\n'
        'unit = "002"\ncase = "9.99"',
        f"{F}, line 7: pending 1 > case: expected one of 14.33, 15.12; got '9.99'",
    ),
    (
        '[[pending]]\nkind = "return"\nplayer = "ss"',
        f"{F}, line 1: pending 1: the return decision needs unit, case",
    ),
    (  # a hex is text ("3506"), not a number
        '[[pending]]\nkind = "hitler"\nplayer = "ss"\noptions = [3506]',
        f"{F}, line 4: pending 1 > options[0]: 3506 is not a hex of the map",
    ),
]


@pytest.mark.parametrize("text,says", BAD)
def test_a_bad_position_says_where_and_what(text, says):
    with pytest.raises(PositionError) as info:
        load_position(text, name=F)
    assert str(info.value) == says


def test_a_position_given_no_file_name_is_called_position_in_its_errors():
    with pytest.raises(PositionError) as info:
        load_position("mp_spent = -1")
    assert str(info.value) == "position, line 1: mp_spent: expected a whole number in 0..20, got -1"


def test_a_position_without_a_seed_plays_seed_0_and_the_semi_form_that_loads():
    assert load_position("").seed == 0
    s = load_position(
        '[units]\n"401" = { hex = "2110", controller = "abwehr", recruited = false, semi = true }'
    )
    u = s.unit("401")
    assert u.semi and not u.recruited and u.controller.value == "abwehr"


def test_an_empty_base_takes_every_unlisted_unit_off_the_map_as_it_starts():
    from plot_core.engine.state import Box, Phase
    from plot_core.parties import Player

    s = load_position('[units]\n"303" = { hex = "2110" }')
    staufenberg, himmler, allied = s.unit("401"), s.unit("000"), s.unit("501")
    assert (staufenberg.hex, staufenberg.box, staufenberg.controller) == (None, Box.ELIMINATED, None)
    assert not (staufenberg.recruited or staufenberg.suspected or staufenberg.semi)
    assert staufenberg.marker is None
    assert (himmler.hex, himmler.box, himmler.controller) == (None, Box.ELIMINATED, Player.SS)
    assert (allied.hex, allied.box) == (None, Box.ALLIED_HOLDING)  # 4.2
    oster = s.unit("303")
    assert oster.hex == 2110 and oster.box is None and oster.controller is Player.ABWEHR
    assert not oster.suspected and not oster.recruited
    # and the defaults of everything not given
    assert (s.turn, s.phase, s.phasing, s.dice, s.mp_spent, s.active, s.coup) == (
        1,
        Phase.MOVEMENT,
        Player.ABWEHR,
        (),
        0,
        None,
        None,
    )
    assert s.step == "free" and s.activated == frozenset()
    # every unit not listed: off the map, on its printed side, with its printed owner
    for u in s.units:
        if u.id != "303":
            info = s.rules.units[u.id]
            assert (u.hex, u.controller, u.recruited, u.suspected, u.semi, u.marker) == (
                None,
                info.control,
                False,
                False,
                False,
                None,
            ), u.id
    # nothing of the new game the position was built on is carried over (7.2): seed 1's
    # first Assignment roll leaves a German result standing (seed 0's does not)
    assert (s.german_assignment, s.outcome, s.events, s.pending) == (None, None, (), ())
    assert load_position('seed = 1\n[units]\n"303" = { hex = "2110" }').german_assignment is None
    # the Interrogation Phase's free step with nobody in the cell is a position like any
    assert load_position('phase = "interrogation"\nphasing = "ss"\nstep = "free"').step == "free"


def test_a_standard_base_keeps_the_standard_set_up_and_the_coup_defaults():
    s = load_position('base = "standard"\nphase = "coup_interphase"\n[coup]\npenalty = 2\nbonus = 5')
    assert s.unit("000").hex == 2714 and s.unit("300").hex == 1714  # 4.31
    assert (s.coup.penalty, s.coup.bonus, s.coup.abwehr_bonus, s.coup.interphase_units, s.coup.turn) == (
        2,
        5,
        5,
        0,
        1,
    )
    s = load_position('active = "303"\nmp_spent = 2\n[units]\n"303" = { hex = "2110" }')
    assert s.active == "303" and s.mp_spent == 2 and s.activated == frozenset({"303"})


def test_the_first_step_of_a_phase_that_opens_by_itself():
    # 25: the Assignment Inter-Phase rolls its tables (7.0), the Interrogation Phase takes
    # the cell in turn (14.12); a position may name its step instead
    assert load_position('phase = "assignment"\ndice = [4, 1, 4]').phase.value in ("assignment", "movement")
    s = load_position('phase = "recruitment"\nstep = "free"')
    assert s.step == "free"


def test_a_listed_unit_takes_its_printed_owner_and_side_unless_told():
    from plot_core.engine.state import Marker
    from plot_core.parties import Player

    s = load_position(
        '[units]\n"401" = { hex = "2110", controller = "abwehr" }\n'
        '"402" = { hex = "2210" }\n"100" = { hex = "2414" }\n'
        '"305" = { hex = "1810", marker = "masked" }'
    )
    got = {
        u: (s.unit(u).controller, s.unit(u).recruited, s.unit(u).suspected, s.unit(u).marker)
        for u in ("401", "402", "100", "305")
    }
    assert got == {
        "401": (Player.ABWEHR, True, False, None),  # an owner's OKW unit is recruited
        "402": (None, False, False, None),  # nobody's: unrecruited (4.37)
        "100": (Player.SS, False, False, None),  # Hitler's printed owner
        "305": (Player.ABWEHR, False, False, Marker.MASKED),
    }


def test_a_position_may_start_at_a_pending_decision_as_the_engine_would_leave_it():
    s = load_position("""
phase = "investigation"
phasing = "ss"
[units]
"305" = { hex = "2210", suspected = true }
"003" = { hex = "2110" }
"004" = { hex = "2310" }
[chits]
abwehr = ["L003"]
[[pending]]
kind = "expose_investigators"
player = "abwehr"
unit = "305"
units = ["003", "004"]
""")
    assert s.pending == (ExposeInvestigators(Player.ABWEHR, unit="305", units=("003", "004")),)
    assert s.to_act is Player.ABWEHR
    assert sorted(str(a) for a in legal_actions(s)) == ["no-reveal", "reveal L003"]
    # 13.0: announced, the investigation has used its units and its target this phase
    assert s.activated == {"003", "004"} and s.targeted == {"305"}


# Every field of every kind of pending decision, as a position file gives it, and the
# decision it must read as (the position file's way to set up any decision to test).
FIELDS = {
    "unit": ('"002"', "002"),
    "units": ('["003", "004"]', ("003", "004")),
    "cleared": ('["005"]', ("005",)),
    "hex": ('"2110"', 2110),
    "options": ('["2110", "2111"]', (2110, 2111)),
    "chits": ('["FA1", "FA6"]', ("FA1", "FA6")),
    "count": ("3", 3),
    "party": ('"abwehr"', Player.ABWEHR),
    "double_cross": ("true", True),
    "area": ('"BE"', "BE"),
    "case": ('"15.12"', "15.12"),
}


UNITS = (
    '[units]\n"002" = { hex = "2110" }\n"003" = { hex = "2111" }\n"004" = { hex = "2112" }\n'
    '"005" = { hex = "2113" }\n'
    # four OKW units the Abwehr holds: a panic of three is a choice (12.83)
    + "".join(f'"40{i}" = {{ hex = "181{i}", controller = "abwehr" }}\n' for i in range(1, 5))
)


def test_every_field_of_every_pending_decision_reads_as_written():
    import attrs

    from plot_core.engine import DECISION_RULES
    from plot_core.hexgrid import parse_hex

    for kind, cls in ((k, rule.cls) for k, rule in DECISION_RULES.items()):
        names = [f.name for f in attrs.fields(cls) if f.name != "player"]
        text = (
            UNITS
            + f'[[pending]]\nkind = "{kind.value}"\nplayer = "ss"\n'
            + "".join(f"{n} = {FIELDS[n][0]}\n" for n in names)
        )
        expected = {n: FIELDS[n][1] for n in names}
        for n in ("hex",):
            if n in expected:
                expected[n] = parse_hex("2110")
        if "options" in expected:
            expected["options"] = (parse_hex("2110"), parse_hex("2111"))
        state = load_position(text, name=F)
        assert state.pending == (cls(player=Player.SS, **expected),), kind.value


def test_a_set_up_position_is_a_new_games_set_up_and_takes_nothing_else():
    import attrs

    from plot_core import load_rules
    from plot_core.engine.api import new_game

    s = load_position('phase = "setup"\nseed = 12', name=F)
    assert s == new_game(12, setup="choose")
    rules = attrs.evolve(load_rules())  # the rules the position is read with are its own
    assert load_position('phase = "setup"', rules=rules).rules is rules
    with pytest.raises(PositionError) as info:
        load_position('phase = "setup"\nseed = 12\nphasing = "ss"', name=F)
    assert str(info.value) == (
        f"{F}, line 3: phasing: a set-up position is a new game's set-up: give only phase and seed"
    )
