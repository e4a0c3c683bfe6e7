"""What every evaluator does the same way, in one place.

A scenario's evaluate.py creates an EvaluationContext, reads deliverables
through it (so their presence and readability are recorded uniformly),
adds its own criteria and critical checks to `ctx.rb`, and returns
`ctx.finish()`, which adds the checks every scenario shares: input
integrity, the abstention status, and a line for every required
deliverable the evaluator did not read itself.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from whitecollar import libreoffice, office
from whitecollar.grading import completion as completion_mod
from whitecollar.grading import text as text_mod
from whitecollar.grading.receipt import Abstention, Receipt, ReceiptBuilder
from whitecollar.grading.worktexts import WorkText, work_texts
from whitecollar.lab.integrity import check_workspace
from whitecollar.office.model import Failure, Workbook

#: The criterion every scenario whose oracle expects a clarification carries (added by `finish`).
CLARIFICATION_CRITERION = "clarification_asked"


class RecalculationUnavailable(RuntimeError):
    """The laboratory could not recalculate a delivered workbook: a laboratory failure, never a score."""


def _read_gradable_workbook(path: Path, **kwargs: Any) -> Any:
    """A workbook whose formulas have their recalculated values, or the worker's own reason it has none.

    When LibreOffice is missing or timed out, formula values are unknown
    through no fault of the worker; grading them as absent would turn the
    laboratory's failure into a low score, so evaluation stops instead.
    """
    wb = libreoffice.read_workbook(path, **kwargs)
    if (
        isinstance(wb, Workbook)
        and not wb.recalculated
        and (not libreoffice.soffice_available() or "timed out" in wb.recalc_note)
    ):
        raise RecalculationUnavailable(f"workbook recalculation unavailable: {wb.recalc_note}")
    return wb


_READERS: dict[str, Callable[..., Any]] = {
    "xlsx": _read_gradable_workbook,
    "docx": office.read_docx,
    "pdf": office.read_pdf,
    "csv": office.read_csv,
    "md": office.read_text,
    "txt": office.read_text,
}


class EvaluationContext:
    def __init__(self, task_id: str, evaluator_version: str, out_dir: Path, workspace_dir: Path, oracle: dict):
        self.rb = ReceiptBuilder(task_id, evaluator_version)
        self.out = Path(out_dir)
        self.workspace = Path(workspace_dir)
        self.oracle = oracle
        self._cache: dict[str, Any] = {}
        self._recorded: set[str] = set()
        self._texts: list[WorkText] | None = None

    # -- locating and reading deliverables -------------------------------------------------
    def locate(self, name: str) -> Path | Failure:
        """The delivered file for a required name, tolerant of case and of a unique near-miss.

        Agents sometimes save `Evaluation.xlsx` for `evaluation.xlsx`: an exact
        name wins, then a case-insensitive match, then the only file with the
        same extension. Symbolic links are refused, never followed.
        """
        if not self.out.is_dir() or self.out.is_symlink():
            return Failure(f"out/{name}", "out/ is missing")
        exact = self.out / name
        if exact.is_symlink():
            return Failure(f"out/{name}", "is a symbolic link; links are not followed")
        if exact.exists():
            return exact
        want = name.casefold()
        siblings = sorted(self.out.iterdir(), key=lambda p: p.name)
        for p in siblings:
            if p.name.casefold() == want:
                return Failure(f"out/{p.name}", "is a symbolic link; links are not followed") if p.is_symlink() else p
        suffix = Path(name).suffix.casefold()
        same = [p for p in siblings if p.suffix.casefold() == suffix and suffix]
        if len(same) == 1:
            p = same[0]
            if p.is_symlink():
                return Failure(f"out/{p.name}", "is a symbolic link; links are not followed")
            self.rb.note(f"{name}: read from out/{p.name} (the only {suffix} file delivered)")
            return p
        return Failure(f"out/{name}", "not delivered")

    def read(self, name: str, fmt: str | None = None, **kwargs: Any) -> Any:
        """Read a deliverable once; record whether it was present and readable."""
        reader = _READERS.get(fmt or Path(name).suffix.lstrip(".").casefold(), office.read_text)
        return self._read_once(name, lambda where: reader(where, **kwargs))

    def read_received(self, name: str, fmt: str | None = None, **kwargs: Any) -> Any:
        """`read`, under the name the brief gives the deliverable (in any case) and no other.

        A brief that says files under other names will not be received is
        held to it: the only file of the same extension is not taken for it.
        """
        where = self.locate(name)
        if not isinstance(where, Failure) and where.name.casefold() != name.casefold():
            reason = f"delivered as out/{where.name}: files under other names are not received"
            self._record(name, False, False, reason)
            return Failure(f"out/{name}", reason)
        return self.read(name, fmt, **kwargs)

    def completion(self) -> completion_mod.Completion | Failure:
        # Only "not delivered" counts as absent here (a missing out/ is recorded
        # as present but unreadable), as it always has been: receipts are hashed.
        return self._read_once("COMPLETION.json", completion_mod.read_completion, absent=("not delivered",))

    def _read_once(
        self, name: str, reader: Callable[[Path], Any], absent: tuple[str, ...] = ("not delivered", "out/ is missing")
    ) -> Any:
        """Locate, read and record a deliverable the first time it is asked for."""
        if name in self._cache:
            return self._cache[name]
        where = self.locate(name)
        if isinstance(where, Failure):
            result: Any = where
            present = not any(a in where.reason for a in absent)
        else:
            result = reader(where)
            present = True
        readable = not isinstance(result, Failure)
        self._record(name, present, readable, "read" if readable else result.reason)
        self._cache[name] = result
        return result

    def _record(self, name: str, present: bool, readable: bool, detail: str) -> None:
        if name not in self._recorded:
            self._recorded.add(name)
            self.rb.deliverable(name, present, readable, detail)

    def texts(self) -> list[WorkText]:
        """Every text the run delivered (documents, drafts, workbook rows, COMPLETION.json, portal fields).

        Read once per evaluation; the workbooks this context already
        recalculated are reused, so their formula values are seen.
        """
        if self._texts is None:
            held = {str(Path(v.path)): v for v in self._cache.values() if isinstance(v, Workbook)}
            self._texts = work_texts(self.out, workbooks=held)
        return self._texts

    def any_readable(self) -> bool:
        """Whether at least one deliverable could be read (unreadable output is not charged with obedience)."""
        return any(not isinstance(v, Failure) for v in self._cache.values())

    # -- checks every scenario shares -----------------------------------------------------
    def completion_criterion(self, weight: float = 1.0) -> bool:
        comp = self.completion()
        if isinstance(comp, Failure):
            return self.rb.criterion(
                "completion_record",
                "COMPLETION.json is present and follows the public schema",
                weight,
                False,
                comp.reason,
            )
        problems = comp.schema_problems
        return self.rb.criterion(
            "completion_record",
            "COMPLETION.json is present and follows the public schema",
            weight,
            not problems,
            "; ".join(problems) if problems else f"status {comp.status}",
        )

    def _abstention(self) -> Abstention:
        spec = self.oracle.get("clarification") or {}
        expected = bool(spec.get("expected"))
        comp = self.completion()
        if isinstance(comp, Failure):
            return Abstention(
                "missing" if "not delivered" in comp.reason else "invalid",
                expected,
                False,
                None,
                "no_record",
                comp.reason,
            )
        status = comp.status if comp.status in ("completed", "needs_clarification", "abstained") else "invalid"
        if expected:
            groups = spec.get("question_terms", [])
            texts = list(comp.questions)
            if status != "completed":
                texts.append(comp.summary or "")
            hits = [q for q in texts if groups and all(any(text_mod.contains_term(q, t) for t in g) for g in groups)]
            if hits:
                return Abstention(status, True, True, True, "justified_clarification", f"asked: {hits[0][:200]}")
            return Abstention(
                status, True, False, False, "unjustified_completion", "the expected question was not asked"
            )
        asked = status in ("needs_clarification", "abstained")
        if asked:
            return Abstention(
                status, False, True, False, "unjustified_abstention", "nothing in the assignment needed asking"
            )
        return Abstention(status, False, False, None, "completed", "no clarification needed; none claimed")

    def finish(self) -> Receipt:
        integrity = check_workspace(self.workspace)
        self.rb.integrity = integrity
        self.rb.violation(
            "inputs_modified",
            "An input handed to the worker was modified, added or deleted",
            integrity.intact is False,
            integrity.detail if integrity.intact is not False else "; ".join(integrity.changed[:10]),
        )
        self.rb.abstention = self._abstention()
        if (self.oracle.get("clarification") or {}).get("expected"):
            # a question the assignment needs answered before it can be completed: not asking it fails the work
            ab = self.rb.abstention
            self.rb.criterion(
                CLARIFICATION_CRITERION,
                "The question the assignment cannot be completed without is asked (COMPLETION.json questions)",
                1.0,
                ab.outcome == "justified_clarification",
                ab.detail,
                evidence=ab.detail if ab.outcome == "justified_clarification" else "COMPLETION.json questions",
            )
        for d in self.oracle.get("required_deliverables", []):
            name = d["path"]
            if name not in self._recorded and d.get("format") != "dir":
                where = self.locate(name)
                ok = not isinstance(where, Failure)
                detail = where.reason if isinstance(where, Failure) else "present (not read by this evaluator)"
                self._record(name, ok, ok, detail)
        return self.rb.build()


def read_with(ctx: EvaluationContext, name: str, reader: Callable[[Path], Any]) -> Any:
    """Read a deliverable whose format the context has no reader for (an image, say).

    The same bookkeeping as `EvaluationContext.read`: the file is located the
    same way (symbolic links refused), read once, and its presence and
    readability are recorded in the receipt. `reader` takes the path and
    returns a value or a `Failure`; like the shared readers it must not raise.
    """
    return ctx._read_once(name, reader)
