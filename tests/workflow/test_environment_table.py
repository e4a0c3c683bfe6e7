"""Every WHITECOLLAR_* variable the package or the workflow reads is in docs/ARCHITECTURE.md's table."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = re.compile(r"WHITECOLLAR_[A-Z_]*[A-Z]")


def _used() -> set[str]:
    files = [*ROOT.joinpath("src").rglob("*.py"), *ROOT.joinpath("rules").glob("*.smk"), ROOT / "Snakefile"]
    return {m for f in files for m in NAME.findall(f.read_text(encoding="utf-8"))}


def _documented() -> set[str]:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    table = text.split("## Environment variables", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return {m for row in rows for m in NAME.findall(row.split("|")[1])}


def test_the_environment_table_lists_every_variable_and_no_other():
    used, documented = _used(), _documented()
    assert used, "no variable found: the scan is broken"
    assert used - documented == set(), "add these to docs/ARCHITECTURE.md's Environment variables table"
    assert documented - used == set(), "these are documented but read nowhere"
