"""Recalculation shared across grading jobs: a background prefetcher of finished runs' workbooks.

Each `whitecollar evaluate` job grades one run, so on its own it hands the
shared office one workbook at a time, and pays a UNO client's start for it.
When a re-grade (an evaluator amendment, a replication) finds the disk cache
cold, thousands of jobs would each pay that in turn. So the first job that
misses the cache starts this prefetcher for the runs folder the workflow
names (`WHITECOLLAR_PREFETCH_ROOT`, set by rules/grading.smk). Through a
UNO client kept for its whole life (`shared_office.Converter`) and an office
of its own, it converts the workbooks of every finished run (a run folder
holding `run.json` beside `out/`) into the same disk cache, one at a time,
while the jobs grade: later jobs find their workbooks recalculated.

The jobs come in the scheduler's order, not the folder's. So a job that
misses hands its workbooks to the prefetcher (`request`: a copy in the
prefetcher's `wanted` folder) and waits; a second lane of the prefetcher
converts them at once in the workflow's shared office (which no job uses
while the prefetcher serves them), so the job waits for its own
conversion only, never for one of the folder's. The job stops waiting as
soon as its workbook is in the cache, the prefetcher failed on it, or no
prefetcher is alive, and then converts what is missing itself, as it always
did. The prefetcher exits when nothing is asked for and a scan of the
folder finds nothing left; the next job that misses starts another.

Nothing is graded here and nothing is trusted: the cache is addressed by
the content's SHA-256, so a prefetched result is exactly what the job would
have produced, and a workbook LibreOffice fails on is tried once and left
to its job, which isolates the failure as before. One prefetcher per runs
folder and cache (a lock); it runs in a session of its own, with the soft
resource limits of a bounded evaluation lifted, as the shared office does.

    python -m whitecollar.libreoffice.prefetcher RUNS_ROOT
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT_ENV = "WHITECOLLAR_PREFETCH_ROOT"
MAX_S = 6 * 3600.0
_started: set[str] = set()  # runs folders this process already started a prefetcher for
#: the detached prefetcher's command (not `-m`: the package imports this module first)
_ENTRY = "import sys; from whitecollar.libreoffice.prefetcher import main; sys.exit(main(sys.argv[1:]))"
_spawned: dict[str, float] = {}  # when this process started one (monotonic), by runs folder


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
    from whitecollar.libreoffice import recalc_cache

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
        from whitecollar.bounded import child_env

        env = child_env()  # the package on PYTHONPATH: the prefetcher runs this code
        with open(f"{_state(cache_root, Path(value))}.log", "ab") as log:
            _spawned[value] = time.monotonic()
            subprocess.Popen(
                [sys.executable, "-c", _ENTRY, value],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                env=env,
                start_new_session=True,
                close_fds=True,
                preexec_fn=_lift_soft_limits,
            )
    except OSError:
        return  # an unwritable cache folder only costs speed


def finished_workbooks(runs_root: Path) -> list[Path]:
    """The workbooks under `out/` of every run folder holding run.json, sorted.

    Walked without following symbolic links (an agent's out/ may hold
    anything), and never into a run folder's other contents.
    """
    from whitecollar.runs.layout import finished_runs

    return sorted(p for run in finished_runs(runs_root) for p in run.workbooks())


def _wanted(state: Path) -> Path:
    return Path(f"{state}.wanted")


def _running(state: Path) -> bool:
    """Whether this folder's prefetcher is alive: its pid file names a live process of this host.

    One of another host (a cache folder shared by cluster nodes) cannot be
    checked from here, so it counts as absent: the job converts its own.
    """
    try:
        pid, host = state.with_suffix(".pid").read_text().split()[:2]
        if host != socket.gethostname():
            return False
        with open(f"/proc/{int(pid)}/status") as fh:
            line = next(line for line in fh if line.startswith("State:"))
    except (OSError, ValueError, IndexError, StopIteration):
        return False
    return "Z" not in line.split()[1]


def _next_wanted(wanted: Path) -> Path | None:
    """The workbook a job has waited for longest, if any."""
    try:
        entries = [(e.stat().st_mtime_ns, e.name, e) for e in os.scandir(wanted) if e.name.endswith(".xlsx")]
    except OSError:
        return None
    return Path(min(entries)[2].path) if entries else None


class _Lanes:
    """The prefetcher's two lanes, each with its own office, and what they share: each workbook tried once."""

    def __init__(self, exe: str, cache_root: Path, disk, wanted: Path, *, timeout_s: float, deadline: float) -> None:
        from whitecollar.libreoffice import shared_office

        self.disk, self.wanted, self.timeout_s, self.deadline = disk, wanted, timeout_s, deadline
        self.asked_lane = shared_office.Converter(exe, shared_office.state_folder(cache_root, disk.folder.name))
        self.folder_lane = shared_office.Converter(
            exe, shared_office.state_folder(cache_root, f"{disk.folder.name}-prefetch")
        )
        self.lock = threading.Lock()
        self.tried: dict[str, threading.Event] = {}  # by content: set once its conversion is over
        self.handed = 0
        self.folder_done = threading.Event()

    def claim(self, sha: str):
        """This lane's to convert (None), or the event of the other lane's conversion of it."""
        with self.lock:
            if sha in self.tried:
                return self.tried[sha]
            self.tried[sha] = threading.Event()
            return None

    def convert(self, converter, work: Path, sha: str, data: bytes) -> bool:
        src, dst = work / "in" / f"{sha}.xlsx", work / "out" / f"{sha}.xlsx"
        src.parent.mkdir(exist_ok=True)
        dst.parent.mkdir(exist_ok=True)
        src.write_bytes(data)
        try:
            outcome = converter.convert(src, dst, self.timeout_s, still_needed=lambda _src: not self.disk.holds(sha))
            with self.lock:
                self.handed += outcome in ("ok", "failed")
            return outcome == "ok" and self.disk.put(sha, dst) is not None
        finally:
            src.unlink(missing_ok=True)
            dst.unlink(missing_ok=True)
            self.tried[sha].set()

    def serve_asked(self, work: Path) -> None:
        """The asked lane: each workbook a waiting job asked for, at once, until the folder's lane is done."""
        while time.monotonic() < self.deadline:
            asked = _next_wanted(self.wanted)
            if asked is None:
                if self.folder_done.is_set():
                    return
                time.sleep(POLL_S)
                continue
            self._serve(asked, work)

    def _serve(self, asked: Path, work: Path) -> None:
        from whitecollar.libreoffice import recalc_inputs

        sha, data = asked.name[:-5], _read(asked)
        if data is not None and (
            recalc_inputs.validate_xlsx(data, "") is not None or hashlib.sha256(data).hexdigest() != sha
        ):
            data = None  # checked as the job checked it: nothing in that folder is trusted
        if data is not None and not self.disk.holds(sha):
            other = self.claim(sha)
            if other is None:
                if self.asked_lane.usable:
                    self.convert(self.asked_lane, work, sha, data)
                else:
                    self.tried[sha].set()
            else:
                other.wait(self.timeout_s + 30)  # the folder's lane has it in hand
        if not self.disk.holds(sha):
            _mark_failed(self.wanted, sha)  # its job converts it
        asked.unlink(missing_ok=True)

    def serve_folder(self, runs_root: Path, work: Path) -> None:
        """The folder's lane: every finished run's uncached formula workbook, one after another."""
        from whitecollar.libreoffice import recalc_inputs

        tried_paths: set[tuple[str, int, int]] = set()
        queue: list[Path] = []
        while time.monotonic() < self.deadline and self.folder_lane.usable:
            if not queue:
                queue = _unseen(runs_root, tried_paths)
                if not queue:
                    break
            data = _read(queue.pop(0))
            if (
                data is None
                or not recalc_inputs.has_formulas(data)
                or recalc_inputs.validate_xlsx(data, "") is not None
            ):
                continue
            sha = hashlib.sha256(data).hexdigest()
            if self.disk.holds(sha) or self.claim(sha) is not None:
                continue
            self.convert(self.folder_lane, work, sha, data)

    def close(self) -> None:
        self.folder_lane.close()
        self.asked_lane.close()


