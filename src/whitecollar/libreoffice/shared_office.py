"""One long-lived headless LibreOffice shared by every grading process.

Starting LibreOffice costs about a second, several times what recalculating
one delivered workbook costs once it runs, and every `whitecollar evaluate`
job is its own process. So the first job that needs a recalculation starts
an office in the workflow's cache folder (next to the disk cache of
results: `WHITECOLLAR_RECALC_CACHE`), later jobs hand their workbooks to it
through a small UNO client (`uno_client.py`, run by Debian's /usr/bin/python3,
which has LibreOffice's `uno` module), and a reaper ends it after it has been
idle for a minute.

The office uses the same forcing profile as `soffice --convert-to` calls
(soffice.REGISTRY) and the same export filter: measured on the pilot's
workbooks, the files it writes hold the same parts, byte for byte.

Safety is the caller's, as for a private soffice: jobs take the folder's
lock one at a time; a batch has a time limit, after which the client and
the whole office are killed (the next job starts a fresh one); a crash ends
the batch at the file that caused it. Only files the client confirmed are
returned; the rest come back as failures, which recalc retries one file at
a time, so a culprit is isolated exactly as before. Where no cache folder is
named or no `uno` module exists, `convert` returns None and recalc starts its
own soffice, as it always did.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import subprocess
import time
from pathlib import Path

from whitecollar import atomic
from whitecollar.libreoffice import soffice as _soffice
from whitecollar.processes import signal_group

UNO_PYTHON_ENV = "WHITECOLLAR_UNO_PYTHON"
IDLE_ENV = "WHITECOLLAR_OFFICE_IDLE_S"
CLIENT = Path(__file__).with_name("uno_client.py")
_NO_UNO = 4
_unusable: set[str] = set()  # interpreters found without `uno` in this process


def uno_python() -> str | None:
    """The interpreter that runs the UNO client, if it exists here."""
    exe = os.environ.get(UNO_PYTHON_ENV, "/usr/bin/python3")
    return exe if os.access(exe, os.X_OK) and exe not in _unusable else None


def state_folder(cache_root: Path, engine: str) -> Path:
    """The office's folder (profile, pid, lock, idle limit) for one engine."""
    state = Path(cache_root) / f"office-{engine}"
    state.mkdir(parents=True, exist_ok=True)
    return state


def _prepare(state: Path) -> None:
    """The forcing profile, written once (under the lock, before any office reads it)."""
    if not (state / "profile" / "user" / "registrymodifications.xcu").is_file():
        _soffice.make_profile(state)
    idle = os.environ.get(IDLE_ENV, "").strip() or "60"
    atomic.write_text(state / "idle_s", idle + "\n")


def _wait_gone(pid: int, timeout_s: float = 10.0) -> None:
    """Wait until a killed office has finished dying (a large office takes a moment to release its
    memory): a stop that returns leaves no office behind, and a new one never meets the old."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/status") as fh:
                state = next(line for line in fh if line.startswith("State:"))
        except (OSError, StopIteration):
            return
        if "Z" in state.split()[1]:
            return
        time.sleep(0.05)


def stop(state: Path) -> None:
    """End the office of `state` now (tests; a batch over its time limit)."""
    try:  # the format uno_client writes: pid, then the folder it belongs to
        pid, owner = (state / "office.pid").read_text().split("\n")[:2]
        pid_n = int(pid)
    except (OSError, ValueError):
        return
    if owner == str(state.resolve()):  # never another folder's office (a copied pid file)
        signal_group(pid_n)
        _wait_gone(pid_n)
    (state / "office.pid").unlink(missing_ok=True)


def stop_all(cache_root: Path) -> None:
    for state in sorted(Path(cache_root).glob("office-*")):
        stop(state)


def _locked(state: Path, wait_s: float):
    """The folder's lock, or None after wait_s (the caller then uses its own soffice)."""
    fh = open(state / "lock", "a")  # noqa: SIM115 - kept open while the lock is held
    deadline = time.monotonic() + wait_s
    while True:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fh
        except BlockingIOError:
            if time.monotonic() > deadline:
                fh.close()
                return None
            time.sleep(0.02)


def convert(
    soffice: str, state: Path, pairs: list[tuple[Path, Path]], timeout_s: float, still_needed=None
) -> _soffice.RunResult | None:
    """Recalculate each (input, output) pair in the shared office; None if it cannot be used.

    Outputs the client did not confirm are removed, so a file cut short by
    a kill is never taken for a result. None also when the office could not
    be reached or the client broke before blaming a file: a laboratory
    problem must never be charged to a workbook. `still_needed(input)`,
    asked once the office is ours, drops inputs another caller has done
    meanwhile (their outputs are simply not written).
    """
    python = uno_python()
    if python is None:
        return None
    if still_needed is not None:  # done meanwhile (the prefetcher): no need to wait for the office
        pairs = [pair for pair in pairs if still_needed(pair[0])]
        if not pairs:
            return _soffice.RunResult(0, "", "", False)
    lock = _locked(state, wait_s=timeout_s + 30)
    if lock is None:
        return None
    try:
        if still_needed is not None:
            pairs = [pair for pair in pairs if still_needed(pair[0])]
            if not pairs:
                return _soffice.RunResult(0, "", "", False)
        _prepare(state)
        args = [python, str(CLIENT), "convert", str(state), soffice, *[str(p) for pair in pairs for p in pair]]
        proc, out, err, timed_out = _run_client(args, state, timeout_s)
        if proc.returncode == _NO_UNO:
            _unusable.add(python)
            return None
        return _outcome(pairs, proc.returncode, out, err, timed_out)
    finally:
        lock.close()


