"""Canonical OOXML zips, so that a file's SHA-256 depends only on its content.

The freeze manifest hashes every generated document, and a replicator who
regenerates on another machine, another day, in another time zone must get
the same hashes. Office libraries stamp zip entries with the current local
time and compress them with deflate; both break that promise:

* zip entry times are local wall-clock times (2-second resolution), so they
  change with the day, the hour and the TZ variable;
* deflate output depends on the zlib build (zlib, zlib-ng, a distribution's
  patches, SIMD paths), so two machines can compress the same XML to
  different bytes even though both decompress to the same text.

Every entry is therefore STORED (uncompressed) with a fixed date, fixed
permissions and no extra fields. Stored OOXML is valid: Excel, Word,
LibreOffice, openpyxl and python-docx all open it; files are simply larger.
"""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape

FIXED_DATE_TIME = (2025, 1, 1, 0, 0, 0)
FIXED_W3CDTF = "2025-01-01T00:00:00Z"
_FILE_ATTR = 0o644 << 16  # rw-r--r--
_DIR_ATTR = (0o755 << 16) | 0x10  # rwxr-xr-x plus the MS-DOS directory bit
_CREATE_SYSTEM_UNIX = 3
CONTENT_TYPES = "[Content_Types].xml"


def canonical_zip(data: bytes, *, replace: dict[str, bytes] | None = None) -> bytes:
    """Rewrite a zip (xlsx, docx, pptx) into its canonical form.

    Entry order is preserved except that `[Content_Types].xml` goes first,
    where Office puts it (some readers sniff the first entry). `replace`
    substitutes the content of named entries, which is how volatile parts
    such as docProps/core.xml are pinned; naming an absent entry is an error
    because it almost certainly means a typo that would leave a volatile part
    in place.
    """
    replace = dict(replace or {})
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        infos = src.infolist()
        names = [i.filename for i in infos]
        missing = sorted(set(replace) - set(names))
        if missing:
            raise KeyError(f"entries to replace are not in the zip: {missing}")
        ordered = sorted(infos, key=lambda i: i.filename != CONTENT_TYPES)  # stable
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED, allowZip64=False) as dst:
            for info in ordered:
                content = replace.get(info.filename)
                if content is None:
                    content = src.read(info.filename)
                dst.writestr(_canonical_info(info.filename), content)
    return out.getvalue()


def _canonical_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=FIXED_DATE_TIME)
    info.compress_type = zipfile.ZIP_STORED
    info.create_system = _CREATE_SYSTEM_UNIX
    info.external_attr = _DIR_ATTR if name.endswith("/") else _FILE_ATTR
    info.extra = b""
    info.comment = b""
    return info


def core_properties_xml(*, title: str = "", creator: str = "") -> bytes:
    """docProps/core.xml with pinned dates.

    openpyxl rewrites `modified` with the current time on every save and
    python-docx's template carries its own author and 2013 dates; a fixed
    part makes both reproducible and stops them leaking the library name
    into documents that are meant to look like ordinary office files.
    """
    stamp = f'xsi:type="dcterms:W3CDTF">{FIXED_W3CDTF}'
    xml = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        "<cp:coreProperties"
        ' xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"'
        ' xmlns:dc="http://purl.org/dc/elements/1.1/"'
        ' xmlns:dcterms="http://purl.org/dc/terms/"'
        ' xmlns:dcmitype="http://purl.org/dc/dcmitype/"'
        ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        f"<dc:title>{escape(title)}</dc:title>"
        f"<dc:creator>{escape(creator)}</dc:creator>"
        f"<cp:lastModifiedBy>{escape(creator)}</cp:lastModifiedBy>"
        f"<dcterms:created {stamp}</dcterms:created>"
        f"<dcterms:modified {stamp}</dcterms:modified>"
        "</cp:coreProperties>"
    )
    return xml.encode("utf-8")
