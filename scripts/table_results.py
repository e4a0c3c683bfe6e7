"""Table: outcomes per arm and scenario (success, score, injection, clarification, cost)."""

from __future__ import annotations

from whitecollar.analysis.paper_tables import write_table
from whitecollar.analysis.results_tables import results_table
from whitecollar.analysis.script_support import add_table_outputs, load, results_parser


def main() -> None:
    a = add_table_outputs(results_parser(__doc__)).parse_args()
    pilot, arms = load(a)
    write_table(results_table(pilot, arms), a.tex, a.csv)


if __name__ == "__main__":
    main()
