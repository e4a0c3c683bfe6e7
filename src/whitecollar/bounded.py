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
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

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
    """Runs in the child between fork and exec: set the limits, die with the parent."""
    address_space = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_s, limits.cpu_s + 5))
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the wall-clock kill still applies
        pass


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
        fields = stat[stat.rfind(")") + 2:].split()
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
        try:
            os.killpg(g, signal.SIGKILL)
        except OSError:
            pass
    for p in [pid, *victims]:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass


def run_bounded(argv: list[str], limits: Limits, *, env: dict[str, str] | None = None,
                cwd: str | os.PathLike | None = None) -> Outcome:
    """Run argv under `limits`; never raises for anything the child does.

    Output goes to temporary files, not pipes: a grandchild that keeps a pipe
    open would otherwise hold the parent after the child is gone.
    """
    started = time.monotonic()
    cpu_before = _children_cpu_s()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                env=env, cwd=cwd, start_new_session=True,
                                preexec_fn=lambda: _limit_child(limits))
        try:
            rc: int | None = proc.wait(timeout=limits.wall_s)
            kind = _classify(rc, _children_cpu_s() - cpu_before, limits)
        except subprocess.TimeoutExpired:
            kill_tree(proc.pid)
            try:
                proc.wait(timeout=_KILL_GRACE_S)
            except subprocess.TimeoutExpired:
                pass
            rc, kind = proc.returncode, "wall"
        # whatever ended the child, nothing it started may outlive it
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        err.seek(0)
        tail = err.read()[-4000:].decode("utf-8", "replace")
    return Outcome(kind, rc, tail, time.monotonic() - started)


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
