"""Fixtures the server tests share: a hub whose clock waits for the test."""

from __future__ import annotations

import pytest

from plot_cli import pgcluster
from plot_server.hub import Hub

from .test_hub import Clock


@pytest.fixture(scope="session")
def cluster():
    """A real PostgreSQL server for the shared store's tests (issue 21)."""
    why = pgcluster.missing()
    if why:
        pytest.skip(why)
    c = pgcluster.Cluster()
    yield c
    c.remove()


@pytest.fixture
def url(cluster, request):
    """An empty database of its own for each test."""
    return cluster.new_database(request.node.name[:50].lower())


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def hub(rules, tmp_path, clock):
    return Hub(rules, tmp_path / "server", later=clock)
