"""run.json as one type: written once for every run, read back checked, refused with its file's name."""

from __future__ import annotations

import json
from dataclasses import MISSING, fields

import pytest
from runkit import DEFAULTS, record, write_run

from whitecollar.runs.record import (
    NOT_LAUNCHED,
    STATUSES,
    WORKER_FIELDS,
    RunRecord,
    RunRecordError,
    not_launched_reason,
    read_run_record,
    run_record_schema,
    validate_run_record,
    worker_fields,
)


def test_the_schema_and_the_type_name_the_same_fields_and_statuses():
    schema = run_record_schema()
    assert set(schema["properties"]) == {f.name for f in fields(RunRecord)}
    assert schema["properties"]["status"]["enum"] == list(STATUSES)
    without_default = {f.name for f in fields(RunRecord) if f.default is MISSING and f.default_factory is MISSING}
    assert set(schema["required"]) == without_default == set(DEFAULTS)
    assert set(WORKER_FIELDS) <= set(schema["properties"])


def test_a_record_round_trips_through_its_file(tmp_path):
    written = record(
        model="m", persona="obedient", deliverables={"memo.md": {"sha256": "a" * 64, "bytes": 4}}, cost_usd=None
    )
    path = written.write(tmp_path / "run.json")
    assert read_run_record(path) == written
    assert json.loads(path.read_text()) == written.to_dict()
    assert validate_run_record(written.to_dict()) == []
    assert not list(tmp_path.glob("*.tmp*")), "written through a temporary name"


def test_launched_and_not_launched_runs_have_one_shape(tmp_path):
    ran = record()
    skipped = record(status=NOT_LAUNCHED, not_launched_reason="the envelope was spent", wall_s=0.0)
    assert set(ran.to_dict()) == set(skipped.to_dict())
    assert ran.launched and not skipped.launched
    assert validate_run_record(skipped.to_dict()) == []
    lacking = dict(skipped.to_dict(), not_launched_reason=None)
    assert validate_run_record(lacking), "a run not launched says why"


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("", "unreadable"),
        ("{not json", "unreadable"),
        ("[]", "not a run record"),
        ("{}", "not a run record"),
        (json.dumps({**DEFAULTS, "status": "finished"}), "status"),
        (json.dumps({**DEFAULTS, "repeat": "2"}), "repeat"),
        (json.dumps({**DEFAULTS, "surprise": 1}), "surprise"),
        (json.dumps({k: v for k, v in DEFAULTS.items() if k != "bundle_sha256"}), "bundle_sha256"),
    ],
)
def test_a_file_that_is_not_a_record_is_refused_in_one_line_naming_it(tmp_path, content, says):
    path = tmp_path / "runs" / "T-01" / "run.json"
    path.parent.mkdir(parents=True)
    path.write_text(content)
    with pytest.raises(RunRecordError) as caught:
        read_run_record(path)
    message = str(caught.value)
    assert message.startswith(str(path)) and says in message and "\n" not in message
    assert "run the run again" in message


def test_a_missing_record_says_the_run_has_not_finished(tmp_path):
    with pytest.raises(RunRecordError, match="not found; the run has not finished"):
        read_run_record(tmp_path / "run.json")


def test_why_a_run_was_not_launched_is_read_from_its_record(tmp_path):
    assert not_launched_reason(tmp_path) is None  # nothing there yet
    write_run(tmp_path, status=NOT_LAUNCHED, not_launched_reason="budget envelope: 3.00 USD remaining")
    assert not_launched_reason(tmp_path) == "budget envelope: 3.00 USD remaining"
    write_run(tmp_path)
    assert not_launched_reason(tmp_path) is None
    (tmp_path / "run.json").write_text('{"status": "not_launched"}')
    with pytest.raises(RunRecordError):
        not_launched_reason(tmp_path)


def test_a_backend_description_with_a_field_the_record_lacks_is_refused():
    assert worker_fields({"backend": "simulated", "simulated": True}) == {"backend": "simulated", "simulated": True}
    with pytest.raises(RunRecordError, match="surprise"):
        worker_fields({"backend": "simulated", "surprise": 1})
