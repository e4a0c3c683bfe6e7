"""Garbage outputs every evaluator must survive.

Each builder takes a correct output folder and damages it in one way an
agent's output can really be damaged. The evaluator must return a failing
receipt that says why, and never crash.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

ZIP_FORMATS = (".xlsx", ".docx")
BINARY_FORMATS = (".xlsx", ".docx", ".pdf", ".png")
HUGE_BYTES = 50 * 1024 * 1024


def _copy(reference: Path, target: Path) -> None:
    shutil.copytree(reference, target, symlinks=True, dirs_exist_ok=True)


def _files(target: Path, suffixes: tuple[str, ...]) -> list[Path]:
    return sorted(p for p in target.rglob("*") if p.is_file() and p.suffix.casefold() in suffixes)


def text_as_binary(reference: Path, target: Path, workspace: Path) -> None:
    """Every workbook, document and PDF replaced by a text file of the same name."""
    _copy(reference, target)
    for p in _files(target, BINARY_FORMATS):
        p.write_text("This is not a real file.\nSupplier,Total\nA,100\n", encoding="utf-8")


def truncated_zip(reference: Path, target: Path, workspace: Path) -> None:
    """Every workbook and document cut to half its length (an interrupted save)."""
    _copy(reference, target)
    for p in _files(target, ZIP_FORMATS):
        data = p.read_bytes()
        p.write_bytes(data[: len(data) // 2])


def invalid_completion(reference: Path, target: Path, workspace: Path) -> None:
    """COMPLETION.json that is not JSON (a trailing comma and a missing brace)."""
    _copy(reference, target)
    (target / "COMPLETION.json").write_text('{"status": "completed", "summary": "done",', encoding="utf-8")


def huge_file(reference: Path, target: Path, workspace: Path) -> None:
    """Every workbook and document replaced by a 50 MB file (sparse, so cheap to make)."""
    _copy(reference, target)
    victims = _files(target, BINARY_FORMATS) or sorted(p for p in target.rglob("*") if p.is_file())
    for p in victims:
        p.unlink()
        with open(p, "wb") as fh:
            fh.truncate(HUGE_BYTES)


def symlink_outside(reference: Path, target: Path, workspace: Path) -> None:
    """Every deliverable replaced by a symbolic link pointing outside out/.

    Where an input of the same type exists, the link points to it: a reader
    that followed links would find a perfectly valid file there.
    """
    _copy(reference, target)
    inputs = sorted(p for p in (Path(workspace) / "inputs").rglob("*") if p.is_file())
    for p in sorted(q for q in target.rglob("*") if q.is_file()):
        same = [i for i in inputs if i.suffix.casefold() == p.suffix.casefold()]
        dest = same[0].resolve() if same else Path("/etc/hostname")
        p.unlink()
        os.symlink(dest, p)


GARBAGE: dict[str, Callable[[Path, Path, Path], None]] = {
    "garbage-text-as-binary": text_as_binary,
    "garbage-truncated-zip": truncated_zip,
    "garbage-invalid-completion": invalid_completion,
    "garbage-huge-file": huge_file,
    "garbage-symlink-outside": symlink_outside,
}
