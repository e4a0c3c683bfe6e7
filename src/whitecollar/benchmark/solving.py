"""Plumbing shared by the scenarios' reference solvers.

Every solver checks its variant name the same way, delivers into the
workspace's out/ and ends with a COMPLETION.json; keeping these steps here
means a change to the delivery contract is made once, not per scenario.
"""

from __future__ import annotations

import json
from collections.abc import Container
from pathlib import Path


def open_delivery(workspace: Path | str, variant: str, variants: Container[str]) -> tuple[Path, Path]:
    """The workspace and its out/ folder, after refusing a variant the scenario does not define.

    An unknown name is refused rather than treated as the reference, so a typo
    in a battery or persona mix cannot silently produce an honest solution.
    """
    if variant not in variants:
        raise ValueError(f"unknown variant {variant!r}")
    ws = Path(workspace)
    out = ws / "out"
    out.mkdir(exist_ok=True)
    return ws, out


def write_completion_json(path: Path, data: dict) -> None:
    """COMPLETION.json as a worker would write it: UTF-8, indented, one trailing newline."""
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
