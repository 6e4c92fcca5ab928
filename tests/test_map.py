"""The reconstructed map: geometry, the map notes' constraints, set-up marks (4.3), HQs (9.22)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from plot_core.data.mapdata import connected
from plot_core.hexgrid import adjacent_ids, distance, hex_at, label, parse_hex
from plot_core.parties import Party

NEUTRAL_CAPITALS = ("MD", "LS", "IS", "SK")


def test_hex_ids_round_trip():
    assert parse_hex("0512") == 512 and label(512) == "0512"
    assert parse_hex("512") is None and parse_hex("0500") is None and parse_hex("ab12") is None


def test_neighbours_of_odd_and_even_rows():
    """Odd rows sit half a hex right: (5,3)'s upper neighbours are (5,2) and (6,2)."""
    assert sorted(adjacent_ids(hex_at(5, 3))) == sorted([(4, 3), (6, 3), (5, 2), (6, 2), (5, 4), (6, 4)])
    assert sorted(adjacent_ids(hex_at(5, 4))) == sorted([(4, 4), (6, 4), (4, 3), (5, 3), (4, 5), (5, 5)])


@given(st.integers(1, 44), st.integers(1, 28), st.integers(1, 44), st.integers(1, 28))
def test_distance_is_a_metric_and_neighbours_are_at_one(c1, r1, c2, r2):
    a, b = hex_at(c1, r1), hex_at(c2, r2)
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    for c, r in adjacent_ids(a):
        if c >= 1 and r >= 1:
            assert distance(a, hex_at(c, r)) == 1
            assert abs(distance(hex_at(c, r), b) - distance(a, b)) <= 1


def test_neighbours_are_symmetric(rules):
    nb = rules.map.neighbours
    for h, ns in nb.items():
        assert 1 <= len(ns) <= 6
        for n in ns:
            assert h in nb[n]


def test_every_hex_in_one_known_area_and_every_area_connected(rules):
    m = rules.map
    assert set(m.area_of.values()) == set(m.areas)
    assert len(m.areas) == 19
    for code in m.areas:
        assert connected(m.hexes_in(code), m.neighbours), code
        assert m.areas[code].code == code  # the panels name an area by it


def test_berlin_is_by_far_the_largest(rules):
    sizes = sorted(((len(rules.map.hexes_in(a)), a) for a in rules.map.areas), reverse=True)
    assert sizes[0][1] == "BE"
    assert sizes[0][0] >= 1.5 * sizes[1][0]


def test_prussia_borders_berlin(rules):
    """19.1 calls the Prussia-Berlin border a key front."""
    m = rules.map
    assert "PU" in m.bordering_areas("BE")
    assert any(m.is_border(a, b) for a in m.hexes_in("PU") for b in m.neighbours[a] if m.area_of[b] == "BE")


def test_neutral_capitals_are_more_than_a_turn_from_berlin(rules):
    """docs/rules/map.md: a unit (movement at most 9) cannot walk from Berlin to them in one turn."""
    m = rules.map
    berlin = m.hexes_in("BE")
    best_movement = max(u.front.movement or 0 for u in rules.units.values())
    for code in NEUTRAL_CAPITALS:
        nearest = min(distance(a, b) for a in m.hexes_in(code) for b in berlin)
        assert nearest > best_movement, code


def test_military_advance_turns(rules):
    """the map notes' table; Prussia 8 and Madrid never are printed in the map key (16.11)."""
    adv = {c: a.military_advance for c, a in rules.map.areas.items()}
    assert adv["PU"] == 8 and adv["MD"] is None and adv["BE"] is None
    assert {c for c, t in adv.items() if t is not None} == {"PU", "CS", "EE", "RM", "PR", "CC", "SF"}
    assert (adv["CS"], adv["EE"], adv["RM"], adv["PR"]) == (6, 7, 8, 9)


def test_headquarters(rules):
    m = rules.map
    assert len(m.hqs) == 9
    for hq in m.hqs.values():
        assert 2 <= len(hq.hexes) <= 3, hq.name
        assert all(m.area_of[h] == hq.area for h in hq.hexes)
        assert connected(hq.hexes, m.neighbours)
    assert m.hqs["rastenburg"].area == "PU"
    assert all(hq.area == "BE" for k, hq in m.hqs.items() if k != "rastenburg")


