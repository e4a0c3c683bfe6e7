"""Table: the premium of each arm over A1, with intervals clustered by scenario."""

from __future__ import annotations

from whitecollar.analysis.paper_tables import write_table
from whitecollar.analysis.premium import premium_table
from whitecollar.analysis.results_tables import premium_results_table
from whitecollar.analysis.script_support import add_table_outputs, load, results_parser


def main() -> None:
    a = add_table_outputs(results_parser(__doc__)).parse_args()
    pilot, _ = load(a)
    premium = premium_table(pilot, replicates=a.replicates, seed=a.seed)
    write_table(premium_results_table(pilot, premium, replicates=a.replicates, seed=a.seed), a.tex, a.csv)


if __name__ == "__main__":
    main()
