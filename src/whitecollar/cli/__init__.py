"""The `whitecollar` command: one verb per step of the pipeline.

Snakemake rules call these verbs, so everything a rule does can also be run
and debugged by hand. The verbs are grouped by stage, one module each
(`benchmark`, `lab`, `grading`, `freeze`, `judges`, `analysis`, `replication`),
and are thin: they parse arguments, call the library and print a line.
Errors a user can fix are printed as one line naming the file and the fix,
with exit status 2; a failed check exits with 1. An entry point of the
package: it may import any stage, and nothing but `__main__` and the
workflow's grading server imports it.
"""

from __future__ import annotations

import argparse
import functools
import logging
import sys

from whitecollar.benchmark.scenario import ScenarioError
from whitecollar.cli import analysis, benchmark, freeze, grading, judges, lab, replication
from whitecollar.cli.common import UsageError
from whitecollar.config import ConfigError

#: the verb modules, in the order of the pipeline (and of `whitecollar --help`)
VERBS = (benchmark, lab, grading, freeze, judges, analysis, replication)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="whitecollar", description=__doc__.splitlines()[0])
    p.add_argument("-v", "--verbose", action="store_true", help="progress messages on stderr")
    sub = p.add_subparsers(dest="command", required=True)
    for verbs in VERBS:
        verbs.add_parsers(sub)
    return p


@functools.lru_cache(maxsize=1)
def _parser() -> argparse.ArgumentParser:
    """Built once per process: the grading server builds it before forking its workers."""
    return build_parser()


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )
    try:
        return args.fn(args)
    except (UsageError, ConfigError, ScenarioError) as exc:
        print(f"whitecollar {args.command}: {exc}", file=sys.stderr)
        return 2
    except FileNotFoundError as exc:
        print(f"whitecollar {args.command}: {exc.filename}: not found", file=sys.stderr)
        return 2


__all__ = ["UsageError", "build_parser", "main"]
