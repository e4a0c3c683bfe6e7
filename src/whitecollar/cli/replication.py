"""The `whitecollar` verbs of stage 6: the restricted package, and the paper rebuilt from it.

Each verb parses its arguments, calls the library and prints one line; the work
is done in the library, where tests reach it without argv.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from whitecollar.cli.common import UsageError


def cmd_restricted(a: argparse.Namespace) -> int:
    """The restricted package: one deterministic tar, public and restricted parts, a SHA-256 per member."""
    from whitecollar import paths
    from whitecollar.replication.restricted import PackageError, build_package

    try:
        info = build_package(Path(a.results), Path(a.oracles), paths.REPO_ROOT, Path(a.out))
    except PackageError as exc:
        raise UsageError(str(exc)) from None
    print(
        f"{a.out}: {info['scenarios']} scenario(s), {info['runs']} run(s), {info['files']} files, "
        f"{info['bytes']:,} bytes, sha256 {info['sha256']}"
    )
    return 0


def cmd_replicate(a: argparse.Namespace) -> int:
    """Rebuild receipts, records, tables, figures and the paper from a package, with no worker or judge."""
    from whitecollar import paths
    from whitecollar.replication.replicate import ReplicationError, replicate

    root = Path(a.root) if a.root else paths.REPO_ROOT
    try:
        rep = replicate(Path(a.package), root, cores=a.cores)
    except ReplicationError as exc:
        raise UsageError(str(exc)) from None
    jobs = ", ".join(f"{k} {v}" for k, v in sorted(rep.planned.items()))
    print(
        f"{a.package}: {rep.members} members verified; {rep.runs} run(s) restored; rebuilt without a worker or a "
        f"judge ({jobs})"
    )
    same = rep.receipts_compared - len(rep.receipts_differing)
    print(f"receipts: {same}/{rep.receipts_compared} rebuilt byte for byte as archived")
    for rel in rep.receipts_differing:
        print(f"receipt differs from the archived one: {rel}")
    print(
        f"paper: {root / 'results' / 'paper' / 'paper.pdf'}  report: {root / 'results' / 'replication' / 'report.json'}"
    )
    return 1 if rep.receipts_differing else 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("restricted", help="write the restricted package (what `snakemake restricted` runs)")
    s.add_argument("--results", default="results")
    s.add_argument("--oracles", default="results/restricted/oracles")
    s.add_argument("--out", required=True)
    s.set_defaults(fn=cmd_restricted)
    s = sub.add_parser(
        "replicate", help="rebuild the paper from a restricted package, never starting a worker or judge"
    )
    s.add_argument("package", help="the .tar written by `snakemake restricted`")
    s.add_argument("--root", help="the fresh clone to rebuild in (default: this checkout)")
    s.add_argument("--cores", type=int, default=2)
    s.set_defaults(fn=cmd_replicate)