def run(runs_root: Path, *, max_s: float = MAX_S, timeout_s: float = 120) -> int:
    """Convert every finished run's uncached formula workbook, one by one, until none is left.

    Two lanes, each with its own office: the folder's workbooks go to an
    office of the prefetcher's own, one after another; the workbooks a
    waiting job asked for (`request`) go at once to the workflow's shared
    office, which no job uses while a prefetcher serves them, so a job never
    waits for a conversion that is not its own. Returns the number of
    workbooks handed to LibreOffice. Each workbook is tried once per
    prefetcher (by content); one LibreOffice fails on is left to its job,
    which isolates the failure as before, and a job waiting for it is told
    so at once.
    """
    from whitecollar.libreoffice import recalc_cache, recalc_inputs, soffice

    exe = soffice.find_soffice()
    cache_root = recalc_cache.cache_root()
    disk = recalc_inputs.engine_cache()
    if not isinstance(exe, str) or cache_root is None or disk is None:
        return 0
    wanted = _wanted(_state(cache_root, runs_root))
    wanted.mkdir(parents=True, exist_ok=True)
    for stale in wanted.glob("*.failed"):
        stale.unlink(missing_ok=True)
    lanes = _Lanes(exe, cache_root, disk, wanted, timeout_s=timeout_s, deadline=time.monotonic() + max_s)
    with tempfile.TemporaryDirectory(prefix="whitecollar-prefetch-") as tmp:
        (Path(tmp) / "asked").mkdir()
        (Path(tmp) / "folder").mkdir()
        server = threading.Thread(target=lanes.serve_asked, args=(Path(tmp) / "asked",), daemon=True)
        server.start()
        try:
            lanes.serve_folder(runs_root, Path(tmp) / "folder")
        finally:
            lanes.folder_done.set()
            server.join()
            lanes.close()
            for left in wanted.glob("*.xlsx"):  # nobody serves them now: their jobs convert them
                _mark_failed(wanted, left.name[:-5])
    return lanes.handed


