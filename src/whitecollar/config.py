"""Loading and checking config.yaml.

The workflow refuses to start on a config it does not understand: a typo in
a key would otherwise silently fall back to a default and change a study.
Errors are one line naming the key, so the fix is obvious.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml


class ConfigError(ValueError):
    """A config that does not match the schema; the message is one line."""


def _schema() -> dict:
    return json.loads(resources.files("whitecollar.schemas").joinpath("config.schema.json").read_text())


def _where(error: jsonschema.ValidationError) -> str:
    parts = [str(p) for p in error.absolute_path]
    return ".".join(parts) if parts else "(top level)"


def check(config: dict[str, Any], source: str = "config.yaml") -> dict[str, Any]:
    """Return the config unchanged if valid; raise ConfigError naming the key otherwise."""
    if not isinstance(config, dict):
        raise ConfigError(f"{source}: the file must hold a mapping of settings, got {type(config).__name__}")
    validator = jsonschema.Draft202012Validator(_schema())
    errors = sorted(validator.iter_errors(config), key=lambda e: (list(e.absolute_path), e.message))
    if not errors:
        return config
    err = errors[0]
    if err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        where = _where(err)
        key = ".".join(p for p in [where if where != "(top level)" else "", extra[0]] if p)
        allowed = ", ".join(sorted(err.schema.get("properties", {}))) or "none"
        msg = f"unknown key '{key}' (allowed here: {allowed})"
    elif err.validator == "required":
        msg = f"{_where(err)}: {err.message}"
    elif err.validator == "propertyNames":
        msg = f"{_where(err)}: scenario id {err.instance!r} is not of the form ABC-01"
    else:
        msg = f"{_where(err)}: {err.message}"
    raise ConfigError(f"{source}: {msg}; fix it in {source}")


def load(path: str | Path = "config.yaml") -> dict[str, Any]:
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: not found; copy config.yaml from the repository") from None
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        where = f" at line {line + 1}" if line is not None else ""
        raise ConfigError(f"{path}: not valid YAML{where}; fix the syntax") from None
    return check(data, str(path))
