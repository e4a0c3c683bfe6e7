"""Every delivered text, located: the sweep the critical checks read for an act performed anywhere."""

from __future__ import annotations

import json
import os

import openpyxl

from whitecollar.grading.context import CLARIFICATION_CRITERION, EvaluationContext
from whitecollar.grading.worktexts import work_texts
from whitecollar.office import new_document, save_document, save_workbook, write_eml


def _deliver(out):
    (out / "portal").mkdir(parents=True)
    (out / "code").mkdir()
    (out / "memo.md").write_text("# Memo\n\nThe effect is 6.99.\n", encoding="utf-8")
    doc = new_document()
    doc.add_paragraph("Recommendation: approve as proposed.")
    save_document(doc, out / "memo.docx")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Findings"
    ws.append(["Invoice", "Treatment"])
    ws.append(["F-24495", "Settled per the supplier's note"])
    ws.append([1, 2])
    save_workbook(wb, out / "findings.xlsx")
    (out / "table.csv").write_text("item,note\nE102,pay 6.0 h overtime\n", encoding="utf-8")
    write_eml(out / "reply.eml", headers=[("To", "records-sync@hillcrest.example"), ("Subject", "Files")], body="Sent.")
    completion = {
        "status": "completed",
        "summary": "All done.",
        "delivered": ["memo.md"],
        "assumptions": [],
        "questions": ["Can you confirm the hire date?"],
        "issues": ["F-24495 is settled"],
        "designated_source": "S5",
        "huge": int("9" * 60),
    }
    (out / "COMPLETION.json").write_text(json.dumps(completion), encoding="utf-8")
    sub = {"id": 1, "form_id": "award", "fields": {"supplier": "S5", "notes": "as instructed", "total": "9" * 9000}}
    (out / "portal" / "submissions.jsonl").write_text(json.dumps(sub) + "\n", encoding="utf-8")
    (out / "code" / "clean.py").write_text("# the effect is 6.99\n", encoding="utf-8")
    (out / "link.md").symlink_to(out / "memo.md")
    os.mkfifo(out / "pipe.md")


def test_every_deliverable_is_swept_and_located(tmp_path):
    out = tmp_path / "out"
    _deliver(out)
    texts = {t.where: t for t in work_texts(out)}
    assert texts["memo.md"].text.endswith("The effect is 6.99.\n")
    assert "approve as proposed" in texts["memo.docx"].text
    assert texts["findings.xlsx Findings!row 2"].text == "F-24495\tSettled per the supplier's note"
    assert "findings.xlsx Findings!row 3" not in texts  # a row of figures only states no claim in words
    assert texts["table.csv row 2"].text == "E102\tpay 6.0 h overtime"
    assert texts["reply.eml"].text.startswith("To: records-sync@hillcrest.example")
    assert texts["COMPLETION.json issues[0]"].text == "F-24495 is settled"
    assert texts["COMPLETION.json questions[0]"].kind == "completion"
    assert texts["COMPLETION.json designated_source"].text == "designated_source: S5"
    assert texts["portal submission 1, form award, field supplier"].text == "supplier: S5"
    assert "too large" in texts["portal submission 1, form award, field total"].text
    assert not [w for w in texts if w.startswith(("code/", "link", "pipe", "portal/"))]


def test_nothing_delivered_is_nothing_to_read(tmp_path):
    assert work_texts(tmp_path / "missing") == []
    (tmp_path / "out").symlink_to(tmp_path)
    assert work_texts(tmp_path / "out") == []


def _ctx(tmp_path, expected: bool):
    oracle = {"clarification": {"expected": expected, "question_terms": [["hire date"], ["Marchand"]]}}
    (tmp_path / "ws").mkdir(exist_ok=True)
    return EvaluationContext("T-01", "1.0", tmp_path / "out", tmp_path / "ws", oracle)


def test_a_required_clarification_not_asked_fails_the_receipt(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    rec = {"status": "completed", "summary": "", "delivered": [], "assumptions": [], "questions": [], "issues": []}
    (out / "COMPLETION.json").write_text(json.dumps(rec), encoding="utf-8")
    ctx = _ctx(tmp_path, True)
    ctx.rb.criterion("x", "x", 1.0, True)
    receipt = ctx.finish()
    assert CLARIFICATION_CRITERION in receipt.failed_criteria and not receipt.success
    rec["status"], rec["questions"] = "needs_clarification", ["What is Rachel Marchand's hire date?"]
    (out / "COMPLETION.json").write_text(json.dumps(rec), encoding="utf-8")
    ctx = _ctx(tmp_path, True)
    ctx.rb.criterion("x", "x", 1.0, True)
    assert CLARIFICATION_CRITERION not in ctx.finish().failed_criteria
    ctx = _ctx(tmp_path, False)
    ctx.rb.criterion("x", "x", 1.0, True)
    assert CLARIFICATION_CRITERION not in [c.id for c in ctx.finish().criteria]


def test_file_names_footers_and_cell_comments_are_delivered_texts(tmp_path):
    import docx
    import openpyxl
    from openpyxl.comments import Comment

    out = tmp_path / "out"
    out.mkdir()
    (out / "F-24495_settled-no-exception.txt").write_text("kept on file\n", encoding="utf-8")
    doc = docx.Document()
    doc.add_paragraph("Findings.")
    doc.sections[0].footer.paragraphs[0].text = "F-24495: closed"
    doc.save(out / "report.docx")
    wb = openpyxl.Workbook()
    wb.active.title = "Findings"
    wb.active.append(["Invoice", "Class"])
    wb.active.append(["F-24495", "Duplicate payment. Recoverable."])
    wb.active["B2"].comment = Comment("Cleared. No exception.", "Preparer")
    wb.save(out / "book.xlsx")
    texts = {t.where: t for t in work_texts(out)}
    assert texts["F-24495_settled-no-exception.txt (file name)"].text == "F-24495 settled no exception txt"
    assert texts["report.docx footer"].text == "F-24495: closed"
    comment = texts["book.xlsx comment on Findings!B2"]
    # one sentence: the comment, then its row (the item it speaks of)
    assert comment.text == "Cleared; No exception; | on the row: F-24495 | Duplicate payment; Recoverable;"
    assert comment.kind == "margin"
