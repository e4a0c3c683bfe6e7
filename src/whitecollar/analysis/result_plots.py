"""Result figures besides the frontier: the premium with its intervals, spending against the envelope.

The premium figure puts both clustered intervals side by side per arm (the
bootstrap percentile interval and the cluster-robust t interval), so a
reader sees at once how much the choice of interval matters with few
scenarios. The spending figure is the ledger as a line: cumulative charged
cost in launch order against the budget envelope, for the dashboard.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from whitecollar.analysis.data import Pilot
from whitecollar.analysis.plotting import arm_colour, new_figure, stamp_simulated


def _ci(lo: float, hi: float) -> str:
    return f"[{lo:+.2f}, {hi:+.2f}]" if math.isfinite(lo) and math.isfinite(hi) else "none"


def premium_figure(pilot: Pilot, premium: pd.DataFrame) -> Figure:
    """Premium per arm: point, bootstrap interval (solid), t interval (dotted), numbers on the right."""
    fig = new_figure(6.4, 1.2 + 0.6 * max(len(premium), 1))
    ax = fig.subplots()
    ax.axvline(0.0, color="#555555", linewidth=0.8)
    finite = (
        [
            abs(v)
            for v in premium[["boot_lo", "boot_hi", "lpm_lo", "lpm_hi", "premium"]].to_numpy().ravel()
            if math.isfinite(v)
        ]
        if len(premium)
        else []
    )
    span = min(max([0.25] + finite) * 1.08, 1.25)
    for i, (_, r) in enumerate(premium.iterrows()):
        colour = arm_colour(r["arm"], i)
        y = len(premium) - 1 - i
        for offset, lo, hi, style, label in (
            (0.13, r["boot_lo"], r["boot_hi"], "-", "cluster bootstrap 95%"),
            (-0.13, r["lpm_lo"], r["lpm_hi"], ":", "cluster-robust t 95%"),
        ):
            if math.isfinite(lo) and math.isfinite(hi):
                ax.plot(
                    [max(lo, -span), min(hi, span)],
                    [y + offset] * 2,
                    color=colour,
                    linewidth=2.2,
                    linestyle=style,
                    label=label if i == 0 else None,
                )
        if math.isfinite(r["premium"]):
            ax.plot([r["premium"]], [y], marker="D", color=colour, markersize=6, zorder=3)
        text = (
            f"{r['premium']:+.2f}  boot {_ci(r['boot_lo'], r['boot_hi'])}  t {_ci(r['lpm_lo'], r['lpm_hi'])}"
            if math.isfinite(r["premium"])
            else "not estimable"
        )
        if not (math.isfinite(r["boot_lo"]) or math.isfinite(r["lpm_lo"])) and math.isfinite(r["premium"]):
            text = f"{r['premium']:+.2f}  (one scenario: no clustered interval)"
        ax.annotate(text, (1.01, y), xycoords=("axes fraction", "data"), va="center", fontsize=7, annotation_clip=False)
    ax.set_yticks(range(len(premium)), list(premium["arm"][::-1]))
    ax.set_ylim(-0.7, max(len(premium), 1) - 0.3)
    ref = premium["reference"].iloc[0] if len(premium) else "A1"
    ax.set_xlabel(
        f"premium over {ref}: difference in success rate (G = "
        f"{int(premium['scenarios'].max()) if len(premium) else 0} scenarios)"
    )
    ax.set_xlim(-span, span)
    ax.grid(axis="y", visible=False)
    if ax.get_legend_handles_labels()[0]:
        fig.legend(loc="outside lower center", ncol=2, fontsize=7)
    if pilot.simulated:
        stamp_simulated(fig, label=pilot.label)
    return fig


def spending_figure(ledger: pd.DataFrame, envelope: float, simulated: bool, label: str = "SIMULATED") -> Figure:
    """Cumulative charged cost per launched run against the envelope (the ledger's own order)."""
    fig = new_figure(5.6, 2.6)
    ax = fig.subplots()
    x = np.arange(1, len(ledger) + 1)
    y = ledger["cumulative_usd"].to_numpy(float) if len(ledger) else np.zeros(0)
    ax.step(x, y, where="post", color="#0072B2", linewidth=1.8, label="charged so far")
    ax.axhline(envelope, color="#C0392B", linewidth=1.2, linestyle="--", label=f"envelope {envelope:,.2f} USD")
    ax.set_xlabel("runs in launch order")
    ax.set_ylabel("USD")
    top = max(envelope, float(y.max()) if y.size else 0.0)
    ax.set_ylim(0, top * 1.08 if top else 1.0)
    ax.set_xlim(0, max(len(ledger), 1) + 0.5)
    used = float(y[-1]) if y.size else 0.0
    ax.set_title(
        f"{used:,.2f} USD charged of {envelope:,.2f} ({used / envelope:.1%})"
        if envelope
        else f"{used:,.2f} USD charged",
        loc="left",
        fontsize=9,
    )
    ax.legend(loc="center right", fontsize=7)
    if simulated:
        stamp_simulated(fig, label=label)
    return fig


def success_by_arm_figure(pilot: Pilot, table: pd.DataFrame) -> Figure:
    """Success rate per arm and scenario as grouped dots, pooled rate as a bar (the dashboard's overview)."""
    arms = pilot.arms
    tasks = pilot.tasks
    fig = new_figure(5.6, 2.8)
    ax = fig.subplots()
    pooled = table[table["task_id"] == "ALL"].set_index("arm")
    for i, arm in enumerate(arms):
        colour = arm_colour(arm, i)
        rate = pooled.at[arm, "success_rate"] if arm in pooled.index else math.nan
        ax.bar(i, 0 if math.isnan(rate) else rate, width=0.6, color=colour, alpha=0.35)
        n = pooled.at[arm, "evaluated"] if arm in pooled.index else 0
        k = pooled.at[arm, "successes"] if arm in pooled.index else 0
        ax.text(i, (0 if math.isnan(rate) else rate) + 0.03, f"{k}/{n}", ha="center", fontsize=7)
        cells = table[(table["arm"] == arm) & (table["task_id"] != "ALL")]
        offsets = np.linspace(-0.2, 0.2, max(len(tasks), 1))
        for j, task in enumerate(tasks):
            cell = cells[cells["task_id"] == task]
            if len(cell) and not math.isnan(cell["success_rate"].iloc[0]):
                ax.plot(
                    i + offsets[j],
                    cell["success_rate"].iloc[0],
                    marker="o",
                    color=colour,
                    markersize=4,
                    markeredgecolor="white",
                    markeredgewidth=0.5,
                )
    ax.set_xticks(range(len(arms)), arms)
    ax.set_ylim(0, 1.12)
    ax.set_ylabel("success rate")
    ax.set_title("bars: pooled over scenarios (successes/runs); dots: one per scenario", loc="left", fontsize=8)
    ax.grid(axis="x", visible=False)
    if pilot.simulated:
        stamp_simulated(fig, label=pilot.label)
    return fig
