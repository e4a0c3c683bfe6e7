"""Table: success and premium with scenarios weighted equally and by professional minutes."""

from __future__ import annotations

from whitecollar.analysis.paper_tables import write_table
from whitecollar.analysis.results_tables import sensitivity_table
from whitecollar.analysis.script_support import add_table_outputs, load, results_parser
from whitecollar.analysis.sensitivity import minutes_sensitivity


def main() -> None:
    a = add_table_outputs(results_parser(__doc__)).parse_args()
    pilot, _ = load(a)
    sens = minutes_sensitivity(pilot, replicates=a.replicates, seed=a.seed)
    write_table(sensitivity_table(pilot, sens, replicates=a.replicates, seed=a.seed), a.tex, a.csv)


if __name__ == "__main__":
    main()
