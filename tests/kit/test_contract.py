"""One contract over all scenarios: every receipt of a scenario carries the same criteria, whatever the work.

A perfect package, an empty out/, files that are not what their names say
and a completion record holding an unbounded number are graded on one list
of criteria and critical checks; a scenario whose evaluator is written with
the kit (`whitecollar.kit.criteria.Evaluator`) writes exactly the list it
declares.
"""

from __future__ import annotations

import json
import shutil

import pytest

from whitecollar.benchmark.garbage import GARBAGE
from whitecollar.benchmark.scenario import list_scenarios, load_scenario
from whitecollar.grading.evaluation import evaluate
from whitecollar.kit.criteria import Evaluator
from whitecollar.lab.workspace import compose

pytestmark = pytest.mark.slow


def _outputs(scenario, bundle, root):
    """name -> workspace, for the reference package and the damaged ones built from it."""
    spaces = {}
    ref = compose(bundle, root / "reference", portal=False)
    scenario.solver.solve(ref, "reference")
    spaces["reference"] = ref
    spaces["empty"] = compose(bundle, root / "empty", portal=False)
    for name in GARBAGE:
        ws = compose(bundle, root / name, portal=False)
        shutil.rmtree(ws / "out")
        GARBAGE[name](ref / "out", ws / "out", ws)
        spaces[name] = ws
    ws = compose(bundle, root / "huge-number", portal=False)
    shutil.rmtree(ws / "out")
    shutil.copytree(ref / "out", ws / "out")
    (ws / "out" / "COMPLETION.json").write_text(
        '{"status": "completed", "summary": "done", "total": ' + "9" * 2_000_000 + "}", encoding="utf-8"
    )
    spaces["huge-number"] = ws
    return spaces


@pytest.mark.parametrize("task_id", list_scenarios())
def test_every_receipt_of_a_scenario_carries_the_same_criteria(task_id, generated, tmp_path):
    bundle, oracle_dir = generated(task_id)
    scenario = load_scenario(task_id)
    oracle = json.loads((oracle_dir / "oracle.json").read_text(encoding="utf-8"))
    shapes = {}
    for name, ws in _outputs(scenario, bundle, tmp_path).items():
        receipt = evaluate(task_id, ws / "out", ws, oracle_dir)
        shapes[name] = ([c.id for c in receipt.criteria], [v.id for v in receipt.violations])
        if name != "reference":
            assert not receipt.success, f"{task_id}: {name} passes"
    assert shapes["reference"][0], f"{task_id}: the reference receipt has no criteria"
    different = {name: s for name, s in shapes.items() if s != shapes["reference"]}
    assert not different, f"{task_id}: criteria differ from the reference package's: {sorted(different)}"
    if isinstance(scenario.evaluator.evaluate, Evaluator):
        assert shapes["reference"] == tuple(scenario.evaluator.evaluate.declared(oracle))
