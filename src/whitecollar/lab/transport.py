"""Running a worker command in a workspace and streaming its events.

The local transport starts the worker as the leader of a new process group
in the workspace, reads its stdout line by line into the event recorder,
and at the wall limit kills the whole group (SIGTERM, then SIGKILL), so no
grandchild outlives the session. Remote transports (SSH) implement the same
interface.

On the local node the worker runs behind a wall (lab/sandbox.py): a
bubblewrap sandbox that sees its workspace and nothing of the laboratory's
data. A node whose config says `sandbox: none` runs it unwalled, and every
run says so.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from whitecollar.lab.events import EventRecorder
from whitecollar.lab.sandbox import (
    EGRESS_PORT,
    INSIDE_HOME,
    EgressProxy,
    PortRelay,
    SandboxUnavailable,
    Wall,
    api_hosts,
    available,
    loopback_api_port,
    relay_dir,
    wall_for,
)
from whitecollar.processes import group_exists, signal_group

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
    sandbox: str | None = None  # "bubblewrap" or "none" on the local node


@dataclass
class Pumped:
    """What a session's streams gave: the exit status, whether the wall limit struck, and stderr."""

    timed_out: bool
    exit_code: int
    stderr_tail: bytes
    stderr_head: bytes


def pump_session(
    proc: subprocess.Popen,
    recorder: EventRecorder,
    *,
    started: float,
    time_limit_s: float,
    at_wall_limit: Callable[[], None],
) -> Pumped:
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
    streams = _Streams(recorder)
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
                chunk = os.read(key.fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                sel.unregister(key.fileobj)
                open_streams -= 1
                continue
            streams.take(key.data, chunk)
    sel.close()
    if streams.buf:
        recorder.record_line(streams.buf.decode("utf-8", errors="replace"), partial=True)
    try:
        code = proc.wait(timeout=KILL_GRACE_S)
    except subprocess.TimeoutExpired:
        kill_group(proc.pid)
        code = proc.wait()
    return Pumped(timed_out, code, streams.err, streams.head)


@dataclass
class _Streams:
    """What pump_session has read so far: stdout's unfinished line, and stderr's tail and head."""

    recorder: EventRecorder
    buf: bytes = b""
    err: bytes = b""
    head: bytes = b""

    def take(self, name: str, chunk: bytes) -> None:
        """Record each whole stdout line as it arrives (`name` "out"), or keep a stderr chunk's bytes."""
        if name == "out":
            self.buf += chunk
            *lines, self.buf = self.buf.split(b"\n")
            for line in lines:
                self.recorder.record_line(line.decode("utf-8", errors="replace"))
        else:
            self.err = (self.err + chunk)[-20000:]
            if len(self.head) < 8192:
                self.head += chunk[: 8192 - len(self.head)]


class Transport(Protocol):
    def run(
        self,
        argv: list[str],
        workspace: Path,
        recorder: EventRecorder,
        *,
        time_limit_s: float,
        env: dict[str, str] | None = None,
    ) -> Outcome: ...


def kill_group(pgid: int, *, reaped: bool = True) -> None:
    """SIGTERM to the group, SIGKILL after the grace period; returns once no member is left.

    With `reaped` (unwalled sessions) zombies count until their reaper has
    collected them, so a process id read from a killed session is free when
    this returns. A walled session's ids are its own namespace's, and the
    sandbox's setup process leaves a zombie for the system's init to reap,
    which can take seconds: there only live members count.
    """
    for sig, wait in ((signal.SIGTERM, KILL_GRACE_S), (signal.SIGKILL, 0.0)):
        if not signal_group(pgid, sig):
            return
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if not _group_left(pgid, reaped):
                return
            time.sleep(0.05)


def _group_left(pgid: int, reaped: bool) -> bool:
    if not group_exists(pgid):
        return False
    if reaped or not Path("/proc").is_dir():
        return True
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rfind(")") + 2 :].split()
        if len(fields) > 2 and fields[2] == str(pgid) and fields[0] != "Z":
            return True
    return False


SANDBOXES = ("bubblewrap", "none")


