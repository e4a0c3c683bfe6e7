"""One run, start to finish: reserve, compose, launch, collect, record, clean up.

Statuses keep the worker's failures apart from the laboratory's own:

- worker: `completed`, `crashed` (no result event, or a failing exit),
  `timeout` (killed at the wall limit), `over_budget` (its result event
  reports more than its cap), `nothing_delivered` (out/ empty);
- laboratory: a failure to compose, launch or transport raises
  `LabFailure`, and so does a real client whose init event lists another
  tool set than the arm's (the session is settled in the ledger, the
  reason noted in events.jsonl as `lab_failure`); the run's outputs are
  then not written, so Snakemake retries it (rule `retries`) and, if it keeps failing, reports it and
  stops short of the pilot's summary rather than counting it against the
  worker or dropping it from a denominator.
"""

from __future__ import annotations

import shutil
import tempfile
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict
from pathlib import Path
from typing import Any

from whitecollar import atomic
from whitecollar.hashing import sha256_file
from whitecollar.lab.collect import Collected, collect
from whitecollar.lab.events import EventRecorder, now_iso
from whitecollar.lab.ledger import BudgetRefused, Ledger
from whitecollar.lab.portal import PortalError
from whitecollar.lab.portal.runner import PortalHandle, start_portal
from whitecollar.lab.portal.submissions import RELPATH as SUBMISSIONS_RELPATH
from whitecollar.lab.portal.submissions import restore_from_log
from whitecollar.lab.run_spec import Backend, RunSpec
from whitecollar.lab.transport import LocalTransport, Transport
from whitecollar.lab.workspace import ComposeError, compose, verify_bundle_against_freeze, write_manifest
from whitecollar.runs.layout import RunFolder
from whitecollar.runs.record import NOT_LAUNCHED, RunRecord, worker_fields

WORKER_STATUSES = ("completed", "crashed", "timeout", "over_budget", "nothing_delivered")


class LabFailure(RuntimeError):
    """The laboratory, not the worker, failed; the run must be retried or reported."""


def classify(
    *, timed_out: bool, exit_code: int | None, result_seen: bool, cost: float | None, budget: float, delivered: int
) -> str:
    if timed_out:
        return "timeout"
    # before the exit status: the real client stops at its budget cap with a result event and exit status 1
    if result_seen and cost is not None and cost > budget:
        return "over_budget"
    if not result_seen or (exit_code not in (0, None)):
        return "crashed"
    if delivered == 0:
        return "nothing_delivered"
    return "completed"


def arm_tool_names(arm: dict[str, Any]) -> list[str]:
    """The tools a session of this arm must have: its tools, less those its denied list removes outright."""
    removed = {d for d in arm.get("denied") or [] if "(" not in d}
    return sorted({str(t).split("(", 1)[0] for t in arm.get("tools") or []} - removed)


def tool_set_mismatch(arm: dict[str, Any], init_tools: list[str] | None) -> str | None:
    """Why the client's own account of its tools (its init event) is not the arm's, or None when it is.

    The argv says what was asked; only the client's init event says what
    the session had. A session without an init event has nothing to
    compare and is left to the worker's statuses.
    """
    if init_tools is None:
        return None
    want, have = arm_tool_names(arm), sorted(set(init_tools))
    if have == want:
        return None
    return (
        f"the client's init event lists the tools {', '.join(have) or '(none)'}, the arm has "
        f"{', '.join(want) or '(none)'}: the session did not run the arm's configuration"
    )


def _environment(backend: Backend, home: Path | None) -> dict[str, str] | None:
    """What the backend adds to a session's environment (a real client: a fresh home, no side traffic)."""
    environment = getattr(backend, "environment", None)
    return environment(home) if environment is not None else None


def _model_server(
    backend: Backend, run: RunSpec, bundle_dir: Path, ws: Path, arm: dict[str, Any], run_dir: Path
) -> AbstractContextManager[dict[str, str]]:
    """The run's scripted model, when the backend has one (lab/scripted_model.py), up for the session only."""
    serve = getattr(backend, "model_server", None)
    return serve(run, bundle_dir, ws, arm, run_dir) if serve is not None else nullcontext({})


def _frozen_digest(run: RunSpec, bundle_dir: Path, freeze_manifest: Path) -> str:
    """The bundle's digest, checked against the freeze and the run's bundle: a stale bundle is the lab's failure."""
    try:
        digest = verify_bundle_against_freeze(run.task_id, bundle_dir, freeze_manifest)
    except ComposeError as exc:
        raise LabFailure(str(exc)) from None
    if not digest.startswith(run.bundle):
        raise LabFailure(
            f"{run.run_id}: frozen bundle is {digest[:12]}, the run asks for {run.bundle}; re-run the assignment"
        )
    return digest


