"""The validation battery: proof that a scenario's evaluator grades fairly.

For each variant (the scenario's own solver variants, one mutant per
planted item, empty output and a set of garbage outputs) the battery
composes a fresh workspace from the bundle, produces the output, evaluates
it and compares the receipt with what that variant must get. The reference
solver's key figures, computed blind from the workspace, must also agree
with the oracle's. A scenario whose battery does not hold cannot be frozen.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whitecollar import atomic, libreoffice
from whitecollar.benchmark.garbage import GARBAGE
from whitecollar.benchmark.scenario import Scenario, load_scenario
from whitecollar.benchmark.variants import Kind, Variant, VariantError, check_declared
from whitecollar.grading import receipt_cache
from whitecollar.grading.challenge import corpus_problems, corpus_sha256, format_corpus, run_corpus
from whitecollar.grading.evaluation import read_oracle
from whitecollar.grading.receipt import Receipt, validate_receipt
from whitecollar.grading.scenario_check import check_receipt_contract
from whitecollar.hashing import sha256_bytes
from whitecollar.lab.workspace import compose

log = logging.getLogger(__name__)

REQUIRED_SOLVER_VARIANTS = ("reference", "naive", "obedient", "disclosing")


@dataclass
class Expectation:
    """What a variant's receipt must show."""

    kind: str  # pass | fail_criteria | violation | unjustified_completion | broken
    criteria: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)

    def describe(self) -> str:
        if self.kind == "pass":
            return "every criterion passes, no violation"
        if self.kind == "fail_criteria":
            return "fails " + ", ".join(self.criteria)
        if self.kind == "violation":
            return "triggers " + ", ".join(self.violations)
        if self.kind == "unjustified_completion":
            return "completes without asking the expected question"
        return "fails without crashing (no deliverable readable as asked)"


def expectation_for(variant: Variant, oracle: dict[str, Any]) -> Expectation:
    """What the variant's receipt must show, from its declared kind (variants.Kind) and the oracle."""
    items = {i["id"]: i for i in oracle.get("planted_items", [])}
    kind = variant.kind
    if variant.honest:
        return Expectation("pass")
    if kind is Kind.NAIVE:
        return Expectation("fail_criteria", criteria=sorted({c for i in items.values() for c in i["criteria"]}))
    if kind is Kind.MUTANT:
        if variant.item not in items:
            raise KeyError(f"variant {variant}: no planted item {variant.item!r} in oracle.json")
        return Expectation("fail_criteria", criteria=list(items[variant.item]["criteria"]))
    if kind is Kind.OBEDIENT:
        return Expectation("violation", violations=[oracle["injection"]["violation"]])
    if kind is Kind.GUESSING:
        return Expectation("unjustified_completion")
    if kind is Kind.WRONG:
        spec = oracle.get("battery", {}).get(str(variant))
        if not spec:
            raise KeyError(f"variant {variant}: oracle.json has no battery entry saying what it must fail")
        return Expectation(
            "fail_criteria", criteria=list(spec.get("fails", [])), violations=list(spec.get("violations", []))
        )
    return Expectation("broken")


def _passes(receipt: Receipt, exp: Expectation) -> list[str]:
    problems = []
    if receipt.failed_criteria:
        problems.append(f"failed criteria {sorted(set(receipt.failed_criteria))}")
    if receipt.triggered:
        problems.append(f"triggered {sorted(set(receipt.triggered))}")
    if receipt.abstention.justified is False:
        problems.append(f"abstention outcome {receipt.abstention.outcome}")
    return problems


def _fails_criteria(receipt: Receipt, exp: Expectation) -> list[str]:
    problems = []
    failed, triggered = set(receipt.failed_criteria), set(receipt.triggered)
    missed = [c for c in exp.criteria if c not in failed]
    if missed:
        problems.append(f"criteria {missed} should fail but pass")
    missed_v = [v for v in exp.violations if v not in triggered]
    if missed_v:
        problems.append(f"violations {missed_v} should trigger but do not")
    if receipt.success:
        problems.append("receipt says success")
    return problems


def _triggers(receipt: Receipt, exp: Expectation) -> list[str]:
    missed = [v for v in exp.violations if v not in set(receipt.triggered)]
    return [f"violation {missed} not triggered"] if missed else []


def _completes_unjustified(receipt: Receipt, exp: Expectation) -> list[str]:
    if receipt.abstention.outcome != "unjustified_completion":
        return [f"abstention outcome {receipt.abstention.outcome}, expected unjustified_completion"]
    return []


def _broken(receipt: Receipt, exp: Expectation) -> list[str]:
    problems = []
    if receipt.success:
        problems.append("garbage output passes")
    if receipt.completed:
        problems.append("garbage output counted as complete")
    if not receipt.failed_criteria:
        problems.append("no failed criterion says why")
    return problems


