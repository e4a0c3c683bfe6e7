"""The frontier figure: one small panel per arm, same axes, observed rates and fitted curve.

Small multiples rather than four curves on one plot: the bootstrap bands of
a pilot are wide and would hide each other. Each panel shows the observed
success rate of every scenario at its designed depth (marker area grows
with the runs behind it, and the label says k/n), the fitted logistic curve
with its 95% cluster-bootstrap band where the frontier is identified, the
one-half line, and the half-success depth with its interval. An arm whose
frontier is not identified says why in its panel instead of drawing a line.
"""
from __future__ import annotations

import math

import numpy as np
from matplotlib.figure import Figure

from .data import Pilot
from .frontier import Frontier, aggregate
from .plotting import arm_colour, new_figure, stamp_simulated


def frontier_figure(pilot: Pilot, fits: list[Frontier], arms: dict[str, str] | None = None) -> Figure:
    n = max(len(fits), 1)
    cols = 2 if n > 1 else 1
    rows = math.ceil(n / cols)
    fig = new_figure(3.4 * cols, 2.6 * rows + 0.3)
    axes = np.atleast_1d(fig.subplots(rows, cols, sharex=True, sharey=True, squeeze=False)).ravel()
    for i, (ax, fit) in enumerate(zip(axes, fits)):
        colour = arm_colour(fit.arm, i)
        agg = aggregate(pilot, fit.arm)
        agg = agg[agg["n"] > 0]
        ax.axhline(0.5, color="#888888", linewidth=0.7, linestyle="--", zorder=1)
        if fit.identifiable and fit.curve.size:
            if fit.curve_lo is not None and np.size(fit.curve_lo):
                ax.fill_between(fit.grid, fit.curve_lo, fit.curve_hi, color=colour, alpha=0.18, linewidth=0,
                                zorder=2, label="95% bootstrap band")
            ax.plot(fit.grid, fit.curve, color=colour, linewidth=1.8, zorder=3, label="logistic fit")
            if math.isfinite(fit.d50) and 0 <= fit.d50 <= fit.grid.max():
                ax.plot([fit.d50], [0.5], marker="o", color=colour, markersize=5, zorder=5)
                lo = max(fit.d50_lo, 0.0) if math.isfinite(fit.d50_lo) else 0.0
                hi = min(fit.d50_hi, fit.grid.max()) if math.isfinite(fit.d50_hi) else fit.grid.max()
                ax.plot([lo, hi], [0.5, 0.5], color=colour, linewidth=3, alpha=0.5, zorder=4,
                        solid_capstyle="butt")
            d50 = "none" if math.isinf(fit.d50) else f"{fit.d50:.1f}"
            ax.text(0.02, 0.04, f"depth at 50%: {d50}", transform=ax.transAxes, fontsize=7, color="#333333")
        else:
            ax.text(0.5, 0.18, fit.note or "not identified", transform=ax.transAxes, ha="center", fontsize=7,
                    color="#555555", wrap=True)
        sizes = 18 + 14 * agg["n"].to_numpy(float)
        rates = (agg["k"] / agg["n"]).to_numpy(float)
        ax.scatter(agg["depth"], rates, s=sizes, color=colour, edgecolor="white", linewidth=0.6, zorder=6)
        for _, r in agg.iterrows():
            ax.annotate(f"{r['task_id']} {int(r['k'])}/{int(r['n'])}", (r["depth"], r["k"] / r["n"]),
                        xytext=(4, 5), textcoords="offset points", fontsize=6.5, color="#333333", zorder=7)
        label = f"{fit.arm}" + (f": {arms[fit.arm]}" if arms and fit.arm in arms else "")
        ax.set_title(label, loc="left", fontsize=8.5)
        ax.set_ylim(-0.05, 1.08)
        ax.set_xlim(0, fit.grid.max() if fit.grid.size else 60)
    for ax in axes[len(fits):]:
        ax.set_visible(False)
    for ax in axes[::cols]:
        ax.set_ylabel("success rate")
    for ax in axes[-cols:]:
        ax.set_xlabel("designed dependency depth")
    if pilot.simulated:
        stamp_simulated(fig, [ax for ax in axes[:len(fits)]])
    return fig
