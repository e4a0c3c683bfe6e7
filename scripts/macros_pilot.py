"""LaTeX macros with the pilot's headline counts, so the manuscript's prose never types a number."""

from __future__ import annotations

import argparse
import json

from whitecollar import atomic
from whitecollar.analysis.data import load_pilot
from whitecollar.analysis.macros import pilot_macros


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--pilot", default="results/pilot")
    p.add_argument("--bundles", default="results/bundles")
    p.add_argument("--study", default="{}", help="JSON of config.yaml's study section (seed, repeats)")
    p.add_argument("--tex", required=True)
    a = p.parse_args()
    atomic.write_text(a.tex, pilot_macros(load_pilot(a.pilot, a.bundles), json.loads(a.study)))


if __name__ == "__main__":
    main()