#: what each kind of expectation asks of a receipt
_CHECKS = {
    "pass": _passes,
    "fail_criteria": _fails_criteria,
    "violation": _triggers,
    "unjustified_completion": _completes_unjustified,
    "broken": _broken,
}


def check(receipt: Receipt, exp: Expectation) -> list[str]:
    """Problems with a receipt given its expectation (empty when it holds)."""
    if receipt.evaluator_error:
        return [f"evaluator crashed: {receipt.evaluator_error}"]
    problems = [f"receipt schema: {p}" for p in validate_receipt(receipt.to_dict())]
    kind_check = _CHECKS.get(exp.kind)
    return problems + (kind_check(receipt, exp) if kind_check else [])


def solver_variants(scenario: Scenario, oracle: dict[str, Any]) -> list[Variant]:
    """The solver's declared variants, after checking they are typed and cover what the battery needs:
    the four the lab's personas play, a guessing one where the brief calls for a question, a mutant of
    every planted item."""
    where = str(scenario.folder / "solve.py")
    declared = list(getattr(scenario.solver, "VARIANTS", []))
    problems = check_declared(declared, where)
    if problems:
        raise VariantError(problems[0])
    wanted = list(REQUIRED_SOLVER_VARIANTS)
    if (oracle.get("clarification") or {}).get("expected"):
        wanted.append("guessing")
    missing = [v for v in wanted if v not in declared]
    mutated = {v.item for v in declared if v.kind is Kind.MUTANT}
    missing += [f"Variant.mutant({i['id']!r})" for i in oracle.get("planted_items", []) if i["id"] not in mutated]
    if missing:
        raise VariantError(f"{where}: VARIANTS lacks {missing}; add them")
    return declared


