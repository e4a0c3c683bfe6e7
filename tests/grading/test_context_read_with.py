"""read_with: a deliverable read by a reader the context does not know, with the same bookkeeping."""

from __future__ import annotations

import os

from PIL import Image

from whitecollar.grading.context import EvaluationContext, read_with
from whitecollar.office.model import Failure
from whitecollar.office.png import save_png
from whitecollar.office.png_reader import read_png

ORACLE = {"required_deliverables": [{"path": "figure.png", "format": "png"}], "clarification": {"expected": False}}


def _ctx(tmp_path):
    (tmp_path / "out").mkdir()
    return EvaluationContext("T-01", "1.0", tmp_path / "out", tmp_path, ORACLE)


def test_read_once_and_recorded_once(tmp_path):
    ctx = _ctx(tmp_path)
    save_png(Image.new("RGB", (400, 300), "red"), tmp_path / "out" / "figure.png")
    calls = []

    def reader(p):
        calls.append(p)
        return read_png(p)

    first = read_with(ctx, "figure.png", reader)
    assert read_with(ctx, "figure.png", reader) is first and len(calls) == 1
    receipt = ctx.finish()
    assert [(d.present, d.readable) for d in receipt.deliverables if d.path == "figure.png"] == [(True, True)]


def test_missing_garbage_and_links(tmp_path):
    ctx = _ctx(tmp_path)
    assert isinstance(read_with(ctx, "figure.png", read_png), Failure)
    (tmp_path / "out" / "other.txt").write_text("x")
    receipt = ctx.finish()
    assert [(d.present, d.readable) for d in receipt.deliverables if d.path == "figure.png"] == [(False, False)]

    (tmp_path / "b").mkdir()
    ctx = _ctx(tmp_path / "b")
    (tmp_path / "b" / "out" / "figure.png").write_text("not an image")
    assert "text file" in read_with(ctx, "figure.png", read_png).reason
    assert [(d.present, d.readable) for d in ctx.finish().deliverables if d.path == "figure.png"] == [(True, False)]

    (tmp_path / "c").mkdir()
    ctx = _ctx(tmp_path / "c")
    os.symlink("/etc/hostname", tmp_path / "c" / "out" / "figure.png")
    result = read_with(ctx, "figure.png", lambda p: (_ for _ in ()).throw(AssertionError("followed a link")))
    assert "symbolic link" in result.reason
