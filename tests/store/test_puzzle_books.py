"""A served player's puzzle record and the puzzles' ratings in the PostgreSQL store
(plot_server.puzzle_books.StoredBook): one record for every process on every machine,
carried from the data folder's settings the first time, and a store that does not
answer costs the try its count, said to the player, nothing else."""

from __future__ import annotations

import attrs
import psycopg

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
    a = StoredBook(StoredPuzzles(url), tmp_path / "a", KEY)
    b = StoredBook(StoredPuzzles(url), tmp_path / "b", KEY)  # another machine, another folder
    assert a.record() == before and b.record() == PuzzleRecord()  # (nothing in the store yet)
    kept_a = a.keep(puzzle, solved=True)
    assert kept_a.before == before and kept_a.after.solved("old-one") and kept_a.after.solved(puzzle.key)
    assert b.record() == kept_a.after  # machine B reads the store's
    assert b.ratings()[puzzle.key].rating < 1300  # the puzzle lost: its rating moved, for both
    record, chosen = next_from(b, [puzzle, second])
    assert chosen == attrs.evolve(second)  # the one not tried
    kept_b = b.keep(second, solved=False)
    assert kept_b.before == kept_a.after and a.record() == kept_b.after
    assert a.ratings()[second.key].rating > 1700
    with psycopg.connect(url) as conn:  # the store names the player by a digest, not their key
        keys = [r[0] for r in conn.execute("SELECT who_key FROM plot_puzzle_records")]
    assert len(keys) == 1 and "alice" not in keys[0] and len(keys[0]) == 32


def test_a_store_that_does_not_answer_is_said_to_the_player_and_the_host(tmp_path, capfd):
    book = StoredBook(StoredPuzzles(f"postgresql://plot@/nowhere?host={tmp_path}"), tmp_path, KEY)
    for ask in (book.record, book.ratings, lambda: book.keep(coup_window(), solved=True)):
        try:
            ask()
        except BookUnavailable as exc:
            assert "cannot be reached just now" in str(exc) and "not counted" in str(exc)
        else:
            raise AssertionError("a store that is not there answered")
    assert "a puzzle record could not be read or kept: cannot reach the store" in capfd.readouterr().out
