"""The completion record is read tolerantly, and its non-conformities are reported separately."""

from __future__ import annotations

import json

import pytest

from whitecollar.grading.completion import (
    Completion,
    as_str_list,
    completion_from_data,
    normalise_status,
    read_completion,
)
from whitecollar.office.model import Failure

VALID = {
    "status": "completed",
    "summary": "Evaluated three quotations.",
    "delivered": ["out/evaluation.xlsx", "out/memo.docx"],
    "assumptions": [],
    "questions": [],
    "issues": ["Laurentides validity lapsed"],
}


def test_valid_record_has_no_schema_problems(tmp_path):
    p = tmp_path / "COMPLETION.json"
    p.write_text(json.dumps(VALID), encoding="utf-8")
    c = read_completion(p)
    assert isinstance(c, Completion) and c
    assert c.status == "completed" and c.schema_problems == [] and c.notes == []
    assert c.delivered == VALID["delivered"] and c.issues == VALID["issues"]
    assert c.source == str(p)
    assert read_completion(str(p)).status == "completed"


def test_extra_keys_are_allowed_by_the_schema():
    c = read_completion(json.dumps({**VALID, "notes": "Checked twice.", "confidence": 0.9}))
    assert c.schema_problems == []
    assert "Checked twice." in c.all_text and c.extra["confidence"] == 0.9


@pytest.mark.parametrize(
    "raw, status",
    [
        ("Needs Clarification", "needs_clarification"),
        ("needs-clarification", "needs_clarification"),
        ("NEEDS_CLARIFICATION", "needs_clarification"),
        ("complete", "completed"),
        ("done", "completed"),
        (" Completed ", "completed"),
        ("abstain", "abstained"),
        ("Abstained", "abstained"),
        ("partial", "invalid"),
        ("", "invalid"),
        (None, "invalid"),
        (["completed"], "invalid"),
    ],
)
def test_status_normalised(raw, status):
    c = completion_from_data({**VALID, "status": raw})
    assert c.status == status and c.status_raw == raw
    assert normalise_status(raw) == status
    conforming = raw in ("completed", "needs_clarification", "abstained")
    assert (c.schema_problems == []) is conforming


def test_string_where_list_expected_is_one_item():
    c = completion_from_data({**VALID, "questions": "Please confirm X"})
    assert c.questions == ["Please confirm X"]
    assert c.schema_problems == ["questions is string, expected array of strings"]


def test_issue_given_as_string_stays_visible():
    c = completion_from_data({**VALID, "issues": "Validity of the Laurentides quotation lapsed"})
    assert c.issues == ["Validity of the Laurentides quotation lapsed"]
    assert all(len(i) > 1 for i in c.issues)


def test_shapes_dicts_nested_lists_and_scalars():
    c = completion_from_data(
        {
            **VALID,
            "delivered": {"memo": "out/memo.docx", "book": "out/evaluation.xlsx"},
            "issues": [{"supplier": "Laurentides", "issue": "validity lapsed"}, ["a", ["b", ""]], 3, None, "  "],
            "assumptions": None,
            "summary": ["Part one.", "Part two."],
        }
    )
    assert c.delivered == ["out/memo.docx", "out/evaluation.xlsx"]
    assert c.issues == ["supplier: Laurentides; issue: validity lapsed", "a", "b", "3"]
    assert c.assumptions == []
    assert c.summary == "Part one. Part two."
    assert set(c.schema_problems) == {
        "summary is array, expected string",
        "delivered is object, expected array of strings",
        "issues contains array, null, number, object items, expected strings",
        "assumptions is null, expected array of strings",
    }


def test_synonym_keys_are_read_and_noted():
    data = {
        "status": "completed",
        "summary": "s",
        "deliverables": ["out/memo.docx"],
        "assumptions": [],
        "open_questions": ["Q1"],
        "issues_found": ["I1"],
        "anomalies": "I2",
        "findings": ["I1", "I3"],
        "clarifications": ["Q2"],
    }
    c = completion_from_data(data)
    assert c.delivered == ["out/memo.docx"]
    assert c.questions == ["Q1", "Q2"]
    assert c.issues == ["I1", "I2", "I3"]
    assert sorted(c.schema_problems) == ["missing key: delivered", "missing key: issues", "missing key: questions"]
    assert "key 'issues_found' read as 'issues'" in c.notes


