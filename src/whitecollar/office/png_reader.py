"""Reading a delivered image (a chart, a figure) into model-like facts, never raising.

An evaluator cannot judge a figure's content, but it can tell a real
picture from a text file named .png, a truncated download, a 1x1 pixel
placeholder or a blank canvas. `read_png` decodes the file fully with
Pillow and reports its format, size and how much it varies, or a Failure
whose reason a receipt can quote.
"""

from __future__ import annotations

import io
import os
import warnings
from dataclasses import dataclass

from whitecollar.office.guard import DEFAULT_MAX_BYTES, looks_like_text, read_guarded
from whitecollar.office.model import Failure

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_PIXELS = 60_000_000


@dataclass(frozen=True)
class Image:
    """What an evaluator may check about a delivered image."""

    path: str
    format: str
    width: int
    height: int
    mode: str
    colours: int  # distinct colours, counted up to 256 (256 means "many")

    def __bool__(self) -> bool:
        return True

    @property
    def blank(self) -> bool:
        """A single flat colour: nothing was drawn."""
        return self.colours <= 1


def read_png(path: str | os.PathLike, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Image | Failure:
    """A PNG's size and colour variety after a full decode, or a Failure saying why not."""
    p = str(path)
    data = read_guarded(path, max_bytes)
    if isinstance(data, Failure):
        return data
    if not data.startswith(_SIGNATURE):
        if looks_like_text(data):
            return Failure(p, "not a PNG image: it is a text file")
        return Failure(p, "not a PNG image (no PNG signature)")
    try:
        from PIL import Image as PILImage

        with warnings.catch_warnings():
            warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            with PILImage.open(io.BytesIO(data)) as im:
                width, height = im.size
                if width * height > MAX_PIXELS:
                    return Failure(p, f"image too large to check ({width}x{height} pixels)")
                im.load()
                small = im.convert("RGB").resize((min(width, 256), min(height, 256)))
                colours = small.getcolors(256)
                return Image(p, "PNG", width, height, im.mode, 256 if colours is None else len(colours))
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        return Failure(p, f"unreadable PNG image ({type(exc).__name__}: {exc})")
