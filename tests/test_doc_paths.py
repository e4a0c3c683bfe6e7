"""Every file the documentation names exists: the README, docs/ and the code's docstrings.

A renamed module leaves its old path in the prose that explains it; a
reader who follows it finds nothing. Paths are resolved as a reader would:
from the repository root, from src/, from the package (`grading/stance.py`)
and from the scenarios' folder (`PROC-01/generate.py`). What the workflow
or a worker writes (results/, a workspace's out/ and portal/) is not in the
repository and is left out, as are placeholders in capitals (`BUNDLE/BRIEF.md`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BASES = (ROOT, ROOT / "src", ROOT / "src" / "whitecollar", ROOT / "benchmark" / "scenarios")
#: where a path names something made by a run, not a file of the repository
WRITTEN = ("results/", "out/", "workspace/", "portal/")
EXTENSIONS = "py|smk|md|yaml|yml|json|jsonl|csv|sh|j2|html|toml|lock|tex|bib|sty|txt"
PATH = re.compile(rf"(?<![\w/.<{{$~-])((?:[\w.-]+/)+[\w.-]+\.(?:{EXTENSIONS}))(?![\w/])")
PLACEHOLDER = re.compile(r"^[A-Z_]+/")


def _docstrings(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node)
            if doc:
                yield doc


def _texts() -> Iterator[tuple[str, str]]:
    for doc in (ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))):
        yield str(doc.relative_to(ROOT)), doc.read_text(encoding="utf-8")
    for folder in ("src", "scripts", "perf", "tools"):
        for module in sorted((ROOT / folder).rglob("*.py")):
            if "node_modules" not in module.parts:
                for doc in _docstrings(module):
                    yield str(module.relative_to(ROOT)), doc


def named_paths(text: str) -> list[str]:
    """The repository paths a text names (a file with a known extension and at least one folder)."""
    return [
        m.group(1)
        for m in PATH.finditer(text)
        if not m.group(1).startswith(WRITTEN) and not PLACEHOLDER.match(m.group(1))
    ]


def test_the_reader_finds_paths_as_prose_writes_them():
    text = "See `grading/stance.py`, src/whitecollar/runs/layout.py (and results/pilot/summary.csv), BUNDLE/BRIEF.md."
    assert named_paths(text) == ["grading/stance.py", "src/whitecollar/runs/layout.py"]
    assert named_paths("a URL https://example.org/a/b.html, a home ~/x/y.md, a template {root}/z.md") == []


def _missing() -> dict[str, list[str]]:
    found: dict[str, set[str]] = {}
    for source, text in _texts():
        found.setdefault(source, set()).update(
            path for path in named_paths(text) if not any((base / path).exists() for base in BASES)
        )
    return {source: sorted(paths) for source, paths in found.items()}


MISSING = _missing()


@pytest.mark.parametrize("source", sorted(MISSING))
def test_every_path_a_text_names_exists(source):
    assert MISSING[source] == [], f"{source} names files that do not exist: {MISSING[source]}"
