"""What recalculation takes: a checked workbook, and the disk cache of this engine.

Shared by `recalc` (a job's conversions) and `prefetcher` (the process that
converts finished runs' workbooks ahead of their jobs), so that neither
imports the other's module to learn what a workbook LibreOffice may be
given looks like.
"""

from __future__ import annotations

import io
import re
import zipfile

from whitecollar.libreoffice import recalc_cache as _disk
from whitecollar.libreoffice import soffice as _soffice
from whitecollar.office.model import Failure
from whitecollar.office.zipcheck import validate_xlsx

__all__ = ["FILTER", "engine_cache", "has_formulas", "validate_xlsx"]

#: LibreOffice's export filter for a recalculated workbook
FILTER = "xlsx:Calc MS Excel 2007 XML"


def has_formulas(data: bytes) -> bool:
    """Cheap scan of worksheet XML for <f> elements (no openpyxl load).

    A false positive only costs a recalculation; a false negative would
    only mean read_workbook recalculates later, one file at a time.
    """
    pattern = re.compile(rb"<(?:\w+:)?f[\s>/]")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            for info in zf.infolist():
                if info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml"):
                    with zf.open(info) as fh:
                        tail = b""
                        while chunk := fh.read(1 << 20):
                            if pattern.search(tail + chunk):
                                return True
                            tail = chunk[-16:]
    except Exception:  # noqa: BLE001 - scanning is advisory
        return True
    return False


def engine_cache() -> _disk.RecalcCache | None:
    """The shared disk cache for this LibreOffice, or None (off, or no LibreOffice)."""
    root = _disk.cache_root()
    if root is None:
        return None
    exe = _soffice.find_soffice()
    if isinstance(exe, Failure):
        return None
    return _disk.RecalcCache(root, _disk.engine_identity(exe, _soffice.REGISTRY + FILTER))
