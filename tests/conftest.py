"""Shared fixtures: the loaded rules, a scratch copy of rules_data, the rulebook text."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from plot_core import Rules, load_rules
from plot_core.rules import rules_data_dir

REPO = Path(__file__).resolve().parents[1]
RULEBOOK = Path(os.environ.get("PLOT_RULEBOOK", REPO.parent / "shared/rules/plot-rules-1976.txt"))

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


def _rules_scope(fixture_name: str, config) -> str:
    # Under `make mutate` every test loads the rules itself: mutmut counts a test as
    # reaching a loader only if the loader runs during that test
    # (see _fresh_caches_while_learning).
    return "function" if os.environ.get("MUTANT_UNDER_TEST") else "session"


@pytest.fixture(scope=_rules_scope)
def rules() -> Rules:
    return load_rules()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of rules_data that a test may break."""
    dest = tmp_path / "rules_data"
    shutil.copytree(rules_data_dir(), dest)
    return dest


@pytest.fixture(scope="session")
def rulebook_text() -> str:
    if not RULEBOOK.is_file():
        # The rulebook is not ours to ship: a clone on its own skips what reads it (CI has
        # it beside the repository); a path given and not there is an error.
        if "PLOT_RULEBOOK" in os.environ:
            pytest.fail(f"PLOT_RULEBOOK names {RULEBOOK}, which is not there")
        pytest.skip(
            f"the 1976 rulebook's text is not at {RULEBOOK} (the shared/ folder "
            "beside this repository); set PLOT_RULEBOOK to check the case "
            "inventory against it"
        )
    return RULEBOOK.read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _games_folder(tmp_path_factory, monkeypatch) -> Path:
    """Games saved by tests go to a scratch folder, never the user's own."""
    folder = tmp_path_factory.mktemp("xdg")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder / "plot" / "games"


# The slowest test of a mutation run takes ~10 s; one that runs a minute is a mutant
# that loops. mutmut's own limit is a multiple of all the function's tests together
# (up to ten minutes of a worker each); failing the test stops it in one.
HANG_SECONDS = 60


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """Under `make mutate` only: a test still running after HANG_SECONDS under a mutant
    fails (pytest-timeout, given the shorter limit before it starts its timer). Not
    while mutmut learns which tests reach what ("stats"): no mutant is on then to make a
    loop, and every test runs from empty caches, so on a busy machine a whole game may
    take longer than that (seen once on a fresh clone at nice 19)."""
    if os.environ.get("MUTANT_UNDER_TEST") not in (None, "", "stats"):
        item.add_marker(pytest.mark.timeout(HANG_SECONDS))
    yield


@pytest.fixture(scope="session", autouse=True)
def _fresh_caches_for_a_mutant() -> None:
    """Under `make mutate` only: a mutant's tests start from empty caches.

    The engine caches what never changes (the rules read from rules_data, lookups, the
    ways out of each hex). A mutant is tested in a process of its own, forked from one
    whose caches the unmutated code filled; emptied before the first fixture is made
    (a session fixture comes before any test's own), they are filled again under the
    mutant and stay right for all of its tests.
    """
    mutant = os.environ.get("MUTANT_UNDER_TEST")
    if mutant and mutant != "stats":
        _empty_caches()


@pytest.fixture(autouse=True)
def _fresh_caches_while_learning() -> None:
    """mutmut first learns which tests reach each function by running the suite once
    ("stats") and later runs only those against the function's mutants; a cached
    function would be reached by the first test alone, so there every test starts from
    empty caches (and loads its own rules, see _rules_scope)."""
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        _empty_caches()


def _empty_caches() -> None:
    for name, module in list(sys.modules.items()):
        if not name.startswith("plot_core") or module is None:
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    from plot_core.engine import movement, serial

    movement._MOVES.clear()
    # cattrs remembers which hook serves each type, so serial._is_set would run once
    # per process and never under a mutant; its registrations survive the clearing.
    serial.converter._unstructure_func.clear_cache()
    serial.converter._structure_func.clear_cache()


@pytest.fixture(scope="session")
def cluster():
    """A real PostgreSQL server for the shared store's tests."""
    # imported here: `make mutate` runs these tests with plot_core alone importable
    from tools import pgcluster

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
    """The hub's ``later``: what it puts off waits for the test (fakes.Later)."""
    from fakes import Later

    return Later()


@pytest.fixture
def hub(rules, tmp_path, clock):
    """A server's hub of tables in files, on the test's clock."""
    from plot_server.hub import Hub

    return Hub(rules, tmp_path / "server", later=clock)
