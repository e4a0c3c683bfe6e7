"""What the `whitecollar` verbs share: the usage error, the configuration and the protocol.

An error a user can fix is raised as `UsageError` and printed by `main` as
one line naming the file and the fix, with exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path


class UsageError(Exception):
    """A problem the user can fix; printed as one line."""


def config_paths() -> dict[str, Path]:
    from whitecollar import config, paths

    cfg_file = paths.REPO_ROOT / "config.yaml"
    results, oracles = Path("results"), Path("results/restricted/oracles")
    if cfg_file.exists():
        cfg = config.load(cfg_file)
        results = Path(cfg["paths"]["results"])
        oracles = Path(cfg["paths"].get("oracles", results / "restricted" / "oracles"))
    return {"bundles": results / "bundles", "oracles": oracles, "validation": results / "validation"}


def load_config(path: str, inline: str | None = None) -> dict:
    """The configuration a job was given (`inline`, JSON from the workflow), else the file at `path`.

    Rules pass the slice of the configuration Snakemake was given, so
    `--config` and `--configfile` reach the job; the file is read only when
    the verb is run by hand without it.
    """
    from whitecollar import config

    if inline is not None:
        try:
            return json.loads(inline)
        except ValueError as exc:
            raise UsageError(
                f"the configuration given on the command line is not JSON ({exc}); pass the slice the workflow writes"
            ) from None
    return config.load(Path(path))


def current_protocol(config_path: str | None, manifest_path: str) -> tuple[dict, dict[str, str]]:
    """The checkout's protocol record and evaluator versions, for the scenarios a manifest froze."""
    from whitecollar import paths
    from whitecollar.benchmark.scenario import load_scenario
    from whitecollar.freeze.protocol import ProtocolError, current

    try:
        frozen = sorted(json.loads(Path(manifest_path).read_text(encoding="utf-8"))["scenarios"])
    except FileNotFoundError:
        raise UsageError(f"{manifest_path}: no freeze manifest; run `snakemake freeze` first") from None
    except (KeyError, ValueError):
        raise UsageError(f"{manifest_path}: not a freeze manifest; restore it from the freeze or the package") from None
    cfg = load_config(config_path or str(paths.REPO_ROOT / "config.yaml"))
    try:
        protocol = current(paths.REPO_ROOT, cfg, frozen)
    except ProtocolError as exc:
        raise UsageError(str(exc)) from None
    versions = {t: load_scenario(t).evaluator_version for t in frozen if (paths.SCENARIOS / t).is_dir()}
    return protocol, versions
