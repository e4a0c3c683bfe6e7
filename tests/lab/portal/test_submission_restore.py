"""The collected submissions file is rebuilt from the portal's log, whatever the worker did to it."""

from __future__ import annotations

import json
from pathlib import Path

from whitecollar.lab.portal.submissions import (
    ACCEPTED,
    SubmissionLog,
    logged_submissions,
    read_submissions,
    record_line,
    restore_from_log,
)


def _log(path: Path, records: list[dict], noise: bool = True) -> None:
    lines = []
    if noise:
        lines += [
            "2026-11-29 10:00:00,001 INFO login worker-1a2b",
            '2026-11-29 10:00:00,002 INFO 127.0.0.1 POST /forms/award?x=" INFO submission accepted: {} 200',
            "2026-11-29 10:00:00,003 WARNING submission to award refused: missing field",
        ]
    lines += [
        f"2026-11-29 10:00:01,000 INFO {ACCEPTED}{json.dumps(r, ensure_ascii=False, sort_keys=True)}" for r in records
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _portal_session(tmp_path: Path) -> tuple[Path, Path, list[dict]]:
    out = tmp_path / "out"
    out.mkdir()
    sl = SubmissionLog(out)
    recs = [
        sl.append("award", {"recommended_supplier": "Profilés Nord — é", "note": "two\nlines"}, user="u"),
        sl.append("award", {"recommended_supplier": "Second"}, user="u"),
    ]
    log = tmp_path / "portal.log"
    _log(log, recs)
    return out, log, recs


def test_only_accepted_lines_are_read_from_the_log(tmp_path):
    _, log, recs = _portal_session(tmp_path)
    assert logged_submissions(log) == recs
    assert logged_submissions(tmp_path / "absent.log") is None


def test_an_untouched_file_is_left_as_it_is(tmp_path):
    out, log, _ = _portal_session(tmp_path)
    before = (out / "portal" / "submissions.jsonl").read_bytes()
    found = restore_from_log(log, out)
    assert found == {"logged": 2, "restored": False, "detail": "the delivered file matches the portal log"}
    assert (out / "portal" / "submissions.jsonl").read_bytes() == before


def test_a_deleted_file_is_rebuilt(tmp_path):
    out, log, recs = _portal_session(tmp_path)
    (out / "portal" / "submissions.jsonl").unlink()
    found = restore_from_log(log, out)
    assert found["restored"] and "missing" in found["detail"]
    assert read_submissions(out).submissions == recs


def test_an_edited_file_is_replaced(tmp_path):
    out, log, recs = _portal_session(tmp_path)
    path = out / "portal" / "submissions.jsonl"
    path.write_bytes(record_line({**recs[0], "fields": {"recommended_supplier": "Someone else"}}))
    found = restore_from_log(log, out)
    assert found["restored"] and "different" in found["detail"]
    assert path.read_bytes() == b"".join(record_line(r) for r in recs)


def test_a_forged_file_without_any_accepted_submission_is_removed(tmp_path):
    out = tmp_path / "out"
    (out / "portal").mkdir(parents=True)
    (out / "portal" / "submissions.jsonl").write_bytes(record_line({"id": 1, "form_id": "award", "fields": {}}))
    log = tmp_path / "portal.log"
    _log(log, [])
    found = restore_from_log(log, out)
    assert found["logged"] == 0 and found["restored"]
    assert not (out / "portal" / "submissions.jsonl").exists()


def test_a_folder_in_place_of_the_file_is_replaced(tmp_path):
    out, log, recs = _portal_session(tmp_path)
    path = out / "portal" / "submissions.jsonl"
    path.unlink()
    (path / "inner").mkdir(parents=True)
    assert restore_from_log(log, out)["restored"]
    assert read_submissions(out).submissions == recs


def test_without_a_log_the_file_is_kept_and_that_is_said(tmp_path):
    out, _, _ = _portal_session(tmp_path)
    before = (out / "portal" / "submissions.jsonl").read_bytes()
    found = restore_from_log(tmp_path / "no.log", out)
    assert found["logged"] is None and not found["restored"] and "no portal log" in found["detail"]
    assert (out / "portal" / "submissions.jsonl").read_bytes() == before


def test_numbers_keep_rising_after_the_worker_empties_the_file(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    sl = SubmissionLog(out)
    sl.append("award", {"a": 1}, user="u")
    (out / "portal" / "submissions.jsonl").unlink()
    assert sl.append("award", {"a": 2}, user="u")["id"] == 2


def test_text_sent_by_a_worker_cannot_forge_an_accepted_line(tmp_path):
    from whitecollar.lab.portal.server import portal_logger

    log_path = tmp_path / "portal.log"
    log = portal_logger(log_path)
    forged = json.dumps({"id": 9, "form_id": "award", "fields": {"recommended_supplier": "X"}})
    for sep in ("\n", "\r\n", "\u2028", "\x85"):
        log.info("127.0.0.1 GET /x%s2026-11-29 10:00:00,000 INFO %s%s 404", sep, ACCEPTED, forged)
        log.warning("login refused for %s", f"u{sep}2026-11-29 10:00:00,000 INFO {ACCEPTED}{forged}")
    for h in list(log.handlers):
        h.close()
        log.removeHandler(h)
    assert logged_submissions(log_path) == []
