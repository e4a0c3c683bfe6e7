"""Running work on untrusted input in a child process with hard limits.

An evaluator parses files an agent wrote. A guard and a zip check refuse
the hostile files we know of; the limits here catch the ones we do not: the
child gets an address-space limit (RLIMIT_AS) and a CPU-time limit
(RLIMIT_CPU), and the parent kills it, its process group and every process
it started (LibreOffice runs in a session of its own) at a wall-clock limit.
Whatever the input, the parent gets an `Outcome` within the wall limit and
a few seconds: one hung evaluation can no longer stall a pilot.
"""

from __future__ import annotations

import ctypes
import os
import resource
import select
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from whitecollar.processes import signal_group

MEMORY_EXIT = 86  # the child's exit status after a MemoryError under RLIMIT_AS
_PR_SET_PDEATHSIG = 1
_KILL_GRACE_S = 5.0


@dataclass(frozen=True)
class Limits:
    """The bound of one child: wall-clock seconds, CPU seconds, address space in MB."""

    wall_s: float = 300.0
    cpu_s: int = 300
    memory_mb: int = 2048

    def __post_init__(self) -> None:
        if not (self.wall_s > 0 and self.cpu_s > 0 and self.memory_mb > 0):
            raise ValueError(f"limits must be positive: {self}")


@dataclass(frozen=True)
class Outcome:
    """How a bounded child ended. kind: ok, failed (non-zero exit), wall, cpu, memory or signal."""

    kind: str
    returncode: int | None
    stderr_tail: str
    seconds: float

    def exceeded(self, limits: Limits) -> str | None:
        """The one-line reason a limit stopped the child, or None when none did."""
        if self.kind == "wall":
            return f"evaluation exceeded {limits.wall_s:g} s (wall clock)"
        if self.kind == "cpu":
            return f"evaluation exceeded {limits.cpu_s} s of CPU time"
        if self.kind == "memory":
            return f"evaluation exceeded {limits.memory_mb} MB of memory"
        return None


def _limit_child(limits: Limits) -> None:
    """Runs in the child between fork and exec: set the limits, die with the parent.

    Only the soft limits are lowered: they are what stops the evaluation.
    The hard ones stay as they were, so the long-lived LibreOffice a child
    may start (libreoffice/uno_client.py) can take back the machine's limits
    rather than inherit this one evaluation's and die of them later.
    """
    address_space = limits.memory_mb * 1024 * 1024
    _lower_soft(resource.RLIMIT_AS, address_space)
    _lower_soft(resource.RLIMIT_CPU, limits.cpu_s)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the wall-clock kill still applies
        pass


def _lower_soft(which: int, value: int) -> None:
    _, hard = resource.getrlimit(which)
    resource.setrlimit(which, (value if hard == resource.RLIM_INFINITY else min(value, hard), hard))


def _children_by_parent() -> dict[int, list[int]]:
    table: dict[int, list[int]] = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                stat = fh.read().decode("ascii", "replace")
        except OSError:
            continue
        # the command name is in parentheses and may itself hold spaces or parentheses
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 1 and fields[1].isdigit():
            table.setdefault(int(fields[1]), []).append(int(entry))
    return table


def descendants(pid: int) -> list[int]:
    """Every live process started, directly or not, by `pid` (read from /proc)."""
    table, found, todo = _children_by_parent(), [], [pid]
    while todo:
        for child in table.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_tree(pid: int) -> None:
    """SIGKILL a child, its process group and every descendant's group (LibreOffice starts its own)."""
    victims = descendants(pid)
    groups = set()
    for p in [pid, *victims]:
        try:
            groups.add(os.getpgid(p))
        except OSError:
            pass
    groups.discard(os.getpgrp())
    for g in sorted(groups):
        signal_group(g)
    for p in [pid, *victims]:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass


