import json

import pytest

from whitecollar.grading.receipt import (
    Abstention,
    Integrity,
    Receipt,
    ReceiptBuilder,
    ReceiptError,
    read_receipt,
    validate_receipt,
)


def make(passed=(True, True), triggered=False) -> Receipt:
    rb = ReceiptBuilder("X-01", "1.0")
    rb.criterion("a", "first", 2, passed[0], oracle_fact=True)
    rb.criterion("b", "second", 1, passed[1])
    rb.violation("v", "bad thing", triggered)
    rb.deliverable("out.xlsx", True, True)
    rb.abstention = Abstention("completed", False, False, None, "completed", "")
    rb.integrity = Integrity(True, [], "ok")
    return rb.build()


def test_weighted_score_and_success():
    r = make((True, False))
    assert r.weighted_score == pytest.approx(2 / 3, abs=1e-6)
    assert not r.success and r.failed_criteria == ["b"]
    assert make().success
    assert not make(triggered=True).success


def test_receipt_round_trips_and_matches_schema():
    r = make()
    d = r.to_dict()
    assert validate_receipt(d) == []
    again = Receipt.from_dict(d)
    assert again.to_json() == r.to_json()


def test_schema_rejects_a_missing_field():
    d = make().to_dict()
    del d["criteria"][0]["weight"]
    assert validate_receipt(d)


def test_builder_refuses_duplicates_and_incomplete_receipts():
    rb = ReceiptBuilder("X-01", "1.0")
    rb.criterion("a", "first", 1, True)
    with pytest.raises(ValueError):
        rb.criterion("a", "again", 1, True)
    with pytest.raises(ValueError):
        rb.criterion("z", "zero weight", 0, True)
    with pytest.raises(ValueError, match="abstention"):
        rb.build()


def test_an_evaluator_error_is_never_a_success():
    r = make()
    r.evaluator_error = "boom"
    assert not r.success


def test_receipt_json_is_deterministic():
    assert make().to_json() == make().to_json()


def test_a_stored_receipt_is_read_back_typed(tmp_path):
    path = tmp_path / "receipt.json"
    path.write_text(make((True, False)).to_json())
    again = read_receipt(path)
    assert again.to_json() == make((True, False)).to_json() and again.failed_criteria == ["b"]


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda d: d.update(success=True), "success"),
        (lambda d: d.update(weighted_score=1.0), "weighted_score"),
        (lambda d: d.update(failed_criteria=[]), "failed_criteria"),
        (lambda d: d["criteria"][0].pop("weight"), "not a receipt"),
    ],
)
def test_a_receipt_edited_by_hand_is_refused(tmp_path, edit, says):
    data = make((True, False)).to_dict()
    edit(data)
    path = tmp_path / "receipt.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ReceiptError) as caught:
        read_receipt(path)
    message = str(caught.value)
    assert message.startswith(str(path)) and says in message and "grade the run again" in message
    assert "\n" not in message


@pytest.mark.parametrize("content", ["", "{", "[]", '"text"', "\x00\xff"])
def test_garbage_in_a_receipt_file_is_one_clear_error(tmp_path, content):
    path = tmp_path / "receipt.json"
    path.write_text(content, encoding="latin-1")
    with pytest.raises(ReceiptError, match=r"receipt\.json: (unreadable|not a receipt)"):
        read_receipt(path)
    with pytest.raises(ReceiptError, match="not found"):
        read_receipt(tmp_path / "absent.json")
