"""Reproducible PNG files.

A PNG's pixels are compressed with deflate, whose output depends on the
zlib build (zlib, zlib-ng, SIMD code paths): the same image compressed on
two machines can give different bytes. By default, therefore, pixel rows
are written in *stored* deflate blocks built here byte by byte, which no
zlib is involved in producing: the file depends only on the pixels. Files
are larger (width x height x channels bytes); pass compress_level 1..9 to
use Pillow's zlib when size matters more than cross-machine identity.

No timestamps, gamma, ICC or physical-size chunks are written, whatever the
source image carried, and no text chunk unless the caller passes `text`
(a photograph's caption, say): then one uncompressed UTF-8 iTXt chunk per
keyword, in sorted order, just before IEND, so the bytes still depend only
on the pixels and that text.

Matplotlib figures: the pixels depend on FreeType (which rasterises the
text) and on matplotlib's bundled fonts, so a figure PNG is deterministic
on one machine but not guaranteed across machines. Images drawn with PIL
without TrueType text (shapes, the default bitmap font) are deterministic
everywhere.
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from PIL import Image

from whitecollar.atomic import write_bytes

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_MODES = {"L": (0, 1), "RGB": (2, 3), "LA": (4, 2), "RGBA": (6, 4)}  # colour type, channels
_STORED_MAX = 65535


def _chunk(kind: bytes, data: bytes) -> bytes:
    # crc32 is a checksum with one definition, unlike deflate's output.
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _stored_zlib(raw: bytes) -> bytes:
    """A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4)."""
    out = bytearray(b"\x78\x01")
    if not raw:
        out += b"\x01\x00\x00\xff\xff"
    for start in range(0, len(raw), _STORED_MAX):
        block = raw[start : start + _STORED_MAX]
        final = 1 if start + _STORED_MAX >= len(raw) else 0
        n = len(block)
        out += bytes([final]) + struct.pack("<HH", n, n ^ 0xFFFF) + block
    out += struct.pack(">I", zlib.adler32(raw))
    return bytes(out)


def _normalise(image: Image.Image) -> Image.Image:
    if image.mode in _MODES:
        return image
    if image.mode in ("1", "I;16", "I", "F"):
        return image.convert("L")
    has_alpha = image.mode in ("PA", "RGBa", "La") or (image.mode == "P" and "transparency" in image.info)
    return image.convert("RGBA" if has_alpha else "RGB")


def _text_chunks(text: Mapping[str, str] | None) -> bytes:
    """iTXt chunks (PNG 1.2 §11.3.4.5), uncompressed, no language tag, keywords sorted."""
    out = b""
    text = text or {}
    for key in sorted(text):
        kw = key.encode("latin-1")
        if not 1 <= len(kw) <= 79 or b"\x00" in kw:
            raise ValueError(f"PNG text keyword {key!r} must be 1-79 Latin-1 characters")
        out += _chunk(b"iTXt", kw + b"\x00\x00\x00\x00\x00" + str(text[key]).encode("utf-8"))
    return out


def png_bytes(image: Image.Image, *, compress_level: int = 0, text: Mapping[str, str] | None = None) -> bytes:
    """The bytes `save_png` writes."""
    body = _pixel_png(image, compress_level)
    if not text:
        return body
    iend = _chunk(b"IEND", b"")
    assert body.endswith(iend)
    return body[: -len(iend)] + _text_chunks(text) + iend


def _pixel_png(image: Image.Image, compress_level: int) -> bytes:
    img = _normalise(image)
    if compress_level:
        clean = Image.frombytes(img.mode, img.size, img.tobytes())  # drops info (ICC, dpi, text)
        buf = io.BytesIO()
        clean.save(buf, format="PNG", optimize=False, compress_level=compress_level)
        return buf.getvalue()
    color_type, channels = _MODES[img.mode]
    width, height = img.size
    pixels = img.tobytes()
    stride = width * channels
    raw = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return _SIGNATURE + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", _stored_zlib(raw)) + _chunk(b"IEND", b"")


def save_png(
    image: Image.Image, path: str | os.PathLike, *, compress_level: int = 0, text: Mapping[str, str] | None = None
) -> Path:
    """Write `image` so the bytes depend only on its pixels and `text` (see module doc)."""
    if not 0 <= compress_level <= 9:
        raise ValueError("compress_level must be 0..9")
    return write_bytes(path, png_bytes(image, compress_level=compress_level, text=text))


def figure_image(fig: Any, *, dpi: float = 150) -> Image.Image:
    """Rasterise a matplotlib figure with the Agg renderer (RGB if opaque).

    Drawn on an Agg canvas directly rather than through savefig so that the
    pixel size comes from the renderer's buffer, whatever savefig rcParams
    (bbox "tight", padding) a caller has set.
    """
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    original = fig.dpi
    try:
        fig.set_dpi(dpi)
        canvas.draw()
        pixels = np.array(canvas.buffer_rgba(), copy=True)
    finally:
        fig.set_dpi(original)
    image = Image.fromarray(pixels, "RGBA")
    if cast("tuple[tuple[int, int], ...]", image.getextrema())[3] == (255, 255):  # per band (min, max)
        image = image.convert("RGB")
    return image


def save_figure_png(fig: Any, path: str | os.PathLike, *, dpi: float = 150, compress_level: int = 0) -> Path:
    """Save a matplotlib figure without metadata (no Software, no date).

    matplotlib's own PNG writer stamps "Software: matplotlib version..."
    unless told metadata={"Software": None}, and compresses with zlib; going
    through `save_png` removes both concerns. Deterministic per machine only:
    text is rasterised by FreeType (see module doc).
    """
    return save_png(figure_image(fig, dpi=dpi), path, compress_level=compress_level)
