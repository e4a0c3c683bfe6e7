"""Where things live. One place, so that tests can point the library elsewhere."""

from __future__ import annotations

import os
from pathlib import Path

#: The repository checkout (the folder holding Snakefile and benchmark/).
REPO_ROOT = Path(os.environ.get("WHITECOLLAR_ROOT", Path(__file__).resolve().parents[2]))
BENCHMARK = REPO_ROOT / "benchmark"
SCENARIOS = BENCHMARK / "scenarios"
