"""Plumbing shared by the scenarios' reference solvers.

Every solver checks its variant name the same way, delivers into the
workspace's out/ and ends with a COMPLETION.json; keeping these steps here
means a change to the delivery contract is made once, not per scenario.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from whitecollar.benchmark.variants import Variant, declared_variant


def open_delivery(workspace: Path | str, variant: str, variants: Iterable[str]) -> tuple[Path, Path, Variant]:
    """The workspace, its out/ folder and the declared variant of this name, after refusing one the scenario
    does not declare (`variants.declared_variant`): the solver's branches then ask the variant's kind, never
    its name's prefix."""
    declared = declared_variant(variants, variant)
    ws = Path(workspace)
    out = ws / "out"
    out.mkdir(exist_ok=True)
    return ws, out, declared


def write_completion_json(path: Path, data: dict) -> None:
    """COMPLETION.json as a worker would write it: UTF-8, indented, one trailing newline."""
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
