"""`make mutate`'s report: from mutmut's results under mutants/, the share of
mutants killed in each module of plot_core, and every survivor by name.

    python mutation/report.py            # the table and the survivors, as Markdown

A survivor listed in mutation/survivors.md (its name, then why it changes no
behaviour) counts as equivalent: it is left out of the score and shown apart. So is one
listed under a heading that says "(import time)": code that runs while modules are
imported, before mutmut switches any mutant on, with the test that guards it instead.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants" / "src"
EQUIVALENT = ROOT / "mutation" / "survivors.md"

KILLED = {1, 3, 37}  # mutmut's exit codes for a mutant the tests caught
SURVIVED = {0}
UNTESTED = {5, 33}  # no test runs the mutated function: a survivor too
TIMEOUT = {36, 24, -24, 152, 255}  # a mutant that made the tests hang counts as caught


NAME = r"`(plot_core\.[\w.]+__mutmut_\d+)`"


def _sections() -> list[tuple[str, str]]:
    if not EQUIVALENT.exists():
        return []
    parts = re.split(r"^## (.*)$", EQUIVALENT.read_text(), flags=re.M)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def equivalent() -> set[str]:
    """Every mutant the file names: equivalent, or out of mutmut's reach."""
    return {n for _, body in _sections() for n in re.findall(NAME, body)}


def import_time() -> set[str]:
    return {n for head, body in _sections() if "(import time)" in head for n in re.findall(NAME, body)}


def _read(meta: Path) -> dict:
    # A run in progress rewrites these files; a half-written one is read again.
    for _ in range(20):
        try:
            return json.loads(meta.read_text())
        except json.JSONDecodeError:
            time.sleep(0.1)
    return json.loads(meta.read_text())


def results() -> dict[str, dict[str, int | None]]:
    """Module -> mutant -> exit code (None: not run yet)."""
    out = {}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        module = ".".join(meta.relative_to(MUTANTS).with_suffix("").with_suffix("").parts)
        codes = _read(meta)["exit_code_by_key"]
        if codes:
            out[module] = codes
    return out


def report() -> str:
    same, unreachable = equivalent(), import_time()
    lines = [
        "| module | mutants | run | killed | survived | untested | equivalent | import time | score |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    survivors, killed_anyway = [], []
    for module, codes in results().items():
        c = Counter()
        for name, code in codes.items():
            if name in same and (code in KILLED or code in TIMEOUT):
                killed_anyway.append(name)  # the file is wrong about this one
            if code is None:
                c["not run"] += 1
            elif name in unreachable:
                c["import time"] += 1
            elif name in same:
                c["equivalent"] += 1
            elif code in KILLED or code in TIMEOUT:
                c["killed"] += 1
            elif code in SURVIVED:
                c["survived"] += 1
                survivors.append(name)
            elif code in UNTESTED:
                c["untested"] += 1
                survivors.append(name)
            else:
                c["other"] += 1
        run = c["killed"] + c["survived"] + c["untested"]
        score = f"{100 * c['killed'] / run:.0f} %" if run else "-"
        lines.append(
            f"| {module} | {len(codes)} | {run + c['equivalent'] + c['import time']} | "
            f"{c['killed']} | {c['survived']} | {c['untested']} | {c['equivalent']} | "
            f"{c['import time']} | {score} |"
        )
    lines += ["", f"Survivors ({len(survivors)}; `mutmut show NAME` shows each):", ""]
    lines += [f"- `{name}`" for name in survivors]
    if killed_anyway:
        lines += [
            "",
            f"Listed in mutation/survivors.md but killed by a test "
            f"({len(killed_anyway)}; take them out of the file):",
            "",
        ]
        lines += [f"- `{name}`" for name in killed_anyway]
    return "\n".join(lines)


if __name__ == "__main__":
    if not MUTANTS.exists():
        sys.exit("no mutmut results here: run `make mutate` first")
    print(report())
