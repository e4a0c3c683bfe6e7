"""Recalculation batched across grading jobs: a background prefetcher of finished runs' workbooks.

Each `whitecollar evaluate` job grades one run, so on its own it hands the
shared office one workbook at a time. When a re-grade (an evaluator
amendment, a replication) finds the disk cache cold, thousands of jobs
would each pay that single conversion in turn. So the first job that misses
the cache starts this prefetcher for the runs folder the workflow names
(`WHITECOLLAR_PREFETCH_ROOT`, set by rules/grading.smk). It converts the
workbooks of every finished run (a run folder holding `run.json` beside
`out/`) in batches, through the same shared office and into the same disk
cache (`recalc.prefetch`), while the jobs grade: later jobs find their
workbooks recalculated. It exits when a scan of the folder finds nothing
left to convert; the next job that misses starts another.

Nothing is graded here and nothing is trusted: the cache is addressed by
the content's SHA-256, so a prefetched result is exactly what the job would
have produced, and a workbook LibreOffice fails on is tried once and left
to its job, which isolates the failure as before. One prefetcher per runs
folder and cache (a lock); it runs in a session of its own, with the soft
resource limits of a bounded evaluation lifted, as the shared office does.

    python -m whitecollar.office.prefetcher RUNS_ROOT
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT_ENV = "WHITECOLLAR_PREFETCH_ROOT"
BATCH = 8  # workbooks per hold of the office: a job waiting for it waits for one short batch
MAX_S = 6 * 3600.0
_started: set[str] = set()  # runs folders this process already started a prefetcher for


def _state(cache_root: Path, runs_root: Path) -> Path:
    key = hashlib.sha256(str(runs_root.resolve()).encode("utf-8")).hexdigest()[:16]
    return cache_root / f"prefetch-{key}"


def _lock(state: Path):
    """The prefetcher's lock for this folder, or None when another prefetcher holds it."""
    state.parent.mkdir(parents=True, exist_ok=True)
    fh = open(f"{state}.lock", "a")  # noqa: SIM115 - held for the prefetcher's life
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return fh
    except BlockingIOError:
        fh.close()
        return None


def _lift_soft_limits() -> None:
    for which in (resource.RLIMIT_CPU, resource.RLIMIT_AS):
        _, hard = resource.getrlimit(which)
        resource.setrlimit(which, (hard, hard))


def ensure() -> None:
    """Start the prefetcher of the workflow's runs folder unless one is running (or none is named)."""
    from whitecollar.office import recalc_cache

    value = os.environ.get(ROOT_ENV, "").strip()
    cache_root = recalc_cache.cache_root()
    if not value or cache_root is None or value in _started:
        return
    _started.add(value)
    try:
        held = _lock(_state(cache_root, Path(value)))
        if held is None:
            return  # running
        held.close()  # the child takes it; two starting at once: the second leaves at once
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join([src, *[p for p in env.get("PYTHONPATH", "").split(os.pathsep)
                                                    if p and p != src]])
        with open(f"{_state(cache_root, Path(value))}.log", "ab") as log:
            subprocess.Popen([sys.executable, "-m", "whitecollar.office.prefetcher", value],
                             stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env,
                             start_new_session=True, close_fds=True, preexec_fn=_lift_soft_limits)
    except OSError:
        return  # an unwritable cache folder only costs speed


def finished_workbooks(runs_root: Path) -> list[Path]:
    """The workbooks under `out/` of every run folder holding run.json, sorted.

    Walked without following symbolic links (an agent's out/ may hold
    anything), and never into a run folder's other contents.
    """
    found: list[Path] = []
    for folder, dirs, files in os.walk(runs_root, followlinks=False):
        if "run.json" in files:
            dirs[:] = []
            out = Path(folder) / "out"
            if out.is_dir() and not out.is_symlink():
                for sub, _, names in os.walk(out, followlinks=False):
                    found += [Path(sub) / n for n in names if n.endswith(".xlsx")]
        else:
            dirs[:] = [d for d in dirs if d != "out"]
    return sorted(p for p in found if p.is_file() and not p.is_symlink())


def run(runs_root: Path, *, batch: int = BATCH, max_s: float = MAX_S) -> int:
    """Convert every finished run's uncached formula workbook, batch by batch, until none is left.

    Returns the number of workbooks handed to LibreOffice. Each workbook is
    tried once per prefetcher (by path, size and modification time).
    """
    from whitecollar.office import recalc

    tried: set[tuple[str, int, int]] = set()
    handed, deadline = 0, time.monotonic() + max_s
    while time.monotonic() < deadline:
        pending = []
        for path in finished_workbooks(runs_root):
            try:
                st = path.stat()
            except OSError:
                continue
            key = (str(path), st.st_size, st.st_mtime_ns)
            if key not in tried:
                tried.add(key)
                pending.append(path)
        if not pending:
            return handed
        for i in range(0, len(pending), batch):
            handed += recalc.prefetch(pending[i:i + batch])
    return handed


def stop_all(cache_root: Path) -> None:
    """End every prefetcher of this cache now (tests, the fault campaign), and wait until it is gone."""
    import signal

    from whitecollar.office.shared_office import _wait_gone

    for pid_file in sorted(Path(cache_root).glob("prefetch-*.pid")):
        try:
            pid = int(pid_file.read_text().split()[0])
            os.killpg(pid, signal.SIGKILL)
        except (OSError, ValueError, IndexError):
            continue
        _wait_gone(pid)
        pid_file.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    from whitecollar.office import recalc_cache

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m whitecollar.office.prefetcher RUNS_ROOT", file=sys.stderr)
        return 2
    cache_root = recalc_cache.cache_root()
    if cache_root is None:
        print(f"{recalc_cache.ENV} is not set: there is no cache to fill", file=sys.stderr)
        return 2
    runs_root = Path(args[0])
    held = _lock(_state(cache_root, runs_root))
    if held is None:
        return 0
    with held:
        _state(cache_root, runs_root).with_suffix(".pid").write_text(f"{os.getpid()}\n")
        try:
            handed = run(runs_root)
        finally:
            _state(cache_root, runs_root).with_suffix(".pid").unlink(missing_ok=True)
    print(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} prefetched {handed} workbook(s) of {runs_root}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
