"""A package of ours as it was at a commit, imported beside today's: the benchmarks
measure today's code against it in the same process, under the same load."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def import_from_git(
    commit: str, package: str, folder: Path, *, also: tuple[str, ...] = (), name: str | None = None
) -> ModuleType | None:
    """``src/<package>`` (and the paths ``also``, e.g. rules_data) as of ``commit``,
    unpacked into ``folder`` and imported as ``name`` (``<package>_before`` unless
    given); None where there is no git history or no such commit."""
    try:
        tar = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, f"src/{package}", *also],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    with tarfile.open(fileobj=BytesIO(tar)) as t:
        t.extractall(folder, filter="data")
    init = folder / "src" / package / "__init__.py"
    name = name or f"{package}_before"
    spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(init.parent)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
