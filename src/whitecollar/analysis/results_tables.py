"""The results tables: from estimator output to `Table` objects.

Each function takes what an estimator returned and phrases it for the
paper: counts beside rates (a rate of 1.00 on two runs is not a rate of
1.00 on two hundred), intervals beside point estimates, a dash where an
estimate does not exist, and a note saying why. Tables from simulated runs
are labelled SIMULATED.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pandas as pd

from whitecollar.analysis.asking import asking_table
from whitecollar.analysis.data import Pilot
from whitecollar.analysis.frontier import COLUMNS as FRONTIER_COLUMNS
from whitecollar.analysis.frontier import Frontier
from whitecollar.analysis.judges import JudgeAgreement
from whitecollar.analysis.outcomes import ALL, arm_scenario_table
from whitecollar.analysis.paper_tables import Column, Raw, Table, fmt_interval, fmt_num


def _arm_note(arms: Mapping[str, str] | None) -> str:
    return ("Arms: " + "; ".join(f"{a}, {label}" for a, label in sorted(arms.items())) + ".") if arms else ""


def _simulated_note(pilot: Pilot) -> str:
    if pilot.label == "SCRIPTED MODEL":
        return "SCRIPTED MODEL runs (the real client driven by a scripted model acting out solver variants). "
    return "SIMULATED runs (the scenarios' own solver variants; no model was run). " if pilot.simulated else ""


def _frac(k: int, n: int) -> str:
    return f"{k}/{n}" if n else "---"


def results_table(pilot: Pilot, arms: Mapping[str, str] | None = None) -> Table:
    """Per arm and scenario: success, score, injection obedience, clarification, cost."""
    df = arm_scenario_table(pilot)
    rows: list[dict[str, Any]] = []
    breaks: set[int] = set()
    for i, r in df.iterrows():
        if r["task_id"] == ALL:
            breaks.add(len(rows))
        elif i and df.at[i - 1, "task_id"] == ALL:
            breaks.add(len(rows))
        rows.append(
            {
                "arm": r["arm"],
                "task": "all scenarios" if r["task_id"] == ALL else r["task_id"],
                "runs": f"{r['runs']}" + (f" ({r['lab_failures']} lab)" if r["lab_failures"] else ""),
                "success": f"{_frac(r['successes'], r['evaluated'])} ({fmt_num(r['success_rate'])})",
                "score": fmt_num(r["mean_weighted_score"]),
                "inj": f"{_frac(r['injection_obeyed'], r['injection_runs'])}",
                "clar": f"{_frac(r['clarification_handled'], r['clarification_runs'])}",
                "cost": fmt_num(r["mean_cost_usd"]),
                "cps": fmt_num(r["cost_per_success_usd"]),
            }
        )
    notes = (
        _simulated_note(pilot) + "Success: every required criterion passed and no critical violation (runs whose "
        "evaluator failed are excluded and counted as lab failures). Score: mean weighted score of the receipts. "
        "Inj.: runs that obeyed the injected instruction / runs on scenarios with one. Clar.: justified "
        "clarifications / runs on scenarios that need one. Cost: mean charged cost per run (USD; a run with "
        "no reported cost is charged its cap). Cost/succ.: total charged cost / successes. " + _arm_note(arms)
    )
    return Table(
        "table_results",
        "Outcomes per arm and scenario",
        "tab:results",
        [
            Column("arm", "Arm"),
            Column("task", "Scenario"),
            Column("runs", "Runs", "r"),
            Column("success", "Success", "r"),
            Column("score", "Score", "r"),
            Column("inj", "Inj.", "r"),
            Column("clar", "Clar.", "r"),
            Column("cost", "Cost", "r"),
            Column("cps", "Cost/succ.", "r"),
        ],
        rows,
        df.to_dict("records"),
        notes=notes,
        simulated=pilot.simulated,
        stand_in=pilot.label,
        breaks=breaks,
    )


def premium_results_table(pilot: Pilot, premium: pd.DataFrame, *, replicates: int, seed: int) -> Table:
    rows = []
    for _, r in premium.iterrows():
        rows.append(
            {
                "arm": r["arm"],
                "g": r["scenarios"],
                "runs": f"{r['runs_arm']}/{r['runs_reference']}",
                "rate": f"{fmt_num(r['rate_arm'])} vs {fmt_num(r['rate_reference'])}",
                "premium": fmt_num(r["premium"]),
                "boot": fmt_interval(r["boot_lo"], r["boot_hi"]),
                "se": fmt_num(r["lpm_se"], 3),
                "lpm": fmt_interval(r["lpm_lo"], r["lpm_hi"]),
                "p": fmt_num(r["lpm_p"], 3),
            }
        )
    reasons = sorted({n for n in premium["note"] if n}) if len(premium) else []
    ref = premium["reference"].iloc[0] if len(premium) else "A1"
    notes = (
        _simulated_note(pilot) + f"Premium: difference in success rate with {ref}, averaged over scenarios "
        "with equal weight. Runs: evaluated runs of the arm / of the reference. Bootstrap: 95% percentile "
        f"interval of a cluster bootstrap over scenarios ({replicates} replicates, seed {seed}). LPM: linear "
        "probability model on the two arms' runs, cluster-robust (CR1) standard error by scenario, 95% t "
        "interval and p-value on G-1 degrees of freedom (G: scenarios). With few scenarios the bootstrap "
        "interval is too narrow; the t interval is the one to read. "
        + (" ".join(r.capitalize() + "." for r in reasons) if reasons else "")
    )
    return Table(
        "table_premium",
        f"Arm premium over {ref}, with intervals clustered by scenario",
        "tab:premium",
        [
            Column("arm", "Arm"),
            Column("g", "G", "r"),
            Column("runs", "Runs", "r"),
            Column("rate", "Success", "r"),
            Column("premium", "Premium", "r"),
            Column("boot", "Bootstrap 95%", "r"),
            Column("se", "SE (CR1)", "r"),
            Column("lpm", "t 95%", "r"),
            Column("p", "p", "r"),
        ],
        rows,
        premium.to_dict("records"),
        notes=notes,
        simulated=pilot.simulated,
        stand_in=pilot.label,
    )


def _d50_text(f: Frontier) -> Raw:
    """The half-success depth as LaTeX: a number (dagger when extrapolated), "none", or a dash."""
    if not f.identifiable:
        return Raw("---")
    if math.isinf(f.d50):
        return Raw(r"none ($b \geq 0$)")
    return Raw(fmt_num(f.d50, 1) + (r"$^{\dagger}$" if f.d50_extrapolated else ""))


def frontier_results_table(pilot: Pilot, fits: list[Frontier], *, replicates: int, seed: int) -> Table:
    rows, records = [], []
    for f in fits:
        d50 = _d50_text(f)
        rows.append(
            {
                "arm": f.arm,
                "g": f.scenarios,
                "runs": f.runs,
                "depths": f.distinct_depths,
                "slope": fmt_num(f.slope, 3),
                "slope_ci": fmt_interval(f.slope_lo, f.slope_hi, 3),
                "d50": d50,
                "d50_ci": fmt_interval(f.d50_lo, f.d50_hi, 1),
                "dec": fmt_num(f.share_decreasing),
                "reps": f"{f.replicates_used}" if f.identifiable else "---",
            }
        )
        records.append({k: getattr(f, k) for k in FRONTIER_COLUMNS} | {"d50_extrapolated": f.d50_extrapolated})
    reasons = sorted({f.note for f in fits if f.note})
    method = fits[0].method if fits else "firth"
    notes = (
        _simulated_note(pilot)
        + "Logistic regression of success on designed depth per arm ("
        + ("Firth-penalised" if method == "firth" else "maximum-likelihood")
        + " IRLS, runs aggregated per "
        "scenario). Slope: change in log-odds of success per dependent operation. Depth 50%: depth at which "
        "fitted success falls to one half (none if success does not fall with depth; \u2020: outside the "
        "observed depths). Intervals: 95% percentile, cluster bootstrap over scenarios "
        f"({replicates} replicates, seed {seed}; Reps: replicates that identified a slope). P(b<0): share of "
        "replicates with a falling curve. "
        + (" ".join(r[0].upper() + r[1:] + "." for r in reasons) + " " if reasons else "")
    )
    return Table(
        "table_frontier",
        "Dependency frontier: the depth at which success falls to one half",
        "tab:frontier",
        [
            Column("arm", "Arm"),
            Column("g", "G", "r"),
            Column("runs", "Runs", "r"),
            Column("depths", "Depths", "r"),
            Column("slope", "Slope", "r"),
            Column("slope_ci", "95%", "r"),
            Column("d50", "Depth 50%", "r"),
            Column("d50_ci", "95%", "r"),
            Column("dec", "P(b<0)", "r"),
            Column("reps", "Reps", "r"),
        ],
        rows,
        records,
        notes=notes,
        simulated=pilot.simulated,
        stand_in=pilot.label,
    )


def sensitivity_table(pilot: Pilot, sens: pd.DataFrame, *, replicates: int, seed: int) -> Table:
    rows = []
    for _, r in sens.iterrows():
        rows.append(
            {
                "arm": r["arm"],
                "g": r["scenarios"],
                "se": fmt_num(r["success_equal"]),
                "se_ci": fmt_interval(r["success_equal_lo"], r["success_equal_hi"]),
                "sm": fmt_num(r["success_minutes"]),
                "sm_ci": fmt_interval(r["success_minutes_lo"], r["success_minutes_hi"]),
                "pe": fmt_num(r["premium_equal"]),
                "pe_ci": fmt_interval(r["premium_equal_lo"], r["premium_equal_hi"]),
                "pm": fmt_num(r["premium_minutes"]),
                "pm_ci": fmt_interval(r["premium_minutes_lo"], r["premium_minutes_hi"]),
            }
        )
    notes = (
        _simulated_note(pilot) + "Success rates and premiums (over A1) averaged over scenarios, with equal "
        "weights and with weights proportional to the professional-minutes estimate of each scenario. "
        f"Intervals: 95% percentile, cluster bootstrap over scenarios ({replicates} replicates, seed {seed}; "
        "a dash when fewer than two scenarios)."
    )
    return Table(
        "table_minutes_sensitivity",
        "Sensitivity: scenarios weighted by professional minutes",
        "tab:minutes",
        [
            Column("arm", "Arm"),
            Column("g", "G", "r"),
            Column("se", "Success", "r"),
            Column("se_ci", "95%", "r"),
            Column("sm", "Success (min.)", "r"),
            Column("sm_ci", "95%", "r"),
            Column("pe", "Premium", "r"),
            Column("pe_ci", "95%", "r"),
            Column("pm", "Premium (min.)", "r"),
            Column("pm_ci", "95%", "r"),
        ],
        rows,
        sens.to_dict("records"),
        notes=notes,
        simulated=pilot.simulated,
        stand_in=pilot.label,
        wide=True,
    )


def asking_results_table(pilot: Pilot) -> Table:
    df = asking_table(pilot)
    rows: list[dict[str, Any]] = []
    breaks: set[int] = set()
    for _i, r in df.iterrows():
        if str(r["arm"]).startswith("(") and not breaks:
            breaks.add(len(rows))
        rows.append(
            {
                "arm": r["arm"],
                "need": f"{r['justified']}/{r['clarification_runs']}",
                "recall": fmt_num(r["recall"]),
                "twins": f"{r['raised_on_twins']}/{r['twin_runs']}",
                "spec": fmt_num(r["specificity"]),
                "prec": f"{fmt_num(r['precision'])}",
                "ba": fmt_num(r["balanced_accuracy"]),
            }
        )
    twins = int(df["twin_runs"].iloc[0]) if len(df) else 0
    need = int(df["clarification_runs"].iloc[0]) if len(df) else 0
    caveat = ""
    if not twins:
        caveat = (
            "This build has no twin scenario (every frozen scenario needs a clarification), so specificity "
            "and balanced accuracy do not exist and precision cannot penalise asking everywhere. "
        )
    elif not need:
        caveat = "No frozen scenario needs a clarification, so recall and balanced accuracy do not exist. "
    notes = (
        _simulated_note(pilot) + "Asking scored across scenarios. Needed: justified clarifications / runs on "
        "scenarios that need one (recall). Twins: runs that raised a question or abstained / runs on scenarios "
        "that need none (specificity is the complement). Precision: justified clarifications / runs that "
        "raised a question. Bal. acc.: mean of recall and specificity; one half is chance. The last two rows "
        "apply a worker that always asks (the right question) and one that never asks to the same runs. " + caveat
    )
    return Table(
        "table_asking",
        "Asking for clarification: precision and recall across scenarios",
        "tab:asking",
        [
            Column("arm", "Worker"),
            Column("need", "Needed", "r"),
            Column("recall", "Recall", "r"),
            Column("twins", "Twins", "r"),
            Column("spec", "Specificity", "r"),
            Column("prec", "Precision", "r"),
            Column("ba", "Bal. acc.", "r"),
        ],
        rows,
        df.to_dict("records"),
        notes=notes,
        simulated=pilot.simulated,
        stand_in=pilot.label,
        breaks=breaks,
    )


#: judges.csv columns the paper shows (the CSV keeps them all), with their headers
JUDGE_COLUMNS = {
    "task_id": ("Scenario", "l"),
    "judge": ("Judge", "l"),
    "runs": ("Runs", "r"),
    "judgements": ("Scores", "r"),
    "failed_judgements": ("Failed", "r"),
    "alpha_ordinal": (Raw(r"$\alpha$ (ordinal)"), "r"),
    "pearson_r": (Raw(r"$r$ with receipt"), "r"),
    "spearman_rho": (Raw(r"$\rho$ with receipt"), "r"),
    "mean_judge_score": ("Judge score", "r"),
    "mean_receipt_score": ("Receipt score", "r"),
}


def judges_table(agreement: JudgeAgreement, simulated: bool) -> Table:
    """The judge panel's agreement as the panel wrote it, or one row saying it is absent."""
    if not agreement.present:
        return Table(
            "table_judges",
            "Agreement of the blind judge panel",
            "tab:judges",
            [Column("status", "Status")],
            [{"status": agreement.note}],
            [{"status": agreement.note}],
            notes="The table is rebuilt when the panel's outputs exist.",
            simulated=simulated,
        )
    df = agreement.table
    assert df is not None
    known = [c for c in JUDGE_COLUMNS if c in df.columns]
    keys = known or [c for c in df.columns if c != "label"]
    columns = [
        Column(c, *JUDGE_COLUMNS[c])
        if c in JUDGE_COLUMNS
        else Column(c, c.replace("_", " "), "r" if pd.api.types.is_numeric_dtype(df[c]) else "l")
        for c in keys
    ]
    rows: list[dict[str, Any]] = []
    breaks: set[int] = set()
    for i, rec in enumerate(df.to_dict("records")):
        if i and "task_id" in rec and rec["task_id"] != df["task_id"].iloc[i - 1]:
            breaks.add(i)
        rows.append(
            {c.key: fmt_num(rec[c.key], 3) if isinstance(rec[c.key], float) else str(rec[c.key]) for c in columns}
        )
    records = [{k: v for k, v in rec.items() if k != "label"} for rec in df.to_dict("records")]
    if agreement.arms is not None and "task_id" in keys:  # the panel's scores by arm, below a rule
        breaks.add(len(rows))
        for rec in agreement.arms.to_dict("records"):
            row = {c.key: "---" for c in columns}
            row.update(task_id=f"arm {rec['arm']}", judge="panel")
            row.update(
                {
                    k: fmt_num(rec[k], 3) if isinstance(rec[k], float) else str(rec[k])
                    for k in ("runs", "judgements", "failed_judgements", "mean_judge_score", "mean_receipt_score")
                    if k in row
                }
            )
            rows.append(row)
            records.append({"task_id": f"arm {rec['arm']}", "judge": "panel", **rec})
    notes = (
        ("SIMULATED judges and workers. " if simulated else "") + agreement.note.capitalize() + ". "
        "Alpha: Krippendorff's ordinal alpha between judges; r and rho: Pearson and Spearman correlation of "
        "the judges' weighted score with the receipt's; a dash where a statistic is undefined (too few units "
        "or no variation). The rows by arm (from the database's judgements; the judges never saw the arm) "
        "set the mean judge score of the scored judgements beside the mean receipt score of the same runs. "
        "The CSV holds every column of judges.csv."
    )
    return Table(
        "table_judges",
        "Agreement of the blind judge panel",
        "tab:judges",
        columns,
        rows,
        records,
        notes=notes,
        simulated=simulated,
        breaks=breaks,
    )


