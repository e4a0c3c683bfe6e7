"""The bounded child: each limit stops a child that passes it, and says which."""
from __future__ import annotations

import os
import sys
import time

from whitecollar.bounded import Limits, run_bounded

ROOMY = dict(wall_s=60.0, cpu_s=60, memory_mb=2048)


def _python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def test_a_quiet_child_is_ok():
    outcome = run_bounded(_python("print('fine')"), Limits(**ROOMY))
    assert outcome.kind == "ok" and outcome.returncode == 0
    assert outcome.exceeded(Limits(**ROOMY)) is None


def test_the_wall_clock_kills_a_sleeping_child_and_its_own_session(tmp_path):
    # the child starts a grandchild in a session of its own, as LibreOffice is started
    marker = tmp_path / "grandchild.pid"
    code = ("import subprocess, sys, time\n"
            f"p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'], start_new_session=True)\n"
            f"open({str(marker)!r}, 'w').write(str(p.pid))\n"
            "time.sleep(60)\n")
    limits = Limits(wall_s=2.0, cpu_s=60, memory_mb=2048)
    outcome = run_bounded(_python(code), limits)
    assert outcome.kind == "wall"
    assert outcome.exceeded(limits) == "evaluation exceeded 2 s (wall clock)"
    grandchild = int(marker.read_text())
    for _ in range(50):
        if not _alive(grandchild):
            break
        time.sleep(0.1)
    assert not _alive(grandchild)


def test_the_cpu_limit_stops_a_spinning_child():
    limits = Limits(wall_s=60.0, cpu_s=1, memory_mb=2048)
    outcome = run_bounded(_python("while True: pass"), limits)
    assert outcome.kind == "cpu"
    assert outcome.exceeded(limits) == "evaluation exceeded 1 s of CPU time"


def test_the_memory_limit_stops_a_greedy_child():
    limits = Limits(wall_s=60.0, cpu_s=60, memory_mb=256)
    code = ("import os\ntry:\n    b = bytearray(1024 * 1024 * 1024)\nexcept MemoryError:\n    os._exit(86)\n")
    outcome = run_bounded(_python(code), limits)
    assert outcome.kind == "memory"
    assert outcome.exceeded(limits) == "evaluation exceeded 256 MB of memory"


def test_a_failing_child_is_neither_bound():
    outcome = run_bounded(_python("import sys; sys.stderr.write('broken\\n'); sys.exit(3)"), Limits(**ROOMY))
    assert outcome.kind == "failed" and outcome.returncode == 3
    assert "broken" in outcome.stderr_tail
    assert outcome.exceeded(Limits(**ROOMY)) is None


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_kill_from_elsewhere_is_not_taken_for_the_cpu_limit():
    outcome = run_bounded(_python("import os, signal; os.kill(os.getpid(), signal.SIGKILL)"), Limits(**ROOMY))
    assert outcome.kind == "signal"
    assert outcome.exceeded(Limits(**ROOMY)) is None
