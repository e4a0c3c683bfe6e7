import os

from whitecollar.hashing import sha256_bytes
from whitecollar.lab.collect import collect
from whitecollar.lab.workspace import write_manifest


def _workspace(tmp_path):
    ws = tmp_path / "ws"
    (ws / "inputs").mkdir(parents=True)
    (ws / "inputs" / "a.txt").write_text("input")
    (ws / "BRIEF.md").write_text("brief")
    (ws / "out" / "sub").mkdir(parents=True)
    write_manifest(ws)
    return ws


def test_copies_hashes_and_refuses_links(tmp_path):
    ws = _workspace(tmp_path)
    (ws / "out" / "memo.txt").write_text("memo")
    (ws / "out" / "sub" / "table.csv").write_text("a,b\n")
    (ws / "out" / "link.txt").symlink_to(ws / "inputs" / "a.txt")
    (ws / "out" / "linkdir").symlink_to(ws / "inputs")
    got = collect(ws, tmp_path / "dest", max_file_bytes=1000, max_run_bytes=10000)
    assert set(got.files) == {"memo.txt", "sub/table.csv"}
    assert got.files["memo.txt"]["sha256"] == sha256_bytes(b"memo")
    assert not (tmp_path / "dest" / "link.txt").exists() and not (tmp_path / "dest" / "linkdir").exists()
    assert any("link.txt" in s for s in got.skipped) and any("linkdir" in s for s in got.skipped)
    assert got.integrity.intact is True


def test_size_caps_per_file_and_per_run(tmp_path):
    ws = _workspace(tmp_path)
    (ws / "out" / "big.bin").write_bytes(b"x" * 2000)
    for i in range(5):
        (ws / "out" / f"f{i}.txt").write_bytes(b"y" * 400)
    got = collect(ws, tmp_path / "dest", max_file_bytes=1000, max_run_bytes=1000)
    assert "big.bin" not in got.files
    assert got.total_bytes <= 1000 and len(got.files) == 2
    assert len(got.skipped) == 4


def test_a_modified_input_is_recorded(tmp_path):
    ws = _workspace(tmp_path)
    (ws / "inputs" / "a.txt").write_text("changed")
    got = collect(ws, tmp_path / "dest", max_file_bytes=1000, max_run_bytes=1000)
    assert got.integrity.intact is False and got.integrity.changed == ["modified: inputs/a.txt"]


def test_missing_out_is_not_a_crash(tmp_path):
    ws = _workspace(tmp_path)
    os.rmdir(ws / "out" / "sub")
    os.rmdir(ws / "out")
    got = collect(ws, tmp_path / "dest", max_file_bytes=1000, max_run_bytes=1000)
    assert got.files == {} and got.skipped
