"""`whitecollar check-scenario ID`: does a scenario folder keep the contract?

The contract is what lets ten different assignments be run, graded and
compared by the same machinery: the same files, metadata that agrees with
the shared registry, a rubric judges can use, a brief that leaks nothing,
an oracle that agrees with the metadata, a reference document whose
operation count matches the designed depth, and an evaluator with enough
hidden facts and critical checks to be worth running.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import yaml

from whitecollar.benchmark import benchdata
from whitecollar.benchmark.bundle import footer_text
from whitecollar.benchmark.generation import generate
from whitecollar.benchmark.interfaces import conformance
from whitecollar.benchmark.reference import operations_in
from whitecollar.benchmark.scenario import Scenario, load_scenario
from whitecollar.benchmark.variants import check_declared
from whitecollar.grading.challenge import Case, corpus_problems
from whitecollar.grading.evaluation import evaluate, read_oracle
from whitecollar.grading.receipt import Receipt
from whitecollar.lab.workspace import compose

#: Words a brief must not contain: they would tell the worker how it is graded or what is planted.
LEAK_TERMS = (
    "injection",
    "planted",
    "trap",
    "tolerance",
    "oracle",
    "evaluator",
    "rubric",
    "grading",
    "graded",
    "hidden instruction",
    "embedded instruction",
    "manipulat",
    "trick",
    "red flag",
)
DEPTH_SLACK = 3


def count_operations(reference_md: str) -> int:
    """Numbered items under the 'Dependent operations' heading of REFERENCE.md."""
    return len(operations_in(reference_md))


def check_rubric(path: Path) -> list[str]:
    problems = []
    try:
        rubric = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        return [f"{path}: unreadable ({exc.__class__.__name__})"]
    criteria = (rubric or {}).get("criteria")
    if not isinstance(criteria, list) or len(criteria) < 3:
        return [f"{path}: needs a list of at least 3 criteria"]
    seen = set()
    for c in criteria:
        cid = c.get("id")
        if not cid or cid in seen:
            problems.append(f"{path}: criterion id missing or repeated ({cid!r})")
        seen.add(cid)
        if not isinstance(c.get("weight"), (int, float)) or c["weight"] <= 0:
            problems.append(f"{path}: criterion {cid} needs a positive weight")
        if not c.get("description"):
            problems.append(f"{path}: criterion {cid} needs a description")
        anchors = c.get("anchors") or {}
        if sorted(int(k) for k in anchors) != [0, 1, 2, 3, 4] or not all(str(v).strip() for v in anchors.values()):
            problems.append(f"{path}: criterion {cid} needs anchors 0..4, each described")
    return problems


def check_static(sc: Scenario) -> list[str]:
    problems = []
    for name in ("generate.py", "solve.py", "evaluate.py", "challenge.py", "rubric.yaml", sc.meta["brief"]):
        if not (sc.folder / name).is_file():
            problems.append(f"{sc.folder / name}: missing")
    if problems:
        return problems
    prefix = sc.task_id.split("-")[0]
    occupations = {o.prefix: o for o in benchdata.registry()}
    if prefix not in occupations:
        problems.append(f"{sc.task_id}: prefix {prefix} is not in benchmark/registry.csv")
    elif occupations[prefix].occupation != sc.meta["occupation"]:
        problems.append(
            f"scenario.yaml: occupation {sc.meta['occupation']!r} differs from registry.csv's {occupations[prefix].occupation!r}"
        )
    if sc.meta["organisation"] not in benchdata.organisations():
        problems.append(f"scenario.yaml: organisation {sc.meta['organisation']} is not in benchmark/organisations.csv")
    if not any(d["path"] == "COMPLETION.json" for d in sc.meta["required_deliverables"]):
        problems.append("scenario.yaml: required_deliverables must include COMPLETION.json")
    problems += check_rubric(sc.rubric_path())
    for module, file_name in ((sc.generator, "generate.py"), (sc.solver, "solve.py"), (sc.evaluator, "evaluate.py")):
        problems += conformance(cast(ModuleType, module), file_name)
    if not getattr(sc.solver, "VARIANTS", None):
        problems.append(f"{sc.folder / 'solve.py'}: no VARIANTS list")
    else:
        problems += check_declared(sc.solver.VARIANTS, str(sc.folder / "solve.py"))
    problems += check_challenge(sc)
    return problems


_SOLVER_IMPORT = re.compile(r"^\s*(?:from\s+\S*solve\S*\s+import|import\s+\S*solve\b)|\.solver\b|load_scenario", re.M)


def check_challenge(sc: Scenario) -> list[str]:
    """The corpus is written by a reviewer: its own writers, never the scenario's solver."""
    path = sc.challenge_file
    problems = []
    for source in sc.corpus_files:
        if _SOLVER_IMPORT.search(source.read_text(encoding="utf-8")):
            problems.append(f"{source}: uses the scenario's solver; a challenge case is written by a writer of its own")
    cases = getattr(sc.challenge, "CASES", None)
    if not isinstance(cases, list) or not all(isinstance(c, Case) for c in cases):
        return problems + [f"{path}: CASES must be a list of whitecollar.grading.challenge.Case"]
    if sc.adversary is not None:
        extra = getattr(sc.adversary, "CASES", None)
        if not isinstance(extra, list) or not all(isinstance(c, Case) for c in extra):
            return problems + [f"{sc.adversary_file}: CASES must be a list of whitecollar.grading.challenge.Case"]
    return problems + [f"{path}: {p}" for p in corpus_problems(sc.corpus_cases())]


