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


def save_workbook(wb: openpyxl.Workbook, path: str | os.PathLike, *, title: str = "", creator: str = "") -> Path:
    """Save so that the same workbook gives the same bytes on any machine and day."""
    return write_bytes(path, workbook_bytes(wb, title=title, creator=creator))


def _sheet_part(read, sheet: str) -> str:
    """The zip member of a worksheet, found by its name through the workbook's relationships."""
    import re

    wb_xml = read("xl/workbook.xml")
    rels = read("xl/_rels/workbook.xml.rels")

    def attrs(element: str) -> dict[str, str]:
        return dict(re.findall(r'([\w:]+)="([^"]*)"', element))

    targets = {a.get("Id"): a.get("Target", "") for a in map(attrs, re.findall(r"<Relationship\b[^>]*>", rels))}
    for a in map(attrs, re.findall(r"<sheet\b[^>]*>", wb_xml)):
        if a.get("name") == sheet and targets.get(a.get("r:id")):
            target = targets[a["r:id"]].lstrip("/")
            return target if target.startswith("xl/") else "xl/" + target
    raise KeyError(f"no sheet named {sheet!r}")


def set_cached_values(path: str | os.PathLike, sheet: str, values: dict[str, float | int | str]) -> None:
    """Store a cached value on formula cells, the way a spreadsheet application saves its last result.

    openpyxl writes formulas without cached values; a file whose cached
    values disagree with its formulas (a "lying cache") is what a grader
    that trusts cached values would believe. Used to build such files.
    """
    import re
    import zipfile

    p = Path(path)
    with zipfile.ZipFile(p) as z:
        items = [(i, z.read(i.filename)) for i in z.infolist()]
    data = {i.filename: b for i, b in items}
    member = _sheet_part(lambda n: data[n].decode("utf-8"), sheet)
    xml = data[member].decode("utf-8")
    for ref, v in values.items():
        pat = re.compile(r'(<c r="' + re.escape(ref) + r'"[^>]*?)(/>|>(.*?)</c>)', re.S)
        m = pat.search(xml)
        if m is None or "<f" not in (m.group(3) or ""):
            raise KeyError(f"{sheet}!{ref} holds no formula")
        inner = re.sub(r"<v>.*?</v>|<v\s*/>", "", m.group(3), flags=re.S)
        head = re.sub(r'\st="[^"]*"', "", m.group(1))
        kind = ' t="str"' if isinstance(v, str) else ""
        xml = xml[: m.start()] + f"{head}{kind}>{inner}<v>{v}</v></c>" + xml[m.end() :]
    data[member] = xml.encode("utf-8")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for info, _ in items:
            z.writestr(info, data[info.filename])
    write_bytes(p, buf.getvalue())
