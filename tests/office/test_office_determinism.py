"""Every writer gives identical bytes across processes, time and time zones."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

HERE = Path(__file__).parent
DETERMINISTIC = [
    "book.xlsx",
    "report.docx",
    "letter.pdf",
    "form.pdf",
    "message.eml",
    "meetings.ics",
    "ledger.csv",
    "shape.png",
    "figure.png",
]
MIN_GAP_S = 2.5  # zip times have 2-second resolution


def _build(out: Path, tz: str) -> None:
    env = dict(os.environ, TZ=tz)
    subprocess.run(
        [sys.executable, str(HERE / "deterministic_builds.py"), str(out)],
        check=True,
        env=env,
        timeout=120,
        capture_output=True,
    )


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory) -> tuple[Path, Path]:
    first, second = tmp_path_factory.mktemp("utc"), tmp_path_factory.mktemp("tokyo")
    started = time.monotonic()
    _build(first, "UTC")
    remaining = MIN_GAP_S - (time.monotonic() - started)
    if remaining > 0:
        time.sleep(remaining)
    _build(second, "Asia/Tokyo")
    return first, second


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("name", DETERMINISTIC)
def test_same_bytes_in_another_process_later_and_elsewhere(two_builds, name):
    first, second = two_builds
    assert _sha(first / name) == _sha(second / name), f"{name} differs between runs"


def test_the_two_runs_were_far_enough_apart_to_catch_volatile_writers(two_builds):
    """Plain library saves must differ, else the check above proves nothing."""
    first, second = two_builds
    assert _sha(first / "control_plain.xlsx") != _sha(second / "control_plain.xlsx")
    assert _sha(first / "control_plain.docx") != _sha(second / "control_plain.docx")


@pytest.mark.parametrize("name", ["book.xlsx", "report.docx"])
def test_zip_entries_stored_and_dated_2025_01_01(two_builds, name):
    data = (two_builds[0] / name).read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        infos = zf.infolist()
        assert infos[0].filename == "[Content_Types].xml"
        for info in infos:
            assert info.compress_type == zipfile.ZIP_STORED, info.filename
            assert info.date_time == (2025, 1, 1, 0, 0, 0), info.filename
            assert info.external_attr == 0o644 << 16
            assert info.extra == b""
        assert zf.comment == b""
        core = zf.read("docProps/core.xml").decode()
    assert "2025-01-01T00:00:00Z" in core and "Hélène Côté" in core
    assert "python-docx" not in core and "openpyxl" not in core


def test_pdf_streams_uncompressed_and_dates_fixed(two_builds):
    data = (two_builds[0] / "letter.pdf").read_bytes()
    assert b"/FlateDecode" not in data
    assert b"/CreationDate (D:20000101000000+00'00')" in data
