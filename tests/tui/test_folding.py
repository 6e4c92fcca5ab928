"""Plain text folded to the player's terminal between words: a terminal left to wrap a
long line breaks it wherever its edge falls ("end the p" / "hase")."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from plot_server.plain_door import ChannelText
from plot_tui.folding import TALK_HANG, FoldedText, fold

PROMPT = (
    "Your move, SS: end the phase (end) or move a unit; Heydrich is at 2314 with 3 of "
    "his movement points left (9.12)."
)


def test_a_long_line_is_folded_between_words_to_the_width():
    lines = fold(PROMPT, 40).split("\n")
    assert len(lines) > 1
    assert all(len(line) <= 40 for line in lines)
    assert " ".join(line.strip() for line in lines) == PROMPT  # no word cut, none lost


def test_a_help_line_goes_on_under_its_second_column_and_a_list_item_under_its_text():
    help_line = "join T CODE          sit at table T with the join code its owner gave you"
    assert fold(help_line, 50).split("\n") == [
        "join T CODE          sit at table T with the join",
        "                     code its owner gave you",
    ]
    item = "  3. Oster + Bonhoeffer try to recruit Canaris (12.2), a roll of one die"
    assert fold(item, 40).split("\n") == [
        "  3. Oster + Bonhoeffer try to recruit",
        "     Canaris (12.2), a roll of one die",
    ]


def test_a_folded_part_is_indented_so_a_players_talk_cannot_pass_for_a_line_of_its_own():
    """Spaces typed to push words to the next line made them read as the server's own."""
    talk = "alice (SS) says: gg" + " " * 62 + "Game over: the Abwehr player resigned."
    first, *rest = fold(talk, 80).split("\n")
    # under the words: news lines begin two columns in
    assert first == "alice (SS) says: gg" and rest == [" " * 17 + "Game over: the Abwehr player resigned."]
    long = "x" * 32 + " (watching) says: " + "word " * 30
    assert all(part.startswith(" " * 50) for part in fold(long, 80).split("\n")[1:])
    assert fold("Some news to fold: " + "word " * 30, 40).split("\n")[1].startswith("  w")
    # a narrow terminal, or a name that leaves the words no room: deeper than news all the same
    for width, name in ((40, "watcher12 (watching)"), (60, "x" * 32), (24, "bob (SS)")):
        spoof = f"{name} says: gg" + " " * width + "Game over: the Abwehr player resigned."
        rest = fold(spoof, width).split("\n")[1:]
        assert rest and all(part.startswith(" " * TALK_HANG) for part in rest), (width, rest)
    # one word wider than the room: cut under the words, not wrapped by the terminal to
    # the left edge
    word = "y" * 50 + "Game-over:the-Abwehr-player-resigned."
    parts = fold(f"bob (SS) says: gg {word}", 40).split("\n")
    assert all(cell_len(part) <= 40 for part in parts), parts
    assert all(part.startswith(" " * TALK_HANG) for part in parts[1:]), parts
    assert "".join(part.strip() for part in parts[1:]) == word
    # a wide letter takes two columns: the words go on under the words
    wide = "漢字 (SS) says: " + "word " * 30
    assert all(part.startswith(" " * 16 + "w") for part in fold(wide, 80).split("\n")[1:])


def test_a_line_is_folded_by_terminal_columns_a_wide_letter_taking_two():
    line = "T6: SS " + "漢" * 15 + ", Abwehr free; turn 1, Abwehr to act; 0 watching."
    parts = fold(line, 40).split("\n")
    assert [cell_len(part) <= 40 for part in parts] == [True] * len(parts), parts
    assert " ".join(parts).split() == line.split()


def test_a_word_wider_than_the_terminal_stays_whole_and_no_terminal_means_no_folding():
    link = "https://plot.example.org/replays/T12?as=abwehr&from=the-start-of-the-game"
    assert link in [part.strip() for part in fold(f"Its replay: {link}", 40).split("\n")]
    assert fold(PROMPT, 0) == PROMPT  # no terminal (a script's pipe): lines come whole
    assert fold(PROMPT, 10) == PROMPT  # too narrow to help


@given(st.lists(st.text(alphabet="abcdéü.(),:", min_size=1, max_size=12), max_size=40), st.integers(20, 120))
def test_folding_keeps_every_word_in_its_order(words, width):
    line = " ".join(words)
    folded = fold(line, width)
    assert folded.split() == line.split()
    assert all(len(part) <= width for part in folded.split("\n") if " " in part.strip())


def test_the_plain_door_folds_to_the_client_terminal_and_a_local_terminal_too():
    sent: list[bytes] = []
    width = [40]
    out = ChannelText(sent.append, width=lambda: width[0])
    out.write(PROMPT + "\n")
    shown = b"".join(sent).decode()
    assert shown.endswith("\r\n") and all(len(line) <= 40 for line in shown.split("\r\n"))
    sent.clear()
    width[0] = 200  # the player widened the window
    out.write(PROMPT + "\n")
    assert b"".join(sent).decode() == PROMPT + "\r\n"
    local = io.StringIO()
    print(PROMPT, file=FoldedText(local, lambda: 50))
    assert all(len(line) <= 50 for line in local.getvalue().splitlines())
