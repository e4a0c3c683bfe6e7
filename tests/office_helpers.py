"""Helpers shared by the office tests (a uniquely named module, so it
cannot collide with other test folders' helpers on sys.path)."""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest

from whitecollar.libreoffice import recalc

needs_soffice = pytest.mark.skipif(not recalc.soffice_available(), reason="LibreOffice not installed (make bootstrap)")


def first_half(path: Path, dest: Path) -> Path:
    data = path.read_bytes()
    dest.write_bytes(data[: len(data) // 2])
    return dest


def random_bytes(n: int = 4096) -> bytes:
    return random.Random(1234).randbytes(n)


def zip_with_patched_entry(data: bytes, name: str, old: bytes, new: bytes) -> bytes:
    """The same package with one entry's content edited (deflated, as Excel does)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            content = src.read(info.filename)
            if info.filename == name:
                assert old in content, f"{old!r} not in {name}"
                content = content.replace(old, new)
            dst.writestr(info.filename, content)
    return out.getvalue()


def make_sparse(path: Path, size: int) -> Path:
    """A file whose lstat size is `size` without using the disk space."""
    with open(path, "wb") as fh:
        fh.truncate(size)
    return path


class PopenCounter:
    """Counts subprocess.Popen calls while still running the real program."""

    def __init__(self, real):
        self.real = real
        self.commands: list[list[str]] = []

    def __call__(self, cmd, *args, **kwargs):
        self.commands.append(list(cmd))
        return self.real(cmd, *args, **kwargs)
