"""The run folder's layout: one pattern for the rules, one type for the code, finished only once run.json is."""

from __future__ import annotations

import os

from runkit import write_run

from whitecollar.runs.layout import (
    EVENTS,
    INTEGRITY,
    OUT,
    PORTAL_LOG,
    RUN_JSON,
    RUN_PATTERN,
    STALE,
    RunFolder,
    finished_runs,
    run_path,
)


def test_the_rules_pattern_and_the_codes_path_agree():
    assert run_path("PROC-01", "0123456789ab", "A3", 2) == "PROC-01/0123456789ab/A3/r2"
    assert RUN_PATTERN.format(task="T", bundle="b", arm="A1", rep="1") == run_path("T", "b", "A1", "1")


def test_a_folder_names_its_files(tmp_path):
    folder = RunFolder(tmp_path)
    assert [folder.run_json, folder.events, folder.integrity, folder.portal_log, folder.out] == [
        tmp_path / name for name in (RUN_JSON, EVENTS, INTEGRITY, PORTAL_LOG, OUT)
    ]


def test_clearing_removes_what_an_earlier_attempt_left_and_nothing_else(tmp_path):
    folder = RunFolder(tmp_path / "run")
    folder.clear()
    assert folder.root.is_dir()
    for leaf in STALE:
        (folder.root / leaf).write_text("old")
    (folder.out / "sub").mkdir(parents=True)
    (folder.out / "sub" / "memo.md").write_text("old")
    (folder.root / "keep.txt").write_text("not the lab's")
    folder.clear()
    assert sorted(p.name for p in folder.root.iterdir()) == ["keep.txt"]
    os.symlink(tmp_path, folder.out)  # a link where out/ was: removed, its target untouched
    folder.clear()
    assert not folder.out.exists() and (tmp_path / "run" / "keep.txt").exists()


def test_a_run_is_finished_once_its_record_is_written(tmp_path):
    folder = RunFolder(tmp_path / "run")
    folder.out.mkdir(parents=True)
    assert not folder.finished()
    os.symlink("/etc/hostname", folder.run_json)
    assert not folder.finished(), "a link is not a record the lab wrote"
    folder.run_json.unlink()
    write_run(folder.root)
    assert folder.finished()


def test_workbooks_are_found_under_out_without_following_links(tmp_path):
    folder = RunFolder(tmp_path / "run")
    (folder.out / "sub").mkdir(parents=True)
    for rel in ("b.xlsx", "sub/a.xlsx", "memo.md"):
        (folder.out / rel).write_text("x")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secret.xlsx").write_text("x")
    os.symlink(elsewhere, folder.out / "linked")
    os.symlink(elsewhere / "secret.xlsx", folder.out / "link.xlsx")
    assert folder.workbooks() == [folder.out / "b.xlsx", folder.out / "sub" / "a.xlsx"]
    assert RunFolder(tmp_path / "none").workbooks() == []


def test_finished_runs_are_listed_sorted_and_nothing_under_out_counts(tmp_path):
    root = tmp_path / "runs"
    for rel in ("T-02/b/A1/r1", "T-01/b/A2/r1", "T-01/b/A1/r2"):
        write_run(root / rel)
    (root / "T-01" / "b" / "A1" / "r3" / OUT).mkdir(parents=True)  # unfinished: no record yet
    write_run(root / "T-01/b/A2/r1" / OUT / "nested")  # a worker's file named run.json is not a run
    assert [r.root.relative_to(root).as_posix() for r in finished_runs(root)] == [
        "T-01/b/A1/r2",
        "T-01/b/A2/r1",
        "T-02/b/A1/r1",
    ]
    assert finished_runs(tmp_path / "absent") == []