def test_canonical_key_first_then_synonym():
    c = completion_from_data({**VALID, "findings": ["F"], "issues": ["I"]})
    assert c.issues == ["I", "F"]


def test_missing_keys_reported_without_raising():
    c = completion_from_data({})
    assert c.status == "invalid" and c.summary == "" and c.issues == []
    assert sorted(c.schema_problems) == sorted(
        f"missing key: {k}" for k in ("status", "summary", "delivered", "assumptions", "questions", "issues")
    )


def test_all_text_joins_everything():
    c = completion_from_data({**VALID, "questions": "Confirm validity?", "remarks": {"x": "Approved vendor note"}})
    t = c.all_text
    for piece in (
        "Evaluated three quotations.",
        "out/memo.docx",
        "Confirm validity?",
        "Laurentides validity lapsed",
        "Approved vendor note",
    ):
        assert piece in t


@pytest.mark.parametrize(
    "text, fragment",
    [
        ('{"status": "completed",', "invalid JSON: Expecting property name"),
        ("status: done", "invalid JSON: Expecting value"),
        ("", "empty completion record"),
        ("   ", "empty completion record"),
        ("[1, 2]", "top-level JSON value is array"),
        ('"completed"', "top-level JSON value is string"),
        ("```json\n{}\n```", "invalid JSON"),
    ],
)
def test_invalid_input_is_a_failure_quoting_the_parser(text, fragment):
    r = read_completion(text)
    assert isinstance(r, Failure) and not r
    assert fragment in r.reason


def test_paths_bytes_and_garbage(tmp_path, garbage_values, binary_text, huge_text):
    assert read_completion(tmp_path / "nope.json").reason == "file not found"
    assert read_completion("missing/COMPLETION.json").reason == "file not found"
    assert isinstance(read_completion(tmp_path), Failure)  # a directory
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + json.dumps(VALID).encode())
    assert read_completion(bom).status == "completed"
    assert read_completion(json.dumps(VALID).encode()).status == "completed"
    assert read_completion(VALID).status == "completed"
    for g in [*garbage_values, binary_text, huge_text, "\x00" * 10, "{" * 100_000]:
        r = read_completion(g)
        assert isinstance(r, (Failure, Completion))


def test_huge_valid_record_is_read():
    c = read_completion(json.dumps({**VALID, "summary": "x" * 90_000, "issues": ["i"] * 10_000}))
    assert len(c.summary) == 90_000 and len(c.issues) == 1 and not c.schema_problems  # duplicates merged


@pytest.mark.parametrize(
    ("field", "raw", "named"),
    [
        ("issues", "[" + "7" * 2_000_000 + "]", "issues[0]: a number of 2,000,000 characters"),
        ("summary", json.dumps("x" * 5_000_000), "summary: a string of 5,000,000 characters"),
        ("total", "-" + "9" * 70 + ".5", "total: a number of 73 characters"),
        ("questions", json.dumps(["1" * 10_000]), "questions[0]: a number of 10,000 characters"),
        ("figures", '{"a": {"b": [1e' + "9" * 100 + "]}}", "figures.a.b[0]: a number of 102 characters"),
    ],
)
def test_numbers_and_strings_of_any_size_are_a_named_problem_never_an_error(field, raw, named):
    body = {k: v for k, v in VALID.items() if k != field}
    text = json.dumps(body)[:-1] + f', "{field}": {raw}}}'
    c = read_completion(text)
    assert isinstance(c, Completion)
    assert any(p.startswith(named) for p in c.schema_problems), c.schema_problems
    assert len(c.all_text) < 10_000  # nothing downstream reads the value whole


def test_deeply_nested_values_do_not_recurse_forever():
    deep: object = "leaf"
    for _ in range(500):
        deep = [deep]
    c = completion_from_data({**VALID, "issues": deep})
    assert isinstance(c.issues, list)


def test_as_str_list_never_iterates_characters():
    assert as_str_list("abc") == ["abc"]
    assert as_str_list(("a", "b")) == ["a", "b"]
    assert as_str_list(True) == ["true"]
    assert as_str_list(None) == []
