"""The judge panel inside the pilot, in a scratch copy of the repository.

The default pilot (simulated workers, simulated judges) must produce a score
file per run and judge, the agreement table and the judges' rows in the
database and the ledger; and editing one judge's settings must plan that
judge's score jobs and the pilot's record, never a run, a receipt, a package
or another judge; and a package re-rendered to the same bytes must ask no
judge at all. Works on the session's piloted lab (tests/labkit.py: one
scenario, four arms, one repeat) and clones of it.
"""

from __future__ import annotations

import csv
import json
import sqlite3
import sys
from pathlib import Path

import pytest
import yaml
from judge_helpers import STAND_IN
from labkit import build, planned

pytestmark = pytest.mark.slow

TARGET = "results/pilot"


def rows(path: Path) -> list[dict]:
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def test_default_pilot_judges_every_run_and_reports_agreement(lab_states):
    lab = lab_states("piloted")
    runs = sorted((lab / "results" / "runs").rglob("run.json"))
    scores = sorted((lab / "results" / "judging" / "scores").rglob("*.json"))
    assert len(runs) == 4 and len(scores) == 12
    assert sorted({p.name for p in scores}) == ["judge-a.json", "judge-b.json", "judge-c.json"]
    for path in scores:
        rec = json.loads(path.read_text())
        assert rec["label"] == "SIMULATED" and rec["status"] == "scored" and len(rec["criteria"]) == 6
    packages = sorted((lab / "results" / "judging" / "packages").rglob("package.txt"))
    assert len(packages) == 4 and all((p.parent / "prompt.txt").is_file() for p in packages)
    for package in packages:
        text = package.read_text()
        assert "A1 plus" not in text and "A3 plus" not in text and "simulated" not in text.lower()
    pilot = lab / TARGET
    agreement = rows(pilot / "judges.csv")
    assert [(r["task_id"], r["judge"]) for r in agreement] == [
        (t, j) for t in ("PROC-01", "ALL") for j in ("panel", "judge-a", "judge-b", "judge-c")
    ]
    assert {r["label"] for r in agreement} == {"SIMULATED"}
    assert agreement[0]["runs"] == "4" and agreement[0]["units"] == "24" and agreement[0]["judgements"] == "12"
    judge_rows = [r for r in rows(pilot / "ledger.csv") if r["kind"] == "judge"]
    assert len(judge_rows) == 12 and {r["label"] for r in judge_rows} == {"SIMULATED"}
    con = sqlite3.connect(pilot / "experiment.sqlite")
    assert con.execute("SELECT count(*) FROM judgements").fetchone() == (12,)
    assert con.execute("SELECT count(*) FROM judge_scores").fetchone() == (72,)
    assert "SIMULATED: judges" in (pilot / "summary.txt").read_text()


def test_changing_one_judge_replans_its_scores_and_the_pilot_only(lab):
    # (that a full pilot plans nothing more, judging included, is tests/test_pilot_workflow.py's job)
    lab = lab()
    path = lab / "config.yaml"
    original = path.read_text()
    cfg = yaml.safe_load(original)
    judge = next(j for j in cfg["judges"]["panel"] if j["name"] == "judge-b")
    judge["noise_sd"] = judge.get("noise_sd", 0.6) + 0.4
    path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    # the panel is protocol: its configuration file is written again, and the pilot's audit reads it
    assert planned(lab, TARGET) == {"configuration": 1, "judge": 4, "pilot": 1}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def stand_in_calls(state: Path) -> list[str]:
    log = Path(f"{state}.calls")
    return log.read_text().splitlines() if log.exists() else []


def test_a_re_render_to_the_same_bytes_asks_no_judge_and_a_real_change_does(lab, tmp_path):
    """Judge precision: Snakemake reruns every judge job downstream of a re-render, but no judge is asked
    when the package, prompt, rubric and its settings are unchanged; the score files come back byte for byte."""
    lab = lab()
    state = tmp_path / "stand-in"
    path = lab / "config.yaml"
    cfg = yaml.safe_load(path.read_text())
    cfg["judges"]["panel"].append(
        {
            "name": "judge-s",
            "backend": "command",
            "model": "stand-in",
            "timeout_s": 60,
            "command": [sys.executable, str(STAND_IN), "good", "{rubric}", str(state), "{package}"],
        }
    )
    path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    build(lab, TARGET)
    judging = lab / "results" / "judging"
    assert len(stand_in_calls(state)) == 4  # one judgement per run of the lab
    scores, packages = snapshot(judging / "scores"), snapshot(judging / "packages")
    assert len(scores) == 16 and len(packages) == 12

    # a harmless edit of the render code: every package is re-rendered, every judge job scheduled
    render = lab / "src" / "whitecollar" / "judges" / "render.py"
    render.write_text(render.read_text().replace('"""The blind package:', '"""The blind package (text only):', 1))
    plan = planned(lab, TARGET)
    assert plan["render"] == 4 and plan["judge"] == 16, plan
    build(lab, TARGET)
    assert len(stand_in_calls(state)) == 4, "a judge was asked again about an unchanged package"
    assert snapshot(judging / "packages") == packages and snapshot(judging / "scores") == scores
    logs = sorted((lab / "results" / "logs" / "judging" / "scores").rglob("*.log"))
    assert len(logs) == 16 and all("the judge was not asked" in log.read_text() for log in logs)

    # a real change, the stand-in's settings: that judge is asked again, the others keep their files
    cfg["judges"]["panel"][-1]["timeout_s"] = 61
    path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    assert planned(lab, TARGET) == {"configuration": 1, "judge": 4, "pilot": 1}
    build(lab, TARGET)
    assert len(stand_in_calls(state)) == 8
    after = snapshot(judging / "scores")
    assert {k for k in after if after[k] != scores[k]} == {k for k in scores if k.endswith("/judge-s.json")}
