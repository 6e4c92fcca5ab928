"""Talk and "your move" over real SSH clients: two players and a spectator at
one table each see the others' lines; a player in the lobby hears the bell when it
becomes their move, sees the table marked, and nobody else does."""

from __future__ import annotations

import re
import time

from plot_core import Player
from plot_record import load_record
from serving import Server, eventually, make_keys, needs_ssh, player, table_for_two

from .test_tables import act, game


def bells(t) -> int:
    """BEL on its own (an OSC sequence ends with BEL too: those are not the bell)."""
    return re.sub(r"\x1b\][^\x07\x1b]*\x07", "", t.text()).count("\x07")


def say(t, text: str) -> None:
    t.send("T")
    t.wait_shown("Say to everyone at the table")
    time.sleep(0.2)
    t.send(text + "\r")


@needs_ssh
def test_three_at_a_table_talk_and_the_bell_rings_for_the_player_whose_move_it_is(tmp_path, rules):
    make_keys(tmp_path, ["alice", "bob", "carol"])
    server = Server(tmp_path)
    terms = []
    try:
        alice, bob = table_for_two(server, server, terms)
        carol = player(server, "carol")
        terms.append(carol)
        carol.wait_shown("T1")
        carol.send("w")
        carol.wait_shown("Watching table T1")

        say(alice, "hello bob [b]x[/b]")
        for t in (bob, carol):
            t.wait_shown("alice (SS): hello bob [b]x[/b]")  # as text, not markup
        say(bob, "hi alice")
        for t in (alice, carol):
            t.wait_shown("bob (Abwehr): hi alice")
        say(carol, "go go")
        for t in (alice, bob):
            t.wait_shown("carol (watching): go go")
        said = load_record(server.record_file("T1"), rules).chat  # kept
        assert [(c.name, c.role) for c in said] == [("alice", "SS"), ("bob", "Abwehr"), ("carol", "watching")]

        # alice leaves for the lobby; the game goes on to her move: her bell, her mark
        alice.send("q")
        alice.wait_shown("Leave the table?")
        alice.send("y")
        alice.wait_shown("tables on this server")
        bells_before = {t: bells(t) for t in (alice, bob, carol)}
        while game(server, rules).final.to_act is Player.ABWEHR:
            act(bob, server, rules)
        eventually(lambda: bells(alice) > bells_before[alice], "the bell at alice's terminal")
        alice.wait_shown("Your move at table T1")
        alice.wait_shown("▶ yours")  # the lobby's marker (80 columns: the two-line list)
        assert bells(alice) == bells_before[alice] + 1  # once
        assert bells(bob) == bells_before[bob] and bells(carol) == bells_before[carol]
        for t in (bob, carol):
            assert "Your move at table" not in t.shown()
    finally:
        for t in terms:
            t.close()
        server.stop()
