"""The challenge corpus: deliverables a reviewer wrote, graded by the evaluator, verdict by verdict.

A scenario's battery proves its evaluator against the scenario's own
solver; the corpus proves it against work written by someone else. Each
case is written from the brief and the oracle (never from the
evaluator's code) by a writer of its own, and says what a reviewer holding
the oracle would conclude: which criteria fail and which critical checks
trigger (everything else passes). Honest cases change layout, format and
wording; wrong cases make the mistakes real workers make. The evaluator
must agree on every verdict of every case: the freeze records the corpus
hash and the agreement, and the paper reports false passes and false fails
with their intervals.

A scenario's corpus lives in `benchmark/scenarios/<ID>/challenge.py`:
`CASES`, a list of `Case`.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import math
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar import atomic, libreoffice
from whitecollar.grading import receipt_cache
from whitecollar.grading.receipt import Receipt
from whitecollar.hashing import sha256_bytes
from whitecollar.lab.workspace import compose

log = logging.getLogger(__name__)

MIN_CASES = 40
MIN_SHARE = 0.5  # at least MIN_CASES * MIN_SHARE honest cases, and as many wrong ones

Builder = Callable[[Path, Path, dict], None]
"""build(out_dir, workspace_dir, oracle): writes one case's deliverables into out_dir."""


@dataclass(frozen=True)
class Case:
    """One reviewer-written deliverable set and the verdicts a reviewer would give it.

    `fails` lists the criteria that must fail and `violations` the critical
    checks that must trigger; every other criterion must pass and every
    other check stay clear. An honest case lists neither. `abstention`,
    when given, is the abstention outcome the receipt must show.
    """

    name: str
    honest: bool
    build: Builder
    fails: tuple[str, ...] = ()
    violations: tuple[str, ...] = ()
    abstention: str | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if self.honest and (self.fails or self.violations):
            raise ValueError(f"challenge case {self.name}: an honest case fails nothing")
        if not self.honest and not (self.fails or self.violations or self.abstention):
            raise ValueError(f"challenge case {self.name}: a wrong case must say what a reviewer would fail")


def sibling_cases(file: str | Path, module: str = "challenge") -> dict[str, Case]:
    """The cases of the corpus file beside `file`, by name (the adversary builds on the reviewer's work).

    An attack is honest work with one act added, so the adversary's section
    starts from a reviewer's honest case rather than a writer of its own.
    The module is the one the scenario loader uses (same name), loaded once.
    """
    path = Path(file).resolve().with_name(f"{module}.py")
    name = f"whitecollar_scenarios.{path.parent.name.replace('-', '_')}.{module}"
    mod = sys.modules.get(name)
    if mod is None:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        try:
            spec.loader.exec_module(mod)
        except Exception:
            del sys.modules[name]
            raise
    return {c.name: c for c in getattr(mod, "CASES", [])}


def corpus_problems(cases: list[Case]) -> list[str]:
    """What keeps a corpus from being a corpus: too few cases, too lopsided, duplicate names."""
    problems = []
    names = [c.name for c in cases]
    if len(set(names)) != len(names):
        problems.append("duplicate case names")
    honest = sum(c.honest for c in cases)
    wrong = len(cases) - honest
    if len(cases) < MIN_CASES:
        problems.append(f"{len(cases)} cases; at least {MIN_CASES} are needed")
    floor = int(MIN_CASES * MIN_SHARE)
    if honest < floor or wrong < floor:
        problems.append(f"{honest} honest and {wrong} wrong cases; at least {floor} of each are needed")
    return problems


@dataclass
class Verdict:
    check: str  # criterion or critical check id
    kind: str  # "criterion" | "violation" | "abstention"
    expected: Any
    got: Any

    @property
    def agrees(self) -> bool:
        return self.expected == self.got

    @property
    def false_pass(self) -> bool:
        """The evaluator cleared what a reviewer would fail (or missed a triggered check)."""
        if self.kind == "criterion":
            return self.expected is False and self.got is True
        if self.kind == "violation":
            return self.expected is True and self.got is False
        return False

    @property
    def false_fail(self) -> bool:
        if self.kind == "criterion":
            return self.expected is True and self.got is False
        if self.kind == "violation":
            return self.expected is False and self.got is True
        return False


def verdicts(case: Case, receipt: Receipt) -> list[Verdict]:
    """Every verdict of a receipt beside what the case expects of it."""
    out = [Verdict(c.id, "criterion", c.id not in case.fails, c.passed) for c in receipt.criteria]
    out += [Verdict(v.id, "violation", v.id in case.violations, v.triggered) for v in receipt.violations]
    if case.abstention is not None:
        out.append(Verdict("abstention", "abstention", case.abstention, receipt.abstention.outcome))
    return out


def judge_case(case: Case, receipt: Receipt) -> dict[str, Any]:
    problems = []
    if receipt.evaluator_error:
        problems.append(f"evaluator crashed: {receipt.evaluator_error}")
    known = {c.id for c in receipt.criteria} | {v.id for v in receipt.violations}
    unknown = [x for x in (*case.fails, *case.violations) if x not in known]
    if unknown:
        problems.append(f"the case names checks the receipt does not have: {unknown}")
    vs = verdicts(case, receipt)
    bad = [v for v in vs if not v.agrees]
    problems += [f"{v.check}: expected {v.expected}, got {v.got}" for v in bad]
    return {
        "case": case.name,
        "honest": case.honest,
        "note": case.note,
        "agrees": not problems,
        "problems": problems,
        "verdicts": len(vs),
        "false_pass": sum(v.false_pass for v in vs),
        "false_fail": sum(v.false_fail for v in vs),
        "critical_misjudged": any(not v.agrees and v.kind == "violation" for v in bad),
        "failed_criteria": receipt.failed_criteria,
        "triggered_violations": receipt.triggered,
        "receipt_sha256": sha256_bytes(receipt.to_json().encode("utf-8")),
    }