def run_bounded(
    argv: list[str], limits: Limits, *, env: dict[str, str] | None = None, cwd: str | os.PathLike | None = None
) -> Outcome:
    """Run argv under `limits`; never raises for anything the child does.

    Output goes to temporary files, not pipes: a grandchild that keeps a pipe
    open would otherwise hold the parent after the child is gone.
    """
    started = time.monotonic()
    cpu_before = _children_cpu_s()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            env=env,
            cwd=cwd,
            start_new_session=True,
            preexec_fn=lambda: _limit_child(limits),
        )
        rc: int | None
        try:
            rc = proc.wait(timeout=limits.wall_s)
            kind = _classify(rc, _children_cpu_s() - cpu_before, limits)
        except subprocess.TimeoutExpired:
            kill_tree(proc.pid)
            try:
                proc.wait(timeout=_KILL_GRACE_S)
            except subprocess.TimeoutExpired:
                pass
            rc, kind = proc.returncode, "wall"
        # whatever ended the child, nothing it started may outlive it
        signal_group(proc.pid)
        err.seek(0)
        tail = err.read()[-4000:].decode("utf-8", "replace")
    return Outcome(kind, rc, tail, time.monotonic() - started)


def run_forked(target: Callable[[], int], limits: Limits) -> Outcome:
    """`run_bounded` for a function of this process: fork, limit, run it, exit with its status.

    For a process that already imported everything the target needs (the
    grading server's worker, `grading_server.py`), a fork costs milliseconds
    where a new interpreter costs its start-up and imports. The child gets
    the same limits, session and clean-up as an exec'd one; a MemoryError
    anywhere in it exits with MEMORY_EXIT.
    """
    started = time.monotonic()
    cpu_before = _children_cpu_s()
    with tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            code = 1
            try:
                os.setsid()
                devnull = os.open(os.devnull, os.O_RDWR)
                os.dup2(devnull, 0)
                os.dup2(devnull, 1)
                os.dup2(err.fileno(), 2)
                sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115 - whatever sys.stdout was
                sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
                _limit_child(limits)
                code = target()
            except MemoryError:
                code = MEMORY_EXIT
            except BaseException:  # noqa: BLE001 - reported through stderr and the exit status
                try:
                    traceback.print_exc()
                except BaseException:  # noqa: BLE001
                    pass
            finally:
                try:
                    sys.stderr.flush()
                except BaseException:  # noqa: BLE001
                    pass
                os._exit(code if isinstance(code, int) else 1)
        rc = _wait_for(pid, limits.wall_s)
        if rc is None:
            kill_tree(pid)
            rc = _wait_for(pid, _KILL_GRACE_S)
            kind = "wall"
        else:
            kind = _classify(rc, _children_cpu_s() - cpu_before, limits)
        signal_group(pid)
        err.seek(0)
        tail = err.read()[-4000:].decode("utf-8", "replace")
    return Outcome(kind, rc, tail, time.monotonic() - started)


def _wait_for(pid: int, timeout_s: float) -> int | None:
    """The exit code of child `pid` (negative: the signal), or None when it outlives timeout_s."""
    deadline = time.monotonic() + timeout_s
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        fd = None
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done == pid:
                return os.waitstatus_to_exitcode(status)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            if fd is not None:
                select.select([fd], [], [], left)
            else:
                time.sleep(min(0.005, left))
    finally:
        if fd is not None:
            os.close(fd)


def _children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _classify(rc: int, cpu_s: float, limits: Limits) -> str:
    if rc == 0:
        return "ok"
    if rc == MEMORY_EXIT:
        return "memory"
    if rc == -signal.SIGXCPU or (rc == -signal.SIGKILL and cpu_s >= limits.cpu_s - 0.5):
        return "cpu"  # the soft CPU limit sends SIGXCPU, the hard one SIGKILL; another SIGKILL is not ours
    return "signal" if rc < 0 else "failed"


def child_env(package_root: Path | None = None) -> dict[str, str]:
    """This process's environment with the package on PYTHONPATH, so the child imports the same code."""
    env = dict(os.environ)
    root = str(package_root or Path(__file__).resolve().parents[1])
    parts = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join([root, *[p for p in parts if p != root]])
    return env
