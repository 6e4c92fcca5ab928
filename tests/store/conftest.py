"""The store's tests' fixtures."""

from __future__ import annotations

import pytest

from .processes import Processes


@pytest.fixture
def procs(rules, tmp_path, url):
    p = Processes(rules, tmp_path, url)
    yield p
    p.close()
