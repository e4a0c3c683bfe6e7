"""A challenge case's edits: the record's fields changed in place, the memo's sections found by their headings."""

from __future__ import annotations

import json

import docx

from whitecollar.kit.corpus import edit_completion, top_headings


def test_a_completion_record_is_changed_in_place_and_written_as_a_worker_would(tmp_path):
    (tmp_path / "COMPLETION.json").write_text(json.dumps({"status": "completed", "issues": ["a"]}))
    edit_completion(tmp_path, lambda d: d["issues"].append("é"))
    text = (tmp_path / "COMPLETION.json").read_text(encoding="utf-8")
    assert json.loads(text) == {"status": "completed", "issues": ["a", "é"]}
    assert "é" in text and text.startswith('{\n  "status"') and not text.endswith("\n")
    edit_completion(tmp_path, lambda d: d.update(status="needs_clarification"), final_newline=True)
    assert (tmp_path / "COMPLETION.json").read_text(encoding="utf-8").endswith("}\n")


def test_the_memos_sections_are_its_first_level_headings():
    doc = docx.Document()
    doc.add_heading("Recommendation", level=1)
    doc.add_paragraph("Body.")
    doc.add_heading("Detail", level=2)
    doc.add_heading("Risks", level=1)
    assert [p.text for p in top_headings(doc)] == ["Recommendation", "Risks"]
