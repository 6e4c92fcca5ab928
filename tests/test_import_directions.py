"""One direction of imports (docs/developers/architecture.md): the rules engine imports no interface, no
server and no computer player; the computer players import no interface or server.
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
])
def test_a_package_imports_nothing_above_it(package, forbidden):
    out = subprocess.run([sys.executable, "-c", CHECK.format(package=package,
                                                             forbidden=forbidden)],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert out.strip() == "", f"{package} pulls in {out.strip()}"
