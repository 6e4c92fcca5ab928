"""A served player's puzzle record and the puzzles' ratings in the PostgreSQL store
(plot_server.puzzle_books.StoredBook): one record for every process on every machine,
carried from the data folder's settings the first time, and a store that does not
answer costs the try its count, said to the player, nothing else."""

from __future__ import annotations

import attrs
import psycopg
import pytest

from plot_server.pgstore import prepare
from plot_server.puzzle_books import StoredBook, StoredPuzzles
from plot_session.glicko import Rating
from plot_session.puzzle_play import BookUnavailable, PuzzleRecord, kept, next_from
from plot_session.settings import user_settings
from puzzles.test_solving import coup_window

KEY = "ssh-ed25519 AAAA alice"


def test_two_machines_share_one_record_carried_from_the_data_folder(url, tmp_path):
    prepare(url)
    puzzle = coup_window()
    second = attrs.evolve(puzzle, key="second", rating=1700.0)
    # the progress made before the server had a store, in machine A's data folder
    before = PuzzleRecord(Rating(1580, 200, 0.06), (("old-one", True),), "old-one")
    settings = user_settings(tmp_path / "a", KEY)
    settings.save(kept(settings.settings, before))
    a = StoredBook(StoredPuzzles(url), KEY, settings)
    b_settings = user_settings(tmp_path / "b", KEY)  # another machine, another folder...
    b_record = PuzzleRecord(Rating(1400, 200, 0.06), (("b-only", True), ("old-one", False)), "b-only")
    b_settings.save(kept(b_settings.settings, b_record))  # ... where other puzzles were tried
    b = StoredBook(StoredPuzzles(url), KEY, b_settings)
    assert a.record() == before and b.record() == b_record  # (nothing in the store yet)
    kept_a = a.keep(puzzle, solved=True)
    assert kept_a.before == before and kept_a.after.solved("old-one") and kept_a.after.solved(puzzle.key)
    # machine B reads the store's record, with the puzzles it saw tried here carried in
    carried_in = tuple(sorted((*kept_a.after.tried, ("b-only", True))))
    assert b.record() == attrs.evolve(kept_a.after, tried=carried_in)
    assert b.ratings()[puzzle.key].rating < 1300  # the puzzle lost: its rating moved, for both
    record, chosen = next_from(b, [puzzle, second])
    assert chosen == second  # the one not tried
    kept_b = b.keep(second, solved=False)
    assert kept_b.before.solved("b-only") and kept_b.before.solved(puzzle.key)
    assert a.record() == kept_b.after and kept_b.after.rating.rating < kept_a.after.rating.rating
    assert a.ratings()[second.key].rating > 1700
    with psycopg.connect(url) as conn:  # the store names the player by a digest, not their key
        keys = [r[0] for r in conn.execute("SELECT who_key FROM plot_puzzle_records")]
    assert len(keys) == 1 and "alice" not in keys[0] and len(keys[0]) == 32


def test_a_store_that_does_not_answer_is_said_to_the_player_and_the_host_and_rested(tmp_path, capfd):
    now = [100.0]
    store = StoredPuzzles(f"postgresql://plot@/nowhere?host={tmp_path}", clock=lambda: now[0])
    book = StoredBook(store, KEY, user_settings(tmp_path, KEY))
    for ask in (book.record, book.ratings, lambda: book.keep(coup_window(), solved=True)):
        now[0] += 20  # (past the rest: each asks the store again)
        with pytest.raises(BookUnavailable, match="cannot be reached just now.*not counted"):
            ask()
    told = capfd.readouterr().out
    assert told.count("a puzzle record could not be read or kept: cannot reach the store") == 3
    with pytest.raises(BookUnavailable):  # within the rest, the store is not asked at all
        book.record()
    assert capfd.readouterr().out == ""


def test_a_damaged_record_in_the_store_is_told_to_the_host_and_starts_again(url, tmp_path, capfd):
    prepare(url)
    book = StoredBook(StoredPuzzles(url), KEY, user_settings(tmp_path, KEY))
    book.keep(coup_window(), solved=True)
    with psycopg.connect(url) as conn:
        conn.execute("UPDATE plot_puzzle_records SET record = '{\"tried\": 3}'")
    assert book.record() == PuzzleRecord()
    assert "a player's puzzle record in the store cannot be read, and starts again" in capfd.readouterr().out
    again = book.keep(coup_window(), solved=False)
    assert again.after.tried == (("coup-window", False),) and book.record() == again.after
