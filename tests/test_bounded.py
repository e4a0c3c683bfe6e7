"""The bounded child: each limit stops a child that passes it, and says which."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from whitecollar.bounded import Limits, run_bounded, run_forked

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
    code = (
        "import subprocess, sys, time\n"
        f"p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'], start_new_session=True)\n"
        f"open({str(marker)!r}, 'w').write(str(p.pid))\n"
        "time.sleep(60)\n"
    )
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
    code = "import os\ntry:\n    b = bytearray(1024 * 1024 * 1024)\nexcept MemoryError:\n    os._exit(86)\n"
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


# the same bounds for a forked function (the grading server's bounded children)


def _address_space_mb() -> int:
    with open("/proc/self/statm", encoding="ascii") as fh:
        return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE") // (1024 * 1024)


def test_a_forked_function_exits_with_its_status():
    assert run_forked(lambda: 0, Limits(**ROOMY)).kind == "ok"
    failed = run_forked(lambda: 1 / 0, Limits(**ROOMY))
    assert failed.kind == "failed" and "ZeroDivisionError" in failed.stderr_tail


def test_the_wall_clock_kills_a_forked_function_and_the_session_it_started(tmp_path):
    marker = tmp_path / "grandchild.pid"

    def stall() -> int:
        p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], start_new_session=True)
        marker.write_text(str(p.pid))
        time.sleep(60)
        return 0

    outcome = run_forked(stall, Limits(wall_s=2.0, cpu_s=60, memory_mb=4096))
    assert outcome.kind == "wall" and outcome.seconds < 10
    grandchild = int(marker.read_text())
    for _ in range(50):
        if not _alive(grandchild):
            break
        time.sleep(0.1)
    assert not _alive(grandchild)


def test_the_cpu_limit_stops_a_spinning_forked_function():
    def spin() -> int:
        while True:
            pass

    assert run_forked(spin, Limits(wall_s=60.0, cpu_s=1, memory_mb=4096)).kind == "cpu"


def test_the_memory_limit_counts_what_a_fork_inherits():
    limits = Limits(wall_s=60.0, cpu_s=60, memory_mb=_address_space_mb() + 128)
    outcome = run_forked(lambda: len(bytearray(1024 * 1024 * 1024)), limits)
    assert outcome.kind == "memory"
    assert run_forked(lambda: len(bytearray(32 * 1024 * 1024)) * 0, limits).kind == "ok"


def test_a_bounded_child_lowers_its_soft_limits_only():
    code = (
        "import resource\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_CPU)\n"
        "resource.setrlimit(resource.RLIMIT_CPU, (hard, hard))\n"
    )  # what the office's starter does
    assert run_bounded(_python(code), Limits(**ROOMY)).kind == "ok"
