"""Shared look of the figures, the SIMULATED stamp, and deterministic saving.

One style for every figure (fonts, sizes, a colour per arm that never
changes between figures), so a reader can follow A3 from the frontier to
the dashboard. Figures built from simulated runs carry a SIMULATED stamp
across the plotting area: a caption can be cropped away, a stamp cannot.
Saved files are byte-stable: the PDF's creation date is dropped and PNGs
carry no timestamp, so a rebuild with the same data gives the same bytes
and Snakemake sees nothing new downstream.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from whitecollar import atomic  # noqa: E402

#: colour-blind-safe (Okabe-Ito), one per arm, fixed
ARM_COLOURS = {"A1": "#0072B2", "A2": "#E69F00", "A3": "#009E73", "A4": "#CC79A7"}
EXTRA_COLOURS = ("#56B4E9", "#D55E00", "#F0E442", "#000000")
CLASS_COLOURS = {"short": "#56B4E9", "standard": "#0072B2", "complex": "#E69F00", "workflow": "#D55E00"}
STAMP_COLOUR = "#C0392B"

STYLE = {
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.labelsize": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#E5E5E5",
    "grid.linewidth": 0.6,
    "legend.frameon": False,
    "legend.fontsize": 8,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "figure.dpi": 100,
    "savefig.dpi": 200,
    "pdf.fonttype": 42,
    "svg.hashsalt": "whitecollar",
}


def arm_colour(arm: str, index: int = 0) -> str:
    return ARM_COLOURS.get(arm, EXTRA_COLOURS[index % len(EXTRA_COLOURS)])


def new_figure(width: float, height: float) -> Figure:
    plt.rcParams.update(STYLE)  # type: ignore[arg-type]  # the stub takes only literal keys; STYLE's are rcParams
    return plt.figure(figsize=(width, height), layout="constrained")


def stamp_simulated(fig: Figure, axes: Iterable | None = None, label: str = "SIMULATED") -> None:
    """Write the stand-in's label (SIMULATED, SCRIPTED MODEL) across every plotting area and in the corner."""
    from whitecollar.analysis.data import STAND_IN_NOTES

    for ax in axes if axes is not None else fig.axes:
        ax.text(
            0.5,
            0.5,
            label,
            transform=ax.transAxes,
            ha="center",
            va="center",
            rotation=22,
            fontsize=26,
            fontweight="bold",
            color=STAMP_COLOUR,
            alpha=0.13,
            zorder=0,
        )
    # a suptitle, so that the constrained layout keeps a line for it above every panel title
    fig.suptitle(
        f"{label}: {STAND_IN_NOTES.get(label, 'no model')}",
        x=0.995,
        ha="right",
        fontsize=7,
        fontweight="bold",
        color=STAMP_COLOUR,
    )


def save(fig: Figure, pdf: str | Path | None = None, png: str | Path | None = None) -> None:
    """Write the figure as PDF and/or PNG, atomically and without timestamps."""
    if pdf is not None:
        buf = io.BytesIO()
        fig.savefig(
            buf,
            format="pdf",
            metadata={"CreationDate": None, "ModDate": None, "Producer": None, "Creator": "whitecollar"},
        )
        atomic.write_bytes(pdf, buf.getvalue())
    if png is not None:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", metadata={"Software": None})
        atomic.write_bytes(png, buf.getvalue())
    plt.close(fig)