def _worker_argv(backend: Backend, run: RunSpec, arm: dict[str, Any]) -> list[str]:
    """The worker's command line; a misconfigured arm is the lab's failure, found before any money is reserved."""
    try:
        return backend.argv(run, arm)
    except ValueError as exc:
        raise LabFailure(f"{run.run_id}: cannot start a worker for arm {run.arm}: {exc}") from exc


def _end_session_services(portal: PortalHandle | None, home: Path | None) -> None:
    """Stop the run's portal and remove the worker's home, whether or not the session could be launched."""
    if portal is not None:
        portal.stop()
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)


def run_session(
    run: RunSpec,
    *,
    bundle_dir: Path,
    freeze_manifest: Path,
    run_dir: Path,
    arm: dict[str, Any],
    backend: Backend,
    ledger: Ledger,
    work_root: Path,
    max_file_bytes: int,
    max_run_bytes: int,
    transport: Transport | None = None,
    time_limit_s: float | None = None,
) -> dict[str, Any]:
    transport = transport or LocalTransport()
    run_dir = Path(run_dir).resolve()
    folder = RunFolder(run_dir)
    digest = _frozen_digest(run, bundle_dir, freeze_manifest)
    argv = _worker_argv(backend, run, arm)  # a misconfigured arm fails before any money is reserved
    try:
        ledger.reserve(run.run_id, run.budget_usd, simulated=backend.simulated)
    except BudgetRefused as exc:
        return record_not_launched(run, run_dir, digest, backend.describe(run), str(exc))
    ws = Path(work_root).resolve() / f"{run.run_id}-{run.bundle}"
    if ws.exists():
        shutil.rmtree(ws)  # left by an interrupted controller
    folder.clear()
    started = now_iso()
    try:
        compose(bundle_dir, ws, portal=bool(arm.get("portal")), task_id=run.task_id)
    except Exception as exc:  # noqa: BLE001
        ledger.release(run.run_id)
        raise LabFailure(f"{run.run_id}: could not compose the workspace: {exc}") from exc
    limit = float(time_limit_s if time_limit_s is not None else run.time_limit_s)
    with EventRecorder(folder.events) as rec:
        rec.note("launch", run_id=run.run_id, node=run.node, backend=backend.name, time_limit_s=limit)
        # a remote transport starts the portal on its node, next to the worker (lab/ssh.py)
        remote_portal = bool(getattr(transport, "remote_portal", False))
        portal = _start_portal(run, ws, run_dir, ledger, rec) if arm.get("portal") and not remote_portal else None
        # a fresh home for the worker (a remote transport puts its own on the node, lab/ssh.py)
        home = Path(tempfile.mkdtemp(prefix="worker-home-"))
        try:
            with _model_server(backend, run, bundle_dir, ws, arm, run_dir) as model_env:
                env = {**(_environment(backend, home) or {}), **model_env}
                outcome = transport.run(argv, ws, rec, time_limit_s=limit, env=env or None)
            if portal is not None and not portal.running:  # the lab's portal died under the worker: retried
                raise OSError(f"the portal died during the session (exit {portal.process.returncode})")
        except OSError as exc:
            ledger.release(run.run_id)
            shutil.rmtree(ws, ignore_errors=True)
            raise LabFailure(f"{run.run_id}: could not launch the worker: {exc}") from exc
        finally:
            _end_session_services(portal, home)
        res = rec.result
        mismatch = None if backend.simulated else tool_set_mismatch(arm, res.init_tools)
        if mismatch:  # the client ran another configuration than the arm's: not a run of the arm, never graded
            rec.note("lab_failure", reason=mismatch)
            ledger.settle(run.run_id, res.cost_usd, run.budget_usd, simulated=backend.simulated)
            shutil.rmtree(ws, ignore_errors=True)
            raise LabFailure(f"{run.run_id}: {mismatch}")
        collected = collect(ws, folder.out, max_file_bytes=max_file_bytes, max_run_bytes=max_run_bytes)
        rec.note("collected", files=len(collected.files), skipped=len(collected.skipped))
        submissions = _submissions_as_accepted(run_dir, collected, rec) if arm.get("portal") else None
    integrity = collected.integrity
    assert integrity is not None  # collect() always checks the workspace
    atomic.write_json(folder.integrity, asdict(integrity))
    status = classify(
        timed_out=outcome.timed_out,
        exit_code=outcome.exit_code,
        result_seen=res.seen,
        cost=res.cost_usd,
        budget=run.budget_usd,
        delivered=len(collected.files),
    )
    ledger.settle(run.run_id, res.cost_usd, run.budget_usd, simulated=backend.simulated)
    shutil.rmtree(ws, ignore_errors=True)
    record = RunRecord(
        **_identity(run, digest),
        **worker_fields(backend.describe(run)),
        status=status,
        exit_code=outcome.exit_code,
        timed_out=outcome.timed_out,
        wall_s=round(outcome.wall_s, 3),
        time_limit_s=limit,
        budget_usd=run.budget_usd,
        cost_usd=res.cost_usd,
        cost_known=res.cost_usd is not None,
        num_turns=res.num_turns,
        result_subtype=res.subtype,
        duration_ms=res.duration_ms,
        tool_uses=res.tool_uses,
        events=res.events,
        partial_lines=res.partial_lines,
        deliverables=collected.files,
        skipped=collected.skipped,
        portal_submissions=submissions,
        inputs_intact=integrity.intact,
        integrity=integrity.detail,
        stderr_tail=outcome.stderr_tail[-1000:],
        sandbox=getattr(outcome, "sandbox", None),  # how the worker was walled on the local node (lab/sandbox.py)
        started_at=started,
        finished_at=now_iso(),
    )
    record.write(folder.run_json)
    return record.to_dict()


