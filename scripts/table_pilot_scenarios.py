"""Table: design of the frozen pilot scenarios (class, depth, minutes, features, deliverables)."""

from __future__ import annotations

import argparse
from pathlib import Path

from whitecollar.analysis.benchmark_tables import pilot_table
from whitecollar.analysis.paper_tables import write_table


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--manifest", default="results/freeze/manifest.json")
    p.add_argument("--bundles", default="results/bundles")
    p.add_argument("--tex", required=True)
    p.add_argument("--csv", required=True)
    a = p.parse_args()
    write_table(pilot_table(Path(a.manifest), Path(a.bundles)), a.tex, a.csv)


if __name__ == "__main__":
    main()
