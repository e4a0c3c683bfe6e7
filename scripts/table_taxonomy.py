"""Table: the occupational taxonomy (occupation, representative simulation, prefix, pilot scenario)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from whitecollar.analysis.benchmark_tables import taxonomy_table
from whitecollar.analysis.paper_tables import write_table


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--registry", default="benchmark/registry.csv")
    p.add_argument("--manifest", default="results/freeze/manifest.json", help="marks the frozen pilot scenarios")
    p.add_argument("--tex", required=True)
    p.add_argument("--csv", required=True)
    a = p.parse_args()
    frozen = set(json.loads(Path(a.manifest).read_text(encoding="utf-8"))["scenarios"])
    write_table(taxonomy_table(Path(a.registry), frozen), a.tex, a.csv)


if __name__ == "__main__":
    main()
