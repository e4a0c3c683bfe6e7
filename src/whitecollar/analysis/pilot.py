"""The pilot's record, rebuilt from the files.

run.json, events.jsonl and receipt.json files are the truth; the experiment
database, the cost ledger and the summary are derived from them and can be
deleted and rebuilt at any time. Simulated runs are labelled SIMULATED in
every table and in the printed summary.

Denominators: a run whose receipt carries an evaluator error is a
laboratory failure. It is excluded from pass rates and scores (it says
nothing about the worker) but counted and shown in its own column, never
silently dropped. Worker failures (crashed, timeout, nothing delivered)
stay in the denominator: they failed the task. A run the budget envelope
never launched (run.json status `not_launched`) is neither: nothing ran, so
it is in no table of results and no denominator; not_launched.csv lists
each with the reason, and the summary and the dashboard give their number.
"""

from __future__ import annotations

import json
import os
import sqlite3
import statistics
import tempfile
from pathlib import Path
from typing import Any

from whitecollar import atomic
from whitecollar.grading.receipt import read_receipt
from whitecollar.lab.run_spec import SCRIPTED_LABEL, SIMULATED_LABEL, records_label, worker_label
from whitecollar.runs.record import read_run_record


def _b(v: Any) -> int | None:
    return None if v is None else int(bool(v))


def _field(name: str, convert: Any = None) -> Any:
    return (lambda r: convert(r[name])) if convert else (lambda r: r[name])


#: the runs table, column by column: (column, SQL type, the value from a run record's fields)
RUN_COLUMNS: tuple[tuple[str, str, Any], ...] = (
    ("run_id", "TEXT PRIMARY KEY", _field("run_id")),
    ("task_id", "TEXT", _field("task_id")),
    ("bundle", "TEXT", _field("bundle")),
    ("arm", "TEXT", _field("arm")),
    ("repeat", "INTEGER", _field("repeat")),
    ("node", "TEXT", _field("node")),
    ("backend", "TEXT", _field("backend")),
    ("simulated", "INTEGER", _field("simulated", _b)),
    ("persona", "TEXT", _field("persona")),
    ("model", "TEXT", _field("model")),
    ("status", "TEXT", _field("status")),
    ("exit_code", "INTEGER", _field("exit_code")),
    ("timed_out", "INTEGER", _field("timed_out", _b)),
    ("wall_s", "REAL", _field("wall_s")),
    ("time_limit_s", "REAL", _field("time_limit_s")),
    ("budget_usd", "REAL", _field("budget_usd")),
    ("cost_usd", "REAL", _field("cost_usd")),
    ("cost_known", "INTEGER", _field("cost_known", _b)),
    ("num_turns", "INTEGER", _field("num_turns")),
    ("tool_uses", "INTEGER", _field("tool_uses")),
    ("inputs_intact", "INTEGER", _field("inputs_intact", _b)),
    ("deliverables", "INTEGER", _field("deliverables", len)),
    ("started_at", "TEXT", _field("started_at")),
    ("finished_at", "TEXT", _field("finished_at")),
    ("label", "TEXT", worker_label),
)

SCHEMA = (
    "CREATE TABLE runs (\n  "
    + ",\n  ".join(f"{name} {kind}" for name, kind, _ in RUN_COLUMNS)
    + ");\n"
    + """CREATE TABLE receipts (
  run_id TEXT PRIMARY KEY REFERENCES runs(run_id), evaluator_version TEXT, success INTEGER,
  weighted_score REAL, completed INTEGER, abstention_status TEXT, abstention_outcome TEXT,
  clarification_expected INTEGER, asked INTEGER, justified INTEGER, integrity_intact INTEGER,
  evaluator_error TEXT);
CREATE TABLE criteria (
  run_id TEXT REFERENCES runs(run_id), criterion_id TEXT, weight REAL, passed INTEGER,
  oracle_fact INTEGER, detail TEXT, evidence TEXT, PRIMARY KEY (run_id, criterion_id));
CREATE TABLE violations (
  run_id TEXT REFERENCES runs(run_id), violation_id TEXT, triggered INTEGER, detail TEXT, evidence TEXT,
  PRIMARY KEY (run_id, violation_id));
CREATE TABLE deliverables (
  run_id TEXT REFERENCES runs(run_id), path TEXT, sha256 TEXT, bytes INTEGER, PRIMARY KEY (run_id, path));
CREATE TABLE costs (
  run_id TEXT PRIMARY KEY REFERENCES runs(run_id), cost_usd REAL, cost_known INTEGER, cap_usd REAL,
  charged_usd REAL, simulated INTEGER);
"""
)

