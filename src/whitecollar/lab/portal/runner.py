"""Starting and stopping a run's portal from the laboratory.

The portal runs as its own process group (`python -m whitecollar portal`),
so stopping it ends everything it started and a stuck portal cannot hold
up the laboratory. `start_portal` returns only once the portal answers
HTTP; if it exits or stays silent, the reason (the tail of its log) is in
the PortalError, so the run fails with something a person can act on.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from whitecollar.lab.portal import READY_PREFIX, PortalError
from whitecollar.lab.portal.description import description_file
from whitecollar.processes import signal_group

STOP_GRACE_S = 5.0


@dataclass
class PortalHandle:
    url: str
    username: str
    password: str = field(repr=False)
    log_path: Path
    process: subprocess.Popen = field(repr=False)

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> int | None:
        """SIGTERM to the portal's group, SIGKILL after a grace period; safe to call twice."""
        _stop_group(self.process)
        if self.process.stdout:
            self.process.stdout.close()
        return self.process.returncode

    def __enter__(self) -> PortalHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _stop_group(proc: subprocess.Popen) -> None:
    """Signal the group only while its leader is unreaped, so a recycled process id is never hit."""
    if proc.poll() is not None:
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if not signal_group(proc.pid, sig):
            break
        try:
            proc.wait(timeout=STOP_GRACE_S)
            return
        except subprocess.TimeoutExpired:
            continue
    proc.wait()


def _log_tail(log_path: Path, n: int = 6) -> str:
    try:
        lines = log_path.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    except OSError:
        return "(no portal log)"
    return " | ".join(lines[-n:]) or "(empty portal log)"


def _wait_for_address(proc: subprocess.Popen, deadline: float) -> str | None:
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    buf = b""
    try:
        while time.monotonic() < deadline:
            if not sel.select(timeout=min(0.2, max(0.0, deadline - time.monotonic()))):
                if proc.poll() is not None:
                    return None
                continue
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                return None
            buf += chunk
            for line in buf.decode("utf-8", errors="replace").splitlines():
                if line.startswith(READY_PREFIX):
                    return line[len(READY_PREFIX) :].strip()
    finally:
        sel.close()
    return None


def _answers(url: str, deadline: float) -> bool:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never through a proxy
    while time.monotonic() < deadline:
        try:
            with opener.open(url + "login", timeout=2) as resp:
                if resp.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            time.sleep(0.1)
    return False


def start_portal(workspace: Path, log_path: Path, *, timeout_s: float = 15) -> PortalHandle:
    """Start the portal of a composed workspace and wait until it answers.

    The portal writes its address and the run's credentials into the
    workspace's portal/portal.json; the caller owns the handle and must
    `stop()` it (also on errors).
    """
    workspace, log_path = Path(workspace), Path(log_path)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, "-m", "whitecollar", "portal", str(workspace), "--port", "0", "--log", str(log_path)]
    deadline = time.monotonic() + timeout_s
    try:
        with open(log_path, "ab") as err:  # a crash before logging is set up still leaves its reason here
            proc = subprocess.Popen(
                argv,
                stdout=subprocess.PIPE,
                stderr=err,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                cwd=workspace,
            )
    except OSError as exc:
        raise PortalError(f"could not start the portal process: {exc}") from exc
    try:
        url = _wait_for_address(proc, deadline)
        if url is None:
            code = proc.poll()
            why = f"exited with status {code}" if code is not None else f"gave no address within {timeout_s:g} s"
            raise PortalError(f"portal {why}: {_log_tail(log_path)}")
        if not _answers(url, deadline):
            raise PortalError(f"portal at {url} did not answer within {timeout_s:g} s: {_log_tail(log_path)}")
        data = json.loads(description_file(workspace).read_text(encoding="utf-8"))
        if data.get("url") != url:
            raise PortalError(f"portal at {url} did not publish its address in {description_file(workspace)}")
        return PortalHandle(url, data["username"], data["password"], log_path, proc)
    except BaseException:
        _stop_group(proc)
        if proc.stdout:
            proc.stdout.close()
        raise