def _identity(run: RunSpec, digest: str) -> dict[str, Any]:
    """Which run a record is of, the same for a launched run and one never launched."""
    return {
        "run_id": run.run_id,
        "task_id": run.task_id,
        "bundle": run.bundle,
        "bundle_sha256": digest,
        "arm": run.arm,
        "repeat": run.repeat,
        "node": run.node,
    }


# the first words of the judging package of a run never launched: its judge jobs ask no judge
NOT_LAUNCHED_PACKAGE = "NOT LAUNCHED: "


def record_not_launched(
    run: RunSpec, run_dir: Path, digest: str, worker: dict[str, Any], reason: str
) -> dict[str, Any]:
    """The run's folder when the envelope left no room for it: nothing ran, nothing was spent.

    Every output of the run rule is written (an empty out/, no events, no
    integrity to check), so the workflow goes on to the record and the
    summary; run.json says `not_launched` and why. Such a run is neither a
    worker's failure nor the laboratory's: it is left out of every
    denominator and counted on its own (analysis/pilot.py).
    """
    folder = RunFolder(Path(run_dir))
    folder.clear()
    folder.out.mkdir()
    atomic.write_text(folder.events, "")
    atomic.write_json(
        folder.integrity, {"intact": None, "changed": [], "detail": "not launched: no workspace was composed"}
    )
    record = RunRecord(
        **_identity(run, digest),
        **worker_fields(worker),
        status=NOT_LAUNCHED,
        not_launched_reason=reason,
        time_limit_s=float(run.time_limit_s),
        budget_usd=run.budget_usd,
        cost_usd=0.0,
        integrity="not launched",
        finished_at=now_iso(),
    )
    record.write(folder.run_json)  # last: its presence says the folder is complete
    return record.to_dict()


def _start_portal(run: RunSpec, ws: Path, run_dir: Path, ledger: Ledger, rec: EventRecorder) -> PortalHandle:
    """The run's portal (portal arms), up before the worker; one that cannot start fails the run, not the worker."""
    try:
        portal = start_portal(ws, RunFolder(run_dir).portal_log)
    except PortalError as exc:
        ledger.release(run.run_id)
        shutil.rmtree(ws, ignore_errors=True)
        raise LabFailure(f"{run.run_id}: could not start the portal: {exc}") from exc
    try:
        # the lab itself just wrote the address and credentials into portal/portal.json: not a worker's change
        write_manifest(ws)
        rec.note("portal", url=portal.url, log="portal.log")
    except BaseException:
        portal.stop()
        raise
    return portal


def _submissions_as_accepted(run_dir: Path, collected: Collected, rec: EventRecorder) -> dict[str, Any]:
    """The collected submissions file rebuilt from the portal's log when the worker edited or deleted it.

    A form submitted to the portal is an act the evaluator may grade (an
    award, a filing); the copy in out/ is only the worker's to read, so it
    must not be able to take one back or add one the portal never received.
    """
    folder = RunFolder(run_dir)
    out = folder.out
    found = restore_from_log(folder.portal_log, out)
    if found["restored"]:  # the listing made at collection no longer describes the file
        rel, path = SUBMISSIONS_RELPATH.as_posix(), out / SUBMISSIONS_RELPATH
        if path.is_file():
            collected.files[rel] = {"sha256": sha256_file(path), "bytes": path.stat().st_size}
        else:
            collected.files.pop(rel, None)
        rec.note("portal_submissions_restored", logged=found["logged"], detail=found["detail"])
    return found
