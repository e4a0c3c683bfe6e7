"""The linters, run as part of the suite: ruff (lint and format), snakefmt, Snakemake's own and mypy.

Their settings live in pyproject.toml ([tool.ruff], [tool.snakefmt], [tool.mypy]); the
tools are pinned in the `dev` extra and requirements.lock, so `make test`
on a fresh machine runs them as they run here. Each test prints what the
tool said, so a failure reads like the tool's own output.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _run(argv: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    done = _run([sys.executable, "-m", "ruff", "check", "--no-cache", "."])
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_would_change_nothing():
    done = _run([sys.executable, "-m", "ruff", "format", "--check", "--no-cache", "."])
    assert done.returncode == 0, done.stdout + done.stderr


def test_snakefmt_would_change_nothing():
    done = _run([str(BIN / "snakefmt"), "--check", "Snakefile", "rules"])
    assert done.returncode == 0, done.stdout + done.stderr


def test_snakemake_finds_nothing_to_lint():
    done = _run([sys.executable, "-m", "snakemake", "--lint"])
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing():
    done = _run([sys.executable, "-m", "mypy"])
    assert done.returncode == 0, done.stdout + done.stderr


#: the longest a scenario function may be, from its `def` to its last line (docs/ARCHITECTURE.md, "Tests")
MAX_SCENARIO_FUNCTION_LINES = 80


def _long_functions(root: Path, limit: int, base: Path = ROOT) -> list[str]:
    import ast

    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > limit:
                    found.append(f"{path.relative_to(base)}:{node.lineno} {node.name}() is {length} lines")
    return found


def test_no_scenario_function_is_longer_than_a_reader_follows_in_one_go():
    assert _long_functions(ROOT / "benchmark" / "scenarios", MAX_SCENARIO_FUNCTION_LINES) == []


def test_the_length_gate_sees_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_SCENARIO_FUNCTION_LINES))
    (tmp_path / "long.py").write_text(f"def f():\n{body}\n", encoding="utf-8")
    (tmp_path / "short.py").write_text("def g():\n    return 1\n", encoding="utf-8")
    assert _long_functions(tmp_path, MAX_SCENARIO_FUNCTION_LINES, tmp_path) == ["long.py:1 f() is 81 lines"]
