"""Table: agreement of the blind judge panel (or a note that its outputs are absent)."""

from __future__ import annotations

from whitecollar.analysis.judges import load_agreement
from whitecollar.analysis.paper_tables import write_table
from whitecollar.analysis.results_tables import judges_table
from whitecollar.analysis.script_support import add_table_outputs, load, results_parser


def main() -> None:
    a = add_table_outputs(results_parser(__doc__)).parse_args()
    pilot, _ = load(a)
    write_table(judges_table(load_agreement(a.pilot), pilot.simulated), a.tex, a.csv)


if __name__ == "__main__":
    main()
