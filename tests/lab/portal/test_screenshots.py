"""`whitecollar portal-screenshots`: one PNG per page type, from a real portal in a real browser."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PIL import Image

from whitecollar.lab.portal.browser import chromium_available

PAGES = ["1-login", "2-library", "3-record-table", "4-form", "5-form-refused", "6-submission-confirmation", "7-error"]


@pytest.mark.slow
@pytest.mark.skipif(not chromium_available(), reason="/usr/bin/chromium missing: run tools/install-system-packages.sh")
def test_screenshots_of_every_page_type(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "whitecollar", "portal-screenshots", str(tmp_path), "--task", "PROC-01"],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    for name in PAGES:
        path = tmp_path / f"{name}.png"
        assert str(path) in r.stdout
        with Image.open(path) as img:
            assert img.format == "PNG" and img.width == 1280 and img.height >= 600
            # not a blank page: a page of the portal has its dark header bar and light content
            colours = img.convert("RGB").getcolors(maxcolors=1 << 16)
            assert colours is not None and len(colours) > 20
