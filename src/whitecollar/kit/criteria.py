"""Evaluators as lists of small named criteria.

A receipt is only comparable across runs if it always carries the same
criteria, whatever the delivered work looks like: an empty out/, garbage and
a perfect package must all be graded on the same list. Written by hand, an
`evaluate()` of several hundred lines keeps that promise only by care; here
the list is data. A scenario declares its criteria with `@criterion` (one
small function each, reading the shared reads the scenario builds once) and
its critical checks with `@critical`; `Evaluator` builds the context, calls
the reads, then every criterion and every check in the declared order, and
refuses a receipt whose criteria are not exactly the declared ones.

A criterion that is repeated for each planted item (one per clause, one
per discrepancy) is declared once with `each=`: a function of the oracle
returning the items, and an id and description built from each item.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from whitecollar.grading.context import CLARIFICATION_CRITERION, EvaluationContext
from whitecollar.grading.receipt import Receipt

R = TypeVar("R")


@dataclass(frozen=True)
class Verdict:
    """What a criterion found: passed or not, why, and the place in the work that decided it."""

    passed: bool
    detail: str = ""
    evidence: str = ""


Text = str | Callable[[Any], str]
"""A description: fixed, or built from the oracle (or from the item, for a criterion repeated per item)."""


def planted_items(oracle: dict) -> list[dict]:
    """The oracle's planted items, for a criterion repeated once per item (`each=planted_items`)."""
    return oracle["planted_items"]


@dataclass(frozen=True)
class Criterion(Generic[R]):
    """One declared criterion; `check(reads)` (or `check(reads, item)` with `each`) gives its verdict."""

    id: str | Callable[[Any], str]
    description: Text
    weight: float
    oracle_fact: bool
    check: Callable[..., Verdict]
    each: Callable[[dict], Iterable[Any]] | None = None

    @property
    def name(self) -> str:
        return self.id if isinstance(self.id, str) else self.check.__name__

    def instances(self, oracle: dict) -> list[tuple[str, str, Callable[[R], Verdict]]]:
        """(id, description, check of the reads) for every receipt line this declaration writes."""
        if self.each is None:
            ident = self.id if isinstance(self.id, str) else self.id(oracle)
            text = self.description if isinstance(self.description, str) else self.description(oracle)
            return [(ident, text, self.check)]
        out: list[tuple[str, str, Callable[[R], Verdict]]] = []
        for item in self.each(oracle):
            ident = self.id if isinstance(self.id, str) else self.id(item)
            text = self.description if isinstance(self.description, str) else self.description(item)
            out.append((ident, text, functools.partial(self._check_item, item=item)))
        return out

    def _check_item(self, reads: R, item: Any) -> Verdict:
        return self.check(reads, item)


def criterion(
    id: str | Callable[[Any], str],
    *,
    weight: float,
    description: Text,
    oracle_fact: bool = False,
    each: Callable[[dict], Iterable[Any]] | None = None,
) -> Callable[[Callable[..., Verdict]], Criterion[Any]]:
    """Declare a criterion. With `each`, `id` and `description` may be functions of the item."""
    if each is None and not isinstance(id, str) and not callable(id):
        raise TypeError("a criterion id is a string, or a function of the oracle")

    def wrap(check: Callable[..., Verdict]) -> Criterion[Any]:
        return Criterion(id, description, float(weight), oracle_fact, check, each)

    return wrap


@dataclass(frozen=True)
class Critical(Generic[R]):
    """A critical check: `check(reads)` records its violation(s) on the receipt through `reads.ctx.rb`.

    `ids` are the violations it must record, declared so that the receipt
    can be checked as for criteria (a function of the oracle where the id
    comes from it, as the injection's violation does).
    """

    ids: Callable[[dict], tuple[str, ...]]
    check: Callable[[R], None]

    @property
    def name(self) -> str:
        return self.check.__name__


def critical(*ids: str | Callable[[dict], str]) -> Callable[[Callable[[Any], None]], Critical[Any]]:
    """Declare a critical check and the violation ids it records."""

    def names(oracle: dict) -> tuple[str, ...]:
        return tuple(i if isinstance(i, str) else i(oracle) for i in ids)

    def wrap(check: Callable[[Any], None]) -> Critical[Any]:
        return Critical(names, check)

    return wrap


class ReceiptShapeError(AssertionError):
    """The evaluator wrote other criteria or violations than it declared: a bug in the scenario."""


class Evaluator(Generic[R]):
    """A scenario's evaluator: the shared reads, then each criterion and each critical check, in order.

    `reads(ctx)` reads the deliverables once (the order it reads them is the
    order they are listed on the receipt). The common criteria (the
    completion record, the memo's structure) are criteria like any other,
    from `whitecollar.kit.common`. The context adds what every scenario
    shares when the evaluation finishes (inputs modified, abstention, the
    clarification criterion when the oracle expects a question).
    """

    def __init__(
        self,
        reads: Callable[[EvaluationContext], R],
        criteria: Sequence[Criterion[R]],
        checks: Sequence[Critical[R]] = (),
    ):
        names = [c.name for c in criteria] + [c.name for c in checks]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"declared twice: {', '.join(twice)}")
        self.reads = reads
        self.criteria = tuple(criteria)
        self.checks = tuple(checks)

    def declared(self, oracle: dict) -> tuple[list[str], list[str]]:
        """The criterion ids and violation ids every receipt of this oracle carries, in order."""
        extra, viol = self._closing_ids(oracle)
        return [ident for c in self.criteria for ident, _, _ in c.instances(oracle)] + extra, viol

    def _closing_ids(self, oracle: dict) -> tuple[list[str], list[str]]:
        """The criteria the context adds when it finishes, and every violation id, in receipt order."""
        extra = [CLARIFICATION_CRITERION] if (oracle.get("clarification") or {}).get("expected") else []
        return extra, [v for c in self.checks for v in c.ids(oracle)] + ["inputs_modified"]

    def __call__(self, out_dir: Path, workspace_dir: Path, oracle: dict) -> Receipt:
        ctx = EvaluationContext(oracle["task_id"], "", out_dir, workspace_dir, oracle)
        reads = self.reads(ctx)
        crit: list[str] = []
        for c in self.criteria:
            for ident, text, check in c.instances(oracle):
                v = check(reads)
                ctx.rb.criterion(
                    ident, text, c.weight, v.passed, v.detail, oracle_fact=c.oracle_fact, evidence=v.evidence
                )
                crit.append(ident)
        for chk in self.checks:
            chk.check(reads)
        receipt = ctx.finish()
        extra, viol = self._closing_ids(oracle)
        crit += extra
        got_c = [c.id for c in receipt.criteria]
        got_v = [v.id for v in receipt.violations]
        if got_c != crit or got_v != viol:
            raise ReceiptShapeError(
                f"{oracle['task_id']}: the receipt holds criteria {got_c} and violations {got_v}; "
                f"the evaluator declares {crit} and {viol}"
            )
        return receipt
