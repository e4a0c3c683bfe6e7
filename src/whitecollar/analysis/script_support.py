"""What the figure and table scripts share: their common arguments and how they load data.

The scripts under `scripts/` are meant to be read at a glance (parse the
arguments, call the library, write the files), so the repeated part of
their argument parsing lives here once.
"""

from __future__ import annotations

import argparse
import json

from whitecollar.analysis.bootstrap import DEFAULT_REPLICATES
from whitecollar.analysis.data import Pilot, load_pilot


def results_parser(description: str) -> argparse.ArgumentParser:
    """Arguments of a script that reads the pilot: where it is, the bootstrap settings, the arm labels."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--pilot", default="results/pilot", help="the pilot folder (experiment.sqlite)")
    p.add_argument("--bundles", default="results/bundles", help="frozen bundles (their task.json)")
    p.add_argument("--seed", type=int, default=0, help="seed of the cluster bootstrap")
    p.add_argument("--replicates", type=int, default=DEFAULT_REPLICATES, help="bootstrap replicates")
    p.add_argument("--arms", default="{}", help='JSON {"A1": "label", ...} of the config\'s arms')
    return p


def add_table_outputs(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p.add_argument("--tex", required=True, help="LaTeX table to write")
    p.add_argument("--csv", required=True, help="CSV of the same rows to write")
    return p


def add_figure_outputs(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p.add_argument("--pdf", required=True, help="PDF to write")
    p.add_argument("--png", required=True, help="PNG to write")
    return p


def load(args: argparse.Namespace) -> tuple[Pilot, dict[str, str]]:
    return load_pilot(args.pilot, args.bundles), json.loads(args.arms)
