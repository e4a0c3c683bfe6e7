"""Reading delivered text and JSON files, never raising.

Agents write text in whatever encoding their tools default to: UTF-8
(sometimes with a BOM, as Windows tools add), UTF-16 from PowerShell
redirections, cp1252 from older Windows programs. Those are decoded; data
that is none of them (NUL bytes, bytes undefined in cp1252) is a Failure,
not mojibake passed on to grading.
"""

from __future__ import annotations

import json
import os
from typing import Any

from whitecollar.office.guard import DEFAULT_MAX_BYTES, read_guarded
from whitecollar.office.model import Failure

_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def _after_bom(data: bytes, path: str) -> str | Failure | None:
    """The text after a byte-order mark in its encoding, or None when the data opens on none."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom) :].decode(encoding)
            except UnicodeDecodeError as exc:
                return Failure(path, f"invalid {encoding} after its byte-order mark ({exc.reason} at byte {exc.start})")
    return None


def _without_bom(data: bytes, path: str) -> str | Failure:
    """UTF-8, else Windows-1252, once the data is known not to be an archive, a PDF or binary."""
    if data.startswith(b"PK\x03\x04"):
        return Failure(path, "not text: it is a zip archive (xlsx/docx?)")
    if data.startswith(b"%PDF"):
        return Failure(path, "not text: it is a PDF file")
    if b"\x00" in data:
        return Failure(path, "not text: binary data (NUL bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as utf8_error:
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            return Failure(
                path,
                f"not text: invalid UTF-8 ({utf8_error.reason} at byte {utf8_error.start}) and not cp1252 either",
            )


def decode_text(data: bytes, path: str) -> str | Failure:
    """Text with line ends normalised to "\\n" and any BOM removed."""
    text = _after_bom(data, path)
    if text is None:
        text = _without_bom(data, path)
    if isinstance(text, Failure):
        return text
    if "\x00" in text:
        return Failure(path, "not text: NUL characters")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_text(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES) -> str | Failure:
    data = read_guarded(path, max_bytes)
    if isinstance(data, Failure):
        return data
    return decode_text(data, str(path))


def read_json(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES) -> Any | Failure:
    """Parsed JSON, or a Failure quoting the parser's message and position.

    Beware: a JSON file may legitimately hold `false`, `0` or `[]`, which
    are falsy too; test `isinstance(result, Failure)`, not truthiness.
    """
    text = read_text(path, max_bytes)
    if isinstance(text, Failure):
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        return Failure(str(path), f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except RecursionError:
        return Failure(str(path), "invalid JSON: nested too deeply")
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        return Failure(str(path), f"invalid JSON ({type(exc).__name__}: {exc})")
