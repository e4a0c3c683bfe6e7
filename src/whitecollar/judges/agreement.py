"""How far the judges agree, with each other and with the receipt.

Reliability is Krippendorff's alpha computed from the coincidence matrix
(Krippendorff, "Computing Krippendorff's Alpha-Reliability", 2011): the
units are (run, criterion) pairs, the coders are the judges, the values
the 0..4 scores. The rubric's scale is ordinal (a 3 is better than a 2,
but not by a known amount), so the ordinal difference function is the one
reported; the other three are here because the paper's worked example
checks them all, which checks the coincidence matrix itself. A failed
judgement is a missing value, which alpha handles without dropping the
unit's other values.

Validity is the correlation, over runs, between the judges' weighted score
(rubric weights, score/4, so on the receipt's 0..1 scale) and the
receipt's weighted score, Pearson and Spearman (SciPy's). Runs whose evaluator
failed have no receipt score and are left out of the correlation only.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from scipy import stats

METRICS = ("nominal", "ordinal", "interval", "ratio")

JUDGES_FIELDS = [
    "label",
    "task_id",
    "judge",
    "runs",
    "judgements",
    "failed_judgements",
    "units",
    "alpha_ordinal",
    "pearson_r",
    "spearman_rho",
    "correlated_runs",
    "mean_judge_score",
    "mean_receipt_score",
    "cost_usd",
    "cost_unknown",
]


def coincidences(units: Iterable[Sequence[float | None]]) -> dict[tuple[float, float], float]:
    """o_ck: each ordered pair of values within a unit counts 1/(m_u - 1); units with fewer than two values drop out."""
    o: dict[tuple[float, float], float] = defaultdict(float)
    for unit in units:
        values = [v for v in unit if v is not None]
        m = len(values)
        if m < 2:
            continue
        for i, c in enumerate(values):
            for j, k in enumerate(values):
                if i != j:
                    o[(c, k)] += 1.0 / (m - 1)
    return dict(o)


def _delta2(metric: str, values: list[float], n: dict[float, float]):
    index = {v: i for i, v in enumerate(values)}

    def ordinal(c: float, k: float) -> float:
        lo, hi = sorted((index[c], index[k]))
        between = sum(n[values[g]] for g in range(lo, hi + 1))
        return (between - (n[c] + n[k]) / 2) ** 2

    return {
        "nominal": lambda c, k: 0.0 if c == k else 1.0,
        "ordinal": ordinal,
        "interval": lambda c, k: (c - k) ** 2,
        "ratio": lambda c, k: 0.0 if c == k else ((c - k) / (c + k)) ** 2,
    }[metric]


def krippendorff_alpha(units: Iterable[Sequence[float | None]], metric: str = "ordinal") -> float | None:
    """alpha = 1 - (n - 1) * sum o_ck d2_ck / sum n_c n_k d2_ck; None when undefined (no pairable
    values, or a single value used throughout, where expected disagreement is zero)."""
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; choose one of {', '.join(METRICS)}")
    o = coincidences(units)
    n_c: dict[float, float] = defaultdict(float)
    for (c, _), count in o.items():
        n_c[c] += count
    values = sorted(n_c)
    n = sum(n_c.values())
    if n <= 1 or len(values) < 2:
        return None
    d2 = _delta2(metric, values, n_c)
    observed = sum(count * d2(c, k) for (c, k), count in o.items())
    expected = sum(n_c[c] * n_c[k] * d2(c, k) for c in values for k in values)
    if expected == 0:
        return None
    return 1.0 - (n - 1) * observed / expected


def _correlatable(xs: Sequence[float], ys: Sequence[float]) -> bool:
    """Three pairs at least, and both sides vary: otherwise there is no correlation to report."""
    return len(xs) == len(ys) and len(xs) >= 3 and min(xs) != max(xs) and min(ys) != max(ys)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's r (`scipy.stats.pearsonr`); None below three pairs or when either side does not vary."""
    return float(stats.pearsonr(xs, ys).statistic) if _correlatable(xs, ys) else None


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rho, ties at their mean rank (`scipy.stats.spearmanr`); None as for `pearson`."""
    return float(stats.spearmanr(xs, ys).statistic) if _correlatable(xs, ys) else None


def _r(value: float | None, digits: int = 4) -> float | str:
    return "" if value is None else round(value, digits)


def _scope_rows(
    label: str,
    task: str,
    judges: list[str],
    runs: list[str],
    judged: dict[tuple[str, str], dict],
    receipts: dict[str, dict],
) -> list[dict[str, Any]]:
    valid = [r for r in runs if not receipts[r].get("evaluator_error")]

    def correlation(score_of) -> dict[str, Any]:
        pairs = [(score_of(r), float(receipts[r]["weighted_score"])) for r in valid]
        pairs = [(j, rc) for j, rc in pairs if j is not None]
        xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
        return {
            "pearson_r": _r(pearson(xs, ys)),
            "spearman_rho": _r(spearman(xs, ys)),
            "correlated_runs": len(pairs),
            "mean_judge_score": _r(statistics.fmean(xs) if xs else None),
            "mean_receipt_score": _r(statistics.fmean(ys) if ys else None),
        }

    def score(run: str, judge: str) -> float | None:
        rec = judged.get((run, judge))
        return None if rec is None or rec["status"] != "scored" else float(rec["weighted_score"])

    def panel_score(run: str) -> float | None:
        scores = [s for s in (score(run, j) for j in judges) if s is not None]
        return statistics.fmean(scores) if scores else None

    def costs(pairs: list[tuple[str, str]]) -> dict[str, Any]:
        recs = [judged[p] for p in pairs if p in judged]
        return {
            "judgements": len(recs),
            "failed_judgements": sum(r["status"] != "scored" for r in recs),
            "cost_usd": round(sum(r.get("cost_usd") or 0.0 for r in recs), 6),
            "cost_unknown": sum(not r.get("cost_known", False) for r in recs),
        }

    units = []
    for run in runs:
        criteria = sorted({c for j in judges for c in ((judged.get((run, j)) or {}).get("weights") or {})})
        for crit in criteria:
            units.append(
                [((judged.get((run, j)) or {}).get("criteria") or {}).get(crit, {}).get("score") for j in judges]
            )
    pairable = sum(1 for u in units if sum(v is not None for v in u) >= 2)
    rows = [
        {
            "label": label,
            "task_id": task,
            "judge": "panel",
            "runs": len(runs),
            "units": pairable,
            "alpha_ordinal": _r(krippendorff_alpha(units, "ordinal")),
            **costs([(r, j) for r in runs for j in judges]),
            **correlation(panel_score),
        }
    ]
    for judge in judges:
        rows.append(
            {
                "label": label,
                "task_id": task,
                "judge": judge,
                "runs": len(runs),
                "units": "",
                "alpha_ordinal": "",
                **costs([(r, judge) for r in runs]),
                **correlation(lambda r, j=judge: score(r, j)),
            }
        )
    return rows


def agreement_rows(
    runs: list[tuple[str, str]],
    judged: dict[tuple[str, str], dict],
    receipts: dict[str, dict],
    judges: list[str],
    *,
    simulated: bool,
) -> list[dict[str, Any]]:
    """Rows of judges.csv: per scenario and overall, the panel's agreement and each judge's validity.

    runs: (run_id, task_id); judged: (run_id, judge) -> judgement record; receipts: run_id -> receipt.
    """
    label = "SIMULATED" if simulated or any(r.get("simulated") for r in judged.values()) else "measured"
    rows: list[dict[str, Any]] = []
    for task in sorted({t for _, t in runs}):
        rows += _scope_rows(label, task, judges, sorted(r for r, t in runs if t == task), judged, receipts)
    rows += _scope_rows(label, "ALL", judges, sorted(r for r, _ in runs), judged, receipts)
    return rows


def format_agreement(rows: list[dict[str, Any]]) -> str:
    """The judges' part of summary.txt; says SIMULATED first when anything behind it is."""
    lines = []
    if rows and rows[0]["label"] == "SIMULATED":
        lines.append(
            "SIMULATED: judges and/or workers are simulated; these figures exercise the pipeline, "
            "they measure no model."
        )
    head = ["task", "judge", "runs", "failed", "alpha", "pearson", "spearman", "judge sc.", "receipt sc.", "cost $"]
    lines.append("  ".join(f"{h:>11}" for h in head))
    for r in rows:
        cells = [
            r["task_id"],
            r["judge"],
            r["runs"],
            r["failed_judgements"],
            r["alpha_ordinal"],
            r["pearson_r"],
            r["spearman_rho"],
            r["mean_judge_score"],
            r["mean_receipt_score"],
            r["cost_usd"],
        ]
        lines.append(
            "  ".join(f"{c:>11.3f}" if isinstance(c, float) else f"{c if c != '' else '-':>11}" for c in cells)
        )
    return "\n".join(lines)
