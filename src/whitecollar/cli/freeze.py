"""The `whitecollar` verbs of the freeze manifest: written, and checked against the checkout.

Each verb parses its arguments, calls the library and prints one line; the work
is done in the library, where tests reach it without argv.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from whitecollar import atomic
from whitecollar.cli.common import UsageError, config_paths, current_protocol, load_config


def cmd_freeze(a: argparse.Namespace) -> int:
    from whitecollar import paths
    from whitecollar.freeze.manifest import FreezeError, build_manifest
    from whitecollar.freeze.protocol import ProtocolError, current

    digests = [json.loads(Path(p).read_text()) for p in a.digests]
    validations = [json.loads(Path(p).read_text()) for p in a.validations]
    try:
        protocol = current(
            paths.REPO_ROOT,
            load_config(a.config or str(paths.REPO_ROOT / "config.yaml")),
            [d["task_id"] for d in digests],
        )
        manifest = build_manifest(digests, validations, protocol)
    except (FreezeError, ProtocolError) as exc:
        raise UsageError(str(exc)) from None
    atomic.write_json(a.out, manifest)
    print(
        f"froze {len(manifest['scenarios'])} scenario(s): {', '.join(manifest['scenarios'])}, "
        f"with their rubrics, the judges' prompt and panel, the analysis plan, the study design "
        f"and the amendments -> {a.out}"
    )
    return 0


def cmd_verify_freeze(a: argparse.Namespace) -> int:
    from whitecollar.freeze.manifest import FreezeError, verify

    defaults = config_paths()
    bundles = Path(a.bundles) if a.bundles else defaults["bundles"]
    oracles = Path(a.oracles) if a.oracles else (defaults["oracles"] if defaults["oracles"].is_dir() else None)
    protocol, versions = (None, None) if a.trees_only else current_protocol(a.config, a.manifest)
    try:
        problems = verify(Path(a.manifest), bundles, oracles, protocol, versions)
    except FreezeError as exc:
        raise UsageError(str(exc)) from None
    for p in problems:
        print(p)
    halves = "bundles and oracles" if oracles else "bundles"
    what = halves if a.trees_only else halves + ", rubrics, judges, analysis plan, study design and amendments"
    print(f"{a.manifest}: {'MISMATCH' if problems else 'all ' + what + ' match'} ({len(problems)} difference(s))")
    return 1 if problems else 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("freeze", help="write the freeze manifest from digests and validations")
    s.add_argument("--digests", nargs="+", required=True)
    s.add_argument("--validations", nargs="+", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--config", help="study design and judge panel to freeze (default: the checkout's config.yaml)")
    s.set_defaults(fn=cmd_freeze)
    s = sub.add_parser("verify-freeze", help="check bundles, oracles and the protocol against a freeze manifest")
    s.add_argument("manifest")
    s.add_argument("--bundles")
    s.add_argument("--oracles")
    s.add_argument("--config", help="the study design and judge panel to check (default: the checkout's config.yaml)")
    s.add_argument("--trees-only", action="store_true", help="compare bundles and oracles only, not the protocol")
    s.set_defaults(fn=cmd_verify_freeze)
