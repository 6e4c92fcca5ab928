"""Fixtures the server tests share: a real `plot serve` with its web door (the hub whose
clock waits for the test is the root conftest's, shared with tests/served)."""

from __future__ import annotations

import pytest

from serving import Server, free_port, make_keys


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
