"""The quiet wrapper `make pilot` runs Snakemake through (whitecollar/workflow/progress.py)."""

from __future__ import annotations

import io
import sys

from whitecollar.workflow.progress import Progress, run

LOG = """Building DAG of jobs...
Job stats:
job             count
------------  -------
evaluate_run        2
judge               3
pilot               1
total               6

Select jobs to execute...
[Tue Dec  1 17:26:18 2026]
localrule evaluate_run:
    input: a, b
Finished jobid: 4 (Rule: evaluate_run)
1 of 6 steps (17%) done
Finished jobid: 5 (Rule: evaluate_run)
2 of 6 steps (33%) done
Finished jobid: 6 (Rule: judge)
3 of 6 steps (50%) done
"""


def test_the_plan_and_each_completed_stage_are_shown():
    progress, shown = Progress(), []
    for line in LOG.splitlines():
        shown += progress.feed(line)
    assert shown[0] == "planned: 6 jobs (evaluate_run 2, judge 3, pilot 1)"
    assert shown[1].split() == ["evaluate_run", "2/2", "done"]
    assert len(shown) == 2
    assert progress.steps == (3, 6)
    assert [line.split()[:2] for line in progress.unfinished()] == [["judge", "1/3"], ["pilot", "0/1"]]
    assert "3/6 steps judge" in progress.bar()


def _command(text: str, status: int) -> list[str]:
    return [sys.executable, "-c", f"import sys; sys.stderr.write({text!r}); sys.exit({status})"]


def test_the_log_goes_to_its_file_and_only_progress_to_the_terminal(tmp_path):
    out = io.StringIO()
    log = tmp_path / "logs" / "pilot.log"
    assert run(_command(LOG, 0), log, out=out) == 0
    assert log.read_text() == LOG
    shown = out.getvalue()
    assert "localrule evaluate_run" not in shown
    assert "planned: 6 jobs" in shown and f"full Snakemake log: {log}" in shown


def test_verbose_passes_the_whole_log_through(tmp_path):
    out = io.StringIO()
    run(_command(LOG, 0), tmp_path / "v.log", verbose=True, out=out)
    assert LOG in out.getvalue()


def test_a_failure_shows_the_error_and_the_log_tail(tmp_path):
    failing = (
        LOG + "Error in rule judge:\n    jobid: 7\n    log: results/logs/j.log (check log file(s) for error details)\n"
    )
    out = io.StringIO()
    assert run(_command(failing, 1), tmp_path / "f.log", out=out) == 1
    shown = out.getvalue()
    assert "Error in rule judge:" in shown and "results/logs/j.log" in shown
    assert "last lines of the log:" in shown
