"""Fixtures the server tests share: a hub whose clock waits for the test, and a real
`plot serve` with its web door."""

from __future__ import annotations

import pytest

from fakes import Later
from plot_server.hub import Hub
from serving import Server, free_port, make_keys


@pytest.fixture
def clock():
    return Later()


@pytest.fixture
def hub(rules, tmp_path, clock):
    return Hub(rules, tmp_path / "server", later=clock)


@pytest.fixture(scope="module")
def web_server(tmp_path_factory):
    """`plot serve` with the web door, one per test module: bob's key is authorized, the
    password is 'swordfish'; ``.web`` is the door's address."""
    d = tmp_path_factory.mktemp("web")
    make_keys(d, ["bob"])
    web = free_port()
    srv = Server(d, "--web", str(web))
    srv.web = f"http://127.0.0.1:{web}"
    yield srv
    srv.stop()
