"""PNG writers (no metadata, zlib-independent) and canonical_zip."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

import docx
import matplotlib
import openpyxl
import pytest
from PIL import Image, ImageDraw

from whitecollar.office import canonical_zip, save_figure_png, save_png

matplotlib.use("Agg")


def _chunks(data: bytes) -> list[bytes]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, kinds = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body)
        kinds.append(kind)
        pos += 12 + length
    return kinds


def _drawing(mode: str) -> Image.Image:
    image = Image.new("RGB", (97, 61), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle([5, 5, 50, 40], fill=(31, 56, 100))
    draw.ellipse([40, 20, 90, 58], fill=(200, 30, 30))
    draw.text((4, 44), "Q3", fill="black")  # PIL's bitmap font: no FreeType
    return image.convert(mode)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "P", "1", "LA"])
def test_pixels_round_trip_and_no_metadata(tmp_path, mode):
    image = _drawing(mode)
    image.info.update({"dpi": (300, 300), "Software": "x", "icc_profile": b"fake"})
    path = save_png(image, tmp_path / "d.png")
    data = path.read_bytes()
    assert _chunks(data) == [b"IHDR", b"IDAT", b"IEND"]
    back = Image.open(path)
    back.load()
    expected = image.convert(back.mode)
    assert back.size == image.size and back.tobytes() == expected.tobytes()


def test_idat_is_stored_not_deflated(tmp_path):
    data = save_png(_drawing("RGB"), tmp_path / "s.png").read_bytes()
    start = data.index(b"IDAT") + 4
    assert data[start : start + 2] == b"\x78\x01"
    assert data[start + 2] & 0b110 == 0  # BTYPE 00: stored block


def test_compressed_variant_also_has_no_metadata(tmp_path):
    image = _drawing("RGB")
    image.info["dpi"] = (300, 300)
    data = save_png(image, tmp_path / "c.png", compress_level=9).read_bytes()
    assert set(_chunks(data)) == {b"IHDR", b"IDAT", b"IEND"}


@pytest.mark.parametrize("level", [0, 6])
def test_text_is_written_only_when_asked_and_read_back_by_pillow(tmp_path, level):
    image = _drawing("RGB")
    caption = {"Title": "Photo 3", "Description": "Garage — one overhead door, façade est"}
    one = save_png(image, tmp_path / "a.png", compress_level=level, text=caption).read_bytes()
    two = save_png(
        image, tmp_path / "b.png", compress_level=level, text=dict(reversed(list(caption.items())))
    ).read_bytes()
    assert one == two, "keywords are written in sorted order"
    assert _chunks(one)[-3:] == [b"iTXt", b"iTXt", b"IEND"]
    back = Image.open(tmp_path / "a.png")
    back.load()
    assert back.text == caption and back.tobytes() == image.tobytes()
    with pytest.raises(ValueError, match="keyword"):
        save_png(image, tmp_path / "c.png", text={"": "x"})


def test_figure_png_has_no_software_or_date(tmp_path):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(2, 1.5))
    ax.plot([0, 1], [1, 0])
    path = save_figure_png(fig, tmp_path / "f.png", dpi=50)
    plt.close(fig)
    data = path.read_bytes()
    assert _chunks(data) == [b"IHDR", b"IDAT", b"IEND"]
    assert b"matplotlib" not in data.lower()
    assert Image.open(path).size == (100, 75)


def _zip(entries, compression=zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as zf:
        for name, data in entries:
            zf.writestr(name, data)
        zf.comment = b"volatile comment"
    return out.getvalue()


def test_canonical_zip_rules():
    raw = _zip([("b.xml", b"<b/>"), ("[Content_Types].xml", b"<Types/>"), ("a.xml", b"<a/>")])
    out = canonical_zip(raw, replace={"a.xml": b"<A/>"})
    with zipfile.ZipFile(io.BytesIO(out)) as zf:
        assert [i.filename for i in zf.infolist()] == ["[Content_Types].xml", "b.xml", "a.xml"]
        assert zf.read("a.xml") == b"<A/>"
        assert zf.comment == b""
        for info in zf.infolist():
            assert info.compress_type == zipfile.ZIP_STORED
            assert info.date_time == (2025, 1, 1, 0, 0, 0)
            assert info.external_attr == 0o644 << 16 and info.extra == b""
    assert canonical_zip(out) == out  # idempotent


def test_canonical_zip_refuses_to_replace_a_missing_entry():
    with pytest.raises(KeyError):
        canonical_zip(_zip([("a.xml", b"")]), replace={"docProps/core.xm": b""})


def test_canonical_office_files_open_in_their_libraries():
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Montréal"
    buf = io.BytesIO()
    wb.save(buf)
    assert openpyxl.load_workbook(io.BytesIO(canonical_zip(buf.getvalue()))).active["A1"].value == "Montréal"
    doc = docx.Document()
    doc.add_paragraph("Québec")
    buf = io.BytesIO()
    doc.save(buf)
    assert docx.Document(io.BytesIO(canonical_zip(buf.getvalue()))).paragraphs[0].text == "Québec"
