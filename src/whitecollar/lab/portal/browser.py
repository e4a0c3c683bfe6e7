"""The headless browser the portal is looked at with: Debian's Chromium under Playwright.

Playwright never downloads a browser here; it drives the system package by
path. The flags stop everything Chromium would otherwise try to reach on
the network (updates, sync, QUIC probes), because the machine has none and
an attempt would only slow each launch or hang it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from whitecollar.lab.portal import PortalError

CHROMIUM = Path(os.environ.get("WHITECOLLAR_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def chromium_available() -> bool:
    return CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)


def launch(playwright: Any) -> Any:
    """A headless Chromium browser from a started `sync_playwright()`."""
    if not chromium_available():
        raise PortalError(f"{CHROMIUM}: not found; install Debian's chromium (tools/install-system-packages.sh)")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS), headless=True)
