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
    assert "travel 2810 TR1" in offered             # Prussia too: only Rastenburg excludes it
    s = play(s, "travel 0412 TR1")
    assert at(s, "002") == "0412"
    assert s.chits_of("ss") == ["TR2"] and s.chits[s.rules.chits.chits.index(
        s.rules.chits.by_id()["TR1"])] == "cup"             # 9.52: back to the cup
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
    s = play(pos("""
        phasing = "ss"
        [units]
        "002" = { hex = "2711" }
        [chits]
        ss = ["FA1"]
        abwehr = ["TR1"]
        """), "activate 002")
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
    s = play(s, "move 0512")                              # and keep moving (9.55)
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
    assert {"2711", "2611", "2414"} <= options             # friendly Berlin HQs
    assert "3010" not in options                          # not elsewhere in Prussia
    assert "0412" in options                              # anywhere beyond Berlin and Prussia
    assert "2110" not in options                          # not an ordinary Berlin hex


def test_9_54_travel_to_an_occupied_or_overrun_hex_is_refused():
    s = play(pos("""
        turn = 9
        phasing = "ss"
        [units]
        "002" = { hex = "2711" }
        "013" = { hex = "3010" }
        [chits]
        ss = ["TR1"]
        """), "activate 002")
    options = {a.split()[1] for a in legal(s) if a.startswith("travel")}
    assert "3010" not in options                          # occupied
    assert "0412" not in options                          # Paris is overrun on turn 9
    illegal(s, "travel 0412 TR1", "9.54")
