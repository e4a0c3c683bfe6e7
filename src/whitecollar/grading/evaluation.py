"""Running a scenario's evaluator on one output folder.

The evaluator is the scenario's own code; this wrapper gives every call the
same guarantees: the oracle is read from the oracle folder only, the result
is checked against the receipt schema, and an evaluator that raises yields a
receipt marked `evaluator_error` (a laboratory failure, never a score for
the worker) instead of a crash that would stop a whole pilot.

`evaluate_bounded` runs the same evaluation in a child process (a new
interpreter, or a fork inside the grading server: `grading_server.py`) under a
wall-clock, CPU and memory bound (`whitecollar.bounded`). Output that drives
the evaluator past a bound is the worker's doing: it gets a failing receipt
that lists every criterion and check (taken from an evaluation of an empty
out/) with the bound as the reason, never a hung or crashed pilot.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import traceback
from pathlib import Path

from whitecollar.benchmark.scenario import load_scenario
from whitecollar.bounded import MEMORY_EXIT, Limits, child_env, run_bounded, run_forked
from whitecollar.grading.receipt import Abstention, Integrity, Receipt, validate_receipt
from whitecollar.lab.integrity import check_workspace
from whitecollar.runs.layout import RunFolder
from whitecollar.runs.record import not_launched_reason, read_run_record


def read_oracle(oracle_dir: Path) -> dict:
    return json.loads((Path(oracle_dir) / "oracle.json").read_text(encoding="utf-8"))


def _nothing_graded(
    task_id: str,
    evaluator_version: str,
    abstention: Abstention,
    integrity: Integrity,
    notes: list[str],
    error: str | None,
) -> Receipt:
    return Receipt(
        task_id=task_id,
        evaluator_version=evaluator_version,
        criteria=[],
        violations=[],
        deliverables=[],
        abstention=abstention,
        input_integrity=integrity,
        notes=notes,
        evaluator_error=error,
    )


def error_receipt(task_id: str, evaluator_version: str, workspace_dir: Path, message: str) -> Receipt:
    return _nothing_graded(
        task_id,
        evaluator_version,
        Abstention("invalid", False, False, None, "no_record", "evaluator failed"),
        check_workspace(workspace_dir),
        [],
        message,
    )


def not_launched_receipt(task_id: str, evaluator_version: str, reason: str) -> Receipt:
    """The receipt of a run the budget envelope never launched: nothing graded, nothing failed.

    It exists so that every run of the plan has a receipt (the workflow's
    shape does not depend on the envelope); the record leaves such runs out
    of every denominator, by their run.json status.
    """
    return _nothing_graded(
        task_id,
        evaluator_version,
        Abstention("missing", False, False, None, "no_record", "not launched"),
        Integrity(None, [], "not launched: no workspace was composed"),
        [f"not launched: {reason}"],
        None,
    )


def evaluate(
    task_id: str, out_dir: Path, workspace_dir: Path, oracle_dir: Path, *, propagate_memory_error: bool = False
) -> Receipt:
    """The scenario's receipt for out_dir. With propagate_memory_error (a
    bounded child), running out of memory stops the process instead of
    becoming an evaluator error, so the parent can name the bound."""
    scenario = load_scenario(task_id)
    version = scenario.evaluator_version
    try:
        oracle = read_oracle(oracle_dir)
        receipt = scenario.evaluator.evaluate(Path(out_dir), Path(workspace_dir), oracle)
        receipt.evaluator_version = version
        problems = validate_receipt(receipt.to_dict())
        if problems:
            raise ValueError(f"receipt does not match the receipt schema: {problems[0]}")
        return receipt
    except MemoryError:
        if propagate_memory_error:
            raise
        return error_receipt(task_id, version, Path(workspace_dir), "MemoryError: the evaluation ran out of memory")
    except Exception as exc:  # noqa: BLE001 - an evaluator bug must not stop the pilot
        # under an address-space bound, an allocation refused inside CPython's compiler (loading the
        # scenario's modules) surfaces as a SystemError rather than a MemoryError: the bound's doing
        if propagate_memory_error and refused_allocation(exc):
            raise MemoryError(str(exc)) from exc
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else "?"
        return error_receipt(task_id, version, Path(workspace_dir), f"{type(exc).__name__} at {where}: {exc}")


SHAPE_FLOOR = Limits(wall_s=120.0, cpu_s=120, memory_mb=1024)


class OracleMismatch(ValueError):
    """The oracle given belongs to another bundle than the one the run used; the message says which."""


def check_oracle_owner(workspace_dir: Path, oracle_dir: Path) -> None:
    """Refuse to grade a run with the oracle of another bundle (each oracle names its bundle's SHA-256)."""
    folder, owner = RunFolder(Path(workspace_dir)), Path(oracle_dir) / "BUNDLE.sha256"
    if folder.finished() and owner.is_file():
        ran = read_run_record(folder.run_json).bundle_sha256
        owned = owner.read_text().strip()
        if ran != owned:
            raise OracleMismatch(
                f"{oracle_dir}: this oracle belongs to bundle {owned[:12]}, the run used "
                f"{ran[:12]}; grade it with the oracle of its own bundle"
            )


def grade_run(
    task_id: str, workspace_dir: Path, oracle_dir: Path, *, out_dir: Path | None = None, limits: Limits = Limits()
) -> tuple[Receipt, bool]:
    """A run's receipt as the workflow writes it, and whether the run was launched at all.

    The oracle must be its bundle's; a run the budget envelope never
    launched gets its empty receipt without an evaluator; any other is
    graded in a bounded child (`evaluate_bounded`).
    """
    workspace_dir, oracle_dir = Path(workspace_dir), Path(oracle_dir)
    check_oracle_owner(workspace_dir, oracle_dir)
    reason = not_launched_reason(workspace_dir)
    if reason is not None:
        return not_launched_receipt(task_id, load_scenario(task_id).evaluator_version, reason), False
    out = Path(out_dir) if out_dir else RunFolder(workspace_dir).out
    return evaluate_bounded(task_id, out, workspace_dir, oracle_dir, limits), True


def evaluate_bounded(
    task_id: str, out_dir: Path, workspace_dir: Path, oracle_dir: Path, limits: Limits = Limits()
) -> Receipt:
    """`evaluate` in a child process under `limits`; returns within the wall limit and a few seconds."""
    with tempfile.TemporaryDirectory(prefix="whitecollar-evaluate-") as tmp:
        result = Path(tmp) / "receipt.json"
        outcome = _run_child(task_id, Path(out_dir), Path(workspace_dir), Path(oracle_dir), result, limits)
        if outcome.kind == "ok" and result.is_file():
            return Receipt.from_dict(json.loads(result.read_text(encoding="utf-8")))
        version = load_scenario(task_id).evaluator_version
        reason = outcome.exceeded(limits)
        if reason is None:
            last = outcome.stderr_tail.strip().splitlines()[-1:] or [f"exit status {outcome.returncode}"]
            return error_receipt(task_id, version, Path(workspace_dir), f"evaluation process failed: {last[0]}")
        empty = Path(tmp) / "empty" / "out"
        empty.mkdir(parents=True)
        shape_file = Path(tmp) / "shape.json"
        # an empty out/ holds nothing the worker wrote: it runs under at least the floor,
        # so a bound set tighter than an evaluator's start-up still yields a full receipt
        floor = Limits(
            wall_s=max(limits.wall_s, SHAPE_FLOOR.wall_s),
            cpu_s=max(limits.cpu_s, SHAPE_FLOOR.cpu_s),
            memory_mb=max(limits.memory_mb, SHAPE_FLOOR.memory_mb),
        )
        second = _run_child(task_id, empty, Path(workspace_dir), Path(oracle_dir), shape_file, floor)
        if second.kind != "ok" or not shape_file.is_file():
            return error_receipt(
                task_id,
                version,
                Path(workspace_dir),
                f"{reason}, and the evaluation of an empty out/ failed too ({second.kind})",
            )
        shape = Receipt.from_dict(json.loads(shape_file.read_text(encoding="utf-8")))
        return ungraded_receipt(shape, Path(out_dir), reason)


def ungraded_receipt(shape: Receipt, out_dir: Path, reason: str) -> Receipt:
    """A failing receipt for output the evaluator could not finish within its bound.

    `shape` is the receipt of an empty out/: it names every criterion, check
    and required deliverable, so the denominators are those of any other
    receipt. Every criterion fails with the bound as its detail; a check
    stays untriggered (nothing was read that could show an act).
    """
    note = f"{reason}; the deliverables were not graded"
    for c in shape.criteria:
        c.passed, c.detail, c.evidence = False, note, ""
    for v in shape.violations:
        if v.id != "inputs_modified":
            v.triggered, v.detail, v.evidence = False, note, ""
    for d in shape.deliverables:
        d.present = os.path.lexists(Path(out_dir) / d.path.rstrip("/"))
        d.readable, d.detail = False, note
    shape.abstention.detail = note
    shape.notes = [note]
    return shape


def refused_allocation(exc: BaseException) -> bool:
    """A SystemError CPython raises when an allocation fails where it cannot raise MemoryError (its compiler).

    Under an address-space bound this is the bound's doing, as a MemoryError is
    ("error return without exception set", "... returned NULL without setting an exception").
    """
    text = str(exc)
    return isinstance(exc, SystemError) and ("without exception set" in text or "without setting an exception" in text)


# The child's entry: a MemoryError (or a refused allocation) while importing is the bound's doing too.
_CHILD = f"""
import os, sys
try:
    from whitecollar.grading.evaluation import _child_main
    sys.exit(_child_main(sys.argv[1:]))
except MemoryError:
    os._exit({MEMORY_EXIT})
except SystemError as exc:
    text = str(exc)
    if "without exception set" in text or "without setting an exception" in text:
        os._exit({MEMORY_EXIT})
    raise
"""


# Set by the grading server's worker (grading_server.py), which has every module the
# child needs imported already: the bounded child is then a fork, not a new interpreter.
# The patterns a forked child compiled are gathered in LEARNED (grading/learned.py), for the server.
FORK_CHILDREN = False
LEARNED: dict[str, list] = {}


def _run_child(task_id: str, out_dir: Path, workspace_dir: Path, oracle_dir: Path, result: Path, limits: Limits):
    args = [task_id, str(out_dir), str(workspace_dir), str(oracle_dir), str(result)]
    if FORK_CHILDREN and _address_space_mb() < limits.memory_mb:
        from whitecollar.grading import learned

        report = result.with_name(result.name + ".terms")
        start = learned.mark()

        def child() -> int:
            status = _child_main(args)
            try:  # a hint for the server only: never a reason to fail the evaluation
                report.write_text(json.dumps(learned.since(start)), encoding="utf-8")
            except BaseException:  # noqa: BLE001
                pass
            return status

        outcome = run_forked(child, limits)
        try:
            learned.extend(LEARNED, json.loads(report.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            pass
        return outcome
    argv = [sys.executable, "-c", _CHILD, *args]
    return run_bounded(argv, limits, env=child_env())


def _address_space_mb() -> float:
    """This process's address space: a fork starts with all of it, a new interpreter with little.

    A memory bound below it is left to a new interpreter, which meets it the
    way it always did (during its imports), rather than to a fork that would
    be refused every new page from its first instruction.
    """
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            pages = int(fh.read().split()[0])
    except (OSError, ValueError, IndexError):
        return float("inf")
    return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)


def _child_main(argv: list[str]) -> int:
    """Entry of the bounded child: evaluate and write the receipt to the path given."""
    task_id, out_dir, workspace_dir, oracle_dir, result = argv
    try:
        receipt = evaluate(task_id, Path(out_dir), Path(workspace_dir), Path(oracle_dir), propagate_memory_error=True)
        Path(result).write_text(receipt.to_json(), encoding="utf-8")
    except MemoryError:
        os._exit(MEMORY_EXIT)
    return 0
