"""Fixtures the server tests share: a hub whose clock waits for the test."""

from __future__ import annotations

import pytest

from plot_server.hub import Hub

from .test_hub import Clock


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def hub(rules, tmp_path, clock):
    return Hub(rules, tmp_path / "server", later=clock)