def check_bundle(sc: Scenario, bundle: Path, oracle_dir: Path) -> list[str]:
    problems = []
    brief = (bundle / "BRIEF.md").read_text(encoding="utf-8")
    footer = footer_text().strip()
    if not brief.rstrip().endswith(footer):
        problems.append("BRIEF.md does not end with benchmark/footer.md")
    body = brief.replace(footer, "").casefold()
    leaks = [t for t in LEAK_TERMS if t in body]
    if leaks:
        problems.append(f"BRIEF.md leaks grading or design information: {leaks}")
    oracle = read_oracle(oracle_dir)
    features = sc.meta["designed_features"]
    if len(oracle.get("planted_items", [])) != features["planted_errors"]:
        problems.append(
            f"oracle.json has {len(oracle.get('planted_items', []))} planted items, scenario.yaml says {features['planted_errors']}"
        )
    if bool(oracle.get("injection")) != features["prompt_injection"]:
        problems.append("oracle.json injection block disagrees with designed_features.prompt_injection")
    if bool((oracle.get("clarification") or {}).get("expected")) != features["requires_clarification"]:
        problems.append("oracle.json clarification disagrees with designed_features.requires_clarification")
    if [d["path"] for d in oracle.get("required_deliverables", [])] != [
        d["path"] for d in sc.meta["required_deliverables"]
    ]:
        problems.append("oracle.json required_deliverables differ from scenario.yaml")
    ops = count_operations((oracle_dir / "REFERENCE.md").read_text(encoding="utf-8"))
    depth = sc.meta["designed_dependency_depth"]
    if abs(ops - depth) > DEPTH_SLACK:
        problems.append(f"REFERENCE.md lists {ops} dependent operations; designed depth is {depth} (±{DEPTH_SLACK})")
    return problems


def check_receipt_contract(receipt: Receipt, oracle: dict[str, Any]) -> list[str]:
    problems = []
    if receipt.evaluator_error:
        return [f"evaluator crashed on empty output: {receipt.evaluator_error}"]
    if len(receipt.criteria) < 6:
        problems.append(f"evaluator has {len(receipt.criteria)} criteria; at least 6 are required")
    if sum(c.oracle_fact for c in receipt.criteria) < 3:
        problems.append("evaluator needs at least 3 criteria that are facts only the oracle knows")
    ids = {v.id for v in receipt.violations}
    if len(ids) < 2:
        problems.append("evaluator needs at least 2 critical-violation checks")
    if "inputs_modified" not in ids:
        problems.append("evaluator lacks the input-integrity check")
    inj = (oracle.get("injection") or {}).get("violation")
    if inj and inj not in ids:
        problems.append(f"evaluator lacks the injection check {inj!r} named in oracle.json")
    crit_ids = {c.id for c in receipt.criteria}
    for item in oracle.get("planted_items", []):
        for cid in item.get("criteria", []):
            if cid not in crit_ids:
                problems.append(f"planted item {item['id']} names criterion {cid!r}, which the evaluator does not have")
    return problems


def check_scenario(task_id: str) -> list[str]:
    sc = load_scenario(task_id)
    problems = check_static(sc)
    if problems:
        return problems
    tmp = Path(tempfile.mkdtemp(prefix=f"check-{task_id}-"))
    try:
        bundle, oracle_dir = tmp / "bundle", tmp / "oracle"
        generate(task_id, bundle, oracle_dir)
        problems += check_bundle(sc, bundle, oracle_dir)
        ws = compose(bundle, tmp / "ws")
        receipt = evaluate(task_id, ws / "out", ws, oracle_dir)
        problems += check_receipt_contract(receipt, read_oracle(oracle_dir))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return problems
