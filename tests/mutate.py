"""`make mutate` runs mutmut 3 through this file, so that it mutates our reducers too.

mutmut 3 leaves every decorated function alone: a decorator may do anything when the
function is copied for each mutant. Nearly every rule of ours is a function decorated
with ``@case("10.67")``, which only records the case number and returns the function
unchanged (plot_core/engine/registry.py), so copying it is harmless. This lets mutmut
past that one decorator, and no other, then runs mutmut's own command line.
"""

from __future__ import annotations

import sys

import libcst as cst
from mutmut.__main__ import cli
from mutmut.mutation import file_mutation

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

if __name__ == "__main__":
    sys.exit(cli())