def _outcome(
    pairs: list[tuple[Path, Path]], returncode: int, out: bytes, err: bytes, timed_out: bool
) -> _soffice.RunResult | None:
    """The batch's result, every output the client did not confirm removed; None when the client broke."""
    done, errors, unreachable = _client_report(out)
    broken = not timed_out and (unreachable or returncode not in (0, 3))
    for i, (_, dst) in enumerate(pairs):
        if broken or i not in done:
            Path(dst).unlink(missing_ok=True)
    if broken:
        return None  # not the files' doing: a private soffice takes the batch
    return _soffice.RunResult(
        None if timed_out else returncode, "", "\n".join(errors) or err.decode("utf-8", "replace"), timed_out
    )


def _run_client(args: list[str], state: Path, timeout_s: float) -> tuple[subprocess.Popen, bytes, bytes, bool]:
    """(process, stdout, stderr, timed out) of a UNO client's batch; past the limit the client and the office go."""
    proc = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, start_new_session=True
    )
    try:
        out, err = proc.communicate(timeout=timeout_s)
        return proc, out, err, False
    except subprocess.TimeoutExpired:
        signal_group(proc.pid)
        stop(state)
        out, err = proc.communicate()
        return proc, out, err, True
    except BaseException:
        signal_group(proc.pid)
        stop(state)
        proc.wait()
        raise


def _client_report(out: bytes) -> tuple[set[int], list[str], bool]:
    """(the inputs confirmed, the files' errors, whether the office was unreachable) from the client's JSON lines."""
    done: set[int] = set()
    errors: list[str] = []
    unreachable = False
    for line in out.decode("utf-8", "replace").splitlines():
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if msg.get("ok"):
            done.add(msg["i"])
        elif "fatal" in msg and "i" not in msg:
            unreachable = True
        elif "error" in msg or "fatal" in msg:
            errors.append(msg.get("error") or msg.get("fatal"))
    return done, errors, unreachable


class Converter:
    """One UNO client kept for many workbooks, the folder's lock taken around each one.

    The prefetcher's way: a client start (Debian's python3, `uno`, the
    bridge) costs about as much as half a conversion, so a client per batch
    made the prefetcher hold the office for whole batches, and a job whose
    workbook was not in the batch waited for all of it. Here the office is
    free between two workbooks, and the client stays. The same safety as
    `convert`: a time limit per workbook that kills the client and the
    office, and an output kept only once the client confirmed it.
    """

    def __init__(self, soffice: str, state: Path) -> None:
        self.soffice, self.state = soffice, state
        self.proc: subprocess.Popen | None = None
        self.usable = uno_python() is not None

    def _client(self) -> subprocess.Popen | None:
        if self.proc is not None and self.proc.poll() is None:
            return self.proc
        python = uno_python()
        if python is None:
            self.usable = False
            return None
        self.proc = subprocess.Popen(
            [python, str(CLIENT), "serve", str(self.state), self.soffice],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        return self.proc

    def _end(self, *, office: bool) -> None:
        if self.proc is not None:
            signal_group(self.proc.pid)
            self.proc.wait()
            self.proc = None
        if office:
            stop(self.state)

    def convert(self, src: Path, dst: Path, timeout_s: float, still_needed=None) -> str:
        """ "ok", "skipped" (done meanwhile), "failed" (the file's doing), or "unusable" (not the file's)."""
        if not self.usable:
            return "unusable"
        lock = _locked(self.state, wait_s=timeout_s + 30)
        if lock is None:
            return "unusable"
        try:
            if still_needed is not None and not still_needed(src):
                return "skipped"
            _prepare(self.state)
            proc = self._client()
            if proc is None:
                return "unusable"
            return self._exchange(proc, src, dst, timeout_s)
        finally:
            lock.close()

    def _exchange(self, proc: subprocess.Popen, src: Path, dst: Path, timeout_s: float) -> str:
        """One workbook through the running client, its reply read within the time limit."""
        assert proc.stdin is not None and proc.stdout is not None  # the client is started with pipes
        try:
            proc.stdin.write((json.dumps({"in": str(src), "out": str(dst)}) + "\n").encode("utf-8"))
            proc.stdin.flush()
        except OSError:
            self._end(office=False)
            return "unusable"
        ready, _, _ = select.select([proc.stdout], [], [], timeout_s)
        line = proc.stdout.readline() if ready else None
        if line is None:  # over the time limit: the office may be stuck on it
            self._end(office=True)
            Path(dst).unlink(missing_ok=True)
            return "failed"
        try:
            reply = json.loads(line) if line else {}
        except ValueError:
            reply = {}
        if reply.get("ok"):
            return "ok"
        Path(dst).unlink(missing_ok=True)
        if "error" in reply:
            return "failed"
        if not line and proc.wait() == _NO_UNO:
            _unusable.add(uno_python() or "")
            self.usable = False
        self._end(office=False)  # the office died or the client broke: not the file's doing
        return "unusable"

    def close(self) -> None:
        """End the client (the office stays, for the jobs and its reaper)."""
        if self.proc is not None and self.proc.poll() is None:
            assert self.proc.stdin is not None  # the client is started with pipes
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._end(office=False)