def test_hq_friendliness_9_22_and_example_9_23(rules):
    hqs = rules.map.hqs
    assert hqs["fuhrer"].friendly_to("100", Party.NAZI)  # Hitler
    assert hqs["rastenburg"].friendly_to("001", Party.SS)
    assert not hqs["gestapo"].friendly_to("101", Party.NAZI)  # 9.23: Bormann
    assert hqs["foreign_office"].friendly_to("205", Party.CIVILIAN)
    assert not hqs["foreign_office"].friendly_to("001", Party.SS)
    assert hqs["ob_heimat"].friendly_to("401", Party.OKW)
    assert not hqs["okw"].friendly_to("101", Party.NAZI)


def test_setup_hexes_suffice_for_every_unit(rules):
    """the map notes' counts, and 4.32-4.35: every unit gets a hex, in the order of 4.3."""
    marks, named = rules.map.setup_marks, rules.map.named_setup
    assert {k: len(v) for k, v in marks.items()} == {
        "ss": 9,
        "nazi": 6,
        "abwehr": 7,
        "civilian": 4,
        "okw": 12,
        "common": 28,
    }
    ss_units = sum(1 for u in rules.units.values() if u.party in (Party.SS, Party.NAZI) and u.id not in named)
    ab_units = sum(
        1
        for u in rules.units.values()
        if u.party in (Party.ABWEHR, Party.CIVILIAN, Party.OKW) and u.id not in named
    )
    ss_common = ss_units - len(marks["ss"]) - len(marks["nazi"])
    ab_common = ab_units - len(marks["abwehr"]) - len(marks["civilian"]) - len(marks["okw"])
    assert (ss_common, ab_common) == (10, 11)
    assert len(marks["common"]) - ss_common >= ab_common  # 4.35: whatever the SS chose
    assert sum(1 for h in marks["okw"] if rules.map.area_of[h] != "BE") == 6  # 4.34


def test_common_hexes_spread_over_both_halves_of_berlin(rules):
    m = rules.map
    fuhrer = m.hqs["fuhrer"].hexes[0]
    abwehr = m.hqs["abwehr"].hexes[0]
    ss_half = [h for h in m.setup_marks["common"] if distance(h, fuhrer) < distance(h, abwehr)]
    ab_half = [h for h in m.setup_marks["common"] if distance(h, abwehr) < distance(h, fuhrer)]
    assert len(ss_half) >= 10 and len(ab_half) >= 11


def test_named_hexes_4_31(rules):
    m = rules.map
    assert set(m.named_setup) == {"000", "100", "200", "300"}
    assert m.hq_of[m.named_setup["100"]] == "fuhrer"  # Hitler in Führer HQ
    marked = [h for hs in m.setup_marks.values() for h in hs] + list(m.named_setup.values())
    assert len(marked) == len(set(marked))
    assert all(h in m for h in marked)


def test_an_unfriendly_hq_is_never_the_nearest_empty_hex_a_returning_unit_could_take(rules):
    """14.33/15.12 send a unit whose friendly HQs are full to the nearest empty hex. For
    an unfriendly HQ hex (9.24) to be that hex, every hex nearer the friendly HQs would
    have to be full: more hexes than the game has counters, for every party. (So the
    9.24 filter in returns.return_hexes cannot change an answer: see
    tests/mutation-survivors.md.)"""
    m = rules.map
    for party in (Party.SS, Party.NAZI, Party.CIVILIAN, Party.ABWEHR, Party.OKW):
        friendly = [h for hq in m.hqs.values() if party in hq.friendly_parties for h in hq.hexes]
        unfriendly = [h for hq in m.hqs.values() if party not in hq.friendly_parties for h in hq.hexes]

        def near(h, friendly=friendly):
            return min(distance(h, q) for q in friendly)

        nearest = min(near(h) for h in unfriendly)
        assert sum(1 for h in m.area_of if near(h) < nearest) > len(rules.units), party


def test_the_map_knows_its_size_its_provenance_and_its_boxes(rules):
    m = rules.map
    assert (m.columns, m.rows) == (44, 28)
    assert max(h // 100 for h in m.area_of) == 44 and max(h % 100 for h in m.area_of) == 28
    assert m.provenance.startswith("reconstructed: the printed map is not in the rulebook")
    assert dict(m.boxes) == {
        "cup": "Randomizer cup",
        "ss_chits": "SS Chit Holding Box",
        "abwehr_chits": "Abwehr Chit Holding Box",
        "ss_retirement": "SS General Retirement Box",
        "abwehr_retirement": "Abwehr General Retirement Box",
        "allied_holding": "Allied Unit Holding Box",
        "interrogation_cell": "Interrogation Cell",
        "eliminated": "Eliminated units",
    }
