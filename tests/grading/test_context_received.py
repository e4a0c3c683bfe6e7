"""A deliverable the brief names is received under that name only: the only file of its kind under another is not it."""

from __future__ import annotations

from whitecollar.grading.context import EvaluationContext
from whitecollar.office.model import Failure


def _ctx(tmp_path, files: dict[str, str]) -> EvaluationContext:
    out = tmp_path / "out"
    out.mkdir()
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    return EvaluationContext("T-01", "1.0", out, tmp_path, {})


def test_the_named_file_is_read_in_any_case(tmp_path):
    ctx = _ctx(tmp_path, {"Notes.md": "# Notes\n"})
    assert ctx.read_received("notes.md") == "# Notes\n"


def test_a_file_under_another_name_is_not_received_and_the_receipt_says_so(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert _ctx(tmp_path / "a", {"my-notes.md": "# Notes\n"}).read("notes.md") == "# Notes\n"  # the only .md
    ctx = _ctx(tmp_path / "b", {"my-notes.md": "# Notes\n"})
    got = ctx.read_received("notes.md")
    assert isinstance(got, Failure) and "files under other names are not received" in got.reason
    line = next(d for d in ctx.rb._deliverables if d.path == "notes.md")
    assert not line.present and not line.readable and "out/my-notes.md" in line.detail
