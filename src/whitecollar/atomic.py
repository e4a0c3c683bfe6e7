"""Writes that never leave a half-written file behind.

Everything the laboratory produces is written to a temporary name in the
destination folder and renamed into place, so an interrupted job leaves
either the old file or the new one, never a truncated one.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any


def write_bytes(path: str | os.PathLike, data: bytes) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def write_text(path: str | os.PathLike, text: str) -> Path:
    return write_bytes(path, text.encode("utf-8"))


def dumps_json(obj: Any) -> str:
    """Canonical JSON: sorted keys, two-space indent, UTF-8, final newline."""
    return json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_json(path: str | os.PathLike, obj: Any) -> Path:
    return write_text(path, dumps_json(obj))


def replace_dir(staging: str | os.PathLike, dest: str | os.PathLike) -> Path:
    """Move a fully built folder into place, replacing any previous one."""
    staging, dest = Path(staging), Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    old = None
    if dest.exists():
        old = dest.with_name(f".{dest.name}.old.{os.getpid()}")
        os.replace(dest, old)
    os.replace(staging, dest)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return dest


def staging_dir(dest: str | os.PathLike) -> Path:
    """A fresh folder beside `dest` to build into before `replace_dir`."""
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".staging", dir=dest.parent))
