"""Running a worker command in a workspace and streaming its events.

The local transport starts the worker as the leader of a new process group
in the workspace, reads its stdout line by line into the event recorder,
and at the wall limit kills the whole group (SIGTERM, then SIGKILL), so no
grandchild outlives the session. Remote transports (SSH) implement the same
interface.
"""
from __future__ import annotations

import os
import selectors
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from .events import EventRecorder

KILL_GRACE_S = 5.0
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """In the child, before exec: ask Linux to kill the worker if the laboratory dies.

    A controller killed mid-pilot must not leave sessions running (and
    spending) with nobody to collect them; elsewhere this is a no-op.
    """
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


@dataclass
class Outcome:
    exit_code: int | None
    timed_out: bool
    wall_s: float
    stderr_tail: str


@dataclass
class Pumped:
    """What a session's streams gave: the exit status, whether the wall limit struck, and stderr."""
    timed_out: bool
    exit_code: int
    stderr_tail: bytes
    stderr_head: bytes


def pump_session(proc: subprocess.Popen, recorder: EventRecorder, *, started: float, time_limit_s: float,
                 at_wall_limit: Callable[[], None]) -> Pumped:
    """Stream a session's stdout into the recorder line by line until both streams close or time runs out.

    Local and remote sessions share this loop so that an event line is
    recorded the same way whichever transport carried it: whole lines as
    they arrive, and a line cut by the worker's death kept and marked
    partial. At the wall limit `at_wall_limit` stops the session (it knows
    whether that means a local process group or a remote one).
    """
    assert proc.stdout is not None and proc.stderr is not None
    sel = selectors.DefaultSelector()
    for stream, name in ((proc.stdout, "out"), (proc.stderr, "err")):
        os.set_blocking(stream.fileno(), False)
        sel.register(stream, selectors.EVENT_READ, name)
    buf, err, head = b"", b"", b""
    timed_out = False
    open_streams = 2
    while open_streams:
        remaining = time_limit_s - (time.monotonic() - started)
        if remaining <= 0:
            timed_out = True
            at_wall_limit()
            break
        for key, _ in sel.select(timeout=min(remaining, 0.5)):
            try:
                chunk = os.read(key.fileobj.fileno(), 65536)
            except BlockingIOError:
                continue
            if not chunk:
                sel.unregister(key.fileobj)
                open_streams -= 1
                continue
            if key.data == "out":
                buf += chunk
                *lines, buf = buf.split(b"\n")
                for line in lines:
                    recorder.record_line(line.decode("utf-8", errors="replace"))
            else:
                err = (err + chunk)[-20000:]
                if len(head) < 8192:
                    head += chunk[: 8192 - len(head)]
    sel.close()
    if buf:
        recorder.record_line(buf.decode("utf-8", errors="replace"), partial=True)
    try:
        code = proc.wait(timeout=KILL_GRACE_S)
    except subprocess.TimeoutExpired:
        kill_group(proc.pid)
        code = proc.wait()
    return Pumped(timed_out, code, err, head)


class Transport(Protocol):
    def run(self, argv: list[str], workspace: Path, recorder: EventRecorder, *, time_limit_s: float,
            env: dict[str, str] | None = None) -> Outcome: ...


def kill_group(pgid: int) -> None:
    for sig, wait in ((signal.SIGTERM, KILL_GRACE_S), (signal.SIGKILL, 0.0)):
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                os.killpg(pgid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)


class LocalTransport:
    """Runs the worker on this machine."""

    def run(self, argv: list[str], workspace: Path, recorder: EventRecorder, *, time_limit_s: float,
            env: dict[str, str] | None = None) -> Outcome:
        t0 = time.monotonic()
        proc = subprocess.Popen(
            argv, cwd=workspace, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
            start_new_session=True, env=env, preexec_fn=_die_with_parent,
        )
        pgid = proc.pid

        def at_wall_limit() -> None:
            recorder.note("wall_limit", seconds=time_limit_s)
            kill_group(pgid)

        pumped = pump_session(proc, recorder, started=t0, time_limit_s=time_limit_s, at_wall_limit=at_wall_limit)
        timed_out, code, err = pumped.timed_out, pumped.exit_code, pumped.stderr_tail
        # reap anything left in the group even when the leader exited on its own
        kill_group(pgid)
        return Outcome(None if timed_out else code, timed_out, time.monotonic() - t0,
                       err.decode("utf-8", errors="replace")[-4000:])
