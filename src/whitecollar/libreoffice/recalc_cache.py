"""A content-addressed disk cache of recalculated workbooks, shared by processes.

Every `whitecollar evaluate` job is its own process, and the validation
battery and the challenge corpus grade the same solver outputs again after
every evaluator amendment. The workbook bytes do not change between those
gradings, and neither does what LibreOffice makes of them, so one
recalculation per distinct workbook is enough: re-grading 2,400 runs after
an amendment then needs no LibreOffice at all.

The key is the SHA-256 of the delivered bytes inside a folder named after
the engine: the LibreOffice installation (its resolved path, the size and
modification time of its program files, its version file) together with the
profile settings that force recalculation and the export filter. Upgrading
LibreOffice or changing a setting therefore starts a new folder; nothing is
ever looked up across engines.

Only successes are stored, and only sound packages (every zip entry's CRC
checked): a timeout or a crash may be the machine's fault and is decided
again by the next process. Entries are written to a temporary name and
renamed, so parallel jobs that recalculate the same workbook both succeed
and a reader never sees half a file.

The location comes from the workflow: `WHITECOLLAR_RECALC_CACHE` (set by the
Snakefile to `results/cache/recalc`); without it the cache is off.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import tempfile
import zipfile
from pathlib import Path

ENV = "WHITECOLLAR_RECALC_CACHE"
# Files whose identity stands for the LibreOffice build; absent ones are skipped.
_ENGINE_FILES = ("soffice", "soffice.bin", "versionrc", "libmergedlo.so", "libsclo.so")


def cache_root() -> Path | None:
    """The cache folder the workflow named, or None when caching is off."""
    value = os.environ.get(ENV, "").strip()
    return Path(value) if value else None


@functools.lru_cache(maxsize=8)
def engine_identity(soffice: str, settings: str) -> str:
    """A short digest naming the LibreOffice build and the recalculation settings.

    Reads file metadata only (`soffice --version` would cost a quarter of a
    second per process, as much as a cache hit saves many times over).
    """
    program = Path(os.path.realpath(soffice)).parent
    h = hashlib.sha256()
    h.update(os.path.realpath(soffice).encode("utf-8") + b"\0")
    for name in _ENGINE_FILES:
        f = program / name
        try:
            st = f.stat()
        except OSError:
            continue
        h.update(f"{name}:{st.st_size}:{st.st_mtime_ns}\0".encode())
    try:
        h.update((program / "versionrc").read_bytes())
    except OSError:
        pass
    h.update(b"\0" + settings.encode("utf-8"))
    return h.hexdigest()[:24]


def sound_xlsx(data: bytes) -> bool:
    """A complete zip (every CRC right) holding a workbook part."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            return "xl/workbook.xml" in zf.namelist() and zf.testzip() is None
    except Exception:  # noqa: BLE001 - anything unreadable is simply not stored
        return False


class RecalcCache:
    """Recalculated workbooks of one engine, addressed by the SHA-256 of the input."""

    def __init__(self, root: Path, engine: str):
        self.folder = Path(root) / engine

    def _entry(self, sha: str) -> Path:
        return self.folder / sha[:2] / f"{sha}.xlsx"

    def holds(self, sha: str) -> bool:
        """Whether an entry exists, unchecked (a cheap test for a waiting job; `get` checks it)."""
        return self._entry(sha).is_file()

    def get(self, sha: str) -> Path | None:
        """The stored result, or None; an entry that is not sound is removed."""
        entry = self._entry(sha)
        try:
            data = entry.read_bytes()
        except OSError:
            return None
        if sound_xlsx(data):
            return entry
        entry.unlink(missing_ok=True)
        return None

    def put(self, sha: str, produced: Path) -> Path | None:
        """Store a sound result atomically; None (and nothing written) otherwise."""
        data = Path(produced).read_bytes()
        if not sound_xlsx(data):
            return None
        entry = self._entry(sha)
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{sha[:12]}.", suffix=".tmp", dir=entry.parent)
        except OSError:
            return None  # a read-only or full cache only costs speed
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.chmod(tmp, 0o644)
            os.replace(tmp, entry)
        except OSError:
            Path(tmp).unlink(missing_ok=True)
            return None
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return entry
