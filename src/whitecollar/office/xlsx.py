"""Reproducible .xlsx files from openpyxl workbooks.

openpyxl stamps docProps/core.xml with the time of the save (it always
rewrites `modified`) and stamps zip entries with local wall-clock time, so
two saves of the same workbook differ. Nothing else it writes is volatile
(docProps/app.xml only names openpyxl and its version, which the lock file
pins). See zipcanon for why entries are stored uncompressed.
"""
from __future__ import annotations

import io
import os
from pathlib import Path

import openpyxl

from whitecollar.atomic import write_bytes
from whitecollar.office.zipcanon import canonical_zip, core_properties_xml


def workbook_bytes(wb: openpyxl.Workbook, *, title: str = "", creator: str = "") -> bytes:
    """The canonical bytes `save_workbook` writes (for hashing or embedding)."""
    buf = io.BytesIO()
    wb.save(buf)
    return canonical_zip(
        buf.getvalue(),
        replace={"docProps/core.xml": core_properties_xml(title=title, creator=creator)},
    )


def save_workbook(
    wb: openpyxl.Workbook, path: str | os.PathLike, *, title: str = "", creator: str = ""
) -> Path:
    """Save so that the same workbook gives the same bytes on any machine and day."""
    return write_bytes(path, workbook_bytes(wb, title=title, creator=creator))
