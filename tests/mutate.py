"""`make mutate` runs mutmut 3 through this file, so that it mutates our reducers too.

mutmut 3 leaves every decorated function alone: a decorator may do anything when the
function is copied for each mutant. Nearly every rule of ours is a function decorated
with ``@case("10.67")``, which only records the case number and returns the function
unchanged (plot_core/engine/registry.py), so copying it is harmless. This lets mutmut
past that one decorator, and no other, then runs mutmut's own command line.

    python tests/mutate.py run --max-children 2 [NAME-GLOB...]   # mutmut's own run
    python tests/mutate.py survivors [MODULE-PREFIX]            # test survivors again

`run` tests only the mutants that have no verdict yet, so a stopped run resumes.
mutmut keeps a verdict until the mutated function changes, so a new test does not
reach the mutants that survived before it; `survivors` runs those again (all of them,
or those whose name starts with MODULE-PREFIX, e.g. plot_core.engine.coup).
"""

from __future__ import annotations

import sys
from pathlib import Path

import libcst as cst
from mutmut import __main__ as mutmut_main
from mutmut.__main__ import cli
from mutmut.mutation import file_mutation
from mutmut.runners.harness import PytestRunner
from mutmut.state import state

_skip = file_mutation.MutationVisitor._skip_node_and_children


def _only_case(node: cst.FunctionDef) -> bool:
    return bool(node.decorators) and all(
        isinstance(d.decorator, cst.Call) and isinstance(d.decorator.func, cst.Name)
        and d.decorator.func.value == "case" for d in node.decorators)


def _skip_unless_case(self, node: cst.CSTNode) -> bool:
    if isinstance(node, cst.FunctionDef) and _only_case(node):
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


def _fastest_first(self, tests):
    # pytest runs the ids in the order given and mutmut stops at the first failure, but
    # hands them over in a set's order; most mutants die in a quick position test, so
    # try those before the whole-game ones.
    times = state().duration_by_test
    return _args(self, sorted(tests, key=lambda t: (times.get(t, 0.0), t)))


PytestRunner._pytest_args_regular_run = _fastest_first


def survivors(prefix: str = "") -> list[str]:
    sys.path.insert(0, str(Path(__file__).parent))
    from mutation_report import SURVIVED, UNTESTED, equivalent, results
    same = equivalent()
    return [name for codes in results().values() for name, code in codes.items()
            if code in SURVIVED | UNTESTED and name not in same and name.startswith(prefix)]


if __name__ == "__main__":
    if sys.argv[1:2] == ["survivors"]:
        names = survivors(*sys.argv[2:3])
        if not names:
            sys.exit("no survivors to test again")
        sys.argv[1:] = ["run", "--max-children", "2", *names]
    elif sys.argv[1:2] == ["run"]:
        mutmut_main.collect_source_file_mutation_data = _only_unjudged
    sys.exit(cli())
