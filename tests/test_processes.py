"""Signalling a process group: everything the group started is reached, and a gone group is not an error."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from whitecollar.processes import group_exists, signal_group

SPAWNS_A_GRANDCHILD = (
    "import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
    "time.sleep(60)"
)


def _gone(pgid: int, within_s: float = 10.0) -> bool:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if not group_exists(pgid):
            return True
        time.sleep(0.05)
    return False


def test_one_signal_ends_the_group_and_its_grandchildren():
    proc = subprocess.Popen([sys.executable, "-c", SPAWNS_A_GRANDCHILD], start_new_session=True)
    try:
        time.sleep(0.5)
        assert group_exists(proc.pid)
        assert signal_group(proc.pid) is True
        proc.wait(timeout=10)
        assert _gone(proc.pid), "the grandchild outlived the signal to its group"
    finally:
        signal_group(proc.pid)


def test_a_group_that_is_gone_is_not_an_error():
    proc = subprocess.Popen([sys.executable, "-c", "pass"], start_new_session=True)
    proc.wait(timeout=10)
    assert not group_exists(proc.pid)
    assert signal_group(proc.pid) is False
    assert signal_group(proc.pid, signal.SIGTERM) is False
