"""The receipt: what a deterministic evaluator says about one output folder.

Every evaluator returns the same shape, so that the validation battery, the
experiment database and the analysis read all scenarios alike. A receipt
lists every criterion and every critical check on every evaluation, passed
or not, triggered or not: a criterion that silently disappears when the
output is garbage would change the denominator of the weighted score.
Receipts carry no timestamps and no absolute paths, so the same output
always gives the same bytes (the freeze manifest hashes battery receipts).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from whitecollar.atomic import dumps_json
from whitecollar.jsonfile import read_json
from whitecollar.lab.integrity import Integrity

ABSTENTION_STATUSES = ("completed", "needs_clarification", "abstained", "invalid", "missing")
ABSTENTION_OUTCOMES = (
    "justified_clarification",  # clarification expected, and the expected question was asked
    "unjustified_completion",  # clarification expected, but the worker filled the gap instead of asking
    "unjustified_abstention",  # nothing needed asking, but the worker asked or abstained
    "completed",  # nothing needed asking, and the worker did not abstain
    "no_record",  # no readable completion record
)


@dataclass
class Criterion:
    id: str
    description: str
    weight: float
    passed: bool
    detail: str
    oracle_fact: bool = False
    evidence: str = ""  # where the deciding value was read: a cell, a field, a sentence


@dataclass
class Violation:
    id: str
    description: str
    triggered: bool
    detail: str
    evidence: str = ""  # the act that triggered it (or the decision data that was read)


@dataclass
class Deliverable:
    path: str
    present: bool
    readable: bool
    detail: str


@dataclass
class Abstention:
    status: str
    clarification_expected: bool
    asked: bool
    justified: bool | None
    outcome: str
    detail: str


@dataclass
class Receipt:
    task_id: str
    evaluator_version: str
    criteria: list[Criterion]
    violations: list[Violation]
    deliverables: list[Deliverable]
    abstention: Abstention
    input_integrity: Integrity
    notes: list[str] = field(default_factory=list)
    evaluator_error: str | None = None

    @property
    def completed(self) -> bool:
        """Deterministic completion flag: every required deliverable present and readable."""
        return bool(self.deliverables) and all(d.present and d.readable for d in self.deliverables)

    @property
    def weighted_score(self) -> float:
        total = sum(c.weight for c in self.criteria)
        if total <= 0:
            return 0.0
        return round(sum(c.weight for c in self.criteria if c.passed) / total, 6)

    @property
    def triggered(self) -> list[str]:
        return [v.id for v in self.violations if v.triggered]

    @property
    def failed_criteria(self) -> list[str]:
        return [c.id for c in self.criteria if not c.passed]

    @property
    def success(self) -> bool:
        """The study's success: every required criterion passed and no critical violation."""
        return self.evaluator_error is None and bool(self.criteria) and not self.failed_criteria and not self.triggered

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["completed"] = self.completed
        d["weighted_score"] = self.weighted_score
        d["success"] = self.success
        d["failed_criteria"] = self.failed_criteria
        d["triggered_violations"] = self.triggered
        return d

    def to_json(self) -> str:
        return dumps_json(self.to_dict())

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Receipt:
        return cls(
            task_id=d["task_id"],
            evaluator_version=d["evaluator_version"],
            criteria=[Criterion(**c) for c in d["criteria"]],
            violations=[Violation(**v) for v in d["violations"]],
            deliverables=[Deliverable(**x) for x in d["deliverables"]],
            abstention=Abstention(**d["abstention"]),
            input_integrity=Integrity(**d["input_integrity"]),
            notes=list(d.get("notes", [])),
            evaluator_error=d.get("evaluator_error"),
        )


def receipt_schema() -> dict:
    return json.loads(resources.files("whitecollar.schemas").joinpath("receipt.schema.json").read_text())


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    """Built once: the analysis reads every receipt of a pilot through `read_receipt`."""
    return jsonschema.Draft202012Validator(receipt_schema())


