"""`make mutate` runs mutmut 3 through this file, so that it mutates our reducers too.

mutmut 3 leaves every decorated function alone: a decorator may do anything when the
function is copied for each mutant. Nearly every rule of ours is a function decorated
with ``@case("10.67")``, which only records the case number and returns the function
unchanged (plot_core/engine/registry.py), so copying it is harmless; the same holds for
``@derived`` (engine/facts.py), which keeps a fact's answer on the state. This lets
mutmut past those two decorators, and no other, then runs mutmut's own command line.

    python mutation/mutate.py run --max-children 2 [NAME-GLOB...]   # mutmut's own run
    python mutation/mutate.py survivors [MODULE-PREFIX]            # test survivors again
    python mutation/mutate.py save                                 # keep the verdicts in git

`run` tests only the mutants that have no verdict yet, so a stopped run resumes.
mutmut keeps a verdict until the mutated function changes, so a new test does not
reach the mutants that survived before it; `survivors` runs those again (all of them,
or those whose name starts with MODULE-PREFIX, e.g. plot_core.engine.coup).

mutants/ is not in git, and a full run takes longer than one sitting, so `save` writes
every verdict with the hash of its function's source to mutation/verdicts.json.
`run` and `survivors` on a checkout without mutants/ start from that file: mutmut keeps
a verdict only while its function's hash is unchanged, so what changed since is tested
again and the rest resumes where the last saved run stopped.
"""

from __future__ import annotations

import json
import os
import sys
from importlib.metadata import version
from pathlib import Path

import libcst as cst
from mutmut import __main__ as mutmut_main
from mutmut.__main__ import cli
from mutmut.mutation import file_mutation
from mutmut.runners.harness import PytestRunner
from mutmut.state import state

_skip = file_mutation.MutationVisitor._skip_node_and_children


# Decorators mutmut may pass: ``case`` returns the function as it is, and ``derived``
# (engine/facts.py) keeps what the function returns; both wrap mutmut's trampoline,
# which keeps the function's signature, and neither runs the function when defined.
_HARMLESS = ("case", "derived")


def _only_harmless(node: cst.FunctionDef) -> bool:
    return bool(node.decorators) and all(
        isinstance(d.decorator, cst.Call)
        and isinstance(d.decorator.func, cst.Name)
        and d.decorator.func.value in _HARMLESS
        for d in node.decorators
    )


def _skip_unless_case(self, node: cst.CSTNode) -> bool:
    if isinstance(node, cst.FunctionDef) and _only_harmless(node):
        return False
    return _skip(self, node)


file_mutation.MutationVisitor._skip_node_and_children = _skip_unless_case

_collect = mutmut_main.collect_source_file_mutation_data


def _only_unjudged(*, mutant_names):
    # mutmut tests every mutant a name or glob matches again, verdict or not, so a
    # `run` with globs would start from nothing each time; keep it resumable. A mutant
    # no test reached (33) is tried again: a test added since may reach it.
    mutants, by_path = _collect(mutant_names=mutant_names)
    return [m for m in mutants if m[2] in (None, 33)], by_path


_args = PytestRunner._pytest_args_regular_run


def _related(mutant: str, test: str) -> bool:
    """Is ``test`` in a file that tests the mutant's module? A loader's mutant reaches
    every test that loads the rules (some 450), but dies in the data tests, which would
    otherwise come after hundreds of quicker engine tests."""
    parts = mutant.split(".")
    if len(parts) < 3:
        return False
    package, module = parts[1], parts[2]
    path = test.split("::")[0]
    if package == "data":
        return path.startswith("tests/test_")
    return path.startswith("tests/engine/") and module in path.rsplit("/", 1)[-1]


def _fastest_first(self, tests):
    # pytest runs the ids in the order given and mutmut stops at the first failure, but
    # hands them over in a set's order; most mutants die in a quick test of their own
    # module, so try those first, then the rest, quickest first, whole games last.
    times = state().duration_by_test
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")  # mutmut sets it before the tests
    return _args(self, sorted(tests, key=lambda t: (not _related(mutant, t), times.get(t, 0.0), t)))


PytestRunner._pytest_args_regular_run = _fastest_first


