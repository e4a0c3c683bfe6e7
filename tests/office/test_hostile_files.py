"""Hostile deliverables: each is refused from its directory entry or its zip
directory, with a reason a receipt can quote, before any parser sees it."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

from whitecollar.grading.completion import read_completion
from whitecollar.hashing import tree_listing
from whitecollar.libreoffice import read_workbook
from whitecollar.office import Failure, read_docx, read_text
from whitecollar.office.guard import DEFAULT_MAX_BYTES, read_guarded
from whitecollar.office.zipcheck import MAX_PART_BYTES, MAX_PARTS, check_ooxml

WORKBOOK_XML = (
    b'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/'
    b'spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1" r:id="rId1" xmlns:r="http://'
    b'schemas.openxmlformats.org/officeDocument/2006/relationships"/></sheets></workbook>'
)


def _package(parts: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    return buf.getvalue()


def huge_rows_sheet(rows: int) -> bytes:
    """A worksheet of `rows` one-cell rows: tens of megabytes of XML that deflate to a few hundred kilobytes."""
    body = b"".join(b'<row r="%d"><c r="A%d"><v>1</v></c></row>' % (r, r) for r in range(1, rows + 1))
    return (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        + body
        + b"</sheetData></worksheet>"
    )


def huge_rows_xlsx(rows: int = 400_000) -> bytes:
    return _package({"xl/workbook.xml": WORKBOOK_XML, "xl/worksheets/sheet1.xml": huge_rows_sheet(rows)})


def _failure(result, *words: str) -> Failure:
    assert isinstance(result, Failure), f"expected a Failure, got {type(result).__name__}"
    assert all(w in result.reason for w in words), result.reason
    return result


def test_a_400000_row_workbook_is_refused_from_its_zip_directory(tmp_path):
    data = huge_rows_xlsx()
    assert len(data) < DEFAULT_MAX_BYTES // 8  # the attack: small on disk, huge once expanded
    path = tmp_path / "rows.xlsx"
    path.write_bytes(data)
    _failure(read_workbook(path), "over the size limit", "xl/worksheets/sheet1.xml")


def test_a_zip_bomb_part_is_refused_for_its_ratio(tmp_path):
    data = _package({"xl/workbook.xml": WORKBOOK_XML, "xl/worksheets/sheet1.xml": b" " * (4 * 1024 * 1024)})
    path = tmp_path / "bomb.xlsx"
    path.write_bytes(data)
    _failure(read_workbook(path), "over the compression-ratio limit", "sheet1.xml")


def test_too_many_parts_are_refused(tmp_path):
    parts = {"word/document.xml": b"<w:document/>"}
    parts.update({f"word/media/p{i}.xml": b"x" for i in range(MAX_PARTS + 1)})
    path = tmp_path / "parts.docx"
    path.write_bytes(_package(parts, zipfile.ZIP_STORED))
    _failure(read_docx(path), "over the part limit")


def test_an_oversized_docx_part_is_refused_even_stored(tmp_path):
    body = b"<w:p><w:r><w:t>word</w:t></w:r></w:p>" * (MAX_PART_BYTES // 30)
    path = tmp_path / "big.docx"
    path.write_bytes(_package({"word/document.xml": body}, zipfile.ZIP_STORED))
    _failure(read_docx(path), "over the size limit", "word/document.xml")


def test_a_deeply_nested_docx_is_a_failure_not_a_stall(tmp_path, samples):
    with zipfile.ZipFile(samples["docx"]) as zf:
        parts = {i.filename: zf.read(i) for i in zf.infolist()}
    doc = parts["word/document.xml"]
    depth = 100_000
    nested = b"<w:sdt><w:sdtContent>" * depth + b"</w:sdtContent></w:sdt>" * depth
    parts["word/document.xml"] = doc.replace(b"<w:body>", b"<w:body>" + nested, 1)
    path = tmp_path / "nested.docx"
    path.write_bytes(_package(parts))
    assert isinstance(read_docx(path), Failure)


def test_honest_packages_pass_the_zip_directory_checks(samples):
    for kind, required in (("xlsx", "xl/workbook.xml"), ("docx", "word/document.xml")):
        data = samples[kind].read_bytes()
        assert check_ooxml(data, kind, required=required, kind=kind) is None


def test_a_named_pipe_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "COMPLETION.json"
    os.mkfifo(fifo)
    _failure(read_completion(fifo), "not a regular file")
    _failure(read_completion(str(fifo)), "not a regular file")
    _failure(read_text(fifo), "not a regular file")
    _failure(read_guarded(fifo), "not a regular file")


def test_a_device_is_refused():
    # a device cannot be created without privileges; the machine's own /dev/null is one
    _failure(read_guarded("/dev/null"), "not a regular file")
    _failure(read_completion(Path("/dev/null")), "not a regular file")


def test_a_link_out_of_out_is_refused_not_followed(tmp_path):
    secret = tmp_path / "oracle.json"
    secret.write_text('{"status": "completed"}', encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "COMPLETION.json").symlink_to(secret)
    _failure(read_completion(out / "COMPLETION.json"), "symbolic link")


def test_an_empty_record_keeps_its_reason(tmp_path):
    path = tmp_path / "COMPLETION.json"
    path.touch()
    _failure(read_completion(path), "empty completion record")


def test_a_listing_names_a_pipe_without_opening_it(tmp_path):
    (tmp_path / "a.txt").write_text("a", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe")
    listing = tree_listing(tmp_path)
    assert listing["pipe"] == "special:fifo"
    assert len(listing["a.txt"]) == 64
