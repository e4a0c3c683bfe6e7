"""Table: the frontier's slope and the depth at which success falls to one half, per arm."""

from __future__ import annotations

from whitecollar.analysis.frontier import frontiers
from whitecollar.analysis.paper_tables import write_table
from whitecollar.analysis.results_tables import frontier_results_table
from whitecollar.analysis.script_support import add_table_outputs, load, results_parser


def main() -> None:
    a = add_table_outputs(results_parser(__doc__)).parse_args()
    pilot, _ = load(a)
    fits = frontiers(pilot, replicates=a.replicates, seed=a.seed)
    write_table(frontier_results_table(pilot, fits, replicates=a.replicates, seed=a.seed), a.tex, a.csv)


if __name__ == "__main__":
    main()
