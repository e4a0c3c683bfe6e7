"""Recalculating delivered workbooks with LibreOffice, in batches.

An agent's .xlsx carries cached formula results written by whatever saved
it (openpyxl writes none, a script can write false ones); grading must use
values recomputed from the formulas. Starting LibreOffice costs ~1.5 s, so
many files are converted in one batch (by the workflow's long-lived office,
shared_office, or else one `soffice --convert-to xlsx` call), results are
cached in-process by SHA-256 of the content, and `prefetch` lets an
evaluator warm the cache for all its outputs with one batch before reading
them one by one.

Caching of failures: a failure of a single-file call is attributable to
that file and cached; a failure of a batch (timeout, crash) is not, so the
files are retried one at a time when read, which isolates the culprit.

Across processes, successes are also kept in the workflow's disk cache
(recalc_cache: `WHITECOLLAR_RECALC_CACHE`), so a workbook graded once is
never recalculated again by a later job, battery or corpus; failures stay
in-process only.
"""

from __future__ import annotations

import atexit
import hashlib
import shutil
import tempfile
import threading
from collections.abc import Iterable
from pathlib import Path

from whitecollar.libreoffice import prefetcher as _prefetcher
from whitecollar.libreoffice import recalc_cache as _disk
from whitecollar.libreoffice import shared_office as _shared
from whitecollar.libreoffice import soffice as _soffice
from whitecollar.libreoffice.recalc_inputs import FILTER, engine_cache, has_formulas, validate_xlsx
from whitecollar.office.guard import DEFAULT_MAX_BYTES, read_guarded
from whitecollar.office.model import Failure

#: Called before a batch goes to the shared office: starts the prefetcher of the finished runs'
#: workbooks when the workflow names a runs folder (libreoffice/prefetcher.py), else does nothing.
_prefetch_hook = _prefetcher.ensure
#: Then: hand the batch to that prefetcher, which converts what jobs wait for first, and wait for it.
_prefetch_request = _prefetcher.request
_lock = threading.Lock()
_cache: dict[str, Path | Failure] = {}
_cache_dir: Path | None = None


def _results_dir() -> Path:
    global _cache_dir
    with _lock:
        if _cache_dir is None or not _cache_dir.is_dir():
            _cache_dir = Path(tempfile.mkdtemp(prefix="whitecollar-recalc-"))
            atexit.register(shutil.rmtree, _cache_dir, True)
        return _cache_dir


def clear_cache() -> None:
    """Forget every result (tests; long-lived processes)."""
    with _lock:
        _cache.clear()


def _convert(blobs: dict[str, bytes], timeout_s: float) -> tuple[dict[str, Path | Failure], bool]:
    """One batch for all blobs (keyed by SHA-256): the workflow's shared
    office, else one private soffice start. The flag says whether
    LibreOffice actually ran (a missing soffice is not the file's fault and
    must not be cached)."""
    exe = _soffice.find_soffice()
    if isinstance(exe, Failure):
        return {sha: Failure(sha, exe.reason) for sha in blobs}, False
    results: dict[str, Path | Failure] = {}
    with tempfile.TemporaryDirectory(prefix="whitecollar-soffice-") as tmp:
        root = Path(tmp)
        indir, outdir = root / "in", root / "out"
        indir.mkdir()
        outdir.mkdir()
        inputs = []
        for sha, data in blobs.items():
            src = indir / f"{sha}.xlsx"  # unique names: equal basenames cannot collide
            src.write_bytes(data)
            inputs.append(src)
        disk = engine_cache()
        run = _convert_shared(exe, inputs, outdir, timeout_s, disk)
        if run is None:
            profile = _soffice.make_profile(root)
            run = _soffice.run_soffice(
                exe,
                ["--convert-to", FILTER, "--outdir", str(outdir), *map(str, inputs)],
                profile=profile,
                timeout_s=timeout_s,
                cwd=root,
            )
        store = _results_dir()
        for sha in blobs:
            produced = outdir / f"{sha}.xlsx"
            stored = disk.get(sha) if disk is not None and not produced.is_file() else None
            if stored is not None:  # recalculated meanwhile by another job or the prefetcher
                results[sha] = stored
            elif produced.is_file() and produced.stat().st_size > 0:
                final = store / f"{sha}.xlsx"
                shutil.move(str(produced), final)
                results[sha] = final
            elif run.timed_out:
                results[sha] = Failure(sha, f"LibreOffice recalculation timed out after {timeout_s:g} s")
            else:
                detail = (run.stderr.strip() or run.stdout.strip()).splitlines()[-1:] or [""]
                results[sha] = Failure(
                    sha, f"LibreOffice produced no recalculated file (exit {run.returncode}) {detail[0]}".strip()
                )
    return results, True


