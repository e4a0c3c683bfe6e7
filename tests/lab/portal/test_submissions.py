"""The submissions file: appended whole under a lock, read defensively by evaluators."""

from __future__ import annotations

import json
import threading

import pytest

from whitecollar.lab.portal.submissions import (
    MAX_READ_BYTES,
    SubmissionError,
    SubmissionLog,
    read_submissions,
    submission_text,
    submissions_file,
)


@pytest.fixture
def out(tmp_path):
    (tmp_path / "out").mkdir()
    return tmp_path / "out"


def test_concurrent_appends_keep_every_line_whole_and_numbered(out):
    log = SubmissionLog(out)
    threads = [threading.Thread(target=log.append, args=("award", {"n": k}), kwargs={"user": "u"}) for k in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lines = submissions_file(out).read_text().splitlines()
    recs = [json.loads(x) for x in lines]
    assert sorted(r["id"] for r in recs) == list(range(1, 21))
    assert sorted(r["fields"]["n"] for r in recs) == list(range(20))
    assert [p.name for p in submissions_file(out).parent.iterdir()] == ["submissions.jsonl"]  # no temp left


def test_a_link_planted_at_out_portal_is_never_written_through(out, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / "portal").symlink_to(elsewhere)
    with pytest.raises(SubmissionError):
        SubmissionLog(out).append("award", {}, user="u")
    assert not any(elsewhere.iterdir())


def test_a_link_planted_as_the_file_is_refused(out, tmp_path):
    (out / "portal").mkdir()
    secret = tmp_path / "secret"
    secret.write_text("x")
    submissions_file(out).symlink_to(secret)
    with pytest.raises(SubmissionError):
        SubmissionLog(out).append("award", {}, user="u")
    assert secret.read_text() == "x"


def test_reading_no_file_gives_nothing(out):
    found, problems = read_submissions(out)
    assert found == [] and problems == []


def test_reading_skips_garbage_lines_with_reasons(out):
    (out / "portal").mkdir()
    good = {"id": 1, "form_id": "award", "fields": {"recommended_supplier": "X"}}
    other = {"id": 2, "form_id": "other", "fields": {}}
    submissions_file(out).write_text(
        "\n".join([json.dumps(good), "{broken", "[1, 2]", json.dumps({"form_id": 3}), json.dumps(other), "\x00\xff"])
        + "\n",
        encoding="latin-1",
    )
    found, problems = read_submissions(out, "award")
    assert found == [good]
    assert len(problems) == 4
    assert len(read_submissions(out).submissions) == 2


def test_reading_refuses_links_and_caps_huge_files(out, tmp_path):
    (out / "portal").mkdir()
    target = tmp_path / "t.jsonl"
    target.write_text(json.dumps({"form_id": "award", "fields": {}}) + "\n")
    submissions_file(out).symlink_to(target)
    found, problems = read_submissions(out)
    assert found == [] and "symbolic link" in problems[0]
    submissions_file(out).unlink()
    with open(submissions_file(out), "w") as fh:
        fh.write(json.dumps({"form_id": "award", "fields": {"a": "b"}}) + "\n")
        fh.write("x" * (MAX_READ_BYTES + 10))
    found, problems = read_submissions(out)
    assert len(found) == 1 and any("only the start" in p for p in problems)


def test_reading_a_linked_portal_folder_is_refused(out, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (out / "portal").symlink_to(tmp_path / "elsewhere")
    found, problems = read_submissions(out)
    assert found == [] and problems


def test_submission_text_joins_the_values():
    assert submission_text({"fields": {"a": "Alpha", "b": 3, "c": "", "d": None}}) == "Alpha\n3"