SUMMARY_FIELDS = [
    "label",
    "arm",
    "task_id",
    "runs",
    "evaluated",
    "lab_failures",
    "worker_failures",
    "successes",
    "pass_rate",
    "mean_weighted_score",
    "runs_with_violation",
    "injection_obeyed",
    "clarification_expected",
    "justified_clarifications",
    "unjustified_abstentions",
    "mean_cost_usd",
    "total_cost_usd",
    "cost_unknown",
    "cost_per_success_usd",
]


def load(pairs: list[tuple[Path, Path]]) -> list[tuple[dict, dict]]:
    """(run.json, receipt.json) contents for each run, each read through its typed reader (checked, one error)."""
    out = []
    for run_json, receipt_json in pairs:
        out.append((read_run_record(run_json).to_dict(), read_receipt(receipt_json).to_dict()))
    return sorted(out, key=lambda rr: rr[0]["run_id"])


NOT_LAUNCHED_FIELDS = ["run_id", "arm", "task_id", "budget_usd", "reason"]


def split_not_launched(records: list[tuple[dict, dict]]) -> tuple[list[tuple[dict, dict]], list[dict]]:
    """(runs that were launched with their receipts, rows of the runs the envelope never launched)."""
    launched = [(r, c) for r, c in records if r.get("status") != "not_launched"]
    skipped = [
        {
            "run_id": r["run_id"],
            "arm": r["arm"],
            "task_id": r["task_id"],
            "budget_usd": r.get("budget_usd"),
            "reason": r.get("not_launched_reason", ""),
        }
        for r, _ in records
        if r.get("status") == "not_launched"
    ]
    return launched, sorted(skipped, key=lambda x: x["run_id"])


def not_launched_line(skipped: list[dict], envelope_usd: float) -> str:
    """The one line that ends a pilot the envelope cut short ("" when every run was launched)."""
    if not skipped:
        return ""
    return (
        f"{len(skipped)} run(s) not launched: the budget envelope of {envelope_usd:.2f} USD had no room for "
        f"their caps (raise budget.envelope_usd in config.yaml, delete their run folders and run the pilot again)"
    )


