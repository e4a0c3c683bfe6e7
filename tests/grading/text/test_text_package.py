"""The text package's face and its rule (grading/text/__init__.py).

Scenario evaluators import from `whitecollar.grading.text`; each name they
import must stay re-exported there. The package's
modules import the standard library and one another only, directly (never
the package's `__init__`), without a cycle.
"""

from __future__ import annotations

import ast
import graphlib
import sys
from pathlib import Path

import pytest

import whitecollar.grading.text as text

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "src" / "whitecollar" / "grading" / "text"
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def _imported_from_text(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "whitecollar.grading.text"
        for alias in node.names
    }


def test_every_name_an_evaluator_imports_is_re_exported():
    evaluators = sorted((ROOT / "benchmark" / "scenarios").glob("*/evaluate.py"))
    assert evaluators
    wanted = set().union(*(_imported_from_text(p) for p in evaluators))
    assert wanted and wanted <= set(text.__all__)
    assert all(hasattr(text, name) for name in text.__all__)


SIBLING = "whitecollar.grading.text."


def _siblings(tree: ast.AST) -> set[str]:
    return {
        n.module[len(SIBLING) :]
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and (n.module or "").startswith(SIBLING)
    }


@pytest.mark.parametrize("module", MODULES)
def test_a_module_imports_the_standard_library_and_its_siblings_only(module):
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("whitecollar"):
            assert node.level == 0 and node.module[len(SIBLING) :] in MODULES, (
                f"{module}.py line {node.lineno}: import a sibling module directly, never the package"
            )
            continue
        elif isinstance(node, ast.ImportFrom):
            roots = [(node.module or "").split(".")[0]] if node.level == 0 else ["(relative)"]
        else:
            continue
        for root in roots:
            assert root == "__future__" or root in sys.stdlib_module_names, f"{module}.py imports {root}"


def test_the_modules_import_one_another_without_a_cycle():
    graph = {module: _siblings(ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))) for module in MODULES}
    order = list(graphlib.TopologicalSorter(graph).static_order())  # raises CycleError on a cycle
    assert order[0] == "terms" and set(order) == set(MODULES)
