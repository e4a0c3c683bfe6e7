"""Build the static dashboard of a pilot folder (`results/pilot/dashboard/index.html`).

The dashboard is rebuilt with the rest of the pilot's record (`whitecollar
record` calls `build_dashboard` last), from the files already written in
the folder: the experiment database, the ledger and, once the judge panel
has run, `judges.csv`. It is one HTML file and a few PNG figures, with no
script and no external resource, so it opens from a file system, an
archive or a CI artefact alike. Its content is deterministic (sorted rows,
no build time: the dates shown are the runs' own), so an unchanged pilot
rebuilds the same page.

Figures use a fixed bootstrap seed and fewer replicates than the paper:
the dashboard is for watching a pilot, and says where the paper's numbers
come from instead.
"""

from __future__ import annotations

import math
import os
import sqlite3
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
import pandas as pd

from whitecollar import atomic
from whitecollar.analysis.audit import PILOT_AUDIT, load_audit
from whitecollar.analysis.data import Pilot, load_pilot
from whitecollar.analysis.frontier import frontiers
from whitecollar.analysis.frontier_plot import frontier_figure
from whitecollar.analysis.judges import load_agreement
from whitecollar.analysis.outcomes import ALL, arm_scenario_table
from whitecollar.analysis.plotting import save
from whitecollar.analysis.premium import premium_table
from whitecollar.analysis.result_plots import premium_figure, spending_figure, success_by_arm_figure

DASHBOARD = "dashboard"
SEED = 0
REPLICATES = 500
#: the judges' agreement columns shown, when judges.csv has them (else all its columns)
JUDGE_COLUMNS = (
    "task_id",
    "judge",
    "runs",
    "judgements",
    "failed_judgements",
    "alpha_ordinal",
    "pearson_r",
    "spearman_rho",
    "mean_judge_score",
    "mean_receipt_score",
    "cost_usd",
)


def _num(v: Any, digits: int = 2) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "—"
    return f"{v:,.{digits}f}"


def _frac(k: int, n: int) -> str:
    return f"{k}/{n}" if n else "—"


def _outcome_rows(table: pd.DataFrame, arms: dict[str, str]) -> list[dict]:
    rows = []
    for _, r in table.iterrows():
        total = r["task_id"] == ALL
        rows.append(
            {
                "total": total,
                "arm": r["arm"],
                "arm_label": arms.get(r["arm"], "") if total else "",
                "task": "all scenarios" if total else r["task_id"],
                "runs": f"{r['runs']}" + (f" ({r['lab_failures']} lab)" if r["lab_failures"] else ""),
                "success": _frac(r["successes"], r["evaluated"]),
                "rate": _num(r["success_rate"]),
                "score": _num(r["mean_weighted_score"]),
                "inj": _frac(r["injection_obeyed"], r["injection_runs"]),
                "clar": _frac(r["clarification_handled"], r["clarification_runs"]),
                "cost": _num(r["mean_cost_usd"]),
                "cps": _num(r["cost_per_success_usd"]),
            }
        )
    return rows


def _worker_rows(ledger: pd.DataFrame) -> pd.DataFrame:
    """The ledger's worker runs (the envelope governs their launches; judges are spent on top)."""
    return ledger[ledger["kind"].fillna("run") == "run"] if "kind" in ledger else ledger


def _cost_rows(ledger: pd.DataFrame, envelope: float) -> list[dict]:
    rows: list[dict] = []
    if not len(ledger):
        return rows
    kinds = ledger["kind"] if "kind" in ledger else pd.Series(["run"] * len(ledger))
    ledger = ledger.assign(kind=kinds.fillna("run"))
    groups: list[tuple[str, pd.DataFrame]] = []
    runs = ledger[ledger["kind"] == "run"]
    for arm in sorted(runs["arm"].dropna().unique()):
        groups.append((f"workers, {arm}", runs[runs["arm"] == arm]))
    others = ledger[ledger["kind"] != "run"]
    for kind in sorted(others["kind"].unique()):
        of_kind = others[others["kind"] == kind]
        if "judge" in of_kind and of_kind["judge"].notna().any():
            for judge in sorted(of_kind["judge"].dropna().unique()):
                groups.append((f"{kind}, {judge}", of_kind[of_kind["judge"] == judge]))
        else:
            groups.append((str(kind), of_kind))
    groups.append(("total", ledger))
    for who, g in groups:
        known = g["cost_known"].astype(str).str.startswith("yes")
        charged = float(g["charged_usd"].sum())
        rows.append(
            {
                "who": who,
                "total": who == "total",
                "n": len(g),
                "known": int(known.sum()),
                "unknown": int((~known).sum()),
                "charged": _num(charged, 4),
                "share": f"{charged / envelope:.1%}" if envelope else "—",
            }
        )
    return rows


