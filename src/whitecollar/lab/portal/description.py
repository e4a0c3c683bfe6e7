"""What a portal serves, read once from the workspace's portal/portal.json.

The portal may show only what the worker already has, so every document
must be a regular file under the workspace's inputs/ that does not lead out
of it through a link; record tables and forms come from the description
itself. Everything is checked at start: a scenario author's mistake then
stops the run with the reason instead of surfacing as a server error in the
middle of a session. Interface perturbations are applied here, once, so that
every page and every validation sees the same interface.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from whitecollar.jsonfile import read_json
from whitecollar.lab.portal import PortalError

SCHEMA_VERSIONS = (1,)
FIELD_TYPES = ("text", "number", "integer", "textarea")
PERTURBATIONS = ("document_titles", "field_order")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class Document:
    title: str
    path: str  # relative to the workspace, always under inputs/

    @property
    def name(self) -> str:
        return PurePosixPath(self.path).name

    @property
    def kind(self) -> str:
        return PurePosixPath(self.path).suffix.lstrip(".").upper() or "FILE"


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    type: str
    required: bool
    max_length: int


@dataclass(frozen=True)
class Form:
    id: str
    title: str
    fields: tuple[Field, ...]

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True)
class RecordTable:
    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class PortalDescription:
    workspace: Path
    title: str
    organisation: str
    documents: tuple[Document, ...]
    records: tuple[RecordTable, ...]
    forms: tuple[Form, ...]
    perturbations: dict[str, Any]

    def document(self, path: str) -> Document | None:
        return next((d for d in self.documents if d.path == path), None)

    def record(self, record_id: str) -> RecordTable | None:
        return next((r for r in self.records if r.id == record_id), None)

    def form(self, form_id: str) -> Form | None:
        return next((f for f in self.forms if f.id == form_id), None)

    def document_file(self, doc: Document) -> Path:
        """The file behind a listed document, re-checked at every request.

        The worker shares the workspace and could replace an input by a link
        to somewhere else between two requests; the portal must never follow
        it out of inputs/.
        """
        return _confined_file(self.workspace, doc.path)


def description_file(workspace: Path) -> Path:
    return Path(workspace) / "portal" / "portal.json"


def load(workspace: Path) -> PortalDescription:
    """The checked description of a workspace's portal (PortalError on any problem)."""
    workspace = Path(workspace)
    path = description_file(workspace)
    data = read_json(
        path,
        PortalError,
        missing="no portal description; compose the workspace for a portal arm",
        unreadable="unreadable portal description: {exc}",
    )
    if not isinstance(data, dict):
        raise PortalError(f"{path}: the portal description must be a JSON object")
    try:
        return _build(workspace, data)
    except PortalError as exc:
        raise PortalError(f"{path}: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise PortalError(f"{path}: malformed portal description ({type(exc).__name__}: {exc})") from None


def _build(workspace: Path, data: dict[str, Any]) -> PortalDescription:
    if data.get("schema_version") not in SCHEMA_VERSIONS:
        raise PortalError(f"schema_version {data.get('schema_version')!r} is not one of {SCHEMA_VERSIONS}")
    documents = tuple(_document(workspace, d) for d in data.get("documents", []))
    _unique([d.path for d in documents], "document path")
    records = tuple(_record(r) for r in data.get("records", []))
    _unique([r.id for r in records], "record id")
    forms = tuple(_form(f) for f in data.get("forms", []))
    _unique([f.id for f in forms], "form id")
    perturbations = data.get("perturbations") or {}
    if not isinstance(perturbations, dict):
        raise PortalError("perturbations must be an object")
    unknown = sorted(set(perturbations) - set(PERTURBATIONS))
    if unknown:
        # a declared perturbation the portal silently ignored would corrupt the design of the study
        raise PortalError(f"unknown perturbation(s) {unknown}; supported: {list(PERTURBATIONS)}")
    documents = _retitle(documents, perturbations.get("document_titles") or {})
    forms = _reorder(forms, perturbations.get("field_order") or {})
    return PortalDescription(
        workspace, str(data["title"]), str(data["organisation"]), documents, records, forms, dict(perturbations)
    )


def _unique(values: list[str], what: str) -> None:
    seen = {v for v in values if values.count(v) > 1}
    if seen:
        raise PortalError(f"duplicate {what}(s): {sorted(seen)}")


def _identifier(value: Any, what: str) -> str:
    if not isinstance(value, str) or not _ID.match(value):
        raise PortalError(f"{what} {value!r} must be a short identifier (letters, digits, _ . -)")
    return value


def _safe_relpath(rel: Any) -> str:
    if not isinstance(rel, str) or not rel.startswith("inputs/"):
        raise PortalError(f"document path {rel!r} must point into inputs/")
    parts = PurePosixPath(rel).parts
    if "\\" in rel or ".." in parts or "." in parts or str(PurePosixPath(*parts)) != rel or "\x00" in rel:
        raise PortalError(f"document path {rel!r} is not a plain path under inputs/")
    if "%" in rel:  # its link would carry %25, which the portal refuses as a disguised path
        raise PortalError(f"document path {rel!r} contains a percent sign; rename the file")
    return rel


def _confined_file(workspace: Path, rel: str) -> Path:
    root = os.path.realpath(Path(workspace) / "inputs")
    real = os.path.realpath(Path(workspace) / rel)
    if os.path.commonpath([root, real]) != root or real == root:
        raise PortalError(f"document {rel!r} leads out of inputs/")
    if not os.path.isfile(real):
        raise PortalError(f"document {rel!r} is not a file of the workspace")
    return Path(real)


def _document(workspace: Path, d: dict[str, Any]) -> Document:
    rel = _safe_relpath(d["path"])
    _confined_file(workspace, rel)
    return Document(title=str(d["title"]), path=rel)


def _record(r: dict[str, Any]) -> RecordTable:
    columns = tuple(str(c) for c in r["columns"])
    rows = []
    for i, row in enumerate(r["rows"]):
        if not isinstance(row, list) or len(row) != len(columns):
            raise PortalError(f"record {r.get('id')!r}: row {i + 1} does not have {len(columns)} cells")
        rows.append(tuple("" if c is None else str(c) for c in row))
    return RecordTable(_identifier(r["id"], "record id"), str(r["title"]), columns, tuple(rows))


def _form(f: dict[str, Any]) -> Form:
    form_id = _identifier(f["id"], "form id")
    fields = []
    for spec in f["fields"]:
        name = _identifier(spec["name"], f"form {form_id!r}: field name")
        ftype = spec.get("type", "text")
        if ftype not in FIELD_TYPES:
            raise PortalError(f"form {form_id!r}: field {name!r} has type {ftype!r}; supported: {list(FIELD_TYPES)}")
        max_length = spec.get("max_length", 200)
        if isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 1:
            raise PortalError(f"form {form_id!r}: field {name!r} needs a positive integer max_length")
        fields.append(Field(name, str(spec.get("label") or name), ftype, bool(spec.get("required", False)), max_length))
    _unique([x.name for x in fields], f"form {form_id!r}: field name")
    if not fields:
        raise PortalError(f"form {form_id!r} has no fields")
    return Form(form_id, str(f["title"]), tuple(fields))


def _retitle(documents: tuple[Document, ...], titles: dict[str, Any]) -> tuple[Document, ...]:
    listed = {d.path for d in documents}
    stray = sorted(set(titles) - listed)
    if stray:
        raise PortalError(f"perturbations.document_titles names documents that are not listed: {stray}")
    return tuple(Document(str(titles[d.path]), d.path) if d.path in titles else d for d in documents)


def _reorder(forms: tuple[Form, ...], orders: dict[str, Any]) -> tuple[Form, ...]:
    """Fields named in the perturbation come first, in its order; the others follow as declared."""
    ids = {f.id for f in forms}
    stray = sorted(set(orders) - ids)
    if stray:
        raise PortalError(f"perturbations.field_order names forms that do not exist: {stray}")
    out = []
    for form in forms:
        order = orders.get(form.id)
        if order is None:
            out.append(form)
            continue
        names = [x.name for x in form.fields]
        if not isinstance(order, list) or len(set(order)) != len(order) or not set(order) <= set(names):
            raise PortalError(
                f"perturbations.field_order[{form.id!r}] must list distinct fields of the form: {order!r}"
            )
        first = [form.field(n) for n in order]
        rest = [x for x in form.fields if x.name not in order]
        out.append(Form(form.id, form.title, tuple(first + rest)))  # type: ignore[arg-type]
    return tuple(out)
