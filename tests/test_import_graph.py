"""The package's import graph: no cycles, and no stage importing a later one.

Every import statement of every module is read from the source (at any
depth: the library imports lazily inside functions too), resolved to the
project module it names, and checked against the layers that
`whitecollar/__init__.py` describes:

* foundation (`atomic`, `hashing`, `paths`, `config`, `formats`, `processes`, `bounded`,
  `office`, `numerics`, `schemas`, `runs`): imports nothing but the foundation;
* the stages, in order (`STAGES`): each imports the foundation, its own
  stage and earlier stages, never a later one;
* the entry points (`cli`, `workflow`, `kit`, `__main__`): may import anything,
  and nothing but an entry point imports them.

An edge goes to the module an import names: `from whitecollar.office import
model` is an edge to `whitecollar.office.model`, `from whitecollar.office
import read_csv` one to the package `whitecollar.office` (its `__init__`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "whitecollar"
FOUNDATION = (
    "atomic",
    "hashing",
    "paths",
    "config",
    "formats",
    "processes",
    "jsonfile",
    "bounded",
    "office",
    "libreoffice",
    "numerics",
    "schemas",
    "runs",
)
STAGES = ("benchmark", "lab", "grading", "freeze", "judges", "analysis", "dashboard", "replication")
ENTRY = ("cli", "workflow", "kit", "__main__")


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted((SRC / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_package(name: str) -> bool:
    return name in MODULES and MODULES[name].name == "__init__.py"


def _edges(name: str) -> set[str]:
    """The project modules `name` imports, each as the import names it."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"), str(MODULES[name]))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name if _is_package(name) else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            if base not in MODULES:
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.add(sub if sub in MODULES else base)
    out.discard(name)
    return out


GRAPH = {name: _edges(name) for name in MODULES}


def layer(module: str) -> str:
    """The layer of a module: its first name under the package ('' for the package itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_every_module_has_a_layer():
    unknown = sorted(m for m in MODULES if layer(m) and layer(m) not in FOUNDATION + STAGES + ENTRY)
    assert not unknown, f"modules outside every layer (add them to a package or to a layer here): {unknown}"


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(GRAPH):
        if root in index:
            continue
        work = [(root, iter(sorted(GRAPH[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(GRAPH[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles():
    assert _cycles() == []


def _stage_cycles() -> list[tuple[str, str]]:
    """Pairs of layers that import each other (a cycle between packages, not modules)."""
    pairs = {(layer(a), layer(b)) for a, targets in GRAPH.items() for b in targets if layer(a) != layer(b)}
    return sorted((a, b) for a, b in pairs if (b, a) in pairs and a < b)


def test_no_cycles_between_layers():
    assert _stage_cycles() == []


def _allowed(source: str, target: str) -> bool:
    src, dst = layer(source), layer(target)
    if src in ENTRY or src == "" or src == dst:
        return True
    if dst in ENTRY or dst == "":
        return False
    if dst in FOUNDATION:
        return True
    if src in FOUNDATION:
        return False
    return STAGES.index(dst) < STAGES.index(src)


def test_no_import_against_the_stage_order():
    wrong = sorted(f"{a} -> {b}" for a, targets in GRAPH.items() for b in targets if not _allowed(a, b))
    assert wrong == []


@pytest.mark.parametrize("package", sorted(m for m in MODULES if _is_package(m)))
def test_every_package_says_what_it_is_for(package):
    doc = ast.get_docstring(ast.parse(MODULES[package].read_text(encoding="utf-8"))) or ""
    assert len(doc.split()) >= 20, f"{MODULES[package]}: the docstring says in a paragraph what the package is for"
    assert "import" in doc, f"{MODULES[package]}: the docstring says what the package may import"


# -- the checker itself, on graphs with a known answer ------------------------------------------


def test_the_checker_finds_a_cycle_and_a_late_import(monkeypatch):
    fake = {
        "whitecollar.lab.a": {"whitecollar.lab.b"},
        "whitecollar.lab.b": {"whitecollar.lab.a"},
        "whitecollar.benchmark.c": {"whitecollar.grading.d"},
        "whitecollar.grading.d": set(),
    }
    monkeypatch.setattr(__import__(__name__), "GRAPH", fake, raising=True)
    assert _cycles() == [["whitecollar.lab.a", "whitecollar.lab.b"]]
    assert not _allowed("whitecollar.benchmark.c", "whitecollar.grading.d")
    assert _allowed("whitecollar.grading.d", "whitecollar.benchmark.c")
    assert not _allowed("whitecollar.office.x", "whitecollar.grading.d")
    assert not _allowed("whitecollar.grading.d", "whitecollar.cli")
    assert _allowed("whitecollar.cli", "whitecollar.grading.d")
