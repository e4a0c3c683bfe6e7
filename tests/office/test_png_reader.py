"""read_png: real images, and what agents deliver instead."""

from __future__ import annotations

import os

from PIL import Image, ImageDraw

from whitecollar.office.model import Failure
from whitecollar.office.png import save_png
from whitecollar.office.png_reader import Image as ImageInfo
from whitecollar.office.png_reader import read_png


def test_a_drawn_image_is_read_with_its_size(tmp_path):
    im = Image.new("RGB", (640, 400), "white")
    ImageDraw.Draw(im).line((10, 10, 600, 380), fill="navy", width=3)
    save_png(im, tmp_path / "fig.png")
    info = read_png(tmp_path / "fig.png")
    assert isinstance(info, ImageInfo) and (info.width, info.height) == (640, 400) and not info.blank


def test_blank_and_garbage_images(tmp_path):
    save_png(Image.new("RGB", (300, 200), "white"), tmp_path / "blank.png")
    assert read_png(tmp_path / "blank.png").blank
    (tmp_path / "text.png").write_text("This is not a real file.\n")
    assert "text file" in read_png(tmp_path / "text.png").reason
    good = (tmp_path / "blank.png").read_bytes()
    (tmp_path / "cut.png").write_bytes(good[: len(good) // 2])
    assert isinstance(read_png(tmp_path / "cut.png"), Failure)
    (tmp_path / "jpeg.png").write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 100)
    assert "signature" in read_png(tmp_path / "jpeg.png").reason
    os.symlink(tmp_path / "blank.png", tmp_path / "link.png")
    assert "symbolic link" in read_png(tmp_path / "link.png").reason
    with open(tmp_path / "huge.png", "wb") as fh:
        fh.truncate(30 * 1024 * 1024)
    assert "too large" in read_png(tmp_path / "huge.png").reason
