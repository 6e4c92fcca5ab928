"""Travel (9.5): chits, where a unit may go, and what Travel ignores."""

from __future__ import annotations

from .helpers import at, illegal, legal, play, pos

# Gestapo HQ is 2711 and 2611 (SS-friendly); Abwehr HQ 1714 1613 1513; Rastenburg 3506 3405.
# Paris: 0110..0613; Prussia: 2810 and east.


def test_9_54_from_a_friendly_hq_to_an_empty_hex_outside_berlin():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2711" }
        [chits]
        ss = ["TR1", "TR2"]
        """)
    s = play(s, "activate 002")
    offered = legal(s)
    assert "travel 0412 TR1" in offered and "move 2710" in offered and "end" in offered
    assert "travel 2810 TR1" in offered  # Prussia too: only Rastenburg excludes it
    s = play(s, "travel 0412 TR1")
    assert at(s, "002") == "0412"
    assert s.events[-1].text == "SS reveals Travel chit TR1: Schellenberg travels to Paris (0412)"
    assert (
        s.chits_of("ss") == ["TR2"]
        and s.chits[s.rules.chits.chits.index(s.rules.chits.by_id()["TR1"])] == "cup"
    )  # 9.52: back to the cup
    # 9.54 (2): and back from outside Berlin to a friendly HQ hex, in the same phase (9.56).
    s = play(s, "travel 2611 TR2")
    assert at(s, "002") == "2611"


def test_9_54_not_from_an_ordinary_berlin_hex():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2110" }
        [chits]
        ss = ["TR1"]
        """)
    s = play(s, "activate 002")
    assert not any(a.startswith("travel") for a in legal(s))
    illegal(s, "travel 0412 TR1", "9.54")


def test_9_51_needs_a_travel_chit():
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2711" }
        [chits]
        ss = ["FA1"]
        abwehr = ["TR1"]
        """),
        "activate 002",
    )
    assert str(illegal(s, "travel 0412 TR1", "9.51")) == "you hold no chit TR1 (9.51)"
    assert str(illegal(s, "travel 0412 FA1", "9.51")) == "FA1 is not a Travel chit (9.51)"


def test_9_55_travel_costs_nothing_and_9_57_ignores_zones():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2710" }
        "305" = { hex = "2610", suspected = true }
        [chits]
        ss = ["TR1"]
        """)
    # 2711 (Gestapo HQ) is in Bonhoeffer's zone; travel out of it all the same.
    s = play(s, "activate 002", "move 2711")
    s = play(s, "travel 0412 TR1")
    assert at(s, "002") == "0412" and s.mp_spent == 1
    s = play(s, "move 0512")  # and keep moving (9.55)
    assert at(s, "002") == "0512"


def test_9_58_rastenburg():
    s = pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "3506" }
        [chits]
        ss = ["TR1", "TR2"]
        """)
    s = play(s, "activate 002")
    options = {a.split()[1] for a in legal(s) if a.startswith("travel")}
    assert {"2711", "2611", "2414"} <= options  # friendly Berlin HQs
    assert "3010" not in options  # not elsewhere in Prussia
    assert "0412" in options  # anywhere beyond Berlin and Prussia
    assert "2110" not in options  # not an ordinary Berlin hex


def test_9_54_travel_to_an_occupied_or_overrun_hex_is_refused():
    s = play(
        pos("""
        turn = 9
        phasing = "ss"
        [units]
        "002" = { hex = "2711" }
        "013" = { hex = "3010" }
        [chits]
        ss = ["TR1"]
        """),
        "activate 002",
    )
    options = {a.split()[1] for a in legal(s) if a.startswith("travel")}
    assert "3010" not in options  # occupied
    assert "0412" not in options  # Paris is overrun on turn 9
    illegal(s, "travel 0412 TR1", "9.54")


# Travel is movement (9.51), so it obeys 9.24: no unit Travels into a Headquarters that is
# unfriendly to it. Rastenburg HQ (3506, 3405) is the one HQ outside Berlin, friendly to the
# SS and Hitler only (9.22), so 9.54 (1)'s "any unoccupied hex outside Berlin" stops short
# of it for everyone else.


def test_9_24_an_abwehr_unit_may_not_travel_from_its_hq_into_rastenburg():
    s = play(
        pos("""
        phasing = "abwehr"
        [units]
        "301" = { hex = "1714", suspected = true }
        [chits]
        abwehr = ["TR1"]
        """),
        "activate 301",
    )
    options = {a.split()[1] for a in legal(s) if a.startswith("travel")}
    assert "0412" in options and "3010" in options  # outside Berlin, Prussia too
    assert not {"3506", "3405"} & options  # but never Rastenburg HQ
    refusal = illegal(s, "travel 3506 TR1", "9.24")
    assert "Rastenburg HQ is not friendly to Dohnanyi" in str(refusal)
    assert s.chits_of("abwehr") == ["TR1"]  # nothing spent on a refusal


def test_9_24_an_ss_controlled_nazi_may_not_travel_into_rastenburg():
    # Bormann is a Nazi: the Foreign Office is friendly to him, Rastenburg is not, even
    # when the SS controls him (9.23: friendliness goes by party, not by controller).
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "101" = { hex = "2008", controller = "ss" }
        [chits]
        ss = ["TR1"]
        """),
        "activate 101",
    )  # 2008: the Foreign Office
    options = {a.split()[1] for a in legal(s) if a.startswith("travel")}
    assert "0412" in options  # 9.54 (1) from a friendly HQ
    assert not {"3506", "3405"} & options
    illegal(s, "travel 3405 TR1", "9.24")


def test_9_58_an_ss_unit_still_travels_into_rastenburg():
    s = play(
        pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2711" }
        [chits]
        ss = ["TR1"]
        """),
        "activate 002",
    )
    options = {a.split()[1] for a in legal(s) if a.startswith("travel")}
    assert {"3506", "3405"} <= options  # friendly to the SS (9.22)
    s = play(s, "travel 3506 TR1")
    assert at(s, "002") == "3506"