def build_database(path: Path, records: list[tuple[dict, dict]], judged: dict | None = None) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".experiment.", suffix=".sqlite", dir=path.parent)
    os.close(fd)
    try:
        con = sqlite3.connect(tmp)
        con.executescript(SCHEMA)
        for run, rc in records:
            con.execute(
                f"INSERT INTO runs ({', '.join(c for c, _, _ in RUN_COLUMNS)}) "
                f"VALUES ({', '.join('?' for _ in RUN_COLUMNS)})",
                tuple(value(run) for _, _, value in RUN_COLUMNS),
            )
            ab = rc["abstention"]
            con.execute(
                "INSERT INTO receipts VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    run["run_id"],
                    rc["evaluator_version"],
                    _b(rc["success"]),
                    rc["weighted_score"],
                    _b(rc["completed"]),
                    ab["status"],
                    ab["outcome"],
                    _b(ab["clarification_expected"]),
                    _b(ab["asked"]),
                    _b(ab["justified"]),
                    _b(rc["input_integrity"]["intact"]),
                    rc.get("evaluator_error"),
                ),
            )
            for c in rc["criteria"]:
                con.execute(
                    "INSERT INTO criteria VALUES (?,?,?,?,?,?,?)",
                    (
                        run["run_id"],
                        c["id"],
                        c["weight"],
                        _b(c["passed"]),
                        _b(c["oracle_fact"]),
                        c["detail"],
                        c.get("evidence", ""),
                    ),
                )
            for v in rc["violations"]:
                con.execute(
                    "INSERT INTO violations VALUES (?,?,?,?,?)",
                    (run["run_id"], v["id"], _b(v["triggered"]), v["detail"], v.get("evidence", "")),
                )
            for rel, d in sorted(run.get("deliverables", {}).items()):
                con.execute("INSERT INTO deliverables VALUES (?,?,?,?)", (run["run_id"], rel, d["sha256"], d["bytes"]))
            cost = run.get("cost_usd")
            con.execute(
                "INSERT INTO costs VALUES (?,?,?,?,?,?)",
                (
                    run["run_id"],
                    cost,
                    _b(cost is not None),
                    run.get("budget_usd"),
                    cost if cost is not None else run.get("budget_usd"),
                    _b(run.get("simulated")),
                ),
            )
        if judged is not None:  # the judge panel's tables (whitecollar.judges.store)
            from whitecollar.judges.store import insert_judgements

            insert_judgements(con, judged)
        con.commit()
        con.close()
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _group_summary(label: str, arm: str, task: str, group: list[tuple[dict, dict]], injection_ids: set[str]) -> dict:
    evaluated = [(r, c) for r, c in group if not c.get("evaluator_error")]
    succ = [c for _, c in evaluated if c["success"]]
    costs = [r["cost_usd"] for r, _ in group if r.get("cost_usd") is not None]
    expected = [c for _, c in evaluated if c["abstention"]["clarification_expected"]]
    total_cost = round(sum(costs), 4)
    return {
        "label": label,
        "arm": arm,
        "task_id": task,
        "runs": len(group),
        "evaluated": len(evaluated),
        "lab_failures": len(group) - len(evaluated),
        "worker_failures": sum(r["status"] != "completed" for r, _ in group),
        "successes": len(succ),
        "pass_rate": round(len(succ) / len(evaluated), 4) if evaluated else "",
        "mean_weighted_score": round(statistics.fmean(c["weighted_score"] for _, c in evaluated), 4)
        if evaluated
        else "",
        "runs_with_violation": sum(bool(c["triggered_violations"]) for _, c in evaluated),
        "injection_obeyed": sum(any(v in injection_ids for v in c["triggered_violations"]) for _, c in evaluated),
        "clarification_expected": len(expected),
        "justified_clarifications": sum(c["abstention"]["outcome"] == "justified_clarification" for c in expected),
        "unjustified_abstentions": sum(c["abstention"]["outcome"] == "unjustified_abstention" for _, c in evaluated),
        "mean_cost_usd": round(statistics.fmean(costs), 4) if costs else "",
        "total_cost_usd": total_cost,
        "cost_unknown": sum(r.get("cost_usd") is None for r, _ in group),
        "cost_per_success_usd": round(total_cost / len(succ), 4) if succ else "",
    }


def summarise(records: list[tuple[dict, dict]], injection_ids: set[str]) -> list[dict]:
    label = records_label([r for r, _ in records])
    rows = []
    arms = sorted({r["arm"] for r, _ in records})
    tasks = sorted({r["task_id"] for r, _ in records})
    for arm in arms:
        for task in tasks:
            g = [(r, c) for r, c in records if r["arm"] == arm and r["task_id"] == task]
            if g:
                rows.append(_group_summary(label, arm, task, g, injection_ids))
        rows.append(_group_summary(label, arm, "ALL", [(r, c) for r, c in records if r["arm"] == arm], injection_ids))
    return rows


def ledger_rows(records: list[tuple[dict, dict]], envelope_usd: float, judged: dict | None = None) -> list[dict]:
    rows, charged = [], 0.0
    for run, _ in sorted(records, key=lambda rr: rr[0].get("started_at") or ""):
        cost = run.get("cost_usd")
        charge = cost if cost is not None else run.get("budget_usd", 0.0)
        charged += charge
        rows.append(
            {
                "label": worker_label(run),
                "kind": "run",
                "run_id": run["run_id"],
                "arm": run["arm"],
                "task_id": run["task_id"],
                "status": run["status"],
                "cost_usd": "" if cost is None else cost,
                "cost_known": "yes" if cost is not None else "no (no result event; charged at cap)",
                "cap_usd": run.get("budget_usd"),
                "charged_usd": round(charge, 4),
                "cumulative_usd": round(charged, 4),
                "envelope_remaining_usd": round(envelope_usd - charged, 4),
            }
        )
    if judged:  # the judges' costs, as rows of their own after the workers'
        from whitecollar.judges.store import judge_ledger_rows

        rows += judge_ledger_rows(judged, {r["run_id"]: r for r, _ in records}, charged)
    return rows


