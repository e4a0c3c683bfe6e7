"""Helpers a scenario generator uses to write the public half of a scenario.

Kept here so that every scenario's bundle looks alike: the brief always ends
with the shared footer, portal descriptions always have the same shape, and
every JSON file is canonical (sorted keys) so it hashes the same everywhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from whitecollar import atomic
from whitecollar.benchmark import benchdata

PORTAL_SCHEMA_VERSION = 1


def footer_text() -> str:
    return benchdata.footer()


def render_brief(template_path: Path, context: dict[str, Any]) -> str:
    """The brief from its Jinja2 template, followed by the shared working conventions."""
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=True, autoescape=False)
    body = env.from_string(Path(template_path).read_text(encoding="utf-8")).render(**context)
    return body.rstrip() + "\n\n" + footer_text().strip() + "\n"


def write_brief(bundle_dir: Path, template_path: Path, context: dict[str, Any]) -> Path:
    return atomic.write_text(Path(bundle_dir) / "BRIEF.md", render_brief(template_path, context))


def write_portal(
    bundle_dir: Path,
    *,
    title: str,
    organisation: str,
    documents: list[dict[str, str]],
    records: list[dict[str, Any]],
    forms: list[dict[str, Any]],
    perturbations: dict[str, Any] | None = None,
) -> Path:
    """portal/portal.json: what the enterprise portal serves in the portal arms.

    documents: {"title", "path"} with path under inputs/; records: {"id",
    "title", "columns", "rows"}; forms: {"id", "title", "fields": [{"name",
    "label", "type", "required", "max_length"}]}. The portal may only serve
    what the inputs already hold, so documents must point into inputs/.
    """
    for doc in documents:
        if not doc["path"].startswith("inputs/"):
            raise ValueError(f"portal document {doc['path']!r} must point into inputs/")
        if not (Path(bundle_dir) / doc["path"]).is_file():
            raise ValueError(f"portal document {doc['path']!r} is not a file of the bundle")
    data = {
        "schema_version": PORTAL_SCHEMA_VERSION,
        "title": title,
        "organisation": organisation,
        "documents": documents,
        "records": records,
        "forms": forms,
        "perturbations": perturbations or {},
    }
    return atomic.write_json(Path(bundle_dir) / "portal" / "portal.json", data)


def write_oracle(oracle_dir: Path, oracle: dict[str, Any], reference_md: str) -> None:
    atomic.write_json(Path(oracle_dir) / "oracle.json", oracle)
    atomic.write_text(Path(oracle_dir) / "REFERENCE.md", reference_md.rstrip() + "\n")
