"""Signalling a process group: how every part of the laboratory ends what it started.

Workers, portals, LibreOffice, judges' commands and bounded evaluations are
each started in a session of their own, so that one signal to the group
reaches everything they spawned (soffice is a launcher of soffice.bin; a
worker's shell starts tools). A group that is already gone, or one we may
no longer signal, is not an error for code that is cleaning up.
"""

from __future__ import annotations

import os
import signal


def signal_group(pgid: int, sig: int = signal.SIGKILL) -> bool:
    """Send `sig` to the process group `pgid`; False when there is no group left to signal."""
    try:
        os.killpg(pgid, sig)
    except OSError:  # ProcessLookupError: gone; PermissionError: its id now names another user's group
        return False
    return True


def group_exists(pgid: int) -> bool:
    """Whether any process of group `pgid` is still there (a zombie counts until it is reaped)."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # there, but no longer ours to signal
        pass
    return True
