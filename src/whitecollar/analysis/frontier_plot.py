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
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from whitecollar.analysis.data import Pilot
from whitecollar.analysis.frontier import Frontier, aggregate
from whitecollar.analysis.plotting import arm_colour, new_figure, stamp_simulated

if TYPE_CHECKING:
    import pandas as pd


def _depth_text(fit: Frontier) -> str:
    """The half-success depth and its interval, in words a panel can carry."""

    def one(v: float) -> str:
        return "\u221e" if math.isinf(v) else f"{v:.1f}"

    point = "none (no fall)" if math.isinf(fit.d50) else one(fit.d50)
    if math.isnan(fit.d50_lo):
        return point
    return f"{point}  [{one(fit.d50_lo)}, {one(fit.d50_hi)}]"


def _point_labels(agg) -> dict[tuple[float, float], str]:
    """One label per plotted point: scenarios at the same depth and rate share a marker and a label."""
    labels: dict[tuple[float, float], list[str]] = {}
    for _, r in agg.iterrows():
        key = (float(r["depth"]), float(r["k"] / r["n"]))
        labels.setdefault(key, []).append(f"{r['task_id']} {int(r['k'])}/{int(r['n'])}")
    return {key: "\n".join(names) for key, names in labels.items()}


def _draw_fit(ax: Axes, fit: Frontier, colour: str) -> None:
    """The fitted curve, its band and the half-success depth, or the reason an arm's frontier is not identified."""
    if fit.identifiable and fit.curve.size:
        if fit.curve_lo.size:
            ax.fill_between(
                fit.grid,
                fit.curve_lo,
                fit.curve_hi,
                color=colour,
                alpha=0.18,
                linewidth=0,
                zorder=2,
                label="95% bootstrap band",
            )
        ax.plot(fit.grid, fit.curve, color=colour, linewidth=1.8, zorder=3, label="logistic fit")
        bounded = math.isfinite(fit.d50_lo) and math.isfinite(fit.d50_hi) and fit.d50_lo > 0
        if math.isfinite(fit.d50) and 0 < fit.d50 <= fit.grid.max():
            ax.plot([fit.d50], [0.5], marker="o", color=colour, markersize=5, zorder=5)
            if bounded:  # an interval open at either end would only paint the whole line
                ax.plot(
                    [fit.d50_lo, min(fit.d50_hi, fit.grid.max())],
                    [0.5, 0.5],
                    color=colour,
                    linewidth=3,
                    alpha=0.5,
                    zorder=4,
                    solid_capstyle="butt",
                )
        ax.text(0.02, 0.04, f"depth at 50%: {_depth_text(fit)}", transform=ax.transAxes, fontsize=7, color="#333333")
    else:
        ax.text(
            0.5,
            0.18,
            fit.note or "not identified",
            transform=ax.transAxes,
            ha="center",
            fontsize=7,
            color="#555555",
            wrap=True,
        )


def _label_points(ax: Axes, agg: pd.DataFrame) -> None:
    """Label each plotted point with its scenarios and k/n, moving a label to the other side when a neighbour's is there."""
    placed: list[tuple[float, float, bool]] = []
    for (depth, rate), names in sorted(_point_labels(agg).items()):
        below = rate >= 0.85  # keep labels of top points inside the panel
        if any(abs(depth - d) < 12 and abs(rate - r) < 0.08 and b == below for d, r, b in placed):
            below = not below  # a neighbour's label is on that side: use the other
        placed.append((depth, rate, below))
        ax.annotate(
            names,
            (depth, rate),
            xytext=(4, -6 if below else 5),
            textcoords="offset points",
            va="top" if below else "bottom",
            fontsize=6.5,
            color="#333333",
            zorder=7,
        )


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
        _draw_fit(ax, fit, colour)
        sizes = 18 + 14 * agg["n"].to_numpy(float)
        rates = (agg["k"] / agg["n"]).to_numpy(float)
        ax.scatter(agg["depth"], rates, s=sizes, color=colour, edgecolor="white", linewidth=0.6, zorder=6)
        _label_points(ax, agg)
        label = f"{fit.arm}" + (f": {arms[fit.arm]}" if arms and fit.arm in arms else "")
        ax.set_title(label, loc="left", fontsize=8.5)
        ax.set_ylim(-0.05, 1.08)
        ax.set_xlim(0, fit.grid.max() if fit.grid.size else 60)
    for ax in axes[len(fits) :]:
        ax.set_visible(False)
    for ax in axes[::cols]:
        ax.set_ylabel("success rate")
    for ax in axes[-cols:]:
        ax.set_xlabel("designed dependency depth")
    if pilot.simulated:
        stamp_simulated(fig, [ax for ax in axes[: len(fits)]], label=pilot.label)
    return fig