MUTMUT = version("mutmut")
ROOT = Path(__file__).resolve().parents[1]
KEPT = ROOT / "mutation" / "verdicts.json"
META = ROOT / "mutants"


def save() -> int:
    """Every verdict under mutants/ into KEPT: per source file, per function, the hash
    of its source and the exit code of each of its mutants (1, 2, ...; null: not run)."""
    files = {}
    for meta in sorted(META.glob("src/**/*.py.meta")):
        data = json.loads(meta.read_text())
        codes = data["exit_code_by_key"]
        module = ".".join(meta.relative_to(META / "src").with_suffix("").with_suffix("").parts)
        functions = {}
        for func, digest in sorted(data["hash_by_function_name"].items()):
            prefix = f"{module}.{func}__mutmut_"
            n = sum(1 for key in codes if key.startswith(prefix))
            functions[func] = {"hash": digest, "codes": [codes.get(f"{prefix}{i}") for i in range(1, n + 1)]}
        files[str(meta.relative_to(META).with_suffix(""))] = functions
    lines = [f'{{"mutmut": {json.dumps(MUTMUT)}, "files": {{']
    for i, (path, functions) in enumerate(files.items()):
        lines.append(f"  {json.dumps(path)}: {{")
        for j, (func, kept) in enumerate(functions.items()):
            comma = "," if j < len(functions) - 1 else ""
            lines.append(
                f"    {json.dumps(func, ensure_ascii=False)}: "
                f"{json.dumps(kept, separators=(',', ':'))}{comma}"
            )
        lines.append("  }," if i < len(files) - 1 else "  }")
    lines.append("}}")
    KEPT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    judged = sum(c is not None for fs in files.values() for f in fs.values() for c in f["codes"])
    return judged


def restore() -> int:
    """Write KEPT's verdicts as mutmut's .meta files where mutants/ has none; mutmut then
    drops those of every function whose source has changed since."""
    if not KEPT.exists():
        return 0
    kept = json.loads(KEPT.read_text(encoding="utf-8"))
    if kept["mutmut"] != MUTMUT:  # another version may number the mutants otherwise
        print(
            f"{KEPT.relative_to(ROOT)} was written by mutmut {kept['mutmut']}, this is "
            f"{MUTMUT}: its verdicts are not used"
        )
        return 0
    restored = 0
    for path, functions in kept["files"].items():
        meta = META / f"{path}.meta"
        if meta.exists():
            continue
        module = ".".join(Path(path).with_suffix("").parts[1:])
        codes = {
            f"{module}.{func}__mutmut_{i}": code
            for func, kept in functions.items()
            for i, code in enumerate(kept["codes"], start=1)
        }
        meta.parent.mkdir(parents=True, exist_ok=True)
        meta.write_text(
            json.dumps(
                {
                    "exit_code_by_key": codes,
                    "hash_by_function_name": {f: kept["hash"] for f, kept in functions.items()},
                    "type_check_error_by_key": {},
                    "durations_by_key": {},
                    "estimated_durations_by_key": {},
                }
            )
        )
        restored += sum(c is not None for c in codes.values())
    return restored


def survivors(prefix: str = "") -> list[str]:
    sys.path.insert(0, str(Path(__file__).parent))
    from report import SURVIVED, UNTESTED, equivalent, results

    same = equivalent()
    return [
        name
        for codes in results().values()
        for name, code in codes.items()
        if code in SURVIVED | UNTESTED and name not in same and name.startswith(prefix)
    ]


if __name__ == "__main__":
    if sys.argv[1:2] == ["save"]:
        print(f"{save()} verdicts kept in {KEPT.relative_to(ROOT)}")
        sys.exit(0)
    if sys.argv[1:2] in (["run"], ["survivors"]) and (kept := restore()):
        print(
            f"{kept} verdicts taken from {KEPT.relative_to(ROOT)} (those of functions "
            "changed since are dropped)"
        )
    if sys.argv[1:2] == ["survivors"]:
        names = survivors(*sys.argv[2:3])
        if not names:
            sys.exit("no survivors to test again")
        sys.argv[1:] = ["run", "--max-children", "2", *names]
    elif sys.argv[1:2] == ["run"]:
        mutmut_main.collect_source_file_mutation_data = _only_unjudged
    sys.exit(cli())