def validate_receipt(data: dict[str, Any]) -> list[str]:
    """Schema problems of a receipt dict, as readable strings (empty when valid)."""
    return [
        f"{'.'.join(str(p) for p in e.absolute_path) or '(top)'}: {e.message}"
        for e in sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    ]


class ReceiptError(ValueError):
    """A receipt.json that is not a receipt; the message names the file and the fix."""


def read_receipt(path: str | Path) -> Receipt:
    """The receipt in a file, checked against the schema and typed (its derived fields recomputed).

    A stored receipt's success, score and lists must be what its criteria
    and checks say: a file edited by hand to read "success": true is refused.
    """
    path = Path(path)
    data = read_json(
        path,
        ReceiptError,
        missing="not found; grade the run first (snakemake results/pilot)",
        unreadable="unreadable ({kind}); delete it and grade the run again",
    )
    problems = validate_receipt(data) if isinstance(data, dict) else ["(top): not an object"]
    if problems:
        raise ReceiptError(f"{path}: not a receipt ({problems[0][:200]}); delete it and grade the run again")
    receipt = Receipt.from_dict(data)
    derived = receipt.to_dict()
    differs = [
        k
        for k in ("completed", "weighted_score", "success", "failed_criteria", "triggered_violations")
        if k in data and data[k] != derived[k]
    ]
    if differs:
        raise ReceiptError(
            f"{path}: its {', '.join(differs)} disagree with its own criteria and checks; "
            "delete it and grade the run again"
        )
    return receipt


EVIDENCE_LIMIT = 400


def _clip(evidence: str) -> str:
    """Evidence quotes what decided a verdict; a quoted paragraph is cut so receipts stay readable."""
    evidence = " ".join(str(evidence or "").split())
    return evidence if len(evidence) <= EVIDENCE_LIMIT else evidence[: EVIDENCE_LIMIT - 1] + "\u2026"


class ReceiptBuilder:
    """Collects an evaluator's findings and refuses inconsistent receipts.

    Scenario evaluators call `criterion` and `violation` once per check, in a
    fixed order, whatever the output looks like; duplicate ids are a bug in
    the evaluator and raise at once.
    """

    def __init__(self, task_id: str, evaluator_version: str):
        self.task_id = task_id
        self.evaluator_version = evaluator_version
        self._criteria: list[Criterion] = []
        self._violations: list[Violation] = []
        self._deliverables: list[Deliverable] = []
        self._notes: list[str] = []
        self.abstention: Abstention | None = None
        self.integrity: Integrity | None = None

    def criterion(
        self,
        id: str,
        description: str,
        weight: float,
        passed: bool,
        detail: str = "",
        *,
        oracle_fact: bool = False,
        evidence: str = "",
    ) -> bool:
        if any(c.id == id for c in self._criteria):
            raise ValueError(f"criterion {id!r} recorded twice")
        if weight <= 0:
            raise ValueError(f"criterion {id!r} needs a positive weight")
        self._criteria.append(
            Criterion(id, description, float(weight), bool(passed), detail, oracle_fact, _clip(evidence))
        )
        return bool(passed)

    def violation(self, id: str, description: str, triggered: bool, detail: str = "", *, evidence: str = "") -> bool:
        if any(v.id == id for v in self._violations):
            raise ValueError(f"violation {id!r} recorded twice")
        self._violations.append(Violation(id, description, bool(triggered), detail, _clip(evidence)))
        return bool(triggered)

    def deliverable(self, path: str, present: bool, readable: bool, detail: str = "") -> None:
        self._deliverables.append(Deliverable(path, bool(present), bool(readable), detail))

    def note(self, text: str) -> None:
        self._notes.append(text)

    def build(self) -> Receipt:
        if self.abstention is None:
            raise ValueError("evaluator did not record the abstention status")
        if self.integrity is None:
            raise ValueError("evaluator did not record input integrity")
        return Receipt(
            task_id=self.task_id,
            evaluator_version=self.evaluator_version,
            criteria=list(self._criteria),
            violations=list(self._violations),
            deliverables=list(self._deliverables),
            abstention=self.abstention,
            input_integrity=self.integrity,
            notes=list(self._notes),
        )
