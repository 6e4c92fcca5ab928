"""One direction of imports (docs/developers/architecture.md): the rules engine imports no
interface, no server and no computer player; the computer players import no interface
or server; nothing installed imports the benchmarks, the research tools or the tests.
Checked in a fresh interpreter, on every module of each package."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHECK = """
import importlib, pkgutil, sys
package = importlib.import_module({package!r})
for m in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(m.name)
bad = sorted(n for n in sys.modules if n.split(".")[0] in {forbidden!r})
print(",".join(bad))
"""


@pytest.mark.parametrize(("package", "forbidden"), [
    ("plot_core", {"textual", "rich", "asyncssh", "aiohttp", "plot_tui", "plot_server",
                   "plot_ai", "plot_record", "plot_cli"}),
    ("plot_ai", {"textual", "rich", "asyncssh", "aiohttp", "plot_tui", "plot_server",
                 "plot_record", "plot_cli"}),
    ("plot_record", {"textual", "asyncssh", "aiohttp", "plot_tui", "plot_server", "plot_ai",
                     "plot_cli"}),
    ("plot_tui", {"plot_server", "plot_cli", "bench", "tools", "tests"}),
    ("plot_server", {"plot_cli", "bench", "tools", "tests"}),
    ("plot_cli", {"bench", "tools", "tests", "pytest", "hypothesis", "selenium"}),
])
def test_a_package_imports_nothing_above_it(package, forbidden):
    out = subprocess.run([sys.executable, "-c", CHECK.format(package=package,
                                                             forbidden=forbidden)],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert out.strip() == "", f"{package} pulls in {out.strip()}"


def test_the_wheel_holds_the_program_only():
    """The installed program: the six packages under src/ and the rules data; the
    benchmarks (bench/), research tools (tools/) and tests stay in the repository."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    wheel = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["hatch"]["build"][
        "targets"]["wheel"]
    assert sorted(wheel["packages"]) == sorted(f"src/{p.name}" for p in (root / "src").iterdir()
                                               if (p / "__init__.py").exists())
    assert list(wheel["force-include"]) == ["rules_data"]
    product = [p.name for p in (root / "src" / "plot_cli").glob("*.py")]
    assert sorted(product) == ["__init__.py", "main.py", "reference.py"], product