def power_table(grid: pd.DataFrame) -> Table:
    """Power by scenarios and premium (rows) and heterogeneity (columns)."""
    hets = sorted(grid["heterogeneity"].unique())
    rows, records, breaks = [], [], set()
    previous = None
    for (n, configured, premium), cell in grid.groupby(["scenarios", "configured", "premium"], sort=False):
        if previous is not None and n != previous:
            breaks.add(len(rows))
        previous = n
        row = {
            "g": f"{n}" + (" (this design)" if configured else ""),
            "r": int(cell["repeats"].iloc[0]),
            "premium": f"{premium:.2f}",
        }
        for h in hets:
            value = cell.loc[cell["heterogeneity"] == h, "power"]
            row[f"h{h}"] = fmt_num(float(value.iloc[0])) if len(value) else "---"
        rows.append(row)
    records = grid.to_dict("records")
    first = grid.iloc[0] if len(grid) else None
    notes = (
        "Monte Carlo probability that a two-sided clustered test at the 5% level detects a positive premium "
        "of an arm over A1 (difference in success rate, CR1 by scenario, t on G-1 df). Scenario difficulty "
        "varies on the logit scale with the heterogeneity shown (SD), the premium itself with half that SD; "
        + (
            f"reference success {first['baseline']:.2f} at the median scenario; {int(first['sims'])} simulated "
            f"studies per cell (seed {int(first['seed'])}; Monte Carlo SE at most "
            f"{0.5 / math.sqrt(first['sims']):.3f}). "
            if first is not None
            else ""
        )
        + "A dash: fewer than two scenarios admit no clustered test."
    )
    columns = [Column("g", "Scenarios"), Column("r", "Repeats", "r"), Column("premium", "Premium", "r")]
    columns += [Column(f"h{h}", f"SD {h:g}", "r") for h in hets]
    return Table(
        "table_power",
        "Power to detect an arm premium, by design and heterogeneity",
        "tab:power",
        columns,
        rows,
        records,
        notes=notes,
        breaks=breaks,
    )
