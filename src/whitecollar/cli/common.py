"""What the `whitecollar` verbs share: the usage error, the configuration and the protocol.

An error a user can fix is raised as `UsageError` and printed by `main` as
one line naming the file and the fix, with exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path


class UsageError(Exception):
    """A problem the user can fix; printed as one line."""


def results_paths(results: str | Path = "results") -> dict[str, Path]:
    """Where a results folder keeps bundles, oracles and validations (the layout the workflow writes)."""
    results = Path(results)
    return {
        "bundles": results / "bundles",
        "oracles": results / "restricted" / "oracles",
        "validation": results / "validation",
    }


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


def protocol_config(config_path: str | None, configuration: str | None) -> dict:
    """The configuration a protocol is built from: the workflow's slice file, or a config file named by hand.

    A job receives the slice the workflow wrote from the configuration
    Snakemake was given (`--configuration`); by hand the user names the
    configuration (`--config config.yaml`). Nothing falls back to the
    checkout's config.yaml, which would freeze or audit a design other than
    the one the runs follow.
    """
    if configuration:
        try:
            return json.loads(Path(configuration).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UsageError(f"{configuration}: not found; the workflow writes it (rule configuration)") from None
        except ValueError as exc:
            raise UsageError(f"{configuration}: not JSON ({exc}); let the workflow write it again") from None
    if config_path:
        return load_config(config_path)
    raise UsageError("no configuration given: name the study's configuration with --config (e.g. --config config.yaml)")


def current_protocol(
    config_path: str | None, manifest_path: str, configuration: str | None = None
) -> tuple[dict, dict[str, str]]:
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
    cfg = protocol_config(config_path, configuration)
    try:
        protocol = current(paths.REPO_ROOT, cfg, frozen)
    except ProtocolError as exc:
        raise UsageError(str(exc)) from None
    versions = {t: load_scenario(t).evaluator_version for t in frozen if (paths.SCENARIOS / t).is_dir()}
    return protocol, versions