LEDGER_FIELDS = [
    "label",
    "kind",
    "run_id",
    "judge",
    "arm",
    "task_id",
    "status",
    "cost_usd",
    "cost_known",
    "cap_usd",
    "charged_usd",
    "cumulative_usd",
    "envelope_remaining_usd",
]


def unwalled_stamp(records: list[tuple[dict, dict]]) -> str:
    """The summary's first line when any worker ran without its sandbox (lab/sandbox.py), else nothing."""
    n = sum(r.get("sandbox") == "none" for r, _ in records)
    return (
        (
            f"UNWALLED: {n} of {len(records)} run(s) had no sandbox (sandbox: none); their workers could read "
            "the laboratory.\n"
        )
        if n
        else ""
    )


def format_table(rows: list[dict]) -> str:
    label = rows[0]["label"] if rows else ""
    head = ["arm", "task", "runs", "pass", "score", "viol.", "inj.", "clar.", "lab fail", "cost $"]
    lines = []
    if label == SIMULATED_LABEL:
        lines.append("SIMULATED: workers are the scenarios' own solver variants; no model was run.")
    if label == SCRIPTED_LABEL:
        lines.append(
            "SCRIPTED MODEL: the real Claude Code client ran, driven by a scripted model acting out the "
            "simulated personas; no model was run."
        )
    lines.append("  ".join(f"{h:>9}" for h in head))
    for r in rows:
        clar = f"{r['justified_clarifications']}/{r['clarification_expected']}" if r["clarification_expected"] else "-"
        cells = [
            r["arm"],
            r["task_id"],
            r["runs"],
            r["pass_rate"],
            r["mean_weighted_score"],
            r["runs_with_violation"],
            r["injection_obeyed"],
            clar,
            r["lab_failures"],
            r["total_cost_usd"],
        ]
        lines.append("  ".join(f"{c:>9}" if not isinstance(c, float) else f"{c:>9.3f}" for c in cells))
    return "\n".join(lines)


def audit_pilot(
    out: Path, records: list[tuple[dict, dict]], receipts_root: Path, audit_root: Path, deviations: list[str]
) -> dict:
    """Snapshot the receipts' verdicts, write the re-grading reports, and the pilot's audit.

    The verdicts of each scenario's runs are kept under the evaluator version
    that produced them (whitecollar.grading.regrade); when that version changed since
    the last record, the report of what flipped is written beside the new
    receipts. The audit (deviations from the freeze, re-gradings) goes to
    `<out>/audit.json`, which the summary and the dashboard are stamped from.
    """
    from whitecollar.analysis.audit import PILOT_AUDIT, build_audit
    from whitecollar.grading import regrade

    groups: dict[tuple[str, str], dict[str, Path]] = {}
    versions: dict[tuple[str, str], set[str]] = {}
    for run, rc in records:
        key = (run["task_id"], run["bundle"])
        rel = Path(run["task_id"], run["bundle"], run["arm"], f"r{run['repeat']}")
        groups.setdefault(key, {})[f"{run['arm']}/r{run['repeat']}"] = Path(receipts_root) / rel / "receipt.json"
        versions.setdefault(key, set()).add(rc["evaluator_version"])
    reports = []
    for (task, bundle), receipts in sorted(groups.items()):
        if len(versions[(task, bundle)]) != 1:  # half regraded: nothing consistent to snapshot
            continue
        version = versions[(task, bundle)].pop()
        folder = Path(audit_root) / "receipts" / task / bundle
        current = regrade.snapshot(receipts, version)
        atomic.write_json(folder / f"evaluator-{version}.json", current)
        before = regrade.previous_snapshot(folder, version)
        previous = json.loads(before.read_text(encoding="utf-8")) if before else None
        target = Path(receipts_root) / task / bundle / "regrade.json"
        rep = regrade.report(task, bundle, current, previous, str(target))
        atomic.write_json(target, rep)
        reports.append(rep)
    audit = build_audit(deviations, reports)
    atomic.write_json(Path(out) / PILOT_AUDIT, audit)
    return audit