def _criteria(db: Path) -> tuple[dict[str, list[dict]], dict[str, list[dict]]]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        crit = con.execute(
            "SELECT run_id, criterion_id, weight, passed, detail, evidence FROM criteria ORDER BY run_id, rowid"
        ).fetchall()
        viol = con.execute(
            "SELECT run_id, violation_id, triggered, detail, evidence FROM violations ORDER BY run_id, rowid"
        ).fetchall()
    finally:
        con.close()
    criteria: dict[str, list[dict]] = {}
    for run_id, cid, weight, passed, detail, evidence in crit:
        criteria.setdefault(run_id, []).append(
            {
                "id": cid,
                "weight": _num(weight, 1),
                "passed": bool(passed),
                "detail": detail or "",
                "evidence": evidence or "",
            }
        )
    violations: dict[str, list[dict]] = {}
    for run_id, vid, triggered, detail, evidence in viol:
        violations.setdefault(run_id, []).append(
            {"id": vid, "triggered": bool(triggered), "detail": detail or "", "evidence": evidence or ""}
        )
    return criteria, violations


def _result(r: pd.Series) -> tuple[str, str]:
    if not r["evaluated"]:
        return "lab failure", "warn"
    return ("success", "ok") if r["success"] else ("failure", "no")


def _run_rows(pilot: Pilot, violations: dict[str, list[dict]]) -> list[dict]:
    rows = []
    for _, r in pilot.runs.iterrows():
        result, cls = _result(r)
        triggered = [v["id"] for v in violations.get(r["run_id"], []) if v["triggered"]]
        cost = _num(r["cost_usd"], 4) if r["cost_known"] else f"{_num(r['charged_usd'], 2)} (cap)"
        rows.append(
            {
                "run_id": r["run_id"],
                "task_id": r["task_id"],
                "arm": r["arm"],
                "repeat": int(r["repeat"]),
                "node": r["node"],
                "persona": r.get("persona") or "",
                "status": r["status"],
                "result": result,
                "result_class": cls,
                "score": _num(r["weighted_score"]),
                "violations": ", ".join(triggered) or "—",
                "clarification": str(r["abstention_outcome"] or "—").replace("_", " "),
                "cost": cost,
                "wall": _num(r["wall_s"], 1),
            }
        )
    return rows


def _receipt_rows(pilot: Pilot, criteria: dict, violations: dict) -> list[dict]:
    rows = []
    for _, r in pilot.runs.iterrows():
        result, cls = _result(r)
        crit = criteria.get(r["run_id"], [])
        rows.append(
            {
                "run_id": r["run_id"],
                "result": result,
                "result_class": cls,
                "score": _num(r["weighted_score"]),
                "failed": sum(not c["passed"] for c in crit),
                "n_criteria": len(crit),
                "evaluator_version": r.get("evaluator_version") or "—",
                "outcome": str(r["abstention_outcome"] or "no record").replace("_", " "),
                "error": r["evaluator_error"] if isinstance(r["evaluator_error"], str) else "",
                "criteria": crit,
                "violations": violations.get(r["run_id"], []),
            }
        )
    return rows


def _judges(pilot_dir: Path) -> tuple[dict | None, str]:
    agreement = load_agreement(pilot_dir)
    if not agreement.present:
        return None, f"No judge scores: {agreement.note}."
    df = agreement.table
    assert df is not None
    cols = [c for c in JUDGE_COLUMNS if c in df.columns] or [c for c in df.columns if c != "label"]
    headers = [{"text": c.replace("_", " "), "num": pd.api.types.is_numeric_dtype(df[c])} for c in cols]
    rows = [
        [_num(v, 3) if isinstance(v, float) else ("—" if v is None else str(v)) for v in rec]
        for rec in df[cols].itertuples(index=False)
    ]
    label = " SIMULATED judges." if "label" in df and (df["label"] == "SIMULATED").any() else ""
    return {"headers": headers, "rows": rows}, f"Agreement as written by the panel in judges.csv.{label}"