class LocalTransport:
    """Runs the worker on this machine, behind a bubblewrap wall when `walled`."""

    def __init__(self, *, walled: bool = False, egress: list[str] | None = None):
        self.walled = walled
        self.egress = egress  # host:port pairs a real client may reach from the wall (default: its API)

    @classmethod
    def for_node(cls, node: dict, *, real_worker: bool) -> LocalTransport:
        """The transport a local node's config asks for; refuses a real worker that would run unwalled by default.

        `sandbox: bubblewrap` (the default) walls every session. Where
        bubblewrap cannot start, a simulated session runs unwalled (and its
        run.json says `sandbox: none`), but a real worker is refused: it
        would see the repository and the oracles. `sandbox: none` runs every
        session unwalled, deliberately, and is recorded the same way.
        """
        mode = node.get("sandbox", "bubblewrap")
        if mode not in SANDBOXES:
            raise SandboxUnavailable(
                f"config.yaml: node {node['name']}: sandbox {mode!r} is not one of {', '.join(SANDBOXES)}"
            )
        if mode == "none":
            return cls(walled=False)
        ok, why = available()
        if ok:
            return cls(walled=True)
        if real_worker:
            raise SandboxUnavailable(
                f"node {node['name']}: refusing a real worker without its sandbox ({why}); "
                "set `sandbox: none` on the node in config.yaml to run it unwalled"
            )
        return cls(walled=False)

    def run(
        self,
        argv: list[str],
        workspace: Path,
        recorder: EventRecorder,
        *,
        time_limit_s: float,
        env: dict[str, str] | None = None,
    ) -> Outcome:
        """Run `argv` in `workspace` until it ends or the wall limit; `env` adds to the controller's variables."""
        t0 = time.monotonic()
        relays: list[PortRelay | EgressProxy] = []
        sockets = None
        command = argv
        effective = {**os.environ, **(env or {})}
        if self.walled:
            command, sockets, status_r, status_w = self._walled_command(argv, workspace, recorder, effective, relays)
        try:
            proc = subprocess.Popen(
                command,
                cwd=workspace,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                env=effective if env else None,
                preexec_fn=_die_with_parent,
                pass_fds=(status_w,) if self.walled else (),
            )
        except BaseException:
            _close(relays, sockets)
            raise
        finally:
            if self.walled:
                os.close(status_w)
        pgid = proc.pid

        def at_wall_limit() -> None:
            recorder.note("wall_limit", seconds=time_limit_s)
            kill_group(pgid, reaped=not self.walled)

        try:
            pumped = pump_session(proc, recorder, started=t0, time_limit_s=time_limit_s, at_wall_limit=at_wall_limit)
        finally:
            # reap anything left in the group even when the leader exited on its own
            kill_group(pgid, reaped=not self.walled)
            refused = sorted({t for r in relays if isinstance(r, EgressProxy) for t in r.refused})
            if refused:
                recorder.note("egress_refused", targets=refused)
            _close(relays, sockets)
        timed_out, code, err = pumped.timed_out, pumped.exit_code, pumped.stderr_tail
        if self.walled:
            _check_wall_started(status_r, err)
        return Outcome(
            None if timed_out else code,
            timed_out,
            time.monotonic() - t0,
            err.decode("utf-8", errors="replace")[-4000:],
            "bubblewrap" if self.walled else "none",
        )

    def _walled_command(
        self,
        argv: list[str],
        workspace: Path,
        recorder: EventRecorder,
        effective: dict[str, str],
        relays: list[PortRelay | EgressProxy],
    ) -> tuple[list[str], Path | None, int, int]:
        """The bwrap command for `argv`, with the relays it needs started (into `relays`) and the wall noted.

        Returns the command, the relays' socket folder (None without relays) and the status pipe's two ends.
        """
        wall = wall_for(argv, workspace)
        sockets = None
        port = _portal_port(Path(workspace))
        if port is not None or wall.egress:
            sockets = relay_dir()
        if port is not None:  # a portal arm: its portal, on the host's loopback, reached through a relay
            assert sockets is not None  # made just above
            relays.append(PortRelay(port, sockets))
            wall.relays[port] = relays[-1].path
        allowed: list[str] = []
        if wall.egress:  # a real client: its API, through the egress proxy, and nothing else
            assert sockets is not None  # made just above
            allowed = self._open_egress(wall, sockets, effective, relays)
        status_r, status_w = os.pipe()
        command = wall.argv(argv, status_fd=status_w)
        recorder.note(
            "sandbox",
            sandbox="bubblewrap",
            readonly=sorted(str(i) for _, i in wall.readonly),
            relayed_ports=sorted(wall.relays),
            egress=allowed,
        )
        return command, sockets, status_r, status_w

    def _open_egress(
        self, wall: Wall, sockets: Path, effective: dict[str, str], relays: list[PortRelay | EgressProxy]
    ) -> list[str]:
        """Let a real client reach its API (and nothing else) from the wall; returns the hosts it may reach."""
        allowed = self.egress if self.egress is not None else api_hosts(effective)
        api_port = loopback_api_port(effective)
        if api_port is not None and api_port not in wall.relays:  # an API on the host's loopback
            relays.append(PortRelay(api_port, sockets))
            wall.relays[api_port] = relays[-1].path
        if "CLAUDE_CONFIG_DIR" in effective:  # the client's configuration inside the wall's private home
            wall.setenv["CLAUDE_CONFIG_DIR"] = str(INSIDE_HOME / ".claude")
        relays.append(EgressProxy(sockets, allowed))
        wall.relays[EGRESS_PORT] = relays[-1].path
        proxy = f"http://127.0.0.1:{EGRESS_PORT}"
        wall.setenv.update(
            HTTPS_PROXY=proxy, https_proxy=proxy, NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost"
        )
        return allowed


def _check_wall_started(status_r: int, err: bytes) -> None:
    """Raise SandboxUnavailable when bwrap gave up before the worker existed: nothing ran, so nothing is the worker's."""
    with os.fdopen(status_r, "rb") as status:
        started = status.read().startswith(b"started")
    if not started:  # bwrap gave up before the worker existed: nothing ran, so nothing is the worker's
        why = (err.decode("utf-8", errors="replace").strip().splitlines() or ["no message"])[-1]
        raise SandboxUnavailable(f"the sandbox did not start: {why}")


def _portal_port(workspace: Path) -> int | None:
    """The port of the run's portal on 127.0.0.1, from the description the laboratory wrote (portal arms only)."""
    desc = workspace / "portal" / "portal.json"
    if not desc.is_file():
        return None
    try:
        url = str(json.loads(desc.read_text(encoding="utf-8")).get("url") or "")
    except (OSError, ValueError):
        return None
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return parts.port if parts.hostname in ("127.0.0.1", "localhost") and parts.port else None


def _close(relays: list[PortRelay | EgressProxy], sockets: Path | None) -> None:
    for r in relays:
        r.close()
    if sockets is not None:
        import shutil

        shutil.rmtree(sockets, ignore_errors=True)
