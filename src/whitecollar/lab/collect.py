"""Collecting a session's deliverables.

out/ is copied back without following links (a link could point at the
oracle-free but still foreign rest of the machine), within a size cap per
file and per run; every copied file is hashed; the inputs are compared with
the workspace manifest so that any change is recorded (a critical violation
in the receipt), and files written outside out/ are reported.
"""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path

from whitecollar.hashing import sha256_file
from whitecollar.lab.integrity import Integrity, check_workspace


@dataclass
class Collected:
    files: dict[str, dict[str, str | int]] = field(default_factory=dict)  # relpath -> {sha256, bytes}
    skipped: list[str] = field(default_factory=list)
    integrity: Integrity | None = None

    @property
    def total_bytes(self) -> int:
        return sum(int(f["bytes"]) for f in self.files.values())


def collect(workspace: Path, dest: Path, *, max_file_bytes: int, max_run_bytes: int) -> Collected:
    workspace, dest = Path(workspace), Path(dest)
    src = workspace / "out"
    result = Collected()
    dest.mkdir(parents=True, exist_ok=True)
    if src.is_symlink() or not src.is_dir():
        result.skipped.append("out/: missing or a symbolic link")
    else:
        total = 0
        for dirpath, dirnames, filenames in os.walk(src, followlinks=False):
            base = Path(dirpath)
            for d in sorted(dirnames):
                if (base / d).is_symlink():
                    result.skipped.append(f"{(base / d).relative_to(src).as_posix()}/: symbolic link, not followed")
            dirnames[:] = sorted(d for d in dirnames if not (base / d).is_symlink())
            for name in sorted(filenames):
                p = base / name
                rel = p.relative_to(src).as_posix()
                st = os.lstat(p)
                if stat.S_ISLNK(st.st_mode):
                    result.skipped.append(f"{rel}: symbolic link, not followed")
                    continue
                if not stat.S_ISREG(st.st_mode):
                    result.skipped.append(f"{rel}: not a regular file")
                    continue
                if st.st_size > max_file_bytes:
                    result.skipped.append(f"{rel}: {st.st_size} bytes exceeds the per-file cap of {max_file_bytes}")
                    continue
                if total + st.st_size > max_run_bytes:
                    result.skipped.append(f"{rel}: would exceed the per-run cap of {max_run_bytes} bytes")
                    continue
                target = dest / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(p, os.O_RDONLY | os.O_NOFOLLOW)
                with os.fdopen(fd, "rb") as fin, open(target, "wb") as fout:
                    shutil.copyfileobj(fin, fout)
                total += st.st_size
                result.files[rel] = {"sha256": sha256_file(target), "bytes": st.st_size}
    result.integrity = check_workspace(workspace)
    return result
