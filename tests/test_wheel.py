"""The installed program is the wheel: built from this checkout, it holds the six
packages and the game's data and nothing else (no tests, benchmarks, research tools or
mutation files), and from it alone, away from the source tree and git, `plot` checks
its data, plays whole games, writes and exports a record."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# The command-line package holds the program only (the research tools live in tools/).
PLOT_CLI = ["__init__.py", "admin.py", "main.py", "pipes.py", "reference.py"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(out),
            str(REPO),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if built.returncode != 0 and "hatchling" in built.stderr:
        pytest.skip("hatchling (the build backend) is not installed: `make test` installs it")
    assert built.returncode == 0, built.stderr
    return next(out.glob("plot-*.whl"))


def test_the_wheel_holds_the_program_and_its_data_only(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {
        "plot_core",
        "plot_record",
        "plot_ai",
        "plot_session",
        "plot_openspiel",
        "plot_tui",
        "plot_server",
        "plot_cli",
        wheel.name.split("-")[0] + "-" + wheel.name.split("-")[1] + ".dist-info",
    }
    assert "plot_core/rules_data/counters.toml" in names
    assert "plot_server/webpage/page.js" in names and "plot_ai/value_weights.json" in names
    assert "plot_tui/styles/plot.tcss" in names and "plot_server/styles/lobby.tcss" in names
    cli = sorted(n.split("/")[1] for n in names if n.startswith("plot_cli/"))
    assert cli == PLOT_CLI, cli


def test_plot_runs_from_the_wheel_alone_away_from_the_source_tree(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PLOT_RULES_DATA", "PYTHONPATH")}
    env.update(PYTHONPATH=str(site), HOME=str(home), XDG_DATA_HOME=str(home / "data"))

    def plot(*args: str) -> str:
        r = subprocess.run(
            [sys.executable, "-m", "plot_cli.main", *args],
            cwd=home,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert r.returncode == 0, (args, r.stdout, r.stderr)
        return r.stdout

    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import plot_core, plot_core.rules as r; print(plot_core.__file__); print(r.rules_data_dir())",
        ],
        cwd=home,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert where.splitlines()[0].startswith(str(site))  # not the checkout's
    assert where.splitlines()[1].startswith(str(site))  # its own data
    plot("check-data")
    assert "2 game(s)" in plot("selfplay", "--games", "2", "--seed", "5")
    # a whole recorded game between two computer players, then its account
    record = home / "g.plot.jsonl"
    subprocess.run(
        [sys.executable, "-c", RECORD_A_GAME, str(record)], cwd=home, env=env, check=True, timeout=300
    )
    account = plot("export", str(record))
    assert "account of a recorded game" in account and "Result:" in account


RECORD_A_GAME = """
import sys
from plot_core import Player, load_rules, new_game
from plot_record import Recorder
from plot_record.format import Header
from plot_session.session import Seat, Session

rules = load_rules()
seats = {p: Seat.COMPUTER for p in Player}
header = Header(rules_hash=rules.version, seed=3, start={"setup": "standard"},
                players={p.value: "computer" for p in Player}, created="2026-11-26T12:00:00Z",
                chosen_seed=True)
session = Session(new_game(3, rules=rules), seats, seed=3, recorder=Recorder(sys.argv[1], header))
while session.state.outcome is None:
    session.computer_step()
"""


def test_the_wheel_holds_the_program_only():
    """The installed program: the six packages under src/ and the rules data; the
    benchmarks (bench/), research tools (tools/) and tests stay in the repository."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    wheel = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert sorted(wheel["packages"]) == sorted(
        f"src/{p.name}" for p in (root / "src").iterdir() if (p / "__init__.py").exists()
    )
    assert list(wheel["force-include"]) == ["rules_data"]
    product = [p.name for p in (root / "src" / "plot_cli").glob("*.py")]
    assert sorted(product) == PLOT_CLI, product