def _convert_shared(
    exe: str, inputs: list[Path], outdir: Path, timeout_s: float, disk: _disk.RecalcCache | None
) -> _soffice.RunResult | None:
    """The batch done by the workflow's long-lived office, or None where there is none.

    Inputs (named by their SHA-256) that the disk cache holds once the
    office is ours are not converted again: another job or the prefetcher
    did them while this one waited.
    """
    root = _disk.cache_root()
    if root is None:
        return None
    if _prefetch_hook is not None:
        _prefetch_hook()
    if _prefetch_request is not None and disk is not None:
        _prefetch_request(inputs, timeout_s, disk)
    still_needed = None if disk is None else (lambda src: disk.get(src.stem) is None)
    try:
        state = _shared.state_folder(root, _disk.engine_identity(exe, _soffice.REGISTRY + FILTER))
        return _shared.convert(
            exe, state, [(src, outdir / src.name) for src in inputs], timeout_s, still_needed=still_needed
        )
    except OSError:
        return None  # an unwritable cache folder only costs speed


def _lookup(sha: str, disk: _disk.RecalcCache | None) -> Path | Failure | None:
    """This process's result for `sha`, else a stored one from the disk cache."""
    with _lock:
        cached = _cache.get(sha)
    if cached is None and disk is not None:
        cached = disk.get(sha)
        if cached is not None:
            with _lock:
                _cache[sha] = cached
    return cached


def _prepare(paths: Iterable[Path]) -> tuple[dict[Path, str | Failure], dict[str, bytes]]:
    """Guard and validate each path; returns path -> sha (or Failure) and the
    blobs still to convert."""
    keyed: dict[Path, str | Failure] = {}
    todo: dict[str, bytes] = {}
    disk = engine_cache()
    for path in paths:
        p = Path(path)
        data = read_guarded(p, DEFAULT_MAX_BYTES)
        if isinstance(data, Failure):
            keyed[p] = data
            continue
        invalid = validate_xlsx(data, str(p))
        if invalid is not None:
            keyed[p] = invalid
            continue
        sha = hashlib.sha256(data).hexdigest()
        keyed[p] = sha
        if _lookup(sha, disk) is None:
            todo[sha] = data
    return keyed, todo


def _run_and_cache(todo: dict[str, bytes], timeout_s: float) -> dict[str, Path | Failure]:
    if not todo:
        return {}
    results, ran = _convert(todo, timeout_s)
    cacheable = ran and len(todo) == 1
    disk = engine_cache() if ran else None
    if disk is not None:
        for sha, result in results.items():
            if isinstance(result, Path) and result.parent.parent == disk.folder:
                continue  # already the cache's own entry
            stored = disk.put(sha, result) if isinstance(result, Path) else None
            if stored is not None:
                assert isinstance(result, Path)  # only a converted file is stored
                result.unlink(missing_ok=True)  # the private copy is no longer needed
                results[sha] = stored
    with _lock:
        for sha, result in results.items():
            if isinstance(result, Path) or cacheable:
                _cache[sha] = result
    return results


def recalculate(paths: list[Path], *, timeout_s: float = 120) -> dict[Path, Path | Failure]:
    """Recalculated copies of many workbooks from at most one soffice start.

    Returns, per input path, the path of a recalculated .xlsx (in a
    process-private folder or the shared disk cache; do not modify it) or a
    Failure. Files that are not valid xlsx packages are refused before
    LibreOffice sees them.
    """
    keyed, todo = _prepare(paths)
    fresh = _run_and_cache(todo, timeout_s)
    out: dict[Path, Path | Failure] = {}
    for p, key in keyed.items():
        if isinstance(key, Failure):
            out[p] = key
            continue
        with _lock:
            result = _cache.get(key)
        if result is None:
            result = fresh.get(key)
        if result is None:
            result = Failure(str(p), "recalculation result missing")
        if isinstance(result, Failure):
            result = Failure(str(p), result.reason)
        out[p] = result
    return out


def recalculate_bytes(data: bytes, path: str, *, timeout_s: float = 120) -> Path | Failure:
    """Recalculated copy of an already-read (and validated) workbook.

    Used by read_workbook, which has the bytes in memory: the cache key is
    the content actually parsed, not whatever the path holds now.
    """
    sha = hashlib.sha256(data).hexdigest()
    cached = _lookup(sha, engine_cache())
    if cached is None:
        cached = _run_and_cache({sha: data}, timeout_s)[sha]
    if isinstance(cached, Failure):
        return Failure(path, cached.reason)
    return cached


def prefetch(paths: Iterable[Path], *, timeout_s: float = 120) -> int:
    """Recalculate every workbook among `paths` that has formulas, in one
    soffice start, so later read_workbook calls hit the cache. Invalid files
    are skipped silently: reading them will report why. Returns how many
    workbooks were handed to LibreOffice."""
    keyed, todo = _prepare(paths)
    todo = {sha: data for sha, data in todo.items() if has_formulas(data)}
    _run_and_cache(todo, timeout_s)
    return len(todo)


def soffice_available() -> bool:
    return not isinstance(_soffice.find_soffice(), Failure)


def cache_size() -> int:
    with _lock:
        return len(_cache)
