"""Each judge's slice of config.yaml.

A judge's score files depend on its own settings only, so the workflow
passes each judge job exactly this slice as a param: editing one judge
reruns that judge's scores and nothing else. Only what the backend uses
is in the slice: the study seed for the simulated judge (it seeds the
noise), the retry bound for a command judge (a simulated answer is always
well formed), so changing either never re-asks a judge that ignores it.
"""

from __future__ import annotations

import json
from typing import Any

from whitecollar.config import ConfigError


def settings_json(settings: dict[str, Any]) -> str:
    """The canonical form of a judge's settings slice (the form the workflow passes as a param)."""
    return json.dumps(settings, sort_keys=True, separators=(",", ":"))


SIMULATED_DEFAULTS = {"noise_sd": 0.6, "cost_usd": 0.0}


def panel(config: dict[str, Any]) -> list[dict[str, Any]]:
    """The configured judges, refusing a name used twice (names are file names)."""
    judges = list((config.get("judges") or {}).get("panel") or [])
    names = [j["name"] for j in judges]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ConfigError(
            f"config.yaml: judges.panel: judge name {twice[0]!r} is used twice; give each judge its own name"
        )
    if not judges:
        raise ConfigError("config.yaml: judges.panel: no judge configured; add at least one")
    return judges


def judge_names(config: dict[str, Any]) -> list[str]:
    return [j["name"] for j in panel(config)]


def judge_slice(config: dict[str, Any], name: str) -> dict[str, Any]:
    """Everything one judge's answers depend on, with defaults filled in."""
    judge = next((j for j in panel(config) if j["name"] == name), None)
    if judge is None:
        raise ConfigError(f"config.yaml: judges.panel has no judge named {name!r}")
    settings: dict[str, Any] = {"name": judge["name"], "backend": judge["backend"]}
    if judge["backend"] == "simulated":
        settings.update({k: judge.get(k, v) for k, v in SIMULATED_DEFAULTS.items()})
        settings["model"] = judge.get("model", "simulated")
        settings["study_seed"] = config["study"]["seed"]
    else:
        settings.update(
            {
                "command": list(judge["command"]),
                "model": judge.get("model", ""),
                "max_attempts": config["judges"]["max_attempts"],
            }
        )
        if "timeout_s" in judge:
            settings["timeout_s"] = judge["timeout_s"]
    return settings


def slice_json(config: dict[str, Any], name: str) -> str:
    """The slice in canonical form: the judge job's param, and what a score file's `settings_sha256` hashes."""
    return settings_json(judge_slice(config, name))