def _read(path: Path) -> bytes | None:
    from whitecollar.office.guard import DEFAULT_MAX_BYTES, read_guarded

    data = read_guarded(path, DEFAULT_MAX_BYTES)
    return data if isinstance(data, bytes) else None


def _unseen(runs_root: Path, tried_paths: set[tuple[str, int, int]]) -> list[Path]:
    """The finished runs' workbooks not yet looked at (by path, size and modification time)."""
    fresh = []
    for path in finished_workbooks(runs_root):
        try:
            st = path.stat()
        except OSError:
            continue
        key = (str(path), st.st_size, st.st_mtime_ns)
        if key not in tried_paths:
            tried_paths.add(key)
            fresh.append(path)
    return fresh


def _mark_failed(wanted: Path, sha: str) -> None:
    try:
        (wanted / f"{sha}.failed").touch()
    except OSError:
        pass


#: how long a job waits for a prefetcher that was just started to take its lock
START_GRACE_S = 5.0
POLL_S = 0.01


def request(inputs: list[Path], timeout_s: float, disk=None) -> None:
    """Ask the workflow's prefetcher for these workbooks (files named by their SHA-256) and wait.

    `disk` is the recalculation cache the caller already opened (else it is looked up here).

    Returns once each is in the disk cache, or the prefetcher failed on it,
    or no prefetcher is running (after a grace for one just started), or
    after the time limit: the caller then converts what is still missing,
    as it always did. Nothing is trusted here: the caller reads the results
    from the content-addressed cache.
    """
    from whitecollar.libreoffice import recalc_cache, recalc_inputs

    value = os.environ.get(ROOT_ENV, "").strip()
    cache_root = recalc_cache.cache_root()
    if not value or cache_root is None:
        return
    disk = disk or recalc_inputs.engine_cache()  # the caller's, when it has it
    if disk is None:
        return
    state = _state(cache_root, Path(value))
    wanted = _wanted(state)
    pending = [src.stem for src in inputs if not disk.holds(src.stem)]
    if not _hand_over(inputs, pending, wanted):
        return
    _wait_served(pending, disk, state, wanted, timeout_s, value)
    for src in inputs:  # what was not served is withdrawn: the caller converts it
        if not disk.holds(src.stem):
            (wanted / f"{src.stem}.xlsx").unlink(missing_ok=True)


def _hand_over(inputs: list[Path], pending: list[str], wanted: Path) -> bool:
    """A copy of each pending workbook in the prefetcher's wanted folder; False when the folder cannot be written."""
    try:
        wanted.mkdir(parents=True, exist_ok=True)
        for src in inputs:
            if src.stem in pending:
                (wanted / f"{src.stem}.failed").unlink(missing_ok=True)
                tmp = wanted / f".{src.stem}.{os.getpid()}.tmp"  # renamed, not synced: a request is transient
                tmp.write_bytes(src.read_bytes())
                os.replace(tmp, wanted / f"{src.stem}.xlsx")
    except OSError:
        return False
    return True


def _wait_served(pending: list[str], disk, state: Path, wanted: Path, timeout_s: float, runs_root: str) -> None:
    """Until each is cached or failed, the prefetcher is gone (after a grace for one just started), or time is up."""
    start = time.monotonic()
    grace = _spawned.get(runs_root, -START_GRACE_S) + START_GRACE_S  # one this process just started
    checked = start - 1.0  # the first look is at once
    while pending:
        pending = [sha for sha in pending if not disk.holds(sha) and not (wanted / f"{sha}.failed").exists()]
        now = time.monotonic()
        if not pending or now - start > timeout_s + 30:
            break
        if now - checked > 0.25:
            checked = now
            if now > grace and not _running(state):
                break
        time.sleep(POLL_S)


def stop_all(cache_root: Path) -> None:
    """End every prefetcher of this cache now (tests, the fault campaign), and wait until it is gone."""
    from whitecollar.libreoffice.shared_office import _wait_gone
    from whitecollar.processes import signal_group

    for pid_file in sorted(Path(cache_root).glob("prefetch-*.pid")):
        try:
            pid = int(pid_file.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            continue
        if not signal_group(pid):
            continue
        _wait_gone(pid)
        pid_file.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    from whitecollar.libreoffice import recalc_cache

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m whitecollar.libreoffice.prefetcher RUNS_ROOT", file=sys.stderr)
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
        _state(cache_root, runs_root).with_suffix(".pid").write_text(f"{os.getpid()}\n{socket.gethostname()}\n")
        try:
            handed = run(runs_root)
        finally:
            _state(cache_root, runs_root).with_suffix(".pid").unlink(missing_ok=True)
    print(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} prefetched {handed} workbook(s) of {runs_root}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
