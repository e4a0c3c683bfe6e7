"""The replication's guards, without a lab: the archive check and the refusal of agent jobs."""

from __future__ import annotations

import hashlib
import io
import tarfile

import pytest
from runkit import write_run

from whitecollar.replication.replicate import ReplicationError, planned_jobs, refusal, verify_archive
from whitecollar.replication.restricted import ROOT_NAME, SUMS

DRY_RUN = """Building DAG of jobs...
Job stats:
job             count
------------  -------
evaluate_run        4
judge               2
pilot               1
total               7

rule evaluate_run:
"""


def _tar(path, files: dict[str, bytes], sums: dict[str, bytes] | None = None, prefix: str = ROOT_NAME):
    listed = files if sums is None else sums
    text = "".join(f"{hashlib.sha256(d).hexdigest()}  {n}\n" for n, d in sorted(listed.items()))
    with tarfile.open(path, "w", format=tarfile.GNU_FORMAT) as tar:
        for name, data in sorted({**files, SUMS: text.encode()}.items()):
            info = tarfile.TarInfo(f"{prefix}/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def test_planned_jobs_reads_the_job_stats():
    assert planned_jobs(DRY_RUN) == {"evaluate_run": 4, "judge": 2, "pilot": 1}
    assert planned_jobs("Nothing to be done (all requested files are present and up to date).") == {}


def test_a_plan_with_a_judge_or_a_worker_is_refused_by_name():
    why = refusal({"evaluate_run": 4, "judge": 2, "pilot": 1})
    assert why.startswith("the rebuild would start 2 judge job(s) (a judge)")
    assert "1 run job(s) (a worker session)" in refusal({"run": 1})
    assert "freeze (1)" in refusal({"freeze": 1, "pilot": 1})
    assert refusal({"evaluate_run": 4, "pilot": 1, "manuscript": 1, "paper": 1}) is None


def test_a_sound_archive_is_extracted(tmp_path):
    files = {"public/a.txt": b"a", "restricted/b.txt": b"b"}
    assert verify_archive(_tar(tmp_path / "p.tar", files), tmp_path / "x") == 2
    assert (tmp_path / "x" / ROOT_NAME / "restricted" / "b.txt").read_bytes() == b"b"


@pytest.mark.parametrize(
    "files, sums, message",
    [
        ({"public/a.txt": b"changed"}, {"public/a.txt": b"a"}, "public/a.txt does not match its SHA-256"),
        ({"public/a.txt": b"a", "public/extra.txt": b"x"}, {"public/a.txt": b"a"}, "extra.txt has no hash"),
        ({"public/a.txt": b"a"}, {"public/a.txt": b"a", "public/gone.txt": b"g"}, "gone.txt is listed"),
    ],
)
def test_a_damaged_archive_is_refused_naming_the_member(tmp_path, files, sums, message):
    with pytest.raises(ReplicationError, match=message):
        verify_archive(_tar(tmp_path / "p.tar", files, sums), tmp_path / "x")


def test_an_archive_of_something_else_is_refused(tmp_path):
    with pytest.raises(ReplicationError, match="outside whitecollar-restricted"):
        verify_archive(_tar(tmp_path / "p.tar", {"a.txt": b"a"}, prefix="other"), tmp_path / "x")
    (tmp_path / "q.tar").write_bytes(b"not a tar")
    with pytest.raises(ReplicationError, match="not an uncompressed tar"):
        verify_archive(tmp_path / "q.tar", tmp_path / "y")
    with pytest.raises(ReplicationError, match="no such package"):
        verify_archive(tmp_path / "none.tar", tmp_path / "z")


def test_an_archived_deliverable_that_differs_from_its_run_record_is_named(tmp_path):
    from whitecollar.replication.replicate import run_differences

    run = tmp_path / "X-01" / "abc" / "A1" / "r1"
    (run / "out").mkdir(parents=True)
    (run / "out" / "memo.md").write_text("memo")
    digest = hashlib.sha256(b"memo").hexdigest()
    write_run(run, deliverables={"memo.md": {"sha256": digest, "bytes": 4}})
    assert run_differences(tmp_path) == []
    (run / "out" / "memo.md").write_text("edited")
    (run / "out" / "extra.txt").write_text("x")
    assert run_differences(tmp_path) == [
        "X-01/abc/A1/r1: deliverable extra.txt differs from its run.json",
        "X-01/abc/A1/r1: deliverable memo.md differs from its run.json",
    ]
