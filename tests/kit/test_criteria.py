"""The kit's evaluator: declared criteria, in order, on every receipt whatever the work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from whitecollar.kit.common import completion_record, document_structure
from whitecollar.kit.criteria import Evaluator, ReceiptShapeError, Verdict, criterion, critical


class Reads:
    def __init__(self, ctx):
        self.ctx = ctx
        self.text = (ctx.out / "note.txt").read_text() if (ctx.out / "note.txt").is_file() else ""


@criterion("says_hello", weight=2, description="The note says hello", oracle_fact=True)
def says_hello(r: Reads) -> Verdict:
    return Verdict("hello" in r.text, "read", "note.txt")


@criterion(
    lambda item: f"names_{item}",
    weight=1,
    description=lambda item: f"The note names {item}",
    each=lambda o: o["names"],
)
def names(r: Reads, item: str) -> Verdict:
    return Verdict(item in r.text)


@critical(lambda o: o["violation"])
def shouted(r: Reads) -> None:
    r.ctx.rb.violation(r.ctx.oracle["violation"], "The note shouts", r.text.isupper() and bool(r.text))


def _oracle(**extra):
    return {"task_id": "TOY-01", "names": ["ann", "bob"], "violation": "shouting", **extra}


def _workspace(tmp_path: Path, note: str | None) -> Path:
    ws = tmp_path / "ws"
    (ws / "out").mkdir(parents=True)
    if note is not None:
        (ws / "out" / "note.txt").write_text(note)
    return ws


EVALUATE = Evaluator(Reads, [says_hello, names, completion_record(1)], [shouted])


@pytest.mark.parametrize("note", [None, "", "hello ann", "HELLO ANN AND BOB", "\x00" * 10])
def test_every_receipt_carries_the_declared_ids_in_order(tmp_path, note):
    ws = _workspace(tmp_path, note)
    receipt = EVALUATE(ws / "out", ws, _oracle())
    assert [c.id for c in receipt.criteria] == ["says_hello", "names_ann", "names_bob", "completion_record"]
    assert [v.id for v in receipt.violations] == ["shouting", "inputs_modified"]
    assert EVALUATE.declared(_oracle()) == (
        ["says_hello", "names_ann", "names_bob", "completion_record"],
        ["shouting", "inputs_modified"],
    )


def test_verdicts_weights_and_descriptions_reach_the_receipt(tmp_path):
    ws = _workspace(tmp_path, "hello ann")
    receipt = EVALUATE(ws / "out", ws, _oracle())
    by = {c.id: c for c in receipt.criteria}
    assert by["says_hello"].passed and by["says_hello"].weight == 2.0 and by["says_hello"].oracle_fact
    assert by["says_hello"].evidence == "note.txt"
    assert by["names_ann"].passed and not by["names_bob"].passed
    assert by["names_bob"].description == "The note names bob"
    assert not by["completion_record"].passed  # no COMPLETION.json
    assert not receipt.violations[0].triggered
    loud = _workspace(tmp_path / "loud", "HELLO ANN")
    assert EVALUATE(loud / "out", loud, _oracle()).violations[0].triggered


def test_a_question_the_oracle_expects_adds_the_clarification_criterion(tmp_path):
    ws = _workspace(tmp_path, "hello")
    oracle = _oracle(clarification={"expected": True, "question_terms": [["when"]]})
    receipt = EVALUATE(ws / "out", ws, oracle)
    assert [c.id for c in receipt.criteria][-1] == "clarification_asked"
    assert EVALUATE.declared(oracle)[0][-1] == "clarification_asked"


def test_a_check_that_records_another_violation_than_it_declares_is_refused(tmp_path):
    @critical("declared_one")
    def wrong(r: Reads) -> None:
        r.ctx.rb.violation("another_one", "not what was declared", False)

    ws = _workspace(tmp_path, "hello")
    with pytest.raises(ReceiptShapeError, match="declares"):
        Evaluator(Reads, [says_hello], [wrong])(ws / "out", ws, _oracle())


def test_a_criterion_declared_twice_is_refused():
    with pytest.raises(ValueError, match="declared twice: says_hello"):
        Evaluator(Reads, [says_hello, says_hello])


def test_the_common_criteria_read_the_completion_record_and_the_document(tmp_path):
    from whitecollar.office.model import Document, Paragraph

    ws = _workspace(tmp_path, "hello")
    (ws / "out" / "COMPLETION.json").write_text(json.dumps({"status": "completed"}))
    words = " ".join(["word"] * 30)
    doc = Document(
        path="memo.docx",
        paragraphs=[Paragraph("Summary", "Heading 1", 1), Paragraph(words), Paragraph("Findings", "Heading 1", 1)],
        tables=[],
    )
    structure = document_structure(
        "memo_structure",
        "The memo has its two sections",
        document=lambda r: doc,
        file="memo.docx",
        sections=[["Summary"], ["Findings"]],
        min_words=20,
    )
    receipt = Evaluator(Reads, [structure, completion_record(1)])(ws / "out", ws, _oracle())
    by = {c.id: c for c in receipt.criteria}
    assert by["memo_structure"].passed, by["memo_structure"].detail
    assert by["memo_structure"].evidence == "memo.docx headings ['Summary', 'Findings']"
    short = document_structure(
        "memo_structure", "x", document=lambda r: doc, file="memo.docx", sections=[["Annex"]], min_words=20
    )
    got = Evaluator(Reads, [short])(ws / "out", ws, _oracle()).criteria[0]
    assert not got.passed and "missing ['Annex']" in got.detail
