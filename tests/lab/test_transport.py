import os
import sys
import time

from whitecollar.lab.events import EventRecorder, read_events
from whitecollar.lab.transport import LocalTransport


def test_streams_events_and_reports_the_exit_code(tmp_path):
    script = "import json,sys\nfor i in range(3): print(json.dumps({'type':'assistant','i':i}), flush=True)\nsys.exit(4)"
    with EventRecorder(tmp_path / "e.jsonl") as rec:
        out = LocalTransport().run([sys.executable, "-c", script], tmp_path, rec, time_limit_s=30)
    assert out.exit_code == 4 and not out.timed_out
    assert [e["event"]["i"] for e in read_events(tmp_path / "e.jsonl")] == [0, 1, 2]


def test_wall_limit_kills_the_whole_process_group(tmp_path):
    pidfile = tmp_path / "grandchild.pid"
    script = f"sleep 300 & echo $! > {pidfile}; echo '{{\"type\":\"system\"}}'; sleep 300"
    t0 = time.monotonic()
    with EventRecorder(tmp_path / "e.jsonl") as rec:
        out = LocalTransport().run(["sh", "-c", script], tmp_path, rec, time_limit_s=2)
    assert out.timed_out and out.exit_code is None
    assert time.monotonic() - t0 < 20
    grandchild = int(pidfile.read_text())
    time.sleep(0.2)
    try:
        os.kill(grandchild, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive, "a grandchild outlived the wall limit"
    assert any(e.get("laboratory", {}).get("kind") == "wall_limit" for e in read_events(tmp_path / "e.jsonl"))


def test_a_line_cut_by_death_is_kept(tmp_path):
    script = "import sys; sys.stdout.write('{\"type\": \"res'); sys.stdout.flush(); import os; os._exit(9)"
    with EventRecorder(tmp_path / "e.jsonl") as rec:
        out = LocalTransport().run([sys.executable, "-c", script], tmp_path, rec, time_limit_s=30)
    assert out.exit_code == 9
    assert read_events(tmp_path / "e.jsonl")[-1]["partial"] is True
