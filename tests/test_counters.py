"""3.31: the 69 counters, their printed ratings, and starting control (4.37)."""

from __future__ import annotations

from plot_core.data.units import Sides
from plot_core.parties import Party, Player

# Printed in the unit summary (3.31): id -> (party, effectiveness-defence-movement)
PRINTED = {
    "000": "9-9-9",
    "001": "8-7-8",
    "002": "8-7-7",
    "003": "7-4-8",
    "004": "7-4-6",
    "005": "6-4-7",
    "006": "6-4-7",
    "007": "5-3-7",
    "008": "5-3-7",
    "009": "4-4-5",
    "010": "4-4-5",
    "011": "4-4-5",
    "012": "4-4-5",
    "013": "3-4-5",
    "014": "2-6-3",
    "015": "2-6-3",
    "100": "0-6-0",
    "101": "8-7-6",
    "102": "6-4-6",
    "103": "4-3-5",
    "104": "3-6-5",
    "105": "3-6-5",
    "106": "3-4-5",
    "107": "3-3-5",
    "108": "2-6-3",
    "109": "2-6-3",
    "110": "1-6-3",
    "200": "5-5-5",
    "201": "3-3-5",
    "202": "2-3-5",
    "203": "2-5-4",
    "204": "2-5-4",
    "205": "1-5-5",
    "206": "1-5-4",
    "300": "9-9-9",
    "301": "8-7-8",
    "302": "8-7-7",
    "303": "7-5-7",
    "304": "6-3-7",
    "305": "5-3-7",
    "306": "4-4-5",
    "307": "4-4-5",
    "308": "3-4-5",
    "309": "2-6-3",
    "310": "1-6-3",
    "401": "8-7-8",
    "402": "7-7-6",
    "403": "6-6-7",
    "404": "5-4-7",
    "405": "5-3-7",
    "406": "5-3-7",
    "407": "5-3-7",
    "408": "4-4-5",
    "409": "4-4-5",
    "410": "4-4-5",
    "411": "3-4-5",
    "412": "3-4-5",
    "413": "3-4-5",
    "414": "2-6-3",
    "415": "2-6-3",
    "416": "1-6-3",
    "417": "1-6-3",
    "418": "1-6-3",
    "501": "[6]",
    "502": "[6]",
    "503": "[5]",
    "504": "[5]",
    "505": "[4]",
    "506": "[4]",
}


def test_sixty_nine_counters_with_printed_ratings(rules):
    assert len(rules.units) == 69
    assert {uid: str(u.front) for uid, u in rules.units.items()} == PRINTED


def test_party_counts(rules):
    by_party = {p: sum(1 for u in rules.units.values() if u.party is p) for p in Party}
    assert by_party == {
        Party.SS: 16,
        Party.NAZI: 11,
        Party.CIVILIAN: 7,
        Party.ABWEHR: 11,
        Party.OKW: 18,
        Party.ALLIED: 6,
    }


def test_party_follows_id_block(rules):
    blocks = {
        "0": Party.SS,
        "1": Party.NAZI,
        "2": Party.CIVILIAN,
        "3": Party.ABWEHR,
        "4": Party.OKW,
        "5": Party.ALLIED,
    }
    for uid, u in rules.units.items():
        assert u.party is blocks[uid[0]], uid


def test_two_sided_units(rules):
    """2.2: Nazi, Civilian, OKW (not Hitler) recruit-sided; Abwehr and Goerdeler suspicion-sided."""
    for u in rules.units.values():
        if u.id == "100" or u.party in (Party.SS, Party.ALLIED):
            assert u.sides is Sides.SINGLE and u.back is None, u.id
        elif u.party is Party.ABWEHR or u.id == "200":
            assert u.sides is Sides.SUSPICION, u.id
            assert u.back == u.front, u.id  # the counter's two faces rate the same
        else:
            assert u.sides is Sides.RECRUITMENT, u.id
            assert u.back.effectiveness is None and u.back.defence == u.front.defence, u.id


def test_starting_control_4_37(rules):
    ss = {uid for uid, u in rules.units.items() if u.control is Player.SS}
    ab = {uid for uid, u in rules.units.items() if u.control is Player.ABWEHR}
    assert ss == {f"{i:03d}" for i in range(16)} | {"100"}
    assert ab == {f"{i}" for i in range(300, 311)} | {"200"}


def test_leaders(rules):
    assert {uid for uid, u in rules.units.items() if u.leader} == {"000", "100", "200", "300"}


def test_names_and_labels(rules):
    for u in rules.units.values():
        assert 1 <= len(u.label) <= 10 and 1 <= len(u.short) <= 16 and u.name.strip()
        # the name messages use is a word of the full name, not the counter's squeeze
        assert u.short.replace("H. ", "").replace("J. ", "") in u.name, u
    assert len({u.short for u in rules.units.values()}) == 69
    assert len({u.label for u in rules.units.values()}) == 69
    assert (rules.units["401"].short, rules.units["401"].label) == ("Stauffenberg", "Staufnbg")


def test_the_units_are_listed_in_id_order(rules):
    """Everything that lists units (a hex's occupants, the log, the panels) follows
    units.toml's order, which is the order of the ids."""
    ids = list(rules.units)
    assert ids == sorted(ids)
    assert sorted(ids, key=rules.unit_order.__getitem__) == ids


def test_the_two_sides_are_named_by_kind_of_counter(rules):
    # 2.2: Recruited/Unrecruited, Suspected/Unsuspected; single-sided counters have no names
    assert rules.units["101"].side_names == ("recruited", "unrecruited")
    assert rules.units["301"].side_names == ("suspected", "unsuspected")
    assert rules.units["000"].side_names is None and rules.units["501"].side_names is None