def _compare_key_values(computed: dict[str, Any], oracle: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for name, spec in sorted(oracle.get("key_values", {}).items()):
        want, tol = spec["value"], spec.get("tolerance", 0)
        got = computed.get(name)
        if isinstance(want, (int, float)) and isinstance(got, (int, float)):
            ok = abs(got - want) <= tol
        else:
            ok = got == want
        rows.append({"name": name, "oracle": want, "reference_solver": got, "tolerance": tol, "agrees": ok})
    return rows


def _solved_outputs(scenario: Scenario, declared: list[Variant], bundle_dir: Path, work: Path) -> dict[str, Path]:
    """A composed workspace per declared variant with the solver's output, then the empty and garbage ones."""
    outputs: dict[str, Path] = {}

    def fresh_workspace(name: str) -> Path:
        return compose(bundle_dir, work / name, portal=False)

    for name in map(str, declared):
        ws = fresh_workspace(name)
        t0 = time.perf_counter()
        scenario.solver.solve(ws, name)
        log.info("%s: solved %s in %.2f s", scenario.task_id, name, time.perf_counter() - t0)
        outputs[name] = ws
    outputs["empty"] = fresh_workspace("empty")
    for gname, build in GARBAGE.items():
        ws = fresh_workspace(gname)
        shutil.rmtree(ws / "out")
        build(outputs["reference"] / "out", ws / "out", ws)
        outputs[gname] = ws
    return outputs


def _variant_row(name: str, exp: Expectation, receipt: Receipt, receipt_json: str, work: Path) -> dict[str, Any]:
    problems = check(receipt, exp)
    if str(work) in receipt_json or str(work.resolve()) in receipt_json:
        # a receipt must be the same on any machine: the freeze hashes it
        problems.append("receipt names a path of this machine (the battery's workspace)")
    return {
        "variant": name,
        "expected": exp.describe(),
        "holds": not problems,
        "problems": problems,
        "success": receipt.success,
        "weighted_score": receipt.weighted_score,
        "failed_criteria": receipt.failed_criteria,
        "triggered_violations": receipt.triggered,
        "abstention": receipt.abstention.outcome,
        "receipt_sha256": sha256_bytes(receipt_json.encode("utf-8")),
    }


def _graded(
    task_id: str,
    outputs: dict[str, Path],
    kinds: dict[str, Variant],
    oracle: dict[str, Any],
    oracle_dir: Path,
    work: Path,
    keep: Path | None,
) -> tuple[list[dict[str, Any]], dict[str, Receipt]]:
    """Each output's receipt (from the receipt cache where it answers) and its row of the battery."""
    stored = receipt_cache.lookup_all(task_id, outputs, oracle_dir)
    workbooks = [  # only the outputs the receipt cache does not answer are graded, so recalculated
        p
        for name, ws in outputs.items()
        if stored[name][1] is None
        for p in (ws / "out").rglob("*.xlsx")
        if p.is_file() and not p.is_symlink() and p.stat().st_size < 20 * 1024 * 1024
    ]
    libreoffice.prefetch(workbooks)
    variants: list[dict[str, Any]] = []
    receipts: dict[str, Receipt] = {}
    for name, ws in outputs.items():
        key, receipt = stored[name]
        if receipt is None:
            receipt = receipt_cache.evaluate(task_id, ws / "out", ws, oracle_dir, key=key)
        receipts[name] = receipt
        receipt_json = receipt.to_json()
        variants.append(_variant_row(name, expectation_for(kinds[name], oracle), receipt, receipt_json, work))
        if keep is not None:
            atomic.write_text(Path(keep) / f"{name}.json", receipt_json)
    return variants, receipts


def _hold_to_reference_shape(variants: list[dict[str, Any]], receipts: dict[str, Receipt]) -> None:
    """Every receipt lists the same criteria and checks whatever the output,
    so no denominator changes with the quality of the output."""
    ref = receipts["reference"]
    shape = ([c.id for c in ref.criteria], [v.id for v in ref.violations])
    for v in variants:
        r = receipts[v["variant"]]
        if not r.evaluator_error and ([c.id for c in r.criteria], [x.id for x in r.violations]) != shape:
            v["holds"] = False
            v["problems"].append("criteria or checks differ from the reference receipt's")


def run_battery(task_id: str, bundle_dir: Path, oracle_dir: Path, *, keep: Path | None = None) -> dict[str, Any]:
    scenario = load_scenario(task_id)
    oracle = read_oracle(oracle_dir)
    declared = solver_variants(scenario, oracle)
    work = Path(tempfile.mkdtemp(prefix=f"battery-{task_id}-"))
    kinds = {str(v): v for v in declared} | {n: Variant.broken(n) for n in ("empty", *GARBAGE)}
    try:
        outputs = _solved_outputs(scenario, declared, bundle_dir, work)
        key_values = scenario.solver.key_values(outputs["reference"])
        variants, receipts = _graded(task_id, outputs, kinds, oracle, oracle_dir, work, keep)
        _hold_to_reference_shape(variants, receipts)
        for name in list(outputs):
            shutil.rmtree(outputs.pop(name), ignore_errors=True)
        challenge = challenge_corpus(scenario, bundle_dir, oracle_dir, oracle, work, keep=keep)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    kv = _compare_key_values(key_values, oracle)
    contract = check_receipt_contract(receipts["reference"], oracle)
    corpus_ok = not challenge["problems"] and challenge["agreeing"] == challenge["cases"]
    holds = all(v["holds"] for v in variants) and all(k["agrees"] for k in kv) and not contract and corpus_ok
    return {
        "task_id": task_id,
        "evaluator_version": scenario.evaluator_version,
        "verdict": "valid" if holds else "invalid",
        "contract_problems": contract,
        "variants": variants,
        "key_values": kv,
        "challenge": challenge,
    }


def challenge_corpus(
    scenario: Scenario,
    bundle_dir: Path,
    oracle_dir: Path,
    oracle: dict[str, Any],
    work: Path,
    *,
    keep: Path | None = None,
) -> dict[str, Any]:
    """The scenario's challenge corpus run through its evaluator; a missing corpus is a problem, not a pass."""
    source = scenario.challenge_file
    if not source.is_file():
        return {
            "sha256": "",
            "cases": 0,
            "agreeing": 0,
            "results": [],
            "problems": [f"{source}: missing; every scenario needs a challenge corpus (CASES)"],
        }
    cases = scenario.corpus_cases()
    t0 = time.perf_counter()
    summary = run_corpus(scenario.task_id, cases, bundle_dir, oracle_dir, oracle, work, keep=keep)
    log.info(
        "%s: challenge corpus of %d cases graded in %.1f s", scenario.task_id, len(cases), time.perf_counter() - t0
    )
    summary["sha256"] = corpus_sha256(scenario.corpus_files)
    summary["problems"] = corpus_problems(cases)
    return summary


def format_report(result: dict[str, Any]) -> str:
    """A plain table of the battery, for logs and terminals."""
    lines = [f"{result['task_id']}: battery {result['verdict'].upper()} (evaluator {result['evaluator_version']})"]
    width = max(len(v["variant"]) for v in result["variants"])
    for v in result["variants"]:
        mark = "ok  " if v["holds"] else "FAIL"
        why = ", ".join(v["failed_criteria"] + [f"!{x}" for x in v["triggered_violations"]]) or "all criteria pass"
        lines.append(f"  {mark} {v['variant']:<{width}}  expected: {v['expected']}; got: {why}")
        for p in v["problems"]:
            lines.append(f"       problem: {p}")
    for k in result["key_values"]:
        mark = "ok  " if k["agrees"] else "FAIL"
        lines.append(f"  {mark} key value {k['name']}: oracle {k['oracle']} / reference solver {k['reference_solver']}")
    for p in result["contract_problems"]:
        lines.append(f"  FAIL contract: {p}")
    challenge = result.get("challenge")
    if challenge:
        if challenge.get("results"):
            lines.append(format_corpus(result["task_id"], challenge))
        for p in challenge.get("problems", []):
            lines.append(f"  FAIL corpus: {p}")
    return "\n".join(lines)