def corpus_sha256(source: Path | list[Path]) -> str:
    """The corpus's identity: the bytes of the file that writes and judges it (or of its files, in order).

    One file hashes as it always has; a corpus in several files (the
    reviewer's and the adversary's section) hashes each file's SHA-256 and
    name, in order, so that moving a case between them changes the hash.
    """
    files = [Path(source)] if isinstance(source, (str, Path)) else [Path(p) for p in source]
    if len(files) == 1:
        return hashlib.sha256(files[0].read_bytes()).hexdigest()
    joined = "".join(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}\n" for p in files)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()


def run_corpus(
    task_id: str,
    cases: list[Case],
    bundle_dir: Path,
    oracle_dir: Path,
    oracle: dict,
    work: Path,
    *,
    keep: Path | None = None,
) -> dict[str, Any]:
    """Build every case in its own composed workspace, grade it, compare verdict by verdict.

    All delivered workbooks are recalculated in one batch before grading
    (one LibreOffice process for many files).
    """
    spaces: dict[str, Path] = {}
    build_errors: dict[str, str] = {}
    for case in cases:
        ws = compose(bundle_dir, work / f"challenge-{case.name}", portal=False)
        try:
            case.build(ws / "out", ws, oracle)
        except Exception as exc:  # a broken case is the corpus's bug: report it, never grade it
            build_errors[case.name] = f"{type(exc).__name__}: {exc}"
        spaces[case.name] = ws
    stored = receipt_cache.lookup_all(
        task_id, {name: ws for name, ws in spaces.items() if name not in build_errors}, oracle_dir
    )
    workbooks = [
        p
        for name, ws in spaces.items()
        if name in stored and stored[name][1] is None
        for p in (ws / "out").rglob("*.xlsx")
        if p.is_file() and not p.is_symlink() and p.stat().st_size < 20 * 1024 * 1024
    ]
    libreoffice.prefetch(workbooks)
    results = []
    for case in cases:
        if case.name in build_errors:
            results.append(
                {
                    "case": case.name,
                    "honest": case.honest,
                    "note": case.note,
                    "agrees": False,
                    "problems": [f"case could not be built: {build_errors[case.name]}"],
                    "verdicts": 0,
                    "false_pass": 0,
                    "false_fail": 0,
                    "critical_misjudged": False,
                    "failed_criteria": [],
                    "triggered_violations": [],
                    "receipt_sha256": "",
                }
            )
            continue
        ws = spaces[case.name]
        key, receipt = stored[case.name]
        if receipt is None:
            receipt = receipt_cache.evaluate(task_id, ws / "out", ws, oracle_dir, key=key)
        result = judge_case(case, receipt)
        text = receipt.to_json()
        if str(work) in text or str(Path(work).resolve()) in text:
            # the freeze hashes corpus receipts: they must be the same on any machine
            result["agrees"] = False
            result["problems"].append("receipt names a path of this machine (the corpus workspace)")
        results.append(result)
        if keep is not None:
            atomic.write_text(Path(keep) / f"challenge-{case.name}.json", receipt.to_json())
        shutil.rmtree(ws, ignore_errors=True)
    return summarise(results)


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (95% by default); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Agreement and error counts of a corpus run, with 95% Wilson intervals on the case rates."""
    n = len(results)
    honest = [r for r in results if r["honest"]]
    wrong = [r for r in results if not r["honest"]]
    false_fail_cases = sum(1 for r in honest if r["false_fail"] or not r["agrees"])
    false_pass_cases = sum(1 for r in wrong if r["false_pass"])
    agree = sum(r["agrees"] for r in results)
    return {
        "cases": n,
        "honest": len(honest),
        "wrong": len(wrong),
        "agreeing": agree,
        "agreement": round(agree / n, 6) if n else 0.0,
        "agreement_ci95": [round(x, 6) for x in wilson(agree, n)],
        "verdicts": sum(r["verdicts"] for r in results),
        "false_pass_verdicts": sum(r["false_pass"] for r in results),
        "false_fail_verdicts": sum(r["false_fail"] for r in results),
        "false_pass_cases": false_pass_cases,
        "false_pass_rate_ci95": [round(x, 6) for x in wilson(false_pass_cases, len(wrong))],
        "false_fail_cases": false_fail_cases,
        "false_fail_rate_ci95": [round(x, 6) for x in wilson(false_fail_cases, len(honest))],
        "critical_misjudged": sum(r["critical_misjudged"] for r in results),
        "results": results,
    }


def format_corpus(task_id: str, summary: dict[str, Any]) -> str:
    lines = [
        f"{task_id}: challenge corpus {summary['agreeing']}/{summary['cases']} cases agree "
        f"({summary['false_pass_verdicts']} false passes, {summary['false_fail_verdicts']} false fails, "
        f"{summary['critical_misjudged']} critical misjudgements)"
    ]
    for r in summary["results"]:
        mark = "ok  " if r["agrees"] else "FAIL"
        kind = "honest" if r["honest"] else "wrong "
        lines.append(f"  {mark} {kind} {r['case']}")
        lines += [f"       problem: {p}" for p in r["problems"]]
    return "\n".join(lines)