def _figures(
    pilot: Pilot, table: pd.DataFrame, ledger: pd.DataFrame, envelope: float, arms: dict[str, str], folder: Path
) -> list[dict]:
    folder.mkdir(parents=True, exist_ok=True)
    figs = []
    save(success_by_arm_figure(pilot, table), png=folder / "success_by_arm.png")
    figs.append(
        {
            "src": "figures/success_by_arm.png",
            "alt": "success rate by arm",
            "caption": "Success rate per arm: pooled (bars, successes/graded runs) and per scenario (dots).",
        }
    )
    workers = _worker_rows(ledger)
    workers = workers.assign(cumulative_usd=workers["charged_usd"].cumsum()) if len(workers) else workers
    save(spending_figure(workers, envelope, pilot.simulated, pilot.label), png=folder / "spending.png")
    figs.append(
        {
            "src": "figures/spending.png",
            "alt": "cumulative worker spending against the envelope",
            "caption": "Cumulative charged cost of the worker runs, in launch order, against the budget "
            "envelope (which governs worker launches).",
        }
    )
    premium = premium_table(pilot, replicates=REPLICATES, seed=SEED)
    save(premium_figure(pilot, premium), png=folder / "premium.png")
    figs.append(
        {
            "src": "figures/premium.png",
            "alt": "premium over A1",
            "caption": f"Premium over A1 with clustered 95% intervals (bootstrap: {REPLICATES} replicates, "
            f"seed {SEED}).",
        }
    )
    fits = frontiers(pilot, replicates=REPLICATES, seed=SEED)
    save(frontier_figure(pilot, fits, arms), png=folder / "frontier.png")
    figs.append(
        {
            "src": "figures/frontier.png",
            "alt": "dependency frontier",
            "caption": "Success against designed depth per arm, logistic fit with a 95% bootstrap band.",
        }
    )
    return figs


def _not_launched(pilot_dir: Path) -> list[dict[str, str]]:
    """The runs the budget envelope never launched (not_launched.csv of the record), for the banner."""
    path = pilot_dir / "not_launched.csv"
    if not path.is_file():
        return []
    import csv

    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def build_dashboard(pilot_dir: str | Path, envelope: float | None = None) -> Path:
    """Write `<pilot_dir>/dashboard/` (index.html and figures/) and return the page's path."""
    pilot_dir = Path(pilot_dir)
    pilot = load_pilot(pilot_dir)
    ledger_path = pilot_dir / "ledger.csv"
    ledger = pd.read_csv(ledger_path) if ledger_path.is_file() else pd.DataFrame()
    if envelope is None:
        envelope = (
            float(ledger["cumulative_usd"].iloc[0] + ledger["envelope_remaining_usd"].iloc[0]) if len(ledger) else 0.0
        )
    workers = _worker_rows(ledger)
    charged = float(workers["charged_usd"].sum()) if len(workers) else float(pilot.runs["charged_usd"].sum())
    arms: dict[str, str] = {}  # labels live in config.yaml, which the pilot rule does not read
    table = arm_scenario_table(pilot)
    criteria, violations = _criteria(pilot.source)
    ev = pilot.evaluated
    need = ev[ev["clarification_expected"]]
    staging = atomic.staging_dir(pilot_dir / DASHBOARD)
    os.chmod(staging, 0o755)
    try:
        figures = _figures(pilot, table, ledger, envelope, arms, staging / "figures")
        judges, judges_note = _judges(pilot_dir)
        audit = load_audit(pilot_dir / PILOT_AUDIT)  # written by the record when it knows the freeze
        finished = sorted(str(t) for t in pilot.runs["finished_at"].dropna())
        context = {
            "simulated": pilot.simulated,
            "label": pilot.label,
            "n_runs": len(pilot.runs),
            "n_tasks": len(pilot.tasks),
            "n_arms": len(pilot.arms),
            "n_evaluated": len(ev),
            "n_lab_failures": len(pilot.runs) - len(ev),
            "n_success": int(ev["success"].sum()),
            "success_rate": f"{ev['success'].mean():.0%}" if len(ev) else "—",
            "n_injection": int(ev["injection_obeyed"].sum()),
            "clar_text": _frac(int(need["justified_clarification"].sum()), len(need)),
            "charged": f"{charged:,.2f}",
            "envelope": f"{envelope:,.2f}",
            "used_frac": charged / envelope if envelope else 0.0,
            "used_pct": f"{charged / envelope:.1%}" if envelope else "—",
            "meter_pct": f"{min(100.0, 100.0 * charged / envelope):.1f}" if envelope else "0",
            "n_cost_unknown": int((~pilot.runs["cost_known"]).sum()),
            "outcomes": _outcome_rows(table, arms),
            "costs": _cost_rows(ledger, envelope),
            "has_judge_costs": "kind" in ledger and bool((ledger["kind"] != "run").any()),
            "figures": figures,
            "runs": _run_rows(pilot, violations),
            "receipts": _receipt_rows(pilot, criteria, violations),
            "judges": judges,
            "judges_note": judges_note,
            "deviations": audit["deviations"],
            "regrades": audit["regrades"],
            "first_finished": finished[0] if finished else "—",
            "last_finished": finished[-1] if finished else "—",
            "not_launched": _not_launched(pilot_dir),
        }
        env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
        template = env.from_string(
            resources.files("whitecollar.dashboard").joinpath("template.html.j2").read_text(encoding="utf-8")
        )
        atomic.write_text(staging / "index.html", template.render(**context))
        atomic.replace_dir(staging, pilot_dir / DASHBOARD)
    except BaseException:
        import shutil

        shutil.rmtree(staging, ignore_errors=True)
        raise
    return pilot_dir / DASHBOARD / "index.html"
