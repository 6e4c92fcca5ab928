"""A served player's puzzle record and the puzzles' ratings in a data folder
(plot_server.puzzle_books.FolderBook): a first try moves both, a second only the
player's record, and a damaged ratings file costs only the ratings it held."""

from __future__ import annotations

import pytest

from plot_server.puzzle_books import RATINGS_FILE, FolderBook, record_from_json, record_to_json
from plot_session.glicko import Rating
from plot_session.puzzle_play import PuzzleRecord, as_rated
from plot_session.settings import user_settings
from puzzles.test_solving import coup_window

KEY = "ssh-ed25519 AAAA alice"


def test_a_first_try_rates_the_player_and_the_puzzle_a_second_only_the_record(tmp_path):
    puzzle = coup_window()  # shipped at 1300
    book = FolderBook(tmp_path, user_settings(tmp_path, KEY))
    first = book.keep(puzzle, solved=True)
    assert first.before.rating.rating == 1500 and first.after.rating.rating > 1500
    assert book.record() == first.after and book.record().solved(puzzle.key)
    moved = book.ratings()[puzzle.key]
    assert moved.rating < 1300 and moved.rd < 80  # it lost to a player rated above it
    # another player sees the moved rating
    other = FolderBook(tmp_path, user_settings(tmp_path, "ssh-ed25519 BBBB bob"))
    assert other.ratings() == {puzzle.key: moved}
    assert as_rated([puzzle], other.ratings())[0].rating == pytest.approx(moved.rating)
    again = book.keep(puzzle, solved=False)  # seen before: no test of either
    assert again.after.rating == first.after.rating and book.ratings()[puzzle.key] == moved
    assert "Your puzzle rating: " in again.words()


def test_a_new_server_has_no_ratings_file_and_says_nothing_of_it(tmp_path, capfd):
    assert FolderBook(tmp_path, user_settings(tmp_path, KEY)).ratings() == {}
    assert capfd.readouterr().out == ""


def test_a_damaged_ratings_file_is_told_to_the_host_and_costs_only_its_ratings(tmp_path, capfd):
    puzzle = coup_window()
    (tmp_path / RATINGS_FILE).write_text('{"coup-window": [1250, 70, 0.06], "other": "high"}')
    book = FolderBook(tmp_path, user_settings(tmp_path, KEY))
    assert book.ratings() == {"coup-window": Rating(1250, 70, 0.06)}
    assert "the rating of puzzle 'other' is left out" in capfd.readouterr().out
    (tmp_path / RATINGS_FILE).write_text("{not json")
    assert book.ratings() == {}
    assert "the puzzles' ratings cannot be read from" in capfd.readouterr().out
    kept = book.keep(puzzle, solved=False)  # the try is kept all the same, the file made again
    assert kept.after.tried == (("coup-window", False),)
    assert book.ratings()[puzzle.key].rating > 1300


def test_a_record_is_kept_as_json_and_one_that_is_not_a_record_is_refused():
    record = PuzzleRecord(Rating(1612.5, 120.25, 0.0601), (("a", True), ("b", False)), "b")
    assert record_from_json(record_to_json(record)) == record
    for bad, why in (
        ([], "a JSON object"),
        ({**record_to_json(record), "tried": [["a", "yes"]]}, "tried is a list"),
        ({**record_to_json(record), "rating": [9000, 50, 0.06]}, "out of bounds"),
        ({**record_to_json(record), "last": 3}, "last is a puzzle's name"),
    ):
        with pytest.raises(ValueError, match=why):
            record_from_json(bad)
