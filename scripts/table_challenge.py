"""Table: agreement of each frozen scenario's evaluator with a reviewer, on its challenge corpus."""

from __future__ import annotations

import argparse
from pathlib import Path

from whitecollar.analysis.benchmark_tables import challenge_table
from whitecollar.analysis.paper_tables import write_table


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--manifest", default="results/freeze/manifest.json")
    p.add_argument("--tex", required=True)
    p.add_argument("--csv", required=True)
    a = p.parse_args()
    write_table(challenge_table(Path(a.manifest)), a.tex, a.csv)


if __name__ == "__main__":
    main()
