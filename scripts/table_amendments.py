"""Table: the amendments to the study's design (benchmark/protocol/amendments.csv)."""

from __future__ import annotations

import argparse
from pathlib import Path

from whitecollar.analysis.paper_tables import write_table
from whitecollar.analysis.protocol_tables import amendments_table


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--amendments", default="benchmark/protocol/amendments.csv")
    p.add_argument("--tex", required=True)
    p.add_argument("--csv", required=True)
    a = p.parse_args()
    write_table(amendments_table(Path(a.amendments)), a.tex, a.csv)


if __name__ == "__main__":
    main()
