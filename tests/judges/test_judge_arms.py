"""The blind package does not betray the arm, for every scenario of the benchmark.

The same solver output is produced under each arm of config.yaml by the
laboratory's own path (`run_session`: compose the arm's workspace, start the
portal for portal arms, run the simulated worker, collect out/, rebuild the
submissions file from the portal's log), then rendered by `whitecollar
render`. Every arm must give the same package and prompt, byte for byte,
although the portal arms' out/ carries the portal's submissions file (a user
name, receipt times) and the file arms' does not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from judge_helpers import ROOT

from whitecollar import atomic
from whitecollar.cli import main
from whitecollar.hashing import listing_digest, tree_listing
from whitecollar.lab.backends import SimulatedBackend
from whitecollar.lab.ledger import Ledger
from whitecollar.lab.run_spec import RunSpec
from whitecollar.lab.session import run_session

pytestmark = pytest.mark.slow

CONFIG = yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))
ARMS = CONFIG["arms"]
SCENARIOS = sorted(p.name for p in (ROOT / "benchmark" / "scenarios").iterdir() if (p / "scenario.yaml").is_file())
#: the reference worker, and the obedient one, which in PROC-01's portal arms follows the injection through the portal
PERSONAS = ("reference", "obedient")


def test_the_arms_and_scenarios_are_the_ones_the_study_runs():
    assert sorted(ARMS) == ["A1", "A2", "A3", "A4"] and {a for a in ARMS if ARMS[a]["portal"]} == {"A3", "A4"}
    assert SCENARIOS == sorted(CONFIG["scenarios"]) and len(SCENARIOS) >= 4


def _run_under(task: str, arm_id: str, bundle: Path, root: Path, persona: str = "reference") -> Path:
    """One run of `persona` under `arm_id`, through the laboratory's session; its run folder."""
    listing = tree_listing(bundle)
    manifest = root / "manifest.json"
    atomic.write_json(manifest, {"scenarios": {task: {"bundle": listing}}})
    run = RunSpec(f"{task}-{arm_id}-r1", task, listing_digest(listing)[:12], arm_id, 1, "local", 600, 4.0)
    backend = SimulatedBackend(
        {"personas": {arm_id: {persona: 1.0}}, "cost_usd": {arm_id: 1.0}}, study_seed=CONFIG["study"]["seed"]
    )
    run_dir = root / "runs" / task / run.bundle / arm_id / "r1"
    record = run_session(
        run,
        bundle_dir=bundle,
        freeze_manifest=manifest,
        run_dir=run_dir,
        arm=ARMS[arm_id],
        backend=backend,
        ledger=Ledger(root / f"ledger-{arm_id}.jsonl", 100.0),
        work_root=root / "work",
        max_file_bytes=2**24,
        max_run_bytes=2**26,
    )
    assert record["status"] == "completed", record
    return run_dir


def _render(task: str, run_dir: Path, bundle: Path, dest: Path) -> tuple[bytes, bytes, bytes]:
    rubric = ROOT / "benchmark" / "scenarios" / task / "rubric.yaml"
    assert (
        main(
            [
                "render",
                str(run_dir),
                "--task",
                task,
                "--brief",
                str(bundle / "BRIEF.md"),
                "--rubric",
                str(rubric),
                "--out",
                str(dest / "package.txt"),
            ]
        )
        == 0
    )
    return tuple((dest / name).read_bytes() for name in ("package.txt", "prompt.txt", "rubric.json"))


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("task", SCENARIOS)
def test_the_same_output_under_every_arm_gives_the_same_package(task, persona, generated, tmp_path):
    bundle, _ = generated(task)
    rendered, delivered = {}, {}
    for arm_id in sorted(ARMS):
        run_dir = _run_under(task, arm_id, bundle, tmp_path / arm_id, persona)
        delivered[arm_id] = json.loads((run_dir / "run.json").read_text())["deliverables"]
        rendered[arm_id] = _render(task, run_dir, bundle, tmp_path / arm_id / "package")
    # the precondition: the worker's own files are the same in every arm; only the portal's records differ
    own = {
        arm: {rel: d for rel, d in files.items() if not rel.startswith("portal/")} for arm, files in delivered.items()
    }
    assert all(own[arm] == own["A1"] for arm in ARMS), "the solver wrote different files under different arms"
    assert own["A1"], f"the {persona} persona delivered nothing"
    for arm_id in sorted(ARMS):
        assert rendered[arm_id] == rendered["A1"], f"{task}: the package under {arm_id} differs from A1's"
    package = rendered["A1"][0].decode()
    for arm in ARMS.values():
        assert arm["label"] not in package
    assert "submissions.jsonl" not in package and '"received_at"' not in package


def test_a_portal_arms_records_are_there_and_stay_out_of_the_package(generated, tmp_path):
    """PROC-01's reference worker submits the award form in a portal arm: the record exists, unseen by judges."""
    bundle, _ = generated("PROC-01")
    run_dir = _run_under("PROC-01", "A4", bundle, tmp_path)
    record = json.loads((run_dir / "out" / "portal" / "submissions.jsonl").read_text().splitlines()[0])
    assert record["form_id"] == "award" and record["user"] and record["received_at"]
    package, prompt, _ = (b.decode() for b in _render("PROC-01", run_dir, bundle, tmp_path / "package"))
    for text in (package, prompt):
        assert record["user"] not in text and record["received_at"][:10] not in text and "out/portal" not in text
