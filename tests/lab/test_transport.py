import os
import sys
import time
from pathlib import Path

from whitecollar.lab.events import EventRecorder, read_events
from whitecollar.lab.transport import LocalTransport


def _alive(pid: int) -> bool:
    """Running or stopped; a killed process waiting for init to reap it (a zombie) is dead."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat[stat.rfind(")") + 2 :].split()[0] != "Z"


def test_streams_events_and_reports_the_exit_code(tmp_path):
    script = (
        "import json,sys\nfor i in range(3): print(json.dumps({'type':'assistant','i':i}), flush=True)\nsys.exit(4)"
    )
    with EventRecorder(tmp_path / "e.jsonl") as rec:
        out = LocalTransport().run([sys.executable, "-c", script], tmp_path, rec, time_limit_s=30)
    assert out.exit_code == 4 and not out.timed_out
    assert [e["event"]["i"] for e in read_events(tmp_path / "e.jsonl")] == [0, 1, 2]


def test_wall_limit_kills_the_whole_process_group(tmp_path):
    pidfile = tmp_path / "grandchild.pid"
    script = f'sleep 300 & echo $! > {pidfile}; echo \'{{"type":"system"}}\'; sleep 300'
    t0 = time.monotonic()
    with EventRecorder(tmp_path / "e.jsonl") as rec:
        out = LocalTransport().run(["sh", "-c", script], tmp_path, rec, time_limit_s=2)
    assert out.timed_out and out.exit_code is None
    assert time.monotonic() - t0 < 20
    grandchild = int(pidfile.read_text())
    time.sleep(0.2)
    assert not _alive(grandchild), "a grandchild outlived the wall limit"
    assert any(e.get("laboratory", {}).get("kind") == "wall_limit" for e in read_events(tmp_path / "e.jsonl"))


def test_a_line_cut_by_death_is_kept(tmp_path):
    script = 'import sys; sys.stdout.write(\'{"type": "res\'); sys.stdout.flush(); import os; os._exit(9)'
    with EventRecorder(tmp_path / "e.jsonl") as rec:
        out = LocalTransport().run([sys.executable, "-c", script], tmp_path, rec, time_limit_s=30)
    assert out.exit_code == 9
    assert read_events(tmp_path / "e.jsonl")[-1]["partial"] is True


def _running_with(marker: str) -> list[int]:
    pids = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if marker in cmdline.read_bytes().decode(errors="replace") and _alive(int(cmdline.parent.name)):
                pids.append(int(cmdline.parent.name))
        except (OSError, ValueError):
            continue
    return pids


def test_wall_limit_kills_a_walled_session_and_its_children(tmp_path):
    from whitecollar.lab.sandbox import available

    ok, why = available()
    if not ok:
        import pytest

        pytest.skip(f"no sandbox here: {why}")
    marker = f"{300 + os.getpid() % 1000 / 1000:.3f}"  # a sleep no one else runs
    t0 = time.monotonic()
    with EventRecorder(tmp_path / "e.jsonl") as rec:
        out = LocalTransport(walled=True).run(
            ["sh", "-c", f"sleep {marker} & echo '{{}}'; sleep {marker}"], tmp_path, rec, time_limit_s=2
        )
    assert out.timed_out and out.sandbox == "bubblewrap" and time.monotonic() - t0 < 20
    time.sleep(0.2)
    assert not _running_with(marker), "a walled process outlived the wall limit"
