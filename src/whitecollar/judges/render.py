"""The blind package: what one judge reads about one run.

A package holds the assignment's brief, its rubric and every file the
worker delivered under out/, rendered as text, in sorted order, and
nothing else: it is built from the out/ folder alone, so the arm, the
model, the node, the cost, the run id, the persona, the timing and the
oracle cannot reach a judge (run.json is read only to check that the brief
belongs to the run's bundle, never rendered).

The same out/ folder always gives the same bytes, wherever it sits on
disk, so a re-rendered package that did not change does not make any
judge run again. Size is bounded twice: per file (a huge CSV must not
crowd out the memo) and overall (a judge's context is finite); each cut
is marked in the text with how much was left out, so a judge never
mistakes a cut file for a short one.

A package depends only on what every arm could deliver. The portal arms'
channel records (`out/portal/`: the portal's submissions file, with its
user name and receipt times) are graded by the receipt and never shown,
and the count of entries leaves them out too; otherwise a judge could tell
a portal arm from a file arm, and the arm premium would be in the scores.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from whitecollar.freeze.rubric import Rubric
from whitecollar.hashing import SNAKEMAKE_MARKER, sha256_file
from whitecollar.judges.files import WORKBOOK, Rendered, render_file
from whitecollar.libreoffice import prefetch
from whitecollar.office import Failure, read_text
from whitecollar.runs.record import RunRecordError, read_run_record

MAX_FILE_CHARS = 40_000
MAX_DELIVERABLE_CHARS = 200_000
MAX_ENTRIES_LISTED = 500  # an out/ of 100,000 files must not become 100,000 lines
FORMAT = "whitecollar blind package 1"
#: top-level folders of out/ that hold one channel's records, not deliverables; "portal" is where
#: the portal writes its submissions file (whitecollar.lab.portal.submissions.RELPATH)
CHANNEL_FOLDERS = frozenset({"portal"})


class RenderError(ValueError):
    """The package cannot be built (unreadable brief, brief of another bundle); one line."""


def list_entries(out_dir: Path) -> list[tuple[str, Path]]:
    """Every file, link and special entry under out/, by sorted relative path, never entering a linked folder."""
    out_dir = Path(out_dir)
    entries: list[tuple[str, Path]] = []
    for dirpath, dirnames, filenames in os.walk(out_dir, followlinks=False):
        base = Path(dirpath)
        for name in dirnames:
            if (base / name).is_symlink():
                entries.append(((base / name).relative_to(out_dir).as_posix(), base / name))
        dirnames[:] = [d for d in dirnames if not (base / d).is_symlink()]
        for name in filenames:
            if base == out_dir and name == SNAKEMAKE_MARKER:
                continue
            entries.append(((base / name).relative_to(out_dir).as_posix(), base / name))
    return sorted(entries)


def deliverable_entries(out_dir: Path) -> list[tuple[str, Path]]:
    """The entries a judge is shown: all of out/ but the channel folders (whatever stands there, link or file)."""
    return [(rel, p) for rel, p in list_entries(out_dir) if rel.split("/", 1)[0] not in CHANNEL_FOLDERS]


def cut_marker(shown: int, total: int, why: str) -> str:
    return f"[... CUT: {total - shown:,} of {total:,} characters of this file are not shown ({why}) ...]"


def render_rubric(rubric: Rubric) -> str:
    lines = [f"Scale: {rubric.scale}", ""]
    for c in rubric.criteria:
        weight = int(c.weight) if c.weight.is_integer() else c.weight
        lines.append(f"Criterion `{c.id}` (weight {weight})")
        lines.append(f"  {c.description}")
        for level, anchor in sorted(c.anchors.items()):
            lines.append(f"  {level}: {anchor}")
        lines.append("")
    return "\n".join(lines).rstrip()


def _sanitise(text: str, roots: list[str]) -> str:
    """Reader messages may quote where a file sat; only its place under out/ may show."""
    for root in roots:
        text = text.replace(root, "out")
    return text


def render_deliverables(
    out_dir: Path, *, max_file_chars: int = MAX_FILE_CHARS, max_total_chars: int = MAX_DELIVERABLE_CHARS
) -> str:
    out_dir = Path(out_dir)
    if out_dir.is_symlink() or not out_dir.is_dir():
        return "No out/ folder was delivered."
    entries = deliverable_entries(out_dir)
    if not entries:
        return "No file was delivered."
    # One LibreOffice start recalculates every workbook of the run.
    prefetch([p for rel, p in entries if Path(rel).suffix.lower() in WORKBOOK and not p.is_symlink()])
    parts = [f"{len(entries)} entr{'y' if len(entries) == 1 else 'ies'} in out/, in sorted order."]
    # Longest first: a relative out/ is part of its resolved form, and replacing it first
    # would leave the resolved form's head in the text (and make the bytes hash-seed dependent).
    roots = sorted({str(out_dir), str(out_dir.resolve())}, key=len, reverse=True)
    used, unlisted = 0, 0
    for rel, path in entries:
        if used >= max_total_chars:
            if len(parts) > MAX_ENTRIES_LISTED:
                unlisted += 1
                continue
            parts.append(
                f"### out/{rel}: not shown: the package's limit of {max_total_chars:,} characters "
                "for deliverables was reached"
            )
            continue
        section: Rendered = render_file(path, rel)
        header = _sanitise(section.header, roots)
        if section.one_line:
            parts.append(header)
            used += len(header)
            continue
        body = _sanitise(section.body, roots)
        total = len(body)
        if total > max_file_chars:
            body = (
                body[:max_file_chars]
                + "\n"
                + cut_marker(max_file_chars, total, f"limit of {max_file_chars:,} characters per file")
            )
        if used + len(body) > max_total_chars:
            keep = max(0, max_total_chars - used)
            body = (
                body[:keep]
                + "\n"
                + cut_marker(
                    min(keep, total),
                    total,
                    f"the package's limit of {max_total_chars:,} characters for deliverables was reached",
                )
            )
        parts.append(f"{header}\n{body}")
        used += len(body)
    if unlisted:
        parts.append(f"... and {unlisted:,} more entries, not shown or listed (size limit reached).")
    return "\n\n".join(parts)


def render_package(
    out_dir: Path,
    brief: Path,
    rubric: Rubric,
    task_id: str,
    *,
    max_file_chars: int = MAX_FILE_CHARS,
    max_total_chars: int = MAX_DELIVERABLE_CHARS,
) -> str:
    """The package text: brief, rubric, deliverables; deterministic for a given out/."""
    brief_text = read_text(brief)
    if isinstance(brief_text, Failure):
        raise RenderError(f"{brief}: the brief is unreadable ({brief_text.reason}); regenerate the bundle")
    deliverables = render_deliverables(out_dir, max_file_chars=max_file_chars, max_total_chars=max_total_chars)
    return "\n".join(
        [
            f"=== BLIND EVALUATION PACKAGE: assignment {task_id} ({FORMAT}) ===",
            "This package holds the assignment's brief, the rubric to grade it with, and every file that was",
            "delivered in out/, rendered as text. Workbook cells are shown as `REF: value` or",
            "`REF: =FORMULA -> value`, the value being recalculated from the formula. Images are listed, not shown.",
            "",
            "=== PART 1: THE BRIEF (what was asked) ===",
            brief_text.rstrip(),
            "",
            "=== PART 2: THE RUBRIC ===",
            render_rubric(rubric),
            "",
            "=== PART 3: THE DELIVERABLES ===",
            deliverables,
            "",
            "=== END OF PACKAGE ===",
            "",
        ]
    )


def check_bundle(run_json: Path, digest: Path, brief: Path) -> None:
    """Refuse to pair a run with the brief of another bundle (a regenerated scenario)."""
    try:
        ran = read_run_record(run_json).bundle_sha256
        listing = json.loads(Path(digest).read_text(encoding="utf-8"))
    except RunRecordError as exc:
        raise RenderError(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise RenderError(f"cannot check the run's bundle ({type(exc).__name__}: {exc})") from None
    current = listing.get("bundle_sha256", "")
    if ran and current and ran != current:
        raise RenderError(
            f"{run_json}: the run used bundle {ran[:12]}, the brief belongs to {current[:12]}; "
            "render it with the brief of its own bundle"
        )
    expected = (listing.get("bundle") or {}).get("BRIEF.md")
    actual = sha256_file(brief)
    if expected and expected != actual:
        raise RenderError(f"{brief}: differs from the digest {digest}; regenerate the bundle")
