"""The `whitecollar` verbs of the freeze manifest: written, and checked against the checkout.

Each verb parses its arguments, calls the library and prints one line; the work
is done in the library, where tests reach it without argv.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from whitecollar import atomic
from whitecollar.cli.common import UsageError, current_protocol, protocol_config, results_paths


def cmd_freeze(a: argparse.Namespace) -> int:
    from whitecollar import paths
    from whitecollar.freeze.manifest import FreezeError, build_manifest
    from whitecollar.freeze.protocol import ProtocolError, current

    digests = [json.loads(Path(p).read_text()) for p in a.digests]
    validations = [json.loads(Path(p).read_text()) for p in a.validations]
    cfg = protocol_config(a.config, a.configuration)
    try:
        protocol = current(paths.REPO_ROOT, cfg, [d["task_id"] for d in digests])
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

    # by default the trees beside the manifest: <results>/freeze/manifest.json, else the checkout's results/
    manifest = Path(a.manifest)
    here = manifest.resolve().parent.parent if manifest.resolve().parent.name == "freeze" else Path("results")
    defaults = results_paths(here)
    bundles = Path(a.bundles) if a.bundles else defaults["bundles"]
    oracles = Path(a.oracles) if a.oracles else (defaults["oracles"] if defaults["oracles"].is_dir() else None)
    protocol, versions = (None, None) if a.trees_only else current_protocol(a.config, a.manifest, a.configuration)
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


def cmd_configuration(a: argparse.Namespace) -> int:
    from whitecollar.freeze.protocol import ProtocolError, protocol_configuration

    try:
        given = json.loads(a.json)
    except ValueError as exc:
        raise UsageError(f"--json: not JSON ({exc}); pass the configuration the workflow was given") from None
    try:
        cfg = protocol_configuration(given)
    except ProtocolError as exc:
        raise UsageError(str(exc)) from None
    atomic.write_text(a.out, json.dumps(cfg, sort_keys=True, indent=1) + "\n")
    print(f"the study design, judge panel and scenarios of this workflow -> {a.out}")
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser(
        "configuration", help="write the slice of the workflow's configuration the freeze and the record read"
    )
    s.add_argument("--json", required=True, help="the configuration Snakemake was given, as JSON")
    s.add_argument("--out", required=True)
    s.set_defaults(fn=cmd_configuration)
    s = sub.add_parser("freeze", help="write the freeze manifest from digests and validations")
    s.add_argument("--digests", nargs="+", required=True)
    s.add_argument("--validations", nargs="+", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--configuration", help="the workflow's configuration slice (rule configuration writes it)")
    s.add_argument("--config", help="by hand: the study configuration file to freeze (e.g. config.yaml)")
    s.set_defaults(fn=cmd_freeze)
    s = sub.add_parser("verify-freeze", help="check bundles, oracles and the protocol against a freeze manifest")
    s.add_argument("manifest")
    s.add_argument("--bundles")
    s.add_argument("--oracles")
    s.add_argument("--config", help="the study configuration to check the protocol against (e.g. config.yaml)")
    s.add_argument("--configuration", help="the workflow's configuration slice (rule configuration writes it)")
    s.add_argument("--trees-only", action="store_true", help="compare bundles and oracles only, not the protocol")
    s.set_defaults(fn=cmd_verify_freeze)
