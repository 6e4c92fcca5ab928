"""The engine plays its corpus as recorded (tests/engine/corpus.py): the first 50 games
here, all 300 under `make bench` (marked slow)."""

from __future__ import annotations

import pytest

from .corpus import first_difference, games, name, recorded

IN_MAKE_TEST = 50
GAMES = games()


@pytest.fixture(scope="module")
def corpus() -> dict:
    return recorded()


@pytest.mark.parametrize("game", GAMES[:IN_MAKE_TEST], ids=lambda g: name(*g))
def test_a_corpus_game_plays_as_recorded(corpus, game):
    problem = first_difference(game, corpus[name(*game)])
    assert problem is None, problem


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES[IN_MAKE_TEST:], ids=lambda g: name(*g))
def test_the_rest_of_the_corpus_plays_as_recorded(corpus, game):
    problem = first_difference(game, corpus[name(*game)])
    assert problem is None, problem
