"""Reading the completion record an agent writes at the end of a task.

The record says whether the agent completed, asked for clarification or
abstained, and lists what it delivered, assumed, asked and found. Agents
write it loosely: "Needs Clarification", a string where a list belongs,
"issues_found" instead of "issues", a list of objects. A reader that
iterates a string character by character makes a flagged issue invisible;
one that rejects the whole record over a synonym fails honest work. So the
reading is tolerant and *separately* reports what does not conform
(`schema_problems`), letting a scenario decide whether conformance is
graded. Invalid JSON is a Failure quoting the parser, never an exception.

The structural checks mirror the public schema (benchmark/completion.schema.json):
status in completed|needs_clarification|abstained; summary a string;
delivered, assumptions, questions, issues arrays of strings; all six keys
required; other keys allowed (additionalProperties is true, so a synonym
such as "issues_found" is read and noted in `notes`, never a schema
problem). They are hard-coded here, not read from that file.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema

from whitecollar import paths
from whitecollar.office.guard import DEFAULT_MAX_BYTES, EMPTY_FILE, read_guarded
from whitecollar.office.json_bounded import bounded_problems, loads_bounded
from whitecollar.office.model import Failure

STATUSES = ("completed", "needs_clarification", "abstained")
LIST_FIELDS = ("delivered", "assumptions", "questions", "issues")
REQUIRED_KEYS = ("status", "summary", *LIST_FIELDS)

_STATUS_SYNONYMS = {
    "completed": "completed",
    "complete": "completed",
    "done": "completed",
    "finished": "completed",
    "success": "completed",
    "succeeded": "completed",
    "successful": "completed",
    "needs_clarification": "needs_clarification",
    "need_clarification": "needs_clarification",
    "needs_clarifications": "needs_clarification",
    "clarification_needed": "needs_clarification",
    "clarification_required": "needs_clarification",
    "needs_clarify": "needs_clarification",
    "abstained": "abstained",
    "abstain": "abstained",
    "abstaining": "abstained",
    "abstention": "abstained",
}
_KEY_SYNONYMS = {
    "issues_found": "issues",
    "issue": "issues",
    "anomalies": "issues",
    "anomaly": "issues",
    "findings": "issues",
    "problems": "issues",
    "flags": "issues",
    "red_flags": "issues",
    "open_questions": "questions",
    "clarifications": "questions",
    "clarification_questions": "questions",
    "question": "questions",
    "clarification_requests": "questions",
    "deliverables": "delivered",
    "files": "delivered",
    "outputs": "delivered",
    "delivered_files": "delivered",
    "assumption": "assumptions",
    "assumptions_made": "assumptions",
    "summary_text": "summary",
    "overview": "summary",
    "state": "status",
}
_MAX_DEPTH = 20
MAX_RECORD_BYTES = DEFAULT_MAX_BYTES


def _key(k: Any) -> str:
    return re.sub(r"[\s\-]+", "_", str(k).strip()).casefold()


def normalise_status(raw: Any) -> str:
    """One of the three statuses, or "invalid"."""
    if not isinstance(raw, str):
        return "invalid"
    return _STATUS_SYNONYMS.get(_key(raw), "invalid")


def _scalar(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    return v.strip() if isinstance(v, str) else str(v)


def _flat_str(v: Any, depth: int = 0) -> str:
    """A nested value as one line of text ("key: value; key: value")."""
    if depth > _MAX_DEPTH:
        return ""
    if isinstance(v, dict):
        parts = [f"{_scalar(k)}: {_flat_str(x, depth + 1)}" for k, x in v.items()]
        return "; ".join(p for p in parts if p.strip(": "))
    if isinstance(v, (list, tuple)):
        return "; ".join(s for s in (_flat_str(x, depth + 1) for x in v) if s)
    return _scalar(v)


def as_str_list(v: Any, depth: int = 0) -> list[str]:
    """A field that should be a list of strings, whatever the agent wrote.

    A string is ONE item (never its characters); a dict contributes its
    values; dict items become "key: value; ..." strings; nested lists are
    flattened; empty items are dropped.
    """
    if v is None or depth > _MAX_DEPTH:
        return []
    if isinstance(v, str):
        return [v.strip()] if v.strip() else []
    if isinstance(v, dict):
        return [s for x in v.values() for s in as_str_list(x, depth + 1)]
    if isinstance(v, (list, tuple)):
        out: list[str] = []
        for x in v:
            if isinstance(x, dict):
                s = _flat_str(x, depth + 1)
                if s:
                    out.append(s)
            else:
                out.extend(as_str_list(x, depth + 1))
        return out
    s = _scalar(v)
    return [s] if s else []


def _as_summary(v: Any) -> str:
    if isinstance(v, str):
        return v.strip()
    if isinstance(v, (list, tuple)):
        return " ".join(as_str_list(v))
    return _flat_str(v)


@dataclass
class Completion:
    """A completion record read tolerantly, with its non-conformities listed."""

    status: str
    status_raw: Any
    summary: str
    delivered: list[str]
    assumptions: list[str]
    questions: list[str]
    issues: list[str]
    raw: dict[str, Any]
    source: str = "<text>"
    schema_problems: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return True

    @property
    def all_text(self) -> str:
        """Everything the agent wrote, one item per line, for searching."""
        parts = [self.summary, *self.delivered, *self.assumptions, *self.questions, *self.issues]
        for k, v in self.extra.items():
            s = _flat_str(v)
            if s:
                parts.append(f"{k}: {s}")
        return "\n".join(p for p in parts if p)


def _type_name(v: Any) -> str:
    return {
        dict: "object",
        list: "array",
        str: "string",
        bool: "boolean",
        type(None): "null",
        int: "number",
        float: "number",
    }.get(type(v), type(v).__name__)


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    """The published schema the brief points workers to, as the one authority on what is valid."""
    schema = json.loads((paths.BENCHMARK / "completion.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _problem(error: jsonschema.ValidationError) -> str:
    """A schema error in the words a receipt uses."""
    where = [str(p) for p in error.absolute_path]
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return f"missing key: {missing}"
    if error.validator == "enum" and where:
        allowed = ", ".join(str(x) for x in error.validator_value)
        return f"{where[0]} {error.instance!r} is not one of {allowed}"
    if error.validator == "type" and where:
        want = error.validator_value
        if want == "array":
            return f"{where[0]} is {_type_name(error.instance)}, expected array of strings"
        return f"{where[0]} is {_type_name(error.instance)}, expected {want}"
    return f"{'.'.join(where) or '(top)'}: {error.message}"


def _schema_problems(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    bad_items: dict[str, set[str]] = {}
    for e in sorted(_validator().iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.message)):
        path = [str(p) for p in e.absolute_path]
        if e.validator == "type" and len(path) == 2:  # one line per list field, naming every wrong item type
            if path[0] not in bad_items:
                problems.append(path[0])
            bad_items.setdefault(path[0], set()).add(_type_name(e.instance))
            continue
        p = _problem(e)
        if p not in problems:
            problems.append(p)
    return [
        f"{p} contains {', '.join(sorted(bad_items[p]))} items, expected strings" if p in bad_items else p
        for p in problems
    ]


def _reading_notes(data: dict[str, Any]) -> list[str]:
    """How non-schema keys were read; not problems, since the schema allows extra keys."""
    notes = []
    for k in data:
        if k in REQUIRED_KEYS:
            continue
        canon = _key(k) if _key(k) in REQUIRED_KEYS else _KEY_SYNONYMS.get(_key(k))
        if canon in REQUIRED_KEYS:
            notes.append(f"key {k!r} read as {canon!r}")
    return notes


def _gather(data: dict[str, Any]) -> tuple[dict[str, list[Any]], dict[str, Any]]:
    """Values per canonical field (canonical spelling first), and keys we do not know."""
    fields: dict[str, list[Any]] = {k: [] for k in REQUIRED_KEYS}
    extra: dict[str, Any] = {}
    ordered = sorted(data.items(), key=lambda kv: kv[0] not in REQUIRED_KEYS)
    for k, v in ordered:
        kk = _key(k)
        canon = kk if kk in REQUIRED_KEYS else _KEY_SYNONYMS.get(kk)
        if canon in fields:
            fields[canon].append(v)
        else:
            extra[str(k)] = v
    return fields, extra


def _merged_list(values: list[Any]) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for v in values:
        for s in as_str_list(v):
            if s not in seen:
                seen.add(s)
                out.append(s)
    return out


def completion_from_data(data: Any, source: str = "<text>") -> Completion | Failure:
    """Build a Completion from already-parsed JSON."""
    if not isinstance(data, dict):
        return Failure(source, f"top-level JSON value is {_type_name(data)}, expected an object")
    fields, extra = _gather(data)
    status_raw = fields["status"][0] if fields["status"] else None
    return Completion(
        status=normalise_status(status_raw),
        status_raw=status_raw,
        summary=" ".join(s for s in (_as_summary(v) for v in fields["summary"]) if s),
        delivered=_merged_list(fields["delivered"]),
        assumptions=_merged_list(fields["assumptions"]),
        questions=_merged_list(fields["questions"]),
        issues=_merged_list(fields["issues"]),
        raw=data,
        source=source,
        schema_problems=bounded_problems(data) + _schema_problems(data),
        extra=extra,
        notes=_reading_notes(data),
    )


def _existing_file(s: str) -> Path | None:
    if len(s) > 4096 or "\n" in s or s.strip()[:1] in ("{", "["):
        return None
    try:
        p = Path(s)
        return p if os.path.lexists(p) and not p.is_dir() else None
    except (OSError, ValueError):
        return None


def _read_record_file(path: Path) -> tuple[str, str] | Failure:
    """(text, source) of a delivered record through the guard: a named pipe
    would block an open() for ever, a link would read another file."""
    source = str(path)
    if not os.path.lexists(source):
        return Failure(source, "file not found")
    data = read_guarded(path, MAX_RECORD_BYTES)
    if isinstance(data, Failure):
        if data.reason == EMPTY_FILE:
            return "", source  # "empty completion record", as before the guard
        return Failure(source, data.reason)
    return data.decode("utf-8", errors="replace"), source


def _load_text(path_or_text: Any) -> tuple[str, str] | Failure:
    """(text, source) from a path or the JSON text itself."""
    if isinstance(path_or_text, bytes):
        return path_or_text.decode("utf-8", errors="replace"), "<bytes>"
    path: Path | None = None
    if isinstance(path_or_text, Path):
        path = path_or_text
    elif isinstance(path_or_text, str):
        path = _existing_file(path_or_text)
        if path is None and re.fullmatch(r"[^{}\[\]\n]*\.json\s*", path_or_text):
            return Failure(path_or_text.strip(), "file not found")
    if path is not None:
        return _read_record_file(path)
    if isinstance(path_or_text, str):
        return path_or_text, "<text>"
    return Failure("<input>", f"cannot read a completion record from {type(path_or_text).__name__}")


def read_completion(path_or_text: Any) -> Completion | Failure:
    """Read a completion record from a path, JSON text, bytes or a parsed dict.

    Never raises: unreadable files and invalid JSON become a Failure whose
    reason quotes the parser, so the receipt says exactly what was wrong.
    """
    if isinstance(path_or_text, dict):
        return completion_from_data(path_or_text)
    loaded = _load_text(path_or_text)
    if isinstance(loaded, Failure):
        return loaded
    text, source = loaded
    text = text.lstrip("\ufeff")
    if not text.strip():
        return Failure(source, "empty completion record")
    try:
        data = loads_bounded(text)
    except json.JSONDecodeError as exc:
        return Failure(source, f"invalid JSON: {exc}")
    except RecursionError:
        return Failure(source, "invalid JSON: nesting too deep")
    return completion_from_data(data, source)