def stamp(table: str, audit: dict) -> str:
    """The summary table under the audit's stamp (unchanged when the pilot follows its freeze)."""
    from whitecollar.analysis.audit import stamp_lines

    lines = stamp_lines(audit)
    return "\n".join(lines + [table]) if lines else table


class RecordError(ValueError):
    """The record cannot be built as asked; the message says what to give."""


def write_record(
    assignment: Path,
    runs_root: Path,
    receipts_root: Path,
    out: Path,
    envelope_usd: float,
    *,
    judging_root: Path | None = None,
    judges: list[str] | tuple[str, ...] = (),
    deviations: list[str] | None = None,
    audit_root: Path = Path("results/audit"),
) -> tuple[str, str]:
    """The pilot's record rebuilt from the files, into `out`; returns the summary table and its last line.

    `out` receives the experiment database, summary.csv, ledger.csv, a copy
    of the assignment, judges.csv (when `judges` are named), not_launched.csv
    and summary.txt. `deviations` (from `freeze.manifest.verify`) turn on the
    audit: deviations from the freeze and re-gradings are stamped on the
    summary. The last line names the runs the envelope never launched ('' if
    none).
    """
    import shutil

    from whitecollar.lab.assignment import read_assignment
    from whitecollar.office.csvio import write_dict_csv

    rows = read_assignment(assignment)
    pairs = []
    for r in rows:
        rel = Path(r["task_id"], r["bundle"], r["arm"], f"r{r['repeat']}")
        pairs.append((Path(runs_root) / rel / "run.json", Path(receipts_root) / rel / "receipt.json"))
    records, skipped = split_not_launched(load(pairs))
    launched_ids = {run["run_id"] for run, _ in records}
    rows = [r for r in rows if r["run_id"] in launched_ids]
    judged = None
    if judges:  # the judge panel's score files, one per run and judge
        from whitecollar.judges.store import load_judgements

        if not judging_root:
            raise RecordError("--judges needs --judging-root, the folder of the judges' score files")
        judged = load_judgements(rows, judging_root, judges)
    injection_ids = {"injection_obeyed"}
    for _, rc in records:
        injection_ids |= {v["id"] for v in rc["violations"] if "injection" in v["id"]}
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    build_database(out / "experiment.sqlite", records, judged)
    summary = summarise(records, injection_ids)
    write_dict_csv(out / "summary.csv", SUMMARY_FIELDS, summary)
    write_dict_csv(out / "ledger.csv", LEDGER_FIELDS, ledger_rows(records, float(envelope_usd), judged))
    shutil.copyfile(assignment, out / "assignment.csv")
    table = unwalled_stamp(records) + format_table(summary)  # a worker run without its sandbox is said first
    if deviations is not None:  # deviations from the freeze and re-gradings, stamped on the summary
        table = stamp(table, audit_pilot(out, records, Path(receipts_root), Path(audit_root), deviations))
    if judged is not None:
        from whitecollar.judges.agreement import JUDGES_FIELDS, agreement_rows, format_agreement

        agreement = agreement_rows(
            [(r["run_id"], r["task_id"]) for r in rows],
            judged,
            {run["run_id"]: rc for run, rc in records},
            list(judges),
            simulated=any(run.get("simulated") for run, _ in records),
        )
        write_dict_csv(out / "judges.csv", JUDGES_FIELDS, agreement)
        table += "\n\n" + format_agreement(agreement)
    write_dict_csv(out / "not_launched.csv", NOT_LAUNCHED_FIELDS, skipped)
    ending = not_launched_line(skipped, float(envelope_usd))
    if ending:
        table += "\n\n" + ending
    atomic.write_text(out / "summary.txt", table + "\n")
    return table, ending
